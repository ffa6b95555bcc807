//! Move generation: capture chains under the maximum rule, steps, and playing a move.

use super::*;
use crate::games::common::board::{Dir, Point};
use crate::games::common::capture::{
    self, Chain, Ends, Exhausted, Field, Jump, Points, Search, Set, Stop, bit,
};

impl Draughts {
    /// The chains of `side` under `stop` that `ends` lists, made into moves.
    pub(super) fn chains(
        &self,
        pieces: &Pieces,
        side: Side,
        stop: Stop,
        only: Option<Point>,
        ends: Ends,
    ) -> Captures {
        let found = self.search(stop).run_listing(
            self.field(pieces, side),
            self.movers(pieces, side, only),
            ends,
        );
        let moves = found
            .chains
            .into_iter()
            .map(|c| self.chain_move(pieces, side, c))
            .collect();
        Captures {
            best: found.best,
            moves,
            example: found.first.map(|c| self.chain_move(pieces, side, c)),
            exhausted: found.exhausted,
        }
    }

    fn chain_move(&self, pieces: &Pieces, side: Side, chain: Chain) -> Move {
        self.jumps_move(pieces, side, chain.from, chain.landings, chain.captured)
    }

    /// The capture of the piece on `from` landing on `path` and taking `captured`.
    fn jumps_move(
        &self,
        pieces: &Pieces,
        side: Side,
        from: Point,
        path: Points,
        captured: Points,
    ) -> Move {
        let is_man = pieces.at(from).is_some_and(|(_, k)| k == Kind::Man);
        let to = *path.last().expect("a chain has at least one jump");
        Move {
            from,
            path,
            captured,
            crowned: is_man && self.crowns(side, to),
        }
    }

    /// The step of the piece on `from` to `to`, which takes nothing.
    pub(super) fn step_move(&self, side: Side, from: Point, to: Point, is_king: bool) -> Move {
        Move {
            from,
            path: smallvec::smallvec![to],
            captured: Points::new(),
            crowned: !is_king && self.crowns(side, to),
        }
    }

    /// The written chain from `from` through `landings`, checked jump by jump, and
    /// whether it could go on; `None` unless every leg is a legal jump.
    pub(super) fn follow(
        &self,
        pieces: &Pieces,
        side: Side,
        from: Point,
        landings: &[Point],
    ) -> Option<(Move, bool)> {
        let kind = pieces.at(from).map(|(_, k)| k)?;
        let followed = self.search(Stop::Complete).follow(
            self.field(pieces, side),
            from,
            self.jump(kind),
            landings,
        )?;
        let path = Points::from_slice(landings);
        let mv = self.jumps_move(pieces, side, from, path, followed.captured);
        Some((mv, followed.can_continue))
    }

    /// Whether `side` has a capture taking more than `count` pieces.
    ///
    /// # Errors
    /// [`Exhausted`] when the search for one needs more than its budget.
    pub fn capture_exceeds(
        &self,
        pieces: &Pieces,
        side: Side,
        count: usize,
    ) -> Result<bool, Exhausted> {
        let (search, field) = (self.search(Stop::Maximum), self.field(pieces, side));
        let kings = pieces.kings_of(side);
        Ok(
            search.exceeds(field, pieces.men_of(side), self.man_jump, count)?
                || kings != 0 && search.exceeds(field, kings, self.king_jump, count)?,
        )
    }

    /// The pieces of `side` that have a capture (not necessarily the best one).
    pub fn capturers(&self, pieces: &Pieces, side: Side) -> Set {
        let (search, field) = (self.search(Stop::Complete), self.field(pieces, side));
        search.capturers_among(field, pieces.men_of(side), self.man_jump)
            | search.capturers_among(field, pieces.kings_of(side), self.king_jump)
    }

    /// Whether some piece of `side` has a capture.
    pub fn has_capture(&self, pieces: &Pieces, side: Side) -> bool {
        let (search, field) = (self.search(Stop::Complete), self.field(pieces, side));
        let kings = pieces.kings_of(side);
        search.any_capturer_among(field, pieces.men_of(side), self.man_jump)
            || kings != 0 && search.any_capturer_among(field, kings, self.king_jump)
    }

