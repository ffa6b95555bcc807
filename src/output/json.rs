//! The JSON form of games, as `convert` and `check` write it (read back by
//! [`record::json`](crate::record::json)).
//!
//! The schema is documented in docs/format.md ("JSON output"); fields are added, never
//! renamed (the state after every move is written only on request, [`Form`]).

use serde_json::{Map, Value, json};

use super::Item;
use crate::record::{Comment, GameRecord, MoveNode};
use crate::replay::{Detail, Diagnostic, Line, Status};

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
        "rule": d.rule.map(|r| r.as_str()),
        "position": d.position.as_ref().map(|p| p.text.clone()),
    })
}

/// The declared result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, or null when none.
pub fn declared_result(record: &GameRecord) -> Value {
    match record.declared_result() {
        Some(marker) => Value::from(marker.as_str()),
        None => Value::Null,
    }
}

/// One JSON object per game (`--format json`); the schema is in docs/format.md.
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

/// What the JSON form of a game carries beyond the record and its verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The game's structured state at the start and after every move (`--states`):
    /// most of the size, so only on request.
    pub states: bool,
}

impl Form {
    /// What the replay must keep for this form: every move's description and
    /// position, the state only on request, and no drawing.
    pub fn detail(self) -> Detail {
        Detail {
            board: false,
            state: self.states,
            ..Detail::FULL
        }
    }
}

/// A whole game for `convert`, carrying what `form` asks. A game whose text has
/// syntax errors also carries that text (`text`), so that it is written back as read,
/// never repaired.
pub fn game_in(item: &Item, form: Form) -> Value {
    let record = &item.record;
    let replay = &item.replay;
    // The first value of a tag given twice, as every output reads it; the others
    // follow in `duplicate_tags`, so that nothing is lost.
    let mut tags = Map::new();
    let mut duplicates = Vec::new();
    for (at, tag) in record.tags.iter().enumerate() {
        if tags.contains_key(&tag.name) {
            duplicates.push(json!({"name": tag.name, "value": tag.value, "at": at}));
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
        "start": replay.start.as_ref().map(|s| {
            let mut start = json!({"position": s.position});
            if form.states {
                start["state"] = s.state.clone();
            }
            start
        }),
        "moves": moves(&record.moves, Some(&replay.main), replay, form),
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
    if let Some(text) = record.text().filter(|_| !record.errors.is_empty()) {
        game["text"] = Value::from(text);
    }
    game
}

fn comments(list: &[Comment]) -> Vec<&str> {
    list.iter().map(|c| c.text.as_str()).collect()
}

fn moves(
    nodes: &[MoveNode],
    line: Option<&Line>,
    replay: &crate::replay::Replay,
    form: Form,
) -> Vec<Value> {
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
                        if form.states {
                            object.insert("state".into(), d.state.clone());
                        }
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
                            "moves": moves(&variation.moves, line, replay, form),
                        })
                    })
                    .collect();
                object.insert("variations".into(), Value::Array(variations));
            }
            Value::Object(object)
        })
        .collect()
}
