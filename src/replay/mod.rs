//! The replay driver: plays a [`GameRecord`] through its game's rules.
//!
//! This is the only place that walks a record's moves against a position. Every
//! subcommand is a consumer of its [`Replay`]: `check` reads the errors, `convert` and
//! `annotate` the per-move details, `diff` the canonical moves and positions,
//! `summarize` the totals.
//!
//! A line stops being replayed at its first error (the position after a bad move is
//! unknown); its later moves are [`Status::Skipped`]. Variations are replayed from the
//! position before the move they replace, so a variation of the bad move itself is
//! still checked.

pub mod any;
pub mod checkpoint;
pub mod diagram;
pub mod mend;
pub(crate) mod quick;
mod step;
mod warnings;

pub use step::{Refusal, play_quickly, step};
pub use warnings::Count as MoveCount;

use std::fmt;

use serde::Serialize;

use crate::games::options::tag_name;
use crate::games::registry::{self, Found, GameVisitor};
use crate::games::{
    GameInfo, Invalid, Outcome, Player, PositionError, Rule, Rules, Setup, SetupError, Sides,
};
use crate::record::{GameRecord, MoveNode, Span};
use crate::record::{GameResult, Termination};

/// What the driver records about each move beyond errors and counts: each output
/// asks for what it prints, and nothing else is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detail {
    /// Every move in canonical notation ([`Played::canonical`]; else left empty).
    pub canonical: bool,
    /// What each move did and the position string after it ([`PlyDetail`]).
    pub description: bool,
    /// A hash of the position after each move ([`PlyDetail::fingerprint`]), without
    /// keeping its string: whether two records reach one position, in the memory of
    /// a number (`diff` on games whose position strings are kilobytes long).
    pub fingerprint: bool,
    /// The game's JSON state after each move and at both ends.
    pub state: bool,
    /// The position drawn after each move and at both ends.
    pub board: bool,
    /// The position drawn at both ends only ([`Snapshot::board`] of [`Replay::start`]
    /// and [`Replay::end`]): one drawing, not one per ply of a long game.
    pub end_boards: bool,
    /// The position strings at both ends of the main line ([`Snapshot::position`] of
    /// [`Replay::start`] and [`Replay::end`]; else left empty).
    pub ends: bool,
    /// The record of every game. Without it, a game that is plain, valid and draws no
    /// warning may come back with an empty record and a replay that holds only its
    /// game, plies and outcome: it went the quick way.
    pub record: bool,
    /// Of a game that went the quick way without [`Detail::record`]: its tags and
    /// its declared result, in an otherwise empty record (what `check --format json`
    /// prints of a valid game). Without it the record is empty.
    pub tags: bool,
    /// Of a game that went the quick way without [`Detail::record`]: its text as
    /// read, in the record's [`source`](GameRecord::source) ([`GameRecord::text`]
    /// gives it), so that a consumer can parse it in full when it needs more than the
    /// verdict (the Python package's games, whose moves are read only when asked for).
    pub text: bool,
    /// Of an invalid game: what the sheet most likely says, as corrections that
    /// replay it ([`Replay::mend`], see [`mend`]).
    pub suggestions: bool,
}

impl Detail {
    /// Errors, counts and the positions at both ends (`check --format json`).
    pub const ERRORS: Detail = Detail {
        canonical: false,
        description: false,
        fingerprint: false,
        state: false,
        board: false,
        end_boards: false,
        ends: true,
        record: true,
        tags: true,
        text: false,
        suggestions: false,
    };
    /// Errors and counts only, nothing written out per game (`check` for people and
    /// for GitHub): the quick path through an archive.
    pub const COUNTS: Detail = Detail {
        ends: false,
        record: false,
        tags: false,
        ..Detail::ERRORS
    };
    /// What `check --format json` prints: errors, counts, the final position, and of
    /// a valid game only its tags and result (it may go the quick way).
    pub const SUMMARY: Detail = Detail {
        ends: true,
        tags: true,
        ..Detail::COUNTS
    };
    /// Also every move in canonical notation (`summarize`).
    pub const MOVES: Detail = Detail {
        canonical: true,
        ..Detail::ERRORS
    };
    /// Everything: what each move did, the position string, JSON state and drawing.
    pub const FULL: Detail = Detail {
        canonical: true,
        description: true,
        fingerprint: true,
        state: true,
        board: true,
        end_boards: true,
        ends: true,
        record: true,
        tags: true,
        text: false,
        suggestions: false,
    };

    /// What either of two details asks for.
    pub fn union(self, other: Detail) -> Detail {
        Detail {
            canonical: self.canonical || other.canonical,
            description: self.description || other.description,
            fingerprint: self.fingerprint || other.fingerprint,
            state: self.state || other.state,
            board: self.board || other.board,
            end_boards: self.end_boards || other.end_boards,
            ends: self.ends || other.ends,
            record: self.record || other.record,
            tags: self.tags || other.tags,
            text: self.text || other.text,
            suggestions: self.suggestions || other.suggestions,
        }
    }

    /// Whether anything is recorded after each move beyond its canonical form.
    fn per_ply(self) -> bool {
        self.positions() || self.fingerprint
    }

    /// Whether the position string after each move is kept.
    fn positions(self) -> bool {
        self.description || self.state || self.board
    }
}

impl Default for Detail {
    fn default() -> Detail {
        Detail::MOVES
    }
}

/// What the user said about how to read records.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `--game`: the game of records that name none.
    pub game: Option<String>,
    /// `--option name[=value]`, in order; later ones win.
    pub options: Vec<(String, String)>,
    pub detail: Detail,
    /// `--strict`: warnings are errors.
    pub strict: bool,
}

