//! Issue 52, item 13: the marks `analyze` and `annotate` write read as glyphs (`?`,
//! `?!`, `??`, `!`, `!?`) where people read them, and as NAGs (`$2`…) in the files
//! other programs read; every score says its unit.

use crate::common::{self, run, run_stdin};

const SHEET: &str = "records/toguz-kumalak/r11-draw.pgn";

/// A record with NAGs on two moves (`$2` and `$6 $14`).
const MARKED: &str = "[Game \"toguz-kumalak\"]\n\n1. 54(10) $2 11(10) $6 $14 *\n";

#[test]
fn issue52_analyze_writes_glyphs_when_asked_and_nags_into_a_pipe() {
    let args = |glyphs: Option<&str>| {
        let mut args = vec!["analyze", "--nodes", "300"];
        if let Some(when) = glyphs {
            args.extend(["--glyphs", when]);
        }
        args.push(SHEET);
        run(&args)
    };
    let piped = args(None);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert!(piped.stdout.contains(" $2 ") || piped.stdout.contains(" $6 "));
    assert_eq!(args(Some("never")).stdout, piped.stdout);
    let glyphs = args(Some("always"));
    assert!(!glyphs.stdout.contains('$'), "{}", glyphs.stdout);
    assert!(glyphs.stdout.contains("?!") || glyphs.stdout.contains(")? "));
    // The two texts are the same record: glyphs read back as the NAGs.
    let as_json = |text: &str| run_stdin(&["convert", "--to", "json", "-"], text).stdout;
    assert_eq!(as_json(&glyphs.stdout), as_json(&piped.stdout));
}

#[test]
fn issue52_annotate_writes_a_records_nags_as_glyphs_when_asked() {
    let out = run_stdin(&["annotate", "--glyphs", "always", "-"], MARKED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("1. 54(10)? {"), "{}", out.stdout);
    assert!(out.stdout.contains("11(10)?! $14\n{"), "{}", out.stdout);
    let out = run_stdin(&["annotate", "-"], MARKED);
    assert!(out.stdout.contains("1. 54(10) $2 {"), "{}", out.stdout);
    let out = run_stdin(&["annotate", "--glyphs", "sometimes", "-"], MARKED);
    assert_eq!(out.code, 2);
}

#[test]
fn issue52_every_game_names_the_unit_of_its_scores() {
    let games = run(&["games", "--format", "json"]);
    let games: serde_json::Value = serde_json::from_str(&games.stdout).unwrap();
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let text = run(&["games", id]).stdout.replace("\n    ", " ");
        let unit = text
            .lines()
            .find_map(|line| line.strip_prefix("  scores (tgn analyze): "))
            .unwrap_or_else(|| panic!("{text}"));
        // What is counted, then how: "stones: the mover's kazan less the opponent's".
        assert!(unit.contains(": "), "{text}");
    }
    let toguz = run(&["games", "toguz"]).stdout.replace("\n    ", " ");
    assert!(
        toguz.contains("scores (tgn analyze): stones: the mover's kazan"),
        "{toguz}"
    );
    let help = common::run(&["analyze", "--help"]).stdout;
    assert!(help.contains("never hundredths or a\npercentage"), "{help}");
    assert!(help.contains("`tgn games ID` names each game's"), "{help}");
}
