//! A score sheet as the search reads it — its tokens, each with the checkpoints
//! written after it — and the replay that judges one reading of it: how far it goes
//! before the first thing that disagrees, and whether it reaches the end.
//!
//! This replay judges as the driver does (the game's rules, a turn left half done,
//! the checkpoints, the declared end) but keeps nothing per move, and goes on past a
//! mark that disagrees when the move is plain without it
//! ([`Rules::unmarked`]), counting the disagreement, up to [`MOST_DISAGREEMENTS`].

use std::borrow::Cow;
use std::collections::VecDeque;

use super::PLAY_STEPS;
use crate::games::common::allowance;
use crate::games::{MoveError, Rules};
use crate::replay::Declared;
use crate::replay::checkpoint::Checkpoint;

/// Marks that may disagree before a reading is given up: one wrong count in a sheet
/// is a slip; a reading under which mark after mark disagrees has left the game
/// played, and following it further costs time for nothing.
pub const MOST_DISAGREEMENTS: u32 = 3;

/// An index into [`Slots`].
pub type SlotId = u32;

/// One token of a sheet: as written, as read, and the checkpoints after it.
pub struct Slot<'a, R: Rules> {
    pub text: Cow<'a, str>,
    /// `None`: not written in the game's notation.
    pub token: Option<R::Token>,
    /// Indices into [`Judge::checks`].
    pub checks: Vec<u32>,
}

impl<R: Rules> Clone for Slot<'_, R> {
    fn clone(&self) -> Self {
        Slot {
            text: self.text.clone(),
            token: self.token.clone(),
            checks: self.checks.clone(),
        }
    }
}

/// Every token the search has read or made: a sheet is a list of their ids.
pub struct Slots<'a, R: Rules> {
    all: Vec<Slot<'a, R>>,
}

impl<'a, R: Rules> Slots<'a, R> {
    pub fn new() -> Self {
        Slots { all: Vec::new() }
    }

    pub fn add(&mut self, slot: Slot<'a, R>) -> SlotId {
        self.all.push(slot);
        (self.all.len() - 1) as SlotId
    }

    /// A token read from `text`.
    pub fn read(&mut self, rules: &R, text: Cow<'a, str>, checks: Vec<u32>) -> SlotId {
        let token = rules.parse_token(&text).ok();
        self.add(Slot {
            text,
            token,
            checks,
        })
    }

    pub fn get(&self, id: SlotId) -> &Slot<'a, R> {
        &self.all[id as usize]
    }
}

/// What disagrees first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// The token cannot be played: not the notation, illegal, ambiguous, after the
    /// end, or abandoning a turn half done.
    Move,
    /// A mark of the token disagrees with the move it names.
    Mark,
    /// A checkpoint after the token disagrees.
    Checkpoint,
    /// The end: a turn left half done, or a declared result or score the position
    /// contradicts.
    End,
    /// The search's budget ran out here.
    Budget,
}

/// The first thing that disagrees in a reading: where (an index into the sheet, its
/// length for the end) and at which ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    pub index: usize,
    pub ply: u32,
    pub trouble: Trouble,
}

/// How one reading of a sheet replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The first thing that disagrees (`None`: nothing, to the end).
    pub problem: Option<Problem>,
    /// Every token was played (marks and checkpoints may disagree).
    pub to_end: bool,
    /// Marks, checkpoints and the declared end that disagree, counted up to
    /// [`MOST_DISAGREEMENTS`] and one more.
    pub disagreements: u32,
    /// Plies played before the first problem (all of them when there is none).
    pub clean_plies: u32,
}

impl Verdict {
    /// Nothing disagrees: every token played, every mark and checkpoint agreed.
    pub fn perfect(&self) -> bool {
        self.problem.is_none()
    }
}

/// Where a replay starts: the position before token `from`, the plies played before
/// it, and the checkpoints to hold there first (those of a deleted token).
pub struct Start<'s, R: Rules> {
    pub from: usize,
    pub position: R::Position,
    pub plies: u32,
    pub checks: &'s [u32],
}

/// What a replay records of the tokens it reaches before its first problem: the
/// position before each and its ply (and the same at the end, index `len`). Only
/// of the last [`TRACED`]: the search edits no token further back from the first
/// problem ([`WINDOW`](super::search::WINDOW)), and a position per token of a
/// 99,000-ply sheet would be kept for nothing (issue 57).
pub struct Trace<R: Rules> {
    /// The token of the first entry.
    first: usize,
    entries: VecDeque<Traced<R>>,
}

/// What a trace holds of one token.
pub struct Traced<R: Rules> {
    /// The position before the token.
    pub position: R::Position,
    /// The ply the token has.
    pub ply: u32,
    /// The plies played before the token (one less than its ply, or its ply when it
    /// finishes a turn begun by the token before it).
    pub before: u32,
}

/// How many tokens a trace keeps, the last ones it reached.
pub const TRACED: usize = super::search::WINDOW + 1;

impl<R: Rules> Trace<R> {
    pub fn new() -> Self {
        Trace {
            first: 0,
            entries: VecDeque::with_capacity(TRACED),
        }
    }

    fn push(&mut self, position: &R::Position, ply: u32, before: u32) {
        if self.entries.len() == TRACED {
            self.entries.pop_front();
            self.first += 1;
        }
        self.entries.push_back(Traced {
            position: position.clone(),
            ply,
            before,
        });
    }

    /// How many tokens the replay recorded, the end included.
    pub fn len(&self) -> usize {
        self.first + self.entries.len()
    }