/// The kinds of error, as stable codes for JSON output and summaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The record text itself is malformed (or not in the declared encoding).
    Syntax,
    /// No game named, or a name tgn does not know.
    UnknownGame,
    /// A bad option value or position string.
    Setup,
    /// A move token not written in the game's notation.
    Notation,
    /// A move the rules do not allow.
    Illegal,
    /// A short form matching several legal moves.
    Ambiguous,
    /// A legal move whose marks disagree with what it does.
    WrongMark,
    /// A move after the game ended on the board.
    AfterEnd,
    /// A declared result that contradicts the position, or the Result tag.
    Result,
    /// The record stops in the middle of a turn.
    Unfinished,
    /// A move whose legality tgn's search could not tell within its budget (a limit
    /// of tgn, not a rule).
    Limit,
    /// A checkpoint of the sheet (`[%pos …]`, a game's partial one such as
    /// `[%kazans 54 38]`) that disagrees with the position after its move.
    Checkpoint,
    /// Warning: a move number that disagrees with the moves.
    MoveNumber,
    /// Warning: a Result tag that disagrees with a movetext `*`, or the reverse.
    ResultTag,
    /// Warning: a tag given twice.
    DuplicateTag,
    /// Warning: a tag value with a double quote not escaped (`[White "a" "b"]`).
    TagQuote,
}

impl ErrorCode {
    /// Every code, errors then warnings.
    pub const ALL: [ErrorCode; 16] = [
        ErrorCode::Syntax,
        ErrorCode::UnknownGame,
        ErrorCode::Setup,
        ErrorCode::Notation,
        ErrorCode::Illegal,
        ErrorCode::Ambiguous,
        ErrorCode::WrongMark,
        ErrorCode::AfterEnd,
        ErrorCode::Result,
        ErrorCode::Unfinished,
        ErrorCode::Limit,
        ErrorCode::Checkpoint,
        ErrorCode::MoveNumber,
        ErrorCode::ResultTag,
        ErrorCode::DuplicateTag,
        ErrorCode::TagQuote,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Syntax => "syntax",
            ErrorCode::UnknownGame => "unknown-game",
            ErrorCode::Setup => "setup",
            ErrorCode::Notation => "notation",
            ErrorCode::Illegal => "illegal",
            ErrorCode::Ambiguous => "ambiguous",
            ErrorCode::WrongMark => "wrong-mark",
            ErrorCode::AfterEnd => "after-end",
            ErrorCode::Result => "result",
            ErrorCode::Unfinished => "unfinished",
            ErrorCode::Limit => "limit",
            ErrorCode::Checkpoint => "checkpoint",
            ErrorCode::MoveNumber => "move-number",
            ErrorCode::ResultTag => "result-tag",
            ErrorCode::DuplicateTag => "duplicate-tag",
            ErrorCode::TagQuote => "tag-quote",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One error found in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: ErrorCode,
    pub message: String,
    /// The rule of the game's rules document the move breaks, for an illegal move or a
    /// wrong mark that cites one (the message cites it too, at its end).
    pub rule: Option<Rule>,
    pub span: Span,
    /// 1-based ply of the offending move (counted along its line from the start).
    pub ply: Option<u32>,
    /// Who made the offending move.
    pub mover: Option<Player>,
    /// The offending move stands in a variation (its ply counts along the variation).
    pub in_variation: bool,
    /// The move as written.
    pub written: Option<String>,
    /// The position before the move (or at the end, for end-of-game errors).
    pub position: Option<Box<PositionView>>,
}

/// A position shown to people and machines: drawn, and as a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionView {
    pub board: String,
    pub text: String,
}

impl PositionView {
    /// The position drawn, and once it has ended the game, its result and the reason
    /// in place of who is to move (a move after the end is shown over that position).
    fn of<R: Rules>(rules: &R, position: &R::Position) -> Option<Box<PositionView>> {
        let drawing = rules.draw(position);
        Some(Box::new(PositionView {
            board: match rules.outcome(position) {
                Some(outcome) => {
                    crate::games::common::diagram::finished_drawing(&drawing, &outcome)
                }
                None => drawing,
            },
            text: rules.write_position(position),
        }))
    }
}

impl Diagnostic {
    pub fn new(code: ErrorCode, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            rule: None,
            span,
            ply: None,
            mover: None,
            in_variation: false,
            written: None,
            position: None,
        }
    }
}

/// What became of one move of the record.
#[derive(Clone, Debug)]
pub enum Status {
    Played(Played),
    /// The move is wrong; the index points into [`Replay::errors`].
    Failed(usize),
    /// Not replayed: an earlier move of its line failed.
    Skipped,
}

/// A move that was played.
#[derive(Clone, Debug)]
pub struct Played {
    pub ply: u32,
    pub mover: Player,
    /// The move in canonical notation, with every mark it earns (empty with
    /// [`Detail::ERRORS`]).
    pub canonical: String,
    /// Filled when [`Detail`] asks for more than the canonical move.
    pub detail: Option<Box<PlyDetail>>,
}

/// What [`Detail`] asks to record after each move (unasked fields stay empty).
#[derive(Clone, Debug)]
pub struct PlyDetail {
    pub description: String,
    /// The position string (empty when only [`Detail::fingerprint`] is asked for).
    pub position: String,
    /// A hash of the position string, 0 unless [`Detail::fingerprint`].
    pub fingerprint: u64,
    /// Who moves next, `None` once the game is over.
    pub to_move: Option<Player>,
    pub state: serde_json::Value,
    pub board: String,
}

/// The hash [`PlyDetail::fingerprint`] holds of a position string: SipHash with
/// fixed keys, the same in every run, so two replays of one position agree. Two
/// positions share one by chance once in 2^64 comparisons.
pub fn fingerprint(position: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

/// A replayed line: one entry per move of the record's line, in order.
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub nodes: Vec<Node>,
}

/// A replayed move and the variations hanging on it.
#[derive(Clone, Debug)]
pub struct Node {
    pub status: Status,
    pub variations: Vec<Line>,
}

/// The position a line starts from, for output.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The position string (empty unless [`Detail::ends`]).
    pub position: String,
    /// Who moves next, `None` once the game is over (`None` too unless
    /// [`Detail::ends`]).
    pub to_move: Option<Player>,
    /// The JSON state (null unless [`Detail::state`]).
    pub state: serde_json::Value,
    /// The drawing (empty unless [`Detail::board`]).
    pub board: String,
}

