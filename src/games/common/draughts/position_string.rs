//! The draughts family's position strings: the parts its games' formats share, read
//! and written once.
//!
//! - the side to move as one letter of the game's ([`side_named`]): Zamma's `s`/`n`,
//!   Pinoy Dama's `W`/`B`, read in either case;
//! - the board drawn rank by rank from the top, as chess FEN draws it
//!   ([`Draughts::read_ranks`]): Zamma's `nnnnnnnnn/…/nnnn1ssss/…`;
//! - a side's pieces listed as PDN lists them ([`Draughts::read_piece_list`]): Pinoy
//!   Dama's `21,22,K5` or `Kd4,f4`, with numeric ranges `21-32`;
//! - one point as the record names it ([`Draughts::read_point`]), and a set of points
//!   written in the record's order ([`Draughts::write_points`]): Zamma's `blow:e4,d5`;
//! - the most pieces a side may have ([`Draughts::check_pieces`]).
//!
//! Their sentences speak the game's words ([`Words`](super::Words): its sides, and
//! whether a place is a `point` or a `square`). Each game puts the parts together in
//! its own format, which is all they do not share: Zamma's string draws the board and
//! then names the side, its fields separated by spaces, with a blow field after;
//! Pinoy Dama's (PDN's) names the colour first and then lists each side's squares,
//! its fields separated by colons and told by a letter, with a count field after. One
//! reader of both would only switch between the two, and the sentences that say which
//! field is missing or unknown differ word by word.

use super::{Draughts, Kind, Pieces, Side};
use crate::games::PositionError;
use crate::games::common::board::Point;
use crate::games::common::capture::{self, Set};

/// The side `text` names, if it is one of `letters` (the lower side's, then the upper
/// side's, as the game writes them) in either case.
pub fn side_named(text: &str, letters: [char; 2]) -> Option<Side> {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    Side::BOTH
        .into_iter()
        .find(|side| letters[side.index()].eq_ignore_ascii_case(&c))
}

impl Draughts {
    /// One point as the record names it (`d4`; a PDN number where the game numbers
    /// its points).
    ///
    /// # Errors
    /// A name that is no point of the board.
    pub fn read_point(&self, text: &str) -> Result<Point, PositionError> {
        self.coords.parse(&self.board, text).ok_or_else(|| {
            PositionError::impossible(format!(
                "\"{text}\" is not a {} of the board",
                self.words.point
            ))
        })
    }

    /// Points in the record's order (by number when numbered, else by rank then file),
    /// named as the record names them, separated by commas: `d4,f4`.
    pub fn write_points(&self, set: Set) -> String {
        self.listed(set, |_| "")
    }

    /// The points of `set` in the record's order, each named after `prefix(point)`,
    /// separated by commas.
    fn listed(&self, set: Set, prefix: impl Fn(Point) -> &'static str) -> String {
        let mut points: Vec<Point> = capture::points(set).collect();
        points.sort_by_key(|p| self.sort_key(*p));
        let names: Vec<String> = points
            .iter()
            .map(|&p| format!("{}{}", prefix(p), self.name(p)))
            .collect();
        names.join(",")
    }

