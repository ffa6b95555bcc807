//! Records read from the JSON form `tgn convert` writes (written by
//! [`output::json`](../../output/json/index.html)): a record layer's reader, beside
//! the text one, knowing nothing of any game.
//!
//! Reading JSON back uses only what was written in the record (`tags`,
//! `duplicate_tags`, `comments`, `moves[].written/number/nags/comments/variations`,
//! `result`, `trailing_comments`, or `text` for a game with syntax errors); replay
//! fields (`move`, `state`, …) are ignored. A game the text form cannot hold as it is,
//! is refused (see [`write_checked`]): JSON never becomes text of another structure.

use std::fmt;
use std::io::{BufRead, Read};

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::parser::Origin;
use super::writer::write_checked;
use super::{
    Comment, GameRecord, MoveNode, MoveNumber, Nag, ReadError, ResultMark, Span, Tag, Variation,
    Word, parse_games, parse_result,
};

/// Whether `bytes` start as JSON written by `tgn convert` does: an object that is
/// empty or starts with a key and its colon (`{"schema":`), or an array of such
/// objects, or an empty one. A record's text starts with a tag, `[Event`, never `[{`,
/// and a comment, `{"quoted" words}`, has no colon after its quotes. A UTF-8 byte
/// order mark before it is skipped, as the reader skips it. What standard input and
/// a Python file object hold is told by this, a file by its extension.
pub fn looks_like_json(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let blank = |from: usize| {
        from + bytes[from.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count()
    };
    let mut at = blank(0);
    if bytes.get(at) == Some(&b'[') {
        at = blank(at + 1);
        if bytes.get(at) == Some(&b']') {
            return true;
        }
    }
    if bytes.get(at) != Some(&b'{') {
        return false;
    }
    at = blank(at + 1);
    match bytes.get(at) {
        Some(b'}') => true,
        Some(b'"') => {
            let mut end = at + 1;
            while let Some(&b) = bytes.get(end) {
                match b {
                    b'\\' => end += 2,
                    b'"' => break,
                    _ => end += 1,
                }
            }
            bytes.get(blank(end + 1)) == Some(&b':')
        }
        _ => false,
    }
}

/// Reads records from JSON written by `convert`: JSON Lines (or any sequence of game
/// objects) or arrays of games, streamed one game at a time either way, so that memory
/// stays flat whatever the size. A value that is not JSON, or not a game, is an error
/// naming its line and game (counted from 1, as `check` counts), and reading goes on
/// with the next line or element.
pub fn read_records(
    mut source: impl BufRead + Send + 'static,
) -> Result<Box<dyn Iterator<Item = Result<GameRecord, ReadError>> + Send>, ReadError> {
    skip_byte_order_mark(&mut source)?;
    let starts_array = loop {
        let buffer = source.fill_buf()?;
        match buffer.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => break buffer[i] == b'[',
            None if buffer.is_empty() => break false,
            None => {
                let len = buffer.len();
                source.consume(len);
            }
        }
    };
    if starts_array {
        return Ok(Box::new(JsonArray {
            source,
            line: 1,
            games: 0,
            inside: false,
            done: false,
        }));
    }
    Ok(Box::new(JsonLines {
        source,
        pending: String::new(),
        pending_line: 0,
        line: 0,
        games: 0,
        ready: Vec::new(),
    }))
}

/// Skips a UTF-8 byte order mark at the start, as editors on Windows write one: JSON
/// (RFC 8259, 8.1) allows a reader to ignore it.
fn skip_byte_order_mark(source: &mut impl BufRead) -> std::io::Result<()> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let mut start = Vec::with_capacity(BOM.len());
    while start.len() < BOM.len() {
        let buffer = source.fill_buf()?;
        let Some(&byte) = buffer.first() else { break };
        if byte != BOM[start.len()] {
            break;
        }
        start.push(byte);
        source.consume(1);
    }
    if start.is_empty() || start == BOM {
        Ok(())
    } else {
        // Bytes of a mark cut short are not JSON at all: what is left of the text
        // says so in the reader's own words.
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the text starts with part of a byte order mark: not JSON",
        ))
    }
}

