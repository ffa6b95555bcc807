//! Reads the text of one or more games into [`GameRecord`]s.
//!
//! The parser never fails: a mistake in the text becomes a [`SyntaxError`] on the game
//! it belongs to, and reading goes on. It is a single pass over the characters, linear
//! in the input; variations are kept on an explicit stack (no recursion), and nesting
//! deeper than [`MAX_DEPTH`] is an error rather than a risk to the stack.
//!
//! What one game may hold is bounded too, so that hostile text cannot exhaust memory or
//! flood the output: at most [`MAX_ITEMS`] tags, moves, comments and annotations are
//! kept (past that, one error and the rest is read but not kept), and at most
//! [`MAX_SYNTAX_ERRORS`] syntax errors (then one more saying how many were left out).

use std::cell::Cell;
use std::collections::HashSet;
use std::sync::Arc;

use super::{
    Comment, GameRecord, MoveNode, MoveNumber, Nag, ResultMark, Source, Span, SyntaxError, Tag,
    Variation, Word, is_tag_pair_line, parse_result, resync_point, tags_start_a_game, trim,
};

/// Deepest variation nesting accepted: what the JSON form can carry both ways (JSON
/// readers refuse nesting deeper than 128 arrays and objects, and each variation
/// takes four).
pub const MAX_DEPTH: usize = 30;

/// The largest NAG (`$255`), as PGN defines them.
pub const MAX_NAG: u16 = 255;

/// Most tags, moves, comments and annotations kept of one game.
pub const MAX_ITEMS: usize = 100_000;

/// Most syntax errors reported of one game.
pub const MAX_SYNTAX_ERRORS: usize = 50;

/// Moves of the main line that room is made for before reading them: a long game's
/// (38 KiB), so that the games in flight (three batches) stay within a few tens of MB
/// even when they are mostly comments.
const MOVES_RESERVED: usize = 256;

/// Where a piece of text starts in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub line: u32,
    pub offset: usize,
}

impl Default for Origin {
    fn default() -> Origin {
        Origin { line: 1, offset: 0 }
    }
}

/// Parses every game in `text`, which starts at `origin` in its file.
pub fn parse_games(text: &str, origin: Origin) -> Vec<GameRecord> {
    let source = Source {
        text: Arc::from(text),
        first_line: origin.line,
        offset: origin.offset,
    };
    let mut parser = Parser {
        cursor: Cursor::new(text, origin),
        source,
        items: Cell::new(0),
        suppressed: Cell::new(None),
    };
    let mut games = Vec::new();
    while let Some(game) = parser.game() {
        // Text that holds nothing of a game (a stray `...` placeholder) is no game.
        if !game.is_empty() {
            games.push(game);
        }
    }
    games
}

/// A position in the text, with the line and column it stands at.
#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: u32,
    column: u32,
    base: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, origin: Origin) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: origin.line,
            column: 1,
            base: origin.offset,
        }
    }

    fn peek(&self) -> Option<char> {
        self.char_at(self.pos)
    }

    /// The character at byte offset `at`.
    fn char_at(&self, at: usize) -> Option<char> {
        // Records are mostly ASCII: decode UTF-8 only when the byte says so.
        let byte = *self.text.as_bytes().get(at)?;
        if byte.is_ascii() {
            Some(byte as char)
        } else {
            self.text[at..].chars().next()
        }
    }

    /// Moves to byte offset `end`, over text with no line break (a token, a tag, a
    /// line comment): one step, not a character at a time.
    fn advance_to(&mut self, end: usize) {
        let passed = &self.text[self.pos..end];
        debug_assert!(!passed.contains('\n'));
        let columns = if passed.is_ascii() {
            passed.len()
        } else {
            passed.chars().count()
        };
        self.column += columns as u32;
        self.pos = end;
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// The span from `start` (a mark taken earlier) to here.
    fn span_from(&self, start: &Mark) -> Span {
        Span {
            line: start.line,
            column: start.column,
            start: self.base + start.pos,
            end: self.base + self.pos,
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            line: self.line,
            column: self.column,
        }
    }

    fn at_line_start(&self) -> bool {
        self.text[..self.pos]
            .rsplit('\n')
            .next()
            .is_none_or(|before| before.trim().is_empty())
    }

    /// Whether the cursor stands at a tag pair that opens a line after a blank line.
    fn after_blank_line(&self) -> bool {
        let mut lines = self.text[..self.pos].rsplit('\n');
        let current = lines.next().unwrap_or("");
        current.trim().is_empty()
            && lines.next().is_some_and(|l| l.trim().is_empty())
            && is_tag_pair_line(self.rest())
    }

    /// Skips white space and `%` escape lines.
    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == ' ' {
                // The blank between two words: one step, not a full `bump`.
                self.pos += 1;
                self.column += 1;
            } else if c == '%' && self.column == 1 {
                self.skip_line();
            } else if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }
}

