//! Mig Mang position strings.
//!
//! ```text
//! bbbbbbbbbbbbbbbbb/w15b/w15b/…/w15b/wwwwwwwwwwwwwwwww b
//! ```
//!
//! Two fields separated by a space:
//! 1. the board, rank by rank from the top (rank H) down to rank 1, separated by `/`,
//!    each rank from file `a`: `b` a black piece, `w` a white one, a number (of any
//!    number of digits) for that many empty points — as chess FEN writes a board. The
//!    numbers of ranks and of points in each rank are the board's size: they must
//!    agree with `[Board]`, and give the size when there is no `[Board]` tag;
//! 2. the side to move, `b` or `w`.
//!
//! The points may also be listed, `black:e9,k9,h12,h4 white:f9,g9,h10 b` (see
//! [`ColourPosition::read`](crate::games::common::colour::ColourPosition::read)); the
//! size then comes from `[Board]`, else it is 17×17.
//!
//! The line above is the 17×17 start (§2). Any layout is accepted (§4.1) unless it
//! cannot arise: a side that has just moved still has the piece it moved (a move never
//! takes the mover's own pieces), so the side not to move has at least one piece.

use crate::games::PositionError;
use super::{MigMang, Position};

/// The size (files, ranks) a position string's board field draws, if it reads as
/// one: the number of ranks and the points in its top rank. Used when a record has no
/// `[Board]` tag; anything else about the string is checked when it is read.
pub(super) fn size_of(text: &str) -> Option<(u8, u8)> {
    let board = text.split_whitespace().next()?;
    let ranks = board.split('/').count();
    let top = board.split('/').next()?;
    let mut files = 0u32;
    let mut number = 0u32;
    for c in top.chars() {
        match c.to_digit(10) {
            Some(d) => number = number.saturating_mul(10).saturating_add(d),
            None => {
                files = files.saturating_add(number).saturating_add(1);
                number = 0;
            }
        }
    }
    files = files.saturating_add(number);
    let files = u8::try_from(files).ok()?;
    let ranks = u8::try_from(ranks).ok()?;
    super::parse_size(&format!("{files}x{ranks}")).ok()
}

impl MigMang {
    /// Reads a position string (see the module doc).
    pub(super) fn read_position(&self, text: &str) -> Result<Position, PositionError> {
        let position = Position::read(&self.grid, text)?;
        let last = position.to_move.opponent();
        if position.count(last) == 0 {
            return Err(PositionError::impossible(format!(
                "field 1 (the board): {} has no piece, yet {} is to move: the side that has \
                 just moved keeps the piece it moved (R4, R6)",
                last.name(),
                position.to_move.name()
            )));
        }
        Ok(position)
    }
}
