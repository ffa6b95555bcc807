//! Zamma position strings, made of the draughts family's parts
//! (`common/draughts/position_string.rs`): the board drawn rank by rank, the side's
//! letter, and a list of points.

use super::{Position, Zamma};
use crate::games::PositionError;
use crate::games::common::capture::{Set, bit};
use crate::games::common::draughts::{Pieces, Side, side_named};

/// Most pieces a side can have (§2: 40).
const MAX_PIECES: usize = 40;

/// The letters of a South man, a South sultan, a North man and a North sultan.
pub(super) const SYMBOLS: [char; 4] = ['s', 'S', 'n', 'N'];

/// The letters of the side to move, South's then North's.
const SIDES: [char; 2] = ['s', 'n'];

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
            Some(side) => side_named(side, SIDES).ok_or_else(|| {
                PositionError::syntax(format!(
                    "expected s or n (the side to move), found \"{side}\""
                ))
            })?,
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

    /// The board field: nine ranks of `s`, `S`, `n`, `N` and digits, each side with
    /// at most 40 pieces.
    fn read_board(&self, text: &str) -> Result<Pieces, PositionError> {
        let pieces = self.rules.read_ranks(text, SYMBOLS)?;
        for side in Side::BOTH {
            self.rules.check_pieces(&pieces, side, MAX_PIECES)?;
        }
        Ok(pieces)
    }

    /// The points of `blow:e4,d5`: pieces of the side not to move.
    fn read_blowable(&self, pieces: &Pieces, to_move: Side, list: &str) -> Result<Set, PositionError> {
        let mut set = 0;
        for name in list.split(',') {
            let p = self.rules.read_point(name)?;
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
        let rows = self.rules.write_ranks(&position.pieces, SYMBOLS);
        let side = SIDES[position.to_move.index()];
        let mut text = format!("{rows} {side}");
        if position.blown {
            text += " blown";
        } else if position.blowable != 0 {
            text += &format!(" blow:{}", self.rules.write_points(position.blowable));
        }
        text
    }
}