/// A JSON value whose objects name no key twice. serde_json's `Value` keeps the last
/// of two, so that a record read from it would lose the first without a word.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::from(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_string()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut list = Vec::new();
        while let Some(Unique(value)) = seq.next_element()? {
            list.push(value);
        }
        Ok(Value::Array(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Unique(value) = map.next_value()?;
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key {key:?} appears twice in one object"
                )));
            }
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// serde_json's message, in a record reader's words where it says too little: its
/// "unexpected end of hex escape" is most often a lone surrogate (`"\uD800"`), which
/// no text can hold.
fn not_json(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let said = if message.contains("end of hex escape") || message.contains("surrogate") {
        message.replacen(
            "unexpected end of hex escape",
            "a \\u escape cut short, or a lone surrogate (\\uD800 to \\uDFFF without \
             its pair), which no text can hold",
            1,
        )
    } else {
        message
    };
    format!("not JSON written by tgn convert: {said}")
}

/// The games of JSON arrays, split out of the text one element at a time (only
/// strings and brackets are followed; serde reads each element): an element is read
/// as soon as it closes, never the whole array.
struct JsonArray<R> {
    source: R,
    /// The line the reading stands on (1-based).
    line: usize,
    games: usize,
    /// Within an array (past its `[`).
    inside: bool,
    /// Stopped: the text is not an array of games, or it has ended.
    done: bool,
}

/// Where a JSON element ends, followed a buffer at a time.
#[derive(Default)]
struct Element {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl Element {
    /// How many bytes of `bytes` belong to the element, if it ends within them (a
    /// closing bracket of its own, its closing quote, or the `,` or `]` after a bare
    /// value); `None` when it goes on.
    fn end(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut i = 0;
        while i < bytes.len() {
            if self.escaped {
                // The character after a backslash, whatever it is.
                self.escaped = false;
                i += 1;
                continue;
            }
            if self.in_string {
                // Straight to the next quote or backslash.
                match memchr::memchr2(b'"', b'\\', &bytes[i..]) {
                    None => return None,
                    Some(at) => i += at,
                }
                if bytes[i] == b'\\' {
                    self.escaped = true;
                } else {
                    self.in_string = false;
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                i += 1;
                continue;
            }
            match bytes[i] {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' if self.depth == 0 => return Some(i),
                b'}' | b']' => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                b',' if self.depth == 0 => return Some(i),
                _ => {}
            }
            i += 1;
        }
        None
    }
}

impl<R: BufRead> Iterator for JsonArray<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let buffer = match self.source.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e.into()));
                }
            };
            let Some(&byte) = buffer.first() else {
                self.done = true;
                let message = format!("line {}: the JSON array stops before its `]`", self.line);
                return self.inside.then(|| Err(invalid(message)));
            };
            match byte {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                b'[' if !self.inside => self.inside = true,
                b',' | b']' if self.inside => self.inside = byte == b',',
                _ if self.inside => return Some(self.element()),
                _ => {
                    self.done = true;
                    let message = format!("line {}: expected a JSON array of games", self.line);
                    return Some(Err(invalid(message)));
                }
            }
            self.source.consume(1);
        }
        None
    }
}

impl<R: BufRead> JsonArray<R> {
    /// Reads the element that starts here, and the game in it.
    fn element(&mut self) -> Result<GameRecord, ReadError> {
        self.games += 1;
        let (line, game) = (self.line, self.games);
        let mut text = Vec::new();
        let mut element = Element::default();
        let mut too_long = false;
        loop {
            let buffer = self.source.fill_buf()?;
            if buffer.is_empty() {
                self.done = true;
                let message = format!("line {line} (game {game}): the JSON stops before its end");
                return Err(invalid(message));
            }
            // A stray `}` closes nothing: taken alone, as an element that is not JSON,
            // so that reading always moves on.
            let end = element
                .end(buffer)
                .map(|end| end.max(usize::from(text.is_empty())));
            let taken = &buffer[..end.unwrap_or(buffer.len())];
            self.line += memchr::memchr_iter(b'\n', taken).count();
            too_long |= text.len() + taken.len() > MAX_JSON_GAME;
            if !too_long {
                text.extend_from_slice(taken);
            }
            let len = taken.len();
            self.source.consume(len);
            if end.is_some() {
                break;
            }
        }
        if too_long {
            let message = format!(
                "line {line} (game {game}): a game longer than {} MiB of JSON is not read",
                MAX_JSON_GAME >> 20
            );
            return Err(invalid(message));
        }
        serde_json::from_slice::<Unique>(&text)
            .map_err(|e| not_json(&e))
            .and_then(|Unique(value)| record(&value))
            .map_err(|e| invalid(format!("line {line} (game {game}): {e}")))
    }
}

fn invalid(message: String) -> ReadError {
    ReadError::Invalid(message)
}

