//! `tgn summarize`: a report over a collection — games by game type, validity, results
//! and how they were decided, lengths, the most common openings with their score, and
//! the most common errors. Only counters are kept, so memory does not grow with the
//! number of games.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{self, Write};

use serde::Serialize;

use std::path::PathBuf;

use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, report, table};
use super::{Reading, Stdout};
use crate::games::GameResult;
use crate::output::human::shown;
use crate::record::Termination;
use crate::replay::{Detail, ErrorCode, Status};

/// Everything the report says, as JSON (`--format json`).
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    /// The data model's version ([`crate::output::json::SCHEMA`]).
    pub schema: &'static str,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub by_game: BTreeMap<String, usize>,
    /// Declared results: `1-0`, `0-1`, `1/2-1/2`, `*`, `none`.
    pub results: BTreeMap<String, usize>,
    /// How results came about: `board` (the position ended the game), `declared` (a
    /// result the position does not decide: resignation, time, agreement), `none`.
    pub decided: BTreeMap<String, usize>,
    /// Outcomes by their reason ([`crate::games::Ending`], as the JSON games give
    /// them), `none` for the games without an outcome.
    pub reasons: BTreeMap<String, usize>,
    pub plies: Plies,
    pub openings: Vec<Opening>,
    pub errors: Vec<ErrorCount>,
    #[serde(skip)]
    ply_histogram: BTreeMap<u32, usize>,
    #[serde(skip)]
    /// Per opening: games, games with a result, the first player's points in those.
    opening_table: HashMap<(String, String), (usize, usize, f64)>,
    #[serde(skip)]
    error_table: HashMap<(ErrorCode, String), usize>,
}

#[derive(Debug, Default, Serialize)]
pub struct Plies {
    pub min: Option<u32>,
    /// The middle value, or the mean of the two middle values (`106.5`).
    pub median: Option<Median>,
    pub max: Option<u32>,
}

/// A median of whole numbers: whole, or halfway between two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Median {
    twice: u64,
}

impl std::fmt::Display for Median {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.twice % 2 {
            0 => write!(f, "{}", self.twice / 2),
            _ => write!(f, "{}.5", self.twice / 2),
        }
    }
}