struct Mark {
    pos: usize,
    line: u32,
    column: u32,
}

/// A line of moves being read: the main line, or a variation.
#[derive(Default)]
struct Frame {
    comments: Vec<Comment>,
    moves: Vec<MoveNode>,
    start: Option<Span>,
}

struct Parser<'a> {
    cursor: Cursor<'a>,
    source: Source,
    /// Items kept of the current game (see [`MAX_ITEMS`]).
    items: Cell<usize>,
    /// Syntax errors of the current game left out, and where the first stands.
    suppressed: Cell<Option<(usize, Span)>>,
}

/// Characters that end a move token.
pub(super) fn ends_token(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '$' | '[' | ']' | '!' | '?')
}

impl<'a> Parser<'a> {
    fn error(&self, game: &mut GameRecord, message: impl Into<String>, span: Span) {
        if game.errors.len() >= MAX_SYNTAX_ERRORS {
            let (count, first) = self.suppressed.get().unwrap_or((0, span));
            self.suppressed.set(Some((count + 1, first)));
            return;
        }
        game.errors.push(SyntaxError {
            message: message.into(),
            span,
        });
    }

    /// Whether the game may keep one more item (see [`MAX_ITEMS`]); says so once when
    /// it may not.
    fn room(&self, game: &mut GameRecord, span: Span) -> bool {
        let items = self.items.get() + 1;
        self.items.set(items);
        if items == MAX_ITEMS + 1 {
            let message = format!(
                "the game has more than {MAX_ITEMS} tags, moves, comments and annotations, \
                 the most tgn keeps of one game: the rest is not read"
            );
            self.error(game, message, span);
        }
        items <= MAX_ITEMS
    }

    /// Closes the count of errors left out of `game`.
    fn close_errors(&self, game: &mut GameRecord) {
        if let Some((count, span)) = self.suppressed.take() {
            let s = if count == 1 { "" } else { "s" };
            game.errors.push(SyntaxError {
                message: format!("and {count} more syntax error{s} in this game, not listed"),
                span,
            });
        }
        self.items.set(0);
    }

    /// Reads the next game, or `None` at the end of the text.
    fn game(&mut self) -> Option<GameRecord> {
        self.cursor.skip_blank();
        self.cursor.peek()?;
        let start = self.cursor.mark();
        let mut game = GameRecord {
            source: self.source.clone(),
            ..GameRecord::default()
        };
        self.tags(&mut game);
        self.movetext(&mut game);
        self.close_errors(&mut game);
        game.span = self.cursor.span_from(&start);
        game.span.end = game.span.start;
        // The cursor stands past the blanks and `%` escape lines after the game: its
        // text ends before them.
        let mut read = self.cursor.text[start.pos..self.cursor.pos].trim_end();
        while let Some(line_start) = read.rfind('\n').map(|i| i + 1)
            && read[line_start..].starts_with('%')
        {
            read = read[..line_start].trim_end();
        }
        game.end = game.span.start + read.len();
        Some(game)
    }