/// Game objects read line by line, so that a bad line is one error and the next line
/// is read again: an object may span lines (it is then read when complete).
struct JsonLines<R> {
    source: R,
    /// Text of an object not yet complete, and the line it starts on.
    pending: String,
    pending_line: usize,
    line: usize,
    games: usize,
    /// Games (or errors) read from the last line, in reverse order.
    ready: Vec<Result<GameRecord, ReadError>>,
}

impl<R: BufRead> Iterator for JsonLines<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() {
            let mut text = String::new();
            let room = (MAX_JSON_GAME + 1).saturating_sub(self.pending.len()) as u64;
            match (&mut self.source).take(room).read_line(&mut text) {
                Ok(0) if self.pending.trim().is_empty() => return None,
                Ok(0) => {
                    self.pending.clear();
                    self.games += 1;
                    let message = format!(
                        "line {} (game {}): the JSON stops before its end",
                        self.pending_line, self.games
                    );
                    return Some(Err(invalid(message)));
                }
                Ok(_) => {}
                Err(e) => return Some(Err(e.into())),
            }
            self.line += 1;
            if self.pending.trim().is_empty() {
                self.pending.clear();
                self.pending_line = self.line;
            }
            self.pending.push_str(&text);
            if self.pending.len() > MAX_JSON_GAME {
                self.pending.clear();
                self.games += 1;
                if !text.ends_with('\n') {
                    skip_line(&mut self.source);
                }
                let message = format!(
                    "line {} (game {}): a game longer than {} MiB of JSON is not read",
                    self.pending_line,
                    self.games,
                    MAX_JSON_GAME >> 20
                );
                return Some(Err(invalid(message)));
            }
            self.take_values();
        }
        self.ready.pop()
    }
}

/// The most JSON text one game may take (its record text is bounded by
/// [`MAX_GAME_BYTES`](crate::record::reader::MAX_GAME_BYTES); its JSON, with the state
/// after every move, is larger).
const MAX_JSON_GAME: usize = 64 << 20;

/// Skips the rest of a line without keeping it.
fn skip_line(source: &mut impl BufRead) {
    while let Ok(buffer) = source.fill_buf() {
        if buffer.is_empty() {
            return;
        }
        let (len, done) = match memchr::memchr(b'\n', buffer) {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        source.consume(len);
        if done {
            return;
        }
    }
}

impl<R> JsonLines<R> {
    /// Reads the complete values of the pending text; keeps an incomplete last one.
    fn take_values(&mut self) {
        let mut stream = serde_json::Deserializer::from_str(&self.pending).into_iter::<Unique>();
        let mut found = Vec::new();
        let mut rest = None;
        for value in stream.by_ref() {
            match value {
                Ok(Unique(value)) => {
                    self.games += 1;
                    found.push(record(&value).map_err(|e| {
                        invalid(format!(
                            "line {} (game {}): {e}",
                            self.pending_line, self.games
                        ))
                    }));
                }
                Err(e) if e.is_eof() => {
                    rest = Some(self.pending[stream.byte_offset()..].to_string());
                    break;
                }
                Err(e) => {
                    self.games += 1;
                    found.push(Err(invalid(format!(
                        "line {} (game {}): {}",
                        self.pending_line,
                        self.games,
                        not_json(&e)
                    ))));
                    break;
                }
            }
        }
        self.pending = rest.unwrap_or_default();
        found.reverse();
        self.ready = found;
    }
}

/// One game object as a record: from its `text` when it has one (a game with syntax
/// errors, read again as written), else from its fields. A field of the wrong type, an
/// object with nothing of a game, or a value that text cannot hold as it is (see
/// [`write_checked`]) is refused with what is wrong.
fn record(value: &Value) -> Result<GameRecord, String> {
    let object = value.as_object().ok_or("expected a JSON object")?;
    known_fields(object, "a game", GAME_FIELDS)?;
    if let Some(text) = object.get("text") {
        return record_from_text(text);
    }
    let mut record = GameRecord::default();
    match object.get("tags") {
        None | Some(Value::Null) => {}
        Some(Value::Object(tags)) => {
            for (name, value) in tags {
                let value = value
                    .as_str()
                    .ok_or_else(|| format!("tag {name}: expected a string"))?;
                record.tags.push(Tag {
                    name: name.clone(),
                    value: value.to_string(),
                    span: Span::default(),
                });
            }
        }
        Some(_) => return Err("tags: expected an object".into()),
    }
    for duplicate in array(object, "duplicate_tags")?.into_iter().flatten() {
        let duplicate = duplicate
            .as_object()
            .ok_or("duplicate_tags: expected objects")?;
        known_fields(duplicate, "a duplicate tag", DUPLICATE_TAG_FIELDS)?;
        let field = |name: &str| {
            duplicate
                .get(name)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("duplicate_tags: expected a {name} string"))
        };
        let (name, value) = (field("name")?, field("value")?);
        // Back where the record had it (`at`, its place among all tags), else (JSON
        // written before `at`) after the last tag of its name.
        let at = match duplicate.get("at").and_then(Value::as_u64) {
            Some(at) => (at as usize).min(record.tags.len()),
            None => record
                .tags
                .iter()
                .rposition(|t| t.name == name)
                .map_or(record.tags.len(), |i| i + 1),
        };
        record.tags.insert(
            at,
            Tag {
                name: name.to_string(),
                value: value.to_string(),
                span: Span::default(),
            },
        );
    }
    name_the_game(&mut record, object)?;
    record.comments = read_comments(object.get("comments"))?;
    record.moves = read_moves(object.get("moves"))?;
    match object.get("result") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) => {
            let marker = parse_result(text).ok_or_else(|| format!("unknown result {text:?}"))?;
            record.result = Some(ResultMark {
                result: marker.result(),
                text: text.to_string(),
                span: Span::default(),
            });
        }
        Some(other) => return Err(format!("result {other}: expected a string")),
    }
    record.trailing = read_comments(object.get("trailing_comments"))?;
    if record.is_empty() {
        return Err("no game in it: no tags, comments, moves or result".into());
    }
    write_checked(&record)?;
    Ok(record)
}

