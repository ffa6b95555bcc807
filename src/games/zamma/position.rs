//! Zamma position strings.

use crate::games::PositionError;
use super::{Position, Zamma};
use crate::games::common::capture::{self, Set, bit};
use crate::games::common::draughts::{Kind, Pieces, Side};

/// Most pieces a side can have (§2: 40).
const MAX_PIECES: usize = 40;

impl Zamma {
    /// Reads a Zamma position string: `<rank 9>/<rank 8>/…/<rank 1> <side>[ <blow>]`.
    ///
    /// - Each rank lists its nine points from file `a` to `i`: `s` a South man, `S` a
    ///   South sultan, `n` a North man, `N` a North sultan, and a digit `1`–`9` for that
    ///   many empty points (as in chess FEN).
    /// - `<side>` is `s` (South to move) or `n` (North to move).
    /// - `<blow>` (only with the huff option, R12): `blow:e4,d5` — the opponent's last
    ///   move was a fault and the side to move may first blow one of these pieces; or
    ///   `blown` — the side to move has blown a piece and must still move.
    ///
    /// The start position is
    /// `nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnn1ssss/sssssssss/sssssssss/sssssssss/sssssssss s`.
    /// A man may stand on its own crowning rank in a set-up position; it stays a man.
    pub(super) fn read_position(&self, text: &str) -> Result<Position, PositionError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(PositionError::syntax("the position string is empty"))?;
        let pieces = self.read_board(board)?;
        let to_move = match fields.next() {
            Some("s" | "S") => Side::Lower,
            Some("n" | "N") => Side::Upper,
            Some(other) => {
                return Err(PositionError::syntax(format!(
                    "expected s or n (the side to move), found \"{other}\""
                )));
            }
            None => return Err(PositionError::syntax("expected the side to move (s or n) after the board")),
        };
        let (blowable, blown) = match fields.next() {
            None => (0, false),
            Some("blown") => (0, true),
            Some(field) => {
                let list = field
                    .strip_prefix("blow:")
                    .ok_or_else(|| PositionError::syntax(format!("expected blow:<points> or blown, found \"{field}\"")))?;
                (self.read_blowable(&pieces, to_move, list)?, false)
            }
        };
        if let Some(extra) = fields.next() {
            return Err(PositionError::syntax(format!("unexpected \"{extra}\" at the end")));
        }
        if (blowable != 0 || blown) && !self.huff {
            return Err(PositionError::options("a pending blow needs the huff option (R12)"));
        }
        Ok(self.fresh(pieces, to_move, blowable, blown))
    }

    fn read_board(&self, text: &str) -> Result<Pieces, PositionError> {
        let board = &self.rules.board;
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
                let (side, kind) = match c {
                    '1'..='9' => {
                        file += c as u8 - b'0';
                        if file > board.files() {
                            break;
                        }
                        continue;
                    }
                    's' => (Side::Lower, Kind::Man),
                    'S' => (Side::Lower, Kind::King),
                    'n' => (Side::Upper, Kind::Man),
                    'N' => (Side::Upper, Kind::King),
                    _ => {
                        return Err(PositionError::syntax(format!(
                            "rank {rank}: expected s, S, n, N or a digit, found '{c}'"
                        )));
                    }
                };
                file += 1;
                let Some(p) = board.point(file, rank) else {
                    break;
                };
                pieces.put(p, side, kind);
            }
            if file != board.files() {
                return Err(PositionError::syntax(format!(
                    "rank {rank} (\"{row}\") has {file} points, not {}",
                    board.files()
                )));
            }
        }
        for side in Side::BOTH {
            if pieces.count(side) > MAX_PIECES {
                return Err(PositionError::impossible(format!(
                    "{} has {} pieces; a side has at most {MAX_PIECES}",
                    Zamma::side_name(side),
                    pieces.count(side)
                )));
            }
        }
        Ok(pieces)
    }

    /// The points of `blow:e4,d5`: pieces of the side not to move.
    fn read_blowable(&self, pieces: &Pieces, to_move: Side, list: &str) -> Result<Set, PositionError> {
        let mut set = 0;
        for name in list.split(',') {
            let p = self
                .rules
                .coords
                .parse(&self.rules.board, name)
                .ok_or_else(|| PositionError::impossible(format!("\"{name}\" is not a point of the board")))?;
            if pieces.of(to_move.opponent()) & bit(p) == 0 {
                return Err(PositionError::syntax(format!(
                    "only a {} piece may be blown, and {name} holds none",
                    Zamma::side_name(to_move.opponent())
                )));
            }
            set |= bit(p);
        }
        Ok(set)
    }

    /// Writes the position string read by [`Zamma::read_position`].
    pub(super) fn write(&self, position: &Position) -> String {
        let board = &self.rules.board;
        let mut rows = Vec::new();
        for rank in (1..=board.ranks()).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 1..=board.files() {
                let piece = board.point(file, rank).and_then(|p| position.pieces.at(p));
                let Some((side, kind)) = piece else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row.push(match (side, kind) {
                    (Side::Lower, Kind::Man) => 's',
                    (Side::Lower, Kind::King) => 'S',
                    (Side::Upper, Kind::Man) => 'n',
                    (Side::Upper, Kind::King) => 'N',
                });
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let side = match position.to_move {
            Side::Lower => 's',
            Side::Upper => 'n',
        };
        let mut text = format!("{} {side}", rows.join("/"));
        if position.blown {
            text += " blown";
        } else if position.blowable != 0 {
            let mut points: Vec<_> = capture::points(position.blowable).collect();
            points.sort_by_key(|p| self.rules.sort_key(*p));
            let names: Vec<String> = points.iter().map(|&p| self.rules.name(p)).collect();
            text += &format!(" blow:{}", names.join(","));
        }
        text
    }
}
