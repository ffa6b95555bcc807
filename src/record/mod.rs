//! PGN-style record text, knowing nothing about any game.
//!
//! A record file holds games; a game is `[Tag "value"]` pairs followed by movetext:
//! move numbers, move tokens, `{comments}`, `;` line comments, NAGs (`$1`, `!`, `?!`…),
//! `( variations )` and a result. This module turns text into [`GameRecord`]s — the
//! record exactly as written, with a [`Span`] on every token — and writes them back.
//! What a move token *means* is the business of the games.
//!
//! - [`reader`] streams games out of any `BufRead`, one at a time, decoding UTF-8,
//!   Windows-1251 or Latin-1; memory does not grow with the size of the file.
//! - [`parser`] reads the text of one or more games.
//! - `plain` walks a plain game in place, for the quick path through an archive.
//! - [`writer`] writes games back as text.

pub mod json;
pub mod parser;
pub(crate) mod plain;
pub mod reader;
mod word;
pub mod writer;

use std::sync::Arc;

use std::fmt;

use serde::Serialize;

pub use parser::parse_games;
pub use reader::{Chunk, Encoding, ReadError, Reader};
pub use word::Word;

/// Where a token stands in its file: 1-based line and column (in characters), and the
/// byte range in the file as UTF-8 text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Span {
    pub line: u32,
    pub column: u32,
    pub start: usize,
    pub end: usize,
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub span: Span,
}

/// A comment, `{…}` or `; …` (the text without its delimiters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub text: String,
    pub span: Span,
}

/// The move suffixes of PGN's import format and the NAGs they stand for (PGN
/// standard, 8.2.3.8): `?` is `$2`. Read either way; written as codes in files, as
/// glyphs where people read the text (`--glyphs`).
pub const SUFFIX_GLYPHS: [(u16, &str); 6] = [
    (1, "!"),
    (2, "?"),
    (3, "!!"),
    (4, "??"),
    (5, "!?"),
    (6, "?!"),
];

/// The glyph written for a NAG, if it has one.
pub fn nag_glyph(code: u16) -> Option<&'static str> {
    SUFFIX_GLYPHS
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, glyph)| *glyph)
}

/// A numeric annotation glyph; `!` is `$1`, `?` `$2`, `!!` `$3`, `??` `$4`, `!?` `$5`,
/// `?!` `$6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nag {
    pub code: u16,
    pub span: Span,
}

/// A move number as written: `12.` or `12...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    /// `true` for `12...` (the second player's move follows).
    pub continuation: bool,
    pub span: Span,
}

/// One move token with everything written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The move number written right before the token, if any.
    pub number: Option<MoveNumber>,
    /// The token exactly as written (`87(10)`, `d4xf6xh4`).
    pub text: Word,
    pub span: Span,
    pub nags: Vec<Nag>,
    /// Comments after the token (before the next token).
    pub comments: Vec<Comment>,
    /// Alternatives to this move, each played from the position before it.
    pub variations: Vec<Variation>,
}

/// A `( … )` variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Comments between `(` and the first move.
    pub comments: Vec<Comment>,
    pub moves: Vec<MoveNode>,
    pub span: Span,
}

/// The termination marker of a game's movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultMark {
    /// `None` for `*` (nothing declared).
    pub result: Option<GameResult>,
    pub text: String,
    pub span: Span,
}

/// A mistake in the record text itself (not in a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
}

/// The text a game was read from, kept so diagnostics can quote the line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    pub text: Arc<str>,
    /// Line number of the first line of `text` in its file.
    pub first_line: u32,
    /// Byte offset of the start of `text` in its file (as UTF-8 text).
    pub offset: usize,
}

impl Source {
    /// The text of 1-based file line `line`, if it lies in this source.
    pub fn line(&self, line: u32) -> Option<&str> {
        let index = line.checked_sub(self.first_line)? as usize;
        self.text
            .split('\n')
            .nth(index)
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
    }
}

