//! The rules documents in `docs/rules/` hold to the code and to the records.
//!
//! - Every game of the registry has its document, `docs/rules/<id>.md` (the path
//!   `tgn games` shows).
//! - Every rule a message of `src/games/` cites — `(R6)`, `B1`, `V3`, `decision 3`,
//!   `§4.3` — is an item of a document of that code, with that number: a document says
//!   which code it describes on its `Engine:` line. Checked twice: in the string
//!   literals of the code (`.rule("R6")`, the `Words` tables), and as data, in the
//!   `rule` of every error the records give when replayed.
//! - Every worked example of a document is a record under `records/<game>/` (or
//!   `records/invalid/`) that says `[Example "<id>"]`; a valid one replays without
//!   error and declares the result the board gives.
//!
//! The conventions these checks read are those of `docs/rules/README.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use regex::Regex;
use tgn::record::{Encoding, GameRecord, Reader};
use tgn::replay::{Settings, replay};

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A rules document, as far as these checks read it.
struct Document {
    path: PathBuf,
    /// The game folders it describes (`kungser` for `src/games/kungser/`).
    engines: Vec<String>,
    /// Section number → its title and the numbers of its numbered items.
    sections: BTreeMap<String, (String, BTreeSet<String>)>,
    /// The ids of the rules: `R6` of `- **R6 Compulsory capture.**`.
    items: BTreeSet<String>,
    /// The ids of the worked examples: the headings of the section so titled.
    examples: Vec<String>,
}

fn read_document(path: &Path) -> Document {
    let text = std::fs::read_to_string(path).unwrap();
    let engine = Regex::new(r"src/games/((?:common/)?[a-z_]+)/").unwrap();
    let section = Regex::new(r"^## ([0-9]+)\. (.*)$").unwrap();
    let numbered = Regex::new(r"^([0-9]+)\. ").unwrap();
    let item = Regex::new(r"^\s*(?:- )?\*\*([A-Z][A-Za-z]*[0-9]+[a-z]?)\b").unwrap();
    let example = Regex::new(r"^### ([A-Z][A-Za-z]*[0-9]+)\b").unwrap();
    let mut document = Document {
        path: path
            .strip_prefix(repository())
            .unwrap_or(path)
            .to_path_buf(),
        engines: Vec::new(),
        sections: BTreeMap::new(),
        items: BTreeSet::new(),
        examples: Vec::new(),
    };
    let mut current: Option<String> = None;
    // The `Engine:` line and the lines of its paragraph that follow it.
    let mut in_engine = false;
    for line in text.lines() {
        in_engine = line.starts_with("Engine:") || (in_engine && !line.trim().is_empty());
        if in_engine {
            document
                .engines
                .extend(engine.captures_iter(line).map(|c| c[1].to_string()));
        } else if let Some(c) = section.captures(line) {
            current = Some(c[1].to_string());
            document
                .sections
                .insert(c[1].to_string(), (c[2].to_string(), BTreeSet::new()));
        } else if let (Some(c), Some(n)) = (numbered.captures(line), &current) {
            document
                .sections
                .get_mut(n)
                .unwrap()
                .1
                .insert(c[1].to_string());
        }
        if let Some(c) = item.captures(line) {
            document.items.insert(c[1].to_string());
        }
        let in_examples = current
            .as_ref()
            .is_some_and(|n| document.sections[n].0.starts_with("Worked examples"));
        if let (true, Some(c)) = (in_examples, example.captures(line)) {
            document.examples.push(c[1].to_string());
        }
    }
    document
}

fn documents() -> Vec<Document> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repository().join("docs/rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter(|p| !p.ends_with("README.md"))
        .collect();
    paths.sort();
    paths.iter().map(|p| read_document(p)).collect()
}

