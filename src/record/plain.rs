//! The quick reading of a plain game: tags and movetext walked in place, with no
//! [`GameRecord`](super::GameRecord) built, for the common case of an archive — tags,
//! numbered moves, comments and annotations, a result.
//!
//! It reads exactly what [`parse_games`](super::parse_games) reads, or gives up: the
//! first thing that is not plain (a variation, an escaped tag value, a syntax error,
//! a second game in the same text, anything not ASCII outside comments and tag
//! values…) makes [`Plain::read`] or [`Moves::next`] say [`Unusual`], and the caller
//! reads the game the full way, where every such thing has its exact diagnostic. So
//! the quick reading never has to be right about the unusual, only to notice it.
//! Nothing here allocates but the list of tags.

use super::parser::{MAX_ITEMS, MAX_NAG, ends_token, split_tag_line, suffix_nag};
use super::{Termination, parse_result, resync_point};

/// The most tags a plain game has. Each tag is compared with those before it (a tag
/// given twice is a warning): past a few dozen, that is time quadratic in their number
/// (100,000 distinct tags, a hostile record, took 96 s in a debug build), so a game
/// with more is read the full way, which finds a tag given twice with a map.
const MOST_TAGS: usize = 64;

/// Something the quick reading leaves to the full parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unusual;

/// A game's tags, read in place, and its movetext still to walk.
#[derive(Debug)]
pub struct Plain<'a> {
    /// Name and value of every tag, in order; no name appears twice.
    pub tags: Vec<(&'a str, &'a str)>,
    movetext: &'a str,
}

/// A move token of the movetext and the number written before it (`12.` or `12...`:
/// the number and whether it is a continuation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMove<'a> {
    pub number: Option<(u32, bool)>,
    pub text: &'a str,
}

/// One step through the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    Move(PlainMove<'a>),
    /// The end of the game, with its movetext's termination marker if it has one.
    End(Option<Termination>),
}

impl<'a> Plain<'a> {
    /// Reads the tags of the one game `text` holds.
    ///
    /// # Errors
    /// [`Unusual`]: a tag the full parser reads otherwise (an escape in its value, a
    /// syntax error), a tag given twice (a warning), more than [`MOST_TAGS`] tags.
    pub fn read(text: &'a str) -> Result<Plain<'a>, Unusual> {
        let mut at = 0;
        let mut tags: Vec<(&str, &str)> = Vec::with_capacity(16);
        loop {
            at = skip_blank(text, at)?;
            if text.as_bytes().get(at) != Some(&b'[') {
                break;
            }
            let rest = &text[at..];
            let (name, value, len) = match simple_tag(rest) {
                Some(tag) => tag,
                None => {
                    let line =
                        &rest[..memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len())];
                    let line = line.strip_suffix('\r').unwrap_or(line);
                    let (name, value, len) = split_tag_line(line).map_err(|_| Unusual)?;
                    // An escape, or a quote no backslash escapes (a warning).
                    if value.contains(['\\', '"']) {
                        return Err(Unusual);
                    }
                    (name, value, len)
                }
            };
            // Names told apart by length and first letter before their bytes compare.
            let same = |n: &&str| {
                n.len() == name.len() && n.as_bytes()[0] == name.as_bytes()[0] && *n == name
            };
            if tags.len() == MOST_TAGS || tags.iter().any(|(n, _)| same(n)) {
                return Err(Unusual);
            }
            tags.push((name, value));
            at += len;
        }
        Ok(Plain {
            tags,
            movetext: &text[at..],
        })
    }

    /// The value of the tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&'a str> {
        self.tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// The moves, one step at a time.
    pub fn moves(&self) -> Moves<'a> {
        Moves {
            text: self.movetext,
            at: 0,
            items: self.tags.len(),
            number: None,
            result: None,
            moved: false,
        }
    }
}

/// A walk through the movetext of a plain game.
#[derive(Debug)]
pub struct Moves<'a> {
    text: &'a str,
    at: usize,
    /// Tags, moves, comments and annotations so far (the full parser keeps at most
    /// [`MAX_ITEMS`]).
    items: usize,
    /// A move number waiting for its move.
    number: Option<(u32, bool)>,
    result: Option<Termination>,
    /// A move has been read (an annotation needs one to follow).
    moved: bool,
}