    fn tags(&mut self, game: &mut GameRecord) {
        // The names of the tags read, as a set from the first tag line after a blank
        // line on: hostile input with a blank line after each of many tags would
        // otherwise look through all of them each time.
        let mut names: Option<HashSet<String>> = None;
        loop {
            self.cursor.skip_blank();
            if self.cursor.peek() != Some('[') {
                return;
            }
            // A tag section after a blank line that repeats a tag starts a game, also
            // when the game before it has tags and no moves: that game ends here, empty.
            if !game.tags.is_empty() && self.cursor.after_blank_line() {
                let names =
                    names.get_or_insert_with(|| game.tags.iter().map(|t| t.name.clone()).collect());
                if tags_start_a_game(self.cursor.rest(), |name| names.contains(name)) {
                    return;
                }
            }
            let read = game.tags.len();
            self.tag(game);
            if let (Some(names), Some(tag)) = (&mut names, game.tags.get(read)) {
                names.insert(tag.name.clone());
            }
        }
    }

    /// `[Name "value"]`, read leniently: the value runs from the first `"` to the last
    /// `"` before the line's closing `]`, so stray quotes inside a value survive.
    fn tag(&mut self, game: &mut GameRecord) {
        let start = self.cursor.mark();
        let line = self.cursor.rest().split('\n').next().unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let parsed = parse_tag_line(line);
        // Consume the tag (up to its `]`) or, if it is broken, the whole line.
        let consumed = match &parsed {
            Ok((_, _, len)) => *len,
            Err(_) => line.len(),
        };
        self.cursor.advance_to(self.cursor.pos + consumed);
        let span = self.cursor.span_from(&start);
        match parsed {
            Ok((name, value, _)) => {
                if self.room(game, span) {
                    game.tags.push(Tag { name, value, span });
                }
            }
            Err(message) => self.error(game, message, span),
        }
    }

