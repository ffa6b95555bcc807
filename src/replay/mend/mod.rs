//! "Did you mean": what a broken score sheet most likely says.
//!
//! Real sheets break in a few ways: two characters transposed (`67` for `76`), one
//! written wrong, a move skipped, a move written twice, two of a player's moves
//! written in the wrong order. The moves after the slip, with their marks (a Toguz
//! sheet writes the landing pit of every move, and the kazan after every capture),
//! nearly always pin the correction down: a wrong pit almost never lands where the
//! next forty moves say it must.
//!
//! So the search tries the single edits near a sheet's first problem — at its token
//! and up to [`WINDOW`](search::WINDOW) tokens before it, since a slip can stay
//! legal for a while: each token replaced by a legal move close to what was written
//! ([`closeness`]), a legal move inserted, a token deleted, a token exchanged with
//! the same player's next. Each reading is replayed **to the end of the sheet**,
//! every mark, checkpoint and the declared result checked ([`sheet`]); where no
//! single edit gives a sheet in which everything agrees, a second edit is tried near
//! where the best readings stop. The readings are ranked by how far they replay
//! before anything disagrees, then by how close they are to what was written
//! ([`search::Candidate::rank`]); two edits that read the sheet alike are one.
//!
//! It is generic over [`Rules`]: all it asks of a game is its moves, its notation and
//! what that notation marks ([`Rules::MARKS`], [`Rules::unmarked`]).
//!
//! A search is bounded, and in steps, not seconds, so that every run says the same:
//! it spends from an allowance of its own ([`allowance`]), [`PLAY_STEPS`] for each
//! token it plays and whatever the capture searches of those plays take. A search
//! outside a run may spend [`BUDGET`]; in a run, no more than the run's budget for
//! suggestions has left ([`with_grant`]).

mod closeness;
mod search;
mod sheet;
#[doc(hidden)]
pub mod slips;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashSet;

use serde::Serialize;

use crate::games::Rules;
use crate::games::common::allowance;
use crate::record::{Comment, GameRecord};
use crate::replay::Declared;
use crate::replay::checkpoint::{self, Checkpoint};
use search::{Candidate, Search};
use sheet::{Judge, SlotId, Slots, Trouble};

/// What a token played costs, in the steps of the search allowance
/// ([`allowance`]), before its length: about what a capture search's step takes
/// (a fifth of a microsecond), twice over.
pub const PLAY_STEPS: u64 = 2;

/// Steps one search may take, all readings together: 30 times the most a broken
/// PlayOK sheet took (6,000; 2,600 on average, a third of a millisecond).
pub const BUDGET: u64 = 200_000;

/// What the suggestions of one run may spend before it has read anything: five
/// searches at their [`BUDGET`], some 300 broken sheets of real play at once.
pub const RUN_START: u64 = 5 * BUDGET;

/// The least a search is begun with: less would be spent on the sheet as written and
/// its first candidates, and suggest nothing (a game given less is told the run's
/// budget was spent, and the budget keeps it for the games after).
pub const LEAST_GRANT: u64 = BUDGET / 4;

/// What the suggestions of a run may spend more for each byte it reads: most of
/// what a broken sheet of real play takes for its size (3 a byte), so that real
/// files, whose broken sheets are few, have every one searched, while a megabyte of
/// copies of a crowded Pasang board, whose steps cost the most, is checked within a
/// second.
pub const RUN_PER_BYTE: u64 = 2;

thread_local! {
    /// What the next search on this thread may spend ([`with_grant`]).
    static GRANT: Cell<u64> = const { Cell::new(BUDGET) };
}

/// Runs `work` with its searches granted at most `steps` each (never more than
/// [`BUDGET`]): what a run sets from its budget for suggestions.
pub fn with_grant<T>(steps: u64, work: impl FnOnce() -> T) -> T {
    let outer = GRANT.replace(steps.min(BUDGET));
    let done = work();
    GRANT.set(outer);
    done
}

/// Suggestions kept for a game (people are shown the first three).
pub const KEPT: usize = 10;

