//! Issue 33: no command loses a game. A tag section without moves is a game of its
//! own (item 8); a file that is not text is refused as a whole by every command
//! before anything of it is written, while a NUL byte past the probe spoils only its
//! own game (item 9); JSON read back keeps the game it was read as (item 10). And every
//! command that reads games counts the same games in the same files.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{Run, json_lines, run, run_stdin, tgn};

const TOGUZ: &str = "[Game \"toguz-kumalak\"]";

/// A short valid Toguz Kumalak game with an `[Event]` naming it.
fn game(event: &str) -> String {
    format!("{TOGUZ}\n[Event \"{event}\"]\n\n1. 76(10) 22 *\n\n")
}

/// The number in `… N games in …` of a command's closing line on stderr.
fn games_read(run: &Run) -> usize {
    let line = run
        .stderr
        .lines()
        .chain(run.stdout.lines())
        .find(|l| l.contains(" games in ") || l.contains(" game in "))
        .unwrap_or_else(|| panic!("a closing line: {}", run.stderr));
    let at = line
        .find(" games in ")
        .or_else(|| line.find(" game in "))
        .unwrap();
    line[..at]
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count in {line:?}"))
}

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

// Item 8.

#[test]
fn issue_33_a_tag_section_without_moves_is_a_game_and_does_not_swallow_the_next() {
    let text = format!("{TOGUZ}\n[Event \"tags alone\"]\n\n{}", game("next"));
    let out = run_stdin(&["check", "--format", "json", "-"], &text);
    let games = json_lines(&out);
    assert_eq!(games.len(), 2, "{}", out.stdout);
    assert!(
        games
            .iter()
            .all(|g| g["warnings"].as_array().unwrap().is_empty()),
        "no duplicate-tag warning: {}",
        out.stdout
    );
    let converted = json_lines(&run_stdin(&["convert", "--to", "jsonl", "-"], &text));
    assert_eq!(converted.len(), 2);
    assert_eq!(converted[0]["tags"]["Event"], "tags alone");
    assert_eq!(converted[1]["tags"]["Event"], "next");
}

#[test]
fn issue_33_tags_on_consecutive_lines_stay_one_game() {
    let text = format!("{TOGUZ}\n[Event \"a\"]\n[Site \"b\"]\n\n1. 76(10) 22 *\n");
    let out = run_stdin(&["check", "--format", "json", "-"], &text);
    assert_eq!(json_lines(&out).len(), 1);
}

// Item 9.

#[test]
fn issue_33_a_file_with_an_early_nul_is_refused_whole_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = Vec::new();
    for i in 0..5 {
        text.extend(game(&format!("before {i}")).bytes());
    }
    text.extend(format!("{TOGUZ}\n\n1. 76(10) \0 *\n\n").bytes());
    for i in 0..5 {
        text.extend(game(&format!("after {i}")).bytes());
    }
    let file = write(dir.path(), "nul.pgn", &text);
    let file = file.to_str().unwrap();
    let out_dir = dir.path().join("split");
    let commands: [&[&str]; 9] = [
        &["check"],
        &["convert", "--to", "jsonl"],
        &["filter"],
        &["summarize", "--format", "json"],
        &["duplicates"],
        &["annotate"],
        &["analyze", "--depth", "1"],
        &["split", "-d", out_dir.to_str().unwrap()],
        &["fix", "--dry-run"],
    ];
    for command in commands {
        let out = run(&[command, &[file]].concat());
        assert_eq!(out.code, 2, "{command:?}: {}", out.stderr);
        assert!(out.stderr.contains("not a text record"), "{command:?}");
        assert!(
            !out.stdout.contains("before"),
            "{command:?} wrote a game of a file it refused: {}",
            out.stdout
        );
    }
    assert!(!out_dir.exists() || std::fs::read_dir(&out_dir).unwrap().count() == 0);
}

#[test]
fn issue_33_a_late_nul_spoils_only_its_own_game() {
    let mut text = String::new();
    // Past the probe of the first 8 KiB.
    while text.len() < 9000 {
        text.push_str(&game("before"));
    }
    let before = text.matches("[Event").count();
    text.push_str(&format!("{TOGUZ}\n\n1. 76(10) \0 *\n\n"));
    text.push_str(&game("after"));
    let out = run_stdin(&["check", "--format", "json", "-"], &text);
    let games = json_lines(&out);
    assert_eq!(out.code, 1);
    assert_eq!(games.len(), before + 2);
    assert_eq!(games.iter().filter(|g| g["valid"] == false).count(), 1);
}