    fn movetext(&mut self, game: &mut GameRecord) {
        // Room for the main line's moves at once, so that they are not copied again
        // and again as the list grows: about one per four bytes of text (a move, its
        // number and spaces take more), and no more than a long game's in advance.
        let room = self.cursor.rest().len() / 4;
        let main = Frame {
            moves: Vec::with_capacity(room.min(MOVES_RESERVED)),
            ..Frame::default()
        };
        let mut stack: Vec<Frame> = vec![main];
        let mut pending_number: Option<MoveNumber> = None;
        // `(` beyond MAX_DEPTH are counted, not nested, so their `)` still match.
        let mut too_deep = 0usize;
        loop {
            self.cursor.skip_blank();
            let Some(c) = self.cursor.peek() else { break };
            if game.result.is_some() && c != '{' && c != ';' {
                break; // the next game starts (with or without tags)
            }
            if c == '[' && self.cursor.at_line_start() {
                // Tags of the next game; inside a variation left open, only after a
                // blank line (the open variation is reported at its '(').
                if stack.len() == 1 || self.cursor.after_blank_line() {
                    break;
                }
            }
            let start = self.cursor.mark();
            match c {
                '{' | ';' => {
                    let comment = self.comment(game);
                    if !self.room(game, comment.span) {
                        continue;
                    }
                    if game.result.is_some() {
                        game.trailing.push(comment);
                    } else {
                        attach_comment(stack.last_mut().expect("frame"), comment);
                    }
                }
                '(' => {
                    self.cursor.bump();
                    let span = self.cursor.span_from(&start);
                    if stack.len() > MAX_DEPTH {
                        if too_deep == 0 {
                            let message = format!("variations nested deeper than {MAX_DEPTH}");
                            self.error(game, message, span);
                        }
                        too_deep += 1;
                        continue;
                    }
                    if stack.last().is_some_and(|f| f.moves.is_empty()) {
                        self.error(game, "a variation must follow a move", span);
                    }
                    stack.push(Frame {
                        start: Some(span),
                        ..Frame::default()
                    });
                }
                ')' => {
                    self.cursor.bump();
                    let span = self.cursor.span_from(&start);
                    if too_deep > 0 {
                        too_deep -= 1;
                    } else if stack.len() == 1 {
                        self.error(game, "')' closes no variation", span);
                    } else {
                        let frame = stack.pop().expect("nested frame");
                        close_variation(&mut stack, frame, span);
                    }
                }
                '$' => {
                    self.cursor.bump();
                    let digits = self.take_while(|c| c.is_ascii_digit());
                    let span = self.cursor.span_from(&start);
                    match digits.parse::<u16>() {
                        Ok(code) if code <= MAX_NAG => {
                            self.attach_nag(game, &mut stack, Nag { code, span })
                        }
                        _ if digits.is_empty() => {
                            self.error(game, "expected a number after '$'", span)
                        }
                        _ => self.error(
                            game,
                            format!("annotation ${digits} is too large (NAGs go up to ${MAX_NAG})"),
                            span,
                        ),
                    }
                }
                '!' | '?' => {
                    let glyph = self.take_while(|c| c == '!' || c == '?');
                    let span = self.cursor.span_from(&start);
                    match suffix_nag(glyph) {
                        Some(code) => self.attach_nag(game, &mut stack, Nag { code, span }),
                        None => self.error(game, format!("unknown annotation '{glyph}'"), span),
                    }
                }
                '}' | ']' | '[' => {
                    self.cursor.bump();
                    let span = self.cursor.span_from(&start);
                    self.error(game, format!("unexpected '{c}'"), span);
                }
                _ => {
                    if self.at_move_number() {
                        pending_number = self.move_number(game);
                        continue;
                    }
                    let text = self.token();
                    let span = self.cursor.span_from(&start);
                    if text.chars().all(|c| c == '.' || c == '…') {
                        continue; // `1. ... e5`: a placeholder for the skipped move
                    }
                    if let Some(result) = parse_result(text) {
                        if stack.len() > 1 {
                            self.error(game, "a result inside a variation", span);
                            continue;
                        }
                        let text = text.to_string();
                        let result = result.result();
                        game.result = Some(ResultMark { result, text, span });
                        continue;
                    }
                    if !self.room(game, span) {
                        pending_number = None;
                        continue;
                    }
                    stack.last_mut().expect("frame").moves.push(MoveNode {
                        number: pending_number.take(),
                        text: Word::from(text),
                        span,
                        nags: Vec::new(),
                        comments: Vec::new(),
                        variations: Vec::new(),
                    });
                }
            }
        }
        while stack.len() > 1 {
            let frame = stack.pop().expect("nested frame");
            let span = frame.start.unwrap_or_default();
            self.error(game, "'(' is never closed", span);
            close_variation(&mut stack, frame, span);
        }
        let main = stack.pop().expect("main line");
        game.comments = main.comments;
        game.moves = main.moves;
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.cursor.pos;
        while self.cursor.peek().is_some_and(&keep) {
            self.cursor.bump();
        }
        &self.cursor.text[start..self.cursor.pos]
    }

    /// Whether a move number (`12.`, `12...`, `12…`) starts here.
    fn at_move_number(&self) -> bool {
        let rest = self.cursor.rest();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = &rest[digits..];
        digits > 0 && (after.starts_with('.') || after.starts_with('…'))
    }

    /// Reads the move number that starts here (see [`Parser::at_move_number`]); one
    /// too large to keep is an error, never a number silently lost.
    fn move_number(&mut self, game: &mut GameRecord) -> Option<MoveNumber> {
        let rest = self.cursor.rest();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = &rest[digits..];
        if digits == 0 || !(after.starts_with('.') || after.starts_with('…')) {
            return None;
        }
        let start = self.cursor.mark();
        let number = rest[..digits].parse::<u32>().ok();
        let dots = after.len() - after.trim_start_matches(['.', '…']).len();
        let dots = &after[..dots];
        self.cursor
            .advance_to(self.cursor.pos + digits + dots.len());
        let Some(number) = number else {
            let message = format!("move number {} is too large", &rest[..digits]);
            self.error(game, message, self.cursor.span_from(&start));
            return None;
        };
        Some(MoveNumber {
            number,
            continuation: dots.len() > 1,
            span: self.cursor.span_from(&start),
        })
    }