    fn search(&self, stop: Stop) -> Search<'_> {
        Search {
            graph: &self.graph,
            removal: self.removal,
            stop,
        }
    }

    fn field(&self, pieces: &Pieces, side: Side) -> Field {
        Field {
            occupied: pieces.occupied(),
            enemy: pieces.of(side.opponent()),
        }
    }

    fn movers<'a>(
        &'a self,
        pieces: &'a Pieces,
        side: Side,
        only: Option<Point>,
    ) -> impl Iterator<Item = (Point, Jump)> + 'a {
        capture::points(pieces.of(side))
            .filter(move |p| only.is_none_or(|o| o == *p))
            .map(|p| {
                let kind = pieces.at(p).map_or(Kind::Man, |(_, k)| k);
                (p, self.jump(kind))
            })
    }

    /// The captures `side` may make under the maximum rule: those taking the most
    /// pieces over all its pieces.
    pub fn captures(&self, pieces: &Pieces, side: Side) -> Captures {
        self.chains(pieces, side, Stop::Maximum, None, Ends::ALL)
    }

    /// Every capture chain of one or more jumps, including chains that stop while they
    /// could go on (for rules that accept faulty captures).
    pub fn every_capture(&self, pieces: &Pieces, side: Side) -> Captures {
        self.chains(pieces, side, Stop::Anywhere, None, Ends::ALL)
    }

    /// Every non-capturing move of `side`: men one step forward, kings any distance.
    pub fn steps(&self, pieces: &Pieces, side: Side) -> Vec<Move> {
        let occupied = pieces.occupied();
        let mut moves = Vec::new();
        for from in capture::points(pieces.of(side)) {
            let is_king = pieces.kings & bit(from) != 0;
            for dir in Dir::ALL {
                if !is_king && !self.man_steps[side.index()].contains(dir) {
                    continue;
                }
                for to in self.board.ray(from, dir) {
                    if occupied & bit(to) != 0 {
                        break;
                    }
                    moves.push(self.step_move(side, from, to, is_king));
                    if !is_king {
                        break;
                    }
                }
            }
        }
        moves
    }

    /// The legal moves under compulsory maximum capture: the best captures if there is
    /// any capture, else every step.
    pub fn legal_moves(&self, pieces: &Pieces, side: Side) -> Vec<Move> {
        self.listing(pieces, side).0
    }

    /// [`Draughts::legal_moves`], or `None` when the capture search gave up at its
    /// budget and the list would be cut short (for the analysis, which cannot search
    /// such a position).
    pub fn complete_legal_moves(&self, pieces: &Pieces, side: Side) -> Option<Vec<Move>> {
        let (moves, exhausted) = self.listing(pieces, side);
        (!exhausted).then_some(moves)
    }

    /// The legal moves, and whether the capture search gave up at its budget.
    pub fn listing(&self, pieces: &Pieces, side: Side) -> (Vec<Move>, bool) {
        let captures = self.captures(pieces, side);
        let moves = if captures.best > 0 {
            captures.moves
        } else {
            self.steps(pieces, side)
        };
        (moves, captures.exhausted)
    }

    /// Whether `side` has any move at all, without listing them: a step to the first
    /// point of a ray it may take, or a piece that can capture.
    pub fn can_move(&self, pieces: &Pieces, side: Side) -> bool {
        self.has_step(pieces, side) || self.has_capture(pieces, side)
    }

    /// Whether any piece of `side` can step (a king can if it can go one point).
    fn has_step(&self, pieces: &Pieces, side: Side) -> bool {
        let empty = !pieces.occupied();
        self.graph
            .any_step(pieces.men_of(side), self.man_steps[side.index()], empty)
            || self.graph.any_step(pieces.kings_of(side), Dirs::ALL, empty)
    }

    /// Plays a move of `side`: the captured pieces leave together at the end (or had
    /// left one by one: the result is the same), then a man on the far rank is crowned.
    pub fn play(&self, pieces: &mut Pieces, side: Side, mv: &Move) {
        let king = mv.crowned || pieces.kings & bit(mv.from) != 0;
        let captured = mv.captured.iter().fold(0, |set, &c| set | bit(c));
        pieces.relocate(side, mv.from, mv.to(), captured, king);
    }
}