impl<'a> Moves<'a> {
    /// The next move, or the end of the game.
    ///
    /// # Errors
    /// [`Unusual`]: anything the full parser reads as more than a plain game.
    #[allow(clippy::should_implement_trait)]
    #[inline(always)]
    pub fn next(&mut self) -> Result<Step<'a>, Unusual> {
        let bytes = self.text.as_bytes();
        loop {
            // White space beyond ASCII, or a `%` escape line, is not blank here: it
            // reaches a token below, which finds it unusual.
            let mut at = self.at;
            while let Some(&b) = bytes.get(at)
                && BLANK[usize::from(b)]
            {
                at += 1;
            }
            self.at = at;
            let Some(&c) = bytes.get(self.at) else {
                // Text with nothing the parser keeps (a stray `19.`) is no game at all.
                if self.items == 0 && self.result.is_none() {
                    return Err(Unusual);
                }
                return Ok(Step::End(self.result));
            };
            if self.result.is_some() && c != b'{' && c != b';' {
                return Err(Unusual); // another game follows in the same text
            }
            let token = match c {
                b'{' => {
                    self.comment()?;
                    continue;
                }
                b';' => {
                    let rest = &bytes[self.at..];
                    let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
                    if memchr::memmem::find(&rest[..len], b"[%").is_some() {
                        return Err(Unusual); // a comment command, as in `{…}`
                    }
                    self.at += len;
                    self.count()?;
                    continue;
                }
                b'$' => {
                    self.nag()?;
                    continue;
                }
                b'!' | b'?' => {
                    self.glyph()?;
                    continue;
                }
                // A move number, or the digits a move token starts with: read once.
                b'0'..=b'9' => match self.move_number()? {
                    0 => continue,
                    digits => self.token(self.at + digits)?,
                },
                _ => self.token(self.at)?,
            };
            if let Some(step) = token {
                return Ok(step);
            }
        }
    }

    fn count(&mut self) -> Result<(), Unusual> {
        self.items += 1;
        if self.items > MAX_ITEMS {
            return Err(Unusual);
        }
        Ok(())
    }

    /// `{…}`, closed, and not running into the next game's tags.
    fn comment(&mut self) -> Result<(), Unusual> {
        let body = &self.text[self.at + 1..];
        let close = memchr::memchr(b'}', body.as_bytes()).ok_or(Unusual)?;
        if memchr::memchr(b'\n', &body.as_bytes()[..close]).is_some()
            && resync_point(&body[..close]).is_some()
        {
            return Err(Unusual);
        }
        // A comment command (`[%pos …]`, a checkpoint) is for the full replay to check.
        if memchr::memmem::find(&body.as_bytes()[..close], b"[%").is_some() {
            return Err(Unusual);
        }
        self.at += close + 2;
        self.count()
    }

    /// `$12`, after a move.
    fn nag(&mut self) -> Result<(), Unusual> {
        let rest = &self.text.as_bytes()[self.at + 1..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let code: u16 = self.text[self.at + 1..self.at + 1 + digits]
            .parse()
            .map_err(|_| Unusual)?;
        if code > MAX_NAG || !self.moved {
            return Err(Unusual);
        }
        self.at += 1 + digits;
        self.count()
    }

    /// `!`, `?!`…, after a move.
    fn glyph(&mut self) -> Result<(), Unusual> {
        let rest = &self.text.as_bytes()[self.at..];
        let len = rest.iter().take_while(|&&b| b == b'!' || b == b'?').count();
        if suffix_nag(&self.text[self.at..self.at + len]).is_none() || !self.moved {
            return Err(Unusual);
        }
        self.at += len;
        self.count()
    }

    /// `12.` or `12...` (a run of dots, as the full parser reads it), read and kept;
    /// gives 0 then, or else the number of digits that start a move token here.
    #[inline(always)]
    fn move_number(&mut self) -> Result<usize, Unusual> {
        let bytes = self.text.as_bytes();
        let (mut end, mut number) = (self.at, 0u32);
        while let Some(&b) = bytes.get(end)
            && b.is_ascii_digit()
        {
            number = number.wrapping_mul(10).wrapping_add(u32::from(b - b'0'));
            end += 1;
        }
        let digits = end - self.at;
        while bytes.get(end) == Some(&b'.') {
            end += 1;
        }
        if end == self.at + digits {
            return Ok(digits);
        }
        // Nine digits always fit (the number above is exact); longer numbers are left
        // to the parser.
        if digits > 9 {
            return Err(Unusual);
        }
        // A number read and not used by a move is replaced, as the full parser does.
        self.number = Some((number, end - self.at - digits > 1));
        self.at = end;
        Ok(0)
    }

    /// A move token or a result, read as the full parser reads tokens: up to white
    /// space or a delimiter, keeping a count in parentheses written right against
    /// it (PlayOK's `87(10)`).
    /// The bytes from the token's start up to `end` are already known to be in it.
    #[inline(always)]
    fn token(&mut self, end: usize) -> Result<Option<Step<'a>>, Unusual> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut end = end;
        while let Some(&b) = bytes.get(end) {
            if !STOPS[usize::from(b)] {
                end += 1;
                continue;
            }
            if !b.is_ascii() || b == b'%' {
                return Err(Unusual);
            }
            if b == b'(' && end > start {
                let rest = &bytes[end + 1..];
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                if digits > 0 && rest.get(digits) == Some(&b')') {
                    end += digits + 2;
                    continue;
                }
            }
            debug_assert!(ends_token(char::from(b)));
            break;
        }
        if end == start || bytes[start] == b'.' {
            // A delimiter the movetext of a plain game has not (a variation, a stray
            // bracket), or a `...` placeholder.
            return Err(Unusual);
        }
        self.at = end;
        // (Sliced from the start, then to the length: two checks the compiler inlines,
        // where the one of a range it would call.)
        let text = &self.text[start..][..end - start];
        if let Some(result) = parse_result(text) {
            self.result = Some(result);
            return Ok(None);
        }
        self.count()?;
        self.moved = true;
        Ok(Some(Step::Move(PlainMove {
            number: self.number.take(),
            text,
        })))
    }
}

