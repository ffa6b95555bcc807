//! The JSON form of games, as `convert` writes it and reads it back.
//!
//! The schema is documented in the README ("JSON output"); it is stable: fields may be
//! added, never renamed or removed. Reading JSON back uses only what was written in
//! the record (`tags`, `comments`, `moves[].written/number/nags/comments/variations`,
//! `result`, `trailing_comments`); replay fields (`move`, `state`, …) are ignored.

use std::io::{self, BufRead};

use serde_json::{Map, Value, json};

use crate::commands::Item;
use crate::record::{
    Comment, GameRecord, MoveNode, MoveNumber, Nag, ResultMark, Span, Tag, Variation, parse_result,
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

/// A whole game for `convert`.
pub fn game(item: &Item) -> Value {
    let record = &item.record;
    let replay = &item.replay;
    let tags: Map<String, Value> = record
        .tags
        .iter()
        .map(|t| (t.name.clone(), Value::from(t.value.clone())))
        .collect();
    json!({
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
    })
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
/// objects), streamed one game at a time, or one array of games, read whole. A game
/// that is not of the expected shape is an error naming its index.
pub fn read_records(
    mut source: impl BufRead + Send + 'static,
) -> io::Result<Box<dyn Iterator<Item = io::Result<GameRecord>> + Send>> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidData, e);
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
    let values: Box<dyn Iterator<Item = Result<Value, serde_json::Error>> + Send> = if starts_array
    {
        let games: Vec<Value> = serde_json::from_reader(source)
            .map_err(|e| invalid(format!("not JSON written by tgn convert: {e}")))?;
        Box::new(games.into_iter().map(Ok))
    } else {
        Box::new(serde_json::Deserializer::from_reader(source).into_iter::<Value>())
    };
    Ok(Box::new(values.enumerate().map(move |(i, value)| {
        let value = value
            .map_err(|e| invalid(format!("game {i}: not JSON written by tgn convert: {e}")))?;
        record(&value).map_err(|e| invalid(format!("game {i}: {e}")))
    })))
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
    let number = object
        .get("number")
        .and_then(Value::as_u64)
        .map(|n| MoveNumber {
            number: n as u32,
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
        text: text.to_string(),
        span: Span::default(),
        nags,
        comments: read_comments(object.get("comments"))?,
        variations,
    })
}
