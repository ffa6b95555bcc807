//! The JSON form of games, as `convert` writes it and reads it back.
//!
//! The schema is documented in the README ("JSON output"); it is stable: fields may be
//! added, never renamed or removed. Reading JSON back uses only what was written in
//! the record (`tags`, `comments`, `moves[].written/number/nags/comments/variations`,
//! `result`, `trailing_comments`); replay fields (`move`, `state`, …) are ignored.

use std::io::{BufRead, Read};

use serde_json::{Map, Value, json};

use super::Item;
use crate::record::{
    Comment, GameRecord, MoveNode, MoveNumber, Nag, ReadError, ResultMark, Span, Tag, Variation,
    Word, parse_result,
};
use crate::replay::{Diagnostic, Line, Status};

/// A diagnostic as JSON (shared by `check --format json` and `convert`).
pub fn diagnostic(d: &Diagnostic) -> Value {
    json!({
        "code": d.code.as_str(),
        "line": d.span.line,
        "column": d.span.column,
        "offset": d.span.start,
        "ply": d.ply,
        "in_variation": d.in_variation,
        "move": d.written,
        "message": d.message,
        "position": d.position.as_ref().map(|p| p.text.clone()),
    })
}

/// The declared result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, or null when none.
pub fn declared_result(record: &GameRecord) -> Value {
    match record.declared_result() {
        Some(result) => Value::from(result.map_or("*", |r| r.as_str())),
        None => Value::Null,
    }
}

/// One JSON object per game (`--format json`); the schema is in the README.
pub fn check_line(item: &Item) -> Value {
    let replay = &item.replay;
    json!({
        "file": &*item.file,
        "index": item.index,
        "game": replay.game.map(|g| g.id),
        "valid": replay.is_valid(),
        "plies": replay.plies,
        "errors": replay.errors.iter().map(diagnostic).collect::<Vec<_>>(),
        "warnings": replay.warnings.iter().map(diagnostic).collect::<Vec<_>>(),
        "result": declared_result(&item.record),
        "outcome": replay.outcome,
        "white": item.record.tag("White"),
        "black": item.record.tag("Black"),
        "final_position": replay.end.as_ref().map(|s| s.position.clone()),
    })
}

/// A whole game for `convert`.
pub fn game(item: &Item) -> Value {
    let record = &item.record;
    let replay = &item.replay;
    // The first value of a tag given twice, as every output reads it; the others
    // follow in `duplicate_tags`, so that nothing is lost.
    let mut tags = Map::new();
    let mut duplicates = Vec::new();
    for tag in &record.tags {
        if tags.contains_key(&tag.name) {
            duplicates.push(json!({"name": tag.name, "value": tag.value}));
        } else {
            tags.insert(tag.name.clone(), Value::from(tag.value.clone()));
        }
    }
    let mut game = json!({
        "file": &*item.file,
        "index": item.index,
        "game": replay.game.map(|g| g.id),
        "tags": tags,
        "comments": comments(&record.comments),
        "start": replay.start.as_ref().map(|s| json!({"position": s.position, "state": s.state})),
        "moves": moves(&record.moves, Some(&replay.main), replay),
        "result": record.result.as_ref().map(|r| r.text.clone()),
        "trailing_comments": comments(&record.trailing),
        "outcome": replay.outcome,
        "valid": replay.is_valid(),
        "errors": replay.errors.iter().map(diagnostic).collect::<Vec<_>>(),
        "warnings": replay.warnings.iter().map(diagnostic).collect::<Vec<_>>(),
    });
    if !duplicates.is_empty() {
        game["duplicate_tags"] = Value::Array(duplicates);
    }
    game
}

fn comments(list: &[Comment]) -> Vec<&str> {
    list.iter().map(|c| c.text.as_str()).collect()
}

