//! The placement phase shared by the games whose pieces enter from a hand — the mill
//! games, and the hunt games' lamas and men: while a side still holds pieces in hand,
//! its turn is to drop one on any empty point, and only once the hand is empty do its
//! pieces on the board move.
//!
//! What differs between the games is words, not rules: what a piece is called and
//! which rule of the game's spec says "place" and which says "move", so that every
//! message names the game's own rule (`d1 is occupied (R2)` in Morabaraba, `d3 is
//! occupied (R5)` in Kungser).

use std::fmt;

use crate::games::{IllegalKind, MoveError};

/// The phase a side's turn is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Pieces remain in hand: the turn drops one.
    Placement,
    /// The hand is empty: the turn moves a piece on the board.
    Movement,
}

impl Phase {
    /// The phase of a side holding `in_hand` pieces.
    pub fn of(in_hand: u8) -> Phase {
        if in_hand > 0 {
            Phase::Placement
        } else {
            Phase::Movement
        }
    }
}

/// A game's placement phase: its words and rule numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// What a piece in hand is called (`piece`, `lama`, `man`).
    pub piece: &'static str,
    /// The rule by which a side with pieces in hand drops one (Morabaraba R2,
    /// Kungser R5).
    pub drop_rule: &'static str,
    /// The rule by which pieces move once the hand is empty (Morabaraba R3, Kungser R6).
    pub move_rule: &'static str,
}

impl Placement {
    /// The drops open to a side holding `in_hand` pieces: every empty point while the
    /// hand holds any, none after.
    pub fn drops<P>(&self, in_hand: u8, empty: impl IntoIterator<Item = P>) -> Vec<P> {
        match Phase::of(in_hand) {
            Phase::Placement => empty.into_iter().collect(),
            Phase::Movement => Vec::new(),
        }
    }

    /// Why `who` (`W`, `the lama side`) may not drop a piece on the point named `to`,
    /// if it may not: the hand is empty, or the point is taken. (The names are written
    /// out only in a refusal: this is asked of every drop of an archive.)
    ///
    /// # Errors
    /// The refusal, naming the rule.
    pub fn check_drop(
        &self,
        who: impl fmt::Display,
        in_hand: u8,
        to: impl fmt::Display,
        occupied: bool,
    ) -> Result<(), MoveError> {
        if in_hand == 0 {
            return Err(MoveError::illegal(format!(
                "{who} has no {} in hand and must move one",
                self.piece
            ))
            .rule(self.move_rule));
        }
        if occupied {
            let point = to.to_string();
            let reason = format!("{point} is occupied");
            return Err(
                MoveError::illegal_kind(IllegalKind::Occupied { point }, reason)
                    .rule(self.drop_rule),
            );
        }
        Ok(())
    }

    /// Why `who` may not move a piece on the board yet, if it may not: pieces remain
    /// in hand, and one of them must be dropped first.
    ///
    /// # Errors
    /// The refusal, naming the rule.
    pub fn check_move(&self, who: impl fmt::Display, in_hand: u8) -> Result<(), MoveError> {
        if in_hand > 0 {
            return Err(MoveError::illegal(format!(
                "{who} still has {in_hand} in hand and must place a {}",
                self.piece
            ))
            .rule(self.drop_rule));
        }
        Ok(())
    }

    /// Takes the dropped piece out of the hand.
    pub fn take(in_hand: &mut u8) {
        *in_hand = in_hand.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAMAS: Placement = Placement {
        piece: "lama",
        drop_rule: "R5",
        move_rule: "R6",
    };

    #[test]
    fn a_side_with_pieces_in_hand_drops_and_only_then_moves() {
        assert_eq!(Phase::of(1), Phase::Placement);
        assert_eq!(Phase::of(0), Phase::Movement);
        assert_eq!(LAMAS.drops(2, [1, 2, 3]), vec![1, 2, 3]);
        assert!(LAMAS.drops(0, [1, 2, 3]).is_empty());
        assert!(LAMAS.check_drop("the lama side", 3, "d3", false).is_ok());
        assert!(LAMAS.check_move("the lama side", 0).is_ok());
    }

    #[test]
    fn refusals_name_the_games_rules() {
        let text = |r: Result<(), MoveError>| r.unwrap_err().to_string();
        assert_eq!(
            text(LAMAS.check_drop("the lama side", 3, "d3", true)),
            "illegal move: d3 is occupied (R5)"
        );
        assert_eq!(
            text(LAMAS.check_drop("the lama side", 0, "d3", false)),
            "illegal move: the lama side has no lama in hand and must move one (R6)"
        );
        assert_eq!(
            text(LAMAS.check_move("the lama side", 12)),
            "illegal move: the lama side still has 12 in hand and must place a lama (R5)"
        );
        let mut hand = 1;
        Placement::take(&mut hand);
        Placement::take(&mut hand);
        assert_eq!(hand, 0);
    }
}
