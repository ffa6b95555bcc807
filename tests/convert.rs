//! `tgn convert` writes what it read (issue 23): a game with a syntax error comes out
//! as it was written, never repaired; JSON values never change the structure of the
//! text written from them; JSON arrays are read game by game; the state after every
//! move only on request.

use crate::common::run_stdin;
use serde_json::Value;

const SYNTAX: [&str; 3] = [
    "records/invalid/syntax-unclosed-comment.pgn",
    "records/invalid/syntax-unclosed-variation.pgn",
    "records/invalid/syntax-unclosed-tag.pgn",
];

/// The text of the first game of a file, up to the blank line before the second.
fn first_game(text: &str) -> &str {
    let second = text.find("\n\n[Event \"The game after").unwrap();
    text[..second].trim_end()
}

#[test]
fn issue_23_a_game_with_a_syntax_error_is_written_as_read() {
    for file in SYNTAX {
        let original =
            std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
                .unwrap();
        let pgn = run_stdin(&["convert", "--to", "pgn", file], "");
        assert_eq!(pgn.code, 1, "{file}: {}", pgn.stderr);
        assert_eq!(first_game(&pgn.stdout), first_game(&original), "{file}");
        let check = run_stdin(&["check", "--format", "json", "-"], &pgn.stdout);
        let first: Value = serde_json::from_str(check.stdout.lines().next().unwrap()).unwrap();
        assert_eq!(first["valid"], false, "{file}");
        assert_eq!(first["errors"][0]["code"], "syntax", "{file}");
        // Through JSON the same: the game carries its text.
        let json = run_stdin(&["convert", "--to", "json", file], "");
        let games: Value = serde_json::from_str(&json.stdout).unwrap();
        assert_eq!(
            games[0]["text"].as_str(),
            Some(first_game(&original)),
            "{file}"
        );
        assert!(
            games[1].get("text").is_none(),
            "only a game with syntax errors"
        );
        let back = run_stdin(
            &["convert", "--from", "json", "--to", "pgn", "-"],
            &json.stdout,
        );
        assert_eq!(back.code, 1, "{file}: {}", back.stderr);
        assert_eq!(back.stdout, pgn.stdout, "{file}");
    }
}

#[test]
fn issue_23_json_values_that_would_change_the_text_are_refused_by_line() {
    let lines = [
        r#"{"tags":{"Event":"x\"]\n\n[Event \"injected"},"moves":[{"written":"98(10)"}]}"#,
        r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10) 11(10)"}]}"#,
        r#"{}"#,
        r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)","comments":["a}\nb"]}]}"#,
        r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)","comments":["a\n\n[Event \"x\"]"]}]}"#,
        r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)"}],"result":"1-0 2. 43"}"#,
        r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)"}]}"#,
    ];
    let r = run_stdin(
        &["convert", "--from", "json", "--to", "pgn", "-"],
        lines.join("\n"),
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    for why in [
        "line 1 (game 1): tag Event: a line break",
        "line 2 (game 2): move `98(10) 11(10)` is not one move token",
        "line 3 (game 3): no game in it",
        "line 4 (game 4): comment \"a}\\nb\": a `}` and a line break",
        "line 5 (game 5): comment",
        "line 6 (game 6): unknown result \"1-0 2. 43\"",
    ] {
        assert!(r.stderr.contains(why), "{why}:\n{}", r.stderr);
    }
    // The one good game is converted, with a termination marker it did not have.
    assert_eq!(r.stdout, "[Game \"toguz\"]\n\n98(10) *\n\n");
    assert!(
        r.stderr.contains("converted 1 game in 1 file"),
        "{}",
        r.stderr
    );
}

