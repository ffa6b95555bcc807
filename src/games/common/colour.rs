//! Black and White, for the games whose two sides are named by the colour of their
//! pieces (Mig Mang, Nei Pat Kono), and how a colour maps to PGN's players.

use crate::games::Player;

/// The colour of a side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: for `[T; 2]` tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// `b` or `w`, as position strings write a piece or the side to move.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }

    /// The colour of a side-to-move field: `b` or `w` (any case), or the name.
    pub fn parse(text: &str) -> Option<Colour> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Colour::Black),
            "w" | "white" => Some(Colour::White),
            _ => None,
        }
    }

    /// The player of this colour when `first` moves first (PGN's `White` player).
    pub fn player(self, first: Colour) -> Player {
        if self == first {
            Player::First
        } else {
            Player::Second
        }
    }
}
