//! The binary as users run it: exit codes, inputs (files, directories, stdin), output
//! formats. Game-specific behaviour is tested with the records in `records/`.

use crate::common;

use std::fs;

use crate::common::tgn;
use assert_cmd::Command;
use serde_json::Value;

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

#[test]
fn help_shows_examples_and_subcommands() {
    let out = stdout(tgn().arg("--help"));
    for word in [
        "check",
        "convert",
        "annotate",
        "diff",
        "summarize",
        "Examples:",
    ] {
        assert!(out.contains(word), "{word} missing from --help");
    }
    for sub in ["check", "convert", "annotate", "diff", "summarize", "games"] {
        assert!(
            stdout(tgn().args([sub, "--help"])).contains("Example"),
            "{sub} --help"
        );
    }
}

#[test]
fn usage_errors_and_missing_files_exit_2() {
    tgn().arg("check").assert().code(2);
    tgn().args(["convert", "x.pgn"]).assert().code(2); // --to is required
    tgn()
        .args(["check", "--encoding", "klingon", "x.pgn"])
        .assert()
        .code(2);
    tgn()
        .args(["check", "no/such/file.pgn"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no/such/file.pgn"));
}

#[test]
fn the_closing_line_counts_the_paths_that_could_not_be_read() {
    tgn()
        .args(["check", "records/toguz-kumalak/", "no/such/file.pgn"])
        .assert()
        .code(2)
        .stdout(predicates::str::contains(
            "14 valid, 0 invalid, 1 read error",
        ));
}

#[test]
fn a_record_without_a_game_is_invalid_and_says_how_to_fix_it() {
    tgn()
        .args(["check", "-"])
        .write_stdin("[Event \"x\"]\n\n1. 87 87 *\n")
        .assert()
        .code(1)
        .stdout(predicates::str::contains("error[unknown-game]"))
        .stdout(predicates::str::contains("--game"))
        .stdout(predicates::str::contains("<stdin>:1:1"));
}

#[test]
fn json_lines_have_the_documented_fields() {
    let out = stdout(
        tgn()
            .args(["check", "--format", "json", "-"])
            .write_stdin("[Game \"chess\"]\n1. e4 1-0\n\n[Event \"y\"]\n1. a *\n"),
    );
    let games: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    for (i, game) in games.iter().enumerate() {
        for field in [
            "file", "index", "game", "valid", "plies", "errors", "result", "outcome",
        ] {
            assert!(game.get(field).is_some(), "{field} missing");
        }
        assert_eq!(game["index"], i);
        assert_eq!(game["valid"], false);
        let error = &game["errors"][0];
        for field in ["code", "line", "column", "ply", "message"] {
            assert!(error.get(field).is_some(), "{field} missing");
        }
    }
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[1]["errors"][0]["line"], 4);
}

#[test]
fn github_format_writes_annotations() {
    tgn()
        .args(["check", "--format", "github", "-"])
        .write_stdin("[Game \"chess\"]\n1. e4 *\n")
        .assert()
        .code(1)
        .stdout(predicates::str::starts_with(
            "::error file=<stdin>,line=1,col=1,title=tgn unknown-game::",
        ));
}

#[test]
fn text_that_is_not_utf8_names_the_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp1251.pgn");
    fs::write(
        &path,
        b"[White \"\xc0\xe1\xe0\xe9\"]\n[Game \"x\"]\n1. a *\n",
    )
    .unwrap();
    tgn()
        .args(["check", path.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("not UTF-8 at byte offset 8"));
    let out = stdout(
        tgn()
            .args(["convert", "--to", "jsonl", "--encoding", "windows-1251"])
            .arg(&path),
    );
    let game: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(game["tags"]["White"], "Абай");
}

#[test]
fn directories_are_walked_for_record_files_only() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("a.pgn"), "[Game \"x\"]\n1. a *\n").unwrap();
    fs::write(dir.path().join("sub/b.pdn"), "[Game \"x\"]\n1. a *\n").unwrap();
    fs::write(dir.path().join("notes.txt"), "not a record").unwrap();
    tgn()
        .args(["check", "-q"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(predicates::str::contains("checked 2 games in 2 files"));
}

#[test]
fn convert_round_trips_tags_comments_nags_and_variations() {
    let text = "[Event \"Cup\"]\n[Odd \"kept\"]\n\n{intro} 1. a $1 {c} (1. b {alt}) 1... d ; line\n1-0 {zero}\n";
    let json = stdout(
        tgn()
            .args(["convert", "--to", "json", "-"])
            .write_stdin(text),
    );
    let back = stdout(
        tgn()
            .args(["convert", "--from", "json", "--to", "pgn", "-"])
            .write_stdin(json),
    );
    for part in [
        "[Odd \"kept\"]",
        "{intro}",
        "$1",
        "{c}",
        "(1. b {alt})",
        "{line}",
        "1-0",
        "{zero}",
    ] {
        assert!(back.contains(part), "{part} lost:\n{back}");
    }
}

#[test]
fn games_lists_every_registered_game() {
    let out = stdout(tgn().arg("games"));
    for found in tgn::registry::all_games() {
        assert!(out.contains(found.info.id));
    }
}

fn record(path: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("records")
        .join(path)
        .display()
        .to_string()
}

#[test]
fn every_sample_folder_checks_clean_and_invalid_records_fail() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
    for entry in fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let expected = if path.ends_with("invalid") { 1 } else { 0 };
        tgn()
            .args(["check", "-q"])
            .arg(&path)
            .assert()
            .code(expected);
    }
}

