//! The rules draughts-like games share, written once and parameterised by what
//! differs between them: the board, the directions a man steps in, how men and kings
//! jump, and when jumped pieces leave the board.
//!
//! What every such game here agrees on:
//! - two sides of men and kings; the lower side starts on rank 1 and its men move
//!   towards higher ranks, the upper side the other way;
//! - a man steps one point forward along a line to an empty point; a king slides any
//!   distance along one line over empty points;
//! - captures are chains found by the [`super::capture`] search, compulsory,
//!   and the side must take the most pieces available over all its pieces;
//! - a man is crowned only if its move *ends* on the far rank;
//! - moves are written `c3-d4`, captures with every landing point `d4xf6xh4`, and a
//!   capture may be shortened to its first and last points when that names one chain
//!   (points that are themselves a legal chain are that chain); three points or more
//!   whose every leg is a jump are no short form but the chain they say.
//!
//! A game supplies its rule numbers and words ([`Words`]) so that every message names
//! the rule of its own spec.
//!
//! - `pieces`: sides, men and kings, moves;
//! - `coords`: point names (algebraic or PDN numbers) and the words of messages;
//! - `moves`: capture chains (the [`super::capture`] search), steps, playing;
//! - `notation`: reading and writing moves, the short capture form;
//! - `resolve`: a written move matched against the legal ones, or the rule it breaks;
//! - `display`: descriptions, drawings, JSON state;
//! - `position_string`: the parts of the games' position strings they share (the
//!   side's letter, a board drawn rank by rank, PDN's piece lists, point lists).

mod coords;
mod display;
mod moves;
mod notation;
mod pieces;
mod position_string;
mod resolve;

pub use coords::{Coords, Words, Written};
pub use notation::{written_in_full, written_short};
pub use pieces::{Kind, Move, Pieces, Side};
pub use position_string::side_named;

use std::sync::OnceLock;

use super::board::{Board, Point};
use super::capture::{Dirs, Graph, Jump, Removal};
use super::diagram::Diagram;

/// Every rule a draughts-like game shares, with the parameters that differ.
#[derive(Clone, Debug)]
pub struct Draughts {
    pub board: Board,
    graph: Graph,
    /// The directions a man of each side steps in (forward).
    pub man_steps: [Dirs; 2],
    pub man_jump: Jump,
    pub king_jump: Jump,
    pub removal: Removal,
    pub words: Words,
    pub coords: Coords,
    /// The empty board as a scene, plain and chequered ([`Draughts::diagram`]), made
    /// once: a scene per ply that drew its lines and named its points anew was most
    /// of `tgn view`'s time on a long game (issue 52, item 16).
    scenes: [OnceLock<Diagram>; 2],
}

/// The captures available to a side.
#[derive(Clone, Debug, Default)]
pub struct Captures {
    /// The most pieces any capture takes (0: no capture).
    pub best: usize,
    /// The captures asked for (all, or those of one piece ending on one point).
    pub moves: Vec<Move>,
    /// The first capture taking `best`, whichever: the example messages give.
    pub example: Option<Move>,
    /// The search stopped at its budget ([`super::capture::SEARCH_BUDGET`],
    /// [`super::capture::MEMO_POSITIONS`]): `best` is a lower bound and `moves` may
    /// miss some.
    pub exhausted: bool,
}

impl Draughts {
    pub fn new(
        board: Board,
        man_steps: [Dirs; 2],
        man_jump: Jump,
        king_jump: Jump,
        removal: Removal,
        words: Words,
        coords: Coords,
    ) -> Draughts {
        Draughts {
            graph: Graph::new(&board),
            board,
            man_steps,
            man_jump,
            king_jump,
            removal,
            words,
            coords,
            scenes: Default::default(),
        }
    }

    /// The rank on which `side`'s men are crowned.
    pub fn far_rank(&self, side: Side) -> u8 {
        match side {
            Side::Lower => self.board.ranks(),
            Side::Upper => 1,
        }
    }

    /// Whether a man of `side` ending its move on `to` is crowned: it has reached
    /// the far rank.
    fn crowns(&self, side: Side, to: Point) -> bool {
        self.board.coords(to).1 == self.far_rank(side)
    }

