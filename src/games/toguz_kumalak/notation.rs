//! The notation of §1: the move token (`87(10)`, `68X`, `5`) and the position string
//! (`S:…/N:…/K:…/T:…/M:…`), read with nom and written back.
//!
//! A [`Token`] is what the record *says*; nothing here knows whether it is true. The
//! marks are checked against the replay in `rules.rs`.

use nom::branch::alt;
use nom::character::complete::{anychar, char, satisfy, u32 as number};
use nom::combinator::{map, map_opt, opt, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::position::{Position, ROW, Side};
use crate::games::{Invalid, NotationError, PositionError};
use crate::games::common::mancala::{Sections, push_count};

/// The marks a move may carry after its landing digit (§1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TuzdykMark {
    /// `X`, as PlayOK writes it.
    Latin,
    /// `x`, as desktop programs write it.
    LatinSmall,
    /// `х` (U+0445), as federation score sheets write it.
    Cyrillic,
}

/// A move token as written: `P`, `PL`, then optional marks `X` and `(N)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The pit the mover empties, 1–9 on the mover's side.
    pub pit: u8,
    /// The number, 1–9, of the pit where the last stone lands (either side).
    pub landing: Option<u8>,
    /// The move claims to make a tuzdyk.
    pub tuzdyk: Option<TuzdykMark>,
    /// The mover's kazan total after the move, `(N)`.
    pub kazan: Option<u32>,
}

/// A pit or landing number: one digit 1–9.
fn pit_digit(input: &str) -> IResult<&str, u8> {
    map(satisfy(|c| ('1'..='9').contains(&c)), |c| c as u8 - b'0').parse(input)
}

/// `X`, `x` or the Cyrillic `х`.
fn tuzdyk_mark(input: &str) -> IResult<&str, TuzdykMark> {
    // One character read and matched, not three parsers tried in turn: this runs
    // after every landing digit.
    map_opt(anychar, |c| match c {
        'X' => Some(TuzdykMark::Latin),
        'x' => Some(TuzdykMark::LatinSmall),
        'х' => Some(TuzdykMark::Cyrillic),
        _ => None,
    })
    .parse(input)
}

/// `(N)`: the mover's kazan after the move.
fn kazan_mark(input: &str) -> IResult<&str, u32> {
    delimited(char('('), number, char(')')).parse(input)
}

/// `P`, `PL`, `PLX`, `PL(N)`, `PLX(N)`, without checking that the whole input is used.
fn token(input: &str) -> IResult<&str, Token> {
    map(
        (pit_digit, opt(pit_digit), opt(tuzdyk_mark), opt(kazan_mark)),
        |(pit, landing, tuzdyk, kazan)| Token {
            pit,
            landing,
            tuzdyk,
            kazan,
        },
    )
    .parse(input)
}

/// Reads a move token.
///
/// # Errors
/// What was expected where the text stops making sense.
#[inline(always)]
pub fn parse_token(text: &str) -> Result<Token, NotationError> {
    // Most moves of an archive are `PL`, `P`, `PLX` or `PL(N)`: read at once, the
    // same token the grammar below makes of them (a test holds the two together).
    match common_token(text) {
        Some(token) => Ok(token),
        None => parse_by_grammar(text),
    }
}

/// [`parse_token`] for any token, with what was expected where it goes wrong.
#[inline(never)]
fn parse_by_grammar(text: &str) -> Result<Token, NotationError> {
    match token(text) {
        Ok(("", token)) => Ok(token),
        Ok((rest, parsed)) => {
            let read = &text[..text.len() - rest.len()];
            Err(NotationError::expected(if rest.starts_with('(') {
                format!(
                    "the kazan count as digits in parentheses after \"{read}\", e.g. 87(10), found \"{rest}\""
                )
            } else if parsed.landing.is_none() && rest.starts_with('0') {
                format!(
                    "a landing pit 1-9 after \"{read}\", found \"{rest}\" (pits are numbered 1-9)"
                )
            } else {
                format!(
                    "the end of the move after \"{read}\", found \"{rest}\" \
                     (a move is the pit played and the landing pit, then optionally \
                     a tuzdyk mark X and the kazan count (N), e.g. 68X or 87(10))"
                )
            }))
        }
        Err(_) => Err(NotationError::expected(match text.chars().next() {
            None => "a move: the pit played 1-9 and the landing pit 1-9, e.g. 87".to_string(),
            Some(c) if c.is_ascii_digit() => format!(
                "a pit number 1-9 at the start of \"{text}\" (pits are numbered 1-9, not {c})"
            ),
            Some(_) => {
                format!("a move starting with the pit played, 1-9, e.g. 87(10), found \"{text}\"")
            }
        })),
    }
}

/// `P`, `PL`, `PLX` or `PL(N)` with at most three digits of `N`: the tokens of
/// PlayOK's archives, read without the grammar.
#[inline(always)]
fn common_token(text: &str) -> Option<Token> {
    let digit = |b: &u8| (b'1'..=b'9').contains(b).then(|| b - b'0');
    let (pit, landing, marks) = match text.as_bytes() {
        [p] => (digit(p)?, None, &[][..]),
        [p, l, marks @ ..] => (digit(p)?, Some(digit(l)?), marks),
        _ => return None,
    };
    let (tuzdyk, kazan) = match marks {
        [] => (None, None),
        [b'X'] => (Some(TuzdykMark::Latin), None),
        [b'(', count @ .., b')'] if (1..=3).contains(&count.len()) => {
            let mut kazan = 0;
            for b in count {
                if !b.is_ascii_digit() {
                    return None;
                }
                kazan = kazan * 10 + u32::from(b - b'0');
            }
            (None, Some(kazan))
        }
        _ => return None,
    };
    Some(Token {
        pit,
        landing,
        tuzdyk,
        kazan,
    })
}

