//! The data model (issue 35): every JSON line that a command writes, on every record
//! shipped in `records/` and on random games of every game, validates against the
//! published schemas in `docs/schema/` (JSON Schema 2020-12, with the `jsonschema`
//! crate); the schemas' version is the writer's; the closed lists of the schemas are
//! the library's.

use crate::common;

use std::sync::OnceLock;

use crate::common::{json_lines, run, run_stdin};
use jsonschema::{Registry, Validator};
use serde_json::Value;
use tgn::games::Ending;
use tgn::output::json::SCHEMA;
use tgn::registry::all_games;

const GAME_SCHEMA: &str = include_str!("../docs/schema/game.schema.json");
const CHECK_SCHEMA: &str = include_str!("../docs/schema/check.schema.json");
const SUMMARY_SCHEMA: &str = include_str!("../docs/schema/summary.schema.json");
const DIFF_SCHEMA: &str = include_str!("../docs/schema/diff.schema.json");
const ANALYSIS_SUMMARY_SCHEMA: &str = include_str!("../docs/schema/analysis-summary.schema.json");
const GAMES_SCHEMA: &str = include_str!("../docs/schema/games.schema.json");

/// Every published schema, by file name.
const SCHEMAS: [(&str, &str); 6] = [
    ("game", GAME_SCHEMA),
    ("check", CHECK_SCHEMA),
    ("summary", SUMMARY_SCHEMA),
    ("diff", DIFF_SCHEMA),
    ("analysis-summary", ANALYSIS_SUMMARY_SCHEMA),
    ("games", GAMES_SCHEMA),
];

/// The schemas' fingerprint for [`SCHEMA`]: a change to any schema changes it, and
/// this test fails until the version is changed too (`SCHEMA` in
/// `src/output/json.rs`, the schemas' `const`, the README's changelog) and the new
/// fingerprint written here.
const FINGERPRINT: (&str, u64) = ("tgn/1", 2_193_677_497_497_284_785);

/// FNV-1a over the schemas' text, line endings as they are: stable across Rust
/// versions, unlike the standard hasher.
fn fingerprint() -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in SCHEMAS.iter().flat_map(|(_, text)| text.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("the schema is JSON")
}

/// A validator for each schema.
struct Validators {
    game: Validator,
    check: Validator,
    summary: Validator,
    diff: Validator,
    analysis_summary: Validator,
    games: Validator,
}

/// The validators, as docs/format.md tells a user to make them (issue 52, item 5):
/// each from `tgn schema NAME`, self-contained, given to the validator alone (no
/// registry, nothing fetched: a reference left outside would fail to build).
fn validators() -> &'static Validators {
    static VALIDATORS: OnceLock<Validators> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let build = |name: &str| {
            let printed = run(&["schema", name]);
            assert_eq!(printed.code, 0, "tgn schema {name}: {}", printed.stderr);
            let schema = parse(&printed.stdout);
            jsonschema::validator_for(&schema)
                .unwrap_or_else(|e| panic!("tgn schema {name} builds alone: {e}"))
        };
        Validators {
            game: build("game"),
            check: build("check"),
            summary: build("summary"),
            diff: build("diff"),
            analysis_summary: build("analysis-summary"),
            games: build("games"),
        }
    })
}

/// The published files are the schemas printed but for where the definitions live:
/// `check.schema.json` reaches `game.schema.json`'s through a registry, and both
/// validate the same lines.
#[test]
fn issue52_the_published_schemas_and_the_printed_ones_agree() {
    let game = parse(GAME_SCHEMA);
    let id = game["$id"].as_str().unwrap().to_string();
    let registry = Registry::new()
        .add(id.as_str(), game.clone())
        .expect("game.schema.json is a resource")
        .prepare()
        .expect("the registry prepares");
    let published = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_registry(&registry)
        .build(&parse(CHECK_SCHEMA))
        .unwrap_or_else(|e| panic!("the schema builds: {e}"));
    let lines = games_of(&["check", "--format", "json", "records/"]);
    assert_valid(&published, &lines, "check, published schema");
    assert_valid(&validators().check, &lines, "check, tgn schema check");
    // A line broken the same way is refused by both.
    let mut broken = lines[0].clone();
    broken["outcome"] = serde_json::json!({"result": "maybe"});
    assert!(!violations(&published, &broken).is_empty());
    assert!(!violations(&validators().check, &broken).is_empty());
    let printed = parse(&run(&["schema", "check"]).stdout);
    assert!(!tgn::output::schema::refers_outside(&printed));
    assert!(tgn::output::schema::refers_outside(&parse(CHECK_SCHEMA)));
}