/// What the search found for one invalid game.
#[derive(Clone, Debug, PartialEq)]
pub struct Mend {
    /// The readings that replay further than the sheet as written, best first.
    pub suggestions: Vec<Suggestion>,
    /// What the game's notation marks ([`Rules::MARKS`]); empty when nothing: the
    /// suggestions are then ranked by how far they replay and how close they are.
    pub marks: &'static str,
    /// Why the search stopped before trying every edit, if it did.
    pub cut: Option<Cut>,
    /// The steps the search took.
    pub spent: u64,
}

/// Why a search stopped before trying every edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// It took its [`BUDGET`].
    Budget,
    /// It took what its run's budget for suggestions had left.
    Run,
}

impl Mend {
    /// How many suggestions replay to the end with every mark agreeing.
    pub fn agreeing(&self) -> usize {
        self.suggestions.iter().filter(|s| s.agrees()).count()
    }

    /// The suggestion to apply without asking: the one reading in which everything
    /// agrees, when there is exactly one.
    pub fn unique(&self) -> Option<&Suggestion> {
        match self.agreeing() {
            1 => self.suggestions.first(),
            _ => None,
        }
    }
}

/// One reading of the sheet: one or two edits, and how the sheet then replays.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// In the order of the sheet; a second edit's ply counts in the sheet as the
    /// first edit leaves it.
    pub edits: Vec<Edit>,
    /// Every move of the sheet is then played (marks may still disagree).
    pub replays_to_end: bool,
    /// Every mark, checkpoint and the declared result then agree.
    pub marks_agree: bool,
    /// Plies replayed before anything disagrees (all of them when nothing does).
    pub plies_replayed: u32,
    /// How close the edits are to what was written: 0 is the text itself, about 1
    /// each slip of the pen.
    pub cost: f32,
}

impl Suggestion {
    /// Replays to the end with every mark agreeing.
    pub fn agrees(&self) -> bool {
        self.replays_to_end && self.marks_agree
    }
}

/// What an edit does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EditKind {
    /// The token at `ply` becomes `correction`.
    Replace,
    /// `correction` is inserted so that it becomes ply `ply`.
    Insert,
    /// The token at `ply` goes.
    Delete,
    /// The tokens at plies `ply` and `ply + 2` (the same player's moves) change
    /// places: `written` is the first, `correction` the second.
    Swap,
}

impl EditKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EditKind::Replace => "replace",
            EditKind::Insert => "insert",
            EditKind::Delete => "delete",
            EditKind::Swap => "swap",
        }
    }
}

/// One edit of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub kind: EditKind,
    /// 1-based ply, counting turns as the driver does.
    pub ply: u32,
    /// The token of the record's main line it applies to (0-based, as the record was
    /// read): the one replaced, deleted or swapped first, or the one the insertion
    /// goes before (the number of tokens: at the end).
    pub index: usize,
    /// For a swap, the other token (`index + 2`).
    pub other: usize,
    /// The token as written (`None` for an insertion).
    pub written: Option<String>,
    /// What it should be (`None` for a deletion).
    pub correction: Option<String>,
}

impl Edit {
    fn new(
        kind: EditKind,
        ply: u32,
        index: usize,
        written: Option<&str>,
        correction: Option<&str>,
    ) -> Edit {
        Edit {
            kind,
            ply,
            index,
            other: index,
            written: written.map(str::to_string),
            correction: correction.map(str::to_string),
        }
    }

    /// `index`, a token of the sheet as this edit leaves it, in the sheet before it.
    fn back(&self, index: usize) -> usize {
        match self.kind {
            EditKind::Insert if index > self.index => index - 1,
            EditKind::Delete if index >= self.index => index + 1,
            _ => index,
        }
    }

    /// This edit, made on the sheet as `first` (an edit before it) leaves it, in the
    /// coordinates of the sheet as written.
    fn in_original(&mut self, first: &Edit) {
        self.index = first.back(self.index);
        self.other = first.back(self.other);
    }
}

/// Applies `suggestion` to the tokens of a sheet, as written (`texts`): the sheet
/// it reads.
pub fn apply(texts: &[&str], suggestion: &Suggestion) -> Vec<String> {
    let mut out: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    // The later edit first: the earlier one's indices stay good.
    for edit in suggestion.edits.iter().rev() {
        let correction = edit.correction.clone().unwrap_or_default();
        match edit.kind {
            EditKind::Replace => out[edit.index] = correction,
            EditKind::Insert => out.insert(edit.index, correction),
            EditKind::Delete => {
                out.remove(edit.index);
            }
            EditKind::Swap => out.swap(edit.index, edit.other),
        }
    }
    out
}