impl Serialize for Median {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.twice % 2 {
            0 => s.serialize_u64(self.twice / 2),
            _ => s.serialize_f64(self.twice as f64 / 2.0),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Opening {
    pub game: String,
    /// The first two plies, canonical.
    pub moves: String,
    pub count: usize,
    /// The first player's score in percent (1 a win, ½ a draw) over the games of the
    /// opening that have a result; `None` when none has (`*` is no loss).
    pub score: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct ErrorCount {
    pub code: ErrorCode,
    /// The message with its move-specific details, for the most common one.
    pub example: String,
    pub count: usize,
}

impl Summary {
    /// Adds one game.
    pub fn add(&mut self, item: &Item) {
        let replay = &item.replay;
        self.games += 1;
        if replay.is_valid() {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        let game = replay.game.map_or("unknown", |g| g.id).to_string();
        *self.by_game.entry(game.clone()).or_default() += 1;
        let declared = item.record.declared_result();
        let result_name = declared.map_or("none", Termination::as_str);
        *self.results.entry(result_name.to_string()).or_default() += 1;
        let how = match (&replay.outcome, declared) {
            (Some(_), _) => "board",
            (None, Some(Termination::Result(_))) => "declared",
            _ => "none",
        };
        *self.decided.entry(how.to_string()).or_default() += 1;
        let reason = crate::output::json::outcome(item).map_or("none", |o| o.ending.as_str());
        *self.reasons.entry(reason.to_string()).or_default() += 1;
        *self.ply_histogram.entry(replay.plies).or_default() += 1;
        let opening: Vec<&str> = replay
            .main
            .nodes
            .iter()
            .take(2)
            .filter_map(|n| match &n.status {
                Status::Played(p) => Some(p.canonical.as_str()),
                _ => None,
            })
            .collect();
        if opening.len() == 2 {
            let result = replay
                .outcome
                .as_ref()
                .map(|o| o.result)
                .or(declared.and_then(Termination::result));
            let points = match result {
                Some(GameResult::FirstWins) => Some(1.0),
                Some(GameResult::Draw) => Some(0.5),
                Some(GameResult::SecondWins) => Some(0.0),
                None => None,
            };
            let entry = self
                .opening_table
                .entry((game, opening.join(" ")))
                .or_default();
            entry.0 += 1;
            if let Some(points) = points {
                entry.1 += 1;
                entry.2 += points;
            }
        }
        for error in &replay.errors {
            *self
                .error_table
                .entry((error.code, error.message.clone()))
                .or_default() += 1;
        }
    }

    /// Computes the derived fields (median, top lists) once all games are in.
    pub fn finish(&mut self, top: usize) {
        self.plies.min = self.ply_histogram.keys().next().copied();
        self.plies.max = self.ply_histogram.keys().next_back().copied();
        self.plies.median = median(&self.ply_histogram);
        let mut openings: Vec<Opening> = self
            .opening_table
            .iter()
            .map(|((game, moves), (count, scored, points))| Opening {
                game: game.clone(),
                moves: moves.clone(),
                count: *count,
                score: (*scored > 0).then(|| (points / *scored as f64 * 1000.0).round() / 10.0),
            })
            .collect();
        openings.sort_by(|x, y| y.count.cmp(&x.count).then(x.moves.cmp(&y.moves)));
        openings.truncate(top);
        self.openings = openings;
        let mut by_code: HashMap<ErrorCode, (usize, String, usize)> = HashMap::new();
        for ((code, message), count) in &self.error_table {
            let entry = by_code.entry(*code).or_default();
            entry.0 += count;
            if *count > entry.2 || (*count == entry.2 && *message < entry.1) {
                entry.1 = message.clone();
                entry.2 = *count;
            }
        }
        let mut errors: Vec<ErrorCount> = by_code
            .into_iter()
            .map(|(code, (count, example, _))| ErrorCount {
                code,
                example,
                count,
            })
            .collect();
        errors.sort_by(|x, y| y.count.cmp(&x.count).then(x.code.cmp(&y.code)));
        errors.truncate(top);
        self.errors = errors;
    }
}

/// What `tgn summarize` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub format: SummaryFormat,
    /// How many openings and errors to list.
    pub top: usize,
}

/// How `tgn summarize` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryFormat {
    Table,
    Json,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &options.read,
        detail: Detail::MOVES,
        json: None,
        progress: options.format == SummaryFormat::Table,
    };
    let mut summary = Summary {
        schema: crate::output::json::SCHEMA,
        ..Summary::default()
    };
    tally.io_errors += pipeline.run(&inputs, |item| {
        tally.add(&item);
        summary.add(&item);
        Ok(())
    })?;
    summary.finish(options.top);
    let output = (|| {
        let mut out = Stdout::new();
        match options.format {
            SummaryFormat::Json => writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&summary).map_err(io::Error::other)?
            ),
            SummaryFormat::Table => write!(out, "{}", tables(&summary)),
        }
    })();
    report("summarized", &tally);
    // Invalid games make the run's status 1, as for check: a summary in CI must not
    // pass a broken archive.
    conclude(output, &tally)
}

/// A table cell holding text read from records (names, events, moves, messages
/// quoting them): made safe to show on a terminal.
fn cell(text: &str) -> String {
    shown(text).into_owned()
}

