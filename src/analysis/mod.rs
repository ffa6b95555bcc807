//! Analysis: every position of a record's main line searched by the one engine in
//! [`search`], which knows no game: it asks the [`Rules`] for moves, plays them, and
//! scores what it cannot see the end of with [`Rules::evaluate`]. Each move is judged
//! by what it loses against the engine's best move, in the game's own unit.
//!
//! A record's positions are searched in order by one [`Searcher`], whose table carries
//! over from one position to the next; games are independent of each other, so a
//! budget in depth or nodes gives the same analysis on every run and thread count.

mod accuracy;
mod score;
pub mod search;
#[cfg(test)]
mod solver;
mod table;
#[cfg(test)]
mod tests;

use std::collections::TryReserveError;

use serde::{Serialize, Serializer};

use crate::games::registry::{self, GameVisitor};
use crate::games::{GameInfo, Player, Rules, Setup};
use crate::record::GameRecord;
use crate::replay::{Replay, Settings, Status, start_position, step};
pub use accuracy::{Judged, expected_score, game_accuracy, move_accuracy};
pub use score::{MAX_PLY, WIN, decided, plies_to_end};
pub use search::{Budget, Found, Scored, Searcher};

/// The node budget per position of `tgn analyze` when none is given.
pub const DEFAULT_NODES: u64 = 5_000;

/// The node budget of one game's analysis when none is given: past it the rest of
/// the game is not analyzed.
pub const DEFAULT_GAME_NODES: u64 = 10_000_000;

/// What to search with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub budget: Budget,
    /// The nodes one game's analysis may spend, over all its positions.
    pub game_nodes: Option<u64>,
    /// The transposition table's size, in bytes, per game searched at once.
    pub hash_bytes: usize,
    /// When the whole run's analysis must stop (`--time-limit`): past it no position
    /// is searched, and each search before it ends by then (not reproducible).
    pub deadline: Option<std::time::Instant>,
}

impl Limits {
    /// The budget per position as people read it: `20000 nodes per position`,
    /// `depth 8, 200 ms per position` (the game's budget is said where it stops an
    /// analysis).
    pub fn describe(&self) -> String {
        let budget = &self.budget;
        let mut parts = Vec::new();
        if budget.depth < MAX_PLY as u32 - 1 {
            parts.push(format!("depth {}", budget.depth));
        }
        if let Some(nodes) = budget.nodes {
            parts.push(format!("{nodes} nodes"));
        }
        if let Some(time) = budget.time {
            parts.push(format!("{} ms", time.as_millis()));
        }
        format!("{} per position", parts.join(", "))
    }

    /// The budget as the JSON game object's `analysis` gives it.
    pub fn budget_json(&self) -> serde_json::Value {
        let budget = &self.budget;
        serde_json::json!({
            "depth": (budget.depth < MAX_PLY as u32 - 1).then_some(budget.depth),
            "nodes": budget.nodes,
            "movetime_ms": budget.time.map(|t| t.as_millis() as u64),
            "game_nodes": self.game_nodes,
        })
    }
}

/// A proved value of a position, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Win,
    Loss,
    Draw,
}

/// The move marks of PGN, by their NAG number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `$6`, `?!`
    Dubious = 6,
    /// `$2`, `?`
    Mistake = 2,
    /// `$4`, `??`
    Blunder = 4,
}

impl Mark {
    /// As PGN writes it after a move: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Dubious => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

impl Serialize for Mark {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.symbol())
    }
}

/// The engine's judgement of one move: what `--format json` prints as `eval`. Scores
/// are in the game's unit, from the mover's point of view; a proved win or loss has
/// no score (`None`) but a result and the plies to its end.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyEval {
    /// The engine's best move before this one, in canonical notation.
    pub best: Option<String>,
    /// The position before the move.
    pub score: Option<i32>,
    /// The position after the move played, still the mover's view.
    pub played_score: Option<i32>,
    /// `score - played_score`, never negative.
    pub loss: Option<i32>,
    /// The value of the position before the move, if the search proved it.
    pub result: Option<Verdict>,
    /// Plies to the end of a proved win or loss, from the position before the move.
    pub plies_to_end: Option<u32>,
    /// The value of the move played, if the search proved it.
    pub played_result: Option<Verdict>,
    /// Plies to the end of the move played's proved win or loss, also from the
    /// position before the move (so that the two compare).
    pub played_plies_to_end: Option<u32>,
    /// The mover's expected score (0 to 1) before the move and after it.
    #[serde(serialize_with = "rounded::<4, _>")]
    pub win_before: f64,
    #[serde(serialize_with = "rounded::<4, _>")]
    pub win_after: f64,
    /// lichess's accuracy of the move, 0 to 100.
    #[serde(serialize_with = "rounded::<1, _>")]
    pub accuracy: f64,
    pub mark: Option<Mark>,
    pub depth: u32,
    pub nodes: u64,
    #[serde(skip)]
    pub mover: Player,
}