/// Everything the replay of one record found.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    /// The game the record was read as (`None` if it could not be told).
    pub game: Option<&'static GameInfo>,
    /// What the game calls its sides, first player first, as the record's options
    /// configure it (`None` without a game).
    pub sides: Option<Sides>,
    pub main: Line,
    /// Main-line plies replayed without error.
    pub plies: u32,
    pub errors: Vec<Diagnostic>,
    /// What the record gets wrong without stopping the replay (a move number that disagrees with the moves, a Result tag that disagrees with
    /// a movetext `*`, a tag given twice);
    /// with [`Settings::strict`] these are errors and this is empty.
    pub warnings: Vec<Diagnostic>,
    /// How the game ended on the board, if it did.
    pub outcome: Option<Outcome>,
    /// Start and final positions (final: after the last good main-line move).
    /// (Boxed: a replay is moved from thread to thread and into the output, and most
    /// have no snapshot at all.)
    pub start: Option<Box<Snapshot>>,
    pub end: Option<Box<Snapshot>>,
    /// The steps its searches took from the run's allowance
    /// ([`crate::games::common::allowance`]): what a walk over the same game (the
    /// viewer's, the diagrams') is granted, so that it never searches more than the
    /// replay did.
    pub searched: u64,
    /// Of an invalid game, when [`Detail::suggestions`] asks: the corrections that
    /// replay its sheet furthest (see [`mend`]).
    pub mend: Option<Box<mend::Mend>>,
}

/// The error of a record that names no game (no `[Game]`, `[Variant]` or
/// `[GameType]`, and no `--game`).
pub const NO_GAME_NAMED: &str = "the record names no game: add [Game \"…\"] or use --game";

impl Replay {
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// Whether the one thing wrong is that the record names no game: what every game
    /// of an archive read without `--game` says alike.
    pub fn names_no_game(&self) -> bool {
        matches!(self.errors.as_slice(), [e] if e.code == ErrorCode::UnknownGame
            && e.message.starts_with(NO_GAME_NAMED))
    }
}

/// Replays a record: finds its game, configures it, plays every line.
pub fn replay(record: &GameRecord, settings: &Settings) -> Replay {
    let mut syntax: Vec<Diagnostic> = record
        .errors
        .iter()
        .map(|e| Diagnostic::new(ErrorCode::Syntax, e.message.clone(), e.span))
        .collect();
    let mut replay = match identify(record, settings) {
        Ok(found) => replay_game(found, record, settings),
        Err(error) => Replay {
            errors: vec![error],
            ..Replay::default()
        },
    };
    syntax.append(&mut replay.errors);
    replay.errors = syntax;
    let mut warnings = std::mem::take(&mut replay.warnings);
    warnings.extend(warnings::of(record, &replay));
    if settings.strict {
        replay.errors.extend(warnings);
    } else {
        replay.warnings = warnings;
    }
    replay
}

/// Which game a record is: `[Game]`, else `[Variant]` or `[GameType]`, else `--game`.
///
/// # Errors
/// An unknown `[Game]`, or nothing that names a known game.
pub fn identify(record: &GameRecord, settings: &Settings) -> Result<Found, Diagnostic> {
    identify_by(|name| record.tag(name), settings).map_err(|unknown| {
        let span = match unknown {
            Unknown::GameTag(_) => record.tag_span("Game").unwrap_or(record.span),
            _ => record.span,
        };
        let message = match unknown {
            Unknown::Unnamed => match likely_games(record).as_slice() {
                [] => NO_GAME_NAMED.to_string(),
                [one] => format!(
                    "{NO_GAME_NAMED} (its moves read as {}'s: --game {})",
                    one.name, one.id
                ),
                several => format!(
                    "{NO_GAME_NAMED} (its moves read as {}: --game {})",
                    names_or(several),
                    several[0].id
                ),
            },
            unknown => unknown.to_string(),
        };
        Diagnostic::new(ErrorCode::UnknownGame, message, span)
    })
}

/// The games whose notation reads the first moves of a record that names no game
/// (PlayOK's Toguz exports carry no game tag): what the error suggests for
/// `--game`. None when more than three do, or the record has no moves.
fn likely_games(record: &GameRecord) -> Vec<&'static GameInfo> {
    let moves: Vec<&str> = record
        .moves
        .iter()
        .take(8)
        .map(|m| m.text.as_str())
        .collect();
    if moves.is_empty() {
        return Vec::new();
    }
    let reading: Vec<&'static GameInfo> = registry::all_games()
        .filter(|game| moves.iter().all(|m| game.reads_move(m).is_ok()))
        .map(|game| game.info)
        .collect();
    if reading.len() > 3 {
        Vec::new()
    } else {
        reading
    }
}

/// `A`, `A or B`, `A, B or C`: the games' names.
fn names_or(games: &[&'static GameInfo]) -> String {
    match games.split_last() {
        Some((last, [])) => last.name.to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(|g| g.name).collect();
            format!("{} or {}", rest.join(", "), last.name)
        }
        None => String::new(),
    }
}

/// Why a record's game is not known.
enum Unknown<'a> {
    /// `[Game]` names a game tgn does not know.
    GameTag(&'a str),
    /// `--game` names a game tgn does not know.
    Option(&'a str),
    /// `[Variant]` or `[GameType]` names no game tgn knows.
    Variant(&'a str),
    Unnamed,
}

impl fmt::Display for Unknown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unknown::GameTag(name) => match registry::suggest(name) {
                Some(id) => write!(
                    f,
                    "unknown game \"{name}\"; did you mean \"{id}\"? (`tgn games` lists the \
                     games tgn knows)"
                ),
                None => write!(
                    f,
                    "unknown game \"{name}\" (see `tgn games` for the games tgn knows)"
                ),
            },
            Unknown::Option(name) => write!(f, "unknown game \"{name}\" given with --game"),
            Unknown::Variant(v) => match registry::suggest(v) {
                Some(id) => write!(
                    f,
                    "unknown game \"{v}\"; did you mean \"{id}\"? (name the game with \
                     [Game \"…\"] or --game)"
                ),
                None => write!(
                    f,
                    "unknown game \"{v}\"; name the game with [Game \"…\"] or --game"
                ),
            },
            Unknown::Unnamed => f.write_str(NO_GAME_NAMED),
        }
    }
}

