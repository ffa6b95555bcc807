//! A hunt board as a scene for `tgn diagram` (the 37-point board with its two
//! triangles, Bagh-chal's 5×5 square): the hunters (princes, tigers) light and lettered by kind, the
//! prey dark, the status line of the text drawing, and the last move: a drop, a step,
//! a chain with its landings and the prey taken, or the opening removals (V1).

use super::Hunt;
use super::moves::Move;
use super::position::Position;
use crate::games::common::Point;
use crate::games::common::capture::points;
use crate::games::common::diagram::{Colour, Diagram, MarkKind};

impl Hunt {
    pub(super) fn scene(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let name = |p: Point| self.geo.name(p).to_string();
        let mut diagram = Diagram::of_board(&self.geo.board, name);
        for (set, owner, colour, kind) in [
            (
                position.hunters,
                self.hunters(),
                Colour::Light,
                self.words.hunter,
            ),
            (
                position.prey,
                self.prey_side(),
                Colour::Dark,
                self.words.prey,
            ),
        ] {
            for p in points(set) {
                diagram.piece(&name(p), Some(owner), colour, kind);
            }
        }
        match last {
            Some(&Move::Drop(p)) => diagram.mark(MarkKind::Placed, &name(p)),
            Some(&Move::Step { from, to }) => diagram.mark_move(&[name(from), name(to)], &[]),
            Some(Move::Capture {
                from,
                landings,
                captured,
            }) => {
                let path: Vec<String> = std::iter::once(from)
                    .chain(landings)
                    .map(|&p| name(p))
                    .collect();
                let taken: Vec<String> = captured.iter().map(|&p| name(p)).collect();
                diagram.mark_move(&path, &taken);
            }
            Some(Move::Opening {
                removed,
                relocation,
            }) => {
                let taken: Vec<String> = removed.iter().map(|&p| name(p)).collect();
                let path = relocation.map_or(Vec::new(), |(a, b)| vec![name(a), name(b)]);
                diagram.mark_move(&path, &taken);
            }
            None => {}
        }
        diagram.to_move = Some(position.to_move);
        diagram.status = position.status(self);
        diagram
    }
}
