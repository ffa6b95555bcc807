//! The search: the single edits near a sheet's first problem, each replayed to the
//! end; then, where none gives a sheet that agrees throughout and it is cheap, a
//! second edit near where the best of them stop.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use super::PLAY_STEPS;
use super::closeness::{MARKS_ONLY, closeness, least_closeness};
use super::sheet::{Judge, Problem, SlotId, Slots, Start, Trace, Trouble, Verdict};
use super::{Edit, EditKind};
use crate::games::Rules;
use crate::games::common::allowance;

/// How many tokens before the first problem an edit may stand: a slip can stay legal
/// for a while, and in a game whose notation has few marks for longer.
pub const WINDOW: usize = 12;
/// How many tokens before where a first edit's reading stops a second edit may stand.
const SECOND_WINDOW: usize = 4;
/// The reach of a reading whose first problem is at the end, past every token of
/// any sheet (one with none reaches `usize::MAX`).
const END: usize = usize::MAX - 1;
/// How many of the best single edits a second edit is tried on.
const SECOND_TRIES: usize = 6;

/// What each kind of edit costs, beside a replacement's closeness: a move left out,
/// a move written twice (less when it is written the same as its neighbour), two of
/// a player's moves exchanged; and what a second edit adds to the sum of both.
///
/// The costs follow how many ways a slip has to happen: a transposition, an exchange
/// or a repetition happens one way at its place, a changed character one of a dozen
/// or more, a left-out move one of the moves there were. A token deleted that is not
/// its neighbour's repetition is no slip a pen makes: it costs most.
const INSERT: f32 = 1.1;
const DELETE: f32 = 2.5;
const DELETE_REPEATED: f32 = 0.5;
const SWAP: f32 = 0.8;
const SECOND: f32 = 1.0;

/// A sheet the search edits: its tokens, the checkpoints before its first move, and
/// what its replay recorded up to its first problem.
pub struct Base<R: Rules> {
    pub sheet: Vec<SlotId>,
    pub start_checks: Vec<u32>,
    pub trace: Trace<R>,
    pub problem: Problem,
}

/// One reading of a sheet: the edits made to its base, what they cost, and how it
/// replays.
pub struct Candidate {
    /// In the base's coordinates, in the order of the sheet.
    pub edits: Vec<Edit>,
    pub cost: f32,
    pub verdict: Verdict,
    /// The sheet as edited, as the change it makes to the sheet as written, and the
    /// checkpoints before its first move.
    pub sheet: Patch,
    pub start_checks: Vec<u32>,
    /// Where the reading's first problem stands in the coordinates of the sheet as
    /// written: how far it replays before anything disagrees, counted so that an
    /// insertion or a deletion neither gains nor loses a ply by itself.
    pub reach: usize,
}

impl Candidate {
    /// The key the candidates are ranked by, best first: a reading in which
    /// everything agrees; then how far it replays before anything disagrees; then
    /// whether it replays to the end at all, with the fewest disagreements; then the
    /// fewest edits, the closest to what was written, and the nearest to the error.
    pub fn rank(&self, other: &Candidate) -> Ordering {
        let (a, b) = (&self.verdict, &other.verdict);
        let further = || {
            other
                .reach
                .cmp(&self.reach)
                .then(b.to_end.cmp(&a.to_end))
                .then(a.disagreements.cmp(&b.disagreements))
        };
        b.perfect()
            .cmp(&a.perfect())
            .then_with(|| match a.perfect() && b.perfect() {
                true => Ordering::Equal,
                false => further(),
            })
            .then(self.edits.len().cmp(&other.edits.len()))
            .then(self.cost.total_cmp(&other.cost))
            .then(other.edits[0].index.cmp(&self.edits[0].index))
    }

    /// A hash of the sheet as edited, to tell two edits that read it alike.
    pub fn reading<R: Rules>(&self, search: &Search<'_, '_, R>) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for id in self.sheet.tokens(&search.written) {
            search.slots.get(id).text.hash(&mut hasher);
        }
        hasher.finish()
    }
}

