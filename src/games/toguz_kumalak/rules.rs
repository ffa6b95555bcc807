//! A whole turn (the sowing of R1–R9, then the end rules R10–R12) and the checks of
//! a token's marks against it.

use super::ToguzKumalak;
use super::notation::Token;
use super::position::{Event, Illegal, Pit, Position, Refusal, Side, Sowing, TOTAL_STONES};
use crate::games::common::mancala::{result_for, verdict};
use crate::games::{MoveError, Ending, Outcome};

/// R10: a kazan with this many stones (more than half of 162) wins at once.
pub const WINNING_KAZAN: u8 = 82;

/// One turn played out: the sowing, the position after it and R11's transfer.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    pub sowing: Sowing,
    pub after: Position,
    /// R11: the player to move after the sowing cannot move, and the mover collected
    /// this many stones from their own row.
    pub collected: Option<u8>,
}

impl Turn {
    /// The side that moved.
    pub fn mover(&self) -> Side {
        self.sowing.from.side()
    }

    /// The mover's kazan right after the sowing and its event, before any R11
    /// collection: the number PlayOK writes as `(N)`.
    pub fn kazan_after_move(&self) -> u8 {
        self.after.kazan(self.mover()) - self.collected.unwrap_or(0)
    }
}

impl ToguzKumalak {
    /// Plays the side to move's pit `from` on a copy of `before`: the sowing (R2–R9),
    /// then, unless R10 has ended the game, R11's transfer if the next player is stuck.
    pub(super) fn turn(&self, before: &Position, from: Pit) -> Turn {
        let mut after = *before;
        let (sowing, collected) = self.play_turn(&mut after, from);
        Turn {
            sowing,
            after,
            collected,
        }
    }

    /// [`ToguzKumalak::turn`] played on the position itself: the sowing, and the
    /// stones R11 made the mover collect.
    #[inline(always)]
    pub(super) fn play_turn(&self, position: &mut Position, from: Pit) -> (Sowing, Option<u8>) {
        let sowing = position.sow(from);
        // R12: R10 is tested before R11 (asked second here, as it is rarely needed: a
        // side that can move is not stuck, whatever the kazans hold).
        let stuck = !position.can_move(position.to_move()) && self.early_winner(position).is_none();
        let collected = stuck.then(|| position.collect_row(position.to_move().opponent()));
        (sowing, collected)
    }

    /// R10: the side with 82 or more stones, unless the record plays out.
    pub(super) fn early_winner(&self, position: &Position) -> Option<Side> {
        if self.play_out {
            return None;
        }
        Side::BOTH
            .into_iter()
            .find(|&s| position.kazan(s) >= WINNING_KAZAN)
    }

    /// How the game has ended in `position`, if it has (R10–R12).
    ///
    /// After [`ToguzKumalak::turn`] R11's stones are already in the kazan; a position
    /// read from a string may still hold them in the row, and they are counted as R11
    /// says. When the stuck player's opponent has nothing left to collect, R11 is named
    /// even if a kazan also reached 82: both hold and the score is the same.
    pub(super) fn outcome_of(&self, position: &Position) -> Option<Outcome> {
        let stuck = position.to_move();
        let can_move = position.can_move(stuck);
        // Asked before every move: the common answer (no kazan at 82, a move to make)
        // comes first and counts nothing.
        let winner = self.early_winner(position);
        if winner.is_none() && can_move {
            return None;
        }
        let pending = position.row_total(stuck.opponent());
        if (can_move || pending > 0)
            && let Some(winner) = winner
        {
            let [s, n] = position.kazans();
            return Some(Outcome::new(
                result_for(Some(winner)),
                Ending::StoreMajority,
                "R10",
                format!(
                    "{winner} has {} stones (R10), {s}:{n}",
                    position.kazan(winner)
                ),
            ));
        }
        if can_move {
            return None;
        }
        let mut kazans = position.kazans().map(u32::from);
        kazans[stuck.opponent().index()] += u32::from(pending);
        let [s, n] = kazans;
        let (winner, verdict) = verdict(kazans);
        let result = result_for(winner);
        debug_assert!(s + n <= TOTAL_STONES);
        Some(Outcome::new(
            result,
            Ending::FinalCount,
            "R11",
            format!("{stuck} has no legal move (R11), {s}:{n}, {verdict} (R12)"),
        ))
    }

