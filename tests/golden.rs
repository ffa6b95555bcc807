//! Every output, byte for byte: what `check` (human and JSON), `convert`, `annotate`
//! and `summarize` print for every record in `records/` and for generated games of
//! every registered game, kept as readable snapshots (the `insta` crate) in
//! `tests/golden/`: one file per record file (`tests/golden/<folder>/<file>.pgn.snap`)
//! and per game (`tests/golden/generated/<game>.snap`), each holding every command of
//! [`COMMANDS`] with its exit status, stdout and stderr. A refactoring must leave them
//! all as they were.
//!
//! A change of output on purpose, a record added or removed, a game added (and after
//! a merge of any of these), regenerate them all with one command, then read the diff:
//!
//! ```sh
//! INSTA_UPDATE=always cargo test --test integration golden:: && git diff --stat tests/golden
//! ```
//!
//! It rewrites the snapshots that differ, writes those that are new and removes those
//! of records and games that are gone. (`cargo insta test --review`, where cargo-insta
//! is installed, shows each change to accept or reject instead.) A plain `cargo test`
//! writes nothing but `.snap.new` files beside the snapshots that differ, and fails;
//! under `CI=true` (and `.ci/run` sets `INSTA_UPDATE=no`) it writes nothing and fails.
//!
//! An output longer than [`SHOWN`] bytes (the random games' JSON and annotations) is
//! kept as its first lines up to that size, its length and a fingerprint of the whole,
//! so that the snapshots stay readable and small (198 files, 2.7 MB) and any change of a
//! byte still fails.

use crate::common;

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use tgn::internals::random_record;
use tgn::registry::all_games;

const COMMANDS: &[&[&str]] = &[
    &["check"],
    &["check", "--format", "json"],
    &["convert", "--to", "jsonl"],
    &["convert", "--to", "pgn"],
    &["annotate", "--positions"],
    &["summarize", "--format", "json"],
];

/// The most bytes of one output a snapshot shows; the rest is counted and fingerprinted.
const SHOWN: usize = 16 * 1024;

/// The random games each game's snapshot is made of: seeds `0..GAMES`, each at most
/// `PLIES` plies.
const GAMES: u64 = 12;
const PLIES: usize = 150;

/// Where the snapshots are, from `tests/`.
const SNAPSHOTS: &str = "golden";

/// One snapshot: the folder under `tests/golden/`, its name, what tgn reads (a record
/// file's path, or text given on stdin) and a line saying what that is.
struct Case {
    folder: String,
    name: String,
    input: Input,
}

enum Input {
    File(String),
    Stdin { text: String, about: String },
}

/// A snapshot for each record file, in the folder of its game (or `invalid`).
fn record_cases() -> Vec<Case> {
    common::record_files()
        .into_iter()
        .map(|path| {
            let folder = path.parent().unwrap().strip_prefix("records").unwrap();
            Case {
                folder: folder.to_str().unwrap().to_string(),
                name: path.file_name().unwrap().to_str().unwrap().to_string(),
                input: Input::File(path.to_str().unwrap().to_string()),
            }
        })
        .collect()
}

/// A snapshot for each registered game, of random games it generates.
fn generated_cases() -> Vec<Case> {
    all_games()
        .map(|game| Case {
            folder: "generated".to_string(),
            name: game.info.id.to_string(),
            input: Input::Stdin {
                text: (0..GAMES)
                    .map(|seed| random_record(game, seed, PLIES).unwrap())
                    .collect(),
                about: format!(
                    "random games of {}, seeds 0 to {}, at most {PLIES} plies each",
                    game.info.id,
                    GAMES - 1
                ),
            },
        })
        .collect()
}

