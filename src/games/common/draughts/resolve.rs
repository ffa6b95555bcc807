//! Resolution: a written move matched against the legal moves, or the error that
//! names the rule it breaks (a wrong owner, a step while a capture exists, a capture
//! short of the maximum, an ambiguous short form).

use super::notation::{in_full, shortens};
use super::*;
use crate::games::common::board::Point;
use crate::games::common::capture::{Ends, Exhausted, Stop, bit};
use crate::games::{IllegalKind, MoveError};

impl Draughts {
    /// Finds the legal move a written move means. With `faults`, moves the rules punish
    /// rather than forbid are accepted too: a step while a capture exists, and any
    /// capture chain, even one that stops early or takes fewer than the most.
    ///
    /// A capture matches a chain with the same landing points, or with the same first
    /// and last points and the written middle points among its own, in order. Three
    /// or more written points whose every leg is a legal jump are a chain in full, the
    /// move played: never read as a longer chain through them (issue 26). Two points a
    /// jump apart are that jump only if it is legal; else they are the short form of
    /// the one legal chain between them (issue 33).
    ///
    /// # Errors
    /// Illegal (naming the rule), ambiguous (listing the chains), or a capture written
    /// with `-` / a step written with `x` (wrong mark).
    pub fn resolve(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        faults: bool,
    ) -> Result<Move, MoveError> {
        self.check_owner(pieces, side, written.points[0])?;
        // Most moves are steps while no capture is open: told by the first jumps
        // alone, without the search for the longest chain that a capture needs.
        if !written.capture
            && let [from, to] = written.points[..]
            && let Ok(mv) = self.step(pieces, side, from, to)
            && (faults || !self.has_capture(pieces, side))
        {
            return Ok(mv);
        }
        // A capture written in full, as most are: followed leg by leg, it is the move
        // if no chain takes more (the maximum rule), which the search tells without
        // listing every longest chain.
        if written.capture
            && let Some((mv, _)) =
                self.follow(pieces, side, written.points[0], &written.points[1..])
            && !self
                .capture_exceeds(pieces, side, mv.captured.len())
                .map_err(|Exhausted| self.unchecked(written))?
        {
            return Ok(mv);
        }
        // Only the chains the written points could name are listed (a short form
        // names its first and last points), while the search still finds the most
        // any chain takes: a piece may have thousands of maximal chains.
        let best = self.chains(pieces, side, Stop::Maximum, None, self.ends(written));
        if best.exhausted {
            return Err(self.unchecked(written));
        }
        if written.capture {
            self.resolve_capture(pieces, side, written, &best, faults)
        } else {
            self.resolve_step(pieces, side, written, &best, faults)
        }
    }

    /// A move written with `-`: a legal step, unless a capture is compulsory; a
    /// capture written so is a wrong mark.
    fn resolve_step(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        faults: bool,
    ) -> Result<Move, MoveError> {
        let points = &written.points;
        match self.step(pieces, side, points[0], points[1]) {
            Ok(mv) if best.best == 0 || faults => Ok(mv),
            Ok(_) => Err(MoveError::illegal_kind(
                IllegalKind::CaptureCompulsory,
                format!(
                    "a capture is compulsory: e.g. {} takes {}",
                    self.example(best),
                    best.best
                ),
            )
            .rule(self.words.compulsory)),
            Err(why) => {
                let meant: Vec<&Move> = best
                    .moves
                    .iter()
                    .filter(|m| in_full(m, points) || shortens(m, points))
                    .collect();
                match meant[..] {
                    [m] => Err(MoveError::wrong_mark(format!(
                        "{} is a capture: write it {}",
                        self.write_written(written),
                        self.write(m)
                    ))),
                    _ => Err(why),
                }
            }
        }
    }

    /// A move written with `x`, read as the rules' README reads short capture forms:
    /// points that are themselves a complete legal chain are that chain (a maximal
    /// one; with faults allowed, any); else a first-and-last form names the one legal
    /// chain between its points (ambiguous if several; with faults, any chain of that
    /// piece). Three points or more whose every leg is a jump are the chain played, a
    /// fault refused naming the maximum: never a longer chain through them (issue 26).
    /// Two points that are a jump short of the maximum are the first-and-last form of
    /// the longer chain between them, as the README says (issue 33): `f1xi1` names a
    /// sultan's seven-piece chain ending on i1, not a one-piece jump.
    fn resolve_capture(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        faults: bool,
    ) -> Result<Move, MoveError> {
        let points = &written.points;
        if let Some(m) = best.moves.iter().find(|m| in_full(m, points)) {
            return Ok(m.clone());
        }
        let followed = self
            .follow(pieces, side, points[0], &points[1..])
            .map(|(m, _)| m);
        match &followed {
            Some(m) if faults => return Ok(m.clone()),
            Some(m) if points.len() > 2 => {
                return Err(self.not_a_capture(pieces, side, written, best, Some(m.clone())));
            }
            _ => {}
        }
        if let Some(found) = self.shortened(&best.moves, points) {
            return found;
        }
        if faults {
            let only = Some(points[0]);
            let own = self.chains(pieces, side, Stop::Anywhere, only, self.ends(written));
            if own.exhausted {
                return Err(self.unchecked(written));
            }
            if let Some(found) = self.shortened(&own.moves, points) {
                return found;
            }
        }
        Err(self.not_a_capture(pieces, side, written, best, followed))
    }