/// [`identify`] for a record whose tags `tag` looks up.
fn identify_by<'a>(
    tag: impl Fn(&str) -> Option<&'a str>,
    settings: &'a Settings,
) -> Result<Found, Unknown<'a>> {
    if let Some(name) = tag("Game") {
        return registry::find(name).ok_or(Unknown::GameTag(name));
    }
    for name in ["Variant", "GameType"] {
        if let Some(found) = tag(name).and_then(registry::find) {
            return Ok(found);
        }
    }
    if let Some(found) = tag("GameType").and_then(registry::find_game_type) {
        return Ok(found);
    }
    if let Some(name) = &settings.game {
        return registry::find(name).ok_or(Unknown::Option(name));
    }
    Err(match tag("Variant").or(tag("GameType")) {
        Some(v) => Unknown::Variant(v),
        None => Unknown::Unnamed,
    })
}

/// Replays `record` as a record of `game`, found beforehand (see [`identify`]).
pub fn replay_game(game: Found, record: &GameRecord, settings: &Settings) -> Replay {
    struct Visit<'a>(&'a GameRecord, &'a Settings);
    impl GameVisitor for Visit<'_> {
        type Output = Replay;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Replay {
            replay_with::<R>(game, self.0, self.1)
        }
    }
    game.dispatch(Visit(record, settings))
}

/// The replay of a record by a game's [`Rules`]: what [`replay_game`] runs.
pub fn replay_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
) -> Replay {
    let mut replay = Replay {
        game: Some(info),
        sides: Some(info.sides),
        ..Replay::default()
    };
    let configured = match foreign_option::<R>(info, &settings.options) {
        Some(error) => Err(error),
        None => R::configure(&Setup::of_record(info, &record.tags, &settings.options)),
    };
    let rules = match configured {
        Ok(rules) => {
            replay.sides = Some(rules.sides(info));
            rules
        }
        Err(e) => {
            let span = option_span(record, &e);
            replay
                .errors
                .push(Diagnostic::new(ErrorCode::Setup, e.message, span));
            return replay;
        }
    };
    let start = match start_position(&rules, record) {
        Ok(start) => start,
        Err(error) => {
            replay.errors.push(error);
            return replay;
        }
    };
    let mut driver = Driver {
        rules: &rules,
        detail: settings.detail,
        errors: Vec::new(),
        depth: 0,
    };
    // What is doubtful in the setup, at the tag that sets it up (else the game's start).
    let at = ["Setup", "FEN", "Game"]
        .iter()
        .find_map(|tag| record.tag_span(tag))
        .unwrap_or(record.span);
    replay.warnings = rules
        .setup_warnings()
        .into_iter()
        .map(|why| Diagnostic::new(ErrorCode::Setup, why, at))
        .collect();
    replay.start = Some(Box::new(driver.snapshot(&start)));
    // Checkpoints before the first move hold the start.
    driver.checkpoints(&start, &record.comments, None);
    let (main, end, complete) = driver.line(&start, &record.moves, 0);
    replay.main = main;
    replay.plies = count_played(&replay.main);
    // Also after a bad move: the position the good moves reached, and whether it had
    // ended the game (a move after the end says so in its message; the outcome agrees).
    replay.outcome = rules.outcome(&end);
    if complete {
        driver.finish(record, &start, &replay.main, &end, replay.outcome.as_ref());
    }
    replay.end = Some(Box::new(driver.snapshot(&end)));
    if let Some(outcome) = replay.outcome.clone()
        && (settings.detail.board || settings.detail.end_boards)
    {
        finish_boards(&mut replay, &outcome);
    }
    replay.errors = driver.errors;
    // A move tgn could not judge (`limit`) is no slip of the pen, and every reading
    // would meet the same long search again.
    let judged = replay.errors.iter().all(|e| e.code != ErrorCode::Limit);
    if settings.detail.suggestions
        && !replay.errors.is_empty()
        && record.errors.is_empty()
        && judged
    {
        replay.mend = mend::suggest(&rules, &start, record).map(Box::new);
    }
    replay
}

/// The drawings of the position that ended the game (the end's, and the last move's
/// or else the start's) give the result and the reason in place of who is to move
/// (issue 37). Only the main line's last position can have ended it.
fn finish_boards(replay: &mut Replay, outcome: &Outcome) {
    use crate::games::common::diagram::finished_drawing;
    let finish = |board: &mut String| {
        if !board.is_empty() {
            *board = finished_drawing(board, outcome);
        }
    };
    if let Some(end) = &mut replay.end {
        finish(&mut end.board);
    }
    let last = replay
        .main
        .nodes
        .iter_mut()
        .rev()
        .find_map(|n| match &mut n.status {
            Status::Played(played) => played.detail.as_mut(),
            _ => None,
        });
    match last {
        Some(detail) => finish(&mut detail.board),
        None => {
            if let Some(start) = &mut replay.start {
                finish(&mut start.board);
            }
        }
    }
}

/// Where a bad option stands: the tag that carries the option the message names
/// (`option huff: …` → `[Huff "…"]`), else the start of the record (a command-line
/// option).
/// The first `--option` that does not concern `game`, as the error of its record
/// (`-O board=9x9` on a Toguz Kumalak record must not pass unnoticed: the user meant
/// some rule to hold that the replay would not apply).
pub fn foreign_option<R: Rules>(
    game: &'static GameInfo,
    overrides: &[(String, String)],
) -> Option<SetupError> {
    let (name, _) = overrides.iter().find(|(name, _)| {
        !R::OPTIONS
            .iter()
            .any(|o| o.name == name && R::option_applies(game, o))
    })?;
    let theirs: Vec<&str> = R::OPTIONS
        .iter()
        .filter(|o| R::option_applies(game, o))
        .map(|o| o.name)
        .collect();
    let theirs = match theirs.as_slice() {
        [] => "it has none".to_string(),
        names => format!("its options are {}", names.join(", ")),
    };
    Some(SetupError::new(format!(
        "option {name} (--option) does not concern {}: {theirs}",
        game.name
    )))
}