/// What `tgn COMMAND` prints on `input`, as the snapshot shows it.
fn run(command: &[&str], input: &Input) -> String {
    let mut args = command.to_vec();
    args.push("--allow-empty");
    let mut tgn = common::tgn();
    let shown = match input {
        Input::File(path) => {
            args.push(path);
            format!("$ tgn {}\n", args.join(" "))
        }
        Input::Stdin { text, about } => {
            args.push("-");
            tgn.write_stdin(text.as_str());
            format!("$ tgn {} < ({about})\n", args.join(" "))
        }
    };
    // The outputs are those of a pipe: plain, whatever the environment asks.
    let out = tgn
        .env_remove("CLICOLOR_FORCE")
        .args(&args)
        .output()
        .unwrap();
    let status = out
        .status
        .code()
        .map_or("signal".to_string(), |c| c.to_string());
    format!(
        "{shown}? {status}\n{}{}",
        stream("stdout", &out.stdout),
        stream("stderr", &out.stderr)
    )
}

/// One output stream under a header that gives its length, so that what a snapshot
/// cannot show (trailing blanks, `\r\n`, bytes not UTF-8) still counts: the text up
/// to [`SHOWN`] bytes, cut at a line, then the fingerprint of the rest if any.
fn stream(label: &str, bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return format!("--- {label}: empty\n");
    }
    let text = String::from_utf8_lossy(bytes);
    let mut out = format!("--- {label}: {} bytes\n", bytes.len());
    if text.len() <= SHOWN {
        out += &text;
    } else {
        let mut cut = SHOWN;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let cut = text[..cut].rfind('\n').map_or(cut, |n| n + 1);
        out += &text[..cut];
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out += &format!(
            "[... {} more bytes not shown; FNV-1a of all {} bytes: {}]\n",
            bytes.len() - cut,
            bytes.len(),
            fingerprint(bytes)
        );
    }
    if !out.ends_with('\n') {
        out += "\n\\ no newline at end\n";
    }
    out
}

/// FNV-1a, 64 bits: a fingerprint, not a defence.
fn fingerprint(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Every command of [`COMMANDS`] on the case's input, one after the other.
fn snapshot(case: &Case) -> String {
    COMMANDS
        .iter()
        .map(|command| run(command, &case.input))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Compares `text` with the case's snapshot; false if it differs (insta has printed
/// the difference, and written or updated the file as `INSTA_UPDATE` says).
fn matches(case: &Case, text: &str) -> bool {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(SNAPSHOTS).join(&case.folder));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        catch_unwind(AssertUnwindSafe(|| {
            insta::assert_snapshot!(case.name.as_str(), text);
        }))
        .is_ok()
    })
}

/// Whether this run writes snapshots in place (`INSTA_UPDATE=always`).
fn updating() -> bool {
    matches!(
        std::env::var("INSTA_UPDATE").as_deref(),
        Ok("always" | "1" | "force")
    )
}

/// The snapshot files under `tests/golden/` that no case makes; removed when updating.
fn gone(cases: &[Case]) -> Vec<PathBuf> {
    let dir = common::root().join("tests").join(SNAPSHOTS);
    let made: BTreeSet<PathBuf> = cases
        .iter()
        .map(|c| dir.join(&c.folder).join(format!("{}.snap", c.name)))
        .collect();
    let gone: Vec<PathBuf> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "snap") && !made.contains(p))
        .collect();
    if updating() {
        for path in &gone {
            std::fs::remove_file(path).unwrap();
        }
        return Vec::new();
    }
    gone
}

#[test]
fn every_output_is_what_it_was() {
    let mut cases = record_cases();
    cases.extend(generated_cases());
    // The runs on both cores; the comparisons (insta's settings are per thread) here.
    let texts: Vec<String> = cases.par_iter().map(snapshot).collect();
    let changed: Vec<String> = cases
        .iter()
        .zip(&texts)
        .filter(|(case, text)| !matches(case, text))
        .map(|(case, _)| format!("{}/{}", case.folder, case.name))
        .collect();
    let gone = gone(&cases);
    assert!(
        changed.is_empty() && gone.is_empty(),
        "outputs changed: {changed:#?}\nsnapshots of nothing: {gone:#?}\n\
         On purpose? `INSTA_UPDATE=always cargo test --test integration golden::`, then read \
         `git diff tests/golden` (see the top of tests/golden.rs)."
    );
}
