//! The quick path (`tgn::replay::quick`) against the full one: a game the quick path
//! passes must be one the full path finds valid, without warnings, with the same
//! game, plies and outcome — on every record in `records/`, on generated games of
//! every game, on those games damaged in many small ways (a deterministic campaign,
//! the same every run), and on PlayOK's archive in `../shared/data/` (an ignored
//! test, which `.ci/run` runs).
//! And the quick path must carry the plain valid games it is meant for.

use crate::common;

use std::io::Cursor;
use std::sync::Arc;

use tgn::internals::{quick, random_record};
use tgn::output::style::Paint;
use tgn::output::{Item, human, json};
use tgn::record::{Encoding, Reader};
use tgn::registry::all_games;
use tgn::replay::{Detail, Settings, replay};

/// How the games of `text` fared: (games, taken by the quick path). Each game the
/// quick path takes must be valid the full way, with the same game, plies and
/// outcome, and give the same line of `check --format json` and of `check -v`.
fn compare(text: &str, settings: &Settings, context: &str) -> (usize, usize) {
    let mut reader = Reader::new(Cursor::new(text.as_bytes().to_vec()), Encoding::Utf8);
    let (mut games, mut quick_games) = (0, 0);
    while let Some(chunk) = reader.next_chunk() {
        let chunk = chunk.expect("text reads");
        let fast = chunk.clean_text().and_then(|t| quick(t, settings));
        let shown = chunk.clean_text().unwrap_or("").to_string();
        let records = chunk.parse();
        games += records.len();
        let Some((header, fast)) = fast else { continue };
        quick_games += 1;
        assert_eq!(
            records.len(),
            1,
            "{context}: quick path over several games:\n{shown}"
        );
        let full = replay(&records[0], settings);
        assert!(
            full.is_valid() && full.warnings.is_empty(),
            "{context}: the quick path passed a game the full path faults: {:?} {:?}\n{shown}",
            full.errors,
            full.warnings
        );
        assert_eq!(
            (fast.game.map(|g| g.id), fast.plies, &fast.outcome),
            (full.game.map(|g| g.id), full.plies, &full.outcome),
            "{context}:\n{shown}"
        );
        let lines = |record, replay| {
            let item = Item {
                file: Arc::from("f"),
                index: 0,
                record,
                replay,
            };
            (
                serde_json::to_value(json::check_line(&item)).unwrap(),
                human::one_line(&item, Paint::PLAIN),
            )
        };
        let full_lines = lines(records.into_iter().next().unwrap(), full);
        assert_eq!(
            lines(header, fast),
            full_lines,
            "{context}: check --format json and check -v\n{shown}"
        );
    }
    (games, quick_games)
}

fn settings(game: Option<&str>, strict: bool) -> Settings {
    Settings {
        game: game.map(str::to_string),
        detail: Detail::SUMMARY,
        strict,
        ..Settings::default()
    }
}

#[test]
fn every_shipped_record_fares_the_same_both_ways() {
    let files = common::record_files();
    assert!(files.len() > 50);
    let (mut games, mut quick_games) = (0, 0);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for strict in [false, true] {
            let (g, q) = compare(&text, &settings(None, strict), &file.display().to_string());
            games += g;
            quick_games += q;
        }
    }
    assert!(
        quick_games * 3 > games,
        "{quick_games} of {games} games went the quick way"
    );
}

/// A small deterministic generator (xorshift), so the campaign is the same every run.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below.max(1) as u64) as usize
    }
}

/// `text` damaged once: a token dropped, doubled or swapped with the next, a character
/// changed, or something unusual put in.
fn damage(text: &str, dice: &mut Dice) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let at = dice.roll(words.len());
    let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    match dice.roll(7) {
        0 => {
            words.remove(at);
        }
        1 => words.insert(at, words[at].clone()),
        2 if at + 1 < words.len() => words.swap(at, at + 1),
        3 => {
            let pieces = [
                "1.",
                "2...",
                "*",
                "1-0",
                "0-1",
                "1/2-1/2",
                "{c}",
                "$1",
                "!",
                "x",
                "(",
                "[Game \"zamma\"]\n",
                "\n\n",
                "99.",
            ];
            words.insert(at, pieces[dice.roll(pieces.len())].to_string());
        }
        _ => {
            let word = &words[at];
            if !word.is_empty() && word.is_ascii() {
                let i = dice.roll(word.len());
                let replacement = b"0123456789abcdefghxX-:()"[dice.roll(24)] as char;
                let mut changed = word.to_string();
                changed.replace_range(i..i + 1, &replacement.to_string());
                words[at] = changed;
            }
        }
    }
    words.join(" ")
}

#[test]
fn generated_and_damaged_games_fare_the_same_both_ways() {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    for game in all_games() {
        let id = game.info.id;
        let (mut games, mut quick_games) = (0, 0);
        for seed in 0..12 {
            let record = random_record(game, seed, 150).unwrap();
            let (g, q) = compare(
                &record,
                &settings(None, false),
                &format!("{id} seed {seed}"),
            );
            games += g;
            quick_games += q;
            for round in 0..40 {
                let damaged = damage(&record, &mut dice);
                let context = format!("{id} seed {seed} damage {round}");
                compare(&damaged, &settings(None, round % 2 == 0), &context);
            }
        }
        assert_eq!(
            quick_games, games,
            "{id}: generated games all go the quick way"
        );
    }
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn playok_archive_fares_the_same_both_ways() {
    let path = std::path::PathBuf::from(crate::common::playok());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (PlayOK's archive beside the repository)",
            path.display()
        )
    });
    let (games, quick_games) = compare(&text, &settings(Some("toguz-kumalak"), false), "PlayOK");
    assert_eq!((games, quick_games), (1199, 1199));
}

/// Found by the `quick` fuzz target: a text holding only a move number is no game for
/// the parser, and must be none for the quick path either, whatever `--game` says.
#[test]
fn a_stray_move_number_is_no_game_either_way() {
    for game in [None, Some("pasang")] {
        for text in ["19.", "\n19.\n", "1. 2. 3..."] {
            assert_eq!(
                compare(text, &settings(game, true), text),
                (0, 0),
                "{text:?}"
            );
        }
    }
}
