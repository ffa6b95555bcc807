//! Analysis: every position of a record's main line searched by the one engine in
//! [`search`], which knows no game: it asks the [`Rules`] for moves, plays them, and
//! scores what it cannot see the end of with [`Rules::evaluate`]. Each move is judged
//! by what it loses against the engine's best move, in the game's own unit.
//!
//! A record's positions are searched in order by one [`Searcher`], whose table carries
//! over from one position to the next; games are independent of each other, so a
//! budget in depth or nodes gives the same analysis on every run and thread count.

pub mod search;
#[cfg(test)]
mod solver;
mod table;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::games::{GameInfo, Rules, Setup};
use crate::record::GameRecord;
use crate::replay::{Replay, Settings, Status, start_position};
pub use search::{Budget, Found, MAX_PLY, Searcher, WIN, decided};

/// The node budget per position of `tgn analyze` when none is given: PlayOK's 1,199
/// Toguz Kumalak games take 78 s of one core with it, quiescence included (an
/// optimised build without LTO, measured on a loaded machine).
pub const DEFAULT_NODES: u64 = 5_000;

/// What to search with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub budget: Budget,
    /// The transposition table's size, in bytes, per game searched at once.
    pub hash_bytes: usize,
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

/// The engine's judgement of one move: what `--format json` prints as `eval`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyEval {
    /// The engine's best move before this one, in canonical notation.
    pub best: Option<String>,
    /// The position before the move, mover's view (a proved win in N is `WIN - N`).
    pub score: i32,
    /// The position after the move played, still the mover's view.
    pub played_score: i32,
    /// `score - played_score`.
    pub loss: i32,
    /// The value of the position before the move, if the search proved it.
    pub result: Option<Verdict>,
    /// Plies to the end of a proved win or loss.
    pub plies_to_end: Option<u32>,
    pub depth: u32,
    pub nodes: u64,
    /// Whether `played_score` is proved.
    #[serde(skip)]
    pub played_proved: bool,
    #[serde(skip)]
    pub mark: Option<Mark>,
}

/// A searched position, from its mover's view.
struct Searched {
    best: Option<String>,
    score: i32,
    proved: bool,
    depth: u32,
    nodes: u64,
}

/// Analyzes the main line of `record` (of `info`, replayed as `replay`) up to its
/// first error: one [`PlyEval`] per move played.
pub fn analyze_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
    replay: &Replay,
    limits: &Limits,
) -> Vec<PlyEval> {
    let Ok(rules) = R::configure(&Setup::of_record(info, &record.tags, &settings.options)) else {
        return Vec::new();
    };
    let Ok(start) = start_position(&rules, record) else {
        return Vec::new();
    };
    let positions = main_line(&rules, start, record, replay);
    let mut searcher = Searcher::new(&rules, limits.hash_bytes);
    let searched: Vec<Searched> = positions
        .iter()
        .map(|(position, _)| {
            let found = searcher.search(position, limits.budget);
            Searched {
                best: found.best.as_ref().map(|m| rules.write_move(position, m)),
                score: found.score,
                proved: found.proved,
                depth: found.depth,
                nodes: found.nodes,
            }
        })
        .collect();
    positions
        .windows(2)
        .zip(searched.windows(2))
        .map(|(pair, values)| {
            let (before, played) = &pair[0];
            let same_mover = rules.to_move(&pair[1].0) == rules.to_move(before);
            judge::<R>(&values[0], &values[1], same_mover, played.as_deref())
        })
        .collect()
}

/// The positions of the main line as played, each with the canonical move played
/// from it (the last has none).
fn main_line<R: Rules>(
    rules: &R,
    start: R::Position,
    record: &GameRecord,
    replay: &Replay,
) -> Vec<(R::Position, Option<String>)> {
    let mut positions = vec![(start, None)];
    for (node, replayed) in record.moves.iter().zip(&replay.main.nodes) {
        if !matches!(replayed.status, Status::Played(_)) {
            break;
        }
        let Some((position, _)) = positions.last() else {
            break;
        };
        let resolved = rules
            .parse_token(&node.text)
            .ok()
            .and_then(|token| rules.resolve(position, &token).ok());
        let Some(mv) = resolved else {
            break;
        };
        let mut after = position.clone();
        rules.play(&mut after, &mv);
        let canonical = rules.write_move(position, &mv);
        if let Some(last) = positions.last_mut() {
            last.1 = Some(canonical);
        }
        positions.push((after, None));
    }
    positions
}

/// The judgement of the move from a position valued `before` to one valued `after`.
fn judge<R: Rules>(
    before: &Searched,
    after: &Searched,
    same_mover: bool,
    played: Option<&str>,
) -> PlyEval {
    // One ply further from the end, and the other side's view unless the mover moves
    // again.
    let shifted = if decided(after.score) {
        after.score - after.score.signum()
    } else {
        after.score
    };
    let played_score = if same_mover { shifted } else { -shifted };
    let loss = before.score - played_score;
    let found_best = before.best.is_some() && before.best.as_deref() == played;
    let both_decided_alike = decided(before.score)
        && decided(played_score)
        && before.score.signum() == played_score.signum();
    let mark = if found_best || both_decided_alike {
        None
    } else {
        mark_of(loss, R::LOSS_MARKS)
    };
    PlyEval {
        best: before.best.clone(),
        score: before.score,
        played_score,
        loss,
        result: verdict(before.score, before.proved),
        plies_to_end: decided(before.score).then(|| (WIN - before.score.abs()) as u32),
        depth: before.depth,
        nodes: before.nodes,
        played_proved: after.proved,
        mark,
    }
}

/// The mark a loss earns, given the game's thresholds (`?!`, `?`, `??`).
pub fn mark_of(loss: i32, [dubious, mistake, blunder]: [i32; 3]) -> Option<Mark> {
    match loss {
        l if l >= blunder => Some(Mark::Blunder),
        l if l >= mistake => Some(Mark::Mistake),
        l if l >= dubious => Some(Mark::Dubious),
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
pub fn describe_score(score: i32, proved: bool) -> String {
    match verdict(score, proved) {
        Some(Verdict::Win) => format!("wins in {}", WIN - score),
        Some(Verdict::Loss) => format!("loses in {}", WIN + score),
        Some(Verdict::Draw) => "draws".to_string(),
        None => format!("{score:+}"),
    }
}
