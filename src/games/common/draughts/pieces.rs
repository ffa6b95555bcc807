//! The pieces: two sides of men and kings on a point set, and a move.

use crate::games::common::board::Point;
use crate::games::common::capture::{Points, Set, bit};

/// What a king is worth, in men, to the search's evaluation: it moves both ways
/// (and in some games flies), so it is worth several men.
pub const KING_WORTH: i32 = 3;

/// The two sides, named by where they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Starts on the low ranks; its men move towards higher ranks.
    Lower,
    /// Starts on the high ranks; its men move towards rank 1.
    Upper,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Lower, Side::Upper];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::Lower => Side::Upper,
            Side::Upper => Side::Lower,
        }
    }
}

/// A man or a king (called a sultan in some games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
}

/// Where every piece stands: one set per side, and which of them are kings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    sides: [Set; 2],
    pub(super) kings: Set,
}

impl Pieces {
    /// Every piece of `side`.
    pub fn of(&self, side: Side) -> Set {
        self.sides[side.index()]
    }

    /// The kings of `side`.
    pub fn kings_of(&self, side: Side) -> Set {
        self.of(side) & self.kings
    }

    /// The men of `side`.
    pub fn men_of(&self, side: Side) -> Set {
        self.of(side) & !self.kings
    }

    /// Every occupied point.
    pub fn occupied(&self) -> Set {
        self.sides[0] | self.sides[1]
    }

    /// Number of pieces of `side`.
    pub fn count(&self, side: Side) -> usize {
        self.of(side).count_ones() as usize
    }

    /// The material of `side` for the search's evaluation, in men: a man is one, a
    /// king [`KING_WORTH`].
    pub fn material(&self, side: Side) -> i32 {
        let kings = self.kings_of(side).count_ones() as i32;
        self.count(side) as i32 + (KING_WORTH - 1) * kings
    }

    /// The piece on `p`, if any.
    pub fn at(&self, p: Point) -> Option<(Side, Kind)> {
        if p.index() >= 128 {
            return None;
        }
        let b = bit(p);
        let kind = if self.kings & b != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Side::BOTH
            .into_iter()
            .find(|s| self.of(*s) & b != 0)
            .map(|s| (s, kind))
    }

    /// Puts a piece on `p`, replacing whatever stood there.
    pub fn put(&mut self, p: Point, side: Side, kind: Kind) {
        self.remove(p);
        let b = bit(p);
        self.sides[side.index()] |= b;
        if kind == Kind::King {
            self.kings |= b;
        }
    }

    /// Moves the piece on `from` to `to` as a piece of `side` (a king if `king`),
    /// replacing whatever stood on `to`, and empties the points of `captured`: as
    /// [`Pieces::remove`] of each and [`Pieces::put`], with one pass over the sets.
    pub fn relocate(&mut self, side: Side, from: Point, to: Point, captured: Set, king: bool) {
        let to = bit(to);
        let emptied = !(bit(from) | captured | to);
        self.sides[0] &= emptied;
        self.sides[1] &= emptied;
        self.kings &= emptied;
        self.sides[side.index()] |= to;
        if king {
            self.kings |= to;
        }
    }

    /// Empties `p`.
    pub fn remove(&mut self, p: Point) {
        let b = !bit(p);
        self.sides[0] &= b;
        self.sides[1] &= b;
        self.kings &= b;
    }
}

/// A move: a step or slide (one point in `path`, nothing captured) or a capture chain
/// (every landing point, and the pieces taken on the way, in order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub path: Points,
    pub captured: Points,
    /// A man that ends its move on the far rank.
    pub crowned: bool,
}

impl Move {
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Where the piece ends.
    pub fn to(&self) -> Point {
        *self.path.last().expect("a move goes somewhere")
    }
}