/// `value` rounded to `DIGITS` decimals, for JSON.
fn rounded<const DIGITS: i32, S: Serializer>(
    value: &f64,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let scale = 10f64.powi(DIGITS);
    serializer.serialize_f64((value * scale).round() / scale)
}

/// Where one game's analysis stopped before the end of its main line, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stopped {
    /// The first ply not analyzed (1 for the first move).
    pub ply: u32,
    pub reason: String,
}

/// One game's analysis.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// One judgement per move of the main line analyzed, in order.
    pub evals: Vec<PlyEval>,
    /// Set when the analysis stopped before the main line's last move or its first
    /// error.
    pub stopped: Option<Stopped>,
    /// Each player's accuracy over the moves analyzed (first player's first).
    pub accuracy: [Option<f64>; 2],
    /// The nodes searched over the game.
    pub nodes: u64,
}

/// The transposition table asked for (`--hash`) could not be allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRefused {
    pub bytes: usize,
    pub reason: TryReserveError,
}

/// The main line of `record`, a record of `game` replayed as `replay`, judged move
/// by move by the search (see [`analyze_with`]).
///
/// # Errors
/// The transposition table could not be allocated.
pub fn analyze(
    game: registry::Found,
    record: &GameRecord,
    settings: &Settings,
    replay: &Replay,
    limits: &Limits,
) -> Result<Analysis, TableRefused> {
    struct Visit<'a>(&'a GameRecord, &'a Settings, &'a Replay, &'a Limits);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Analysis, TableRefused>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            analyze_with::<R>(game, self.0, self.1, self.2, self.3)
        }
    }
    game.dispatch(Visit(record, settings, replay, limits))
}

/// Analyzes the main line of `record` (of `info`, replayed as `replay`) up to its
/// first error or to the game's node budget: one [`PlyEval`] per move searched. The
/// positions are played one after another and each searched once, the move played
/// scored at the root beside the best, so the memory does not grow with the plies.
///
/// # Errors
/// The transposition table could not be allocated.
pub fn analyze_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
    replay: &Replay,
    limits: &Limits,
) -> Result<Analysis, TableRefused> {
    let Ok(rules) = R::configure(&Setup::of_record(info, &record.tags, &settings.options)) else {
        return Ok(Analysis::default());
    };
    let Ok(mut position) = start_position(&rules, record) else {
        return Ok(Analysis::default());
    };
    let mut searcher = Searcher::new(&rules, limits.hash_bytes).map_err(|reason| TableRefused {
        bytes: limits.hash_bytes,
        reason,
    })?;
    let mut analysis = Analysis::default();
    let game_nodes = limits.game_nodes.unwrap_or(u64::MAX);
    for (node, replayed) in record.moves.iter().zip(&replay.main.nodes) {
        let Status::Played(played) = &replayed.status else {
            break;
        };
        // The driver played it: the step gives the same move again.
        let Ok(mv) = step(&rules, &position, &node.text) else {
            break;
        };
        let left = game_nodes.saturating_sub(analysis.nodes);
        let stop = |ply: u32| Stopped {
            ply,
            reason: format!(
                "the game's analysis budget of {game_nodes} nodes is spent \
                 (--game-nodes)"
            ),
        };
        if limits.budget.nodes.unwrap_or(0) >= left {
            analysis.stopped = Some(stop(played.ply));
            break;
        }
        let mut time = limits.budget.time;
        if let Some(deadline) = limits.deadline {
            let Some(before) = deadline.checked_duration_since(std::time::Instant::now()) else {
                analysis.stopped = Some(Stopped {
                    ply: played.ply,
                    reason: "the run's time limit is spent (--time-limit)".to_string(),
                });
                break;
            };
            time = Some(time.map_or(before, |t| t.min(before)));
        }
        let budget = Budget {
            most: Some(left),
            time,
            ..limits.budget
        };
        let (eval, spent) = judge(&rules, &mut searcher, &position, &mv, budget, played.mover);
        analysis.nodes += spent;
        let Some(eval) = eval else {
            // The game's budget stopped this search: it is not reported.
            analysis.stopped = Some(stop(played.ply));
            break;
        };
        analysis.evals.push(eval);
        rules.play(&mut position, &mv);
    }
    let judged: Vec<Judged> = analysis
        .evals
        .iter()
        .map(|e| Judged {
            mover: e.mover,
            before: e.win_before,
            after: e.win_after,
            accuracy: e.accuracy,
        })
        .collect();
    analysis.accuracy = game_accuracy(&judged);
    Ok(analysis)
}