#[test]
fn annotate_writes_canonical_moves_and_keeps_the_moves_after_a_bad_one() {
    let out = stdout(
        tgn()
            .args(["annotate", "--game", "toguz-kumalak", "-"])
            .write_stdin("1. 98(10) 11(10) 2. 99 {bad} 13 3. 45 *"),
    );
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        out.contains("99 {error: wrong mark: the last stone lands in N1, not N9} {bad}"),
        "{out}"
    );
    assert!(out.contains("{not replayed: 13 3. 45}"), "{out}");
    assert!(out.contains("[Annotator \"tgn"), "{out}");
    let out = stdout(
        tgn()
            .args(["annotate", "--positions", "--game", "toguz-kumalak", "-"])
            .write_stdin("1. 9 8 *"),
    );
    assert!(
        out.contains("98(10)"),
        "a bare P becomes PL with its marks: {out}"
    );
    assert!(out.contains("captures 10"), "{out}");
    assert!(
        out.contains("S:9,9,9,9,9,9,9,9,1/N:10,10,10,10,10,10,10,0,9/K:10,0/T:-,-/M:N"),
        "{out}"
    );
}

#[test]
fn convert_to_json_carries_the_state_after_every_move() {
    let out = stdout(
        tgn()
            .args([
                "convert",
                "--to",
                "json",
                "--states",
                "--game",
                "toguz-kumalak",
                "-",
            ])
            .write_stdin("1. 9 {c} 8 *"),
    );
    let games: Value = serde_json::from_str(&out).unwrap();
    let first = &games[0]["moves"][0];
    assert_eq!(first["written"], "9");
    assert_eq!(first["move"], "98(10)");
    assert_eq!(first["comments"][0], "c");
    assert_eq!(first["state"]["kazans"][0], 10);
}

#[test]
fn diff_exits_0_when_records_agree_and_1_when_they_differ() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pgn");
    let b = dir.path().join("b.pgn");
    fs::write(&a, "[Game \"toguz\"]\n[Round \"1\"]\n1. 98(10) 11(10) *\n").unwrap();
    fs::write(&b, "[Game \"toguz\"]\n[Round \"1\"]\n1. 9 1 *\n").unwrap();
    tgn().arg("diff").arg(&a).arg(&b).assert().code(0);
    fs::write(&b, "[Game \"toguz\"]\n[Round \"2\"]\n1. 9 2 *\n").unwrap();
    tgn()
        .arg("diff")
        .arg(&a)
        .arg(&b)
        .assert()
        .code(1)
        .stdout(predicates::str::contains("first divergence at ply 2"))
        .stdout(predicates::str::contains("~ [Round \"1\"] → \"2\""));
}

#[test]
fn summarize_json_has_the_documented_fields() {
    let out = stdout(
        tgn()
            .args(["summarize", "--format", "json"])
            .arg(record("toguz-kumalak")),
    );
    let summary: Value = serde_json::from_str(&out).unwrap();
    for field in [
        "games", "valid", "invalid", "by_game", "results", "decided", "plies", "openings", "errors",
    ] {
        assert!(summary.get(field).is_some(), "{field} missing");
    }
    assert_eq!(summary["invalid"], 0);
    assert!(summary["by_game"]["toguz-kumalak"].as_u64().unwrap() > 0);
}