/// Every way `value` breaks `validator`, one line each (empty when it validates).
fn violations(validator: &Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn assert_valid(validator: &Validator, values: &[Value], what: &str) {
    assert!(!values.is_empty(), "{what}: no JSON written");
    for value in values {
        let found = violations(validator, value);
        assert!(
            found.is_empty(),
            "{what}: game {} of {} breaks the schema:\n{}\n{}",
            value["index"],
            value["file"],
            found.join("\n"),
            &value.to_string()[..value.to_string().len().min(2000)]
        );
    }
}

/// The one JSON value `tgn args` writes (an object or an array), after checking that
/// it validates.
fn valid_value_of(validator: &Validator, args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.code <= 1, "tgn {args:?}: {}", out.stderr);
    let value: Value = serde_json::from_str(&out.stdout).expect("one JSON value");
    let found = violations(validator, &value);
    assert!(found.is_empty(), "tgn {args:?}:\n{}", found.join("\n"));
    value
}

fn games_of(args: &[&str]) -> Vec<Value> {
    let out = run(args);
    assert!(out.code <= 1, "tgn {args:?}: {}", out.stderr);
    json_lines(&out)
}

/// `--to json` writes one array: its elements.
fn array_of(args: &[&str]) -> Vec<Value> {
    let out = run(args);
    assert!(out.code <= 1, "tgn {args:?}: {}", out.stderr);
    match serde_json::from_str(&out.stdout).expect("one JSON array") {
        Value::Array(games) => games,
        other => panic!("not an array: {other}"),
    }
}

#[test]
fn the_schemas_are_json_schema_2020_12_and_name_the_writers_version() {
    for (name, text) in SCHEMAS {
        let schema = parse(text);
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}"
        );
        assert!(
            schema["$id"]
                .as_str()
                .is_some_and(|id| id.ends_with(&format!("/{name}.schema.json"))),
            "{name}: $id {}",
            schema["$id"]
        );
        // The version is named where the object that carries it is defined: at the
        // top, or in the definition the top refers to.
        let names_version = |s: &Value| s["properties"]["schema"]["const"] == SCHEMA;
        let defs = schema["$defs"].as_object();
        assert!(
            names_version(&schema) || defs.is_some_and(|d| d.values().any(names_version)),
            "{name} does not name the version {SCHEMA}"
        );
        jsonschema::meta::validate(&schema).expect("a valid JSON Schema");
    }
    assert_eq!(
        (SCHEMA, fingerprint()),
        FINGERPRINT,
        "the schemas changed: change the version of the data model (SCHEMA, the schemas' \
         `const`, the README's changelog), then write the new fingerprint here"
    );
}

#[test]
fn the_schemas_closed_lists_are_the_librarys() {
    let game = parse(GAME_SCHEMA);
    let reasons: Vec<&str> = Ending::ALL.iter().map(|e| e.as_str()).collect();
    assert_eq!(game["$defs"]["reason"]["enum"], serde_json::json!(reasons));
    let codes: Vec<&str> = tgn::replay::ErrorCode::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(
        game["$defs"]["error_code"]["enum"],
        serde_json::json!(codes)
    );
}