    fn jump(&self, kind: Kind) -> Jump {
        match kind {
            Kind::Man => self.man_jump,
            Kind::King => self.king_jump,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::notation::shortens;
    use super::*;
    use crate::games::common::board::Dir;
    use crate::games::common::capture::{Landing, Reach};

    fn chequerboard_8x8() -> Draughts {
        Draughts::new(
            Board::draughts(8, 8),
            [Dirs::of(&[Dir::NE, Dir::NW]), Dirs::of(&[Dir::SE, Dir::SW])],
            Jump {
                reach: Reach::Adjacent,
                landing: Landing::Next,
                dirs: Dirs::ALL,
            },
            Jump {
                reach: Reach::Flying,
                landing: Landing::Beyond,
                dirs: Dirs::ALL,
            },
            Removal::Deferred,
            Words {
                sides: ["lower", "upper"],
                king: "king",
                point: "square",
                man_step: "S",
                king_step: "K",
                compulsory: "C",
                maximum: "M",
                promotion: "P",
            },
            Coords::numbered(&Board::draughts(8, 8), false, false),
        )
    }

    fn put(d: &Draughts, pieces: &mut Pieces, side: Side, kind: Kind, names: &[&str]) {
        for n in names {
            pieces.put(d.board.parse_point(n).unwrap(), side, kind);
        }
    }

    #[test]
    fn tokens_parse_with_every_separator() {
        let d = chequerboard_8x8();
        assert!(!d.parse("c3-d4").unwrap().capture);
        assert_eq!(d.parse("d4xf6xh4").unwrap().points.len(), 3);
        assert_eq!(d.parse("22x15:8").unwrap().points.len(), 3);
        assert!(d.parse("D4Xf6").unwrap().capture);
        for bad in [
            "", "c3", "c3-", "c3-d4-e5", "c3xd4-e5", "b1-c2", "33-28", "0-1", "c3--d4",
        ] {
            assert!(d.parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn short_forms_match_first_and_last_points_and_middles_in_order() {
        let d = chequerboard_8x8();
        let p = |n: &str| d.board.parse_point(n).unwrap();
        let m = Move {
            from: p("a1"),
            path: smallvec::smallvec![p("e5"), p("g3"), p("e1")],
            captured: smallvec::smallvec![p("c3"), p("f4"), p("f2")],
            crowned: false,
        };
        assert!(shortens(&m, &[p("a1"), p("e1")]));
        assert!(shortens(&m, &[p("a1"), p("g3"), p("e1")]));
        assert!(!shortens(&m, &[p("a1"), p("e5")]));
        assert!(!shortens(&m, &[p("a1"), p("g3"), p("e5"), p("e1")]));
    }

    #[test]
    fn numbers_follow_pdn_and_mirror_reverses_files() {
        let b = Board::draughts(8, 8);
        let plain = Coords::numbered(&b, false, true);
        assert_eq!(plain.parse(&b, "1"), b.parse_point("b8"));
        assert_eq!(plain.parse(&b, "29"), b.parse_point("a1"));
        assert_eq!(plain.name(&b, b.parse_point("g1").unwrap()), "32");
        let mirrored = Coords::numbered(&b, true, false);
        // The mirrored record's a8 is our h8; its b1 is our g1.
        assert_eq!(mirrored.parse(&b, "a8"), b.parse_point("h8"));
        assert_eq!(mirrored.parse(&b, "b1"), b.parse_point("g1"));
        assert_eq!(mirrored.name(&b, b.parse_point("g1").unwrap()), "b1");
        assert_eq!(mirrored.parse(&b, "1"), b.parse_point("h8"));
    }

    #[test]
    fn messages_name_the_rule() {
        let d = chequerboard_8x8();
        let mut pieces = Pieces::default();
        put(&d, &mut pieces, Side::Lower, Kind::Man, &["c3", "e3"]);
        put(&d, &mut pieces, Side::Upper, Kind::Man, &["f4"]);
        let err = |t: &str| {
            d.resolve(&pieces, Side::Lower, &d.parse(t).unwrap(), false)
                .unwrap_err()
                .to_string()
        };
        assert!(err("c3-d4").contains("a capture is compulsory: e.g. e3xg5 takes 1 (C)"));
        assert!(err("c3-b2").contains("only forward"));
        assert!(err("e3-g5").contains("wrong mark: e3-g5 is a capture: write it e3xg5"));
        assert!(err("d4-e5").contains("there is no piece on d4"));
        assert!(err("f4-e3").contains("f4 holds a upper piece, and lower is to move"));
        let mut quiet = Pieces::default();
        put(&d, &mut quiet, Side::Lower, Kind::Man, &["c3"]);
        let e = d
            .resolve(&quiet, Side::Lower, &d.parse("c3xd4").unwrap(), false)
            .unwrap_err();
        assert!(e.to_string().contains("takes nothing: write it c3-d4"));
        let e = d
            .resolve(&quiet, Side::Lower, &d.parse("c3-b2").unwrap(), false)
            .unwrap_err();
        assert!(e.to_string().contains("only forward"), "{e}");
    }
}
