//! The archive tools (issue 12) on the sample records of every game, on PlayOK's
//! Toguz Kumalak export in `../shared/data/` (ignored tests, which `.ci/run` runs),
//! and on bad input: unreadable files, invalid records (kept, reported, never
//! silently dropped).

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use crate::common::{record_files, tgn};
use assert_cmd::Command;
use serde_json::Value;

/// Runs tgn; gives the exit status, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    run_with(tgn().args(args))
}

fn run_with(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The sample directories of the games (not `records/invalid`).
fn game_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir("records")
        .unwrap()
        .map(|d| d.unwrap().path())
        .filter(|d| d.is_dir() && !d.ends_with("invalid"))
        .collect();
    dirs.sort();
    dirs
}

/// PlayOK's export: data shared beside the repository, not in it. The tests that read
/// it are ignored by a plain `cargo test` (a clone without `../shared/data` must not
/// report them as passed) and run by `.ci/run` with `--ignored`, where an absent archive
/// fails them.
fn playok() -> &'static str {
    crate::common::playok()
}

/// Text compared modulo trailing spaces and the number of blank lines between games.
fn normalized(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() && out.last().is_none_or(|l: &&str| l.is_empty()) {
            continue;
        }
        out.push(line);
    }
    out.join("\n").trim().to_string()
}