fn option_span(record: &GameRecord, error: &SetupError) -> Span {
    error
        .option
        .as_deref()
        .and_then(|name| record.tag_span(&tag_name(name)))
        .unwrap_or(record.span)
}

/// The turns of a line played without error: the ply of its last played move.
fn count_played(line: &Line) -> u32 {
    line.nodes
        .iter()
        .rev()
        .find_map(|n| match &n.status {
            Status::Played(played) => Some(played.ply),
            _ => None,
        })
        .unwrap_or(0)
}

/// `[FEN]` (unless `[SetUp "0"]`), else the game's start position.
pub(crate) fn start_position<R: Rules>(
    rules: &R,
    record: &GameRecord,
) -> Result<R::Position, Diagnostic> {
    start_from(rules, record.tag("FEN"), record.tag("SetUp")).map_err(|message| {
        let span = record.tag_span("FEN").unwrap_or(record.span);
        Diagnostic::new(
            ErrorCode::Setup,
            format!("bad position string in [FEN]: {message}"),
            span,
        )
    })
}

/// The position a record starts from, given its `[FEN]` and `[SetUp]` tags.
fn start_from<R: Rules>(
    rules: &R,
    fen: Option<&str>,
    set_up: Option<&str>,
) -> Result<R::Position, PositionError> {
    match fen.filter(|_| set_up != Some("0")) {
        Some(fen) => rules.parse_position(fen),
        None => Ok(rules.start_position()),
    }
}

/// Who moves in `position`, `None` once the game is over: every point of the JSON
/// says it.
pub fn next_to_move<R: Rules>(rules: &R, position: &R::Position) -> Option<Player> {
    rules
        .outcome(position)
        .is_none()
        .then(|| rules.to_move(position))
}

struct Driver<'r, R: Rules> {
    rules: &'r R,
    detail: Detail,
    errors: Vec<Diagnostic>,
    /// How deep in variations the line being replayed stands (0: the main line).
    depth: usize,
}