/// How many times the node budget a move marked at the first search is searched
/// again with, so that a mark holds under a deeper look: on 60 PlayOK games it took
/// the `?` and `??` that vanish at 200,000 nodes from 28 of 108 to 9 of 95, and the
/// marks' agreement from 96.3% to 97.4%, for 30% more time.
const RESEARCH: u64 = 4;

/// Searches `position` with `mv` played from it scored beside the best move, and
/// judges it (a move marked, again at [`RESEARCH`] times the node budget); gives the
/// nodes searched too. `None` when `budget.most` (what is left of the game's budget)
/// stopped the first search.
fn judge<R: Rules>(
    rules: &R,
    searcher: &mut Searcher<'_, R>,
    position: &R::Position,
    mv: &R::Move,
    budget: Budget,
    mover: Player,
) -> (Option<PlyEval>, u64) {
    let found = searcher.search(position, budget, Some(mv));
    let mut spent = found.nodes;
    if budget.most.is_some_and(|most| spent >= most) {
        return (None, spent);
    }
    let first = ply_eval(rules, position, &found, mover);
    let Some(nodes) = budget.nodes.filter(|_| first.mark.is_some()) else {
        return (Some(first), spent);
    };
    let deeper = Budget {
        nodes: Some(nodes.saturating_mul(RESEARCH)),
        most: budget.most.map(|most| most.saturating_sub(spent)),
        ..budget
    };
    let again = searcher.search(position, deeper, Some(mv));
    spent += again.nodes;
    if again.depth < first.depth {
        // The game's budget stopped it short of the first search.
        return (Some(first), spent);
    }
    let better = ply_eval(rules, position, &again, mover);
    let nodes = first.nodes + better.nodes;
    (Some(PlyEval { nodes, ..better }), spent)
}

/// The judgement of the move scored as `found.played`. A position the search could
/// not search (its moves cannot all be listed) judges its move as good as the best.
fn ply_eval<R: Rules>(
    rules: &R,
    position: &R::Position,
    found: &Found<R::Move>,
    mover: Player,
) -> PlyEval {
    let before = Scored {
        score: found.score,
        proved: found.proved,
    };
    let played = found.played.unwrap_or(before);
    let win_before = expected(before, R::WIN_CURVE);
    let win_after = expected(played, R::WIN_CURVE);
    let loss =
        (!decided(before.score) && !decided(played.score)).then(|| before.score - played.score);
    PlyEval {
        best: found.best.as_ref().map(|m| rules.write_move(position, m)),
        score: unit(before.score),
        played_score: unit(played.score),
        loss,
        result: verdict(before.score, before.proved),
        plies_to_end: before.plies_to_end(),
        played_result: verdict(played.score, played.proved),
        played_plies_to_end: played.plies_to_end(),
        win_before,
        win_after,
        accuracy: move_accuracy(win_before, win_after),
        mark: mark_of(win_before - win_after, R::MARK_DROPS),
        depth: found.depth,
        nodes: found.nodes,
        mover,
    }
}

/// A score in the game's unit: `None` for a proved win or loss.
fn unit(score: i32) -> Option<i32> {
    (!decided(score)).then_some(score)
}

/// The mover's expected score of a searched score: 1 for a proved win, 0 for a
/// proved loss, else on the game's curve (a proved draw, 0, is ½).
fn expected(scored: Scored, slope: f64) -> f64 {
    match verdict(scored.score, scored.proved) {
        Some(Verdict::Win) => 1.0,
        Some(Verdict::Loss) => 0.0,
        _ => expected_score(scored.score, slope),
    }
}

/// The mark a drop in expected score earns, given the game's thresholds (`?!`, `?`,
/// `??`).
pub fn mark_of(drop: f64, [dubious, mistake, blunder]: [f64; 3]) -> Option<Mark> {
    match drop {
        d if d >= blunder => Some(Mark::Blunder),
        d if d >= mistake => Some(Mark::Mistake),
        d if d >= dubious => Some(Mark::Dubious),
        _ => None,
    }
}

/// The proved value of a score, if it is proved.
pub fn verdict(score: i32, proved: bool) -> Option<Verdict> {
    match score {
        s if decided(s) && s > 0 => Some(Verdict::Win),
        s if decided(s) => Some(Verdict::Loss),
        _ if proved => Some(Verdict::Draw),
        _ => None,
    }
}

/// A score for people, from the mover's view: `+3`, `wins in 5`, `loses in 2`,
/// `draws` (proved).
pub fn describe(score: Option<i32>, result: Option<Verdict>, plies: Option<u32>) -> String {
    match (result, plies, score) {
        (Some(Verdict::Win), Some(n), _) => format!("wins in {n}"),
        (Some(Verdict::Loss), Some(n), _) => format!("loses in {n}"),
        (Some(Verdict::Draw), _, _) => "draws".to_string(),
        (_, _, Some(score)) => format!("{score:+}"),
        _ => "?".to_string(),
    }
}
