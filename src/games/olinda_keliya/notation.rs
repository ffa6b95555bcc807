//! The notation of §1: the move token (`5`, `5x6`, `2x0`) and the position string
//! (`S:…/N:…/K:…/M:…`), read with nom and written back.

use nom::character::complete::{char, satisfy, u32 as number};
use nom::combinator::{map, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::position::{CIRCUIT, Position, ROW, Side};
use crate::games::{NotationError, PositionError};
use crate::games::common::mancala::Sections;

/// A move as written: the mover's pit and, optionally, the seeds it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The pit 1–7 of the mover's row.
    pub pit: u8,
    /// `x<n>`: the number of seeds captured.
    pub captured: Option<u32>,
}

fn token(input: &str) -> IResult<&str, Token> {
    map(
        (
            map(satisfy(|c| ('1'..='7').contains(&c)), |c| c as u8 - b'0'),
            opt(preceded(char('x'), number)),
        ),
        |(pit, captured)| Token { pit, captured },
    )
    .parse(input)
}

/// Reads a move token.
///
/// # Errors
/// What was expected where the text stops making sense.
#[inline]
pub fn parse_token(text: &str) -> Result<Token, NotationError> {
    // Most moves of a record are `P` or `PxN`: read at once, the same token the
    // grammar makes of them (a test holds the two together).
    common_token(text).map_or_else(|| parse_by_grammar(text), Ok)
}

/// [`parse_token`] for any token, with what was expected where it goes wrong.
#[inline(never)]
fn parse_by_grammar(text: &str) -> Result<Token, NotationError> {
    match token(text) {
        Ok(("", token)) => Ok(token),
        Ok((rest, _)) => {
            let read = &text[..text.len() - rest.len()];
            Err(NotationError::expected(if rest.starts_with('x') {
                format!(
                    "the number of seeds captured after \"{read}x\", e.g. 5x6, found \"{rest}\""
                )
            } else {
                format!(
                    "the end of the move after \"{read}\", found \"{rest}\" (a move is the pit \
                     played, 1-7, then optionally x and the seeds captured, e.g. 5x6)"
                )
            }))
        }
        Err(_) => Err(NotationError::expected(match text.chars().next() {
            None => "a move: the pit played, 1-7, e.g. 5 or 5x6".to_string(),
            Some(c) if c.is_ascii_digit() => {
                format!("a pit number 1-7 at the start of \"{text}\" (pits are numbered 1-7)")
            }
            Some(_) => format!("a move starting with the pit played, 1-7, found \"{text}\""),
        })),
    }
}

/// `P` or `PxN` (at most nine digits of `N`): the tokens of a record, read without
/// the grammar, as it reads them.
#[inline]
fn common_token(text: &str) -> Option<Token> {
    let (&pit, rest) = text.as_bytes().split_first()?;
    if !(b'1'..=b'7').contains(&pit) {
        return None;
    }
    let captured = match rest {
        [] => None,
        [b'x', digits @ ..]
            if (1..=9).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) =>
        {
            Some(digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
        }
        _ => return None,
    };
    Some(Token {
        pit: pit - b'0',
        captured,
    })
}

/// The canonical form: the pit and the seeds captured, `5x6`, `2x0`.
pub fn write_token(pit: u8, captured: u8) -> String {
    format!("{pit}x{captured}")
}

const SHAPE: &str = "S:<7 counts>/N:<7 counts>/K:<store S>,<store N>/M:<S or N>";

/// Reads the position string; the pits and stores must hold `total` seeds (14 ×
/// `Seeds`: seeds never leave the game).
///
/// # Errors
/// A sentence naming the section or the count that is wrong.
pub fn parse_position(text: &str, total: u32) -> Result<Position, PositionError> {
    let mut sections = Sections::new(text, SHAPE);
    let south: [u32; ROW] = sections.row(Side::South)?;
    let north: [u32; ROW] = sections.row(Side::North)?;
    let stores = sections.pair("K:", "the two stores, S's then N's, e.g. K:6,0")?;
    let to_move = sections.to_move()?;
    let found: u64 = south
        .iter()
        .chain(&north)
        .chain(&[stores.0, stores.1])
        .map(|&c| u64::from(c))
        .sum();
    if found != u64::from(total) {
        return Err(PositionError::impossible(format!(
            "the pits and stores hold {found} seeds, not {total} (14 pits × {} seeds, \
             the Seeds tag)",
            total / CIRCUIT as u32
        )));
    }
    // Every count is at most the checked total, 98, so it fits a u8.
    let mut pits = [0u8; CIRCUIT];
    for (i, &c) in south.iter().chain(&north).enumerate() {
        pits[i] = c as u8;
    }
    Ok(Position::new(
        pits,
        [stores.0 as u8, stores.1 as u8],
        to_move,
    ))
}

/// Writes the position string; [`parse_position`] reads it back.
pub fn write_position(position: &Position) -> String {
    let row = |side| {
        position
            .row(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let [s, n] = position.stores();
    format!(
        "S:{}/N:{}/K:{s},{n}/M:{}",
        row(Side::South),
        row(Side::North),
        position.to_move().letter()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let pieces = ["1", "7", "8", "0", "9", "x", "X", "+", "-"];
        let read = crate::games::testing::quick_reading_agrees(
            &pieces,
            5,
            &["5", "5x6", "2x0", "7x1234"],
            common_token,
            |text| parse_by_grammar(text).map_err(|e| e.to_string()),
        );
        assert!(read > 100, "{read}");
        assert_eq!(
            common_token("1x0000000000"),
            None,
            "ten digits: the grammar's"
        );
    }
}