/// The checkpoints of `comments`, added to `checks`: their indices there.
fn read_checks<'a, R: Rules>(
    rules: &R,
    comments: &'a [Comment],
    checks: &mut Vec<Checkpoint<'a>>,
) -> Vec<u32> {
    checkpoint::read_all(rules, comments)
        .map(|(_, check)| {
            checks.push(check);
            (checks.len() - 1) as u32
        })
        .collect()
}

/// The search for one record whose main line, from `start`, has a
/// problem: `None` when it has none the search can mend (a record valid but for its
/// tags, a declared result that contradicts the board while every move and mark
/// agrees: what is wrong then is not a move).
pub fn suggest<R: Rules>(rules: &R, start: &R::Position, record: &GameRecord) -> Option<Mend> {
    let mut checks: Vec<Checkpoint<'_>> = Vec::new();
    let start_checks = read_checks(rules, &record.comments, &mut checks);
    let node_checks: Vec<Vec<u32>> = record
        .moves
        .iter()
        .map(|node| read_checks(rules, &node.comments, &mut checks))
        .collect();
    let judge = Judge {
        rules,
        checks,
        declared: Declared {
            movetext: record.result.as_ref().map(|r| r.result.into()),
            tag: record.tag("Result"),
            score: record.tag("Score"),
        },
    };
    let grant = GRANT.get();
    if grant < LEAST_GRANT {
        return Some(Mend {
            suggestions: Vec::new(),
            marks: R::MARKS,
            cut: Some(Cut::Run),
            spent: 0,
        });
    }
    let ((found, ran_out), spent) = allowance::within(grant, || {
        let found = search_sheet(rules, &judge, start, record, start_checks, node_checks);
        (found, allowance::grant(PLAY_STEPS) < PLAY_STEPS)
    });
    let mut mend = found?;
    mend.spent = spent.steps;
    if ran_out {
        mend.cut = Some(if grant < BUDGET {
            Cut::Run
        } else {
            Cut::Budget
        });
    }
    Some(mend)
}

/// The search of [`suggest`], within its allowance.
fn search_sheet<R: Rules>(
    rules: &R,
    judge: &Judge<'_, R>,
    start: &R::Position,
    record: &GameRecord,
    start_checks: Vec<u32>,
    node_checks: Vec<Vec<u32>>,
) -> Option<Mend> {
    let mut search = Search {
        judge,
        slots: Slots::new(),
        start: start.clone(),
        written: Vec::new(),
    };
    let sheet: Vec<SlotId> = record
        .moves
        .iter()
        .zip(node_checks)
        .map(|(node, checks)| search.slots.read(rules, Cow::Borrowed(&*node.text), checks))
        .collect();
    search.written.clone_from(&sheet);
    let base = search.base(sheet, start_checks)?;
    let end = base.trace.last();
    let unfinished = end.is_some_and(|t| rules.unfinished_turn(&t.position).is_some());
    if base.problem.trouble == Trouble::End && !unfinished {
        return None;
    }
    let mut candidates = search.single_edits(&base, 0, search::WINDOW);
    candidates.sort_by(Candidate::rank);
    if !candidates.first().is_some_and(|c| c.verdict.perfect()) {
        let mut seconds = search.second_edits(&candidates);
        candidates.append(&mut seconds);
        candidates.sort_by(Candidate::rank);
    }
    let mut seen = HashSet::new();
    let suggestions = candidates
        .into_iter()
        .filter(|c| seen.insert(c.reading(&search)))
        .take(KEPT)
        .map(|c| Suggestion {
            replays_to_end: c.verdict.to_end,
            marks_agree: c.verdict.disagreements == 0,
            plies_replayed: c.verdict.clean_plies,
            cost: c.cost,
            edits: c.edits,
        })
        .collect();
    Some(Mend {
        suggestions,
        marks: R::MARKS,
        cut: None,
        spent: 0,
    })
}
