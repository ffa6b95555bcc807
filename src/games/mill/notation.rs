//! Move tokens of the mill games, read with nom and written back.
//!
//! | form | algebraic | numeric |
//! |---|---|---|
//! | placement | `d2` | `20` |
//! | move or flight | `d1-d2` | `23-20` |
//! | with its removal | `d1-d2xe4`, `c5xd7` | `23-20x13`, `7x2` |
//! | removal on its own | `xd7` | `x2` |
//!
//! Both notations are always read (a token of digits cannot be algebraic), one per
//! token; the `notation` option only chooses how moves are written. Letters and the
//! `x` may be upper case (`D1-D2XE4`). Several removals (`a1xd7xb6`) are read so
//! that R7 can refuse them by name.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::multi::{fold_many0, many1};
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};

use super::geometry::{MillBoard, Spot};
use super::rules::{Action, Move};
use super::{Config, Notation};
use crate::games::NotationError;
use crate::games::common::board::short_name;

/// What a token says, points resolved to the board but nothing checked against the
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A placement or a move, with the removals written after it (normally 0 or 1).
    Turn { action: Action, removals: Vec<Spot> },
    /// `xd7`: the removal owed by the mill of the previous token (normally one point).
    Removal(Vec<Spot>),
}

/// The token as text pieces, before the points are looked up.
struct Raw<'a> {
    from: Option<&'a str>,
    to: Option<&'a str>,
    removals: Vec<&'a str>,
}

const EXPECTED: &str = "a placement (d2), a move (d1-d2), either with a removal \
                        (d1-d2xe4), or a removal (xd7); points a1-g7 or 1-24";

fn algebraic(input: &str) -> IResult<&str, &str> {
    recognize(pair(satisfy(|c| c.is_ascii_alphabetic()), digit1)).parse(input)
}

fn removal(input: &str) -> IResult<&str, &str> {
    preceded(one_of("xX"), alt((algebraic, digit1))).parse(input)
}

fn removal_only(input: &str) -> IResult<&str, Raw<'_>> {
    many1(removal)
        .map(|removals| Raw {
            from: None,
            to: None,
            removals,
        })
        .parse(input)
}

/// The removals after a placement or move: most tokens have none, and nothing is
/// allocated for them (nom's `many0` would make room for four).
fn removals(input: &str) -> IResult<&str, Vec<&str>> {
    fold_many0(removal, Vec::new, |mut removals, r| {
        removals.push(r);
        removals
    })
    .parse(input)
}

fn turn(input: &str) -> IResult<&str, Raw<'_>> {
    let point = || alt((algebraic, digit1));
    (point(), opt(preceded(tag("-"), point())), removals)
        .map(|(first, second, removals)| match second {
            Some(to) => Raw {
                from: Some(first),
                to: Some(to),
                removals,
            },
            None => Raw {
                from: None,
                to: Some(first),
                removals,
            },
        })
        .parse(input)
}

/// Reads one move token.
///
/// # Errors
/// Text that is not a token of the table above, a name that is not one of the 24
/// points, or a token mixing the two notations.
pub fn parse(board: &MillBoard, text: &str) -> Result<Token, NotationError> {
    match common(board, text) {
        Some(token) => Ok(token),
        None => parse_by_grammar(board, text),
    }
}

/// The common tokens — `d2`, `xd7`, `d1-d2`, `d2xe4`, `d1-d2xe4`, points named with
/// one letter and one digit — read without the grammar: the token [`parse`] makes of
/// them (a test holds the two together), or `None` for anything else.
fn common(board: &MillBoard, text: &str) -> Option<Token> {
    let bytes = text.as_bytes();
    let point = |at: usize| board.parse_name(short_name(text, at)?);
    let x = |at: usize| matches!(bytes.get(at), Some(b'x' | b'X'));
    Some(match bytes.len() {
        2 => Token::Turn {
            action: Action::Place(point(0)?),
            removals: Vec::new(),
        },
        3 if x(0) => Token::Removal(vec![point(1)?]),
        5 if bytes[2] == b'-' => Token::Turn {
            action: Action::Move {
                from: point(0)?,
                to: point(3)?,
            },
            removals: Vec::new(),
        },
        5 if x(2) => Token::Turn {
            action: Action::Place(point(0)?),
            removals: vec![point(3)?],
        },
        8 if bytes[2] == b'-' && x(5) => Token::Turn {
            action: Action::Move {
                from: point(0)?,
                to: point(3)?,
            },
            removals: vec![point(6)?],
        },
        _ => return None,
    })
}

/// [`parse`] for any token, with what was expected where it goes wrong.
fn parse_by_grammar(board: &MillBoard, text: &str) -> Result<Token, NotationError> {
    let (_, raw) = all_consuming(alt((removal_only, turn)))
        .parse(text)
        .map_err(|_| NotationError::expected(EXPECTED))?;
    let texts = || raw.from.iter().chain(&raw.to).chain(&raw.removals);
    let numeric = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
    if texts().any(numeric) && !texts().all(numeric) {
        return Err(NotationError::expected(
            "points all written one way, as names (d1-d2xe4) or numbers (23-20x13)",
        ));
    }
    let spot = |t: &str| {
        board.parse_point(t).ok_or_else(|| {
            NotationError::expected(format!(
                "a point of the board, a1-g7 or 1-24 (\"{t}\" is not one)"
            ))
        })
    };
    let removals = raw
        .removals
        .iter()
        .map(|t| spot(t))
        .collect::<Result<Vec<_>, _>>()?;
    let action = match (raw.from, raw.to) {
        (Some(from), Some(to)) => Action::Move {
            from: spot(from)?,
            to: spot(to)?,
        },
        (None, Some(to)) => Action::Place(spot(to)?),
        _ => return Ok(Token::Removal(removals)),
    };
    Ok(Token::Turn { action, removals })
}

/// A point in the configured notation.
fn point(config: &Config, s: Spot) -> String {
    match config.notation {
        Notation::Algebraic => config.board.name(s),
        Notation::Numeric => config.board.number(s).to_string(),
    }
}

/// The canonical text of a move (`d1-d2xe4`, `xd7`, or numeric).
pub fn write(config: &Config, mv: &Move) -> String {
    let x = |s: Option<Spot>| s.map_or(String::new(), |s| format!("x{}", point(config, s)));
    match *mv {
        Move::Turn { action, removals } => {
            let action = match action {
                Action::Place(to) => point(config, to),
                Action::Move { from, to } => {
                    format!("{}-{}", point(config, from), point(config, to))
                }
            };
            removals.iter().fold(action, |text, v| text + &x(Some(v)))
        }
        Move::Removal(s) => x(Some(s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let pieces = [
            "a1", "d2", "g7", "D7", "b1", "h1", "a0", "x", "X", "-", "1", "d", "20",
        ];
        for diagonals in [false, true] {
            let board = MillBoard::get(diagonals);
            let read = crate::games::testing::quick_reading_agrees(
                &pieces,
                4,
                &["d2", "xd7", "d1-d2", "d2xe4", "D1-d2Xe4"],
                |text| common(board, text),
                |text| parse_by_grammar(board, text),
            );
            assert!(read > 50, "{read}");
        }
    }
}