impl<R: Rules> Driver<'_, R> {
    fn snapshot(&self, position: &R::Position) -> Snapshot {
        Snapshot {
            position: if self.detail.ends {
                self.rules.write_position(position)
            } else {
                String::new()
            },
            to_move: if self.detail.ends {
                next_to_move(self.rules, position)
            } else {
                None
            },
            state: if self.detail.state {
                self.rules.state(position)
            } else {
                serde_json::Value::Null
            },
            board: if self.detail.board || self.detail.end_boards {
                self.rules.draw(position)
            } else {
                String::new()
            },
        }
    }

    /// Replays `moves` from `start`, which follows ply `ply_before`. Gives the line,
    /// the position after its last good move, and whether every move was good.
    ///
    /// Plies count turns, not tokens: a token that finishes a turn left half done (a
    /// mill's removal written on its own, a move after a Zamma blow) shares the ply and
    /// the mover of the token that began the turn, so that diagnostics agree with the
    /// record's own move numbers.
    fn line(
        &mut self,
        start: &R::Position,
        moves: &[MoveNode],
        ply_before: u32,
    ) -> (Line, R::Position, bool) {
        let mut position = start.clone();
        let mut line = Line {
            nodes: Vec::with_capacity(moves.len()),
        };
        let mut ply = ply_before;
        let mut failed = false;
        for (i, node) in moves.iter().enumerate() {
            let continues = ply > 0 && self.rules.unfinished_turn(&position).is_some();
            let before_node = ply;
            if !continues {
                ply += 1;
            }
            if failed {
                line.nodes.push(Node {
                    status: Status::Skipped,
                    variations: node.variations.iter().map(|_| Line::default()).collect(),
                });
                continue;
            }
            // Most moves have no variation: skip the walk.
            let variations = if node.variations.is_empty() {
                Vec::new()
            } else {
                self.depth += 1;
                let lines = node
                    .variations
                    .iter()
                    .map(|v| self.line(&position, &v.moves, before_node).0)
                    .collect();
                self.depth -= 1;
                lines
            };
            if continues
                && i > 0
                && let Some(error) = self.abandoned(start, &moves[..i], &line, &position, node)
            {
                // The turn begun by the previous token is the one at fault.
                self.errors.push(error);
                line.nodes[i - 1].status = Status::Failed(self.errors.len() - 1);
                line.nodes.push(Node {
                    status: Status::Skipped,
                    variations,
                });
                failed = true;
                continue;
            }
            let status = match self.play(&mut position, node, ply) {
                Ok(played) => {
                    let after = (played.ply, played.mover, &*node.text);
                    self.checkpoints(&position, &node.comments, Some(after));
                    Status::Played(played)
                }
                Err(error) => {
                    failed = true;
                    self.errors.push(error);
                    Status::Failed(self.errors.len() - 1)
                }
            };
            line.nodes.push(Node { status, variations });
        }
        (line, position, !failed)
    }

    /// Checks the checkpoints among `comments` against `position`, the position after
    /// the move `after` (its ply, mover and text), or the start: each that disagrees
    /// is an error at the move (the replay goes on: the moves were legal).
    fn checkpoints(
        &mut self,
        position: &R::Position,
        comments: &[crate::record::Comment],
        after: Option<(u32, Player, &str)>,
    ) {
        for comment in comments {
            for command in checkpoint::commands(&comment.text) {
                let Some(check) = checkpoint::Checkpoint::read(self.rules, command) else {
                    continue;
                };
                let Err(why) = check.check(self.rules, position) else {
                    continue;
                };
                let place = match after {
                    Some((ply, ..)) => format!("after ply {ply}"),
                    None => "at the start".to_string(),
                };
                let message = format!("the checkpoint {} {place} disagrees: {why}", command.text);
                self.errors.push(Diagnostic {
                    ply: after.map(|(ply, ..)| ply),
                    mover: after.map(|(_, mover, _)| mover),
                    in_variation: self.depth > 0,
                    written: after.map(|(.., text)| text.to_string()),
                    position: PositionView::of(self.rules, position),
                    ..Diagnostic::new(ErrorCode::Checkpoint, message, comment.span)
                });
            }
        }
    }

    /// When `node` starts a new turn while the turn begun by the last of `earlier` is
    /// half done: the error on that earlier move, with its ply, mover and the position
    /// before it (replayed again from `start`: this path is rare, the common one keeps
    /// no copies).
    fn abandoned(
        &self,
        start: &R::Position,
        earlier: &[MoveNode],
        line: &Line,
        position: &R::Position,
        node: &MoveNode,
    ) -> Option<Diagnostic> {
        let (previous, earlier) = earlier.split_last()?;
        let Status::Played(played) = &line.nodes.get(earlier.len())?.status else {
            return None;
        };
        let token = self.rules.parse_token(&node.text).ok()?;
        let error = self.rules.abandons_turn(position, &previous.text, &token)?;
        let before = replayed(self.rules, start, earlier)?;
        Some(Diagnostic {
            ply: Some(played.ply),
            mover: Some(played.mover),
            in_variation: self.depth > 0,
            written: Some(previous.text.to_string()),
            position: PositionView::of(self.rules, &before),
            rule: error.cited(),
            ..Diagnostic::new(ErrorCode::Illegal, error.to_string(), previous.span)
        })
    }

    fn play(
        &self,
        position: &mut R::Position,
        node: &MoveNode,
        ply: u32,
    ) -> Result<Played, Diagnostic> {
        let rules = self.rules;
        let mover = rules.to_move(position);
        let fail = |code, message: String| Diagnostic {
            ply: Some(ply),
            mover: Some(mover),
            in_variation: self.depth > 0,
            written: Some(node.text.to_string()),
            position: PositionView::of(rules, position),
            ..Diagnostic::new(code, message, node.span)
        };
        let mv = step(rules, position, &node.text).map_err(|refusal| Diagnostic {
            rule: refusal.rule,
            ..fail(refusal.code, refusal.message)
        })?;
        let wanted = self.detail;
        let canonical = if wanted.canonical {
            rules.write_move(position, &mv)
        } else {
            String::new()
        };
        let detail = if wanted.per_ply() {
            // The position before is kept only for the description: cloning a large
            // board per ply costs what the rest of the step does.
            let before = wanted.description.then(|| position.clone());
            rules.play(position, &mv);
            let string = rules.write_position(position);
            Some(Box::new(PlyDetail {
                description: match &before {
                    Some(before) => rules.describe(before, &mv, position),
                    None => String::new(),
                },
                fingerprint: if wanted.fingerprint {
                    fingerprint(&string)
                } else {
                    0
                },
                position: if wanted.positions() {
                    string
                } else {
                    String::new()
                },
                to_move: next_to_move(rules, position),
                state: if wanted.state {
                    rules.state(position)
                } else {
                    serde_json::Value::Null
                },
                board: if wanted.board {
                    rules.draw(position)
                } else {
                    String::new()
                },
            }))
        } else {
            rules.play(position, &mv);
            None
        };
        Ok(Played {
            ply,
            mover,
            canonical,
            detail,
        })
    }

    /// Checks the end of a fully replayed main line: an unfinished turn, and the
    /// declared result against the board and against the Result tag.
    /// `outcome` is the game's at `end`, `main` the replayed main line from `start`.
    fn finish(
        &mut self,
        record: &GameRecord,
        start: &R::Position,
        main: &Line,
        end: &R::Position,
        outcome: Option<&Outcome>,
    ) {
        let end_span = record
            .result
            .as_ref()
            .map(|r| r.span)
            .or_else(|| record.moves.last().map(|m| m.span))
            .unwrap_or(record.span);
        let declared = Declared {
            movetext: record.result.as_ref().map(|r| r.result.into()),
            tag: record.tag("Result"),
            score: record.tag("Score"),
        };
        let rules = self.rules;
        declared.judge(rules, end, outcome, |fault| {
            let code = fault.code();
            let position = match fault {
                EndFault::TagDisagrees(..) => None,
                _ => PositionView::of(rules, end),
            };
            // A turn left half done is blamed on the move that began it, with its ply
            // and mover, as when a later move abandons it.
            let last = match fault {
                EndFault::Unfinished(_) => last_played(record, main),
                _ => None,
            };
            let (message, span) = match fault {
                EndFault::Unfinished(missing) => (
                    format!("the record stops in the middle of a turn: {missing}"),
                    end_span,
                ),
                EndFault::Score(score, why) => (
                    format!("the declared score [Score \"{score}\"] is wrong: {why}"),
                    record.tag_span("Score").unwrap_or(end_span),
                ),
                EndFault::TagDisagrees(m, t) => (
                    format!("the movetext ends {m} but the Result tag says {t}"),
                    end_span,
                ),
                EndFault::CannotStand(declared, in_tag, why) => (
                    format!("the declared result {declared} cannot stand: {why}"),
                    result_span(record, in_tag, end_span),
                ),
                EndFault::Contradicts(declared, in_tag, outcome) => (
                    format!(
                        "the declared result {declared} contradicts the position: the game ended {} ({})",
                        outcome.result, outcome.reason
                    ),
                    result_span(record, in_tag, end_span),
                ),
            };
            let diagnostic = Diagnostic {
                position,
                ..Diagnostic::new(code, message, span)
            };
            self.errors.push(match last {
                Some((i, played, node)) => Diagnostic {
                    ply: Some(played.ply),
                    mover: Some(played.mover),
                    written: Some(node.text.to_string()),
                    span: node.span,
                    position: replayed(rules, start, &record.moves[..i])
                        .and_then(|before| PositionView::of(rules, &before)),
                    ..diagnostic
                },
                None => diagnostic,
            });
        });
    }
}

