//! Issue 37, what new users meet first: GitHub output with totals and a job summary,
//! compressed archives read as they are, `tgn games` that fits the terminal, "did you
//! mean", completions of game ids and options, and a finished game that says so.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::common::{Run, run, run_stdin, tgn};

const R10: &str = "records/toguz-kumalak/r10-early-end.pgn";
const AFTER_END: &str = "records/invalid/bagh-chal-after-end.pgn";

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(common::root().join(path)).unwrap()
}

/// Writes `bytes` to `dir/name`; gives the path.
fn put(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn check(args: &[&Path]) -> Run {
    Run::of(tgn().arg("check").args(args))
}

// 1. GitHub output that tells the whole story.

#[test]
fn github_output_ends_with_a_notice_giving_the_totals() {
    let out = run(&["check", "--format", "github", "records/invalid/"]);
    assert_eq!(out.code, 1);
    let human = run(&["check", "-q", "records/invalid/"]);
    let closing = human.stdout.trim_end();
    assert!(closing.starts_with("checked 191 games in "), "{closing}");
    assert_eq!(
        out.stdout.lines().last().unwrap(),
        format!("::notice title=tgn check::{closing}")
    );
}

#[test]
fn github_output_writes_a_job_summary_when_the_step_has_one() {
    let dir = tempfile::tempdir().unwrap();
    let summary = put(dir.path(), "summary.md", b"# an earlier step\n");
    let out = Run::of(
        tgn()
            .args(["check", "--format", "github", "records/invalid/"])
            .env("GITHUB_STEP_SUMMARY", &summary),
    );
    assert_eq!(out.code, 1);
    let text = std::fs::read_to_string(&summary).unwrap();
    // Appended after what the earlier steps wrote.
    assert!(
        text.starts_with("# an earlier step\n## tgn check\n"),
        "{text}"
    );
    assert!(text.contains("checked 191 games in 163 files: 4 valid, 187 invalid, 5 warnings"));
    assert!(text.contains("| file:line | game | players | first error |"));
    assert!(text.contains(
        "| records/invalid/bagh-chal-after-end.pgn:15 | 1 (bagh-chal) | Goats v Tigers | \
         after-end: move after the end of the game"
    ));
    let rows = text.lines().filter(|l| l.starts_with("| records/")).count();
    assert_eq!(rows, 100, "the list is bounded");
    assert!(text.contains("The first 100 invalid games are listed, of 187"));
    assert!(text.contains("5 warnings"));
}

#[test]
fn a_clean_run_summarises_without_a_table_and_other_formats_write_none() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    let out = Run::of(
        tgn()
            .args(["check", "--format", "github", "records/zamma/"])
            .env("GITHUB_STEP_SUMMARY", &summary),
    );
    assert_eq!(out.code, 0);
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains(" 0 invalid"), "{text}");
    assert!(!text.contains("| file:line"), "{text}");
    let other = dir.path().join("other.md");
    let out = Run::of(
        tgn()
            .args(["check", "records/zamma/"])
            .env("GITHUB_STEP_SUMMARY", &other),
    );
    assert_eq!(out.code, 0);
    assert!(!other.exists());
}

// 3. Compressed input, read as it is.

#[test]
fn gzip_and_zstd_files_are_read_as_they_are_and_name_the_line_inside() {
    let dir = tempfile::tempdir().unwrap();
    let text = read(AFTER_END);
    // Named whatever: the magic number tells.
    let gz = put(dir.path(), "game.pgn.gz", &gzip(&text));
    let zst = put(dir.path(), "game.zst", &zstd(&text));
    let odd = put(dir.path(), "game.pgn", &zstd(&text));
    for path in [&gz, &zst, &odd] {
        let out = check(&[path]);
        assert_eq!(out.code, 1, "{}", out.stderr);
        // The file as given, the line and column in the text inside.
        let at = format!("--> {}:15:15", path.display());
        assert!(out.stdout.contains(&at), "{}", out.stdout);
        assert!(out.stdout.contains("checked 1 game in 1 file"));
    }
    let plain = run(&["check", "--format", "json", AFTER_END]);
    let compressed = Run::of(tgn().args(["check", "--format", "json"]).arg(&gz));
    assert_eq!(
        plain.stdout.replace(AFTER_END, "X"),
        compressed.stdout.replace(&*gz.display().to_string(), "X")
    );
}

#[test]
fn directories_hold_compressed_records_and_stdin_may_be_compressed() {
    let dir = tempfile::tempdir().unwrap();
    let text = read(R10);
    put(dir.path(), "a.pgn.gz", &gzip(&text));
    put(dir.path(), "b.PGN.ZST", &zstd(&text));
    put(dir.path(), "c.pdn.zst", &zstd(&text));
    put(dir.path(), "notes.txt.gz", &gzip(b"not a record"));
    let out = check(&[dir.path()]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("checked 3 games in 3 files: 3 valid"),
        "{}",
        out.stdout
    );
    for bytes in [gzip(&text), zstd(&text)] {
        let out = run_stdin(&["check", "-"], bytes);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(out.stdout.contains("checked 1 game in 1 file: 1 valid"));
    }
}