    /// A move token: up to white space or a delimiter, keeping a count in parentheses
    /// written right against it (PlayOK's `87(10)`).
    fn token(&mut self) -> &'a str {
        let start = self.cursor.pos;
        let mut end = start;
        while let Some(c) = self.cursor.char_at(end) {
            if c == '(' && end > start {
                let rest = &self.cursor.text[end + 1..];
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 && rest[digits..].starts_with(')') {
                    end += digits + 2;
                    continue;
                }
            }
            if ends_token(c) {
                break;
            }
            end += c.len_utf8();
        }
        // A line break ends a token: the token is on one line.
        self.cursor.advance_to(end);
        if self.cursor.pos == start {
            // Defensive: never loop without consuming.
            self.cursor.bump();
        }
        &self.cursor.text[start..self.cursor.pos]
    }

    fn comment(&mut self, game: &mut GameRecord) -> Comment {
        let start = self.cursor.mark();
        let opener = self.cursor.bump();
        let body_start = self.cursor.pos;
        let text = if opener == Some('{') {
            let body = self.cursor.rest();
            let close = body.find('}');
            // A game's tags after a blank line end a comment left open.
            let close = match resync_point(&body[..close.unwrap_or(body.len())]) {
                Some(resync) => Err(resync),
                None => close.ok_or(body.len()),
            };
            match close {
                Ok(len) => {
                    let end = body_start + len;
                    while self.cursor.pos < end {
                        self.cursor.bump();
                    }
                    let text = self.cursor.text[body_start..end].to_string();
                    self.cursor.bump();
                    text
                }
                Err(len) => {
                    let span = self.cursor.span_from(&start);
                    self.error(game, "'{' comment is never closed", span);
                    let end = body_start + len;
                    while self.cursor.pos < end {
                        self.cursor.bump();
                    }
                    self.cursor.text[body_start..end].to_string()
                }
            }
        } else {
            let line = &self.cursor.rest();
            let end = body_start + line.find('\n').unwrap_or(line.len());
            self.cursor.advance_to(end);
            self.cursor.text[body_start..self.cursor.pos]
                .trim_end_matches('\r')
                .to_string()
        };
        Comment {
            text: text.trim().to_string(),
            span: self.cursor.span_from(&start),
        }
    }

    fn attach_nag(&self, game: &mut GameRecord, stack: &mut [Frame], nag: Nag) {
        match stack.last_mut().and_then(|f| f.moves.last_mut()) {
            Some(node) => {
                if self.room(game, nag.span) {
                    node.nags.push(nag);
                }
            }
            None => self.error(game, "an annotation must follow a move", nag.span),
        }
    }
}

fn attach_comment(frame: &mut Frame, comment: Comment) {
    match frame.moves.last_mut() {
        Some(node) => node.comments.push(comment),
        None => frame.comments.push(comment),
    }
}

/// Hangs a finished variation on the last move of the line it branches from.
fn close_variation(stack: &mut [Frame], frame: Frame, end: Span) {
    let start = frame.start.unwrap_or(end);
    let variation = Variation {
        comments: frame.comments,
        moves: frame.moves,
        span: Span {
            end: end.end,
            ..start
        },
    };
    if let Some(node) = stack.last_mut().and_then(|f| f.moves.last_mut()) {
        node.variations.push(variation);
    }
}

pub(super) fn suffix_nag(glyph: &str) -> Option<u16> {
    super::SUFFIX_GLYPHS
        .iter()
        .find(|(_, written)| *written == glyph)
        .map(|(code, _)| *code)
}

/// Reads `[Name "value"]` at the start of `line`; gives the name, the unescaped value
/// and how many bytes of the line the tag takes.
fn parse_tag_line(line: &str) -> Result<(String, String, usize), String> {
    let (name, raw, len) = split_tag_line(line)?;
    Ok((name.to_string(), unescape(raw), len))
}

