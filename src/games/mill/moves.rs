//! What a mill game's turn is: the move type the notation reads into and the rules
//! play (in a file of its own, so that the notation and the rules each import it and
//! neither imports the other).

#[cfg(doc)]
use super::Mill;
use super::geometry::Spot;

/// The first half of a turn: putting a piece on the board or moving one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// R2: a piece from the hand onto an empty point.
    Place(Spot),
    /// R3 (along a line to a neighbour) or R4 (flying anywhere).
    Move { from: Spot, to: Spot },
}

impl Action {
    /// Where the piece ends up.
    pub fn to(self) -> Spot {
        match self {
            Action::Place(to) | Action::Move { to, .. } => to,
        }
    }
}

/// The removals written with a placement or move, in order (more than one only where
/// a preset removes one piece per mill formed at once, three at most).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Victims([Option<Spot>; 3]);

impl Victims {
    /// No removal.
    pub const NONE: Victims = Victims([None; 3]);

    /// One removal.
    pub fn one(s: Spot) -> Victims {
        Victims([Some(s), None, None])
    }

    /// The removals, in order.
    pub fn iter(self) -> impl Iterator<Item = Spot> {
        self.0.into_iter().flatten()
    }

    /// Adds a removal; `false` when three are there already.
    pub(super) fn push(&mut self, s: Spot) -> bool {
        match self.0.iter_mut().find(|v| v.is_none()) {
            Some(free) => {
                *free = Some(s);
                true
            }
            None => false,
        }
    }
}

/// What [`Mill`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A placement or move, with its removals when the same token wrote them. A turn
    /// that forms a mill without them leaves the removals owed (the position's `owed`).
    Turn { action: Action, removals: Victims },
    /// The removal owed by the mill just formed, written as its own token (`xd7`).
    Removal(Spot),
}
