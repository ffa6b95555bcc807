//! Pinoy Dama positions as PDN FEN strings: `W:W21,22,K5:B1,2`, with numeric or
//! algebraic squares; the colour's letter and the piece lists are the draughts
//! family's (`common/draughts/position_string.rs`).

use super::{PinoyDama, Position};
use crate::games::PositionError;
use crate::games::common::draughts::{Pieces, Side, side_named};

/// Most pieces a side can have (R2 of the start: 12 men).
const MAX_PIECES: usize = 12;

impl PinoyDama {
    /// Reads a PDN FEN: `<turn>:W<pieces>:B<pieces>[:C<n>]`.
    ///
    /// - `<turn>` is `W` or `B`, the colour to move.
    /// - `<pieces>` is a comma-separated list of squares, each a PDN number `1`–`32`
    ///   (ranges such as `21-32` allowed) or an algebraic name `c3`; a `K` in front marks
    ///   a king. Either list may be empty.
    /// - `:C<n>` (this tool's own field, written only while it matters) is the number of
    ///   moves the lone king has made under the three-kings count of R14 (0–12); without
    ///   it a position with exactly three kings against one starts a fresh count at 0.
    /// - Lidraughts' clock fields `:H<n>` and `:F<n>` are accepted and ignored; a final
    ///   `.` is ignored.
    ///
    /// With the `mirror` option the squares are read on the mirrored board. A man may
    /// stand on its own crowning rank in a set-up position (the spec's examples put
    /// bystanders there); it stays a man.
    pub(super) fn read_fen(&self, text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        let mut fields = text.split(':');
        let turn = fields.next().unwrap_or("").trim();
        let to_move = colour(turn).ok_or_else(|| {
            PositionError::syntax(format!("expected W or B (the colour to move) at the start, found \"{turn}\""))
        })?;
        let mut pieces = Pieces::default();
        let mut seen = [false; 2];
        let mut count = None;
        for field in fields {
            let field = field.trim();
            let Some(tag) = field.chars().next() else {
                return Err(PositionError::syntax("an empty field between colons"));
            };
            let body = &field[tag.len_utf8()..];
            match tag.to_ascii_uppercase() {
                'W' | 'B' => {
                    let side = colour(&tag.to_string()).expect("W or B");
                    if std::mem::replace(&mut seen[side.index()], true) {
                        return Err(PositionError::syntax(format!("the {} pieces are listed twice", name(side))));
                    }
                    self.read_pieces(&mut pieces, side, body)?;
                }
                'C' => {
                    let n: u8 = body.parse().ok().filter(|n| *n <= 12).ok_or_else(|| {
                        PositionError::syntax(format!("expected a count 0-12 after C, found \"{body}\""))
                    })?;
                    count = Some(n);
                }
                'H' | 'F' if body.bytes().all(|b| b.is_ascii_digit()) => {}
                _ => return Err(PositionError::syntax(format!("unknown field \"{field}\""))),
            }
        }
        for side in Side::BOTH {
            if !seen[side.index()] {
                return Err(PositionError::syntax(format!(
                    "the {} pieces are missing (:{}…)",
                    name(side),
                    letter(side)
                )));
            }
        }
        let lone_count = match (lone_side(&pieces), count) {
            (Some(_), n) => Some(n.unwrap_or(0)),
            (None, Some(_)) => {
                return Err(PositionError::syntax("a count C is only kept with three kings against one (R14)"));
            }
            (None, None) => None,
        };
        Ok(Position {
            pieces,
            to_move,
            lone_count,
        })
    }

    /// The pieces of one side's field, at most twelve.
    fn read_pieces(
        &self,
        pieces: &mut Pieces,
        side: Side,
        list: &str,
    ) -> Result<(), PositionError> {
        self.rules.read_piece_list(pieces, side, list)?;
        self.rules.check_pieces(pieces, side, MAX_PIECES)
    }

    /// Writes the position as PDN FEN, in the record's notation (see
    /// [`PinoyDama::read_fen`]).
    pub(super) fn write_fen(&self, position: &Position) -> String {
        let mut text = letter(position.to_move).to_string();
        for side in Side::BOTH {
            let list = self.rules.write_piece_list(&position.pieces, side);
            text += &format!(":{}{list}", letter(side));
        }
        if let Some(n) = position.lone_count.filter(|n| *n > 0) {
            text += &format!(":C{n}");
        }
        text
    }
}

/// The letters of the colours, white (the lower side) first.
const COLOURS: [char; 2] = ['W', 'B'];

/// `W` → white (the lower side), `B` → black, in either case.
fn colour(text: &str) -> Option<Side> {
    side_named(text, COLOURS)
}

/// The letter of the colour.
fn letter(side: Side) -> char {
    COLOURS[side.index()]
}

/// The colour's name.
pub(super) fn name(side: Side) -> &'static str {
    match side {
        Side::Lower => "white",
        Side::Upper => "black",
    }
}

/// The side left with a lone king against exactly three kings (R14), if any.
pub(super) fn lone_side(pieces: &Pieces) -> Option<Side> {
    let only_kings = |s: Side, n: usize| pieces.count(s) == n && pieces.men_of(s) == 0;
    Side::BOTH
        .into_iter()
        .find(|&s| only_kings(s, 1) && only_kings(s.opponent(), 3))
}