/// The last move played on the main line: its index, how it was played and the
/// record's node of it.
fn last_played<'a>(
    record: &'a GameRecord,
    main: &'a Line,
) -> Option<(usize, &'a Played, &'a MoveNode)> {
    main.nodes
        .iter()
        .zip(&record.moves)
        .enumerate()
        .rev()
        .find_map(|(i, (n, node))| match &n.status {
            Status::Played(played) => Some((i, played, node)),
            _ => None,
        })
}

/// The position after `moves` from `start` (moves known to be good: a rare path that
/// replays them again rather than keep copies on the common one).
fn replayed<R: Rules>(rules: &R, start: &R::Position, moves: &[MoveNode]) -> Option<R::Position> {
    let mut position = start.clone();
    for node in moves {
        let token = rules.parse_token(&node.text).ok()?;
        let mv = rules.resolve(&position, &token).ok()?;
        rules.play(&mut position, &mv);
    }
    Some(position)
}

/// Where a declared result stands: the Result tag's span when only the tag declares it.
fn result_span(record: &GameRecord, in_tag: bool, end_span: Span) -> Span {
    if in_tag {
        record.tag_span("Result").unwrap_or(end_span)
    } else {
        end_span
    }
}

/// What a record declares about its end: the movetext's termination marker,
/// the `[Result]` and `[Score]` tags.
pub(crate) struct Declared<'a> {
    pub movetext: Option<Termination>,
    pub tag: Option<&'a str>,
    pub score: Option<&'a str>,
}

/// What is wrong at the end of a fully replayed main line.
pub(crate) enum EndFault<'a> {
    /// The record stops in the middle of a turn (what is missing).
    Unfinished(String),
    /// The `[Score]` tag (its value) is wrong, and why.
    Score(&'a str, Invalid),
    /// The movetext's result and the Result tag's differ.
    TagDisagrees(GameResult, GameResult),
    /// A declared result (from the tag alone if `true`) that the position cannot have.
    CannotStand(GameResult, bool, Invalid),
    /// A declared result (from the tag alone if `true`) other than the board's.
    Contradicts(GameResult, bool, Outcome),
}

impl EndFault<'_> {
    fn code(&self) -> ErrorCode {
        match self {
            EndFault::Unfinished(_) => ErrorCode::Unfinished,
            _ => ErrorCode::Result,
        }
    }
}

