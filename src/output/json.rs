//! The JSON form of games, as `convert` and `check` write it (read back by
//! [`record::json`](crate::record::json)).
//!
//! One data model for every game, versioned as [`SCHEMA`] and published as JSON Schema
//! in `docs/schema/` (`game.schema.json`, `check.schema.json`); docs/format.md
//! documents it. A side is `"first"` or `"second"` in every field, the game's own
//! names once in `sides`; every point of a game (the start, each move) carries its
//! `position` and `to_move`; an outcome carries its winner and a reason from one list.
//! A change of shape changes [`SCHEMA`] and the schemas (tests hold the three
//! together).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value, json};

use super::Item;
use crate::games::{Ending, Outcome};
use crate::record::{Comment, GameRecord, MoveNode};
use crate::replay::{Detail, Diagnostic, Line, Node, Replay, Status};

/// The version of the data model every JSON object names in its `"schema"` field.
pub const SCHEMA: &str = "tgn/1";

/// A struct's `"schema"` field: serialized as [`SCHEMA`], whatever built the struct
/// (a derived `Default` included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Schema;

impl serde::Serialize for Schema {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(SCHEMA)
    }
}

/// An error or warning as JSON, one shape in every command: `code`, `message`,
/// `rule`, `ply`, `line`, `column`, `token` (the move or text as written), then where
/// it stands (`offset`, `in_variation`) and the position before the move.
pub fn diagnostic(d: &Diagnostic) -> Value {
    serde_json::to_value(DiagnosticJson::of(d)).unwrap_or_default()
}

/// [`diagnostic`]'s object, borrowed from the diagnostic and written as it is:
/// `check --format json` writes one per invalid game, and building a map for each
/// cost a fifth of its time (issue 57).
#[derive(serde::Serialize)]
pub struct DiagnosticJson<'a> {
    code: &'static str,
    message: &'a str,
    rule: Option<&'static str>,
    ply: Option<u32>,
    line: u32,
    column: u32,
    token: Option<&'a str>,
    offset: usize,
    in_variation: bool,
    position: Option<&'a str>,
}

impl<'a> DiagnosticJson<'a> {
    pub fn of(d: &'a Diagnostic) -> Self {
        DiagnosticJson {
            code: d.code.as_str(),
            message: &d.message,
            rule: d.rule.map(|r| r.as_str()),
            ply: d.ply,
            line: d.span.line,
            column: d.span.column,
            token: d.written.as_deref(),
            offset: d.span.start,
            in_variation: d.in_variation,
            position: d.position.as_ref().map(|p| p.text.as_str()),
        }
    }
}

/// The game a record is read as when no tag names it (it came from `--game`): what
/// `convert` adds as a `[Game]` tag, last, to the JSON's `tags` and to the text it
/// writes, so that the converted record names its game and reads back as the same
/// game (PGN → JSON → PGN → JSON is then exact, PlayOK's archive too).
pub fn game_tag(item: &Item) -> Option<&'static str> {
    let game = item.replay.game?;
    (!item.record.names_its_game()).then_some(game.id)
}

/// How the game ended: on the board (the replay's outcome), else, for a valid game
/// whose record declares a result, that result with the reason `declared`; `None`
/// when neither (an invalid game, or `*`).
pub fn outcome(item: &Item) -> Option<Outcome> {
    let replay = &item.replay;
    if let Some(outcome) = &replay.outcome {
        return Some(outcome.clone());
    }
    let declared = item.record.declared_result()?.result()?;
    replay
        .is_valid()
        .then(|| Outcome::new(declared, Ending::Declared, None, "not decided on the board"))
}

/// The declared result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, or null when none.
pub fn declared_result(record: &GameRecord) -> Value {
    match record.declared_result() {
        Some(marker) => Value::from(marker.as_str()),
        None => Value::Null,
    }
}

/// One JSON object per game (`--format json`); the schema is in docs/format.md.
/// Borrowed from the game and serialized as it is, field by field in this order.
#[derive(serde::Serialize)]
pub struct CheckLine<'a> {
    schema: Schema,
    file: &'a str,
    index: usize,
    game: Option<&'static str>,
    sides: Option<crate::games::Sides>,
    valid: bool,
    plies: u32,
    errors: Vec<DiagnosticJson<'a>>,
    warnings: Vec<DiagnosticJson<'a>>,
    result: Option<&'static str>,
    outcome: Option<Outcome>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    final_position: Option<&'a str>,
    final_to_move: Option<crate::games::Player>,
    suggestions: Vec<super::mend::SuggestionJson<'a>>,
    suggestions_cut: Option<&'static str>,
}