/// The tags that may name a record's game, in the order the replay asks them.
pub const GAME_TAGS: [&str; 3] = ["Game", "Variant", "GameType"];

/// One game as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    pub tags: Vec<Tag>,
    /// Comments before the first move.
    pub comments: Vec<Comment>,
    pub moves: Vec<MoveNode>,
    pub result: Option<ResultMark>,
    /// Comments after the result, such as PlayOK's `{zero}`.
    pub trailing: Vec<Comment>,
    pub errors: Vec<SyntaxError>,
    /// Where the game starts.
    pub span: Span,
    pub source: Source,
    /// Byte offset in the file just past the game's last token or comment: with
    /// `span.start`, the range of the game's text as written (see [`GameRecord::text`]).
    pub end: usize,
}

impl GameRecord {
    /// Whether the record holds nothing at all: no tag, comment, move, result or error.
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.comments.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
            && self.trailing.is_empty()
            && self.errors.is_empty()
    }

    /// The game's text exactly as written, from its first tag to its last token or
    /// comment; `None` for a record not read from text (JSON).
    pub fn text(&self) -> Option<&str> {
        let start = self.span.start.checked_sub(self.source.offset)?;
        let end = self.end.checked_sub(self.source.offset)?;
        self.source.text.get(start..end).filter(|t| !t.is_empty())
    }

    /// The value of the first tag called `name` (exact case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// Whether a tag names the record's game (`[Game]`, `[Variant]` or `[GameType]`,
    /// as the replay reads them): else the game comes from `--game`.
    pub fn names_its_game(&self) -> bool {
        self.tags
            .iter()
            .any(|t| GAME_TAGS.contains(&t.name.as_str()))
    }

    /// The span of the first tag called `name`.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.span)
    }

    /// The result the record declares: its movetext's, else its `[Result]` tag's;
    /// `None` when it declares none.
    pub fn declared_result(&self) -> Option<Termination> {
        match &self.result {
            Some(mark) => Some(mark.result.into()),
            None => self.tag("Result").and_then(parse_result),
        }
    }

    /// Sets a tag, replacing the first of that name or appending it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(tag) => tag.value = value,
            None => self.tags.push(Tag {
                name: name.to_string(),
                value,
                span: Span::default(),
            }),
        }
    }
}

/// What a game termination marker says: the game's result, or `*`, a game still
/// going on or whose result is not known. (No marker at all is `None` of an
/// `Option<Termination>`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Result(GameResult),
    /// `*`.
    Unknown,
}

impl Termination {
    /// The result, if the marker declares one.
    pub fn result(self) -> Option<GameResult> {
        match self {
            Termination::Result(result) => Some(result),
            Termination::Unknown => None,
        }
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn as_str(self) -> &'static str {
        self.result().map_or("*", GameResult::as_str)
    }
}

/// `None` is `*`.
impl From<Option<GameResult>> for Termination {
    fn from(result: Option<GameResult>) -> Termination {
        result.map_or(Termination::Unknown, Termination::Result)
    }
}

/// Reads the result tokens PGN and PDN use: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`, and
/// PDN's `2-0`, `0-2`, `1-1`.
#[inline(always)]
pub fn parse_result(text: &str) -> Option<Termination> {
    // Matched as bytes, by length first: most tokens are moves, let go at once.
    let result = match text.as_bytes() {
        b"*" => None,
        [a, b'-', b] => match (a, b) {
            (b'1' | b'2', b'0') => Some(GameResult::FirstWins),
            (b'0', b'1' | b'2') => Some(GameResult::SecondWins),
            (b'1', b'1') => Some(GameResult::Draw),
            _ => return None,
        },
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => Some(GameResult::Draw),
        _ => return None,
    };
    Some(result.into())
}

