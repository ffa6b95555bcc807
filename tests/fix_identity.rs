//! `tgn fix` keeps the file it was given (issue 24, items 1–4 and 6): links, owner,
//! group and mode, read-only files, the `--output` target, and no temporary file left
//! behind by SIGINT or SIGTERM. CI runs as root: every test holds as root, and those
//! that need root say so and pass over in silence without it.

use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use crate::common::{mkfifo, tgn_bounded as tgn};
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;

/// A game whose move number fix rewrites (`3.` for `1.`).
const MISNUMBERED: &str = "[Game \"toguz-kumalak\"]\n\n3. 43(10) 11(10) *\n";
const FIXED: &str = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n";

/// The user `nobody` and group `nogroup` on Debian.
const NOBODY: u32 = 65534;

/// The binary, stopped if it hangs.
fn fix(args: &[&str], path: &Path) -> assert_cmd::assert::Assert {
    tgn()
        .args(["fix", "--renumber"])
        .args(args)
        .arg(path)
        .assert()
}

/// `tgn fix --renumber ARGS… -o OUT PATH`.
fn fix_to(out: &Path, args: &[&str], path: &Path) -> assert_cmd::assert::Assert {
    tgn()
        .args(["fix", "--renumber"])
        .args(args)
        .arg("-o")
        .arg(out)
        .arg(path)
        .assert()
}

/// Fixes `path` with `args`, and checks that it is fixed.
fn fixes(args: &[&str], path: &Path) {
    fix(args, path).code(0);
    assert_eq!(fs::read_to_string(path).unwrap(), FIXED);
}

fn is_root() -> bool {
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A directory holding `games.pgn`, a misnumbered game.
fn record() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgn");
    fs::write(&path, MISNUMBERED).unwrap();
    (dir, path)
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().mode() & 0o7777
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The names in `dir` that start with `.tgn-fix-`.
fn leftovers(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with(".tgn-fix-"))
        .collect()
}

#[test]
fn a_link_named_on_the_command_line_stays_a_link_and_its_target_is_fixed() {
    let (dir, path) = record();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink("games.pgn", &link).unwrap();
    fix(&[], &link).code(0);
    assert!(link.symlink_metadata().unwrap().is_symlink());
    assert_eq!(fs::read_to_string(&path).unwrap(), FIXED);
}

#[test]
fn a_file_with_another_name_is_refused_and_both_names_keep_one_text() {
    let (dir, path) = record();
    let other = dir.path().join("other.pgn");
    fs::hard_link(&path, &other).unwrap();
    fix(&[], &path)
        .code(2)
        .stderr(contains("has 2 names (hard links)"));
    assert_eq!(fs::read_to_string(&path).unwrap(), MISNUMBERED);
    assert_eq!(fs::read_to_string(&other).unwrap(), MISNUMBERED);
    assert_eq!(
        fs::metadata(&path).unwrap().ino(),
        fs::metadata(&other).unwrap().ino()
    );
}

#[test]
fn the_fixed_file_keeps_its_mode() {
    let (_dir, path) = record();
    set_mode(&path, 0o640);
    fixes(&[], &path);
    assert_eq!(mode(&path), 0o640);
}

/// Needs root (to give the file to nobody).
#[test]
fn the_fixed_file_keeps_its_owner_group_and_setuid_mode() {
    if !is_root() {
        return;
    }
    let (_dir, path) = record();
    std::os::unix::fs::chown(&path, Some(NOBODY), Some(NOBODY)).unwrap();
    set_mode(&path, 0o4754);
    fixes(&[], &path);
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (NOBODY, NOBODY));
    assert_eq!(mode(&path), 0o4754);
}

/// Needs root (to run fix as nobody): nobody's copy of root's file would be nobody's.
#[test]
fn a_file_whose_owner_could_not_be_kept_is_refused() {
    if !is_root() {
        return;
    }
    let (dir, path) = record();
    set_mode(dir.path(), 0o777);
    set_mode(&path, 0o666);
    let script = "exec \"$0\" fix --renumber \"$1\"";
    let output = std::process::Command::new("su")
        .args(["nobody", "-s", "/bin/sh", "-c", script])
        .arg(assert_cmd::cargo::cargo_bin("tgn"))
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("could not keep its owner"), "{stderr}");
    assert_eq!(fs::read_to_string(&path).unwrap(), MISNUMBERED);
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_read_only_file_is_refused_even_as_root_unless_forced() {
    let (_dir, path) = record();
    set_mode(&path, 0o444);
    fix(&[], &path)
        .code(2)
        .stderr(contains("read-only"))
        .stderr(contains("--force"))
        .stderr(contains("no game found").not());
    assert_eq!(fs::read_to_string(&path).unwrap(), MISNUMBERED);
    fixes(&["--force"], &path);
    assert_eq!(mode(&path), 0o444);
}

