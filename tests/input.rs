//! Issue 23: what tgn is given to read — devices, FIFOs, symbolic links in directories —
//! is read once, to an end, and never silently passed over. A run that would once hang
//! carries a generous timeout, so that it fails instead of waiting for ever; no test
//! asserts how long anything takes.

#![cfg(unix)]

use std::path::Path;
use std::process::Command as Process;
use std::time::Duration;

use assert_cmd::Command;
use predicates::str::contains;

const GAME: &str = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n";

/// The binary, stopped if it hangs.
fn tgn() -> Command {
    let mut command = Command::cargo_bin("tgn").unwrap();
    command.timeout(Duration::from_secs(120));
    command
}

fn mkfifo(path: &Path) {
    let made = Process::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// Writes `text` into the FIFO from another thread (opening it waits for a reader).
fn feed(fifo: &Path, text: &'static str) -> std::thread::JoinHandle<()> {
    let fifo = fifo.to_path_buf();
    std::thread::spawn(move || std::fs::write(fifo, text).unwrap())
}

#[test]
fn issue_23_a_device_of_endless_zeros_is_not_text_at_once() {
    tgn()
        .args(["check", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(contains(
            "/dev/zero: not a text record (a NUL byte at byte offset 0)",
        ));
}

#[test]
fn issue_23_fix_refuses_what_is_not_a_regular_file_before_opening_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("games.pgn");
    mkfifo(&fifo);
    // No writer ever opens the FIFO: opening it to read would wait for one.
    tgn()
        .arg("fix")
        .arg(&fifo)
        .assert()
        .code(2)
        .stderr(contains(format!("{}: not a regular file", fifo.display())));
    tgn()
        .args(["fix", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(contains("/dev/zero: not a regular file"));
}

#[test]
fn issue_23_check_and_convert_read_a_fifo_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("games.pgn");
    mkfifo(&fifo);
    let writer = feed(&fifo, GAME);
    tgn()
        .arg("check")
        .arg(&fifo)
        .assert()
        .code(0)
        .stdout(contains("checked 1 game in 1 file: 1 valid"));
    writer.join().unwrap();
    let writer = feed(&fifo, GAME);
    tgn()
        .args(["convert", "--to", "pgn"])
        .arg(&fifo)
        .assert()
        .code(0)
        .stdout(contains("1. 43(10) 11(10) *"));
    writer.join().unwrap();
}