/// `[Name "value"]` alone on its line, the form nearly every tag takes: its name,
/// its value and its length, read at once. Gives `None` for anything else (a value
/// with an escape or a line break, space other than one blank, text after the `]`),
/// which [`split_tag_line`] reads; where this reads a tag, that reads the same.
#[inline]
fn simple_tag(rest: &str) -> Option<(&str, &str, usize)> {
    let bytes = rest.as_bytes();
    let name_len = bytes[1..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        .count();
    let open = 1 + name_len;
    if name_len == 0 || bytes.get(open..open + 2) != Some(b" \"") {
        return None;
    }
    let start = open + 2;
    // Values are short: a plain loop beats memchr's setup here.
    let close = start
        + bytes[start..]
            .iter()
            .position(|&b| matches!(b, b'"' | b'\\' | b'\n'))?;
    let after = &bytes[close..];
    let ends_line = matches!(after, [b'"', b']'] | [b'"', b']', b'\n' | b'\r', ..]);
    let crlf_or_lf = !matches!(after, [_, _, b'\r', next, ..] if *next != b'\n');
    (ends_line && crlf_or_lf).then(|| (&rest[1..open], &rest[start..close], close + 2))
}

/// The bytes the inner loop of [`Moves::token`] stops at: those that end a token
/// ([`ends_token`] of an ASCII character) and those that make it unusual (`%`,
/// anything beyond ASCII).
const STOPS: [bool; 256] = {
    let mut stops = [false; 256];
    let mut b = 0;
    while b < 256 {
        stops[b] = b >= 0x80
            || matches!(
                b as u8,
                b'\t'
                    | b'\n'
                    | 0x0b
                    | 0x0c
                    | b'\r'
                    | b' '
                    | b'{'
                    | b'}'
                    | b'('
                    | b')'
                    | b';'
                    | b'$'
                    | b'['
                    | b']'
                    | b'!'
                    | b'?'
                    | b'%'
            );
        b += 1;
    }
    stops
};

/// The bytes of ASCII white space, which the parser skips between tokens.
const BLANK: [bool; 256] = {
    let mut blank = [false; 256];
    let mut b = 0;
    while b < 256 {
        blank[b] = matches!(b as u8, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
        b += 1;
    }
    blank
};

/// Skips ASCII white space from `at`; anything the full parser skips otherwise (a
/// `%` escape line, white space beyond ASCII) is unusual.
fn skip_blank(text: &str, mut at: usize) -> Result<usize, Unusual> {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(at)
        && BLANK[usize::from(b)]
    {
        at += 1;
    }
    match bytes.get(at) {
        Some(&b) if b == b'%' || !b.is_ascii() => Err(Unusual),
        _ => Ok(at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Read<'a> = (Vec<(&'a str, &'a str)>, Vec<Step<'a>>);

    fn steps(text: &str) -> Result<Read<'_>, Unusual> {
        let plain = Plain::read(text)?;
        let mut moves = plain.moves();
        let mut steps = Vec::new();
        loop {
            let step = moves.next()?;
            steps.push(step);
            if let Step::End(_) = step {
                return Ok((plain.tags, steps));
            }
        }
    }

    #[test]
    fn a_playok_game_reads_in_place() {
        let (tags, steps) = steps(
            "[Event \"1\"]\n[Result \"0-1\"]\n\n1. 87(10) 87(10) 2. 22 {c} 99X! $3\n0-1 {zero}\n",
        )
        .unwrap();
        assert_eq!(tags, [("Event", "1"), ("Result", "0-1")]);
        let mv = |number, text| Step::Move(PlainMove { number, text });
        assert_eq!(
            steps,
            [
                mv(Some((1, false)), "87(10)"),
                mv(None, "87(10)"),
                mv(Some((2, false)), "22"),
                mv(None, "99X"),
                Step::End(Some(Termination::Result(
                    crate::record::GameResult::SecondWins
                ))),
            ]
        );
    }

    #[test]
    fn continuation_numbers_and_numbers_against_moves() {
        let (_, steps) = steps("12...a1 13.b2 *").unwrap();
        assert_eq!(
            steps[0],
            Step::Move(PlainMove {
                number: Some((12, true)),
                text: "a1"
            })
        );
        assert_eq!(steps[2], Step::End(Some(Termination::Unknown)));
    }

    #[test]
    fn the_stops_are_the_parsers_token_ends() {
        for b in 0..=127u8 {
            let c = char::from(b);
            assert_eq!(STOPS[usize::from(b)], ends_token(c) || c == '%', "{b:#x}");
        }
    }

    #[test]
    fn simple_tags_read_as_split_tag_line_reads_them() {
        let pieces = ["A", " ", "\"", "]", "\\", "\n", "\r", "é"];
        let mut texts = crate::testing::concatenations(&pieces, 6);
        texts.extend(["A \"b\"]", "A  \"b\"]", "A \"b\"]\r\n", "A \"b\"] x"].map(String::from));
        let mut read = 0;
        for text in texts.iter().map(|t| format!("[{t}")) {
            let Some(simple) = simple_tag(&text) else {
                continue;
            };
            let line = text.split('\n').next().unwrap_or_default();
            let line = line.strip_suffix('\r').unwrap_or(line);
            assert_eq!(Ok(simple), split_tag_line(line), "{text:?}");
            assert!(!simple.1.contains('\\'), "{text:?}");
            read += 1;
        }
        assert!(read > 10, "{read}");
    }

    #[test]
    fn what_is_not_plain_is_left_to_the_parser() {
        for text in [
            "1. a1 (1. b2) *",
            "[Event \"a \\\"b\\\"\"]\n1. a1 *",
            "[Event \"a\"]\n[Event \"b\"]\n1. a1 *",
            "[Event \"a\"\n1. a1 *",
            "1. a1 {open",
            "1. a1 * 2. b2",
            "$1 1. a1 *",
            "1. a1 $300 *",
            "1. a1 ?!? *",
            "%escape\n1. a1 *",
            "1. a1 ... b2 *",
            "1. añ *",
            "1. a1 ] *",
            "99999999999. a1 *",
            "1. a1 {x\n\n[Event \"next\"]\n} *",
            "19.",
            "",
        ] {
            assert_eq!(steps(text).err(), Some(Unusual), "{text}");
        }
    }
}