#[test]
fn output_dash_is_standard_output() {
    let (dir, path) = record();
    tgn()
        .current_dir(dir.path())
        .args(["fix", "--renumber", "-o", "-"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout(FIXED);
    assert!(!dir.path().join("-").exists());
    assert_eq!(fs::read_to_string(&path).unwrap(), MISNUMBERED);
}

#[test]
fn output_to_a_fifo_is_written_through_not_renamed_over() {
    let (dir, path) = record();
    let fifo = dir.path().join("out");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    fix_to(&fifo, &[], &path).code(0);
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), FIXED);
}

/// Needs root (to make a device). A fake /dev/null: were it renamed over, the test
/// would not break the machine.
#[test]
fn output_to_a_character_device_is_written_through_not_renamed_over() {
    if !is_root() {
        return;
    }
    let (dir, path) = record();
    let device = dir.path().join("fakenull");
    let made = std::process::Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .status()
        .unwrap();
    assert!(made.success());
    fix_to(&device, &[], &path).code(0);
    assert!(fs::metadata(&device).unwrap().file_type().is_char_device());
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_new_output_file_follows_the_umask() {
    let (dir, path) = record();
    for (umask, wanted) in [("022", 0o644), ("027", 0o640)] {
        let out = dir.path().join(format!("out-{umask}.pgn"));
        let script = format!("umask {umask} && exec \"$0\" fix --renumber -o \"$1\" \"$2\"");
        let status = std::process::Command::new("sh")
            .args(["-c", &script])
            .arg(assert_cmd::cargo::cargo_bin("tgn"))
            .arg(&out)
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(fs::read_to_string(&out).unwrap(), FIXED);
        assert_eq!(mode(&out), wanted, "umask {umask}");
    }
}

#[test]
fn output_onto_an_existing_file_is_refused_without_force() {
    let (dir, path) = record();
    let out = dir.path().join("out.pgn");
    fs::write(&out, "kept\n").unwrap();
    fix_to(&out, &[], &path)
        .code(2)
        .stderr(contains("already exists (--force overwrites it)"));
    assert_eq!(fs::read_to_string(&out).unwrap(), "kept\n");
    assert!(leftovers(dir.path()).is_empty());
    fix_to(&out, &["--force"], &path).code(0);
    assert_eq!(fs::read_to_string(&out).unwrap(), FIXED);
}

/// Starts fix on tens of MB, sends `signal` once its temporary file is there, and
/// checks that it exits with `code`, leaving the original as it was and no temporary
/// file.
fn interrupted(signal: &str, code: i32) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.pgn");
    let big = MISNUMBERED.repeat(800_000);
    fs::write(&path, &big).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("tgn"))
        .args(["fix", "--renumber"])
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut polls = 0;
    while leftovers(dir.path()).is_empty() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "fix ended before writing"
        );
        assert!(polls < 60_000, "no temporary file appeared");
        polls += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(code), "{status:?}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert!(fs::read(&path).unwrap() == big.as_bytes());
}

#[test]
fn sigterm_removes_the_temporary_file() {
    interrupted("TERM", 143);
}

#[test]
fn sigint_removes_the_temporary_file() {
    interrupted("INT", 130);
}

/// Issue 24, item 7 (in part): reordering the tags moves each tag with the blanks on
/// its line; they were stripped from every tag line.
#[test]
fn reordered_tags_keep_the_blanks_of_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("order.pgn");
    let text =
        "[White \"A\"]  \n[Event \"E\"]\t\n[Game \"toguz-kumalak\"] \n\n1. 54(10) 11(10) *\n";
    std::fs::write(&path, text).unwrap();
    let out = assert_cmd::Command::cargo_bin("tgn")
        .unwrap()
        .args(["fix", "--order-tags"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[Event \"E\"]\t\n[White \"A\"]  \n[Game \"toguz-kumalak\"] \n\n1. 54(10) 11(10) *\n"
    );
}