/// A sheet as edited, kept as what it changes of the sheet as written: the tokens
/// from `start` on, `removed` of them, give way to `inserted`. Edits stand near one
/// another, so this is a few tokens where a copy of the sheet would be all of them:
/// a 99,000-token sheet has hundreds of readings (issue 57).
pub struct Patch {
    start: usize,
    removed: usize,
    inserted: Vec<SlotId>,
}

impl Patch {
    /// What makes `edited` of `written`: all between their common start and end.
    fn between(written: &[SlotId], edited: &[SlotId]) -> Patch {
        let start = written
            .iter()
            .zip(edited)
            .take_while(|(a, b)| a == b)
            .count();
        let most = written.len().min(edited.len()) - start;
        let end = written
            .iter()
            .rev()
            .zip(edited.iter().rev())
            .take(most)
            .take_while(|(a, b)| a == b)
            .count();
        Patch {
            start,
            removed: written.len() - start - end,
            inserted: edited[start..edited.len() - end].to_vec(),
        }
    }

    /// The tokens of the sheet as edited.
    fn tokens<'s>(&'s self, written: &'s [SlotId]) -> impl Iterator<Item = SlotId> + 's {
        written[..self.start]
            .iter()
            .chain(&self.inserted)
            .chain(&written[self.start + self.removed..])
            .copied()
    }
}

/// The search over one sheet.
pub struct Search<'a, 'j, R: Rules> {
    pub judge: &'j Judge<'a, R>,
    pub slots: Slots<'a, R>,
    /// The position the sheet starts from.
    pub start: R::Position,
    /// The sheet as written.
    pub written: Vec<SlotId>,
}