/// Writes a move in the canonical form: `PL`, `X` if it made a tuzdyk, `(N)` with the
/// mover's kazan if it was an even capture (PlayOK's practice, see `mod.rs`).
pub fn write_token(pit: u8, landing: u8, tuzdyk: bool, kazan: Option<u8>) -> String {
    let mut text = String::with_capacity(8);
    text.push(char::from(b'0' + pit));
    text.push(char::from(b'0' + landing));
    if tuzdyk {
        text.push('X');
    }
    if let Some(k) = kazan {
        text.push('(');
        push_count(&mut text, u32::from(k));
        text.push(')');
    }
    text
}

/// Checks the checkpoint `[%kazans S N]` (South's kazan, then North's; a space, comma
/// or colon between them) against the kazans `[south, north]` of the position.
///
/// # Errors
/// A value that is not two counts, or the kazans as they are.
pub fn check_kazans(value: &str, [south, north]: [u8; 2]) -> Result<(), Invalid> {
    let counts: Vec<&str> = value
        .split([' ', ',', ':'])
        .filter(|part| !part.is_empty())
        .collect();
    let written = match counts[..] {
        [s, n] => s.parse::<u32>().ok().zip(n.parse::<u32>().ok()),
        _ => None,
    };
    let Some((s, n)) = written else {
        return Err(Invalid(format!(
            "[%kazans {value}] should hold the two kazans, South's then North's, e.g. \
             [%kazans 54 38]"
        )));
    };
    if (s, n) == (u32::from(south), u32::from(north)) {
        return Ok(());
    }
    Err(Invalid(format!(
        "the kazans hold {south} (South) and {north} (North), not {s} and {n}"
    )))
}

/// The shape of a position string, for error messages.
const SHAPE: &str =
    "S:<9 counts>/N:<9 counts>/K:<kazan S>,<kazan N>/T:<S's tuzdyk>,<N's tuzdyk>/M:<S or N>";

/// A tuzdyk field: a pit number or `-`.
fn tuzdyk_field(input: &str) -> IResult<&str, Option<u32>> {
    alt((value(None, char('-')), map(number, Some))).parse(input)
}

/// Reads the position string of §1.
///
/// # Errors
/// A sentence naming the section or rule that is broken.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let mut sections = Sections::new(text, SHAPE);
    let south: [u32; ROW] = sections.row(Side::South)?;
    let north: [u32; ROW] = sections.row(Side::North)?;
    let kazans = sections.pair("K:", "the two kazans, S's then N's, e.g. K:10,0")?;
    let tuzdyks = sections.next(
        "T:",
        "the N pit that is S's tuzdyk and the S pit that is N's tuzdyk, or - for none, e.g. T:-,1",
        (tuzdyk_field, preceded(char(','), tuzdyk_field)),
    )?;
    let to_move = sections.to_move()?;
    let tuzdyk = |t: Option<u32>| -> Result<Option<u8>, PositionError> {
        t.map(|n| {
            u8::try_from(n)
                .ok()
                .filter(|n| (1..=ROW as u8).contains(n))
                .ok_or_else(|| {
                    PositionError::impossible(format!(
                        "tuzdyk pit {n} does not exist: pits are numbered 1-9"
                    ))
                })
        })
        .transpose()
    };
    Position::from_parts(
        [south, north],
        [kazans.0, kazans.1],
        [tuzdyk(tuzdyks.0)?, tuzdyk(tuzdyks.1)?],
        to_move,
    )
    .map_err(|e| PositionError::impossible(e.0))
}

/// Writes the position string of §1; [`parse_position`] reads it back.
pub fn write_position(position: &Position) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(64);
    for side in Side::BOTH {
        if side == Side::North {
            text.push('/');
        }
        text.push(side.letter());
        text.push(':');
        for (i, count) in position.row(side).iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            let _ = write!(text, "{count}");
        }
    }
    let [ks, kn] = position.kazans();
    let tuzdyk = |side| {
        position
            .tuzdyk(side)
            .map_or_else(|| "-".to_string(), |p| p.number().to_string())
    };
    let _ = write!(
        text,
        "/K:{ks},{kn}/T:{},{}/M:{}",
        tuzdyk(Side::South),
        tuzdyk(Side::North),
        position.to_move().letter()
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let alphabet = ["0", "1", "5", "9", "X", "x", "(", ")", "a", "х"];
        let mut texts = crate::testing::concatenations(&alphabet, 4);
        texts.extend(
            [
                "87(10)", "87(0)", "87(007)", "87(162)", "87(1234)", "87()", "8(10)", "87X(10)",
            ]
            .map(String::from),
        );
        for text in texts {
            let by_grammar = match token(&text) {
                Ok(("", t)) => Some(t),
                _ => None,
            };
            if let Some(quick) = common_token(&text) {
                assert_eq!(Some(quick), by_grammar, "{text}");
            }
        }
        assert!(common_token("87(10)").is_some() && common_token("68X").is_some());
    }
}
