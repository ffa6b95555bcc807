//! Peak memory on inputs that once made it grow with the input (issue 57 items 3–6):
//! each command is run on a generated input of tens of megabytes, and its peak
//! resident memory, as the kernel counts it for that process, must stay
//! under [`LIMIT_MB`] — or the command must stop with a clear error and exit 2.
//! Ignored: the inputs take seconds to make and to read with the test build;
//! `scripts/test` runs them with `--include-ignored`.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// What every command must stay under (issue 57).
const LIMIT_MB: u64 = 300;

/// A run: its exit status, its standard error, and its peak memory in MB. Standard
/// output goes to `dir/out`.
struct Measured {
    code: i32,
    stderr: String,
    peak_mb: u64,
}

/// Runs tgn with `args` in `dir` and watches its peak resident memory (`VmHWM` in
/// `/proc/PID/status`, read every 2 ms until it ends: the high-water mark only grows,
/// so what the last reading misses is the last 2 ms). Not `wait4`'s `ru_maxrss`: on
/// Linux that keeps, across `exec`, the size of the test process the child was forked
/// from.
fn measure(dir: &Path, args: &[&str]) -> Measured {
    let err = dir.join("err");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("tgn"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(File::create(dir.join("out")).unwrap())
        .stderr(File::create(&err).unwrap())
        .spawn()
        .expect("tgn runs");
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0;
    let exit = loop {
        if let Some(kb) = std::fs::read_to_string(&status)
            .ok()
            .and_then(|text| high_water_kb(&text))
        {
            peak_kb = peak_kb.max(kb);
        }
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    Measured {
        code: exit.code().unwrap_or(-1),
        stderr: std::fs::read_to_string(err).unwrap(),
        peak_mb: peak_kb / 1024,
    }
}

/// The `VmHWM:   1234 kB` line's number.
fn high_water_kb(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `run` stayed under the limit.
fn within_limit(run: &Measured, what: &str) {
    assert!(
        run.peak_mb <= LIMIT_MB,
        "{what}: {} MB peak, more than {LIMIT_MB} MB\n{}",
        run.peak_mb,
        run.stderr
    );
}

/// Issue 57 item 4: 300,000 games between 600,000 players, every name once.
#[test]
#[ignore = "makes 47 MB of records and reads them with the test build: scripts/test runs it"]
fn summarize_by_player_and_event_stays_flat_on_600k_players() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mut file = std::io::BufWriter::new(File::create(dir.path().join("players.pgn")).unwrap());
    for i in 0..300_000 {
        write!(
            file,
            "[Game \"toguz-kumalak\"]\n[Event \"Open {}\"]\n[White \"Player {i} a\"]\n\
             [Black \"Player {i} b\"]\n[Result \"1-0\"]\n\n1. 43(10) 11(10) 1-0\n\n",
            i % 3
        )
        .unwrap();
    }
    file.flush().unwrap();
    drop(file);
    for args in [
        &["summarize", "--by", "player", "players.pgn"][..],
        &[
            "summarize",
            "--by",
            "player",
            "--format",
            "json",
            "players.pgn",
        ],
        &["summarize", "--by", "event", "players.pgn"],
    ] {
        let run = measure(dir.path(), args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        within_limit(&run, &args.join(" "));
        let out = std::fs::read_to_string(dir.path().join("out")).unwrap();
        if args.contains(&"json") {
            let lines: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(lines.as_array().unwrap().len(), 600_000);
        } else if args.contains(&"player") {
            assert!(
                out.contains("… and 590000 more players: the table lists the 10000 with"),
                "{}",
                &out[out.len().saturating_sub(300)..]
            );
        } else {
            assert!(out.contains("200000"), "{out}");
        }
    }
}
