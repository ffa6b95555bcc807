//! A reader that leaves early (`tgn check archive | head -1`) never changes the exit
//! status: tgn stops writing, goes on checking to the last game, and exits with the
//! status of every game, so `set -o pipefail` never passes a bad archive whose bad
//! game comes after the pipe closed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// Many valid games, then one invalid game at the very end: enough output before it
/// that any pipe buffer is full long before the bad game is reached.
fn valid_archive_ending_in_a_bad_game(dir: &Path) -> std::path::PathBuf {
    let good = "[Game \"toguz-kumalak\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. 43(10) 11(10) *\n\n";
    let mut text = good.repeat(6_000);
    text.push_str("[Event \"bad\"]\n[Game \"toguz-kumalak\"]\n\n1. 97 *\n");
    let path = dir.join("archive-with-a-bad-end.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs tgn with `args`, reads one line of its output and closes the pipe, as
/// `| head -1` does; gives the exit status.
fn status_after_reading_one_line(args: &[&str], path: &Path) -> Option<i32> {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("tgn"))
        .args(args)
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} wrote nothing");
    child.wait().unwrap().code()
}

#[test]
fn a_bad_game_after_the_pipe_closed_still_makes_the_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = valid_archive_ending_in_a_bad_game(dir.path());
    for args in [
        &["check", "-v"][..],
        &["check", "--format", "json"],
        &["check", "--format", "github", "--strict"],
        &["convert", "--to", "pgn"],
        &["convert", "--to", "jsonl"],
        &["annotate"],
        &["filter"],
        &["filter", "--format", "jsonl"],
        &["duplicates", "--drop"],
    ] {
        assert_eq!(
            status_after_reading_one_line(args, &path),
            Some(1),
            "tgn {args:?} | head -1"
        );
    }
}

#[test]
fn a_valid_archive_read_in_part_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let good = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n\n".repeat(6_000);
    let path = dir.path().join("good.pgn");
    std::fs::write(&path, good).unwrap();
    assert_eq!(
        status_after_reading_one_line(&["check", "-v"], &path),
        Some(0)
    );
    assert_eq!(
        status_after_reading_one_line(&["convert", "--to", "pgn"], &path),
        Some(0)
    );
}

#[test]
fn invalid_games_seen_before_the_pipe_closed_make_the_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.pgn");
    std::fs::write(
        &path,
        "[Game \"toguz-kumalak\"]\n\n1. 97 *\n\n".repeat(5_000),
    )
    .unwrap();
    assert_eq!(status_after_reading_one_line(&["check"], &path), Some(1));
}