/// The report as tables.
pub fn tables(s: &Summary) -> String {
    let mut overview = table(&["games", "valid", "invalid", "plies min", "median", "max"]);
    let show = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
    let median = s.plies.median.map_or("-".to_string(), |m| m.to_string());
    overview.add_row(vec![
        s.games.to_string(),
        s.valid.to_string(),
        s.invalid.to_string(),
        show(s.plies.min),
        median,
        show(s.plies.max),
    ]);
    let mut games = table(&["game", "games"]);
    for (game, count) in &s.by_game {
        games.add_row(vec![cell(game), count.to_string()]);
    }
    let mut results = table(&["result", "games"]);
    for (result, count) in &s.results {
        results.add_row(vec![cell(result), count.to_string()]);
    }
    let mut decided = table(&["decided", "games"]);
    for (how, count) in &s.decided {
        let label = match how.as_str() {
            "board" => "on the board",
            "declared" => "declared only (resignation, time, agreement)",
            _ => "no result",
        };
        decided.add_row(vec![label.to_string(), count.to_string()]);
    }
    let mut openings = table(&[
        "opening (first two plies)",
        "game",
        "games",
        "first player's score",
    ]);
    for o in &s.openings {
        openings.add_row(vec![
            cell(&o.moves),
            cell(&o.game),
            o.count.to_string(),
            o.score.map_or("-".to_string(), |score| format!("{score}%")),
        ]);
    }
    let mut errors = table(&["error", "games", "most common message"]);
    for e in &s.errors {
        errors.add_row(vec![
            e.code.to_string(),
            e.count.to_string(),
            cell(&e.example),
        ]);
    }
    let mut text = format!("{overview}\n{games}\n{results}\n{decided}\n");
    if !s.openings.is_empty() {
        text += &format!("{openings}\n");
    }
    if !s.errors.is_empty() {
        text += &format!("{errors}\n");
    }
    text
}

/// What `summarize --by` groups games by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Each player in either colour: games, score, results by colour.
    Player,
    /// Each `[Event]`: games, validity, results, dates, players.
    Event,
}

/// What `tgn summarize --by` is asked to do.
#[derive(Clone, Debug)]
pub struct BySettings {
    pub paths: Vec<std::path::PathBuf>,
    pub read: super::Reading,
    pub by: By,
    pub json: bool,
}

/// One colour's results of a player: wins, draws, losses, games without a result.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Results {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub unfinished: usize,
}

