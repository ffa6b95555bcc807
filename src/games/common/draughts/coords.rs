//! Coordinates and the words of messages: how a game names its points (algebraic or
//! PDN numbers, mirrored or not) and its sides and rules.

use crate::games::common::board::{Board, Point, name_parts};
use crate::games::common::capture::Points;

/// The words and rule numbers a game's messages use, so they read like its own spec.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The sides' names, lower side first (`white`, `black`).
    pub sides: [&'static str; 2],
    /// What a crowned man is called (`king`, `sultan`).
    pub king: &'static str,
    /// What a place a piece stands on is called (`point`, `square`).
    pub point: &'static str,
    /// The rule of a man's step, e.g. `R2`.
    pub man_step: &'static str,
    /// The rule of a king's slide.
    pub king_step: &'static str,
    /// The rule making captures compulsory.
    pub compulsory: &'static str,
    /// The rule requiring the most pieces to be taken.
    pub maximum: &'static str,
    /// The rule of promotion.
    pub promotion: &'static str,
}

/// How points are written: algebraic names (optionally for a board seen in a mirror,
/// files reversed) or PDN numbers.
#[derive(Clone, Debug)]
pub struct Coords {
    /// The record was written on the mirror image of the board: file `a` is our last.
    pub mirror: bool,
    /// Write points as numbers (they are read in either form).
    pub numeric: bool,
    /// Number `n` is `numbers[n - 1]`: playable points row by row from the top rank,
    /// left to right as the record sees the board. Empty if the game has no numbers.
    numbers: Vec<Point>,
    /// The inverse of `numbers`, by lattice index (0: no number).
    pub(super) number_of: Vec<u16>,
}

impl Coords {
    /// Algebraic names, no mirror, no numbers.
    pub fn algebraic() -> Coords {
        Coords {
            mirror: false,
            numeric: false,
            numbers: Vec::new(),
            number_of: Vec::new(),
        }
    }

    /// Names for `board`, with PDN numbers (read always, written if `numeric`).
    pub fn numbered(board: &Board, mirror: bool, numeric: bool) -> Coords {
        let mut numbers = Vec::new();
        let mut number_of = vec![0u16; board.lattice_size()];
        for rank in (1..=board.ranks()).rev() {
            for file in 1..=board.files() {
                let file = if mirror {
                    board.files() + 1 - file
                } else {
                    file
                };
                if let Some(p) = board.point(file, rank) {
                    numbers.push(p);
                    number_of[p.index()] = numbers.len() as u16;
                }
            }
        }
        Coords {
            mirror,
            numeric,
            numbers,
            number_of,
        }
    }

    /// The highest number a point has (0 if the game has no numbers).
    pub fn last_number(&self) -> usize {
        self.numbers.len()
    }

    /// The file as the record writes it.
    pub(super) fn record_file(&self, board: &Board, file: u8) -> u8 {
        if self.mirror {
            board.files() + 1 - file
        } else {
            file
        }
    }

    /// A point as the record writes it.
    pub fn name(&self, board: &Board, p: Point) -> String {
        if self.numeric
            && let Some(&n) = self.number_of.get(p.index())
            && n > 0
        {
            return n.to_string();
        }
        let (file, rank) = board.coords(p);
        let file = self.record_file(board, file);
        format!("{}{}", (b'a' + file - 1) as char, rank)
    }

    /// The point a short name `letter digit` (`d4`, `D4`; the digit 1-9) means, as
    /// [`Coords::parse`] reads it, from its two bytes: the name most tokens hold.
    #[inline]
    pub fn parse_short(&self, board: &Board, letter: u8, digit: u8) -> Option<Point> {
        if !letter.is_ascii_alphabetic() || !(b'1'..=b'9').contains(&digit) {
            return None;
        }
        let file = letter.to_ascii_lowercase() - b'a' + 1;
        if file > board.files() {
            return None;
        }
        board.point(self.record_file(board, file), digit - b'0')
    }

    /// Reads a point name as the record writes it (`d4`, `D4`; on a mirrored record
    /// `b1` is our `g1`) or, if the game numbers its points, a number.
    pub fn parse(&self, board: &Board, text: &str) -> Option<Point> {
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            if text.starts_with('0') || text.len() > 3 {
                return None;
            }
            let n: usize = text.parse().ok()?;
            return n.checked_sub(1).and_then(|i| self.numbers.get(i)).copied();
        }
        let (file, rank) = name_parts(text)?;
        if file > board.files() {
            return None;
        }
        board.point(self.record_file(board, file), rank)
    }
}

/// A move as the record writes it: its points, and whether they are joined by `x` (or
/// `:`) as a capture rather than by `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub points: Points,
    pub capture: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading before names were read byte by byte: the reference.
    fn by_chars(coords: &Coords, board: &Board, text: &str) -> Option<Point> {
        let first = text.chars().next()?;
        if first.is_ascii_digit() {
            if text.starts_with('0') || text.len() > 3 {
                return None;
            }
            let n: usize = text.parse().ok()?;
            return n
                .checked_sub(1)
                .and_then(|i| coords.numbers.get(i))
                .copied();
        }
        let letter = first.to_ascii_lowercase();
        let digits = &text[first.len_utf8()..];
        let plain = digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit());
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.starts_with('0') || !plain {
            return None;
        }
        let file = letter as u8 - b'a' + 1;
        if file > board.files() {
            return None;
        }
        board.point(coords.record_file(board, file), digits.parse().ok()?)
    }

    #[test]
    fn a_letter_and_a_digit_read_as_any_name_is_read() {
        // (a short name by its bytes too, where it starts with no digit)
        let board = Board::alquerque(9, 9);
        for coords in [
            Coords::algebraic(),
            Coords::numbered(&board, false, false),
            Coords::numbered(&board, true, true),
        ] {
            for a in (b'0'..=b'z').map(char::from) {
                for b in (b'0'..=b'z').map(char::from) {
                    let name = format!("{a}{b}");
                    let read = coords.parse(&board, &name);
                    assert_eq!(read, by_chars(&coords, &board, &name));
                    if !a.is_ascii_digit() {
                        assert_eq!(coords.parse_short(&board, a as u8, b as u8), read, "{name}");
                    }
                }
            }
        }
    }
}
