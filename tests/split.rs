#![cfg(unix)]

//! `tgn split` (issue 24, item 8): it never writes through a link planted in its
//! directory, `--force` replaces a name and never writes to what it leads to, and
//! its file names are distinct, never an option, never a Windows device.

use std::fs;
use std::io::Write;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::thread::sleep;
use std::time::Duration;

use crate::common::tgn;
use assert_cmd::cargo::CommandCargoExt;
use tempfile::TempDir;

/// What a file outside the directory holds, and must still hold after the split.
const SECRET: &str = "not a record: must stay as it is\n";

/// A valid game, with `[Event]` when given.
fn game(event: Option<&str>) -> String {
    let tag = event.map_or(String::new(), |e| format!("[Event \"{e}\"]\n"));
    format!("{tag}[Game \"toguz-kumalak\"]\n\n1. 87 *\n\n")
}

/// Runs `tgn split ARGS - -d DIR` on `records`; gives the exit status and stderr.
fn split(records: &str, dir: &Path, args: &[&str]) -> (i32, String) {
    let out = tgn()
        .arg("split")
        .args(args)
        .args(["-", "-d", dir.to_str().unwrap()])
        .write_stdin(records)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), err)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// A directory outside the one split writes to, and a file in it holding `SECRET`.
fn outside() -> (TempDir, PathBuf) {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.pgn");
    fs::write(&secret, SECRET).unwrap();
    (outside, secret)
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).unwrap().file_type().is_symlink()
}

#[test]
fn force_replaces_a_link_in_dir_never_its_target() {
    let (outside, secret) = outside();
    let dir = tempfile::tempdir().unwrap();
    let planted = dir.path().join("game-000001.pgn");
    symlink(&secret, &planted).unwrap();
    // A link that leads nowhere yet: writing through it would create a file outside.
    let dangling = outside.path().join("new.pgn");
    symlink(&dangling, dir.path().join("game-000002.pgn")).unwrap();
    let records = game(None) + &game(None);

    let (code, err) = split(&records, dir.path(), &[]);
    assert_eq!(
        code, 2,
        "without --force an existing name is an error: {err}"
    );
    assert!(is_link(&planted));
    assert_eq!(fs::read_to_string(&secret).unwrap(), SECRET);

    let (code, err) = split(&records, dir.path(), &["--force"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read_to_string(&secret).unwrap(), SECRET);
    assert!(
        !dangling.exists(),
        "a file was created through a dangling link"
    );
    for name in ["game-000001.pgn", "game-000002.pgn"] {
        let path = dir.path().join(name);
        assert!(!is_link(&path), "{name} is still a link");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            game(None).trim_end().to_string() + "\n"
        );
    }
}

#[test]
fn force_gives_a_hard_linked_name_a_file_of_its_own() {
    let (_outside, secret) = outside();
    let dir = tempfile::tempdir().unwrap();
    fs::hard_link(&secret, dir.path().join("game-000001.pgn")).unwrap();
    let (code, err) = split(&game(None), dir.path(), &["--force"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read_to_string(&secret).unwrap(), SECRET);
}

/// More tag values than split keeps files open: the first file is closed, then
/// re-opened to append its second game. A link put in its place meanwhile is an
/// error, never written through.
#[test]
fn the_append_after_32_open_files_never_follows_a_link() {
    let (_outside, secret) = outside();
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::cargo_bin("tgn")
        .unwrap()
        .args(["split", "--by", "Event", "-", "-d"])
        .arg(dir.path())
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // E0 to E32, then E32 again: more than two batches of the reader (256 games),
    // so that the first is written while tgn waits for the rest.
    let events: String = (0..600)
        .map(|n: usize| game(Some(&format!("E{}", n.min(32)))))
        .collect();
    stdin.write_all(events.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // E32.pgn, the 33rd file, closes the first 32 when it is created.
    let last = dir.path().join("E32.pgn");
    for _ in 0..600 {
        if last.exists() {
            break;
        }
        sleep(Duration::from_millis(50));
    }
    assert!(last.exists(), "split did not reach the 33rd game");
    let first = dir.path().join("E0.pgn");
    fs::remove_file(&first).unwrap();
    symlink(&secret, &first).unwrap();
    stdin.write_all(game(Some("E0")).as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(fs::read_to_string(&secret).unwrap(), SECRET);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("E0.pgn"), "{err}");
}

#[test]
fn a_game_without_the_tag_and_one_whose_value_is_no_tag_get_two_files() {
    let dir = tempfile::tempdir().unwrap();
    let records = game(Some("no-Event")) + &game(None);
    let (code, err) = split(&records, dir.path(), &["--by", "Event"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(names(dir.path()), ["no-Event-2.pgn", "no-Event.pgn"]);
    // no-Event.pgn is the games without the tag, whichever came first.
    let missing = fs::read_to_string(dir.path().join("no-Event.pgn")).unwrap();
    assert!(!missing.contains("[Event"), "{missing}");
}

#[test]
fn names_never_start_with_a_dash() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = split(&game(Some("-rf")), dir.path(), &["--by", "Event"]);
    assert_eq!(code, 0, "{err}");
    let (code, err) = split(&game(None), dir.path(), &["--prefix=--x"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(names(dir.path()), ["_--x-000001.pgn", "_-rf.pgn"]);
}

#[test]
fn ports_with_a_superscript_digit_are_reserved_windows_names() {
    let dir = tempfile::tempdir().unwrap();
    let records: String = ["COM¹", "lpt³", "COM1", "COM⁴"]
        .iter()
        .map(|e| game(Some(e)))
        .collect();
    let (code, err) = split(&records, dir.path(), &["--by", "Event"]);
    assert_eq!(code, 0, "{err}");
    // Windows keeps ¹ ² ³ only: COM⁴ is an ordinary name.
    assert_eq!(
        names(dir.path()),
        ["COM⁴.pgn", "_COM1.pgn", "_COM¹.pgn", "_lpt³.pgn"]
    );
}

#[test]
fn the_usage_shows_dir_as_optional() {
    let out = tgn().args(["split", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap();
    assert!(usage.contains("[--dir <DIR>]"), "{usage}");
    assert!(help.contains("[default: .]"), "{help}");
}