    /// What was recorded of token `index`, if it is among the last [`TRACED`].
    pub fn get(&self, index: usize) -> Option<&Traced<R>> {
        self.entries.get(index.checked_sub(self.first)?)
    }

    /// The last token recorded.
    pub fn last(&self) -> Option<&Traced<R>> {
        self.entries.back()
    }
}

/// What every reading of one sheet is judged by.
pub struct Judge<'a, R: Rules> {
    pub rules: &'a R,
    pub checks: Vec<Checkpoint<'a>>,
    pub declared: Declared<'a>,
}

impl<R: Rules> Judge<'_, R> {
    /// Replays `sheet` from `start`, recording into `trace` (from index 0: only a
    /// replay from the start records) every token up to the first problem.
    pub fn run(
        &self,
        slots: &Slots<'_, R>,
        sheet: &[SlotId],
        start: Start<'_, R>,
        mut trace: Option<&mut Trace<R>>,
    ) -> Verdict {
        let rules = self.rules;
        let mut position = start.position;
        let mut ply = start.plies;
        let mut verdict = Verdict {
            problem: None,
            to_end: false,
            disagreements: 0,
            clean_plies: 0,
        };
        let note = |verdict: &mut Verdict, index: usize, ply: u32, trouble: Trouble| {
            if verdict.problem.is_none() {
                verdict.problem = Some(Problem {
                    index,
                    ply,
                    trouble,
                });
                verdict.clean_plies = ply.saturating_sub(1);
            }
            if trouble != Trouble::Move && trouble != Trouble::Budget {
                verdict.disagreements += 1;
            }
        };
        let at = start.from.saturating_sub(1);
        if self.disagree(start.checks, &position) {
            note(&mut verdict, at, ply, Trouble::Checkpoint);
        }
        for (index, &id) in sheet.iter().enumerate().skip(start.from) {
            let slot = slots.get(id);
            let before = ply;
            let continues = ply > 0 && rules.unfinished_turn(&position).is_some();
            if !continues {
                ply += 1;
            }
            if let Some(trace) = trace.as_deref_mut().filter(|_| verdict.problem.is_none()) {
                trace.push(&position, ply, before);
            }
            if self.spent(&slot.text) {
                note(&mut verdict, index, ply, Trouble::Budget);
                return verdict;
            }
            let played = self.play(slots, sheet, index, continues, &mut position);
            match played {
                Played::Agreeing => {}
                Played::Disagreeing => note(&mut verdict, index, ply, Trouble::Mark),
                Played::Not => {
                    note(&mut verdict, index, ply, Trouble::Move);
                    return verdict;
                }
            }
            if self.disagree(&slot.checks, &position) {
                note(&mut verdict, index, ply, Trouble::Checkpoint);
            }
            if verdict.disagreements > MOST_DISAGREEMENTS {
                return verdict;
            }
        }
        verdict.to_end = true;
        if let Some(trace) = trace.filter(|_| verdict.problem.is_none()) {
            trace.push(&position, ply + 1, ply);
        }
        let mut wrong = false;
        let outcome = rules.outcome(&position);
        self.declared
            .judge(rules, &position, outcome.as_ref(), |_| wrong = true);
        if wrong {
            note(&mut verdict, sheet.len(), ply + 1, Trouble::End);
        }
        if verdict.problem.is_none() {
            verdict.clean_plies = ply;
        }
        verdict
    }

    /// Plays the token at `index` of `sheet` on `position` (unchanged when it cannot
    /// be played).
    fn play(
        &self,
        slots: &Slots<'_, R>,
        sheet: &[SlotId],
        index: usize,
        continues: bool,
        position: &mut R::Position,
    ) -> Played {
        let rules = self.rules;
        let Some(token) = &slots.get(sheet[index]).token else {
            return Played::Not;
        };
        // As the driver: a game over before a move (one that ended for want of a
        // move is caught by the move, which cannot then be played), and a turn left
        // half done that this token abandons.
        if rules.over_but_for_moves(position) {
            return Played::Not;
        }
        if continues && index > 0 {
            let previous = &slots.get(sheet[index - 1]).text;
            if rules.abandons_turn(position, previous, token).is_some() {
                return Played::Not;
            }
        }
        match rules.play_token(position, token) {
            Ok(()) => Played::Agreeing,
            Err(MoveError::WrongMark { .. }) => match rules.unmarked(token) {
                Some(bare) if rules.play_token(position, &bare).is_ok() => Played::Disagreeing,
                _ => Played::Not,
            },
            Err(_) => Played::Not,
        }
    }

    /// Whether any of the checkpoints `checks` disagrees with `position`.
    fn disagree(&self, checks: &[u32], position: &R::Position) -> bool {
        checks
            .iter()
            .any(|&c| self.checks[c as usize].check(self.rules, position).is_err())
    }

    /// Takes from the search's allowance what reading `text` costs, a play or a
    /// candidate move weighed: [`PLAY_STEPS`] and a step per 8 bytes, as parsing it
    /// and weighing it against what was written are (a Pasang chain of forty jumps
    /// costs what some dozen small moves do). Whether the allowance had run out.
    pub fn spent(&self, text: &str) -> bool {
        let cost = PLAY_STEPS + text.len() as u64 / 8;
        let short = allowance::grant(cost) < cost;
        allowance::spend(cost);
        short
    }
}

/// What became of one token.
enum Played {
    Agreeing,
    /// Played as its move without its marks, which disagree.
    Disagreeing,
    Not,
}