/// The object's `game` (what `convert` read the game as, perhaps from `--game`) as a
/// `[Game]` tag when no tag names the game, so that the text written from this JSON
/// is read as the same game (PlayOK's records carry no `[Game]` tag).
fn name_the_game(record: &mut GameRecord, object: &Map<String, Value>) -> Result<(), String> {
    let game = match object.get("game") {
        None | Some(Value::Null) => return Ok(()),
        Some(Value::String(game)) => game,
        Some(_) => return Err("game: expected a string".into()),
    };
    if !record.names_its_game() {
        record.tags.push(Tag {
            name: "Game".into(),
            value: game.clone(),
            span: Span::default(),
        });
    }
    Ok(())
}

/// A game whose text had syntax errors, read again from that text: one game, as read
/// (its text all of `text`, so that it is written back the same, and its diagnostics
/// stand at the same lines).
fn record_from_text(text: &Value) -> Result<GameRecord, String> {
    let text = text.as_str().ok_or("text: expected a string")?.trim();
    if text.contains('\0') {
        return Err("text: a NUL byte cannot stand in a record".into());
    }
    let mut games = parse_games(text, Origin::default());
    match games.as_slice() {
        [game] if game.text() == Some(text) => Ok(games.remove(0)),
        [_] => Err("text: holds more than its game (an escape line around it)".into()),
        _ => Err(format!("text: holds {} games, not one", games.len())),
    }
}

/// The fields of a game object, as docs/schema/game.schema.json names them (a test
/// holds the two together). Those of the replay (`move`, `state`, …) are read past;
/// one the schema does not know is a slip (`comment` for `comments`) that would lose
/// what it holds without a word, and is refused.
pub const GAME_FIELDS: &[&str] = &[
    "schema",
    "file",
    "index",
    "game",
    "sides",
    "tags",
    "comments",
    "start",
    "moves",
    "result",
    "trailing_comments",
    "outcome",
    "valid",
    "errors",
    "warnings",
    "duplicate_tags",
    "text",
    "analysis",
];

/// The fields of a move object, as the schema names them.
pub const MOVE_FIELDS: &[&str] = &[
    "number",
    "continuation",
    "written",
    "ply",
    "player",
    "move",
    "description",
    "position",
    "to_move",
    "state",
    "error",
    "skipped",
    "nags",
    "comments",
    "variations",
    "eval",
];

/// The fields of a variation object, as the schema names them.
pub const VARIATION_FIELDS: &[&str] = &["comments", "moves"];

/// The fields of a duplicate tag, as the schema names them.
pub const DUPLICATE_TAG_FIELDS: &[&str] = &["name", "value", "at"];