impl Results {
    fn add(&mut self, result: Option<GameResult>, colour: crate::games::Player) {
        let won = GameResult::win_for(colour);
        match result {
            None => self.unfinished += 1,
            Some(GameResult::Draw) => self.draws += 1,
            Some(r) if r == won => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    /// The games these count.
    fn games(&self) -> usize {
        self.wins + self.draws + self.losses + self.unfinished
    }

    /// `+3 =1 -2`.
    fn show(&self) -> String {
        format!("+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// A player's line of `--by player`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerLine {
    pub player: String,
    pub games: usize,
    /// Points (1 a win, ½ a draw) over the games with a result.
    pub score: f64,
    /// The score in percent of the games with a result.
    pub percent: Option<f64>,
    /// The games the player played first (PGN's `White`), then second.
    pub first: Results,
    pub second: Results,
}

/// An event's line of `--by event`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EventLine {
    pub event: String,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    /// Declared or board results: `1-0`, `0-1`, `1/2-1/2`, `*`, `none`.
    pub results: BTreeMap<String, usize>,
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    pub players: usize,
}

/// The result a game counts with: the board's, else the declared one.
fn counted_result(item: &Item) -> Option<GameResult> {
    item.replay
        .outcome
        .as_ref()
        .map(|o| o.result)
        .or(item.record.declared_result().and_then(Termination::result))
}

/// A player's counts, kept while reading; their line is made when it is written.
#[derive(Clone, Copy, Debug, Default)]
struct PlayerCounts {
    first: Results,
    second: Results,
    /// Points in halves (a win 2, a draw 1): whole numbers, added exactly.
    half_points: usize,
}

/// An event's counts, kept while reading.
#[derive(Debug, Default)]
struct EventCounts {
    games: usize,
    valid: usize,
    invalid: usize,
    results: BTreeMap<&'static str, usize>,
    first_date: Option<Box<str>>,
    last_date: Option<Box<str>>,
    /// Its players, as numbers of [`Grouped::names`].
    players: HashSet<u32>,
}

/// Lines per player or per event: counts only, each name kept once (a player's name
/// is a number in an event's set of players), so that memory grows with the players
/// and events, by a few dozen bytes each, and never with the games. 300,000 players
/// took 804 MB when each kept its line and the table held them all.
#[derive(Debug, Default)]
pub struct Grouped {
    /// Every player's name, and its number.
    names: HashMap<Box<str>, u32>,
    /// The counts of player number `i` (`--by player`).
    players: Vec<PlayerCounts>,
    events: HashMap<Box<str>, EventCounts>,
}

impl Grouped {
    /// The number of player `name`, given on first sight.
    fn player(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.names.get(name) {
            return id;
        }
        let id = u32::try_from(self.names.len()).expect("fewer than 4 billion players");
        self.names.insert(name.into(), id);
        id
    }

    pub fn add(&mut self, item: &Item, by: By) {
        use crate::games::Player;
        let record = &item.record;
        let result = counted_result(item);
        match by {
            By::Player => {
                for (tag, colour) in [("White", Player::First), ("Black", Player::Second)] {
                    let id = self.player(record.tag(tag).unwrap_or("?")) as usize;
                    if id == self.players.len() {
                        self.players.push(PlayerCounts::default());
                    }
                    let counts = &mut self.players[id];
                    match colour {
                        Player::First => counts.first.add(result, colour),
                        Player::Second => counts.second.add(result, colour),
                    }
                    counts.half_points += match result {
                        Some(GameResult::Draw) => 1,
                        Some(r) if r == GameResult::win_for(colour) => 2,
                        _ => 0,
                    };
                }
            }
            By::Event => {
                let players: Vec<u32> = ["White", "Black"]
                    .iter()
                    .filter_map(|tag| record.tag(tag))
                    .map(|name| self.player(name))
                    .collect();
                let name = record.tag("Event").unwrap_or("?");
                if !self.events.contains_key(name) {
                    self.events.insert(name.into(), EventCounts::default());
                }
                let line = self.events.get_mut(name).expect("just added");
                line.games += 1;
                if item.replay.is_valid() {
                    line.valid += 1;
                } else {
                    line.invalid += 1;
                }
                let shown = match (result, record.declared_result()) {
                    (Some(r), _) => r.as_str(),
                    (None, marker) => marker.map_or("none", Termination::as_str),
                };
                *line.results.entry(shown).or_default() += 1;
                if let Some(date) = record.tag("Date").filter(|d| !d.starts_with('?')) {
                    if line.first_date.as_deref().is_none_or(|d| date < d) {
                        line.first_date = Some(date.into());
                    }
                    if line.last_date.as_deref().is_none_or(|d| date > d) {
                        line.last_date = Some(date.into());
                    }
                }
                line.players.extend(players);
            }
        }
    }

    /// Players by games, then name: their lines made one at a time, as written.
    pub fn players(&self) -> impl Iterator<Item = PlayerLine> + '_ {
        let mut order: Vec<(&str, &PlayerCounts)> = self
            .names
            .iter()
            .filter_map(|(name, &id)| Some((&**name, self.players.get(id as usize)?)))
            .collect();
        let games = |c: &PlayerCounts| c.first.games() + c.second.games();
        order.sort_by(|a, b| games(b.1).cmp(&games(a.1)).then(a.0.cmp(b.0)));
        order.into_iter().map(move |(name, counts)| {
            let games = games(counts);
            let score = counts.half_points as f64 / 2.0;
            let scored = games - counts.first.unfinished - counts.second.unfinished;
            PlayerLine {
                player: name.to_string(),
                games,
                score,
                percent: (scored > 0).then(|| (score / scored as f64 * 1000.0).round() / 10.0),
                first: counts.first,
                second: counts.second,
            }
        })
    }

    /// How many players there are (`--by player`).
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// Events by name.
    pub fn events(&self) -> Vec<EventLine> {
        let mut lines: Vec<EventLine> = self
            .events
            .iter()
            .map(|(event, counts)| EventLine {
                event: event.to_string(),
                games: counts.games,
                valid: counts.valid,
                invalid: counts.invalid,
                results: counts
                    .results
                    .iter()
                    .map(|(result, n)| (result.to_string(), *n))
                    .collect(),
                first_date: counts.first_date.as_deref().map(str::to_string),
                last_date: counts.last_date.as_deref().map(str::to_string),
                players: counts.players.len(),
            })
            .collect();
        lines.sort_by(|a, b| a.event.cmp(&b.event));
        lines
    }
}

/// The most players the table lists: past them, a line says how many more there are
/// and that `--format json` lists them all. A table of 300,000 rows is read by nobody
/// and took 800 MB to lay out.
pub const MAX_TABLE_PLAYERS: usize = 10_000;

pub fn run_by(settings: &BySettings) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&settings.paths, &settings.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: Detail::ERRORS,
        json: None,
        progress: !settings.json,
    };
    let mut grouped = Grouped::default();
    tally.io_errors += pipeline.run(&inputs, |item| {
        tally.add(&item);
        grouped.add(&item, settings.by);
        Ok(())
    })?;
    let output = (|| {
        let mut out = io::BufWriter::new(Stdout::new());
        match (settings.by, settings.json) {
            (By::Player, true) => {
                // Streamed, line by line, byte for byte as `to_string_pretty` of all.
                let mut json = serde_json::Serializer::pretty(&mut out);
                serde::Serializer::collect_seq(&mut json, grouped.players())
                    .map_err(io::Error::other)?;
                writeln!(out)?;
            }
            (By::Event, true) => {
                let text =
                    serde_json::to_string_pretty(&grouped.events()).map_err(io::Error::other)?;
                writeln!(out, "{text}")?;
            }
            (By::Player, false) => {
                let lines: Vec<PlayerLine> = grouped.players().take(MAX_TABLE_PLAYERS).collect();
                writeln!(out, "{}", player_table(&lines))?;
                let more = grouped.player_count() - lines.len();
                if more > 0 {
                    writeln!(
                        out,
                        "… and {more} more players: the table lists the \
                         {MAX_TABLE_PLAYERS} with the most games, --format json lists them all"
                    )?;
                }
            }
            (By::Event, false) => writeln!(out, "{}", event_table(&grouped.events()))?,
        }
        out.flush()
    })();
    report("summarized", &tally);
    conclude(output, &tally)
}

