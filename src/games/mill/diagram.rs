//! The mill board as a scene for `tgn diagram`: the lines of section 1 (with
//! Morabaraba's diagonals), White's pieces light and Black's dark, Da San Qi's marked
//! points red, the hands and any
//! removal owed in the status line, and the last turn's placement or move with its
//! removals.

use super::geometry::{Spot, spots};
use super::moves::{Action, Move, Victims};
use super::position::Position;
use super::{Mill, Notation};
use crate::games::common::diagram::{At, Colour, Diagram, MarkKind};

impl Mill {
    pub(super) fn scene(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let board = self.config.board;
        let at = |s: Spot| -> At {
            let (file, rank) = board.coords(s);
            (f32::from(file), f32::from(rank))
        };
        let mut diagram = Diagram::lattice(7, 7);
        diagram.lines = board.segments().map(|(a, _, b)| (at(a), at(b))).collect();
        diagram.points = spots(board.all()).map(|s| (board.name(s), at(s))).collect();
        if self.config.notation == Notation::Numeric {
            // The numeric notation names points 1–24: each number beside its point.
            diagram.name_beside(spots(board.all()).map(|s| (board.number(s).to_string(), at(s))));
        }
        for s in spots(board.all()) {
            if let Some(owner) = position.owner(s) {
                diagram.piece(
                    &board.name(s),
                    Some(owner),
                    Diagram::colour_of(owner),
                    "man",
                );
            }
        }
        // Da San Qi's marked points (removals kept until the placing ends): no one's,
        // and nothing may be placed there.
        for s in spots(position.marked) {
            diagram.piece(&board.name(s), None, Colour::Red, "marked");
        }
        let (action, removals) = match last {
            Some(&Move::Turn { action, removals }) => (Some(action), removals),
            Some(&Move::Removal(s)) => (None, Victims::one(s)),
            None => (None, Victims::NONE),
        };
        match action {
            Some(Action::Place(s)) => diagram.mark(MarkKind::Placed, &board.name(s)),
            Some(Action::Move { from, to }) => {
                diagram.mark(MarkKind::From, &board.name(from));
                diagram.mark(MarkKind::To, &board.name(to));
            }
            None => {}
        }
        for s in removals.iter() {
            diagram.mark(MarkKind::Taken, &board.name(s));
        }
        diagram.to_move = Some(position.to_move);
        diagram.status_from(&position.draw(&self.config));
        diagram
    }
}
