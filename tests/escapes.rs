//! Text read from records and file names never reaches a terminal or a CI log raw:
//! escape sequences in tags (ESC, OSC), line breaks in file names and characters
//! that reorder a line are shown as visible symbols in every human output.

use crate::common;

/// A colour change, a window-title OSC sequence, a bell and a right-to-left override.
const HOSTILE: &str = "\u{1b}[31mRed\u{1b}]0;pwned\u{7}\u{202e}";

fn record(white: &str) -> String {
    format!(
        "[Event \"{HOSTILE} Cup\"]\n[White \"{white}\"]\n[Black \"B\"]\n[Date \"2025.01.01\"]\n\
         [Game \"toguz-kumalak\"]\n\n1. 97 *\n"
    )
}

fn human_output(args: &[&str], dir: &std::path::Path) -> String {
    let out = common::tgn().current_dir(dir).args(args).output().unwrap();
    let mut text = String::from_utf8(out.stdout).unwrap();
    text.push_str(&String::from_utf8(out.stderr).unwrap());
    text
}

/// No control character but line breaks, and no reordering character.
fn assert_safe(text: &str, what: &str) {
    let raw = text
        .chars()
        .find(|&c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c));
    assert_eq!(raw, None, "{what} shows a raw control character:\n{text}");
}

#[test]
fn escape_sequences_in_tags_are_shown_not_sent() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pgn"), record(&format!("{HOSTILE}A"))).unwrap();
    std::fs::write(dir.path().join("b.pgn"), record("Other")).unwrap();
    for args in [
        &["check", "a.pgn"][..],
        &["check", "-v", "a.pgn"],
        &["diff", "a.pgn", "b.pgn"],
        &["summarize", "a.pgn"],
        &["summarize", "--by", "player", "a.pgn"],
        &["summarize", "--by", "event", "a.pgn"],
    ] {
        let text = human_output(args, dir.path());
        // The plain summary shows no tag; the others name the event or the player.
        if args != ["summarize", "a.pgn"] {
            assert!(text.contains("␛[31mRed"), "tgn {args:?}:\n{text}");
        }
        assert_safe(&text, &format!("tgn {args:?}"));
    }
}

#[test]
fn a_file_name_cannot_forge_a_line_of_a_ci_log() {
    let dir = tempfile::tempdir().unwrap();
    let name = "x\n::error file=README.md,line=1::forged\n.pgn";
    std::fs::write(dir.path().join(name), record("A")).unwrap();
    std::fs::write(dir.path().join("other.pgn"), record("Other")).unwrap();
    for args in [
        &["check", name][..],
        &["check", "-v", name],
        &["check", "."],
        &["check", "--format", "github", "."],
        &["duplicates", name, name],
        &["diff", name, "other.pgn"],
    ] {
        let text = human_output(args, dir.path());
        assert!(
            !text
                .lines()
                .any(|l| l.starts_with("::error file=README.md")),
            "tgn {args:?} forged a line:\n{text}"
        );
        let escaped = if args.contains(&"github") {
            "x%0A%3A%3Aerror"
        } else {
            "x␊::error"
        };
        assert!(text.contains(escaped), "tgn {args:?}:\n{text}");
    }
}