/// Refuses a field of `object` (`what`) that is not one of `fields`.
fn known_fields(object: &Map<String, Value>, what: &str, fields: &[&str]) -> Result<(), String> {
    match object.keys().find(|key| !fields.contains(&key.as_str())) {
        None => Ok(()),
        Some(key) => Err(format!(
            "{what}: unknown field {key:?} (the fields tgn reads and writes: {})",
            fields.join(", ")
        )),
    }
}

/// The array in field `name`: `None` when absent or null.
fn array<'a>(object: &'a Map<String, Value>, name: &str) -> Result<Option<&'a Vec<Value>>, String> {
    match object.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(list)) => Ok(Some(list)),
        Some(_) => Err(format!("{name}: expected an array")),
    }
}

/// Comments, without the blanks at either end that text would not keep.
fn read_comments(value: Option<&Value>) -> Result<Vec<Comment>, String> {
    let list = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(value) => value.as_array().ok_or("comments: expected an array")?,
    };
    list.iter()
        .map(|c| {
            c.as_str()
                .map(|text| Comment {
                    text: text.trim().to_string(),
                    span: Span::default(),
                })
                .ok_or_else(|| "comments: expected strings".to_string())
        })
        .collect()
}

fn read_moves(value: Option<&Value>) -> Result<Vec<MoveNode>, String> {
    let list = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(value) => value.as_array().ok_or("moves: expected an array")?,
    };
    list.iter().map(read_move).collect()
}

