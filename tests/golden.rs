//! Every output, byte for byte: what `check` (human and JSON), `convert`, `annotate`
//! and `summarize` print for every sample record and for generated games of every
//! game, fingerprinted in `tests/golden/outputs.txt`. A refactoring must leave them
//! all as they were; a change of output on purpose regenerates the file:
//! `TGN_UPDATE_GOLDEN=1 cargo test --test golden` (and the diff shows what changed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tgn::registry::all_games;

const COMMANDS: &[&[&str]] = &[
    &["check"],
    &["check", "--format", "json"],
    &["convert", "--to", "jsonl"],
    &["convert", "--to", "pgn"],
    &["annotate", "--positions"],
    &["summarize", "--format", "json"],
];

/// FNV-1a, 64 bits: a fingerprint, not a defence.
fn fingerprint(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x} {}", bytes.len())
}

fn output(args: &[&str], input: Option<&str>) -> Vec<u8> {
    let mut command = Command::cargo_bin("tgn").unwrap();
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        // The outputs are those of a pipe: plain, whatever the environment asks.
        .env_remove("CLICOLOR_FORCE")
        .args(args)
        .arg("--allow-empty");
    match input {
        Some(text) => command.arg("-").write_stdin(text),
        None => &mut command,
    };
    let out = command.output().unwrap();
    let mut bytes = out.stdout;
    bytes.extend(format!("\nexit {:?}\n", out.status.code()).bytes());
    bytes.extend(out.stderr);
    bytes
}

fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root.join("records"))
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
        .collect();
    files.sort();
    files
}

#[test]
fn every_output_is_what_it_was() {
    let mut found = BTreeMap::new();
    for file in record_files() {
        let name = file.to_str().unwrap();
        for command in COMMANDS {
            let mut args = command.to_vec();
            args.push(name);
            found.insert(
                format!("{name} {}", command.join(" ")),
                fingerprint(&output(&args, None)),
            );
        }
    }
    for game in all_games() {
        let archive: String = (0..12)
            .map(|seed| game.engine.random_record(game.info, seed, 150).unwrap())
            .collect();
        for command in COMMANDS {
            let key = format!("generated:{} {}", game.info.id, command.join(" "));
            found.insert(key, fingerprint(&output(command, Some(&archive))));
        }
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/outputs.txt");
    let text: String = found.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
    if std::env::var_os("TGN_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_default();
    let golden: BTreeMap<&str, &str> = golden.lines().filter_map(|l| l.split_once(" = ")).collect();
    let changed: Vec<String> = found
        .iter()
        .filter(|(k, v)| golden.get(k.as_str()) != Some(&v.as_str()))
        .map(|(k, _)| k.clone())
        .collect();
    let gone: Vec<&&str> = golden.keys().filter(|k| !found.contains_key(**k)).collect();
    assert!(
        changed.is_empty() && gone.is_empty(),
        "outputs changed: {changed:#?}\noutputs gone: {gone:#?}\n(on purpose? TGN_UPDATE_GOLDEN=1 cargo test --test golden)"
    );
}
