//! `tgn fix` and a concurrent writer (issue 24, item 5): a file rewritten in place is
//! locked from its read to its rename. A file another program holds locked is waited
//! for a few seconds, then left as it is (exit 2). (A file changed between the read
//! and the rename is checked by the unit tests of `commands::fix`.)

use crate::common;

use std::fs::{self, File};

use predicates::str::contains;

/// A game whose move number fix rewrites (`3.` for `1.`).
const MISNUMBERED: &str = "[Game \"toguz-kumalak\"]\n\n3. 43(10) 11(10) *\n";

#[test]
fn a_file_locked_by_another_program_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    fs::write(&path, MISNUMBERED).unwrap();
    // The lock fix takes (flock(2), through std), held for the whole run.
    let other = File::open(&path).unwrap();
    other.try_lock().unwrap();
    common::tgn_bounded()
        .args(["fix", "--renumber"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("games.pgn: locked by another program"));
    assert_eq!(fs::read_to_string(&path).unwrap(), MISNUMBERED);
    let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "a temporary file was left: {names:?}");
    drop(other);
}

#[test]
fn a_file_no_one_holds_is_fixed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    fs::write(&path, MISNUMBERED).unwrap();
    common::tgn()
        .args(["fix", "--renumber"])
        .arg(&path)
        .assert()
        .code(0);
    assert!(fs::read_to_string(&path).unwrap().contains("\n1. 43(10)"));
}