// Item 10.

/// A shipped Toguz Kumalak record with its `[Game]` tag taken out, as PlayOK writes.
fn without_game_tag() -> String {
    let text =
        std::fs::read_to_string(common::root().join("records/toguz-kumalak/score-sheet.pgn"))
            .unwrap();
    text.lines()
        .filter(|l| !l.starts_with("[Game "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// PGN → JSON (read as `game`) → PGN → JSON: the text read back is valid, names the
/// game, and the second JSON writes the same text again.
fn round_trip(pgn: &str, game: &str) -> (String, String) {
    let json = run_stdin(&["convert", "--game", game, "--to", "jsonl", "-"], pgn);
    let back = run_stdin(
        &["convert", "--from", "json", "--to", "pgn", "-"],
        &json.stdout,
    );
    assert_eq!(back.code, 0, "{}", back.stderr);
    let again = run_stdin(&["convert", "--to", "jsonl", "-"], &back.stdout);
    let twice = run_stdin(
        &["convert", "--from", "json", "--to", "pgn", "-"],
        &again.stdout,
    );
    (back.stdout, twice.stdout)
}

#[test]
fn issue_33_json_read_back_keeps_the_game_it_was_read_as() {
    let (back, twice) = round_trip(&without_game_tag(), "toguz-kumalak");
    assert!(back.contains("[Game \"toguz-kumalak\"]"), "{back}");
    let checked = run_stdin(&["check", "-"], &back);
    assert_eq!(checked.code, 0, "{}", checked.stdout);
    assert_eq!(back, twice);
    // A record that names its game keeps its own tag, and gets no second one.
    let named = std::fs::read_to_string(common::root().join("records/zamma/huff.pgn")).unwrap();
    let (back, _) = round_trip(&named, "zamma");
    assert_eq!(
        back.matches("[Game ").count(),
        named.matches("[Game ").count()
    );
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn issue_33_playoks_archive_survives_json_and_back() {
    let pgn = std::fs::read_to_string(common::playok()).unwrap();
    let (back, twice) = round_trip(&pgn, "toguz-kumalak");
    let checked = run_stdin(&["check", "-q", "-"], &back);
    assert_eq!(checked.code, 0, "{}", checked.stdout);
    assert!(checked.stdout.contains("1199 valid"), "{}", checked.stdout);
    assert_eq!(back, twice);
}

// Every command counts the same games.

#[test]
fn issue_33_every_command_reads_the_same_games() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("in");
    std::fs::create_dir(&records).unwrap();
    let mut mixed = String::new();
    while mixed.len() < 9000 {
        mixed.push_str(&game("short"));
    }
    // A tag section alone, a broken game, a late NUL, a long game among short ones.
    mixed.push_str(&format!("{TOGUZ}\n[Event \"tags alone\"]\n\n"));
    mixed.push_str(&format!("{TOGUZ}\n\n1. 76(10) 99 *\n\n"));
    mixed.push_str(&format!("{TOGUZ}\n\n1. 76(10) \0 *\n\n"));
    let long = run(&[
        "convert",
        "--to",
        "pgn",
        "records/toguz-kumalak/score-sheet.pgn",
    ]);
    mixed.push_str(&long.stdout);
    mixed.push('\n');
    mixed.push_str(&game("last"));
    write(&records, "mixed.pgn", mixed.as_bytes());
    write(
        &records,
        "tags-only.pgn",
        format!("{TOGUZ}\n\n{TOGUZ}\n[Event \"x\"]\n").as_bytes(),
    );
    let input = records.to_str().unwrap();
    let expected = games_read(&run(&["check", "-q", input]));
    assert!(expected > 20, "{expected}");
    let split_to = dir.path().join("split");
    let commands: [&[&str]; 6] = [
        &["convert", "--to", "jsonl"],
        &["filter"],
        &["summarize"],
        &["duplicates"],
        &["annotate"],
        &["split", "-d", split_to.to_str().unwrap()],
    ];
    for command in commands {
        let out = Run::of(tgn().args(command).arg(input));
        assert_eq!(out.code, 1, "{command:?}: {}", out.stderr);
        assert_eq!(games_read(&out), expected, "{command:?}: {}", out.stderr);
    }
    let jsonl = run(&["convert", "--to", "jsonl", input]);
    assert_eq!(json_lines(&jsonl).len(), expected);
    assert_eq!(std::fs::read_dir(&split_to).unwrap().count(), expected);
}