#[test]
fn json_lines_read_back_game_by_game() {
    let text = "[Game \"toguz\"]\n1. 98(10) {a} *\n\n[Game \"zamma\"]\n1. e4-e5 e6xe4 0-1\n";
    let jsonl = stdout(
        tgn()
            .args(["convert", "--to", "jsonl", "-"])
            .write_stdin(text),
    );
    assert_eq!(jsonl.lines().count(), 2);
    let back = stdout(
        tgn()
            .args(["convert", "--from", "json", "--to", "pgn", "-"])
            .write_stdin(jsonl.clone()),
    );
    assert!(back.contains("1. 98(10) {a} *"), "{back}");
    assert!(back.contains("1. e4-e5 e6xe4 0-1"), "{back}");
    // Issue 13: a bad line is reported with its line and game (counted from 1, as
    // check counts), and the lines after it are still read.
    let first = jsonl.lines().next().unwrap();
    let input = format!("{{\"tags\": {{}}}} {{oops\n{first}\n");
    let output = tgn()
        .args(["convert", "--from", "json", "--to", "pgn", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 1 (game 2): not JSON written by tgn convert",
        ))
        .get_output()
        .stdout
        .clone();
    assert!(
        String::from_utf8(output)
            .unwrap()
            .contains("1. 98(10) {a} *")
    );
}

#[test]
fn check_verbose_gives_a_line_per_game_with_its_final_position() {
    let out = stdout(tgn().args(["check", "-v", "records/toguz-kumalak/r11-draw.pgn"]));
    let first = out.lines().next().unwrap();
    assert!(first.contains("valid, 1/2-1/2 declared"), "{first}");
    assert!(
        first.ends_with(
            "141 plies, final [S:0,0,0,0,0,0,0,0,0/N:0,0,0,0,0,0,0,0,0/K:81,81/T:8,3/M:N]"
        ),
        "{first}"
    );
}

#[test]
fn analyze_judges_every_move_the_same_on_every_thread_count() {
    let record = "records/toguz-kumalak/score-sheet.pgn";
    let run = |threads: &str| {
        stdout(
            tgn()
                .env("RAYON_NUM_THREADS", threads)
                .args(["analyze", "--depth", "2", "--format", "json", record]),
        )
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let game: Value = serde_json::from_str(one.lines().next().unwrap()).unwrap();
    let moves = game["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for object in moves.iter().filter(|m| m.get("ply").is_some()) {
        let eval = &object["eval"];
        for key in [
            "best",
            "score",
            "played_score",
            "loss",
            "result",
            "plies_to_end",
            "played_result",
            "played_plies_to_end",
            "win_before",
            "win_after",
            "accuracy",
            "mark",
            "depth",
            "nodes",
        ] {
            assert!(eval.get(key).is_some(), "{key} missing from {eval}");
        }
        if let (Some(score), Some(played)) = (eval["score"].as_i64(), eval["played_score"].as_i64())
        {
            assert_eq!(eval["loss"].as_i64(), Some(score - played));
        }
    }
}

#[test]
fn analyze_marks_moves_in_comments_and_nags() {
    let out = stdout(tgn().args([
        "analyze",
        "--depth",
        "2",
        "records/toguz-kumalak/score-sheet.pgn",
    ]));
    assert!(out.contains(" -> "), "{out}");
    assert!(out.contains(", best "), "{out}");
}

#[test]
fn an_output_file_that_is_a_record_read_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.pgn");
    fs::copy("records/toguz-kumalak/score-sheet.pgn", &record).unwrap();
    let before = fs::read(&record).unwrap();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink(&record, &link).unwrap();
    for output in [&record, &link] {
        for command in [&["view"][..], &["diagram", "--end"][..]] {
            tgn()
                .args(command)
                .arg("-o")
                .arg(output)
                .arg(&record)
                .assert()
                .code(2)
                .stderr(predicates::str::contains("it would be replaced"));
        }
    }
    assert_eq!(fs::read(&record).unwrap(), before);
}

#[test]
fn an_output_file_that_cannot_be_written_is_named_in_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-dir");
    let record = "records/toguz-kumalak/score-sheet.pgn";
    for (args, file) in [
        (vec!["view", "-o"], "page.html"),
        (vec!["diagram", "--end", "-o"], "board.svg"),
    ] {
        let output = missing.join(file);
        tgn()
            .args(&args)
            .arg(&output)
            .arg(record)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(output.display().to_string()));
    }
    // A missing directory of diagrams is made (as split makes its own); one that
    // cannot be, under a file, is named.
    let file = dir.path().join("a-file");
    fs::write(&file, "").unwrap();
    tgn()
        .args(["annotate", "--diagrams"])
        .arg(file.join("diagrams"))
        .arg(record)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("a-file/diagrams"));
}

