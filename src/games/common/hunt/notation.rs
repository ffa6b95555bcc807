//! Move tokens of the hunt games, read with nom and written back.
//!
//! | move | token |
//! |---|---|
//! | a lama or man from hand (R5, V2) | `@d3` |
//! | a goat from hand (Bagh-chal R2: the variant's drop mark is empty) | `c3` |
//! | a step of any piece (R2, R6, V2, V4) | `c3-c2` |
//! | a prince's capture chain, every landing point (R3, R4) | `e5xc3xa1xe1` |
//! | the same, short: first and last point (and any middle ones) | `e5xe1` |
//! | a tiger's jump over an odd run of men (V3) | `c3xc7` |
//! | Rimau-rimau's opening removal (V1), optional tiger relocation | `*b4,c5,d6`, `*b4,c5,d6/c7-a1` |
//!
//! Which of these a variant reads follows from its data: the drop's mark, the opening
//! removal only where the first turn is one. Letters and the `x` may be upper case. The opening's removals may be listed in any
//! order (written in the board's order, rank by rank from `a1`); a repeated point is
//! read, so that the rules can refuse it by name.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::multi::{many1, separated_list1};
use nom::sequence::{pair, preceded, separated_pair};

use super::moves::Move;
use super::{Hunt, Opening};
use crate::games::NotationError;
use crate::games::common::Point;
use crate::games::common::board::short_name;

/// What a token says, points resolved to the board but nothing checked against the
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `@d3`.
    Drop(Point),
    /// `c3-c2` (two points joined by `-`) or a capture `e5xc3xa1` (joined by `x`).
    Line { points: Vec<Point>, capture: bool },
    /// `*b4,c5,d6` with an optional `/c7-a1` (Rimau-rimau only).
    Opening {
        removed: Vec<Point>,
        relocation: Option<(Point, Point)>,
    },
}

/// The token as text pieces, before the points are looked up.
enum Raw<'a> {
    Drop(&'a str),
    Line(&'a str, Vec<(char, &'a str)>),
    Opening(Vec<&'a str>, Option<(&'a str, &'a str)>),
}

type Result<'a, T> = nom::IResult<&'a str, T>;

fn name(input: &str) -> Result<'_, &str> {
    recognize(pair(satisfy(|c| c.is_ascii_alphabetic()), digit1)).parse(input)
}

/// A drop: the variant's mark (`@`, or nothing), then the point.
fn drop<'a>(mark: &'static str) -> impl Fn(&'a str) -> Result<'a, Raw<'a>> {
    move |input| preceded(tag(mark), name).map(Raw::Drop).parse(input)
}

fn line(input: &str) -> Result<'_, Raw<'_>> {
    (name, many1((one_of("-xX"), name)))
        .map(|(first, rest)| Raw::Line(first, rest))
        .parse(input)
}

fn opening(input: &str) -> Result<'_, Raw<'_>> {
    preceded(
        tag("*"),
        (
            separated_list1(tag(","), name),
            opt(preceded(tag("/"), separated_pair(name, tag("-"), name))),
        ),
    )
    .map(|(removed, relocation)| Raw::Opening(removed, relocation))
    .parse(input)
}

fn expected(hunt: &Hunt) -> NotationError {
    NotationError::expected(hunt.variant.tokens)
}

/// Reads one move token.
///
/// # Errors
/// Text that is not a token of the variant (Kungser has no opening removal), a
/// name that is not a point of the board, or `-` and `x` mixed.
pub fn parse(hunt: &Hunt, text: &str) -> std::result::Result<Token, NotationError> {
    match common(hunt, text) {
        Some(token) => Ok(token),
        None => parse_by_grammar(hunt, text),
    }
}

