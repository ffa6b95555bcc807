//! `tgn diff` aligns two score sheets (issue 24, item 9): a ply missing from one sheet
//! shifts the rest instead of making every later ply differ, and the report names
//! what is missing, extra or written differently, and where the sheets agree again.

use std::path::{Path, PathBuf};

use crate::common::tgn;
use serde_json::{Value, json};

const SHEET: &str = "records/toguz-kumalak/score-sheet.pgn";
const TOGUZ: &str = "[Game \"toguz-kumalak\"]\n";

/// (exit status, stdout, stderr)
fn diff(args: &[&str]) -> (Option<i32>, String, String) {
    let out = tgn().arg("diff").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Sheet C of the issue: sheet A without its tenth full move
/// (`sed 's/ 10\. 91 5 / /'`).
fn sheet_c(dir: &Path) -> PathBuf {
    let sheet = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(SHEET)).unwrap();
    assert_eq!(sheet.matches(" 10. 91 5 ").count(), 1);
    let c = dir.join("c.pgn");
    std::fs::write(&c, sheet.replacen(" 10. 91 5 ", " ", 1)).unwrap();
    c
}

/// Two sheets A and B in a temporary directory (kept alive by the first element).
fn sheets(a: &str, b: &str) -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let (a, b) = (path("a.pgn", a), path("b.pgn", b));
    (dir, a, b)
}

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = diff(&[&["--format", "json"], args].concat());
    assert_eq!(code, Some(1), "{err}");
    serde_json::from_str(&out).unwrap()
}

fn ops(pair: &Value) -> Vec<(String, Value, Value)> {
    pair["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| {
            (
                op["op"].as_str().unwrap().to_string(),
                op["a_plies"].clone(),
                op["b_plies"].clone(),
            )
        })
        .collect()
}

#[test]
fn a_missing_full_move_is_one_missing_step_and_the_rest_equal() {
    let dir = tempfile::tempdir().unwrap();
    let c = sheet_c(dir.path());
    let pairs = json_of(&[SHEET, c.to_str().unwrap()]);
    assert_eq!(pairs.as_array().unwrap().len(), 1);
    let plies = pairs[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| op["a"].as_array().unwrap().len())
        .sum::<usize>();
    assert_eq!(
        ops(&pairs[0]),
        [
            ("equal".into(), json!([1, 18]), json!([1, 18])),
            ("missing".into(), json!([19, 20]), json!([])),
            ("equal".into(), json!([21, plies]), json!([19, plies - 2])),
        ]
    );
    assert_eq!(pairs[0]["moves"][1]["a"], json!(["91", "5"]));
    assert_eq!(pairs[0]["moves"][1]["b"], json!([]));
    assert_eq!(pairs[0]["agree"], false);
}

#[test]
fn the_missing_plies_are_named_once_with_where_the_sheets_agree_again() {
    let dir = tempfile::tempdir().unwrap();
    let c = sheet_c(dir.path());
    let (code, out, _) = diff(&[SHEET, c.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("first divergence at ply 19 of A, ply 19 of B"),
        "{out}"
    );
    assert!(
        out.contains("  - plies 19–20 of A missing from B: `91` `5`\n"),
        "{out}"
    );
    assert!(out.contains("plies 21–"), "{out}");
    assert!(out.contains("the sheets agree again"), "{out}");
    assert!(
        out.contains("position before ply 19 (the same in both)"),
        "{out}"
    );
    // One line per step, not a line per ply; no canonical form (`43(62)`) anywhere.
    assert!(out.lines().count() < 20, "{out}");
    assert!(!out.contains("(62)"), "{out}");
}

#[test]
fn an_extra_ply_and_a_ply_written_differently_are_told_apart() {
    // B writes ply 3 as another move and has one ply more at the end.
    let (_dir, a, b) = sheets(
        &format!("{TOGUZ}1. 4 1 2. 8 9 3. 4 7 4. 3 6 *\n"),
        &format!("{TOGUZ}1. 4 1 2. 7 9 3. 4 7 4. 3 6 5. 9 *\n"),
    );
    let pairs = json_of(&[&a, &b]);
    assert_eq!(
        ops(&pairs[0]),
        [
            ("equal".into(), json!([1, 2]), json!([1, 2])),
            ("changed".into(), json!([3, 3]), json!([3, 3])),
            ("equal".into(), json!([4, 8]), json!([4, 8])),
            ("extra".into(), json!([]), json!([9, 9])),
        ]
    );
    let (_, out, _) = diff(&[&a, &b]);
    assert!(
        out.contains("  ~ ply 3 of A written differently in B (ply 3): `8` → `7`\n"),
        "{out}"
    );
    assert!(out.contains("  + ply 9 of B not in A: `9`\n"), "{out}");
}

#[test]
fn one_move_written_two_ways_from_the_same_position_is_equal() {
    let (_dir, a, b) = sheets(
        &format!("{TOGUZ}1. 98(10) 11(10) *\n"),
        &format!("{TOGUZ}1. 9 1 *\n"),
    );
    let (code, out, _) = diff(&["--format", "json", &a, &b]);
    assert_eq!(code, Some(0));
    let pairs: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        ops(&pairs[0]),
        [("equal".into(), json!([1, 2]), json!([1, 2]))]
    );
    assert_eq!(pairs[0]["moves"][0]["b"], json!(["9", "1"]));
}

#[test]
fn unrelated_games_are_never_said_to_share_a_position() {
    let (_dir, a, b) = sheets(
        &format!("{TOGUZ}1. 4 1 2. 8 9 *\n"),
        "[Game \"zamma\"]\n1. e4-e5 e6xe4 *\n",
    );
    let (code, out, _) = diff(&[&a, &b]);
    assert_eq!(code, Some(1));
    assert!(!out.contains("the same in both"), "{out}");
    assert!(
        out.contains("first divergence at ply 1 of A, ply 1 of B"),
        "{out}"
    );
}

#[test]
fn a_directory_is_a_usage_error_that_says_diff_takes_two_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for args in [[d, SHEET], [SHEET, d]] {
        let (code, out, err) = diff(&args);
        assert_eq!(code, Some(2));
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("compares two record files"), "{err}");
        assert!(err.contains("is a directory"), "{err}");
        assert!(!err.contains("os error"), "{err}");
    }
}

#[test]
fn a_game_without_a_partner_has_a_null_game_in_json() {
    let (_dir, a, b) = sheets(
        &format!("{TOGUZ}1. 4 *\n\n{TOGUZ}1. 8 *\n"),
        &format!("{TOGUZ}1. 4 *\n"),
    );
    let pairs = json_of(&[&a, &b]);
    assert_eq!(pairs[1]["a_game"], 2);
    assert_eq!(pairs[1]["b_game"], Value::Null);
    assert_eq!(pairs[1]["moves"], json!([]));
}

#[test]
fn a_ply_two_unrelated_sheets_share_by_coincidence_is_not_agreement() {
    // Both start from the toguz start, and ply 3 is `8` on both: one coincidence.
    let (_dir, a, b) = sheets(
        &format!("{TOGUZ}1. 4 1 2. 8 9 3. 4 7 *\n"),
        &format!("{TOGUZ}1. 2 3 2. 8 5 3. 6 6 *\n"),
    );
    let pairs = json_of(&[&a, &b]);
    assert_eq!(
        ops(&pairs[0]),
        [("changed".into(), json!([1, 6]), json!([1, 6]))]
    );
    let (_, out, _) = diff(&[&a, &b]);
    assert!(!out.contains("agree again"), "{out}");
    assert!(!out.contains("the same in both"), "{out}");
}