/// `text` without the white space at either end, as [`str::trim`] gives it, found a
/// byte at a time (the reader and the parser ask this of every line).
pub(crate) fn trim(text: &str) -> &str {
    let blank = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|b| !blank(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |i| i + 1);
    let trimmed = &text[start..end];
    // Beyond ASCII, white space is for `str::trim` to tell.
    let ends = [trimmed.as_bytes().first(), trimmed.as_bytes().last()];
    if ends.iter().flatten().any(|b| !b.is_ascii()) {
        trimmed.trim()
    } else {
        trimmed
    }
}

/// Whether `line` opens with a tag pair, `[Name "`: what starts a game. After a blank
/// line it starts a new game even inside a comment or variation left open, so that one
/// unclosed `{` or `(` spoils its own game and never swallows the next (the reader
/// resynchronises as readers of hand-typed score sheets must).
pub fn is_tag_pair_line(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let name = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        .count();
    let after = &rest[name..];
    let value = after.trim_start_matches([' ', '\t']);
    name > 0 && value.len() < after.len() && value.starts_with('"')
}

/// The name of the tag pair that `line` opens with (see [`is_tag_pair_line`]).
pub fn tag_pair_name(line: &str) -> Option<&str> {
    if !is_tag_pair_line(line) {
        return None;
    }
    let rest = line.trim_start().strip_prefix('[')?;
    let name = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        .count();
    Some(&rest[..name])
}

/// Whether a tag section after a blank line begins a new game: where the game so far
/// has tags and no moves, a section that opens by repeating one of its tags (`[Event`
/// again) is the next game's, and any other is more of the same game's tags, as
/// ChessBase writes them with a blank line inside (python-chess reads them so too).
/// `has_tag` asks whether the game so far has a tag of that name.
pub fn tags_start_a_game(line: &str, has_tag: impl FnOnce(&str) -> bool) -> bool {
    tag_pair_name(line).is_some_and(has_tag)
}

/// The byte offset in `text` of the first line that opens with a tag pair right after
/// a blank line (see [`is_tag_pair_line`]); the first line of `text`, which may start
/// in the middle of a line, never counts.
pub fn resync_point(text: &str) -> Option<usize> {
    let mut offset = text.find('\n')? + 1;
    let mut after_blank = false;
    for line in text[offset..].split_inclusive('\n') {
        if after_blank && is_tag_pair_line(line) {
            return Some(offset);
        }
        after_blank = line.trim().is_empty();
        offset += line.len();
    }
    None
}

/// The result of a game as PGN writes it. (Which player wins in a position is the
/// games' business: see `GameResult::win_for` in [`crate::games`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    FirstWins,
    /// `0-1`
    SecondWins,
    /// `1/2-1/2`
    Draw,
}

impl GameResult {
    /// PGN spelling: `1-0`, `0-1`, `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::{GameResult, parse_result};

    #[test]
    fn results_are_read_whole_and_nothing_else_is_one() {
        let (first, second, draw) = (
            Some(Some(GameResult::FirstWins)),
            Some(Some(GameResult::SecondWins)),
            Some(Some(GameResult::Draw)),
        );
        for (text, result) in [
            ("1-0", first),
            ("2-0", first),
            ("0-1", second),
            ("0-2", second),
            ("1/2-1/2", draw),
            ("½-½", draw),
            ("1-1", draw),
            ("*", Some(None)),
        ] {
            assert_eq!(
                parse_result(text),
                result.map(super::Termination::from),
                "{text}"
            );
        }
        for text in [
            "", "1", "0-0", "2-2", "1-2", "1-0 ", "**", "1/2", "½", "1/2-1/3", "99X", "a-b",
        ] {
            assert_eq!(parse_result(text), None, "{text}");
        }
    }

    #[test]
    fn trim_is_str_trim() {
        for text in [
            "",
            " ",
            "\u{b}a\u{c} ",
            "\u{a0}x\u{3000}",
            " \t1. a1 \r\n",
            "é",
            " \u{85}",
            "a b",
        ] {
            assert_eq!(super::trim(text), text.trim(), "{text:?}");
        }
    }
}