/// The [`CheckLine`] of a game.
pub fn check_line(item: &Item) -> CheckLine<'_> {
    let replay = &item.replay;
    let mend = replay.mend.as_deref();
    CheckLine {
        schema: Schema,
        file: &item.file,
        index: item.index,
        game: replay.game.map(|g| g.id),
        sides: replay.sides,
        valid: replay.is_valid(),
        plies: replay.plies,
        errors: replay.errors.iter().map(DiagnosticJson::of).collect(),
        warnings: replay.warnings.iter().map(DiagnosticJson::of).collect(),
        result: item.record.declared_result().map(|marker| marker.as_str()),
        outcome: outcome(item),
        white: item.record.tag("White"),
        black: item.record.tag("Black"),
        final_position: replay.end.as_ref().map(|s| s.position.as_str()),
        final_to_move: replay.end.as_ref().and_then(|s| s.to_move),
        suggestions: super::mend::suggestions_json(mend),
        suggestions_cut: super::mend::cut_name(mend),
    }
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
    // Serializing to a `Value` fails only on a map key that is not a string; the
    // game's keys are all names.
    serde_json::to_value(GameJson {
        item,
        form,
        addenda: None,
    })
    .unwrap_or(Value::Null)
}

/// What a command adds to a game's JSON as it is written (`analyze --format json`: an
/// `eval` after each move of the main line, an `analysis` after the game), so that
/// the game is never built whole as a JSON value first.
pub trait Addenda {
    /// The entry after the main line's move `index` (from 0), if any.
    fn after_move(&self, index: usize) -> Option<(&'static str, Value)>;
    /// The entries after the game's own.
    fn after_game(&self) -> Vec<(&'static str, Value)>;
}

/// The game of [`game_in`], as it is written: `serde_json::to_writer(out, &GameJson
/// {..})` writes the same text as [`game_in`]'s value would, but turns each move to
/// JSON only as it is written, so that a game of 100,000 plies never holds them all
/// at once as JSON values (issue 33: every command within 300 MB on a 1 MB record).
pub struct GameJson<'a> {
    pub item: &'a Item,
    pub form: Form,
    pub addenda: Option<&'a dyn Addenda>,
}

impl Serialize for GameJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let record = &self.item.record;
        let replay = &self.item.replay;
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
        if let Some(id) = game_tag(self.item) {
            tags.insert("Game".into(), Value::from(id));
        }
        let start = replay.start.as_ref().map(|s| {
            let mut start = json!({"position": s.position, "to_move": s.to_move});
            if self.form.states {
                start["state"] = s.state.clone();
            }
            start
        });
        let moves = MovesJson {
            nodes: &record.moves,
            line: Some(&replay.main),
            replay,
            form: self.form,
            addenda: self.addenda,
        };
        let errors: Vec<Value> = replay.errors.iter().map(diagnostic).collect();
        let warnings: Vec<Value> = replay.warnings.iter().map(diagnostic).collect();
        let mut game = serializer.serialize_map(None)?;
        game.serialize_entry("schema", SCHEMA)?;
        game.serialize_entry("file", &*self.item.file)?;
        game.serialize_entry("index", &self.item.index)?;
        game.serialize_entry("game", &replay.game.map(|g| g.id))?;
        game.serialize_entry("sides", &replay.sides)?;
        game.serialize_entry("tags", &tags)?;
        game.serialize_entry("comments", &comments(&record.comments))?;
        game.serialize_entry("start", &start)?;
        game.serialize_entry("moves", &moves)?;
        game.serialize_entry("result", &record.result.as_ref().map(|r| &r.text))?;
        game.serialize_entry("trailing_comments", &comments(&record.trailing))?;
        game.serialize_entry("outcome", &outcome(self.item))?;
        game.serialize_entry("valid", &replay.is_valid())?;
        game.serialize_entry("errors", &errors)?;
        game.serialize_entry("warnings", &warnings)?;
        if !duplicates.is_empty() {
            game.serialize_entry("duplicate_tags", &duplicates)?;
        }
        if let Some(text) = record.text().filter(|_| !record.errors.is_empty()) {
            game.serialize_entry("text", text)?;
        }
        for (key, value) in self.addenda.map(|a| a.after_game()).unwrap_or_default() {
            game.serialize_entry(key, &value)?;
        }
        game.end()
    }
}

