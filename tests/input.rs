//! Issue 23: what tgn is given to read — devices, FIFOs, symbolic links in directories —
//! is read once, to an end, and never silently passed over. A run that would once hang
//! carries a generous timeout, so that it fails instead of waiting for ever; no test
//! asserts how long anything takes.

#![cfg(unix)]

use std::path::Path;

use crate::common::{mkfifo, tgn_bounded as tgn};
use predicates::str::contains;

const GAME: &str = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n";

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

const INVALID: &str = "[Game \"toguz-kumalak\"]\n\n1. 99 *\n";

/// A directory `records` holding a valid game, beside a directory `elsewhere` holding
/// an invalid one.
fn records() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("records/sub")).unwrap();
    std::fs::create_dir(dir.path().join("elsewhere")).unwrap();
    std::fs::write(dir.path().join("records/good.pgn"), GAME).unwrap();
    std::fs::write(dir.path().join("elsewhere/bad.pgn"), INVALID).unwrap();
    dir
}

/// `tgn check ARGS… records`.
fn check_records(dir: &tempfile::TempDir, args: &[&str]) -> assert_cmd::assert::Assert {
    let records = dir.path().join("records");
    tgn().arg("check").args(args).arg(records).assert()
}

fn link(target: &str, link: &Path) {
    std::os::unix::fs::symlink(target, link).unwrap();
}

#[test]
fn issue_23_a_symbolic_link_in_a_directory_is_followed() {
    let dir = records();
    link("../elsewhere/bad.pgn", &dir.path().join("records/bad.pgn"));
    link("../elsewhere", &dir.path().join("records/more"));
    check_records(&dir, &[])
        .code(1)
        .stdout(contains("checked 3 games in 3 files: 1 valid, 2 invalid"));
}

#[test]
fn issue_23_a_loop_of_links_is_an_error_naming_it_and_the_rest_is_read() {
    let dir = records();
    let up = dir.path().join("records/sub/up");
    link("../../records", &up);
    check_records(&dir, &["-q"])
        .code(2)
        .stdout(contains("checked 1 game in 1 file: 1 valid"))
        .stderr(contains(format!("loop found: {}", up.display())));
}

#[test]
fn issue_23_a_records_link_to_nothing_is_an_error_naming_it() {
    let dir = records();
    let notes = dir.path().join("records/notes.txt");
    link("../nowhere.txt", &notes);
    // Beside the records, where no record would be read: no business of tgn's.
    check_records(&dir, &["-q"]).code(0);
    let dangling = dir.path().join("records/lost.pgn");
    link("../nowhere.pgn", &dangling);
    check_records(&dir, &["-q"])
        .code(2)
        .stdout(contains("checked 1 game in 1 file: 1 valid"))
        .stderr(contains(format!(
            "{}: a symbolic link to ../nowhere.pgn, which does not exist",
            dangling.display()
        )));
}

#[test]
fn issue_23_no_follow_skips_links_in_directories_and_says_how_many() {
    let dir = records();
    link("../elsewhere/bad.pgn", &dir.path().join("records/bad.pgn"));
    link("../elsewhere", &dir.path().join("records/more"));
    link("../nowhere.pgn", &dir.path().join("records/lost.pgn"));
    check_records(&dir, &["--no-follow"])
        .code(0)
        .stdout(contains("checked 1 game in 1 file: 1 valid"))
        .stderr(contains(
            "tgn: 3 symbolic links in directories not followed (--no-follow)",
        ));
    // A link named on the command line is read: it was asked for.
    tgn()
        .args(["check", "-q", "--no-follow"])
        .arg(dir.path().join("records/bad.pgn"))
        .assert()
        .code(1);
}

/// Now that fix follows the links in a directory, it must rewrite the record a link
/// leads to: renaming the fixed file over the link would leave the record unfixed and
/// the link a copy.
#[test]
fn issue_23_fix_through_a_link_rewrites_the_record_and_keeps_the_link() {
    let dir = records();
    let record = dir.path().join("elsewhere/misnumbered.pgn");
    std::fs::write(&record, GAME.replace("1. ", "3. ")).unwrap();
    let linked = dir.path().join("records/misnumbered.pgn");
    link("../elsewhere/misnumbered.pgn", &linked);
    tgn()
        .arg("fix")
        .arg(dir.path().join("records"))
        .assert()
        .code(0);
    assert!(linked.symlink_metadata().unwrap().is_symlink());
    let fixed = std::fs::read_to_string(&record).unwrap();
    assert!(fixed.contains("\n1. 43(10) 11(10) *"), "{fixed}");
}

/// A FIFO named as a record inside a directory is not read (it could block the walk),
/// but it is named: no record is passed over in silence.
#[test]
fn a_fifo_in_a_directory_is_named_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("live.pgn");
    mkfifo(&fifo);
    std::fs::write(
        dir.path().join("game.pgn"),
        "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n",
    )
    .unwrap();
    let out = tgn().arg("check").arg(dir.path()).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("live.pgn: not a regular file, not read"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// A UTF-16 file is not read as text, and the error says what it looks like.
#[test]
fn a_utf16_file_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Event \"x\"]\n";
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let with_bom = [&[0xFF, 0xFE][..], &little].concat();
    for (name, bytes) in [("le.pgn", little), ("bom.pgn", with_bom)] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = tgn().arg("check").arg(&path).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(err.contains("it looks like UTF-16"), "{err}");
    }
}