/// The JSON reader refuses a field the schema does not name (issue 57 item 14): its
/// lists are the schema's.
#[test]
fn the_json_readers_fields_are_the_schemas() {
    use tgn::record::json::{DUPLICATE_TAG_FIELDS, GAME_FIELDS, MOVE_FIELDS, VARIATION_FIELDS};
    let game = parse(GAME_SCHEMA);
    let names = |object: &Value| -> Vec<String> {
        object["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .cloned()
            .collect()
    };
    let sorted = |fields: &[&str]| {
        let mut fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
        fields.sort();
        fields
    };
    let schema = |object: &Value| {
        let mut fields = names(object);
        fields.sort();
        fields
    };
    assert_eq!(schema(&game), sorted(GAME_FIELDS));
    assert_eq!(schema(&game["$defs"]["move"]), sorted(MOVE_FIELDS));
    assert_eq!(
        schema(&game["$defs"]["move"]["properties"]["variations"]["items"]),
        sorted(VARIATION_FIELDS)
    );
    assert_eq!(
        schema(&game["properties"]["duplicate_tags"]["items"]),
        sorted(DUPLICATE_TAG_FIELDS)
    );
}

#[test]
fn convert_writes_every_shipped_record_as_the_schema_says() {
    let game = &validators().game;
    assert_valid(
        game,
        &games_of(&["convert", "--to", "jsonl", "records/"]),
        "convert --to jsonl",
    );
    assert_valid(
        game,
        &games_of(&["convert", "--to", "jsonl", "--states", "records/"]),
        "convert --to jsonl --states",
    );
    assert_valid(
        game,
        &array_of(&[
            "convert",
            "--to",
            "json",
            "--pretty",
            "--states",
            "records/toguz-kumalak",
        ]),
        "convert --to json --pretty --states",
    );
}

#[test]
fn check_writes_every_shipped_record_as_the_schema_says() {
    let check = &validators().check;
    assert_valid(
        check,
        &games_of(&["check", "--format", "json", "records/"]),
        "check",
    );
    assert_valid(
        check,
        &games_of(&["check", "--format", "json", "--strict", "records/invalid"]),
        "check --strict",
    );
}

#[test]
fn filter_and_duplicates_write_games_as_the_schema_says() {
    let game = &validators().game;
    assert_valid(
        game,
        &games_of(&["filter", "--format", "jsonl", "records/"]),
        "filter --format jsonl",
    );
    assert_valid(
        game,
        &array_of(&["filter", "--format", "json", "records/zamma"]),
        "filter --format json",
    );
    assert_valid(
        game,
        &games_of(&["duplicates", "--drop", "--format", "jsonl", "records/"]),
        "duplicates --drop --format jsonl",
    );
}

#[test]
fn analyze_writes_games_as_the_schema_says() {
    let game = &validators().game;
    // One record of each game folder: the search is the slow part, not the writing.
    let mut firsts: Vec<String> = Vec::new();
    for file in common::record_files() {
        let folder = file.parent().unwrap().to_path_buf();
        if !firsts
            .iter()
            .any(|f| std::path::Path::new(f).parent() == Some(&folder))
        {
            firsts.push(file.to_string_lossy().into_owned());
        }
    }
    let mut args = vec!["analyze", "--format", "json", "--nodes", "200"];
    args.extend(firsts.iter().map(String::as_str));
    assert_valid(game, &games_of(&args), "analyze --format json");
}

#[test]
fn random_games_of_every_game_validate() {
    let (game_schema, check_schema) = (&validators().game, &validators().check);
    for found in all_games() {
        let mut text = String::new();
        for seed in 0..4 {
            let record = tgn::internals::random_record(found, seed, 120)
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", found.info.id));
            text.push_str(&record);
            text.push('\n');
        }
        let what = format!("random games of {}", found.info.id);
        let out = run_stdin(&["convert", "--to", "jsonl", "--states", "-"], &text);
        assert_eq!(out.code, 0, "{what}: {}", out.stderr);
        let games = json_lines(&out);
        assert_valid(game_schema, &games, &what);
        for game in &games {
            assert_eq!(game["sides"], serde_json::json!(found.info.sides), "{what}");
        }
        let out = run_stdin(&["check", "--format", "json", "-"], &text);
        assert_valid(check_schema, &json_lines(&out), &what);
    }
}

/// The model's promises beyond what a schema can say: sides are `first`/`second` in
/// every field (the game's names only in `sides`), and every point has `to_move`,
/// null exactly at the end of a finished game.
#[test]
fn sides_are_first_or_second_everywhere_and_every_point_says_who_moves() {
    let games = games_of(&["convert", "--to", "jsonl", "--states", "records/"]);
    for game in games.iter().filter(|g| g["valid"] == true) {
        let moves = game["moves"].as_array().unwrap();
        let mut points = vec![&game["start"]];
        points.extend(moves.iter());
        for point in &points {
            let to_move = &point["to_move"];
            assert!(
                to_move.is_null() || to_move == "first" || to_move == "second",
                "{}: {to_move}",
                game["file"]
            );
            // The state tells the position's turn even after the end.
            if !to_move.is_null() {
                assert_eq!(&point["state"]["to_move"], to_move, "{}", game["file"]);
            }
        }
        let last = points.last().unwrap();
        assert_eq!(
            last["to_move"].is_null(),
            game["outcome"]["reason"].is_string() && game["outcome"]["reason"] != "declared",
            "{}: the last point's to_move is null exactly when the board ended the game",
            game["file"]
        );
        if let Some(outcome) = game["outcome"].as_object() {
            let winner = match outcome["result"].as_str().unwrap() {
                "1-0" => "first",
                "0-1" => "second",
                _ => "",
            };
            assert_eq!(outcome["winner"].as_str().unwrap_or(""), winner);
        }
    }
}

/// The fenced blocks of `lang` in the section of docs/format.md headed `heading`.
fn blocks(heading: &str, lang: &str) -> Vec<String> {
    let doc = std::fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let start = doc.find(heading).expect("the section") + heading.len();
    let end = doc[start..].find("\n### ").map_or(doc.len(), |e| start + e);
    let fence = format!("```{lang}\n");
    let mut found = Vec::new();
    let mut rest = &doc[start..end];
    while let Some(at) = rest.find(&fence) {
        let body = &rest[at + fence.len()..];
        let close = body.find("\n```").expect("a closed block");
        found.push(body[..close + 1].to_string());
        rest = &body[close..];
    }
    found
}

#[test]
fn the_example_of_each_family_validates() {
    let game = &validators().game;
    let examples: Vec<Value> = blocks("### One game of each family", "json")
        .iter()
        .map(|text| serde_json::from_str(text).expect("an example is JSON"))
        .collect();
    assert_eq!(examples.len(), 6, "one example per family");
    assert_valid(game, &examples, "docs/format.md's examples");
}

/// A command with the binary under test first on `PATH`, from the repository.
fn shell(program: &str) -> std::process::Command {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_tgn"))
        .parent()
        .unwrap();
    let path = std::env::var("PATH").unwrap_or_default();
    let mut command = std::process::Command::new(program);
    command
        .current_dir(common::root())
        .env("PATH", format!("{}:{path}", bin.display()));
    command
}

fn output_of(command: &mut std::process::Command) -> String {
    let out = command.output().expect("the recipe runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[ignore = "needs jq and python3 (.ci/run installs them); run with --include-ignored"]
fn the_recipes_of_docs_format_run() {
    let sh = blocks("### Recipes", "sh");
    assert_eq!(sh.len(), 1, "the jq recipe");
    let invalid = output_of(shell("sh").args(["-c", &sh[0]]));
    assert_eq!(invalid.lines().count(), 3, "{invalid}");
    assert!(invalid.contains("records/invalid/"), "{invalid}");
    let python = blocks("### Recipes", "python");
    assert_eq!(python.len(), 2, "the reasons and the CSV");
    let reasons = output_of(shell("python3").args(["-c", &python[0]]));
    for reason in ["no-pieces", "no-moves", "store-majority", "declared"] {
        assert!(reasons.contains(reason), "{reason}: {reasons}");
    }
    let rows = output_of(shell("python3").args(["-c", &python[1]]));
    assert!(
        rows.ends_with(" valid\n") && rows.contains(" games, "),
        "{rows}"
    );
}

/// The per-game CSV: Python's `csv` module reads every row at the header's width, one
/// row per game that `check` counts.
#[test]
fn the_csv_has_a_row_per_game_of_the_headers_width() {
    let out = run(&["convert", "--to", "csv", "records/"]);
    assert!(out.code <= 1, "{}", out.stderr);
    let games = games_of(&["check", "--format", "json", "records/"]).len();
    let script = "import csv, io, sys\n\
                  rows = list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))\n\
                  widths = {len(r) for r in rows}\n\
                  print(len(rows) - 1, len(widths), rows[0][0], rows[0][16], rows[0][17])\n";
    let mut child = shell("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(out.stdout.as_bytes())
        .unwrap();
    let read = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(read.stdout).unwrap(),
        format!(
            "{games} 1 file error_ply {}\n",
            // After the fixed columns, the first tag's, sorted by name.
            "Annotator"
        )
    );
    assert_eq!(tgn::output::csv::COLUMNS[16], "error_ply");
    // A comma, a quote and a line break in a tag are quoted, not split.
    let tricky = "[Event \"a, \\\"b\\\"\"]\n[Game \"zamma\"]\n\n*\n";
    let out = run_stdin(&["convert", "--to", "csv", "-"], tricky);
    let row = out.stdout.lines().nth(1).unwrap();
    assert!(
        row.starts_with("<stdin>,0,zamma,\"a, \"\"b\"\"\","),
        "{row}"
    );
}

/// The games of JSON Lines without where they stood: the file and index (one file
/// holds every game on the way back) and, with `layout`, what belongs to the text
/// rather than the game: where in it each diagnostic stands (line, column, offset),
/// which the text written anew lays out its own way, and the warning for a tag's
/// unescaped quote, which the writer escapes.
fn games_without_places(games: &str, layout: bool) -> Vec<Value> {
    games
        .lines()
        .map(|line| {
            let mut game: Value = serde_json::from_str(line).unwrap();
            game["file"] = Value::Null;
            game["index"] = Value::Null;
            if layout {
                // The writer escapes the quote a tag forgot to: the text is mended,
                // the game the same.
                game["warnings"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|w| w["code"] != "tag-quote");
                for list in ["errors", "warnings"] {
                    for diagnostic in game[list].as_array_mut().unwrap() {
                        for place in ["line", "column", "offset"] {
                            diagnostic[place] = Value::Null;
                        }
                    }
                }
            }
            game
        })
        .collect()
}

/// JSON → PGN → JSON: the JSON Lines `json` written as text and read again.
fn through_text(json: &str, dir: &std::path::Path) -> String {
    let json_path = dir.join("games.jsonl");
    std::fs::write(&json_path, json).unwrap();
    let text = run(&[
        "convert",
        "--from",
        "json",
        "--to",
        "pgn",
        json_path.to_str().unwrap(),
    ]);
    assert!(text.code <= 1, "{}", text.stderr);
    let text_path = dir.join("games.pgn");
    std::fs::write(&text_path, &text.stdout).unwrap();
    let again = run(&["convert", "--to", "jsonl", text_path.to_str().unwrap()]);
    assert!(again.code <= 1, "{}", again.stderr);
    again.stdout
}

fn assert_same(before: &[Value], after: &[Value]) {
    assert_eq!(before.len(), after.len());
    for (a, b) in before.iter().zip(after) {
        assert_eq!(a, b);
    }
}

/// PGN → JSON → PGN → JSON is exact: the same games, tags, comments, moves, positions,
/// outcomes and diagnostics, but for where they stand in the text (the text written
/// from JSON is laid out anew, so a warning's line moves). And from there the round
/// trip is a fixed point: JSON → PGN → JSON again is identical, places included.
fn round_trip_is_exact(paths: &[&str], game: Option<&str>) {
    let dir = tempfile::tempdir().unwrap();
    let mut first = vec!["convert", "--to", "jsonl"];
    if let Some(game) = game {
        first.extend(["--game", game]);
    }
    first.extend(paths);
    let json = run(&first);
    assert!(json.code <= 1, "{}", json.stderr);
    let once = through_text(&json.stdout, dir.path());
    assert_same(
        &games_without_places(&json.stdout, true),
        &games_without_places(&once, true),
    );
    let twice = through_text(&once, dir.path());
    assert_same(
        &games_without_places(&once, false),
        &games_without_places(&twice, false),
    );
}

#[test]
fn pgn_json_pgn_json_is_exact_for_every_shipped_record() {
    // Games with syntax errors are written back as read, one file per game there.
    let mut paths: Vec<String> = common::record_files()
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| !p.contains("/invalid/syntax"))
        .collect();
    paths.sort();
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    round_trip_is_exact(&paths, None);
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn pgn_json_pgn_json_is_exact_for_playoks_archive() {
    round_trip_is_exact(&[crate::common::playok()], Some("toguz-kumalak"));
}

#[test]
fn summarize_writes_as_the_schema_says() {
    let summary = &validators().summary;
    for by in [None, Some("player"), Some("event")] {
        let mut args = vec!["summarize", "--format", "json", "records/"];
        if let Some(by) = by {
            args.extend(["--by", by]);
        }
        valid_value_of(summary, &args);
    }
}

#[test]
fn diff_writes_as_the_schema_says() {
    let diff = &validators().diff;
    let dir = tempfile::tempdir().unwrap();
    // Sheets of the same games that differ in a tag, a move, a missing and an extra
    // ply, and a game without a partner: every kind of step and both nulls.
    let a = dir.path().join("a.pgn");
    let b = dir.path().join("b.pgn");
    std::fs::write(
        &a,
        "[Game \"toguz-kumalak\"]\n[White \"A\"]\n\n1. 43(10) 11(10) 2. 97 *\n\n\
         [Game \"bagh-chal\"]\n\n1. c3 a1-b2 *\n",
    )
    .unwrap();
    std::fs::write(
        &b,
        "[Game \"toguz-kumalak\"]\n[White \"B\"]\n\n1. 43(10) 12 *\n",
    )
    .unwrap();
    let c = dir.path().join("c.pgn");
    std::fs::write(&c, "[Game \"toguz-kumalak\"]\n\n1. 43(10) *\n").unwrap();
    let (a, b, c) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    );
    let mut shapes = Vec::new();
    for (x, y) in [(a, b), (b, a), (a, c), (c, a), (a, a)] {
        shapes.push(valid_value_of(diff, &["diff", "--format", "json", x, y]));
    }
    let ops: std::collections::BTreeSet<&str> = shapes
        .iter()
        .flat_map(|v| v.as_array().unwrap())
        .flat_map(|c| c["moves"].as_array().unwrap())
        .map(|m| m["op"].as_str().unwrap())
        .collect();
    let schema = parse(DIFF_SCHEMA);
    let listed: std::collections::BTreeSet<&str> =
        schema["$defs"]["step"]["properties"]["op"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
    assert_eq!(
        ops, listed,
        "the sheets show every kind of step, and only those"
    );
}

#[test]
fn analyze_summary_writes_as_the_schema_says() {
    let summary = &validators().analysis_summary;
    for paths in [
        &["records/zamma"][..],
        &["records/bagh-chal", "records/toguz-kumalak"],
    ] {
        let mut args = vec!["analyze", "--summary", "--format", "json", "--nodes", "100"];
        args.extend(paths);
        let value = valid_value_of(summary, &args);
        assert!(!value["players"].as_array().unwrap().is_empty());
    }
}

#[test]
fn games_writes_every_game_as_the_schema_says() {
    let games = &validators().games;
    let every = valid_value_of(games, &["games", "--format", "json"]);
    assert_eq!(every.as_array().unwrap().len(), all_games().count());
    for game in all_games() {
        valid_value_of(games, &["games", game.info.id, "--format", "json"]);
    }
}