impl<'a> Declared<'a> {
    /// Judges the end position `end`, where the game's outcome is `outcome`, against
    /// what is declared: hands `fault` each thing wrong, in the order they are
    /// reported.
    pub(crate) fn judge<R: Rules>(
        &self,
        rules: &R,
        end: &R::Position,
        outcome: Option<&Outcome>,
        mut fault: impl FnMut(EndFault<'a>),
    ) {
        if let Some(missing) = rules.unfinished_turn(end) {
            return fault(EndFault::Unfinished(missing));
        }
        if let Some(score) = self.score
            && let Err(why) = rules.judge_score(end, score)
        {
            fault(EndFault::Score(score, why));
        }
        let movetext = self.movetext.and_then(Termination::result);
        let tag = self.tag.and_then(crate::record::parse_result);
        let tag = tag.and_then(Termination::result);
        if let (Some(m), Some(t)) = (movetext, tag)
            && m != t
        {
            return fault(EndFault::TagDisagrees(m, t));
        }
        let (declared, in_tag) = match (movetext, tag) {
            (Some(m), _) => (m, false),
            (None, Some(t)) => (t, true),
            (None, None) => return,
        };
        match outcome {
            None => {
                if let Err(why) = rules.judge_declared(end, declared) {
                    fault(EndFault::CannotStand(declared, in_tag, why));
                }
            }
            Some(outcome) if outcome.result != declared => {
                fault(EndFault::Contradicts(declared, in_tag, outcome.clone()));
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! The driver tested on a toy game, so its behaviour does not depend on any real
    //! game: Nim with one pile, take 1–3, who takes the last stone wins.
    use super::*;
    use crate::games::{GameResult, MoveError, NotationError, OptionSpec, SetupError};
    use crate::record::parser::{Origin, parse_games};

    #[derive(Clone, Debug)]
    pub struct Pile {
        stones: u32,
        first_to_move: bool,
    }

    pub struct Nim;

    pub static NIM: GameInfo = GameInfo {
        id: "nim",
        name: "Nim",
        aliases: &[],
        sides: crate::games::Sides::new("First", "Second"),
        moves: &[],
        position: "",
    };

    const STRICT: OptionSpec = OptionSpec::switch("strict", "");

    impl Rules for Nim {
        type Position = Pile;
        type Token = u32;
        type Move = u32;
        const GAMES: &'static [GameInfo] = &[];
        const OPTIONS: &'static [OptionSpec] = &[STRICT];

        fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
            setup.switch(&STRICT).map(|_| Nim)
        }
        fn start_position(&self) -> Pile {
            Pile {
                stones: 5,
                first_to_move: true,
            }
        }
        fn parse_position(&self, text: &str) -> Result<Pile, crate::games::PositionError> {
            let stones = text
                .parse()
                .map_err(|_| crate::games::PositionError::syntax("expected a number"))?;
            Ok(Pile {
                stones,
                first_to_move: true,
            })
        }
        fn write_position(&self, p: &Pile) -> String {
            p.stones.to_string()
        }
        fn draw(&self, p: &Pile) -> String {
            "o".repeat(p.stones as usize)
        }
        fn diagram(&self, _: &Pile, _: Option<&u32>) -> crate::games::Diagram {
            crate::games::Diagram::default()
        }
        fn state(&self, p: &Pile) -> serde_json::Value {
            serde_json::json!({ "stones": p.stones })
        }
        fn to_move(&self, p: &Pile) -> Player {
            if p.first_to_move {
                Player::First
            } else {
                Player::Second
            }
        }
        fn outcome(&self, p: &Pile) -> Option<Outcome> {
            (p.stones == 0).then(|| {
                let winner = self.to_move(p).opponent();
                Outcome::new(
                    GameResult::win_for(winner),
                    crate::games::Ending::NoPieces,
                    None,
                    "the last stone is taken",
                )
            })
        }
        fn legal_moves(&self, p: &Pile) -> Vec<u32> {
            (1..=p.stones.min(3)).collect()
        }
        fn parse_token(&self, text: &str) -> Result<u32, NotationError> {
            text.parse()
                .map_err(|_| NotationError::expected("a number of stones"))
        }
        fn resolve(&self, p: &Pile, token: &u32) -> Result<u32, MoveError> {
            if *token == 0 || *token > 3 {
                Err(MoveError::illegal("take 1 to 3 stones").rule("R1"))
            } else if *token > p.stones {
                Err(MoveError::illegal(format!("only {} left", p.stones)))
            } else {
                Ok(*token)
            }
        }
        fn play(&self, p: &mut Pile, mv: &u32) {
            p.stones -= mv;
            p.first_to_move = !p.first_to_move;
        }
        fn write_move(&self, _: &Pile, mv: &u32) -> String {
            mv.to_string()
        }
        fn describe(&self, _: &Pile, mv: &u32, after: &Pile) -> String {
            format!("takes {mv}, {} left", after.stones)
        }
    }

    pub fn run(text: &str, detail: Detail) -> Replay {
        let record = parse_games(text, Origin::default()).remove(0);
        let settings = Settings {
            detail,
            ..Settings::default()
        };
        replay_with::<Nim>(&NIM, &record, &settings)
    }

    fn codes(replay: &Replay) -> Vec<ErrorCode> {
        replay.errors.iter().map(|e| e.code).collect()
    }

    #[test]
    fn a_valid_game_ends_on_the_board() {
        let r = run("1. 3 2 0-1", Detail::FULL);
        assert!(r.is_valid(), "{:?}", r.errors);
        assert_eq!(r.plies, 2);
        assert_eq!(r.outcome.unwrap().result, GameResult::SecondWins);
        let Status::Played(p) = &r.main.nodes[1].status else {
            panic!()
        };
        assert_eq!(p.detail.as_ref().unwrap().description, "takes 2, 0 left");
        assert_eq!(p.mover, Player::Second);
    }

    #[test]
    fn errors_carry_ply_move_and_position_before() {
        let r = run("1. 3 x 2. 1 *", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Notation]);
        let e = &r.errors[0];
        assert_eq!((e.ply, e.written.as_deref()), (Some(2), Some("x")));
        assert_eq!((e.span.line, e.span.column), (1, 6));
        assert_eq!(e.position.as_ref().unwrap().board, "oo");
        assert!(matches!(r.main.nodes[2].status, Status::Skipped));
        assert_eq!(r.plies, 1);
    }

    #[test]
    fn moves_after_the_end_and_contradicting_results() {
        assert_eq!(
            codes(&run("1. 3 2 2. 1 0-1", Detail::MOVES)),
            [ErrorCode::AfterEnd]
        );
        assert_eq!(
            codes(&run("1. 3 2 1-0", Detail::MOVES)),
            [ErrorCode::Result]
        );
        // Not decided on the board: any declared result stands.
        assert!(run("1. 3 0-1", Detail::MOVES).is_valid());
        assert!(run("[Result \"1-0\"]\n1. 3 1-0", Detail::MOVES).is_valid());
        assert_eq!(
            codes(&run("[Result \"1-0\"]\n1. 3 0-1", Detail::MOVES)),
            [ErrorCode::Result]
        );
    }

    #[test]
    fn an_illegal_move_carries_its_code_and_rule_into_the_diagnostic() {
        let r = run("1. 4 *", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Illegal]);
        assert_eq!(r.errors[0].rule, Some(Rule("R1")));
        assert_eq!(r.errors[0].message, "illegal move: take 1 to 3 stones (R1)");
        // An illegal move citing no rule, and an error that is no move's.
        let r = run("1. 3 1 3 *", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Illegal]);
        assert_eq!(r.errors[0].rule, None);
        let r = run("[Result \"1-0\"]\n1. 3 0-1", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Result]);
        assert_eq!(r.errors[0].rule, None);
    }

    #[test]
    fn variations_replay_from_the_position_before_their_move() {
        let r = run("1. 3 (1. 4) (1. 2 3) 2 0-1", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Illegal]);
        assert_eq!(r.errors[0].written.as_deref(), Some("4"));
        assert!(matches!(
            r.main.nodes[0].variations[1].nodes[1].status,
            Status::Played(_)
        ));
        assert_eq!(r.plies, 2);
    }

    #[test]
    fn set_up_positions_and_bad_ones() {
        assert!(run("[SetUp \"1\"]\n[FEN \"2\"]\n1. 2 1-0", Detail::MOVES).is_valid());
        let r = run("[SetUp \"1\"]\n[FEN \"many\"]\n1. 2 1-0", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Setup]);
        assert_eq!(r.errors[0].span.line, 2);
        let r = run("[Event \"x\"]\n[Strict \"perhaps\"]\n1. 2 *", Detail::MOVES);
        assert_eq!(codes(&r), [ErrorCode::Setup]);
        assert_eq!(r.errors[0].span.line, 2, "the tag that carries the option");
    }

    #[test]
    fn unknown_games_are_reported_not_guessed() {
        let record = parse_games("[Game \"chess\"]\n1. e4 *", Origin::default()).remove(0);
        let r = replay(&record, &Settings::default());
        assert_eq!(codes(&r), [ErrorCode::UnknownGame]);
        let record = parse_games("1. e4 *", Origin::default()).remove(0);
        let r = replay(&record, &Settings::default());
        assert!(r.errors[0].message.contains("names no game"));
    }
}
