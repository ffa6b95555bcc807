//! `fix` changes what it fixes and keeps every other byte, on every path: a file
//! rewritten in place, `--output`, and standard input (which it keeps in a temporary
//! file, since it reads its input twice); and its `--dry-run` says exactly what it
//! then does.

use assert_cmd::Command;

fn tgn() -> Command {
    Command::cargo_bin("tgn").unwrap()
}

/// A `%` escape line after a byte order mark, CRLF line ends, CRLF between games,
/// and a game with a byte that is not UTF-8 (left as it is): only `3.` is fixed.
const MIXED: &[u8] = b"\xef\xbb\xbf% escape\r\n[Game \"toguz-kumalak\"]\r\n\r\n3. 43(10) 11(10) *\r\n\r\n\r\n[Game \"toguz-kumalak\"]\r\n[Event \"caf\xff\"]\r\n\r\n1. 43(10) 11(10) *\r\n";

fn fixed(original: &[u8]) -> Vec<u8> {
    let text = original.to_vec();
    let at = text.windows(3).position(|w| w == b"3. ").unwrap();
    let mut out = text;
    out[at] = b'1';
    out
}

#[test]
fn fix_on_standard_input_keeps_every_byte_it_does_not_fix() {
    let out = tgn()
        .args(["fix", "--renumber", "-"])
        .write_stdin(MIXED)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&fixed(MIXED))
    );
    assert_eq!(out.stdout, fixed(MIXED), "byte for byte");
}

#[test]
fn fix_of_a_file_to_standard_output_keeps_every_byte_it_does_not_fix() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.pgn");
    std::fs::write(&path, MIXED).unwrap();
    let out = tgn()
        .args(["fix", "--renumber", "-o", "-"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.stdout, fixed(MIXED));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        MIXED,
        "the file is not touched"
    );
}

/// Old Macintosh line ends: each line ends in a lone CR, which the reader reads as LF.
const LONE_CR: &[u8] = b"[Game \"toguz-kumalak\"]\r\r3. 43(10) 11(10) *\r\r[Game \"toguz-kumalak\"]\r\r5. 43(10) 11(10) *\r";

#[test]
fn lone_cr_line_ends_are_fixed_as_the_dry_run_says_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mac.pgn");
    std::fs::write(&path, LONE_CR).unwrap();
    let dry = tgn()
        .args(["fix", "--renumber", "--dry-run"])
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&dry.stderr);
    assert!(said.contains("would fix 2 games"), "{said}");
    let run = tgn()
        .args(["fix", "--renumber"])
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("fixed 2 games"), "{said}");
    let expected = String::from_utf8_lossy(LONE_CR)
        .replace("3. ", "1. ")
        .replace("5. ", "1. ");
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        expected
    );
}

#[test]
fn a_tag_added_to_a_lone_cr_game_ends_its_line_with_cr() {
    let out = tgn()
        .args(["fix", "--results", "-"])
        .write_stdin(LONE_CR)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\n'), "{text:?}");
    assert!(
        text.starts_with("[Game \"toguz-kumalak\"]\r[Result \"*\"]\r\r3."),
        "{text:?}"
    );
}

#[test]
fn a_dry_run_refuses_what_the_run_would_refuse() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("read-only.pgn");
    std::fs::write(&path, LONE_CR).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for dry_run in [true, false] {
        let mut command = tgn();
        command.args(["fix", "--renumber"]).arg(&path);
        if dry_run {
            command.arg("--dry-run");
        }
        let out = command.output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "dry run {dry_run}: {said}");
        assert!(said.contains("read-only"), "{said}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), LONE_CR);
}
