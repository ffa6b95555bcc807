//! What the archive tools share: which games a `tgn filter` selects, and how a game
//! is written back — exactly as written, or canonical.
//!
//! A [`Selection`] is a plain value (the command line builds it); it judges one
//! replayed game at a time, so selecting streams like every other command.

use std::io::{self, Write};

use regex::Regex;

use super::Item;
use crate::games::GameResult;
use crate::output::json;
use crate::record::Termination;
use crate::record::parser::Origin;
use crate::record::writer::write_game;
use crate::record::{GameRecord, MoveNode, parse_games, parse_result};
use crate::registry;
use crate::replay::{Detail, Line, Settings, Status, replay};

/// A test on one tag: `Name` (the tag is there) or `Name=regex` (its value matches).
#[derive(Clone, Debug)]
pub struct TagTest {
    pub name: String,
    pub pattern: Option<Regex>,
}

impl TagTest {
    /// Reads `Name=regex` or `Name`.
    ///
    /// # Errors
    /// An empty tag name or a bad regular expression.
    pub fn parse(text: &str) -> Result<TagTest, String> {
        let (name, pattern) = match text.split_once('=') {
            Some((name, pattern)) => (name.trim(), Some(pattern)),
            None => (text.trim(), None),
        };
        if name.is_empty() {
            return Err(format!("{text:?} names no tag: write Name=regex or Name"));
        }
        let pattern = pattern
            .map(|p| Regex::new(p).map_err(|e| format!("bad regular expression {p:?}: {e}")))
            .transpose()?;
        Ok(TagTest {
            name: name.to_string(),
            pattern,
        })
    }

    /// Tag names compare in any case (`white` finds `[White]`); every tag of that
    /// name counts, a tag given twice included.
    fn matches(&self, record: &GameRecord) -> bool {
        record
            .tags
            .iter()
            .filter(|t| t.name.eq_ignore_ascii_case(&self.name))
            .any(|t| self.pattern.as_ref().is_none_or(|p| p.is_match(&t.value)))
    }
}

/// A declared result as `--result` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultTest {
    Is(Option<GameResult>),
    /// No result declared at all (neither in the movetext nor in `[Result]`).
    None,
}

impl ResultTest {
    /// `1-0`, `0-1`, `1/2-1/2` (or `draw`), `*`, `none`.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(text: &str) -> Result<ResultTest, String> {
        match text.trim() {
            "none" => Ok(ResultTest::None),
            "draw" => Ok(ResultTest::Is(Some(GameResult::Draw))),
            t => parse_result(t)
                .map(|marker| ResultTest::Is(marker.result()))
                .ok_or_else(|| format!("unknown result {t:?}: use 1-0, 0-1, 1/2-1/2, * or none")),
        }
    }
}

/// How a game's result came about, as `summarize` counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The position ended the game.
    Board,
    /// A result the position does not decide (resignation, time, agreement).
    Declared,
    /// No result.
    None,
}

impl Decided {
    pub fn of(item: &Item) -> Decided {
        match (&item.replay.outcome, item.record.declared_result()) {
            (Some(_), _) => Decided::Board,
            (None, Some(Termination::Result(_))) => Decided::Declared,
            _ => Decided::None,
        }
    }
}

/// The days of a month of the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A date or a part of one, as PGN writes dates (`2025.03.14`, `2025.??.??`):
/// (year, month, day), each `None` where unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PgnDate {
    pub year: u32,
    pub month: Option<u32>,
    pub day: Option<u32>,
}

impl PgnDate {
    /// Reads `2025`, `2025.03`, `2025.03.14` (or with `-` or `/`), `??` for unknown
    /// parts. `None` when the year is unknown.
    pub fn parse(text: &str) -> Option<PgnDate> {
        let mut parts = text.trim().split(['.', '-', '/']);
        let number = |p: Option<&str>| p.and_then(|p| p.parse::<u32>().ok());
        let year = number(parts.next())?;
        let month = number(parts.next()).filter(|m| (1..=12).contains(m));
        let day = month
            .and(number(parts.next()))
            .filter(|d| (1..=31).contains(d));
        Some(PgnDate { year, month, day })
    }