    /// Reads a board drawn rank by rank from the top, ranks separated by `/`, each
    /// from file `a` as the record names the files: a letter of `symbols` (lower man,
    /// lower king, upper man, upper king, as [`Draughts::draw`] takes them) for a
    /// piece, a digit `1`–`9` for that many empty points. For boards on which every
    /// place of the lattice is a point (Zamma's).
    ///
    /// # Errors
    /// Another number of ranks, or of points in a rank; a character that is neither a
    /// piece nor a digit.
    pub fn read_ranks(&self, text: &str, symbols: [char; 4]) -> Result<Pieces, PositionError> {
        let board = &self.board;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != board.ranks() as usize {
            return Err(PositionError::syntax(format!(
                "expected {} ranks separated by /, found {}",
                board.ranks(),
                rows.len()
            )));
        }
        let mut pieces = Pieces::default();
        for (row, rank) in rows.iter().zip((1..=board.ranks()).rev()) {
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(run) = c.to_digit(10).filter(|&d| d > 0) {
                    file += run as u8;
                    if file > board.files() {
                        break;
                    }
                    continue;
                }
                let Some(i) = symbols.iter().position(|&s| s == c) else {
                    let [man, king, other_man, other_king] = symbols;
                    return Err(PositionError::syntax(format!(
                        "rank {rank}: expected {man}, {king}, {other_man}, {other_king} or a \
                         digit, found '{c}'"
                    )));
                };
                file += 1;
                if file > board.files() {
                    break;
                }
                let Some(p) = board.point(self.coords.record_file(board, file), rank) else {
                    break;
                };
                let (side, kind) = symbol(i);
                pieces.put(p, side, kind);
            }
            if file != board.files() {
                return Err(PositionError::syntax(format!(
                    "rank {rank} (\"{row}\") has {file} points, not {}",
                    board.files()
                )));
            }
        }
        Ok(pieces)
    }

    /// Writes what [`Draughts::read_ranks`] reads.
    pub fn write_ranks(&self, pieces: &Pieces, symbols: [char; 4]) -> String {
        let board = &self.board;
        let mut rows = Vec::new();
        for rank in (1..=board.ranks()).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 1..=board.files() {
                let point = board.point(self.coords.record_file(board, file), rank);
                let Some((side, kind)) = point.and_then(|p| pieces.at(p)) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row.push(symbols[side.index() * 2 + usize::from(kind == Kind::King)]);
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// Puts the pieces of `side` a PDN list names on `pieces`: points separated by
    /// commas, each named as the record names it or a range of numbers `21-24`, `K`
    /// (or `k`) before a king. An empty list is no piece.
    ///
    /// # Errors
    /// An empty item, a name that is no point or a range that is none, or a point
    /// that already holds a piece.
    pub fn read_piece_list(
        &self,
        pieces: &mut Pieces,
        side: Side,
        list: &str,
    ) -> Result<(), PositionError> {
        for item in list.split(',').map(str::trim) {
            if item.is_empty() {
                if list.trim().is_empty() {
                    break;
                }
                return Err(PositionError::syntax(format!(
                    "an empty {} in the {} list",
                    self.words.point,
                    self.words.sides[side.index()]
                )));
            }
            let (kind, points) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (Kind::King, rest),
                None => (Kind::Man, item),
            };
            for p in self.points_of(points)? {
                if pieces.at(p).is_some() {
                    return Err(PositionError::syntax(format!(
                        "{} is given twice",
                        self.name(p)
                    )));
                }
                pieces.put(p, side, kind);
            }
        }
        Ok(())
    }

    /// One point, or a range of numbers `21-24`.
    fn points_of(&self, text: &str) -> Result<Vec<Point>, PositionError> {
        let Some((a, b)) = text.split_once('-') else {
            return Ok(vec![self.read_point(text)?]);
        };
        let noun = self.words.point;
        let (Ok(a), Ok(b)) = (a.parse::<u8>(), b.parse::<u8>()) else {
            return Err(PositionError::impossible(format!(
                "\"{text}\" is not a range of {noun} numbers"
            )));
        };
        let last = self.coords.last_number();
        if a == 0 || usize::from(b) > last || a > b {
            return Err(PositionError::impossible(format!(
                "\"{text}\" is not a range of {noun} numbers 1-{last}"
            )));
        }
        (a..=b).map(|n| self.read_point(&n.to_string())).collect()
    }

    /// Writes what [`Draughts::read_piece_list`] reads, for the pieces of `side`.
    pub fn write_piece_list(&self, pieces: &Pieces, side: Side) -> String {
        let kings = pieces.kings_of(side);
        self.listed(pieces.of(side), |p| {
            if kings & capture::bit(p) != 0 {
                "K"
            } else {
                ""
            }
        })
    }

    /// Whether `side` has at most `max` pieces.
    ///
    /// # Errors
    /// More: no position of the game.
    pub fn check_pieces(
        &self,
        pieces: &Pieces,
        side: Side,
        max: usize,
    ) -> Result<(), PositionError> {
        if pieces.count(side) <= max {
            return Ok(());
        }
        Err(PositionError::impossible(format!(
            "{} has {} pieces; a side has at most {max}",
            self.words.sides[side.index()],
            pieces.count(side)
        )))
    }
}

/// The side and kind of `symbols[i]`, in [`Draughts::draw`]'s order.
fn symbol(i: usize) -> (Side, Kind) {
    let side = Side::BOTH[i / 2];
    let kind = if i % 2 == 1 { Kind::King } else { Kind::Man };
    (side, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_named_by_its_letter_in_either_case() {
        assert_eq!(side_named("s", ['s', 'n']), Some(Side::Lower));
        assert_eq!(side_named("N", ['s', 'n']), Some(Side::Upper));
        assert_eq!(side_named("w", ['W', 'B']), Some(Side::Lower));
        assert_eq!(side_named("B", ['W', 'B']), Some(Side::Upper));
        for text in ["", "x", "ss", "W", " s"] {
            assert_eq!(side_named(text, ['s', 'n']), None, "{text:?}");
        }
    }
}