impl<'a, R: Rules> Search<'a, '_, R> {
    /// Replays `sheet` from its start, recording it up to its first problem.
    pub fn base(&self, sheet: Vec<SlotId>, start_checks: Vec<u32>) -> Option<Base<R>> {
        let mut trace = Trace::new();
        let start = Start {
            from: 0,
            position: self.start_position(),
            plies: 0,
            checks: &start_checks,
        };
        let verdict = self.judge.run(&self.slots, &sheet, start, Some(&mut trace));
        Some(Base {
            problem: verdict.problem?,
            sheet,
            start_checks,
            trace,
        })
    }

    fn start_position(&self) -> R::Position {
        self.start.clone()
    }

    /// Every single edit of `base` at tokens `from..` within [`WINDOW`] (or
    /// `window`) before its first problem, replayed; those that replay further.
    pub fn single_edits(&mut self, base: &Base<R>, from: usize, window: usize) -> Vec<Candidate> {
        let rules = self.judge.rules;
        let e = base.problem.index.min(base.trace.len().saturating_sub(1));
        let len = base.sheet.len();
        let mut found = Vec::new();
        for i in e.saturating_sub(window).max(from)..=e {
            let Some(traced) = base.trace.get(i) else {
                continue;
            };
            let (position, ply) = (&traced.position, traced.ply);
            let moves = if rules.over_but_for_moves(position) {
                Vec::new()
            } else {
                listed(rules, position)
            };
            let written = base.sheet.get(i).map(|&id| self.slots.get(id).text.clone());
            // The move the written token names, marks set aside, if any: a move the
            // text names but for its marks is the closest of all.
            let named = written
                .as_ref()
                .and_then(|_| self.named(base.sheet[i], position));
            for mv in &moves {
                // Weighing a move costs as a play does: a crowded Pasang board has
                // millions of them, most of which would never be replayed.
                let canonical = rules.write_move(position, mv);
                if self.judge.spent(&canonical) {
                    return found;
                }
                if let Some(text) = &written {
                    let (form, mut cost) = self.closest_form(position, &canonical, text);
                    if form == **text {
                        continue; // the token as written: no edit
                    }
                    if named.as_deref() == Some(canonical.as_str()) {
                        cost *= MARKS_ONLY;
                    }
                    let edit = Edit::new(EditKind::Replace, ply, i, Some(text), Some(&form));
                    let slot = self
                        .slots
                        .read(rules, Cow::Owned(form), self.checks_of(base, i));
                    let mut sheet = base.sheet.clone();
                    sheet[i] = slot;
                    found.extend(self.try_edit(base, edit, cost, sheet, i, None));
                }
                let edit = Edit::new(EditKind::Insert, ply, i, None, Some(&canonical));
                let slot = self.slots.read(rules, Cow::Owned(canonical), Vec::new());
                let mut sheet = base.sheet.clone();
                sheet.insert(i, slot);
                found.extend(self.try_edit(base, edit, INSERT, sheet, i, None));
            }
            let Some(text) = written else {
                continue;
            };
            let repeated = [i.checked_sub(1), Some(i + 1)]
                .into_iter()
                .flatten()
                .filter_map(|j| base.sheet.get(j))
                .any(|&j| self.slots.get(j).text == text);
            let cost = if repeated { DELETE_REPEATED } else { DELETE };
            let edit = Edit::new(EditKind::Delete, ply, i, Some(&text), None);
            let mut sheet = base.sheet.clone();
            let removed = sheet.remove(i);
            let moved = self.slots.get(removed).checks.clone();
            found.extend(self.try_edit(base, edit, cost, sheet, i, Some(moved)));
            if i + 2 < len {
                let other = self.slots.get(base.sheet[i + 2]).text.clone();
                if other != text {
                    let mut edit = Edit::new(EditKind::Swap, ply, i, Some(&text), Some(&other));
                    edit.other = i + 2;
                    let mut sheet = base.sheet.clone();
                    sheet[i] = self.moved(base.sheet[i + 2], base.sheet[i]);
                    sheet[i + 2] = self.moved(base.sheet[i], base.sheet[i + 2]);
                    found.extend(self.try_edit(base, edit, SWAP, sheet, i, None));
                }
            }
        }
        found
    }

    /// The single edits on the best of `firsts` that stop short, each a second edit
    /// after the first: two slips in one sheet.
    pub fn second_edits(&mut self, firsts: &[Candidate]) -> Vec<Candidate> {
        let mut found = Vec::new();
        for first in firsts.iter().take(SECOND_TRIES) {
            let sheet = first.sheet.tokens(&self.written).collect();
            let Some(base) = self.base(sheet, first.start_checks.clone()) else {
                continue;
            };
            let edit = &first.edits[0];
            // After every token the first edit touched.
            let after = match edit.kind {
                EditKind::Replace | EditKind::Insert => edit.index + 1,
                EditKind::Delete => edit.index,
                EditKind::Swap => edit.other + 1,
            };
            for mut second in self.single_edits(&base, after, SECOND_WINDOW) {
                if second.reach <= base.problem.index {
                    continue;
                }
                let mut edits = vec![edit.clone()];
                let mut then = second.edits.remove(0);
                then.in_original(edit);
                edits.push(then);
                second.edits = edits;
                second.cost += first.cost + SECOND;
                if second.reach < END {
                    second.reach = edit.back(second.reach);
                }
                found.push(second);
            }
        }
        found
    }

    /// Replays `sheet`, `base` edited at token `at` by `edit`, and keeps it if it
    /// replays further than `base` does. `moved`: the checkpoints of a deleted token,
    /// which now follow the token before it.
    fn try_edit(
        &mut self,
        base: &Base<R>,
        edit: Edit,
        cost: f32,
        mut sheet: Vec<SlotId>,
        at: usize,
        moved: Option<Vec<u32>>,
    ) -> Option<Candidate> {
        let mut start_checks = base.start_checks.clone();
        let mut pending = Vec::new();
        if let Some(moved) = moved.filter(|m| !m.is_empty()) {
            // Checked once before the replay goes on; kept on the sheet for a second
            // edit's replay from the start.
            match at.checked_sub(1) {
                Some(before) => {
                    let mut slot = self.slots.get(sheet[before]).clone();
                    slot.checks.extend(&moved);
                    sheet[before] = self.slots.add(slot);
                }
                None => start_checks.extend(&moved),
            }
            pending = moved;
        }
        let traced = base.trace.get(at)?;
        let start = Start {
            from: at,
            position: traced.position.clone(),
            plies: traced.before,
            checks: &pending,
        };
        let verdict = self.judge.run(&self.slots, &sheet, start, None);
        let reach = match verdict.problem {
            None => usize::MAX,
            // The end, past every token of either sheet.
            Some(p) if p.trouble == Trouble::End => END,
            Some(p) => edit.back(p.index),
        };
        (reach > base.problem.index).then(|| Candidate {
            edits: vec![edit],
            cost,
            verdict,
            sheet: Patch::between(&self.written, &sheet),
            start_checks,
            reach,
        })
    }

    /// The form of the move written `canonical` at `position` closest to `written`,
    /// and how close: the canonical text, or a shorter one (a prefix of it) that
    /// names the same move; the longer of two as close.
    fn closest_form(
        &self,
        position: &R::Position,
        canonical: &str,
        written: &str,
    ) -> (String, f32) {
        let rules = self.judge.rules;
        let mut best = (canonical.to_string(), closeness(written, canonical));
        let width = written.chars().count();
        let ends: Vec<usize> = canonical.char_indices().map(|(i, _)| i).skip(1).collect();
        for (chars, &end) in ends.iter().enumerate().rev() {
            // A form as long as `chars + 1` is no closer than its length allows: a
            // Pasang chain of forty jumps is not weighed prefix by prefix.
            if least_closeness(width, chars + 1) >= best.1 {
                continue;
            }
            let form = &canonical[..end];
            let cost = closeness(written, form);
            // A shorter form is resolved, which may search: it costs as a play.
            if cost >= best.1 || self.judge.spent(form) {
                continue;
            }
            let same = rules
                .parse_token(form)
                .ok()
                .and_then(|t| rules.resolve(position, &t).ok())
                .is_some_and(|m| rules.write_move(position, &m) == canonical);
            if same {
                best = (form.to_string(), cost);
            }
        }
        best
    }

    /// The canonical text of the move the token `id` names at `position` once its
    /// marks are set aside, if it names one.
    fn named(&self, id: SlotId, position: &R::Position) -> Option<String> {
        let rules = self.judge.rules;
        let token = self.slots.get(id).token.as_ref()?;
        let bare = rules.unmarked(token)?;
        let mv = rules.resolve(position, &bare).ok()?;
        Some(rules.write_move(position, &mv))
    }

    /// The checkpoints after token `i` of `base`.
    fn checks_of(&self, base: &Base<R>, i: usize) -> Vec<u32> {
        self.slots.get(base.sheet[i]).checks.clone()
    }

    /// The token `token` put where `place` was, with the checkpoints written there.
    fn moved(&mut self, token: SlotId, place: SlotId) -> SlotId {
        let mut slot = self.slots.get(token).clone();
        slot.checks = self.slots.get(place).checks.clone();
        self.slots.add(slot)
    }
}

/// The legal moves of `position`, paid for: a capture search that lists every chain
/// keeps each one it walks, some six times the work of a step that keeps nothing (a
/// crowded Pasang board lists a hundred thousand chains), and each move listed costs
/// as a play.
fn listed<R: Rules>(rules: &R, position: &R::Position) -> Vec<R::Move> {
    let (moves, listing) =
        allowance::within(allowance::grant(u64::MAX), || rules.legal_moves(position));
    allowance::spend(LISTING_EXTRA * listing.steps + PLAY_STEPS * moves.len() as u64);
    moves
}

/// What a step of a listing search costs beyond a step (see [`listed`]).
const LISTING_EXTRA: u64 = 5;