#[test]
fn issue_23_an_array_is_read_game_by_game_and_a_bad_element_is_one_error() {
    let game = r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)"}],"result":"*"}"#;
    let input = format!("[\n{game},\n{{\"moves\": 7}},\n{game}\n]\n");
    let r = run_stdin(&["convert", "--from", "json", "--to", "jsonl", "-"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("line 3 (game 2): moves: expected an array"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stdout);
}

#[test]
fn issue_23_pgn_json_pgn_keeps_tags_comments_and_unknown_tags() {
    let text = "[Event \"Cup \\\"A\\\" \\\\ B\"]\n[Odd \"kept\"]\n[Game \"toguz\"]\n[Odd \"twice\"]\n\n\
                {intro} 1. 98(10) $1 {c} (1. 43(10) {alt}) 1... 11(10) ; brace } here\n2. 97 {last} 1-0 {zero}\n";
    let pgn = run_stdin(&["convert", "--to", "pgn", "-"], text);
    for to in ["json", "jsonl"] {
        for states in [false, true] {
            let mut args = vec!["convert", "--to", to];
            args.extend(states.then_some("--states"));
            args.push("-");
            let json = run_stdin(&args, text);
            let back = run_stdin(
                &["convert", "--from", "json", "--to", "pgn", "-"],
                &json.stdout,
            );
            assert_eq!(back.stdout, pgn.stdout, "{to} {states}: {}", back.stderr);
            assert_eq!(back.code, pgn.code, "{to} {states}");
        }
    }
    for part in [
        "[Event \"Cup \\\"A\\\" \\\\ B\"]",
        "[Odd \"kept\"]",
        "[Odd \"twice\"]",
        "{intro}",
        "(1. 43(10) {alt})",
        "; brace } here",
        "1-0 {zero}",
    ] {
        assert!(pgn.stdout.contains(part), "{part} lost:\n{}", pgn.stdout);
    }
}

#[test]
fn issue_23_states_only_on_request_and_json_compact_unless_pretty() {
    let text = "[Game \"toguz\"]\n1. 98(10) 11(10) *\n";
    let plain = run_stdin(&["convert", "--to", "json", "-"], text);
    assert_eq!(plain.stdout.lines().count(), 3, "[, one line a game, ]");
    let games: Value = serde_json::from_str(&plain.stdout).unwrap();
    assert!(games[0]["moves"][0].get("state").is_none());
    assert!(games[0]["start"].get("state").is_none());
    assert!(games[0]["moves"][0]["position"].is_string());
    let full = run_stdin(
        &["convert", "--to", "json", "--states", "--pretty", "-"],
        text,
    );
    assert!(full.stdout.lines().count() > 20);
    let games: Value = serde_json::from_str(&full.stdout).unwrap();
    assert_eq!(games[0]["moves"][0]["state"]["kazans"][0], 10);
    assert!(games[0]["start"]["state"].is_object());
    assert!(full.stdout.len() > 2 * plain.stdout.len());
    // Both read back alike, as JSON written before --states did.
    let back =
        |json: &str| run_stdin(&["convert", "--from", "json", "--to", "pgn", "-"], json).stdout;
    assert_eq!(back(&plain.stdout), back(&full.stdout));
    // The flags that JSON Lines or text cannot honour are usage errors.
    for args in [["--to", "jsonl", "--pretty"], ["--to", "pgn", "--states"]] {
        let r = run_stdin(&[&["convert"][..], &args, &["-"]].concat(), text);
        assert_eq!(r.code, 2, "{args:?}");
    }
}

/// Issue 52 item 7: JSON and JSON Lines on standard input are read as JSON, told by
/// how they start, as a `.json` file is by its name; a record that opens with a
/// `{comment}` stays a record.
#[test]
fn issue52_json_on_stdin_is_read_as_json() {
    let path = "records/bagh-chal/worked-examples.pgn";
    let pgn = crate::common::run(&["convert", "--to", "pgn", path]).stdout;
    for to in ["json", "jsonl"] {
        let json = crate::common::run(&["convert", "--to", to, path]).stdout;
        let back = crate::common::run_stdin(&["convert", "--to", "pgn", "-"], &json);
        assert_eq!(back.code, 0, "{to}: {}", back.stderr);
        assert_eq!(back.stdout, pgn, "{to}");
        let bom = format!("\u{feff}{json}");
        let back = crate::common::run_stdin(&["convert", "--to", "pgn", "-"], bom);
        assert_eq!(back.stdout, pgn, "{to} after a byte order mark");
    }
    let text = std::fs::read_to_string(path).unwrap();
    for opening in ["{a comment}\n", "{\"quoted\" words}\n"] {
        let out = crate::common::run_stdin(&["check", "-"], format!("{opening}{text}"));
        assert!(out.stdout.contains("5 valid"), "{opening}: {}", out.stdout);
        let out = crate::common::run_stdin(
            &["convert", "--to", "jsonl", "-"],
            format!("{opening}{text}"),
        );
        assert!(
            !out.stderr.contains("not JSON"),
            "{opening}: {}",
            out.stderr
        );
    }
}

/// Issue 52 item 7: a compressed JSON file is JSON by the name under its compression.
#[test]
fn issue52_compressed_json_lines_are_json_by_their_inner_extension() {
    use std::io::Write;
    let path = "records/bagh-chal/worked-examples.pgn";
    let pgn = crate::common::run(&["convert", "--to", "pgn", path]).stdout;
    let json = crate::common::run(&["convert", "--to", "jsonl", path]).stdout;
    let dir = tempfile::tempdir().unwrap();
    let packed = dir.path().join("games.jsonl.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(json.as_bytes()).unwrap();
    std::fs::write(&packed, gz.finish().unwrap()).unwrap();
    let out = crate::common::Run::of(
        crate::common::tgn()
            .args(["convert", "--to", "pgn"])
            .arg(&packed),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, pgn);
}

/// Issue 52, item 6: CSV keeps what the records say: a column per tag beyond the
/// standard seven (sorted by name), or those `--tags` lists, or none; `--moves` adds
/// the main line as written. From a file and from standard input alike.
#[test]
fn issue52_the_csv_has_a_column_per_tag_and_the_moves_on_request() {
    let text = "[Game \"toguz-kumalak\"]\n[White \"A\"]\n[WhiteElo \"1500\"]\n\
                [TimeControl \"60+0\"]\n[WhiteElo \"9\"]\n\n1. 54(10) 11(10) *\n\n\
                [Game \"toguz-kumalak\"]\n[BlackElo \"1400\"]\n\n1. 54(10) *\n";
    let fixed = "file,index,game,event,site,date,round,white,black,result_tag,valid,plies,\
                 result,winner,reason,error_code,error_ply";
    let lines = |args: &[&str]| {
        let out = run_stdin(&[&["convert", "--to", "csv"], args, &["-"]].concat(), text);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout.lines().map(str::to_string).collect::<Vec<_>>()
    };
    let all = lines(&[]);
    assert_eq!(
        all[0],
        format!("{fixed},BlackElo,Game,TimeControl,WhiteElo")
    );
    // The first value of a tag given twice, as the JSON's `tags` keeps it.
    assert!(all[1].ends_with(",,toguz-kumalak,60+0,1500"), "{}", all[1]);
    assert!(all[2].ends_with(",1400,toguz-kumalak,,"), "{}", all[2]);
    assert_eq!(lines(&["--tags", "all"]), all);
    let listed = lines(&["--tags", "WhiteElo,Event,Time", "--moves"]);
    assert_eq!(listed[0], format!("{fixed},WhiteElo,Time,moves"));
    assert!(listed[1].ends_with(",1500,,54(10) 11(10)"), "{}", listed[1]);
    assert!(listed[2].ends_with(",,,54(10)"), "{}", listed[2]);
    assert_eq!(lines(&["--tags", "none"])[0], fixed);
    // From a file, the same table but for the file's name.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.pgn");
    std::fs::write(&file, text).unwrap();
    let out = crate::common::run(&["convert", "--to", "csv", file.to_str().unwrap()]);
    assert_eq!(out.stdout.lines().next(), Some(all[0].as_str()));
    assert_eq!(out.stdout.lines().count(), 3);
    // The options belong to CSV; a list names tags.
    let out = run_stdin(&["convert", "--to", "jsonl", "--moves", "-"], text);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--to csv"), "{}", out.stderr);
    let out = run_stdin(
        &["convert", "--to", "csv", "--tags", "White Elo", "-"],
        text,
    );
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("is not a tag name"), "{}", out.stderr);
}

/// Past 1,000 different tags an archive is not a table: `--tags all` stops with exit
/// 2 and says to name the columns; `--tags LIST` still streams it.
#[test]
fn issue52_a_thousand_different_tags_are_refused_as_columns() {
    let text: String = (0..1_001)
        .map(|i| format!("[Game \"toguz-kumalak\"]\n[T{i} \"v\"]\n\n1. 54(10) *\n\n"))
        .collect();
    let out = run_stdin(&["convert", "--to", "csv", "-"], &text);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--tags LIST"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    let out = run_stdin(&["convert", "--to", "csv", "--tags", "T7", "-"], &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 1_002);
    // One broken game of 100,000 tags (past the most a game keeps) among good ones
    // adds no column: the table has every game, and its own tags' columns.
    let good = "[Game \"toguz-kumalak\"]\n[WhiteElo \"1500\"]\n\n1. 54(10) *\n\n";
    let broken: String = (0..150_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    let text = format!("{good}[Game \"toguz-kumalak\"]\n{broken}\n1. 54(10) *\n\n{good}");
    let out = run_stdin(&["convert", "--to", "csv", "-"], &text);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "the header and three games");
    assert!(
        lines[0].ends_with(",error_ply,Game,WhiteElo"),
        "{}",
        lines[0]
    );
}