    /// Reads a date given as an argument (`--since 2025.03`) exactly: one to three
    /// parts, each a number or `??` (the year a number), the month 1 to 12, the day
    /// one that month has. `2025.13.45` is no date, where [`PgnDate::parse`], reading
    /// what records hold, would keep its year.
    pub fn parse_exact(text: &str) -> Option<PgnDate> {
        let parts: Vec<&str> = text.trim().split(['.', '-', '/']).collect();
        if parts.len() > 3 {
            return None;
        }
        let part = |i: usize| -> Option<Option<u32>> {
            match parts.get(i).copied() {
                None | Some("??") => Some(None),
                Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                    p.parse().ok().map(Some)
                }
                Some(_) => None,
            }
        };
        let year = part(0)??;
        let month = match part(1)? {
            Some(m) if (1..=12).contains(&m) => Some(m),
            Some(_) => return None,
            None => None,
        };
        let day = match (month, part(2)?) {
            (_, None) => None,
            (Some(m), Some(d)) if (1..=days_in_month(year, m)).contains(&d) => Some(d),
            _ => return None,
        };
        Some(PgnDate { year, month, day })
    }

    /// The earliest and latest day it may stand for.
    fn earliest(self) -> (u32, u32, u32) {
        (self.year, self.month.unwrap_or(1), self.day.unwrap_or(1))
    }

    fn latest(self) -> (u32, u32, u32) {
        (self.year, self.month.unwrap_or(12), self.day.unwrap_or(31))
    }
}

/// Which games `tgn filter` keeps. Every test given must pass (tag and player tests
/// with [`Selection::any`]: at least one of them); with `invert`, the others are kept.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    pub tags: Vec<TagTest>,
    /// Players in either colour: regular expressions, matched without regard to case.
    pub players: Vec<Regex>,
    /// Tag and player tests combine with "or" (default "and").
    pub any: bool,
    /// The declared result is one of these.
    pub results: Vec<ResultTest>,
    pub decided: Vec<Decided>,
    /// `Some(true)`: valid games only; `Some(false)`: invalid ones only.
    pub valid: Option<bool>,
    /// Game ids (`toguz-kumalak`).
    pub games: Vec<&'static str>,
    pub min_plies: Option<u32>,
    pub max_plies: Option<u32>,
    /// The `[Date]` may fall on or after this day…
    pub since: Option<PgnDate>,
    /// …and on or before this one (games without a readable date fail both).
    pub until: Option<PgnDate>,
    /// A position string the main line reaches (its board part: see
    /// [`crate::games::Rules::board_part`]).
    pub reaching: Option<String>,
    /// The first moves of the main line, as written or canonical.
    pub moves: Vec<String>,
    pub invert: bool,
}

impl Selection {
    /// How much of the replay the tests need.
    pub fn detail(&self) -> Detail {
        if self.reaching.is_some() {
            Detail::FULL
        } else if !self.moves.is_empty() {
            Detail::MOVES
        } else {
            Detail::ERRORS
        }
    }

    /// Whether `item`, read with `settings`, is selected (after `invert`).
    pub fn selects(&self, item: &Item, settings: &Settings) -> bool {
        self.matches(item, settings) != self.invert
    }

    fn matches(&self, item: &Item, settings: &Settings) -> bool {
        let record = &item.record;
        let replay = &item.replay;
        let plays = |p: &Regex| {
            ["White", "Black"]
                .iter()
                .any(|colour| record.tag(colour).is_some_and(|v| p.is_match(v)))
        };
        let named: Vec<bool> = (self.tags.iter().map(|t| t.matches(record)))
            .chain(self.players.iter().map(plays))
            .collect();
        let named = match self.any {
            true => named.is_empty() || named.contains(&true),
            false => !named.contains(&false),
        };
        named
            && (self.results.is_empty() || self.results.contains(&result_of(record)))
            && (self.decided.is_empty() || self.decided.contains(&Decided::of(item)))
            && self.valid.is_none_or(|v| v == replay.is_valid())
            && (self.games.is_empty() || replay.game.is_some_and(|g| self.games.contains(&g.id)))
            && self.min_plies.is_none_or(|n| replay.plies >= n)
            && self.max_plies.is_none_or(|n| replay.plies <= n)
            && self.dated(record)
            && self.reaches(item)
            && self.opens_with(item, settings)
    }

    fn dated(&self, record: &GameRecord) -> bool {
        if self.since.is_none() && self.until.is_none() {
            return true;
        }
        let Some(date) = record.tag("Date").and_then(PgnDate::parse) else {
            return false;
        };
        self.since.is_none_or(|s| date.latest() >= s.earliest())
            && self.until.is_none_or(|u| date.earliest() <= u.latest())
    }