#[test]
fn a_damaged_stream_is_an_error_for_its_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let text = read(R10).repeat(50);
    let mut cut = zstd(&text);
    cut.truncate(cut.len() * 2 / 3);
    let cut = put(dir.path(), "cut.pgn.zst", &cut);
    let mut garbage = gzip(&text);
    garbage[40..80].fill(0xAA);
    let garbage = put(dir.path(), "garbage.pgn.gz", &garbage);
    let good = common::root().join(R10);
    let out = check(&[&cut, &garbage, &good]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(&format!(
            "tgn: {}: the zstd data is damaged: it ends in the middle",
            cut.display()
        )),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(&format!(
            "tgn: {}: the gzip data is damaged",
            garbage.display()
        )),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("2 read errors"), "{}", out.stdout);
}

/// Issue 57 item 10: bytes after the last member are ignored with a warning, as
/// `gzip -d` ignores them, and the last game is read.
#[test]
fn trailing_bytes_after_gzip_data_lose_no_game() {
    let dir = tempfile::tempdir().unwrap();
    let text = read(R10).repeat(3);
    let mut bytes = gzip(&text);
    bytes.extend(b"\0\0\0\0padding a tape would add");
    let padded = put(dir.path(), "padded.pgn.gz", &bytes);
    let out = check(&[&padded]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("checked 3 games in 1 file: 3 valid"),
        "{}",
        out.stdout
    );
    assert!(
        out.stderr.contains(&format!(
            "tgn: warning: {}: bytes after the end of the gzip data are not gzip; ignored",
            padded.display()
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn a_decompression_bomb_is_refused_in_flat_memory() {
    let dir = tempfile::tempdir().unwrap();
    // 32 MiB of one line repeated, compressed thousands of times.
    let text = b"1. 76 76 2. 56 56 ".repeat(32 << 20 >> 4);
    let bomb = put(
        dir.path(),
        "bomb.pgn.zst",
        &zstd::encode_all(&text[..], 1).unwrap(),
    );
    assert!(std::fs::metadata(&bomb).unwrap().len() < (32 << 20) / 1000);
    let out = Run::of(
        tgn()
            .args(["check", "-q", "--game", "toguz-kumalak"])
            .arg(&bomb),
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("the zstd data expands more than 1000 times"),
        "{}",
        out.stderr
    );
}

#[test]
fn fix_refuses_a_compressed_file_and_leaves_it_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = gzip(&read(AFTER_END));
    let path = put(dir.path(), "game.pgn.gz", &bytes);
    let out = Run::of(tgn().arg("fix").arg(&path));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(&format!(
            "tgn: {}: gzip-compressed, which fix does not rewrite: decompress it (gunzip -k)",
            path.display()
        )),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let out = run_stdin(&["fix", "-"], zstd(&read(AFTER_END)));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("tgn: <stdin>: zstd-compressed"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
}

// 5. `tgn games` fits the terminal.

fn games(args: &[&str], columns: Option<&str>) -> String {
    let mut command = tgn();
    command.arg("games").args(args).env_remove("COLUMNS");
    if let Some(columns) = columns {
        command.env("COLUMNS", columns);
    }
    let out = Run::of(&mut command);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
}

fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn games_is_a_compact_list_at_the_width_asked_and_80_in_a_pipe() {
    let piped = games(&[], None);
    assert!(widest(&piped) <= 80, "{piped}");
    assert!(piped.lines().count() < 45, "{piped}");
    assert!(piped.contains("toguz-kumalak "));
    let narrow = games(&[], Some("50"));
    assert!(widest(&narrow) <= 50, "{narrow}");
    let wide = games(&[], Some("150"));
    assert!(wide.lines().count() < piped.lines().count());
    for found in tgn::registry::all_games() {
        for name in std::iter::once(&found.info.id).chain(found.info.aliases) {
            for text in [&piped, &narrow, &wide] {
                let whole = text
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .any(|word| word == *name);
                assert!(whole, "{name} cut or missing:\n{text}");
            }
        }
    }
}

#[test]
fn games_id_gives_one_games_options_presets_and_rules_in_plain_words() {
    for width in ["80", "60"] {
        let text = games(&["morabaraba"], Some(width));
        assert!(widest(&text) <= width.parse().unwrap(), "{text}");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("docs/rules/morabaraba.md"), "{text}");
        assert!(text.contains("no-return=all|mill|off"), "{text}");
        assert!(text.contains("twelve-mens-morris"), "{text}");
        assert!(text.contains("the traditional rules in"), "{text}");
        assert!(!text.contains("seed's"), "{text}");
    }
    let by_alias = games(&["Nine Mens Morris"], None);
    assert!(by_alias.starts_with("Nine Men's Morris (nine-mens-morris)"));
    let out = run(&["games", "toguz-kumalakk"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean \"toguz-kumalak\"?"),
        "{}",
        out.stderr
    );
}

#[test]
fn games_json_gives_every_game_or_one_in_full() {
    let all: serde_json::Value = serde_json::from_str(&games(&["--format", "json"], None)).unwrap();
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), tgn::registry::all_games().count());
    let one: serde_json::Value =
        serde_json::from_str(&games(&["toguz-kumalak", "--format", "json"], None)).unwrap();
    assert_eq!(one, all[0]);
    assert_eq!(one["rules"], "docs/rules/toguz-kumalak.md");
    let play_out = &one["options"][1];
    assert_eq!(play_out["name"], "play-out");
    assert_eq!(play_out["tag"], "PlayOut");
    assert_eq!(play_out["kind"], "switch");
    assert_eq!(
        one["options"][0]["values"],
        serde_json::json!(["ccw", "cw"])
    );
}

// 6. Suggestions and completions.

#[test]
fn a_misspelt_game_option_or_value_gets_a_suggestion() {
    let out = run_stdin(&["check", "-"], "[Game \"toguz-kumalakk\"]\n\n1. 76 *\n");
    assert_eq!(out.code, 1);
    assert!(
        out.stdout
            .contains("unknown game \"toguz-kumalakk\"; did you mean \"toguz-kumalak\"?"),
        "{}",
        out.stdout
    );
    let out = run_stdin(&["check", "-"], "[Variant \"Twelve Mens Moris\"]\n\n*\n");
    assert!(
        out.stdout.contains("did you mean \"twelve-mens-morris\"?"),
        "{}",
        out.stdout
    );
    let out = run(&["check", "--game", "bagh-chall", R10]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean \"bagh-chal\"?"),
        "{}",
        out.stderr
    );
    let out = run(&["check", "-O", "play-outt", R10]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("did you mean \"play-out\"?"),
        "{}",
        out.stderr
    );
    let out = run_stdin(
        &["check", "-O", "no-return=mil", "--game", "morabaraba", "-"],
        "1. d2 *\n",
    );
    // A value no game takes is a usage error before any record is read (issue 57).
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("(did you mean \"mill\"?)"),
        "{}",
        out.stderr
    );
}