fn read_move(value: &Value) -> Result<MoveNode, String> {
    let object = value.as_object().ok_or("a move: expected an object")?;
    known_fields(object, "a move", MOVE_FIELDS)?;
    let text = object
        .get("written")
        .and_then(Value::as_str)
        .ok_or("a move without \"written\"")?;
    let number = match object.get("number") {
        None | Some(Value::Null) => None,
        Some(n) => Some(
            n.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| format!("move number {n} is not a number tgn keeps"))?,
        ),
    };
    let number = number.map(|n| MoveNumber {
        number: n,
        continuation: object
            .get("continuation")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        span: Span::default(),
    });
    let nags = match array(object, "nags")? {
        Some(list) => list
            .iter()
            .map(|n| {
                n.as_u64()
                    .and_then(|c| u16::try_from(c).ok())
                    .filter(|&c| c <= crate::record::parser::MAX_NAG)
                    .map(|code| Nag {
                        code,
                        span: Span::default(),
                    })
                    .ok_or_else(|| "nags: expected numbers".to_string())
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let variations = match array(object, "variations")? {
        Some(list) => list
            .iter()
            .map(|v| {
                let v = v
                    .as_object()
                    .ok_or("variations: expected objects ({\"comments\", \"moves\"})")?;
                known_fields(v, "a variation", VARIATION_FIELDS)?;
                Ok(Variation {
                    comments: read_comments(v.get("comments"))?,
                    moves: read_moves(v.get("moves"))?,
                    span: Span::default(),
                })
            })
            .collect::<Result<_, String>>()?,
        None => Vec::new(),
    };
    Ok(MoveNode {
        number,
        text: Word::from(text),
        span: Span::default(),
        nags,
        comments: read_comments(object.get("comments"))?,
        variations,
    })
}

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Read};

    use super::*;

    const GAME: &str = r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)"}],"result":"*"}"#;

    /// Bytes that may be read only up to `stop`: reading further panics.
    struct Stop {
        data: Vec<u8>,
        at: usize,
        stop: usize,
    }

    impl Read for Stop {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            assert!(self.at < self.stop, "read past the first game");
            let n = buf.len().min(self.stop - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    #[test]
    fn an_array_yields_its_first_game_before_the_rest_is_read() {
        // The array is streamed, not read whole: memory stays flat on any size.
        let head = format!("[\n{GAME}");
        let data = format!("{head},\n{}", "x".repeat(1 << 20)).into_bytes();
        let stop = head.len();
        let source = BufReader::with_capacity(64, Stop { data, at: 0, stop });
        let mut games = read_records(source).unwrap();
        let first = games.next().unwrap().unwrap();
        assert_eq!(first.moves[0].text, "98(10)");
    }

    #[test]
    fn array_elements_split_on_their_own_brackets_not_those_in_strings() {
        let odd =
            r#"{"tags":{"Game":"toguz","Event":"a ] } , \" \\"},"moves":[{"written":"98(10)"}]}"#;
        let text = format!("[{odd}, 7 ,\n{GAME}]\n[{GAME}]");
        let games: Vec<_> = read_records(std::io::Cursor::new(text)).unwrap().collect();
        assert_eq!(games.len(), 4, "{games:?}");
        assert_eq!(
            games[0].as_ref().unwrap().tag("Event"),
            Some(r#"a ] } , " \"#)
        );
        let error = games[1].as_ref().unwrap_err().to_string();
        assert!(
            error.contains("line 1 (game 2): expected a JSON object"),
            "{error}"
        );
        assert!(games[2].is_ok() && games[3].is_ok(), "{games:?}");
    }

    #[test]
    fn an_array_cut_short_is_one_error_naming_its_line() {
        let text = format!("[{GAME},\n{GAME},\n{{\"tags\": {{");
        let games: Vec<_> = read_records(std::io::Cursor::new(text)).unwrap().collect();
        assert_eq!(games.len(), 3, "{games:?}");
        let error = games[2].as_ref().unwrap_err().to_string();
        assert!(error.contains("line 3 (game 3): the JSON stops"), "{error}");
    }

    #[test]
    fn a_games_text_is_read_as_one_game_that_writes_back_the_same() {
        let read = |text: &str| record_from_text(&Value::from(text));
        let game = read("\n[A \"1\"]\n1. a {open\n").unwrap();
        assert_eq!(game.text(), Some("[A \"1\"]\n1. a {open"));
        assert_eq!(game.errors[0].span.line, 2, "lines as in the text");
        let error = read("1. a *\n\n[A \"2\"]\n1. b *").unwrap_err();
        assert!(error.contains("holds 2 games"), "{error}");
        let error = read("%escape\n1. a {open").unwrap_err();
        assert!(error.contains("holds more than its game"), "{error}");
    }

    #[test]
    fn any_array_text_is_read_to_its_end_one_error_at_a_time() {
        for text in [
            "[}",
            "[}}}]",
            "[{]",
            "[\"",
            "[1 2]",
            "[,,,]",
            "[[[[",
            "[]]",
            "[] x",
            "[\"\\",
            "[{\"a\":\"}\"}",
            "[\n\n}\n]",
        ] {
            let items: Vec<_> = read_records(std::io::Cursor::new(text)).unwrap().collect();
            assert!(items.len() <= text.len(), "{text:?}: {items:?}");
            assert!(items.iter().all(Result::is_err), "{text:?}: {items:?}");
        }
    }

    fn first_error(text: &str) -> String {
        let mut games = read_records(std::io::Cursor::new(text.to_string())).unwrap();
        games.next().unwrap().unwrap_err().to_string()
    }

    /// Issue 57 item 14: what text cannot hold, or what a slip would lose, is refused.
    #[test]
    fn a_variation_that_is_not_an_object_and_an_unknown_field_are_refused() {
        for variation in ["[]", "\"x\"", "7"] {
            let text = format!(
                r#"{{"tags":{{"Game":"toguz"}},"moves":[{{"written":"98(10)","variations":[{variation}]}}]}}"#
            );
            let error = first_error(&text);
            assert!(error.contains("variations: expected objects"), "{error}");
        }
        let text = r#"{"tags":{"Game":"toguz"},"moves":[{"written":"98(10)","comment":["lost"]}]}"#;
        let error = first_error(text);
        assert!(
            error.contains(r#"a move: unknown field "comment""#),
            "{error}"
        );
        let error = first_error(r#"{"tags":{"Game":"toguz"},"comment":["x"]}"#);
        assert!(
            error.contains(r#"a game: unknown field "comment""#),
            "{error}"
        );
    }

    #[test]
    fn a_key_twice_in_one_object_is_refused_in_lines_and_arrays() {
        let twice = r#"{"tags":{"Game":"toguz","Game":"zamma"},"moves":[]}"#;
        for text in [twice.to_string(), format!("[{twice}]")] {
            let error = first_error(&text);
            assert!(
                error.contains(r#"the key "Game" appears twice in one object"#),
                "{error}"
            );
        }
    }

    #[test]
    fn a_byte_order_mark_before_the_json_is_read_past() {
        for text in [format!("\u{feff}{GAME}"), format!("\u{feff}[{GAME}]")] {
            let games: Vec<_> = read_records(std::io::Cursor::new(text)).unwrap().collect();
            assert!(matches!(games.as_slice(), [Ok(_)]), "{games:?}");
        }
    }

    #[test]
    fn a_lone_surrogate_is_named_as_such() {
        let text = r#"{"tags":{"Game":"toguz","White":"\ud800"}}"#;
        for text in [text.to_string(), format!("[{text}]")] {
            let error = first_error(&text);
            assert!(error.contains("a lone surrogate"), "{error}");
        }
    }
}