    /// Whether the [`Selection::reaching`] position is one of `item`'s game with its
    /// options (a Mig Mang position is one of a board of some size): a position no
    /// game of the collection reads would match nothing, and is a usage error.
    pub fn reaching_read_by(&self, item: &Item, settings: &Settings) -> Result<(), String> {
        let Some(wanted) = &self.reaching else {
            return Ok(());
        };
        let Some(found) = item.replay.game.and_then(|g| registry::find(g.id)) else {
            return Err("the game is unknown".to_string());
        };
        found
            .reads_position(&item.record, &settings.options, wanted)
            .map_err(|e| format!("{}: {e}", found.info.id))
    }

    /// Whether the main line reaches the position (its start included).
    fn reaches(&self, item: &Item) -> bool {
        let Some(wanted) = &self.reaching else {
            return true;
        };
        let replay = &item.replay;
        let Some(found) = replay.game.and_then(|g| registry::find(g.id)) else {
            return false;
        };
        let wanted = found.board_part(wanted);
        let start = replay.start.iter().map(|s| s.position.as_str());
        let after_moves = replay.main.nodes.iter().filter_map(|n| match &n.status {
            Status::Played(p) => p.detail.as_ref().map(|d| d.position.as_str()),
            _ => None,
        });
        start
            .chain(after_moves)
            .any(|p| found.board_part(p) == wanted)
    }

    /// Whether the main line starts with [`Selection::moves`]: each move as written,
    /// in canonical notation, or any other way of writing the same move (`87` for
    /// `87(10)`), found by replaying the wanted moves as a record of the same game and
    /// start and comparing the canonical moves.
    fn opens_with(&self, item: &Item, settings: &Settings) -> bool {
        let nodes = &item.replay.main.nodes;
        if self.moves.len() > item.record.moves.len() {
            return false;
        }
        let canonical = |node: &crate::replay::Node| match &node.status {
            Status::Played(p) => Some(p.canonical.clone()),
            _ => None,
        };
        let as_written = self
            .moves
            .iter()
            .zip(item.record.moves.iter().zip(nodes))
            .all(|(wanted, (written, replayed))| {
                written.text == *wanted || canonical(replayed).as_ref() == Some(wanted)
            });
        if as_written {
            return true;
        }
        let probe = GameRecord {
            tags: item.record.tags.clone(),
            moves: parse_games(&self.moves.join(" "), Origin::default())
                .into_iter()
                .next()
                .map(|g| g.moves)
                .unwrap_or_default(),
            ..GameRecord::default()
        };
        let settings = Settings {
            detail: Detail::MOVES,
            ..settings.clone()
        };
        let probe = replay(&probe, &settings);
        probe.main.nodes.len() == self.moves.len()
            && probe.main.nodes.iter().zip(nodes).all(|(wanted, found)| {
                canonical(wanted).is_some_and(|w| Some(w) == canonical(found))
            })
    }
}

/// The declared result as `--result` tests it.
fn result_of(record: &GameRecord) -> ResultTest {
    match record.declared_result() {
        Some(marker) => ResultTest::Is(marker.result()),
        None => ResultTest::None,
    }
}

/// The moves of a `--moves` text: its tokens without move numbers (`1.`, `12...`)
/// and results.
pub fn move_tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|t| {
            // `1.76`: a number written against its move.
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            let rest = &t[digits..];
            if digits > 0 && (rest.starts_with('.') || rest.starts_with('…')) {
                rest.trim_start_matches(['.', '…'])
            } else {
                t
            }
        })
        .filter(|t| !t.is_empty() && parse_result(t).is_none())
        .map(str::to_string)
        .collect()
}

/// The record with every move that was played written in canonical notation (a bad
/// move and those after it stay as written).
pub fn canonical_record(item: &Item) -> GameRecord {
    let mut record = item.record.clone();
    canonical_line(&mut record.moves, &item.replay.main);
    record
}

fn canonical_line(moves: &mut [MoveNode], line: &Line) {
    for (node, replayed) in moves.iter_mut().zip(&line.nodes) {
        if let Status::Played(played) = &replayed.status
            && !played.canonical.is_empty()
        {
            node.text = played.canonical.as_str().into();
        }
        for (variation, line) in node.variations.iter_mut().zip(&replayed.variations) {
            canonical_line(&mut variation.moves, line);
        }
    }
}