/// The text of every string literal of Rust source, comments left out.
fn string_literals(source: &str) -> Vec<String> {
    let bytes = source.as_bytes();
    let mut literals = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        let after_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if !after_word && raw_string_opening(rest).is_some() {
            let (open, hashes) = raw_string_opening(rest).unwrap();
            let close = format!("\"{}", "#".repeat(hashes));
            let end = rest[open..].find(&close).unwrap() + open;
            literals.push(rest[open..end].to_string());
            i += end + close.len();
        } else if bytes[i] == b'\'' {
            // A character literal ('"', '\'') or a lifetime: skip what could hide a quote.
            i += char_literal_length(rest).unwrap_or(1);
        } else if bytes[i] == b'"' {
            let mut j = 1;
            let mut text = String::new();
            while let Some(c) = rest[j..].chars().next() {
                match c {
                    '"' => break,
                    // An escape (`\n`, `\"`) still separates words: `(R3)\n` cites R3.
                    '\\' => {
                        text.push(' ');
                        j += 1 + rest[j + 1..].chars().next().unwrap().len_utf8();
                    }
                    _ => {
                        text.push(c);
                        j += c.len_utf8();
                    }
                }
            }
            literals.push(text);
            i += j + 1;
        } else {
            i += rest.chars().next().unwrap().len_utf8();
        }
    }
    literals
}

/// `r"`, `r#"`, `br"`…: the length of the opening and its number of `#`.
fn raw_string_opening(text: &str) -> Option<(usize, usize)> {
    let after_b = text.strip_prefix('b').unwrap_or(text);
    let after_r = after_b.strip_prefix('r')?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    after_r[hashes..]
        .starts_with('"')
        .then(|| (text.len() - after_r.len() + hashes + 1, hashes))
}

fn char_literal_length(text: &str) -> Option<usize> {
    let body = &text[1..];
    let first = body.chars().next()?;
    let length = if first == '\\' {
        1 + body[1..].chars().next()?.len_utf8()
    } else {
        first.len_utf8()
    };
    body[length..].starts_with('\'').then_some(length + 2)
}

