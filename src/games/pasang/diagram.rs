//! The Pasang board as a scene for `tgn diagram` (§1): the 11 × 11 lines with the
//! unused centre shaded, white stones light and black stones dark (no one's: either
//! player takes either colour), each KA red and lettered with its owner, the status
//! line of the text drawing, and the last move: the KA's step with the line it took,
//! the corner stone removed (B1), or a chain with its landings and stones taken.

use super::Pasang;
use super::position::{Cell, Position, Sq};
use super::rules::Move;
use crate::games::Player;
use crate::games::common::Point;
use crate::games::common::diagram::{Colour, Diagram, MarkKind};

impl Pasang {
    pub(super) fn scene(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let board = Pasang::board(self.centre);
        let mut diagram = Diagram::of_board(&board, |p| board.name(p).to_string());
        let centre: Vec<Sq> = Sq::all().filter(|&sq| self.centre.contains(sq)).collect();
        if let (Some(low), Some(high)) = (centre.first(), centre.last()) {
            let (x0, y0) = (f32::from(low.file()) - 0.5, f32::from(low.rank()) - 0.5);
            let (x1, y1) = (f32::from(high.file()) + 0.5, f32::from(high.rank()) + 0.5);
            diagram
                .areas
                .push(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]);
        }
        for sq in Sq::all() {
            let (owner, colour, kind) = match position.get(sq) {
                Cell::White => (None, Colour::Light, "stone"),
                Cell::Black => (None, Colour::Dark, "stone"),
                Cell::Ka(player) => (Some(player), Colour::Red, "ka"),
                Cell::Empty | Cell::Centre => continue,
            };
            diagram.piece(&sq.to_string(), owner, colour, kind);
        }
        for piece in diagram.pieces.iter_mut().filter(|p| p.kind == "ka") {
            piece.letter = Some(if piece.owner == Some(Player::First) {
                'K'
            } else {
                'k'
            });
        }
        self.mark_last(&mut diagram, last);
        diagram.to_move = Some(position.to_move);
        diagram.status_from(&self.draw_position(position));
        diagram
    }

    fn mark_last(&self, diagram: &mut Diagram, last: Option<&Move>) {
        let name = |p: Point| Sq(p.0 as u8).to_string();
        match last {
            Some(Move::Ka { from, to, line }) => {
                let taken: Vec<String> = line.stones.iter().map(Sq::to_string).collect();
                let path = if from == to {
                    vec![to.to_string()]
                } else {
                    vec![from.to_string(), to.to_string()]
                };
                diagram.mark_move(&path, &taken);
            }
            Some(Move::Corner(sq)) => diagram.mark(MarkKind::Taken, &sq.to_string()),
            Some(Move::Chain(chain)) => {
                let path: Vec<String> = std::iter::once(&chain.from)
                    .chain(&chain.landings)
                    .map(|&p| name(p))
                    .collect();
                let taken: Vec<String> = chain.captured.iter().map(|&p| name(p)).collect();
                diagram.mark_move(&path, &taken);
            }
            Some(Move::Open(_)) | None => {}
        }
    }
}
