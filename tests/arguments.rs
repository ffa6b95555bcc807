//! A bad value on the command line is a usage error (exit status 2), never a filter
//! that silently matches nothing or everything, and an option is never ignored.

use crate::common;

/// `tgn ARGS`: (exit status, stdout, stderr).
fn tgn(args: &[&str]) -> (i32, String, String) {
    let run = common::run(args);
    (run.code, run.stdout, run.stderr)
}

const TOGUZ: &str = "records/toguz-kumalak";

/// The position after `1. 54(10)` in records/toguz-kumalak/r11-draw.pgn.
const AFTER_54: &str = "S:9,9,9,9,1,10,10,10,10/N:10,10,10,0,9,9,9,9,9/K:10,0/T:-,-/M:N";

#[test]
fn an_impossible_date_is_a_usage_error() {
    for date in ["2025.13.45", "2025.02.30", "zz", "2025.03.14.9"] {
        let (code, _, err) = tgn(&["filter", "--since", date, TOGUZ]);
        assert_eq!(code, 2, "--since {date}");
        assert!(err.contains("is no date"), "{err}");
        assert_eq!(tgn(&["filter", "--until", date, TOGUZ]).0, 2);
    }
    assert_eq!(tgn(&["filter", "--since", "2025.02", TOGUZ]).0, 0);
}

#[test]
fn moves_no_game_reads_are_a_usage_error() {
    let (code, _, err) = tgn(&["filter", "--moves", "zz", TOGUZ]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = tgn(&[
        "filter",
        "--game",
        "toguz-kumalak",
        "--moves",
        "1. 54 zz",
        TOGUZ,
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`zz`") && err.contains("toguz-kumalak"),
        "{err}"
    );
    assert_eq!(
        tgn(&["filter", "--moves", "1.", TOGUZ]).0,
        2,
        "no move at all"
    );
    let (code, out, _) = tgn(&["filter", "--moves", "1. 54", TOGUZ]);
    assert_eq!(code, 0);
    assert!(out.contains("[Event"), "1. 54 opens a sample game");
}

#[test]
fn a_position_no_game_reads_is_a_usage_error() {
    assert_eq!(tgn(&["filter", "--reaching", "garbage", TOGUZ]).0, 2);
    let (code, _, err) = tgn(&[
        "filter",
        "--only-game",
        "toguz-kumalak",
        "--reaching",
        "garbage",
        TOGUZ,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("toguz-kumalak"), "{err}");
    // 161 stones: the README's old example, which matched nothing.
    let wrong = "S:10,10,10,10,10,10,10,10,0/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:N";
    assert_eq!(
        tgn(&[
            "filter",
            "--game",
            "toguz-kumalak",
            "--reaching",
            wrong,
            TOGUZ
        ])
        .0,
        2
    );
    let (code, out, _) = tgn(&["filter", "--reaching", AFTER_54, TOGUZ]);
    assert_eq!(code, 0);
    assert!(out.contains("Asanova"), "{out}");
}

#[test]
fn an_option_that_does_not_concern_the_game_is_an_error() {
    let (code, out, _) = tgn(&[
        "check",
        "-O",
        "board=9x9",
        "records/toguz-kumalak/r11-draw.pgn",
    ]);
    // A usage error since issue 57: the command line asked for a rule it cannot get.
    assert_eq!(code, 2);
    assert!(
        out.contains("option board (--option) does not concern Toguz Kumalak"),
        "{out}"
    );
    assert_eq!(
        tgn(&[
            "check",
            "-O",
            "play-out",
            "records/toguz-kumalak/r11-draw.pgn"
        ])
        .0,
        0
    );
    assert_eq!(tgn(&["check", "-O", "no-such-option", TOGUZ]).0, 2);
}

#[test]
fn quiet_and_verbose_ask_for_the_human_format() {
    for args in [
        &["check", "-q", "--format", "json", TOGUZ][..],
        &["check", "-v", "--format", "github", TOGUZ],
        &["check", "-v", "--format", "json", TOGUZ],
    ] {
        let (code, out, err) = tgn(args);
        assert_eq!(code, 2, "tgn {args:?}");
        assert!(out.is_empty() && err.contains("human format only"), "{err}");
    }
}

#[test]
fn a_forgotten_game_is_said_once_per_file_not_once_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("untagged.pgn");
    std::fs::write(&path, "[Event \"e\"]\n\n1. 43(10) 11(10) *\n\n".repeat(50)).unwrap();
    let (code, out, _) = tgn(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(out.matches("error[unknown-game]").count(), 1, "{out}");
    assert!(out.contains("… and 49 more games of "), "{out}");
    assert!(out.contains("checked 50 games"), "{out}");
    // Machines still get one line per game.
    let (_, json, _) = tgn(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(json.lines().count(), 50);
}
