//! `annotate --diagrams DIR` (issue 33, item 3): files chosen by ply, never written
//! through a link, never overwritten without `--force`, never colliding between inputs.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::tgn;

const RECORD: &str = "records/toguz-kumalak/clockwise.pgn";

/// A scratch directory holding `g.pgn` and `a/g.pgn` (the same record) and `out/`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tgn-annotate-diagrams-{name}-{}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::create_dir_all(dir.join("out")).unwrap();
    fs::copy(common::root().join(RECORD), dir.join("g.pgn")).unwrap();
    fs::copy(common::root().join(RECORD), dir.join("a/g.pgn")).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn annotate(dir: &Path, extra: &[&str], inputs: &[&str]) -> std::process::Output {
    let mut command = tgn();
    command
        .arg("annotate")
        .arg("--diagrams")
        .arg(dir.join("out"));
    command.args(extra);
    command.args(inputs.iter().map(|input| dir.join(input)));
    command.output().unwrap()
}

#[test]
fn issue_33_diagram_plies_draws_only_the_plies_asked_for() {
    let dir = scratch("plies");
    let out = annotate(&dir, &["--diagram-plies", "0,end"], &["g.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(names(&dir.join("out")).len(), 2);
}

#[test]
fn issue_33_two_inputs_of_the_same_name_never_write_the_same_file() {
    let dir = scratch("collide");
    let out = annotate(&dir, &["--diagram-plies", "0,end"], &["g.pgn", "a/g.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(names(&dir.join("out")).len(), 4);
}

#[test]
fn issue_33_an_existing_file_is_refused_unless_forced() {
    let dir = scratch("exists");
    assert_eq!(
        annotate(&dir, &["--diagram-plies", "0"], &["g.pgn"])
            .status
            .code(),
        Some(0)
    );
    let out = annotate(&dir, &["--diagram-plies", "0"], &["g.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    let forced = annotate(&dir, &["--diagram-plies", "0", "--force"], &["g.pgn"]);
    assert_eq!(forced.status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn issue_33_a_link_planted_in_the_folder_is_never_written_through() {
    let dir = scratch("link");
    let target = dir.join("target");
    let first = names(&dir.join("out"));
    assert!(first.is_empty());
    std::os::unix::fs::symlink(&target, dir.join("out/g-1-000.svg")).unwrap();
    let out = annotate(&dir, &["--diagram-plies", "0"], &["g.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!target.exists(), "wrote through the link");
    // --force replaces the link itself with a file; its target stays untouched.
    let out = annotate(&dir, &["--diagram-plies", "0", "--force"], &["g.pgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!target.exists(), "--force wrote through the link");
    let written = fs::symlink_metadata(dir.join("out/g-1-000.svg")).unwrap();
    assert!(written.file_type().is_file());
}

#[test]
fn the_diagrams_directory_is_made_when_missing_as_split_makes_its_own() {
    let dir = scratch("missing");
    fs::remove_dir_all(dir.join("out")).unwrap();
    let out = annotate(&dir, &["--diagram-plies", "0,end"], &["g.pgn"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(names(&dir.join("out")).len(), 2);
}