/// Issue 39: one search judges the best move and the move played, so the move played
/// never scores above the best; a proof is a result, never a score near a million;
/// and every move has its expected scores, accuracy and mark.
#[test]
fn analyze_never_scores_the_move_played_above_the_best() {
    let out = stdout(tgn().args([
        "analyze",
        "--format",
        "json",
        "records/toguz-kumalak/score-sheet.pgn",
        "records/toguz-kumalak/r10-early-end.pgn",
    ]));
    let mut judged = 0;
    for line in out.lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        let budget = &game["analysis"]["budget"];
        assert_eq!(budget["nodes"].as_u64(), Some(tgn::analysis::DEFAULT_NODES));
        for (played, eval) in game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| Some((&m["move"], m.get("eval")?)))
        {
            judged += 1;
            assert!(eval["loss"].as_i64().is_none_or(|l| l >= 0), "{eval}");
            for key in ["score", "played_score", "loss"] {
                let value = eval[key].as_i64();
                assert!(value.is_none_or(|v| v.abs() < 1000), "{key} in {eval}");
            }
            let (before, after) = (
                eval["win_before"].as_f64().unwrap(),
                eval["win_after"].as_f64().unwrap(),
            );
            assert!(after <= before && (0.0..=1.0).contains(&after), "{eval}");
            if &eval["best"] == played {
                assert!(
                    eval["mark"].is_null() && eval["win_after"] == eval["win_before"],
                    "{eval}"
                );
                assert!(eval["loss"].as_i64().is_none_or(|l| l == 0), "{eval}");
            }
            if after == before {
                assert!(
                    eval["mark"].is_null() && eval["accuracy"] == 100.0,
                    "{eval}"
                );
            }
        }
    }
    assert!(judged > 50, "{judged} moves judged");
}

/// Issue 39, item 5: the annotated record says what analyzed it and with what budget.
#[test]
fn analyze_signs_the_record_with_its_budget() {
    let out = stdout(tgn().args([
        "analyze",
        "--nodes",
        "3000",
        "records/toguz-kumalak/score-sheet.pgn",
    ]));
    let signed = format!(
        "[Annotator \"tgn {}, 3000 nodes per position\"]",
        env!("CARGO_PKG_VERSION")
    );
    assert!(out.contains(&signed), "{out}");
}

/// Issue 33, item 6: one game's analysis is bounded by a total of nodes; past it the
/// rest of the game is not analyzed, and every output says from which ply and why.
#[test]
fn analyze_stops_a_game_at_its_node_budget_and_says_where() {
    let record = "records/toguz-kumalak/score-sheet.pgn";
    let args = ["analyze", "--nodes", "1000", "--game-nodes", "5000", record];
    let pgn = tgn().args(args).output().unwrap();
    assert_eq!(pgn.status.code(), Some(0));
    let text = String::from_utf8(pgn.stdout).unwrap();
    let said = "analysis stopped at ply ";
    assert!(text.contains(said), "{text}");
    assert!(text.contains("--game-nodes"), "{text}");
    let stderr = String::from_utf8(pgn.stderr).unwrap();
    assert!(stderr.contains(said), "{stderr}");
    let json = stdout(tgn().args(args).args(["--format", "json"]));
    let game: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let stopped = &game["analysis"]["stopped"];
    let ply = stopped["ply"].as_u64().expect("a ply");
    let judged = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m.get("eval").is_some())
        .count() as u64;
    assert_eq!(judged + 1, ply, "{stopped}");
    assert!(game["analysis"]["nodes"].as_u64().unwrap() <= 5000);
}

/// Issue 33, item 7: a table the system will not give is an error naming `--hash`
/// (exit 2), not an abort: `--hash 4096` under a 4 GB limit of address space.
#[test]
fn analyze_with_a_table_the_system_refuses_is_an_error_naming_hash() {
    let binary = assert_cmd::cargo::cargo_bin("tgn");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000 && exec \"$0\" analyze --hash 4096 records/toguz-kumalak/score-sheet.pgn")
        .arg(&binary)
        .current_dir(common::root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--hash 4096"), "{stderr}");
    assert!(out.stdout.is_empty());
}
