//! The move tokens of §1, read with nom: a file letter (`c`), a move with its line
//! (`b4-c4xc6`, `b4-c4xc6,c7,c8`, `b4-c4`), a bell corner (`xk11`) and a bell jump
//! path (`a1-c1-e1-g1`).

use nom::branch::alt;
use nom::character::complete::{char, satisfy, u8 as small};
use nom::combinator::{map, map_opt, opt};
use nom::multi::separated_list1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::position::Sq;
use crate::games::NotationError;

/// A move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// emas phase 1: the file of the half-file taken (E1, E2).
    File(u8),
    /// `from-to[-…]` with an optional `x` part: an emas KA move and its line, or a bell
    /// jump chain.
    Path { cells: Cells, line: Option<Cells> },
    /// `x<cell>` alone: bell's corner removal (B1).
    Take(Cells),
}

/// The cells a token names, held in place up to eight (a move and its line of a
/// record allocate nothing).
pub type Cells = smallvec::SmallVec<[Sq; 8]>;

/// A cell `a1`–`k11`.
fn cell(input: &str) -> IResult<&str, Sq> {
    map_opt(
        (satisfy(|c| ('a'..='k').contains(&c)), small),
        |(letter, rank)| {
            if !(1..=11).contains(&rank) {
                return None;
            }
            Sq::at(i32::from(letter as u8 - b'a' + 1), i32::from(rank))
        },
    )
    .parse(input)
}

fn cells_after_x(input: &str) -> IResult<&str, Cells> {
    map(
        preceded(char('x'), separated_list1(char(','), cell)),
        Cells::from_vec,
    )
    .parse(input)
}

fn token(input: &str) -> IResult<&str, Token> {
    alt((
        map(
            (separated_list1(char('-'), cell), opt(cells_after_x)),
            |(cells, line)| Token::Path {
                cells: Cells::from_vec(cells),
                line,
            },
        ),
        map(cells_after_x, Token::Take),
        map(satisfy(|c| ('a'..='k').contains(&c)), |c| {
            Token::File(c as u8 - b'a' + 1)
        }),
    ))
    .parse(input)
}

/// Reads a move token.
///
/// # Errors
/// What was expected where the text stops making sense.
pub fn parse_token(text: &str) -> Result<Token, NotationError> {
    common(text).map_or_else(|| parse_by_grammar(text), Ok)
}

/// The tokens of most records — a file letter, a move with its line — read without
/// the grammar; `None` for anything else, which [`parse_by_grammar`] reads or refuses.
fn common(text: &str) -> Option<Token> {
    let bytes = text.as_bytes();
    if let [letter @ b'a'..=b'k'] = *bytes {
        return Some(Token::File(letter - b'a' + 1));
    }
    let (cells, at) = joined(bytes, 0, b'-')?;
    let (line, at) = match bytes.get(at) {
        Some(b'x') => joined(bytes, at + 1, b',').map(|(line, at)| (Some(line), at))?,
        _ => (None, at),
    };
    (cells.len() >= 2 && at == bytes.len()).then_some(Token::Path { cells, line })
}

/// Cells joined by `sep` from `at` on, up to eight (a longer list is left to the
/// grammar): the cells and where they end. Gathered in an array, then made [`Cells`]
/// at once.
fn joined(bytes: &[u8], mut at: usize, sep: u8) -> Option<(Cells, usize)> {
    let mut cells = [Sq(0); 8];
    let mut count = 0;
    loop {
        let (sq, len) = cell_at(bytes, at)?;
        *cells.get_mut(count)? = sq;
        count += 1;
        at += len;
        if bytes.get(at) != Some(&sep) {
            return Some((Cells::from_buf_and_len(cells, count), at));
        }
        at += 1;
    }
}

/// The cell `a1`-`k11` written at `at`, and its length; `None` unless the cell ends
/// there (no further digit).
fn cell_at(bytes: &[u8], at: usize) -> Option<(Sq, usize)> {
    let file = match *bytes.get(at)? {
        letter @ b'a'..=b'k' => letter - b'a' + 1,
        _ => return None,
    };
    let (rank, len) = match bytes.get(at + 1..)? {
        [b'1', second @ (b'0' | b'1'), ..] => (10 + second - b'0', 3),
        [first @ b'1'..=b'9', ..] => (first - b'0', 2),
        _ => return None,
    };
    if bytes.get(at + len).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    Sq::at(i32::from(file), i32::from(rank)).map(|sq| (sq, len))
}

/// [`parse_token`] for any token, with what was expected where it goes wrong.
fn parse_by_grammar(text: &str) -> Result<Token, NotationError> {
    const FORMS: &str = "a file letter a-k (c), a move with its line (b4-c4xc6), \
                         a corner (xk11) or a jump path (a1-c1-e1)";
    match token(text) {
        Ok(("", Token::Path { cells, .. })) if cells.len() < 2 => Err(NotationError::expected(
            format!("a move from one cell to another, e.g. b4-c4, found \"{text}\" ({FORMS})"),
        )),
        Ok(("", token)) => Ok(token),
        Ok((rest, _)) => {
            let read = &text[..text.len() - rest.len()];
            Err(NotationError::expected(format!(
                "the end of the move after \"{read}\", found \"{rest}\" (cells are a1-k11; \
                 a move is {FORMS})"
            )))
        }
        Err(_) => Err(NotationError::expected(format!(
            "{FORMS}, found \"{text}\" (cells are a1-k11)"
        ))),
    }
}

/// Writes cells joined by `sep`.
pub fn join(cells: &[Sq], sep: &str) -> String {
    cells
        .iter()
        .map(Sq::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_tokens_read_as_the_grammar_does() {
        let pieces = [
            "a", "k", "l", "c1", "c10", "k11", "c12", "c0", "-", "x", ",", "1",
        ];
        let read = crate::games::testing::quick_reading_agrees(
            &pieces,
            5,
            &["c", "c1-b1xd1", "g8-g10xf10", "b4-c4xc6,c7,c8", "a1-c1-e1"],
            common,
            parse_by_grammar,
        );
        assert!(read > 50, "{read}");
    }

    /// The quick reading holds up to eight cells a list; longer paths and lines are
    /// read by the grammar, with the same result.
    #[test]
    fn lists_longer_than_eight_cells_read_as_the_grammar_does() {
        let path = |n: usize| -> Vec<String> { (1..=n).map(|r| format!("c{r}")).collect() };
        for n in [7, 8, 9, 10, 11] {
            let jumps = path(n).join("-");
            let line = format!("b4-c4x{}", path(n).join(","));
            for text in [jumps, line] {
                assert_eq!(parse_token(&text), parse_by_grammar(&text), "{text}");
                assert_eq!(common(&text).is_some(), n <= 8, "{text}");
            }
        }
    }
}