#[test]
fn completions_offer_game_ids_for_game_and_option_names_for_option() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.code, 0);
        for name in [
            "toguz-kumalak",
            "nine-mens-morris",
            "bagh-chal",
            "play-out",
            "no-return",
        ] {
            assert!(out.stdout.contains(name), "{shell}: {name}");
        }
    }
    // bash: `--game` completes the ids, not file names.
    let bash = run(&["completions", "bash"]).stdout;
    let game = bash
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--game)"))
        .nth(1)
        .unwrap();
    assert!(
        game.contains("compgen -W \"toguz-kumalak morabaraba"),
        "{game}"
    );
    // The ids are not listed in --help.
    assert!(!run(&["check", "--help"]).stdout.contains("toguz-kumalak,"));
}

// 7. A finished game says so.

#[test]
fn the_diagram_of_a_finished_game_gives_its_result_not_who_is_to_move() {
    let out = run(&["diagram", "--end", R10]);
    assert_eq!(out.code, 0);
    let svg = roxmltree::Document::parse(&out.stdout).unwrap();
    let root = svg.root_element();
    assert_eq!(root.attribute("data-result"), Some("1-0"));
    assert_eq!(root.attribute("data-to-move"), None);
    assert!(
        out.stdout.contains("1-0: S has 82 stones (R10)"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("to move"));
    // Before the end, who is to move, and no result.
    let out = run(&["diagram", "--ply", "3", R10]);
    let svg = roxmltree::Document::parse(&out.stdout).unwrap();
    assert_eq!(svg.root_element().attribute("data-result"), None);
    assert!(svg.root_element().attribute("data-to-move").is_some());
}

#[test]
fn the_board_of_a_move_after_the_end_gives_the_result() {
    let out = run(&["check", AFTER_END]);
    assert!(
        out.stdout
            .contains("0-1: 5 goats captured (R5); goats in hand 15, captured 5"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("G to move"), "{}", out.stdout);
}

/// Issue 52 item 10: PlayOK's mill exports name their game by number,
/// `[GameType "70,0"]`, with the points numbered: read as Nine Men's Morris.
#[test]
fn issue52_playok_game_type_70_is_nine_mens_morris() {
    let record = "[Event \"?\"]\n[Site \"PlayOK\"]\n[White \"a\"]\n[Black \"b\"]\n\
                  [Result \"*\"]\n[GameType \"70,0\"]\n\n1. 20 4 2. 23 5 *\n";
    let out = crate::common::run_stdin(&["check", "--format", "json", "-"], record);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let line: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(line["game"], "nine-mens-morris");
}

/// Issue 52 item 10: a record that names no game (PlayOK's Toguz exports) is told
/// which game its moves read as, and the `--game` that names it.
#[test]
fn issue52_a_record_naming_no_game_is_told_the_likely_one() {
    let out = crate::common::run_stdin(&["check", "-"], "[Event \"9245757\"]\n\n1. 76 98(10) *\n");
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains(
            "the record names no game: add [Game \"…\"] or use --game (its moves read as \
             Toguz Kumalak's: --game toguz-kumalak)"
        ),
        "{}",
        out.stdout
    );
}