fn player_table(lines: &[PlayerLine]) -> String {
    let mut t = table(&[
        "player",
        "games",
        "score",
        "%",
        "as White",
        "as Black",
        "no result",
    ]);
    for l in lines {
        t.add_row(vec![
            cell(&l.player),
            l.games.to_string(),
            l.score.to_string(),
            l.percent.map_or("-".to_string(), |p| format!("{p}%")),
            l.first.show(),
            l.second.show(),
            (l.first.unfinished + l.second.unfinished).to_string(),
        ]);
    }
    t.to_string()
}

fn event_table(lines: &[EventLine]) -> String {
    let mut t = table(&[
        "event", "games", "valid", "invalid", "results", "dates", "players",
    ]);
    for l in lines {
        let results: Vec<String> = l.results.iter().map(|(r, n)| format!("{r}: {n}")).collect();
        let dates = match (&l.first_date, &l.last_date) {
            (Some(a), Some(b)) if a == b => a.clone(),
            (Some(a), Some(b)) => format!("{a} – {b}"),
            _ => "-".to_string(),
        };
        t.add_row(vec![
            cell(&l.event),
            l.games.to_string(),
            l.valid.to_string(),
            l.invalid.to_string(),
            cell(&results.join(", ")),
            cell(&dates),
            l.players.to_string(),
        ]);
    }
    t.to_string()
}

/// The median of counted values (value → how many times it was seen).
fn median(histogram: &BTreeMap<u32, usize>) -> Option<Median> {
    let total: usize = histogram.values().sum();
    if total == 0 {
        return None;
    }
    // The values at the two middle ranks (the same one when the total is odd).
    let (low_rank, high_rank) = ((total - 1) / 2, total / 2);
    let mut seen = 0;
    let (mut low, mut high) = (None, None);
    for (&value, &count) in histogram {
        seen += count;
        if low.is_none() && seen > low_rank {
            low = Some(value);
        }
        if seen > high_rank {
            high = Some(value);
            break;
        }
    }
    Some(Median {
        twice: u64::from(low?) + u64::from(high?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let histogram: BTreeMap<u32, usize> = [(106, 1), (108, 1)].into();
        assert_eq!(median(&histogram).unwrap().to_string(), "107");
        let histogram: BTreeMap<u32, usize> = [(106, 1), (107, 1)].into();
        assert_eq!(median(&histogram).unwrap().to_string(), "106.5");
        let histogram: BTreeMap<u32, usize> = [(5, 3), (9, 1)].into();
        assert_eq!(median(&histogram).unwrap().to_string(), "5");
        assert_eq!(median(&BTreeMap::new()), None);
    }
}