fn comments(list: &[Comment]) -> Vec<&str> {
    list.iter().map(|c| c.text.as_str()).collect()
}

/// The moves of a line (the main line or a variation), each turned to JSON as it is
/// written.
struct MovesJson<'a> {
    nodes: &'a [MoveNode],
    line: Option<&'a Line>,
    replay: &'a Replay,
    form: Form,
    /// Of the main line only.
    addenda: Option<&'a dyn Addenda>,
}

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut moves = serializer.serialize_seq(Some(self.nodes.len()))?;
        for (i, node) in self.nodes.iter().enumerate() {
            moves.serialize_element(&MoveJson {
                node,
                replayed: self.line.and_then(|l| l.nodes.get(i)),
                replay: self.replay,
                form: self.form,
                addendum: self.addenda.and_then(|a| a.after_move(i)),
            })?;
        }
        moves.end()
    }
}

/// One move as written, and what its replay made of it.
struct MoveJson<'a> {
    node: &'a MoveNode,
    replayed: Option<&'a Node>,
    replay: &'a Replay,
    form: Form,
    addendum: Option<(&'static str, Value)>,
}

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = self.node;
        let mut object = serializer.serialize_map(None)?;
        if let Some(number) = &node.number {
            object.serialize_entry("number", &number.number)?;
            object.serialize_entry("continuation", &number.continuation)?;
        }
        object.serialize_entry("written", &node.text)?;
        match self.replayed.map(|n| &n.status) {
            Some(Status::Played(p)) => {
                object.serialize_entry("ply", &p.ply)?;
                object.serialize_entry("player", &p.mover)?;
                object.serialize_entry("move", &p.canonical)?;
                if let Some(d) = &p.detail {
                    object.serialize_entry("description", &d.description)?;
                    object.serialize_entry("position", &d.position)?;
                    object.serialize_entry("to_move", &d.to_move)?;
                    if self.form.states {
                        object.serialize_entry("state", &d.state)?;
                    }
                }
            }
            Some(Status::Failed(e)) => {
                let error = &self.replay.errors[*e];
                object.serialize_entry("ply", &error.ply)?;
                object.serialize_entry("player", &error.mover)?;
                object.serialize_entry("error", &error.message)?;
            }
            Some(Status::Skipped) | None => object.serialize_entry("skipped", &true)?,
        }
        if !node.nags.is_empty() {
            let nags: Vec<_> = node.nags.iter().map(|n| n.code).collect();
            object.serialize_entry("nags", &nags)?;
        }
        if !node.comments.is_empty() {
            object.serialize_entry("comments", &comments(&node.comments))?;
        }
        if !node.variations.is_empty() {
            let variations: Vec<VariationJson> = node
                .variations
                .iter()
                .enumerate()
                .map(|(v, variation)| VariationJson {
                    comments: &variation.comments,
                    moves: MovesJson {
                        nodes: &variation.moves,
                        line: self.replayed.and_then(|n| n.variations.get(v)),
                        replay: self.replay,
                        form: self.form,
                        addenda: None,
                    },
                })
                .collect();
            object.serialize_entry("variations", &variations)?;
        }
        if let Some((key, value)) = &self.addendum {
            object.serialize_entry(key, value)?;
        }
        object.end()
    }
}

/// A variation: its comments and its moves.
struct VariationJson<'a> {
    comments: &'a [Comment],
    moves: MovesJson<'a>,
}

impl Serialize for VariationJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut variation = serializer.serialize_map(Some(2))?;
        variation.serialize_entry("comments", &comments(self.comments))?;
        variation.serialize_entry("moves", &self.moves)?;
        variation.end()
    }
}

/// Writes `value` as one line of JSON Lines: compact, then a newline.
///
/// # Errors
/// What writing to `out` gives.
pub fn write_line(out: &mut impl std::io::Write, value: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}