/// The rule ids the strings of one game folder cite, test code left out.
fn cited_ids(folder: &Path, depth: usize) -> BTreeSet<String> {
    // A rule id stands after a space or a bracket ("(R11)", "rule R6"), never inside a
    // position string written as an example (Pinoy Dama's "W:W21,22,K5:B1,2").
    let id = Regex::new(
        r"(?:^|[\s(\[/])([RBCEV][0-9]+[a-z]?)\b|([Dd]ecision [0-9]+|§[0-9]+(?:\.[0-9]+)?)",
    )
    .unwrap();
    let tests = Regex::new(r"#\[cfg\(test\)\]\s*mod \w+\s*\{").unwrap();
    let mut ids = BTreeSet::new();
    for entry in walkdir::WalkDir::new(folder).max_depth(depth) {
        let path = entry.unwrap().into_path();
        let name = path.file_name().unwrap().to_string_lossy();
        if !name.ends_with(".rs") || name == "tests.rs" || name == "testing.rs" {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let code = &source[..tests.find(&source).map_or(source.len(), |m| m.start())];
        for literal in string_literals(code) {
            ids.extend(id.captures_iter(&literal).filter_map(|c| {
                c.get(1)
                    .or_else(|| c.get(2))
                    .map(|m| m.as_str().to_string())
            }));
        }
    }
    ids
}

/// Whether `id` (`R7a`, `decision 3`, `§4.3`, `§5`) is defined by one of `documents`.
fn defines(documents: &[&Document], id: &str) -> bool {
    documents.iter().any(|d| {
        if let Some(n) = id
            .strip_prefix("decision ")
            .or(id.strip_prefix("Decision "))
        {
            d.sections
                .values()
                .any(|(title, items)| title.starts_with("Decisions") && items.contains(n))
        } else if let Some(reference) = id.strip_prefix('§') {
            match reference.split_once('.') {
                Some((section, item)) => d
                    .sections
                    .get(section)
                    .is_some_and(|(_, items)| items.contains(item)),
                None => d.sections.contains_key(reference),
            }
        } else {
            d.items.contains(id)
        }
    })
}

#[test]
fn every_game_has_its_rules_document() {
    let missing: Vec<String> = tgn::registry::all_games()
        .map(|g| g.info.rules_document())
        .filter(|path| !repository().join(path).is_file())
        .collect();
    assert!(missing.is_empty(), "no rules document: {missing:?}");
}

/// The index of the rules documents (`docs/rules/README.md`): a row per game, in
/// registry order, made from the registry and the `Family:` line of the game's own
/// document, so that a new game's document is all a contributor writes for it
/// (`TGN_UPDATE_README=1` rewrites the table).
#[test]
fn the_rules_index_lists_every_game() {
    let path = repository().join("docs/rules/README.md");
    let index = std::fs::read_to_string(&path).unwrap();
    let mut table = String::from("| game (`[Game \"…\"]`) | document | family |\n|---|---|---|\n");
    let mut missing = Vec::new();
    for found in tgn::registry::all_games() {
        let id = found.info.id;
        let document = std::fs::read_to_string(repository().join(found.info.rules_document()))
            .unwrap_or_default();
        let family = document
            .lines()
            .find_map(|line| line.strip_prefix("Family: "))
            .unwrap_or_else(|| {
                missing.push(id);
                ""
            });
        table += &format!("| `{id}` | [{id}.md]({id}.md) | {family} |\n");
    }
    assert!(
        missing.is_empty(),
        "no `Family: …` line in the rules document of {missing:?}"
    );
    let start = index.find("| game (`[Game").expect("the index's table");
    let end = index[start..]
        .find("\n\n")
        .map_or(index.len(), |n| start + n + 1);
    if index[start..end] != table {
        assert!(
            std::env::var_os("TGN_UPDATE_README").is_some(),
            "docs/rules/README.md's table is not the registry's: rerun with TGN_UPDATE_README=1"
        );
        let updated = format!("{}{table}{}", &index[..start], &index[end..]);
        std::fs::write(&path, updated).unwrap();
    }
}

#[test]
fn every_rule_a_message_cites_is_in_the_rules_document() {
    let documents = documents();
    let mut problems = Vec::new();
    let games = repository().join("src/games");
    let subfolders = |dir: &Path| -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        found.sort();
        found
    };
    // Each game's folder, and each family's folder in `common` (`common/hunt`), whose
    // documents say `Engine: src/games/<name>/`; `common`'s own files apart.
    let mut folders: Vec<(String, BTreeSet<String>)> = Vec::new();
    for folder in subfolders(&games) {
        let name = folder.file_name().unwrap().to_string_lossy().to_string();
        if name == "common" {
            folders.push((name.clone(), cited_ids(&folder, 1)));
            for family in subfolders(&folder) {
                let family_name = family.file_name().unwrap().to_string_lossy().to_string();
                folders.push((
                    format!("common/{family_name}"),
                    cited_ids(&family, usize::MAX),
                ));
            }
        } else {
            folders.push((name, cited_ids(&folder, usize::MAX)));
        }
    }
    for (name, ids) in folders {
        // The documents of the folder, and those of its family: the documents that
        // name the same shared engine in `common/` (Rimau-rimau cites Kungser's R9;
        // both name `src/games/common/hunt/`), as the check of the records' errors
        // below allows.
        let own: Vec<&Document> = documents
            .iter()
            .filter(|d| d.engines.contains(&name))
            .collect();
        let family: Vec<&String> = own
            .iter()
            .flat_map(|d| d.engines.iter())
            .filter(|e| e.starts_with("common/"))
            .collect();
        let described: Vec<&Document> = documents
            .iter()
            .filter(|d| d.engines.contains(&name) || d.engines.iter().any(|e| family.contains(&e)))
            .collect();
        if described.is_empty() && !ids.is_empty() {
            problems.push(format!(
                "src/games/{name}/ cites {ids:?}, but no document says `Engine: src/games/{name}/`"
            ));
        }
        for id in ids
            .iter()
            .filter(|id| !described.is_empty() && !defines(&described, id))
        {
            let paths: Vec<_> = described.iter().map(|d| d.path.display()).collect();
            problems.push(format!(
                "src/games/{name}/ cites {id}, which none of {paths:?} defines"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The records of `game` and of `records/invalid/<game>-*.pgn`, with their file.
fn records_of(game: &str) -> Vec<(PathBuf, GameRecord)> {
    let root = repository().join("records");
    let invalid = format!("{game}-");
    let mut paths: Vec<PathBuf> = Vec::new();
    for (dir, prefix) in [
        (root.join(game), ""),
        (root.join("invalid"), invalid.as_str()),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        paths.extend(entries.map(|e| e.unwrap().path()).filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".pgn") && name.starts_with(prefix)
        }));
    }
    paths.sort();
    paths
        .into_iter()
        .flat_map(|path| {
            let reader = Reader::new(BufReader::new(File::open(&path).unwrap()), Encoding::Utf8);
            reader
                .map(|r| (path.clone(), r.unwrap()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_worked_example_is_a_record_that_replays_to_its_result() {
    let mut problems = Vec::new();
    for found in tgn::registry::all_games() {
        let path = repository().join(found.info.rules_document());
        let Ok(true) = path.try_exists() else {
            continue; // every_game_has_its_rules_document says so
        };
        let document = read_document(&path);
        let records = records_of(found.info.id);
        for (file, record) in &records {
            let stale: Vec<&str> = record
                .tag("Example")
                .into_iter()
                .flat_map(str::split_whitespace)
                .filter(|e| !document.examples.iter().any(|x| x == e))
                .collect();
            if !stale.is_empty() {
                problems.push(format!(
                    "{}: [Example] {stale:?} is no worked example of {}",
                    file.strip_prefix(repository()).unwrap_or(file).display(),
                    found.info.rules_document()
                ));
            }
        }
        for example in &document.examples {
            let tagged: Vec<&(PathBuf, GameRecord)> = records
                .iter()
                .filter(|(_, r)| {
                    r.tag("Example")
                        .is_some_and(|v| v.split_whitespace().any(|e| e == example))
                })
                .collect();
            if tagged.is_empty() {
                problems.push(format!(
                    "{}: no record of records/{}/ says [Example \"{example}\"]",
                    found.info.rules_document(),
                    found.info.id
                ));
            }
            for (file, record) in tagged {
                if file.parent().is_some_and(|p| p.ends_with("invalid")) {
                    continue; // tests/records.rs checks it fails as it says
                }
                let file = file.strip_prefix(repository()).unwrap_or(file);
                let replayed = replay(record, &Settings::default());
                let board = replayed.outcome.as_ref().map_or("*", |o| o.result.as_str());
                let declared = record.tag("Result").unwrap_or("*");
                if !replayed.errors.is_empty() || board != declared {
                    problems.push(format!(
                        "{} ({example}): declares {declared}, the board gives {board}, errors {:?}",
                        file.display(),
                        replayed
                            .errors
                            .iter()
                            .map(|e| &e.message)
                            .collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The rule a replay's error carries as data (`Diagnostic::rule`), checked where the
/// scan of string literals above cannot follow it: the rule ids of the `Words` and
/// `Placement` tables, chosen at run time by variant. A game's document may cite the
/// rules of another document of the same engine (Nine Men's Morris cites
/// Morabaraba's), as the scan allows.
#[test]
fn every_rule_an_error_of_the_records_carries_is_in_the_rules_document() {
    let documents = documents();
    let mut problems = Vec::new();
    let mut cited = 0;
    for found in tgn::registry::all_games() {
        let path = repository().join(found.info.rules_document());
        let Ok(true) = path.try_exists() else {
            continue; // every_game_has_its_rules_document says so
        };
        let own = read_document(&path);
        let document: Vec<&Document> = documents
            .iter()
            .filter(|d| d.engines.iter().any(|e| own.engines.contains(e)))
            .collect();
        for (file, record) in records_of(found.info.id) {
            let replayed = replay(&record, &Settings::default());
            for error in &replayed.errors {
                let Some(rule) = error.rule else { continue };
                cited += 1;
                for id in rule.ids().filter(|id| !defines(&document, id)) {
                    problems.push(format!(
                        "{}:{}: the error cites {id}, which {} does not define: {}",
                        file.strip_prefix(repository()).unwrap_or(&file).display(),
                        error.span.line,
                        found.info.rules_document(),
                        error.message
                    ));
                }
                if !error.message.ends_with(&format!("({})", rule.as_str())) {
                    problems.push(format!(
                        "{}:{}: the message does not end with its rule: {}",
                        file.display(),
                        error.span.line,
                        error.message
                    ));
                }
            }
        }
    }
    assert!(cited > 0, "no error of the records cites a rule");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_string_literals_and_skips_comments() {
    let source = r##"
        // "R1" in a comment
        let c = '"'; /* "R2" */
        let s = format!("no piece on {a} (R3)");
        let r = r#"raw "R4""#;
        let e = "escaped \" quote\n(R5)";
    "##;
    let texts = string_literals(source);
    assert_eq!(
        texts,
        [
            "no piece on {a} (R3)",
            r#"raw "R4""#,
            "escaped   quote (R5)"
        ]
    );
}