/// How games are written out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Output {
    /// Each record exactly as written (a record read from JSON: as `convert` writes it).
    #[default]
    Records,
    /// Export-style text with canonical moves.
    Canonical,
    /// One JSON array of games, as `convert --to json`.
    Json,
    /// One JSON object per line.
    Jsonl,
}

impl Output {
    /// How much of the replay the output needs.
    pub fn detail(self) -> Detail {
        match self {
            Output::Records => Detail::ERRORS,
            Output::Canonical => Detail::MOVES,
            // As `convert` writes games by default: no states (`convert --states`).
            Output::Json | Output::Jsonl => json::Form::default().detail(),
        }
    }
}

/// A game in JSON as `convert --to jsonl` writes it by default.
fn game_json(item: &Item) -> serde_json::Value {
    json::game_in(item, json::Form::default())
}

/// The text of one game as `output` writes it, without a line end after it.
pub fn game_text(item: &Item, canonical: bool) -> String {
    match item.record.text().filter(|_| !canonical) {
        Some(text) => text.to_string(),
        None if canonical => write_game(&canonical_record(item)).trim_end().to_string(),
        None => write_game(&item.record).trim_end().to_string(),
    }
}

/// Writes games one after another in one [`Output`] form: records separated by a blank
/// line, or JSON.
pub struct GameWriter<W: Write> {
    out: W,
    form: Output,
    written: usize,
}

impl<W: Write> GameWriter<W> {
    pub fn new(out: W, form: Output) -> GameWriter<W> {
        GameWriter {
            out,
            form,
            written: 0,
        }
    }

    pub fn write(&mut self, item: &Item) -> io::Result<()> {
        let first = self.written == 0;
        self.written += 1;
        match self.form {
            Output::Records | Output::Canonical => {
                if !first {
                    writeln!(self.out)?;
                }
                writeln!(
                    self.out,
                    "{}",
                    game_text(item, self.form == Output::Canonical)
                )
            }
            Output::Json => {
                let separator = if first { "[\n" } else { ",\n" };
                write!(self.out, "{separator}{}", game_json(item))
            }
            Output::Jsonl => writeln!(self.out, "{}", game_json(item)),
        }
    }

    /// Closes the output (the JSON array) and flushes it.
    pub fn finish(mut self) -> io::Result<()> {
        if self.form == Output::Json {
            let close = if self.written == 0 { "[]\n" } else { "\n]\n" };
            write!(self.out, "{close}")?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_compare_on_the_days_they_may_stand_for() {
        let date = |t| PgnDate::parse(t).unwrap();
        assert_eq!(date("2025.??.??").month, None);
        assert!(date("2025.??.??").latest() >= date("2025.06").earliest());
        assert!(date("2024.12.31").latest() < date("2025").earliest());
        assert_eq!(PgnDate::parse("????.??.??"), None);
    }

    #[test]
    fn a_date_argument_is_read_exactly() {
        let exact = PgnDate::parse_exact;
        for good in [
            "2025",
            "2025.03",
            "2025.03.14",
            "2025-03-14",
            "2025/3/1",
            "2025.??.??",
        ] {
            assert!(exact(good).is_some(), "{good}");
        }
        assert_eq!(exact("2024.02.29").and_then(|d| d.day), Some(29));
        for bad in [
            "2025.13.45",
            "2025.13",
            "2025.02.29",
            "2025.04.31",
            "2025.00",
            "2025.03.00",
            "zz",
            "",
            "2025.",
            "2025.3x",
            "????",
            "2025.??.14",
            "2025.03.14.1",
            "+2025",
        ] {
            assert_eq!(exact(bad), None, "{bad}");
        }
    }

    #[test]
    fn move_texts_lose_their_numbers_and_results() {
        assert_eq!(move_tokens("1. 76 76 2.45 *"), ["76", "76", "45"]);
        assert_eq!(move_tokens("1... d2"), ["d2"]);
    }

    #[test]
    fn tag_tests_read_names_and_patterns() {
        assert!(TagTest::parse("=x").is_err());
        assert!(TagTest::parse("White=(").is_err());
        assert!(TagTest::parse("Site").unwrap().pattern.is_none());
    }
}
