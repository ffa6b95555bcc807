//! The search: negamax with alpha-beta over any [`Rules`], deepened one ply at a time,
//! with a transposition table, move ordering (the table's move, then killers, then the
//! moves whose resulting position [`Rules::evaluate`] likes best: captures first) and
//! exact scores for positions whose end it sees ("win in N plies"); at the horizon,
//! for games that ask for it ([`Rules::QUIESCENCE`]), a quiescence search of captures.
//!
//! A turn written as several tokens (a mill's removal, a blow in Zamma) is several
//! plies by the same player: the score of a child moved by the same side is not
//! negated.

use std::collections::TryReserveError;
use std::time::{Duration, Instant};

use super::score::{MAX_PLY, WIN, decided, plies_to_end, to_table};
use super::table::{Bound, Entry, Table};
use crate::games::{GameResult, Rules};

/// The most an evaluation may say: far below any decided score.
const EVAL_LIMIT: i32 = WIN / 2;
/// The nodes a position whose moves the rules cannot all list costs the budget
/// ([`Rules::complete_legal_moves`]): listing spent the capture search's whole budget,
/// two million steps, some 0.1 s, the time of 10,000 nodes at the 100,000 nodes a
/// second every game reaches. The node budget so bounds the time as well as the nodes.
pub const UNLISTED_NODES: u64 = 10_000;
/// The most plies of captures the search follows past its horizon.
const QUIESCENCE_PLIES: u32 = 4;
/// The half-width of the first window in which the move played is searched at the
/// root, around its score of the iteration before (aspiration), in the game's unit.
/// On 60 PlayOK games at the default budget it changed no mark's agreement with a
/// deeper search (96.30% without, 96.34% with) and saved a few nodes.
const ASPIRATION: i32 = 3;
/// The share of the next iteration, foreseen from the last two, that must fit in
/// what is left of the node budget for it to be begun.
const NEXT_SHARE: f64 = 0.5;

/// How often (in nodes) the clock is read under `--movetime`.
const CLOCK_EVERY: u64 = 1024;

/// How much one position may be searched: the search stops at the first limit met.
/// Depth and nodes give the same result on every run; time does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Nodes, over all iterations (a position whose moves cannot all be listed
    /// counts [`UNLISTED_NODES`]).
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes not to pass even in the first iteration (what is left of a game's
    /// budget): past them the search stops with what it completed, maybe nothing.
    pub most: Option<u64>,
}

/// What one iteration at the root found.
struct Iteration {
    score: i32,
    /// The index of the best move.
    best: usize,
    played: Option<Scored>,
}

/// What a search of one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The best move, if the position has one.
    pub best: Option<M>,
    /// From the mover's point of view: the game's unit, or `±(WIN - plies)`.
    pub score: i32,
    /// The score is the game-theoretic value: every line was seen to its end.
    pub proved: bool,
    /// Deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The move asked about ([`Searcher::search`]'s `played`), scored by the same
    /// iteration as `score`, so never above it; `None` when none was asked about or
    /// the position was not searched.
    pub played: Option<Scored>,
}

/// A move's score at the root, from the mover's point of view, as [`Found::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub score: i32,
    /// The score is the game-theoretic value of the move.
    pub proved: bool,
}

impl Scored {
    /// Plies to the end (from the position before the move) of a proved win or loss.
    pub fn plies_to_end(&self) -> Option<u32> {
        plies_to_end(self.score)
    }
}

impl<M> Found<M> {
    /// Plies to the end when the score is a proved win or loss.
    pub fn plies_to_end(&self) -> Option<u32> {
        plies_to_end(self.score)
    }
}

/// A search of positions of one game, sharing one table (a game's positions follow
/// one another, so what one search learnt serves the next).
pub struct Searcher<'r, R: Rules> {
    rules: &'r R,
    table: Table,
    killers: Vec<[Option<u16>; 2]>,
    nodes: u64,
    limit: Limit,
    /// A line of this iteration stopped at the horizon (its score is an estimate).
    horizon: bool,
}