/// The games of a jsonl output.
fn jsonl(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// (games, invalid) as `check --format json` counts them.
fn counts(paths: &[&str]) -> (usize, usize) {
    let mut args = vec!["check", "--format", "json"];
    args.extend(paths);
    let (_, out, _) = run(&args);
    let games = jsonl(&out);
    let invalid = games.iter().filter(|g| g["valid"] == false).count();
    (games.len(), invalid)
}

#[test]
fn filter_writes_every_record_exactly_as_written() {
    // The files holding an invalid game, from one run of check over them all.
    let (_, out, _) = run(&["check", "--format", "json", "records/"]);
    let invalid: BTreeSet<String> = jsonl(&out)
        .iter()
        .filter(|g| g["valid"] == false)
        .map(|g| g["file"].as_str().unwrap().to_string())
        .collect();
    for file in record_files() {
        let path = file.to_str().unwrap();
        let (code, out, err) = run(&["filter", path]);
        let original = fs::read_to_string(&file).unwrap();
        assert_eq!(normalized(&out), normalized(&original), "{path}");
        assert_eq!(code, i32::from(invalid.contains(path)), "{path}: {err}");
        assert!(err.starts_with("tgn: filter wrote"), "{err}");
    }
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn filter_writes_playoks_archive_exactly_as_written() {
    let playok = playok();
    let (code, out, _) = run(&["filter", "--game", "toguz-kumalak", playok]);
    assert_eq!(code, 0);
    let original = fs::read_to_string(playok).unwrap();
    assert_eq!(normalized(&out), normalized(&original));
}

#[test]
fn filter_keeps_invalid_records_and_reports_them() {
    let (games, invalid) = counts(&["records/invalid"]);
    assert!(invalid > 0);
    let (code, out, err) = run(&["filter", "--format", "jsonl", "records/invalid"]);
    assert_eq!(code, 1);
    assert_eq!(jsonl(&out).len(), games, "no game is silently dropped");
    assert!(err.contains(&format!("{invalid} invalid")), "{err}");
    let (_, out, _) = run(&["filter", "--invalid", "--format", "jsonl", "records/"]);
    let (_, all_invalid) = counts(&["records/"]);
    assert_eq!(jsonl(&out).len(), all_invalid);
    assert!(jsonl(&out).iter().all(|g| g["valid"] == false));
}

#[test]
fn filter_invert_writes_exactly_the_rest() {
    let (total, _) = counts(&["records/"]);
    for test in [
        vec!["--valid"],
        vec!["--result", "1-0"],
        vec!["--decided", "board"],
        vec!["--only-game", "zamma", "--only-game", "morabaraba"],
        vec!["--min-plies", "20"],
        vec!["--tag", "Site=^\\?$"],
        vec!["--since", "2025.03", "--until", "2025.12.31"],
    ] {
        let count = |invert: bool| {
            let mut args = vec!["filter", "--format", "jsonl"];
            args.extend(&test);
            if invert {
                args.push("--invert");
            }
            args.push("records/");
            jsonl(&run(&args).1).len()
        };
        let (selected, rest) = (count(false), count(true));
        assert!(selected > 0 && rest > 0, "{test:?}: {selected} and {rest}");
        assert_eq!(selected + rest, total, "{test:?}");
    }
}

#[test]
fn filter_by_tag_player_result_and_game() {
    let (_, out, _) = run(&[
        "filter",
        "--format",
        "jsonl",
        "--only-game",
        "pinoy-dama",
        "--result",
        "0-1",
        "records/",
    ]);
    let games = jsonl(&out);
    assert!(!games.is_empty());
    for g in &games {
        assert_eq!(g["game"], "pinoy-dama");
        assert_eq!(g["tags"]["Result"], "0-1");
    }
    // A player in either colour, ignoring case; an unknown tag; and/or.
    let (_, out, _) = run(&[
        "filter", "--player", "ASANOVA", "--format", "jsonl", "records/",
    ]);
    let games = jsonl(&out);
    assert!(!games.is_empty());
    for g in &games {
        let names = format!("{} {}", g["tags"]["White"], g["tags"]["Black"]);
        assert!(names.to_lowercase().contains("asanova"), "{names}");
    }
    let count = |args: &[&str]| {
        let mut all = vec!["filter", "--format", "jsonl"];
        all.extend(args);
        all.push("records/");
        jsonl(&run(&all).1).len()
    };
    let zamma = count(&["--tag", "Game=^zamma$"]);
    let pinoy = count(&["--tag", "Game=^pinoy-dama$"]);
    assert!(zamma > 0 && pinoy > 0);
    assert_eq!(
        count(&["--tag", "Game=^zamma$", "--tag", "Game=^pinoy-dama$"]),
        0
    );
    assert_eq!(
        count(&[
            "--any",
            "--tag",
            "Game=^zamma$",
            "--tag",
            "Game=^pinoy-dama$"
        ]),
        zamma + pinoy
    );
    assert!(
        count(&["--tag", "expecterror"]) > 0,
        "tag names in any case, unknown tags too"
    );
    // Bad patterns are usage errors.
    assert_eq!(run(&["filter", "--tag", "White=(", "records/"]).0, 2);
    assert_eq!(run(&["filter", "--only-game", "chess", "records/"]).0, 2);
    assert_eq!(run(&["filter", "--since", "someday", "records/"]).0, 2);
}

#[test]
fn filter_finds_a_position_reached_in_every_game_whatever_its_counters() {
    for dir in game_dirs() {
        let dir = dir.to_str().unwrap();
        let (_, out, _) = run(&["convert", "--to", "jsonl", dir]);
        let games = jsonl(&out);
        let game = games
            .iter()
            .find(|g| g["valid"] == true && g["moves"].as_array().is_some_and(|m| m.len() > 4))
            .unwrap_or_else(|| panic!("{dir}: no valid game of 5 moves"));
        let position = game["moves"][3]["position"].as_str().unwrap();
        // Move counters (a mill's last= and quiet=, Pinoy Dama's :C) do not matter.
        let board: Vec<&str> = position
            .split_whitespace()
            .filter(|f| !f.starts_with("last=") && !f.starts_with("quiet="))
            .collect();
        for wanted in [position.to_string(), board.join(" ")] {
            let (_, out, _) = run(&["filter", "--reaching", &wanted, "--format", "jsonl", dir]);
            let found = jsonl(&out);
            assert!(
                found
                    .iter()
                    .any(|g| g["file"] == game["file"] && g["index"] == game["index"]),
                "{dir}: {wanted}"
            );
        }
        // The opening as written selects the game too, numbers and all.
        let opening = format!(
            "1. {} {}",
            game["moves"][0]["written"].as_str().unwrap(),
            game["moves"][1]["written"].as_str().unwrap()
        );
        let (_, out, _) = run(&["filter", "--moves", &opening, "--format", "jsonl", dir]);
        assert!(
            jsonl(&out)
                .iter()
                .any(|g| g["file"] == game["file"] && g["index"] == game["index"]),
            "{dir}: {opening}"
        );
    }
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn filter_moves_match_however_the_move_is_written() {
    let playok = playok();
    let count = |moves: &str| {
        let args = [
            "filter",
            "--game",
            "toguz-kumalak",
            "--moves",
            moves,
            "--format",
            "jsonl",
            playok,
        ];
        jsonl(&run(&args).1).len()
    };
    let canonical = count("1. 87(10) 87(10)");
    assert!(canonical > 0);
    assert_eq!(
        count("87 87"),
        canonical,
        "the kazan count is a mark, not the move"
    );
}

#[test]
fn filter_reads_stdin_and_survives_unreadable_files() {
    let text = fs::read_to_string("records/toguz-kumalak/score-sheet.pgn").unwrap();
    let (code, out, _) = run_with(tgn().args(["filter", "-"]).write_stdin(text.clone()));
    assert_eq!(code, 0);
    assert_eq!(normalized(&out), normalized(&text));
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("binary.pgn");
    fs::write(&binary, b"\0\x01\x02 not a record").unwrap();
    let (code, out, err) = run(&[
        "filter",
        "no/such/file.pgn",
        binary.to_str().unwrap(),
        "records/toguz-kumalak/score-sheet.pgn",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no/such/file.pgn") && err.contains("not a text record"),
        "{err}"
    );
    assert_eq!(
        normalized(&out),
        normalized(&text),
        "the readable file is still written"
    );
}

/// `found N copies of M games` from the closing line of `duplicates`.
fn copies(err: &str) -> (usize, usize) {
    let words: Vec<&str> = err.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "found").unwrap();
    (
        words[at + 1].parse().unwrap(),
        words[at + 4].parse().unwrap(),
    )
}

#[test]
fn duplicates_finds_every_copy_across_files_and_drops_them() {
    for dir in game_dirs() {
        for file in fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_none_or(|e| e != "pgn") {
                continue;
            }
            let path = file.to_str().unwrap();
            let (code, out, err) = run(&["duplicates", path]);
            let (own, _) = copies(&err);
            let (games, _) = counts(&[path]);
            // The file against itself: every game is a copy.
            let (code2, out2, err2) = run(&["duplicates", path, path]);
            assert_eq!(copies(&err2).0, games + own, "{path}: {out2}");
            assert_eq!(code2, 1);
            assert!(out2.contains(&format!("{path}:")));
            assert_eq!(code, i32::from(own > 0), "{path}: {out}");
            // --drop writes the file once, exactly as written.
            let (code, out, err) = run(&["duplicates", "--drop", path, path]);
            assert_eq!(code, 1);
            let original = fs::read_to_string(&file).unwrap();
            if own == 0 {
                assert_eq!(normalized(&out), normalized(&original), "{path}");
            }
            assert_eq!(err.matches("tgn: dropped").count(), games + own, "{err}");
        }
    }
}

#[test]
fn duplicates_compare_moves_not_their_spelling() {
    let dir = tempfile::tempdir().unwrap();
    let canonical = dir.path().join("canonical.pgn");
    let (_, out, _) = run(&[
        "filter",
        "--canonical",
        "records/toguz-kumalak/score-sheet.pgn",
    ]);
    assert!(
        !out.contains("68х") && out.contains("68X"),
        "the tuzdyk mark is written X"
    );
    fs::write(&canonical, out).unwrap();
    let (code, out, err) = run(&[
        "duplicates",
        "records/toguz-kumalak/score-sheet.pgn",
        canonical.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(copies(&err), (1, 1), "{out}");
    // Different players make different games with --same-tags.
    let renamed = fs::read_to_string(&canonical)
        .unwrap()
        .replace("Nurpeisova", "Someone Else");
    fs::write(&canonical, renamed).unwrap();
    let paths = [
        "records/toguz-kumalak/score-sheet.pgn",
        canonical.to_str().unwrap(),
    ];
    let (code, _, err) = run(&["duplicates", "--same-tags", paths[0], paths[1]]);
    assert_eq!((code, copies(&err)), (0, (0, 0)));
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn duplicates_drop_on_playoks_archive_keeps_every_game_it_does_not_name() {
    let playok = playok();
    let duplicates = |how: &[&str]| {
        let mut args = vec!["duplicates", "--game", "toguz-kumalak"];
        args.extend(how);
        args.push(playok);
        copies(&run(&args).2)
    };
    // The archive holds no game twice; 38 short games (1-4 plies) share their moves
    // with another game of other players, events or results: not copies.
    assert_eq!(duplicates(&[]), (0, 0));
    assert_eq!(duplicates(&["--same-tags"]), (0, 0));
    assert_eq!(duplicates(&["--moves-only"]).0, 38);
    let (_, out, err) = run(&[
        "duplicates",
        "--drop",
        "--moves-only",
        "--game",
        "toguz-kumalak",
        playok,
    ]);
    let kept = out.matches("[Event ").count();
    assert_eq!(kept + err.matches("tgn: dropped").count(), 1199);
    assert_eq!(kept, 1199 - 38);
}

#[test]
fn duplicates_on_bad_input() {
    let (code, _, err) = run(&["duplicates", "no/such.pgn", "records/zamma"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such.pgn"));
    // Invalid games are compared and kept like any other.
    let (code, out, _) = run(&[
        "duplicates",
        "--drop",
        "--format",
        "jsonl",
        "records/invalid",
    ]);
    assert_eq!(code, 1);
    assert!(jsonl(&out).iter().any(|g| g["valid"] == false));
}

#[test]
fn split_writes_one_file_per_game_per_n_or_per_tag() {
    for dir in game_dirs() {
        let path = dir.to_str().unwrap();
        let (games, _) = counts(&[path]);
        let out = tempfile::tempdir().unwrap();
        let target = out.path().join("games");
        let target = target.to_str().unwrap();
        let (code, _, err) = run(&["split", path, "-d", target]);
        assert!(code <= 1, "{err}");
        let mut files: Vec<PathBuf> = fs::read_dir(target)
            .unwrap()
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), games, "{path}");
        assert!(files[0].ends_with("game-000001.pgn"));
        // The files together are the collection.
        let together: String = files
            .iter()
            .map(|f| fs::read_to_string(f).unwrap() + "\n")
            .collect();
        let (_, all, _) = run(&["filter", path]);
        assert_eq!(normalized(&together), normalized(&all));
        // Again: existing files are not overwritten without --force.
        assert_eq!(run(&["split", path, "-d", target]).0, 2);
        assert!(run(&["split", "--force", path, "-d", target]).0 <= 1);
        let pairs = out.path().join("pairs");
        run(&["split", "--every", "2", path, "-d", pairs.to_str().unwrap()]);
        assert_eq!(fs::read_dir(&pairs).unwrap().count(), games.div_ceil(2));
        let events = out.path().join("events");
        run(&[
            "split",
            "--by",
            "Event",
            path,
            "-d",
            events.to_str().unwrap(),
        ]);
        for file in fs::read_dir(&events).unwrap() {
            let name = file.unwrap().file_name().into_string().unwrap();
            assert!(
                name.chars()
                    .all(|c| c.is_alphanumeric() || "-_.".contains(c)),
                "{name}"
            );
        }
    }
}

#[test]
fn split_by_tag_names_are_safe_and_distinct() {
    let records = "[Event \"Open 2025/26: final\"]\n[Game \"toguz-kumalak\"]\n\n1. 87 *\n\n\
                   [Event \"open 2025 26  final\"]\n[Game \"toguz-kumalak\"]\n\n1. 87 87 *\n\n\
                   [Event \"CON\"]\n[Game \"toguz-kumalak\"]\n\n1. 21 *\n\n\
                   [Game \"toguz-kumalak\"]\n\n1. 87 22 *\n";
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().to_str().unwrap();
    let (code, _, err) = run_with(
        tgn()
            .args(["split", "--by", "Event", "-", "-d", target])
            .write_stdin(records),
    );
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|f| f.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Open_2025_26_final.pgn",
            "_CON.pgn",
            "no-Event.pgn",
            "open_2025_26_final-2.pgn"
        ]
    );
}

/// A copy of `records/` in a temporary directory.
fn copy_of_records() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in record_files() {
        let target = dir.path().join(&file);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::copy(&file, target).unwrap();
    }
    dir
}

#[test]
fn fix_repairs_results_and_numbers_and_never_changes_a_move() {
    let dir = copy_of_records();
    let copy = dir.path().join("records");
    let copy = copy.to_str().unwrap();
    let (before_games, before_invalid) = counts(&["records/"]);
    let (code, _, err) = run(&["fix", "--canonical", copy]);
    assert_eq!(code, 1, "invalid records stay invalid: {err}");
    assert!(err.contains("tgn: fixed"), "{err}");
    let (after_games, after_invalid) = counts(&[copy]);
    assert_eq!(after_games, before_games);
    assert!(
        after_invalid < before_invalid,
        "the wrong results are fixed"
    );
    // No warning about numbers or results is left.
    let (_, out, _) = run(&["check", "--format", "json", copy]);
    for game in jsonl(&out) {
        for w in game["warnings"].as_array().unwrap() {
            assert!(
                w["code"] != "move-number" && w["code"] != "result-tag",
                "{w}"
            );
        }
    }
    // Every game with moves is a copy of its original: no move changed. By the moves
    // alone: a fixed result makes the game another game for plain `duplicates`.
    let (_, _, own) = run(&["duplicates", "--moves-only", "records/"]);
    let (_, _, both) = run(&["duplicates", "--moves-only", "records/", copy]);
    let (_, out, _) = run(&["convert", "--to", "jsonl", "records/"]);
    let with_moves = jsonl(&out)
        .iter()
        .filter(|g| g["moves"].as_array().is_some_and(|m| !m.is_empty()))
        .count();
    assert_eq!(copies(&both).0, with_moves + copies(&own).0);
    // A second run finds nothing left to fix and touches nothing.
    let (_, _, err) = run(&["fix", "--canonical", copy]);
    assert!(err.contains("tgn: fixed 0 games in 0 files"), "{err}");
    // A file with nothing to fix (no diff of it in a dry run) is byte for byte the same.
    let (_, diff, _) = run(&["fix", "--canonical", "--dry-run", "records/"]);
    let to_fix: BTreeSet<&str> = diff
        .lines()
        .filter_map(|l| l.strip_prefix("+++ b/"))
        .collect();
    assert!(!to_fix.is_empty(), "{diff}");
    for file in record_files() {
        if !to_fix.contains(file.to_str().unwrap()) {
            let fixed = fs::read(dir.path().join(&file)).unwrap();
            let original = fs::read(&file).unwrap();
            assert!(fixed == original, "{} changed", file.display());
        }
    }
}

#[test]
fn fix_dry_run_shows_a_diff_and_writes_nothing() {
    let dir = copy_of_records();
    let file = dir.path().join("records/invalid/toguz-kumalak-result.pgn");
    let before = fs::read(&file).unwrap();
    let (code, out, err) = run(&["fix", "--dry-run", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with(&format!("--- {}", file.display())), "{out}");
    assert!(
        out.contains("-[Result \"1-0\"]") && out.contains("+[Result \"1/2-1/2\"]"),
        "{out}"
    );
    assert_eq!(fs::read(&file).unwrap(), before);
    // No temporary file is left behind.
    let left: Vec<_> = fs::read_dir(file.parent().unwrap())
        .unwrap()
        .filter(|f| {
            f.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".tgn")
        })
        .collect();
    assert!(left.is_empty());
}

#[test]
fn fix_adds_a_missing_result_tag_and_orders_tags_keeping_comments() {
    let text = "[Game \"toguz-kumalak\"]\n[White \"A\"]\n[Event \"E\"]\n\n\
                {a comment kept} 1. 87 87 {another} 3. 22 *\n";
    let (code, out, err) = run_with(tgn().args(["fix", "-"]).write_stdin(text));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "[Event \"E\"]\n[White \"A\"]\n[Result \"*\"]\n[Game \"toguz-kumalak\"]\n\n\
         {a comment kept} 1. 87 87 {another} 2. 22 *\n"
    );
    // Only the results, to a new file.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    let output = dir.path().join("out.pgn");
    fs::write(&input, text).unwrap();
    let (code, _, _) = run(&[
        "fix",
        "--results",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        fs::read_to_string(&input).unwrap(),
        text,
        "the input is untouched"
    );
    assert_eq!(
        fs::read_to_string(&output).unwrap(),
        text.replace("[Event \"E\"]\n", "[Event \"E\"]\n[Result \"*\"]\n")
    );
}

#[test]
fn fix_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("binary.pgn");
    fs::write(&binary, b"\0\0\0").unwrap();
    let (code, _, err) = run(&["fix", binary.to_str().unwrap(), "no/such.pgn"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a text record") && err.contains("no/such.pgn"),
        "{err}"
    );
    assert_eq!(fs::read(&binary).unwrap(), b"\0\0\0");
    // A game with a syntax error is left exactly as written.
    let broken = dir.path().join("broken.pgn");
    let text = "[Game \"toguz-kumalak\"]\n[Result \"1-0\"]\n\n1. 76 {open 76 *\n";
    fs::write(&broken, text).unwrap();
    let (code, _, _) = run(&["fix", broken.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(fs::read_to_string(&broken).unwrap(), text);
    assert_eq!(run(&["fix", "--encoding", "latin-1", "records/zamma"]).0, 2);
    // Old Macintosh line ends (a lone CR) are read as line ends: the game is fixed
    // and its lines still end in a lone CR.
    let mac = dir.path().join("mac.pgn");
    let text = "[Game \"toguz-kumalak\"]\r[Result \"1-0\"]\r\r1. 87 87 3. 22 *\r";
    fs::write(&mac, text).unwrap();
    let (_, _, err) = run(&["fix", mac.to_str().unwrap()]);
    assert!(err.contains("fixed 1 game"), "{err}");
    let fixed = "[Result \"*\"]\r[Game \"toguz-kumalak\"]\r\r1. 87 87 2. 22 *\r";
    assert_eq!(fs::read_to_string(&mac).unwrap(), fixed);
}

#[test]
fn summarize_by_player_and_event() {
    for dir in game_dirs() {
        let path = dir.to_str().unwrap();
        let (games, invalid) = counts(&[path]);
        let (code, out, _) = run(&["summarize", "--by", "player", "--format", "json", path]);
        assert_eq!(code, i32::from(invalid > 0));
        let players: Vec<Value> = serde_json::from_str(&out).unwrap();
        let sum: u64 = players.iter().map(|p| p["games"].as_u64().unwrap()).sum();
        assert_eq!(sum as usize, 2 * games, "{path}: a game has two players");
        let (_, out, _) = run(&["summarize", "--by", "event", "--format", "json", path]);
        let events: Vec<Value> = serde_json::from_str(&out).unwrap();
        let sum: u64 = events.iter().map(|e| e["games"].as_u64().unwrap()).sum();
        assert_eq!(sum as usize, games);
        let (_, table, _) = run(&["summarize", "--by", "player", path]);
        assert!(table.contains("as White"));
    }
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn summarize_by_player_on_playoks_archive_gives_one_point_a_game() {
    let playok = playok();
    let args = [
        "summarize",
        "--by",
        "player",
        "--format",
        "json",
        "--game",
        "toguz-kumalak",
        playok,
    ];
    let players: Vec<Value> = serde_json::from_str(&run(&args).1).unwrap();
    let points: f64 = players.iter().map(|p| p["score"].as_f64().unwrap()).sum();
    let results: u64 = players
        .iter()
        .map(|p| {
            ["first", "second"]
                .iter()
                .map(|c| {
                    p[c]["wins"].as_u64().unwrap()
                        + p[c]["draws"].as_u64().unwrap()
                        + p[c]["losses"].as_u64().unwrap()
                })
                .sum::<u64>()
        })
        .sum();
    assert_eq!(
        points * 2.0,
        results as f64,
        "a decided game gives one point in all"
    );
}

#[test]
fn the_new_commands_have_help_with_examples() {
    for sub in ["filter", "duplicates", "split", "fix"] {
        let (code, out, _) = run(&[sub, "--help"]);
        assert_eq!(code, 0);
        assert!(
            out.contains("Examples:") && out.contains("Exit status:"),
            "{sub}"
        );
    }
}

#[test]
fn fix_gives_a_decided_set_up_position_its_result_on_a_line_of_its_own() {
    let text = "[Game \"zamma\"]\n[SetUp \"1\"]\n[FEN \"9/9/9/9/9/n8/n8/s8/9 s\"]\n";
    let (code, out, err) = run_with(tgn().args(["fix", "-"]).write_stdin(text));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "[Result \"0-1\"]\n[Game \"zamma\"]\n[SetUp \"1\"]\n[FEN \"9/9/9/9/9/n8/n8/s8/9 s\"]\n\n0-1\n"
    );
    let (code, _, _) = run_with(tgn().args(["check", "--strict", "-"]).write_stdin(out));
    assert_eq!(code, 0);
}

#[test]
fn fix_leaves_a_file_with_nothing_to_fix_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("clean.pgn");
    fs::copy("records/toguz-kumalak/r10-early-end.pgn", &file).unwrap();
    let (_, diff, _) = run(&["fix", "--dry-run", file.to_str().unwrap()]);
    assert!(diff.is_empty(), "{diff}");
    let modified = fs::metadata(&file).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let (code, _, err) = run(&["fix", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::metadata(&file).unwrap().modified().unwrap(), modified);
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file is left"
    );
}

#[test]
fn fix_dry_run_numbers_each_games_hunks_at_its_lines_in_the_file() {
    // Streamed game by game, the hunks still say where in the file each change is:
    // the second game's new lines are shifted by the line the first fix added.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.pgn");
    let game = |n: &str| format!("[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) {n}. 88 *\n");
    fs::write(
        &file,
        format!("{}\n{}\n{}", game("7"), game("2"), game("5")),
    )
    .unwrap();
    let (code, diff, _) = run(&["fix", "--dry-run", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    let hunks: Vec<&str> = diff.lines().filter(|l| l.starts_with("@@")).collect();
    assert_eq!(
        hunks,
        ["@@ -1,3 +1,4 @@", "@@ -5,3 +6,4 @@", "@@ -9,3 +11,4 @@"],
        "{diff}"
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap().matches("Result").count(),
        0
    );
}

/// `annotate` on an annotated record adds nothing: what it wrote is not written twice
/// (every comment was doubled), and moves kept in a "not replayed" comment keep their
/// comments' braces. (Of valid games: an invalid game's moves after its bad move are
/// kept in a comment, so that its annotated record is another record.)
#[test]
fn annotate_twice_is_annotate_once() {
    // A folder at a time: its files' games, annotated, one after the other.
    for dir in game_dirs() {
        let path = dir.to_str().unwrap();
        for args in [&["annotate"][..], &["annotate", "--positions"]] {
            let once = run(&[args, &[path]].concat()).1;
            let twice = run_with(tgn().args(args).arg("-").write_stdin(once.clone())).1;
            assert_eq!(twice, once, "tgn {args:?} {path}, twice");
        }
    }
    // A comment's text may hold `{` (comments do not nest): `a {note`.
    let bad = "[Game \"toguz-kumalak\"]\n\n1. 97 11(10) {a {note} 2. 32 *\n";
    let out = run_with(tgn().arg("annotate").arg("-").write_stdin(bad)).1;
    assert!(
        out.contains("not replayed: 11(10) {a {note} 2. 32"),
        "{out}"
    );
}