fn moves(nodes: &[MoveNode], line: Option<&Line>, replay: &crate::replay::Replay) -> Vec<Value> {
    nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let replayed = line.and_then(|l| l.nodes.get(i));
            let mut object = Map::new();
            if let Some(number) = &node.number {
                object.insert("number".into(), json!(number.number));
                object.insert("continuation".into(), json!(number.continuation));
            }
            object.insert("written".into(), json!(node.text));
            match replayed.map(|n| &n.status) {
                Some(Status::Played(p)) => {
                    object.insert("ply".into(), json!(p.ply));
                    object.insert("player".into(), json!(p.mover));
                    object.insert("move".into(), json!(p.canonical));
                    if let Some(d) = &p.detail {
                        object.insert("description".into(), json!(d.description));
                        object.insert("position".into(), json!(d.position));
                        object.insert("state".into(), d.state.clone());
                    }
                }
                Some(Status::Failed(e)) => {
                    let error = &replay.errors[*e];
                    object.insert("ply".into(), json!(error.ply));
                    object.insert("player".into(), json!(error.mover));
                    object.insert("error".into(), json!(error.message));
                }
                Some(Status::Skipped) | None => {
                    object.insert("skipped".into(), json!(true));
                }
            }
            if !node.nags.is_empty() {
                object.insert(
                    "nags".into(),
                    json!(node.nags.iter().map(|n| n.code).collect::<Vec<_>>()),
                );
            }
            if !node.comments.is_empty() {
                object.insert("comments".into(), json!(comments(&node.comments)));
            }
            if !node.variations.is_empty() {
                let variations: Vec<Value> = node
                    .variations
                    .iter()
                    .enumerate()
                    .map(|(v, variation)| {
                        let line = replayed.and_then(|n| n.variations.get(v));
                        json!({
                            "comments": comments(&variation.comments),
                            "moves": moves(&variation.moves, line, replay),
                        })
                    })
                    .collect();
                object.insert("variations".into(), Value::Array(variations));
            }
            Value::Object(object)
        })
        .collect()
}

/// Reads records from JSON written by `convert`: JSON Lines (or any sequence of game
/// objects), streamed one game at a time, or one array of games, read whole. A value
/// that is not JSON, or not a game, is an error naming its line and game (counted
/// from 1, as `check` counts), and reading goes on with the next line.
pub fn read_records(
    mut source: impl BufRead + Send + 'static,
) -> Result<Box<dyn Iterator<Item = Result<GameRecord, ReadError>> + Send>, ReadError> {
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
        let games: Vec<Value> = serde_json::from_reader(source)
            .map_err(|e| invalid(format!("not JSON written by tgn convert: {e}")))?;
        let games = games
            .into_iter()
            .enumerate()
            .map(|(i, value)| record(&value).map_err(|e| invalid(format!("game {}: {e}", i + 1))));
        return Ok(Box::new(games));
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
        let mut stream = serde_json::Deserializer::from_str(&self.pending).into_iter::<Value>();
        let mut found = Vec::new();
        let mut rest = None;
        for value in stream.by_ref() {
            match value {
                Ok(value) => {
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
                        "line {} (game {}): not JSON written by tgn convert: {e}",
                        self.pending_line, self.games
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

fn record(value: &Value) -> Result<GameRecord, String> {
    let object = value.as_object().ok_or("expected a JSON object")?;
    let mut record = GameRecord::default();
    if let Some(tags) = object.get("tags").and_then(Value::as_object) {
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
    if let Some(duplicates) = object.get("duplicate_tags").and_then(Value::as_array) {
        for duplicate in duplicates {
            let field = |name: &str| {
                duplicate
                    .get(name)
                    .and_then(Value::as_str)
                    .ok_or_else(|| format!("duplicate_tags: expected a {name} string"))
            };
            let (name, value) = (field("name")?, field("value")?);
            // Back after the last tag of its name, where the record had it.
            let at = record
                .tags
                .iter()
                .rposition(|t| t.name == name)
                .map_or(record.tags.len(), |i| i + 1);
            record.tags.insert(
                at,
                Tag {
                    name: name.to_string(),
                    value: value.to_string(),
                    span: Span::default(),
                },
            );
        }
    }
    record.comments = read_comments(object.get("comments"))?;
    record.moves = read_moves(object.get("moves"))?;
    if let Some(text) = object.get("result").and_then(Value::as_str) {
        let result = parse_result(text).ok_or_else(|| format!("unknown result {text:?}"))?;
        record.result = Some(ResultMark {
            result,
            text: text.to_string(),
            span: Span::default(),
        });
    }
    record.trailing = read_comments(object.get("trailing_comments"))?;
    Ok(record)
}

fn read_comments(value: Option<&Value>) -> Result<Vec<Comment>, String> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let list = value.as_array().ok_or("comments: expected an array")?;
    list.iter()
        .map(|c| {
            c.as_str()
                .map(|text| Comment {
                    text: text.to_string(),
                    span: Span::default(),
                })
                .ok_or_else(|| "comments: expected strings".to_string())
        })
        .collect()
}

fn read_moves(value: Option<&Value>) -> Result<Vec<MoveNode>, String> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let list = value.as_array().ok_or("moves: expected an array")?;
    list.iter().map(read_move).collect()
}

fn read_move(value: &Value) -> Result<MoveNode, String> {
    let object = value.as_object().ok_or("a move: expected an object")?;
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
    let nags = match object.get("nags").and_then(Value::as_array) {
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
    let variations = match object.get("variations").and_then(Value::as_array) {
        Some(list) => list
            .iter()
            .map(|v| {
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