/// The common tokens — `@d3` (or `c3`), `c3-c2`, `e5xc3xa1` with one-letter, one-digit names —
/// read without the grammar: the token [`parse`] makes of them (a test holds the two
/// together), or `None` for anything else.
fn common(hunt: &Hunt, text: &str) -> Option<Token> {
    let bytes = text.as_bytes();
    let point = |at: usize| hunt.geo.board.parse_point(short_name(text, at)?);
    let mark = hunt.variant.drop_mark.len();
    if bytes.len() == mark + 2 && text.starts_with(hunt.variant.drop_mark) {
        return Some(Token::Drop(point(mark)?));
    }
    match bytes {
        [_, _, b'-', _, _] => Some(Token::Line {
            points: vec![point(0)?, point(3)?],
            capture: false,
        }),
        _ if bytes.len() % 3 == 2 && bytes.len() > 2 => {
            let points = (0..bytes.len())
                .step_by(3)
                .map(|at| {
                    let joined = at == 0 || matches!(bytes[at - 1], b'x' | b'X');
                    joined.then(|| point(at))?
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Token::Line {
                points,
                capture: true,
            })
        }
        _ => None,
    }
}

/// [`parse`] for any token, with what was expected where it goes wrong.
fn parse_by_grammar(hunt: &Hunt, text: &str) -> std::result::Result<Token, NotationError> {
    let (_, raw) = all_consuming(alt((opening, line, drop(hunt.variant.drop_mark))))
        .parse(text)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| expected(hunt))?;
    let point = |t: &str| {
        hunt.geo.board.parse_point(t).ok_or_else(|| {
            NotationError::expected(format!(
                "a point of the board ({}), not \"{t}\"",
                hunt.variant.points
            ))
        })
    };
    match raw {
        Raw::Drop(to) => Ok(Token::Drop(point(to)?)),
        Raw::Opening(removed, relocation) => {
            if !matches!(hunt.variant.opening, Opening::Removal { .. }) {
                return Err(expected(hunt));
            }
            let removed = removed
                .into_iter()
                .map(point)
                .collect::<std::result::Result<Vec<_>, _>>()?;
            let relocation = match relocation {
                Some((from, to)) => Some((point(from)?, point(to)?)),
                None => None,
            };
            Ok(Token::Opening {
                removed,
                relocation,
            })
        }
        Raw::Line(first, rest) => {
            let capture = rest[0].0 != '-';
            if rest.iter().any(|(sep, _)| (*sep != '-') != capture) {
                return Err(NotationError::expected(
                    "one kind of separator: - for a step, x between the landing points of \
                     a capture",
                ));
            }
            if !capture && rest.len() > 1 {
                return Err(NotationError::expected(
                    "a step with two points (c3-c2); a capture's landing points are joined by x",
                ));
            }
            let points = std::iter::once(first)
                .chain(rest.into_iter().map(|(_, p)| p))
                .map(point)
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(Token::Line { points, capture })
        }
    }
}

/// The canonical text of a move: `@d3`, `c3-c2`, `e5xc3xa1xe1` (every landing point),
/// `*b4,c5,d6/c7-a1`.
pub fn write(hunt: &Hunt, mv: &Move) -> String {
    let name = |p: Point| hunt.geo.name(p).to_string();
    match mv {
        Move::Drop(to) => format!("{}{}", hunt.variant.drop_mark, name(*to)),
        Move::Step { from, to } => format!("{}-{}", name(*from), name(*to)),
        Move::Capture { from, landings, .. } => std::iter::once(*from)
            .chain(landings.iter().copied())
            .map(name)
            .collect::<Vec<_>>()
            .join("x"),
        Move::Opening {
            removed,
            relocation,
        } => {
            let mut text = format!(
                "*{}",
                removed
                    .iter()
                    .map(|&p| name(p))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            if let Some((from, to)) = relocation {
                text.push_str(&format!("/{}-{}", name(*from), name(*to)));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::hunt::Variant;
    use crate::games::{kungser, rimau_rimau};

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let pieces = [
            "@", "a1", "c3", "E9", "f1", "a0", "x", "X", "-", "1", "*", ",",
        ];
        // The variants of the 37-point board, with their default options.
        let variants: [&'static Variant; 2] = [&kungser::RULES, &rimau_rimau::RULES];
        for variant in variants {
            let hunt = Hunt::new(variant);
            let read = crate::games::testing::quick_reading_agrees(
                &pieces,
                4,
                &["@d3", "c3-c2", "e5xc3", "e5Xc3xa1xe1"],
                |text| common(&hunt, text),
                |text| parse_by_grammar(&hunt, text),
            );
            assert!(read > 20, "{read}");
        }
    }
}