    /// The turn `token` names played on `position`, its marks checked against it
    /// (§1); the position is unchanged when the turn is refused.
    #[inline(always)]
    pub(super) fn play_marked(
        &self,
        position: &mut Position,
        token: &Token,
    ) -> Result<(), Refused> {
        let from = self.playable(position, token).map_err(Refused::Illegal)?;
        // Played in place (a copy of a position just written a byte at a time stalls
        // the processor), and undone if a mark is wrong.
        let before = *position;
        let (sowing, collected) = self.play_turn(position, from);
        let kazan_after_move = position.kazan(sowing.from.side()) - collected.unwrap_or(0);
        self.check_marks(token, &sowing, kazan_after_move)
            .map_err(|mismatch| {
                *position = before;
                Refused::Mark {
                    mismatch,
                    sowing,
                    kazan_after_move,
                }
            })
    }

    /// Checks every mark the token carries against the turn it names (§1): the
    /// landing digit, the tuzdyk mark and the kazan count (the mover's kazan after
    /// the sowing, `kazan_after_move`).
    #[inline]
    pub(super) fn check_marks(
        &self,
        token: &Token,
        sowing: &Sowing,
        kazan_after_move: u8,
    ) -> Result<(), Mismatch> {
        if let Some(written) = token.landing
            && written != sowing.landing.number()
        {
            return Err(Mismatch::Landing(written));
        }
        if token.tuzdyk.is_some() && sowing.event != Event::Tuzdyk {
            return Err(Mismatch::Tuzdyk);
        }
        if let Some(written) = token.kazan
            && written != u32::from(kazan_after_move)
        {
            return Err(Mismatch::Kazan(written));
        }
        Ok(())
    }
}

/// A mark of the token that the turn contradicts, with what was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    Landing(u8),
    Tuzdyk,
    Kazan(u32),
}

/// Why the turn a token names was not played: small values, worded only for a
/// diagnostic (the quick path wants none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// R1, R8: the pit may not be played.
    Illegal(Illegal),
    /// The turn was played and a mark contradicts it.
    Mark {
        mismatch: Mismatch,
        sowing: Sowing,
        kazan_after_move: u8,
    },
}

impl From<Refused> for MoveError {
    fn from(refused: Refused) -> MoveError {
        match refused {
            Refused::Illegal(why) => why.into(),
            Refused::Mark {
                mismatch,
                sowing,
                kazan_after_move,
            } => match mismatch {
                Mismatch::Landing(written) => MoveError::wrong_mark(format!(
                    "the last stone lands in {}, not {}{written}",
                    sowing.landing,
                    sowing.landing.side()
                )),
                Mismatch::Tuzdyk => {
                    let (why, rule) = why_no_tuzdyk(&sowing);
                    MoveError::wrong_mark(format!("the move makes no tuzdyk: {why}")).rule(rule)
                }
                Mismatch::Kazan(written) => MoveError::wrong_mark(format!(
                    "{}'s kazan holds {kazan_after_move} after the move, not {written}",
                    sowing.from.side()
                )),
            },
        }
    }
}

/// Why a sowing made no tuzdyk, and the rule that says so.
fn why_no_tuzdyk(sowing: &Sowing) -> (String, Option<&'static str>) {
    let landing = sowing.landing;
    let mover = sowing.from.side();
    match sowing.event {
        Event::OwnSide => (
            format!("the last stone lands in {landing}, in {mover}'s own row"),
            Some("R5"),
        ),
        Event::IntoTuzdyk => (
            format!("the last stone lands in the tuzdyk {landing}"),
            Some("R5"),
        ),
        Event::Odd { stones } | Event::Capture { stones } => (
            format!("{landing} holds {stones} stones, not 3"),
            Some("R7"),
        ),
        Event::Refused(Refusal::AlreadyOwns(own)) => (
            format!("{mover} already has a tuzdyk, at {own}: one per player"),
            Some("R7a"),
        ),
        Event::Refused(Refusal::PitNine) => (
            format!("{landing} is {}'s pit 9", landing.side()),
            Some("R7b"),
        ),
        Event::Refused(Refusal::Mirror(theirs)) => (
            format!(
                "{landing} has the number of {}'s tuzdyk {theirs}",
                mover.opponent()
            ),
            Some("R7c"),
        ),
        Event::Tuzdyk => ("it does".to_string(), None),
    }
}
