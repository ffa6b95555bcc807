//! Throughput of `tgn check`, against `grep -c -F` on the same file in the same run:
//! `cargo bench --bench throughput`.
//!
//! For every game tgn knows (or those named in `TGN_BENCH_GAME`, comma-separated), it
//! writes an archive of seeded random games (so every run reads the same archives) to
//! a temporary file, then times the whole check pipeline on it — read, parse and
//! replay on all cores, errors only, as `tgn check -q` — and `grep -c -F zero` on the
//! same file, its output to a pipe (GNU grep stops at the first match when it writes
//! to /dev/null). Each is the best of `TGN_BENCH_RUNS` runs (default 3). It prints
//! MB/s, games/s and plies/s of the check and how many times grep's time it takes,
//! then the process's peak memory.
//!
//! `TGN_BENCH_GAMES` sets the number of games per archive (default 20000; random
//! games run to at most 400 plies). `TGN_BENCH_FILE=path` times an existing archive
//! instead, read as the game `TGN_BENCH_GAME` (default toguz-kumalak), e.g. the
//! docs/performance.md's 40x copy of PlayOK's export; a compressed one (`.gz`, `.zst`) is timed as
//! `tgn check` reads it, decompressing as it goes, its MB/s counted in text and grep
//! reading it through `gzip -dc` or `zstd -dc`. `TGN_BENCH_KEEP=dir` writes the
//! generated archives there and keeps them (to time another build of tgn on the same
//! files).

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tgn::commands::compressed::{self, Compression};
use tgn::commands::{Input, Pipeline, Reading};
use tgn::internals::random_record;
use tgn::registry::{self, Found};
use tgn::replay::Detail;

/// The allocator the `tgn` binary uses (see `src/main.rs`), so that the pipeline
/// is timed as `tgn check` runs it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let games: u64 = env("TGN_BENCH_GAMES").unwrap_or(20_000);
    let runs: u32 = env("TGN_BENCH_RUNS").unwrap_or(3).max(1);
    let wanted = std::env::var("TGN_BENCH_GAME").ok();
    println!(
        "{:<20} {:>7} {:>7} {:>10} {:>8} {:>9} {:>11} {:>8} {:>7}",
        "game", "games", "MB", "check s", "MB/s", "games/s", "plies/s", "grep s", "x grep"
    );
    if let Ok(file) = std::env::var("TGN_BENCH_FILE") {
        let name = wanted.as_deref().unwrap_or("toguz-kumalak");
        let game = registry::find(name).expect("TGN_BENCH_GAME names a game tgn knows");
        measure(game.info.id, Path::new(&file), game, runs);
    } else {
        let temporary = tempfile::tempdir().expect("temporary directory");
        let keep = std::env::var_os("TGN_BENCH_KEEP").map(std::path::PathBuf::from);
        let dir = keep.as_deref().unwrap_or(temporary.path());
        for game in registry::all_games() {
            let id = game.info.id;
            if wanted
                .as_deref()
                .is_some_and(|w| !w.split(',').any(|w| w == id))
            {
                continue;
            }
            let path = dir.join(format!("{id}.pgn"));
            generate(game, games, &path);
            measure(id, &path, game, runs);
            if keep.is_none() {
                std::fs::remove_file(&path).expect("remove archive");
            }
        }
    }
    if let Some(peak) = peak_memory() {
        println!("peak memory (VmHWM): {peak}");
    }
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Writes `games` seeded random games of `game` to `path`.
fn generate(game: Found, games: u64, path: &Path) {
    let mut out = BufWriter::new(File::create(path).expect("create archive"));
    for seed in 0..games {
        let record = random_record(game, seed, 400).expect("random game");
        out.write_all(record.as_bytes()).expect("write archive");
    }
    out.flush().expect("write archive");
}

/// Times `tgn check` (in process, as `check -q` runs it) and grep on `path`; prints
/// one line.
fn measure(id: &str, path: &Path, game: Found, runs: u32) {
    let compression = compressed::of_file(path).expect("archive");
    // MB of text: a compressed archive's once decompressed (its own size said below).
    let mb = match compression {
        None => std::fs::metadata(path).expect("archive").len(),
        Some(_) => {
            let file = std::io::BufReader::new(File::open(path).expect("archive"));
            let mut text = compressed::decompressed(Box::new(file), "archive").expect("archive");
            std::io::copy(&mut text, &mut std::io::sink()).expect("decompress archive")
        }
    } as f64
        / 1e6;
    let mut read = Reading::default();
    read.replay.game = Some(game.info.id.to_string());
    let pipeline = Pipeline {
        read: &read,
        detail: Detail::COUNTS,
        json: Some(false),
        progress: false,
    };
    let mut best = Duration::MAX;
    let (mut checked, mut plies, mut invalid) = (0u64, 0u64, 0u64);
    for _ in 0..runs {
        (checked, plies, invalid) = (0, 0, 0);
        let started = Instant::now();
        pipeline
            .run(&[Input::File(path.to_path_buf())], |item| {
                checked += 1;
                plies += u64::from(item.replay.plies);
                invalid += u64::from(!item.replay.is_valid());
                Ok(())
            })
            .expect("check archive");
        best = best.min(started.elapsed());
    }
    let grep = (0..runs)
        .map(|_| grep(path, compression))
        .min()
        .unwrap_or(Duration::MAX);
    let seconds = best.as_secs_f64();
    println!(
        "{id:<20} {checked:>7} {mb:>7.1} {seconds:>10.3} {:>8.1} {:>9.0} {:>11.0} {:>8.4} {:>7.1}",
        mb / seconds,
        checked as f64 / seconds,
        plies as f64 / seconds,
        grep.as_secs_f64(),
        seconds / grep.as_secs_f64(),
    );
    if let Some(compression) = compression {
        let size = std::fs::metadata(path).expect("archive").len() as f64 / 1e6;
        println!(
            "  ({} archive of {size:.1} MB: MB and MB/s are of the text inside; grep \
             reads it through `{} -dc`)",
            compression.name(),
            compression.name()
        );
    }
    if invalid > 0 {
        println!("  ({invalid} games invalid: the figures are not those of valid games)");
    }
}

/// The wall time of `grep -c -F zero path`, its output read from a pipe (of a
/// compressed archive, `gzip -dc path | grep …` or `zstd -dc path | grep …`).
fn grep(path: &Path, compression: Option<Compression>) -> Duration {
    let started = Instant::now();
    let mut command = match compression {
        None => {
            let mut grep = Command::new("grep");
            grep.args(["-c", "-F", "zero"]).arg(path);
            grep
        }
        Some(compression) => {
            let mut shell = Command::new("sh");
            shell
                .arg("-c")
                .arg(format!(
                    "{} -dc \"$0\" | grep -c -F zero",
                    compression.name()
                ))
                .arg(path);
            shell
        }
    };
    let mut child = command.stdout(Stdio::piped()).spawn().expect("run grep");
    let mut count = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut count).expect("read grep's output");
    }
    child.wait().expect("grep");
    started.elapsed()
}

/// The process's peak resident memory, from /proc (Linux only).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
}