/// Finds the parts of `[Name "value"]` at the start of `line`, leniently: the value
/// runs from the first `"` to the last `"` before the line's last `]`, so that stray
/// quotes inside a value survive. Gives the name, the value still escaped and how
/// many bytes of the line the tag takes.
pub(super) fn split_tag_line(line: &str) -> Result<(&str, &str, usize), String> {
    let inner = &line[1..];
    // Names are nearly always ASCII: read them a byte at a time, and only a name that
    // goes on beyond ASCII a character at a time.
    let ascii = inner
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        .count();
    let name_len = if inner.as_bytes().get(ascii).is_some_and(|b| !b.is_ascii()) {
        inner
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(inner.len())
    } else {
        ascii
    };
    if name_len == 0 {
        return Err("expected a tag name after '['".into());
    }
    let name = &inner[..name_len];
    let close = memchr::memrchr(b']', line.as_bytes())
        .ok_or_else(|| format!("tag [{name} is not closed with ']'"))?;
    let body = trim(&line[1 + name_len..close]);
    if body.starts_with('"') && (body.len() < 2 || !body.ends_with('"')) {
        return Err(format!(
            "tag [{name}]: the value's closing double quote is missing (before the ']')"
        ));
    }
    if body.len() < 2 || !body.starts_with('"') || !body.ends_with('"') {
        return Err(format!("tag [{name}]: expected a value in double quotes"));
    }
    Ok((name, &body[1..body.len() - 1], close + 1))
}

fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next @ ('"' | '\\')) => out.push(next),
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameResult;

    fn parse(text: &str) -> Vec<GameRecord> {
        parse_games(text, Origin::default())
    }

    #[test]
    fn a_value_without_its_closing_quote_is_named_so() {
        let games = parse("[Black \"unterminated]\n\n1. 43(10) *\n");
        let messages: Vec<&str> = games[0].errors.iter().map(|e| e.message.as_str()).collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("closing double quote is missing")),
            "{messages:?}"
        );
    }

    #[test]
    fn tags_moves_comments_nags_and_result() {
        let games = parse(
            "[Event \"Cup \\\"A\\\"\"]\n[Game \"toguz-kumalak\"]\n\n{start} 1. 87(10)! 87(10) {even}\n2. 22 $14 ; line comment\n99(22) 1-0 {zero}\n",
        );
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tag("Event"), Some("Cup \"A\""));
        assert_eq!(g.comments[0].text, "start");
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["87(10)", "87(10)", "22", "99(22)"]);
        assert_eq!(g.moves[0].nags[0].code, 1);
        assert_eq!(g.moves[0].number.as_ref().unwrap().number, 1);
        assert_eq!(g.moves[1].comments[0].text, "even");
        assert_eq!(g.moves[2].nags[0].code, 14);
        assert_eq!(g.moves[2].comments[0].text, "line comment");
        assert_eq!(
            g.result.as_ref().unwrap().result,
            Some(GameResult::FirstWins)
        );
        assert_eq!(g.trailing[0].text, "zero");
        assert!(g.errors.is_empty(), "{:?}", g.errors);
    }

    #[test]
    fn spans_count_lines_and_characters() {
        let games = parse("[A \"é\"]\n\n1. ab\tcd\n  2. é1 *\n");
        let m = &games[0].moves;
        assert_eq!((m[0].span.line, m[0].span.column), (3, 4));
        assert_eq!((m[1].span.line, m[1].span.column), (3, 7));
        assert_eq!((m[2].span.line, m[2].span.column), (4, 6));
        // Byte offsets are UTF-8 offsets: "é" takes two bytes.
        assert_eq!(m[0].span.start, "[A \"é\"]\n\n1. ".len());
        assert_eq!(games[0].source.line(4), Some("  2. é1 *"));
    }

    #[test]
    fn variations_nest_and_hang_on_the_move_they_replace() {
        let g = &parse("1. a (1. b {alt} (1. c) 1... d) 1... e *")[0];
        assert_eq!(g.moves.len(), 2);
        let var = &g.moves[0].variations[0];
        assert_eq!(var.moves[0].text, "b");
        assert_eq!(var.moves[0].comments[0].text, "alt");
        assert_eq!(var.moves[0].variations[0].moves[0].text, "c");
        assert_eq!(var.moves[1].text, "d");
        assert!(var.moves[1].number.as_ref().unwrap().continuation);
    }

    #[test]
    fn several_games_with_and_without_tags() {
        let games = parse("[A \"1\"]\n1. a 1-0\n\n[A \"2\"]\n1. b 0-1\n1. c *\n1. d");
        assert_eq!(games.len(), 4);
        assert_eq!(games[1].tag("A"), Some("2"));
        assert_eq!(games[2].moves[0].text, "c");
        assert_eq!(games[3].result, None);
    }

    #[test]
    fn broken_text_gives_errors_not_panics() {
        let g = &parse("[Event \"x]\n[ \"y\"]\n1. a ) b ( c {open")[0];
        let messages: Vec<&str> = g.errors.iter().map(|e| e.message.as_str()).collect();
        assert!(
            messages.iter().any(|m| m.contains("closing double quote")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("tag name")),
            "{messages:?}"
        );
        assert!(messages.contains(&"')' closes no variation"));
        assert!(messages.contains(&"'{' comment is never closed"));
        assert!(messages.contains(&"'(' is never closed"));
    }

    #[test]
    fn escape_lines_and_crlf() {
        let g = &parse("% a comment line\r\n[A \"b\"]\r\n\r\n1. x\r\n% skipped\r\n2. y *\r\n")[0];
        assert_eq!(g.tag("A"), Some("b"));
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.moves[1].span.line, 6);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = format!("1. a {} *", "(1. b ".repeat(10_000));
        let g = &parse(&text)[0];
        assert!(g.errors.iter().any(|e| e.message.contains("nested deeper")));
    }

    #[test]
    fn count_in_parentheses_must_be_digits_to_join_the_token() {
        let g = &parse("1. 87(10) 12 (1... 13) *")[0];
        assert_eq!(g.moves[0].text, "87(10)");
        assert_eq!(g.moves[1].text, "12");
        assert_eq!(g.moves[1].variations[0].moves[0].text, "13");
    }

    #[test]
    fn tags_after_a_blank_line_end_an_open_comment_or_variation() {
        for open in ["{open", "(1... c", "(1... c {open"] {
            let text = format!("[A \"1\"]\n1. a {open}\n\n[A \"2\"]\n1. b *\n");
            let games = parse(&text);
            assert_eq!(games.len(), 2, "{open}");
            assert_eq!(games[1].tag("A"), Some("2"), "{open}");
            assert_eq!(games[1].moves[0].text, "b", "{open}");
            assert!(!games[0].errors.is_empty(), "{open}");
            assert!(games[0].errors.iter().all(|e| e.span.line == 2), "{open}");
        }
        // Without a blank line the tag is part of the variation's text.
        let games = parse("1. a (1... c\n[A \"2\"]\n) *");
        assert_eq!(games.len(), 1);
    }

    /// Issue 52 item 9: ChessBase writes a blank line inside a game's tag section; a
    /// section that repeats a tag is the next game's, with or without moves before it.
    #[test]
    fn a_blank_line_inside_tags_keeps_one_game_and_a_repeated_tag_starts_the_next() {
        let chessbase = parse("[Event \"E\"]\n\n[Site \"S\"]\n[White \"W\"]\n\n1. a b *\n");
        assert_eq!(chessbase.len(), 1);
        assert_eq!(chessbase[0].tag("Site"), Some("S"));
        assert_eq!(chessbase[0].moves.len(), 2);
        let forfeit = parse("[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n\n1. a *\n");
        assert_eq!(forfeit.len(), 2);
        assert!(forfeit[0].moves.is_empty());
        assert_eq!(forfeit[1].tag("Event"), Some("B"));
    }

    #[test]
    fn tag_pair_lines() {
        assert!(is_tag_pair_line("[Game \"x\"]"));
        assert!(is_tag_pair_line("  [FEN\t\"x"));
        assert!(!is_tag_pair_line("[see move 12]"));
        assert!(!is_tag_pair_line("[\"x\"]"));
        assert!(!is_tag_pair_line("[Game\"x\"]"));
    }
}