    /// The one move of `moves` the points shorten, ambiguous if several, `None` if none.
    fn shortened(&self, moves: &[Move], points: &[Point]) -> Option<Result<Move, MoveError>> {
        let found: Vec<&Move> = moves.iter().filter(|m| shortens(m, points)).collect();
        match found[..] {
            [] => None,
            [m] => Some(Ok(m.clone())),
            _ => Some(Err(self.ambiguous(found))),
        }
    }

    /// Why a written capture names no acceptable chain: there is no capture (perhaps a
    /// step written with `x`), or it is not the most pieces (naming the maximum and a
    /// chain reaching it), or it is no chain at all.
    fn not_a_capture(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        followed: Option<Move>,
    ) -> MoveError {
        let text = self.write_written(written);
        let points = &written.points;
        if best.best == 0 {
            if let [from, to] = points[..]
                && let Ok(step) = self.step(pieces, side, from, to)
            {
                return MoveError::wrong_mark(format!(
                    "{text} takes nothing: write it {}",
                    self.write(&step)
                ));
            }
            return MoveError::illegal(format!(
                "{text} is not a capture: {} has no capture in this position",
                self.side_name(side)
            ));
        }
        let reason = match followed {
            Some(m) => format!(
                "the capture must take the most pieces: {text} takes {}, but {} takes {}",
                m.captured.len(),
                self.example(best),
                best.best
            ),
            None => format!(
                "{text} is not a legal capture; the most {} can take is {}, e.g. {}",
                self.side_name(side),
                best.best,
                self.example(best)
            ),
        };
        MoveError::illegal_kind(IllegalKind::NotMaximum, reason).rule(self.words.maximum)
    }

    /// One of the best captures, written, for messages.
    fn example(&self, best: &Captures) -> String {
        best.example
            .as_ref()
            .map(|m| self.write(m))
            .unwrap_or_default()
    }

    fn ambiguous(&self, moves: Vec<&Move>) -> MoveError {
        MoveError::ambiguous(&moves, |m| self.write(m))
    }

    /// The chains a written move could name: those of its first point ending on its
    /// last.
    fn ends(&self, written: &Written) -> Ends {
        let points = &written.points;
        Ends::of(points[0], points[points.len() - 1])
    }

    /// A written move the capture search could not check within its budget.
    fn unchecked(&self, written: &Written) -> MoveError {
        MoveError::unchecked(format!(
            "{}: this position has more capture chains than tgn's search looks at (a limit \
             of tgn, not a rule)",
            self.write_written(written)
        ))
    }

    pub(super) fn side_name(&self, side: Side) -> &'static str {
        self.words.sides[side.index()]
    }

    /// An error unless `side` has a piece on `from`.
    fn check_owner(&self, pieces: &Pieces, side: Side, from: Point) -> Result<(), MoveError> {
        match pieces.at(from) {
            Some((s, _)) if s == side => Ok(()),
            Some((s, _)) => {
                let point = self.name(from);
                let reason = format!(
                    "{point} holds a {} piece, and {} is to move",
                    self.side_name(s),
                    self.side_name(side)
                );
                Err(MoveError::illegal_kind(
                    IllegalKind::NotYours { point },
                    reason,
                ))
            }
            None => {
                let point = self.name(from);
                let reason = format!("there is no piece on {point}");
                Err(MoveError::illegal_kind(
                    IllegalKind::NoPiece { point },
                    reason,
                ))
            }
        }
    }

    /// The step or slide from `from` to `to`, or why there is none.
    fn step(&self, pieces: &Pieces, side: Side, from: Point, to: Point) -> Result<Move, MoveError> {
        let occupied = pieces.occupied();
        // The names are written out only in a refusal: most steps are legal.
        let (f, t) = (|| self.name(from), || self.name(to));
        let is_king = pieces.kings & bit(from) != 0;
        let rule = if is_king {
            self.words.king_step
        } else {
            self.words.man_step
        };
        if occupied & bit(to) != 0 {
            let point = t();
            let reason = format!("{point} is not empty");
            return Err(
                MoveError::illegal_kind(IllegalKind::Occupied { point }, reason).rule(rule),
            );
        }
        let Some(dir) = self.board.direction(from, to) else {
            return Err(
                MoveError::illegal(format!("{} and {} are not on one line", f(), t())).rule(rule),
            );
        };
        if !is_king {
            if self.board.step(from, dir) != Some(to) {
                return Err(
                    MoveError::illegal("a man moves one point at a time").rule(self.words.man_step)
                );
            }
            if !self.man_steps[side.index()].contains(dir) {
                return Err(
                    MoveError::illegal("a man moves only forward unless it captures")
                        .rule(self.words.man_step),
                );
            }
        } else if let Some(block) = self
            .board
            .ray(from, dir)
            .take_while(|&q| q != to)
            .find(|&q| occupied & bit(q) != 0)
        {
            return Err(MoveError::illegal(format!(
                "the way from {} to {} is blocked at {}",
                f(),
                t(),
                self.name(block)
            ))
            .rule(self.words.king_step));
        }
        Ok(self.step_move(side, from, to, is_king))
    }
}
