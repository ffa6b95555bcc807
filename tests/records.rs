//! Every record shipped in `records/` is checked here.
//!
//! - Records outside `records/invalid/` must be valid.
//! - Each game in `records/invalid/` says what must be wrong with it in three tags:
//!   `[ExpectError "<code>"]` (an error code of `tgn check --format json`),
//!   `[ExpectAt "<line>:<column>"]` and `[ExpectMessage "<part of the message>"]`;
//!   `check` must report exactly that error there (or that warning: `move-number`,
//!   `result-tag`, `duplicate-tag`, `tag-quote`, which leave the game valid but for `--strict`).
//! - The first game of an invalid file may say `[ExpectGamesInFile "<n>"]`: the file
//!   must hold exactly that many games (a broken game never swallows the next).

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use crate::common::record_files;
use tgn::record::{Encoding, Reader};
use tgn::replay::{ErrorCode, Settings, replay};

/// Whether `path` is in `records/invalid/`.
fn invalid(path: &Path) -> bool {
    path.starts_with("records/invalid")
}

#[test]
fn sample_records_are_valid_under_strict() {
    let mut problems = Vec::new();
    let mut games = 0;
    for path in record_files().into_iter().filter(|p| !invalid(p)) {
        let reader = Reader::new(BufReader::new(File::open(&path).unwrap()), Encoding::Utf8);
        for (index, record) in reader.enumerate() {
            let record = record.unwrap();
            games += 1;
            let replay = replay(&record, &Settings::default());
            // As `check --strict` sees them: a warning fails a shipped record too
            // (issue 52).
            for e in replay.errors.iter().chain(&replay.warnings) {
                problems.push(format!(
                    "{}:{}:{} (game {}): {} {}",
                    path.display(),
                    e.span.line,
                    e.span.column,
                    index + 1,
                    e.code,
                    e.message
                ));
            }
        }
    }
    assert!(games > 0, "no sample records found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn invalid_records_fail_as_they_say() {
    let mut problems = Vec::new();
    let mut games = 0;
    let mut codes = std::collections::BTreeSet::new();
    for path in record_files().into_iter().filter(|p| invalid(p)) {
        let reader = Reader::new(BufReader::new(File::open(&path).unwrap()), Encoding::Utf8);
        let mut expected_games = None;
        let mut in_file = 0;
        for (index, record) in reader.enumerate() {
            let record = record.unwrap();
            games += 1;
            in_file += 1;
            if index == 0 {
                expected_games = record.tag("ExpectGamesInFile").map(str::to_string);
            }
            let here = format!("{} game {}", path.display(), index + 1);
            let (Some(code), Some(at), Some(message)) = (
                record.tag("ExpectError"),
                record.tag("ExpectAt"),
                record.tag("ExpectMessage"),
            ) else {
                problems.push(format!("{here}: lacks ExpectError/ExpectAt/ExpectMessage"));
                continue;
            };
            codes.insert(code.to_string());
            let replay = replay(&record, &Settings::default());
            let found = replay.errors.iter().chain(&replay.warnings).any(|e| {
                e.code.as_str() == code
                    && format!("{}:{}", e.span.line, e.span.column) == at
                    && e.message.contains(message)
            });
            if !found {
                let actual: Vec<String> = replay
                    .errors
                    .iter()
                    .chain(&replay.warnings)
                    .map(|e| {
                        format!(
                            "{} at {}:{}: {}",
                            e.code, e.span.line, e.span.column, e.message
                        )
                    })
                    .collect();
                problems.push(format!(
                    "{here}: expected {code} at {at} containing {message:?}, got {actual:?}"
                ));
            }
        }
        if let Some(expected) = expected_games
            && expected != in_file.to_string()
        {
            problems.push(format!(
                "{}: expected {expected} games, read {in_file}",
                path.display()
            ));
        }
    }
    assert!(games > 0, "no invalid records found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // `tgn check records/` shows every kind of diagnostic, as the README says.
    for code in ErrorCode::ALL {
        assert!(
            codes.contains(code.as_str()),
            "no record in records/invalid shows {code}"
        );
    }
}
