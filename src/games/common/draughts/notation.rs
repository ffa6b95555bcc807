//! Notation: reading `c3-d4`, `d4xf6xh4`, `22-18`, `15x22` and writing moves back; the
//! short capture form (first and last points) matched against chains.

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, recognize};
use nom::multi::many1;
use nom::sequence::pair;

use super::*;
use crate::games::NotationError;
use crate::games::common::board::Point;
use crate::games::common::capture::Points;

impl Draughts {
    /// A point as the record writes it.
    pub fn name(&self, p: Point) -> String {
        self.coords.name(&self.board, p)
    }

    /// The move in canonical notation: `c3-d4`, or every landing point `d4xf6xh4`.
    pub fn write(&self, mv: &Move) -> String {
        let sep = if mv.is_capture() { 'x' } else { '-' };
        let mut text = self.name(mv.from);
        for &p in &mv.path {
            text.push(sep);
            text.push_str(&self.name(p));
        }
        text
    }

    pub(super) fn write_written(&self, w: &Written) -> String {
        let sep = if w.capture { "x" } else { "-" };
        w.points
            .iter()
            .map(|&p| self.name(p))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Reads a move token: points joined by `-` (a step) or by `x`/`X`/`:` (a capture
    /// with every landing point, or a shortened one).
    ///
    /// # Errors
    /// Text that is not points and separators, a point off the board, separators mixed,
    /// or a step with more than two points.
    pub fn parse(&self, text: &str) -> Result<Written, NotationError> {
        match self.common(text) {
            Some(written) => Ok(written),
            None => self.parse_by_grammar(text),
        }
    }

    /// The tokens most records are made of, read without the grammar: points of a
    /// letter and one digit, joined by `-` (two of them) or by `x`, `X` or `:`. `None`
    /// for anything else, which [`Draughts::parse_by_grammar`] reads or refuses.
    fn common(&self, text: &str) -> Option<Written> {
        let bytes = text.as_bytes();
        if bytes.len() < 5 || bytes.len() % 3 != 2 {
            return None;
        }
        let capture = bytes[2] != b'-';
        if !capture && bytes.len() > 5 {
            return None;
        }
        let joined = |sep: u8| match sep {
            b'-' => !capture,
            b'x' | b'X' | b':' => capture,
            _ => false,
        };
        let mut points = Points::new();
        for at in (0..bytes.len()).step_by(3) {
            if at > 0 && !joined(bytes[at - 1]) {
                return None;
            }
            points.push(
                self.coords
                    .parse_short(&self.board, bytes[at], bytes[at + 1])?,
            );
        }
        Some(Written { points, capture })
    }

    /// [`Draughts::parse`] for any token, with what was expected where it goes wrong.
    fn parse_by_grammar(&self, text: &str) -> Result<Written, NotationError> {
        let expected = || NotationError::expected("a move like c3-d4 or a capture like d4xf6xh4");
        let point = || {
            alt((
                recognize(pair(satisfy(|c: char| c.is_ascii_alphabetic()), digit1)),
                digit1,
            ))
        };
        let (_, (first, rest)) = all_consuming((point(), many1((one_of("-xX:"), point()))))
            .parse(text)
            .map_err(|_: nom::Err<nom::error::Error<&str>>| expected())?;
        let capture = rest[0].0 != '-';
        if rest.iter().any(|(sep, _)| (*sep != '-') != capture) {
            return Err(NotationError::expected(
                "one kind of separator: - for a move, x for every jump of a capture",
            ));
        }
        if !capture && rest.len() > 1 {
            return Err(NotationError::expected(
                "a move with two points (c3-d4); a capture's landing points are joined by x",
            ));
        }
        let mut points = Points::new();
        for name in std::iter::once(first).chain(rest.iter().map(|(_, p)| *p)) {
            let p = self.coords.parse(&self.board, name).ok_or_else(|| {
                NotationError::expected(format!("a point of the board, not \"{name}\""))
            })?;
            points.push(p);
        }
        Ok(Written { points, capture })
    }
}

/// Whether `points` are the move's start and every landing point.
pub(super) fn in_full(m: &Move, points: &[Point]) -> bool {
    written_in_full(m.from, &m.path, points)
}

/// Whether `points` (first, some middle points, last) shortens the move's chain.
pub(super) fn shortens(m: &Move, points: &[Point]) -> bool {
    written_short(m.from, &m.path, points)
}

/// Whether `points` are a chain's start `from` and every landing point of `path`: the
/// chain written in full.
pub fn written_in_full(from: Point, path: &[Point], points: &[Point]) -> bool {
    std::iter::once(from)
        .chain(path.iter().copied())
        .eq(points.iter().copied())
}

/// Whether `points` write the chain from `from` through `path` in short: its first and
/// last points, with any of its middle landing points in order between them (the short
/// capture form of the rules' README).
pub fn written_short(from: Point, path: &[Point], points: &[Point]) -> bool {
    let (Some(&first), Some(&last), Some(&to)) = (points.first(), points.last(), path.last())
    else {
        return false;
    };
    if points.len() < 2 || from != first || to != last || points.len() > path.len() + 1 {
        return false;
    }
    let mut middle = path[..path.len() - 1].iter();
    points[1..points.len() - 1]
        .iter()
        .all(|p| middle.any(|q| q == p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::board::Dir;
    use crate::games::common::capture::{Dirs, Jump, Landing, Reach, Removal};

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let board = Board::alquerque(9, 9);
        let man = Jump {
            reach: Reach::Adjacent,
            landing: Landing::Next,
            dirs: Dirs::ALL,
        };
        let words = Words {
            sides: ["white", "black"],
            king: "king",
            point: "point",
            man_step: "R1",
            king_step: "R2",
            compulsory: "R3",
            maximum: "R4",
            promotion: "R5",
        };
        let draughts = Draughts::new(
            board.clone(),
            [Dirs::of(&[Dir::N]), Dirs::of(&[Dir::S])],
            man,
            man,
            Removal::Deferred,
            words,
            Coords::numbered(&board, true, false),
        );
        let pieces = ["a1", "C3", "i9", "j1", "a0", "1", "x", "X", ":", "-", "*"];
        let read = crate::games::testing::quick_reading_agrees(
            &pieces,
            5,
            &["c3-d4", "d4xf6xh4", "a1:c3", "i9Xg7"],
            |text| draughts.common(text),
            |text| draughts.parse_by_grammar(text),
        );
        assert!(read > 100, "{read}");
    }
}