/// When the current search must stop.
struct Limit {
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl<'r, R: Rules> Searcher<'r, R> {
    /// A searcher whose table takes at most `hash_bytes`.
    ///
    /// # Errors
    /// The table's memory could not be had.
    pub fn new(rules: &'r R, hash_bytes: usize) -> Result<Searcher<'r, R>, TryReserveError> {
        Ok(Searcher {
            rules,
            table: Table::new(hash_bytes)?,
            killers: vec![[None; 2]; MAX_PLY + 1],
            nodes: 0,
            limit: Limit {
                nodes: u64::MAX,
                deadline: None,
                stopped: false,
            },
            horizon: false,
        })
    }

    /// Searches `position` within `budget`, deepening until the budget is spent or the
    /// value is proved. `played`, one of the position's moves, is scored at the root by
    /// the same iterations as the best move (first, so that its score is exact, not a
    /// bound): the best never scores below it. The first iteration always completes
    /// (unless `budget.most` stops it), so a win in one is always seen.
    pub fn search(
        &mut self,
        position: &R::Position,
        budget: Budget,
        played: Option<&R::Move>,
    ) -> Found<R::Move> {
        self.nodes = 0;
        let start = Instant::now();
        let most = budget.most.unwrap_or(u64::MAX);
        self.limit = Limit {
            nodes: most,
            deadline: None,
            stopped: false,
        };
        let over = self.outcome_score(position, 0);
        let listed = match over {
            Some(_) => Some(Vec::new()),
            None => self.rules.complete_legal_moves(position),
        };
        let mut found = Found {
            best: None,
            score: over.unwrap_or(0),
            proved: over.is_some(),
            depth: 0,
            nodes: 0,
            played: None,
        };
        // A position whose moves the rules cannot all list is not searched.
        let Some(moves) = listed else {
            found.score = self.evaluation(position);
            return found;
        };
        let played = played.and_then(|mv| self.index_of(position, &moves, mv));
        let last = budget.depth.clamp(1, MAX_PLY as u32 - 1);
        let mut guess = None;
        // The nodes of the last two iterations, to foresee the next one's.
        let mut costs = [0u64; 2];
        for depth in 1..=last {
            if moves.is_empty() {
                break;
            }
            if depth > 1 {
                self.limit.nodes = budget.nodes.unwrap_or(u64::MAX).min(most);
                self.limit.deadline = budget.time.map(|t| start + t);
                if self.cannot_finish(costs) {
                    break;
                }
            }
            self.horizon = false;
            let before = self.nodes;
            let Some(iteration) = self.root(position, &moves, depth, played, guess) else {
                break;
            };
            costs = [costs[1], self.nodes - before];
            found.best = Some(moves[iteration.best].clone());
            found.score = iteration.score;
            found.depth = depth;
            // A win or loss further than this iteration's depth came through the table
            // from an earlier search: real, but a shorter one may lie beyond the horizon.
            let seen = |score: i32| plies_to_end(score).is_some_and(|n| n <= depth);
            found.proved = !self.horizon || seen(found.score);
            found.played = iteration.played.map(|p| Scored {
                score: p.score,
                proved: p.proved || seen(p.score),
            });
            guess = Some(found.played.map_or(found.score, |p| p.score));
            if found.proved {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// The index of `mv` among `moves`, by its canonical notation.
    fn index_of(&self, position: &R::Position, moves: &[R::Move], mv: &R::Move) -> Option<usize> {
        let written = self.rules.write_move(position, mv);
        moves
            .iter()
            .position(|m| self.rules.write_move(position, m) == written)
    }

    /// Whether the next iteration, foreseen from the growth of the last two, would
    /// stop for the node budget before half of it is done: then it is not begun, since
    /// an iteration left unfinished is thrown away, and the nodes are saved.
    fn cannot_finish(&self, [before, last]: [u64; 2]) -> bool {
        let growth = if before == 0 {
            2.0
        } else {
            (last as f64 / before as f64).clamp(1.0, 16.0)
        };
        let next = last as f64 * growth;
        self.nodes as f64 + next * NEXT_SHARE > self.limit.nodes as f64
    }

    /// One iteration at the root, or `None` when the budget ran out before it finished.
    /// The played move, if any, is searched first (else the table's move), in a
    /// window around its score of the last iteration, widened until the score falls
    /// inside it (aspiration); every other move is searched with a null window at the
    /// best score so far, and again with a full one when it passes it (principal
    /// variation search).
    fn root(
        &mut self,
        position: &R::Position,
        moves: &[R::Move],
        depth: u32,
        played: Option<usize>,
        guess: Option<i32>,
    ) -> Option<Iteration> {
        let key = self.rules.position_key(position);
        let mut order = self.order(position, moves, key, 0, depth);
        if let Some(played) = played {
            order.retain(|&i| i != played);
            order.insert(0, played);
        }
        let first = order[0];
        let first_score = self.aspirated(position, &moves[first], depth, guess)?;
        let first_proved = !self.horizon;
        let (mut alpha, mut best) = (first_score, first);
        for &i in &order[1..] {
            let mut score = self.child(position, &moves[i], depth, alpha, alpha + 1, 0)?;
            if score > alpha {
                score = self.child(position, &moves[i], depth, alpha, WIN + 1, 0)?;
            }
            if score > alpha {
                alpha = score;
                best = i;
            }
        }
        self.table.store(Entry::new(
            key,
            depth,
            alpha,
            Bound::Exact,
            best,
            !self.horizon,
        ));
        Some(Iteration {
            score: alpha,
            best,
            played: played.map(|_| Scored {
                score: first_score,
                proved: first_proved,
            }),
        })
    }

    /// The exact score of `mv` at the root: searched in a window of [`ASPIRATION`]
    /// around `guess` (its score in the last iteration), widened fourfold on the side
    /// it falls out of until it falls inside.
    fn aspirated(
        &mut self,
        position: &R::Position,
        mv: &R::Move,
        depth: u32,
        guess: Option<i32>,
    ) -> Option<i32> {
        let full = (-WIN - 1, WIN + 1);
        let Some(guess) = guess.filter(|&g| !decided(g)) else {
            return self.child(position, mv, depth, full.0, full.1, 0);
        };
        let mut delta = ASPIRATION;
        let (mut low, mut high) = (guess - delta, guess + delta);
        loop {
            let score = self.child(position, mv, depth, low, high, 0)?;
            if score > low && score < high {
                return Some(score);
            }
            delta = delta.saturating_mul(4);
            // A decided score, or a window past any evaluation, opens that side fully.
            let open = decided(score) || delta >= EVAL_LIMIT;
            if score <= low {
                low = if open { full.0 } else { guess - delta };
            } else {
                high = if open { full.1 } else { guess + delta };
            }
        }
    }

    /// The score of playing `mv` at `position` (at `ply`), from the mover's view.
    fn child(
        &mut self,
        position: &R::Position,
        mv: &R::Move,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let mut next = position.clone();
        self.rules.play(&mut next, mv);
        if self.rules.to_move(&next) == self.rules.to_move(position) {
            self.negamax(&next, depth - 1, alpha, beta, ply + 1)
        } else {
            Some(-self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)?)
        }
    }

    fn negamax(
        &mut self,
        position: &R::Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        self.count_node()?;
        if let Some(score) = self.terminal(position, ply) {
            return Some(score);
        }
        if ply >= MAX_PLY {
            self.horizon = true;
            return Some(self.evaluation(position));
        }
        if depth == 0 {
            self.horizon = true;
            if !R::QUIESCENCE {
                return Some(self.evaluation(position));
            }
            return self.quiesce(position, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let key = self.rules.position_key(position);
        let entry = self.table.probe(key);
        if let Some(score) = entry.and_then(|e| e.cutoff(depth, alpha, beta, ply)) {
            self.horizon |= !entry.is_some_and(|e| e.proved);
            return Some(score);
        }
        let Some(moves) = self.rules.complete_legal_moves(position) else {
            return self.unlisted(position);
        };
        if moves.is_empty() {
            // The game's end is its outcome's to say; a game without one is a draw.
            return Some(self.outcome_score(position, ply).unwrap_or(0));
        }
        let horizon_before = std::mem::take(&mut self.horizon);
        let original_alpha = alpha;
        let mut best = (-WIN - 1, 0);
        for (n, i) in self
            .order(position, &moves, key, ply, depth)
            .into_iter()
            .enumerate()
        {
            // The first move in the full window; the others with a null window at
            // alpha, and again in full if they pass it (principal variation search).
            let mut score;
            if n == 0 {
                score = self.child(position, &moves[i], depth, alpha, beta, ply)?;
            } else {
                score = self.child(position, &moves[i], depth, alpha, alpha + 1, ply)?;
                if score > alpha && score < beta {
                    score = self.child(position, &moves[i], depth, alpha, beta, ply)?;
                }
            }
            if score > best.0 {
                best = (score, i);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.remember_killer(ply, i);
                break;
            }
        }
        let bound = Bound::of(best.0, original_alpha, beta);
        let stored = Entry::new(
            key,
            depth,
            to_table(best.0, ply),
            bound,
            best.1,
            !self.horizon,
        );
        self.table.store(stored);
        self.horizon |= horizon_before;
        Some(best.0)
    }

    /// Counts a node; `None` once the budget is spent (a node refused is not
    /// counted: the nodes reported never pass the budget).
    fn count_node(&mut self) -> Option<()> {
        let limit = &mut self.limit;
        if self.nodes >= limit.nodes {
            limit.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && limit.deadline.is_some_and(|d| Instant::now() >= d)
        {
            limit.stopped = true;
        }
        if limit.stopped {
            return None;
        }
        self.nodes += 1;
        Some(())
    }

    /// The score at the horizon of a game with [`Rules::QUIESCENCE`]: the evaluation,
    /// or better for the mover what the moves that raise it at once (captures) lead
    /// to, up to `plies` further plies of them, so that a line is not scored in the
    /// middle of an exchange. Each capture followed counts as a node.
    fn quiesce(
        &mut self,
        position: &R::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        plies: u32,
    ) -> Option<i32> {
        let stand = self.evaluation(position);
        if plies == 0 || stand >= beta || ply >= MAX_PLY {
            return Some(stand);
        }
        let Some(moves) = self.rules.complete_legal_moves(position) else {
            return Some(stand);
        };
        if moves.is_empty() {
            return Some(self.outcome_score(position, ply).unwrap_or(0));
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mover = self.rules.to_move(position);
        for mv in &moves {
            let mut next = position.clone();
            self.rules.play(&mut next, mv);
            let same = self.rules.to_move(&next) == mover;
            let gain = if same {
                self.evaluation(&next)
            } else {
                -self.evaluation(&next)
            };
            if gain <= stand {
                continue;
            }
            self.count_node()?;
            let score = match (self.terminal(&next, ply + 1), same) {
                (Some(end), true) => end,
                (Some(end), false) => -end,
                (None, true) => self.quiesce(&next, alpha, beta, ply + 1, plies - 1)?,
                (None, false) => -self.quiesce(&next, -beta, -alpha, ply + 1, plies - 1)?,
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// A position whose moves the rules could not all list: scored by the evaluation
    /// as at the horizon, and charged [`UNLISTED_NODES`] nodes, for the time listing
    /// took; `None` when the budget cannot pay them (nothing is counted then).
    fn unlisted(&mut self, position: &R::Position) -> Option<i32> {
        if self.nodes.saturating_add(UNLISTED_NODES) > self.limit.nodes {
            self.limit.stopped = true;
            return None;
        }
        self.nodes += UNLISTED_NODES;
        self.horizon = true;
        Some(self.evaluation(position))
    }

    /// The score of a position whose game is over for a reason no move rules out.
    fn terminal(&self, position: &R::Position, ply: usize) -> Option<i32> {
        if self.rules.over_but_for_moves(position) {
            return self.outcome_score(position, ply);
        }
        None
    }

    /// The outcome, if the game is over, as a score for the mover at `ply`.
    fn outcome_score(&self, position: &R::Position, ply: usize) -> Option<i32> {
        let result = self.rules.outcome(position)?.result;
        let mover = self.rules.to_move(position);
        Some(match result {
            GameResult::Draw => 0,
            r if r == GameResult::win_for(mover) => WIN - ply as i32,
            _ => -(WIN - ply as i32),
        })
    }

    fn evaluation(&self, position: &R::Position) -> i32 {
        self.rules.evaluate(position).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The order to try `moves` in: the table's move, the killers of this ply, then
    /// (where the subtree is deep enough to pay for it) by how the evaluation likes
    /// the position each leads to, which puts captures first; ties keep the rules'
    /// order, so the search is the same on every run.
    fn order(
        &self,
        position: &R::Position,
        moves: &[R::Move],
        key: u64,
        ply: usize,
        depth: u32,
    ) -> Vec<usize> {
        let table_move = self.table.probe(key).map(|e| usize::from(e.best));
        let killers = self.killers[ply];
        let rank = |i: usize| -> i32 {
            if Some(i) == table_move {
                return i32::MIN;
            }
            if killers.contains(&Some(i as u16)) {
                return i32::MIN + 1;
            }
            if depth < 2 {
                return 0;
            }
            let mut next = position.clone();
            self.rules.play(&mut next, &moves[i]);
            let score = self.rules.evaluate(&next);
            if self.rules.to_move(&next) == self.rules.to_move(position) {
                -score
            } else {
                score
            }
        };
        let mut ranked: Vec<(i32, usize)> = (0..moves.len()).map(|i| (rank(i), i)).collect();
        ranked.sort_by_key(|&(r, i)| (r, i));
        ranked.into_iter().map(|(_, i)| i).collect()
    }

    fn remember_killer(&mut self, ply: usize, index: usize) {
        let Ok(index) = u16::try_from(index) else {
            return;
        };
        let slot = &mut self.killers[ply];
        if slot[0] != Some(index) {
            slot[1] = slot[0];
            slot[0] = Some(index);
        }
    }
}
