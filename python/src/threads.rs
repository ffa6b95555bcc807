//! The threads that replay games, one pool per process.
//!
//! The library replays in parallel on rayon. Its global pool is made once, in the
//! process that first reads: a child made by `fork` (multiprocessing's default on
//! Linux before Python 3.14) inherits the pool's bookkeeping but none of its threads,
//! so the first parallel reading in the child would wait for ever on workers that do
//! not exist. Every parallel call of this package therefore runs in a pool of its own,
//! made again when the process id has changed.

use std::sync::{Arc, Mutex};

use rayon::{ThreadPool, ThreadPoolBuilder};

/// The pool of the process that made it.
struct Owned {
    pid: u32,
    pool: Arc<ThreadPool>,
}

static POOL: Mutex<Option<Owned>> = Mutex::new(None);

/// Runs `work` on this process's pool, made (again, after a fork) when needed.
pub fn in_pool<T: Send>(work: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    Ok(pool()?.install(work))
}

fn pool() -> std::io::Result<Arc<ThreadPool>> {
    let pid = std::process::id();
    // A lock poisoned by a panic elsewhere still guards a usable pool.
    let mut held = POOL.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(owned) = held.as_ref().filter(|o| o.pid == pid) {
        return Ok(owned.pool.clone());
    }
    if let Some(inherited) = held.take() {
        // The parent's pool: its threads are not in this process, so dropping it
        // would signal threads that are not there. It is left as it is.
        std::mem::forget(inherited);
    }
    // One thread more than the machine has cores, as the CLI has: the thread that
    // hands the games over in order runs on the pool too, and mostly waits.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) + 1;
    let pool = Arc::new(
        ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("tgn-replay-{i}"))
            .build()
            .map_err(std::io::Error::other)?,
    );
    *held = Some(Owned {
        pid,
        pool: pool.clone(),
    });
    Ok(pool)
}
