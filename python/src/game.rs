//! A game as read and replayed: its record, its verdict, its moves, in the data model's
//! words. What every game has (valid, errors, outcome, tags) comes from the replay the
//! reading made; the positions after every move, which most loops over an archive
//! never ask for, are replayed the first time they are asked for, and kept.

use std::io::Cursor;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyType};
use serde_json::Value;

use tgn::analysis::{Budget, DEFAULT_GAME_NODES, DEFAULT_NODES, Limits, MAX_PLY};
use tgn::output::{Item, json};
use tgn::record::GameRecord;
use tgn::registry;
use tgn::replay::{Detail, Settings, Status, replay};

use crate::position::Position;
use crate::reading::settings;
use crate::value::{serialized, to_python};
use crate::{RecordError, TgnError, error};

/// One game of a record: `tgn.read_games` gives them, `Game.from_json` makes one.
#[pyclass(module = "tgn", frozen)]
pub struct Game {
    /// The record and the replay the reading made: of a valid game that went the quick
    /// way, only its tags, its declared result and its text (see [`Game::full`]).
    item: Item,
    settings: Arc<Settings>,
    /// The record replayed with every move's position ([`json::Form`]'s detail), made
    /// when first asked for.
    full: OnceLock<Item>,
    /// Of an invalid game, the record replayed with the search for what its sheet
    /// most likely says ([`Detail::suggestions`], as `tgn check` and `fix --mend`
    /// replay it), made when first asked for.
    mend: OnceLock<Item>,
}

impl Game {
    pub fn new(item: Item, settings: Arc<Settings>) -> Game {
        Game {
            item,
            settings,
            full: OnceLock::new(),
            mend: OnceLock::new(),
        }
    }

    /// The game replayed as `tgn check` replays an invalid one: with the suggestions.
    fn mended_item(&self, py: Python<'_>) -> &Item {
        self.mend.get_or_init(|| {
            py.detach(|| {
                let (file, index) = (self.item.file.clone(), self.item.index);
                let detail = Detail {
                    suggestions: true,
                    ..Detail::ERRORS
                };
                replayed(self.whole_record(), file, index, &self.settings, detail)
            })
        })
    }

    /// The game replayed with what its JSON form holds: the record parsed in full
    /// if the reading went the quick way, replayed with every move's position.
    fn full(&self, py: Python<'_>) -> &Item {
        self.full.get_or_init(|| {
            py.detach(|| {
                let (file, index) = (self.item.file.clone(), self.item.index);
                let detail = json::Form::default().detail();
                replayed(self.whole_record(), file, index, &self.settings, detail)
            })
        })
    }

    /// The whole record: as read, or, of a game that went the quick way (valid,
    /// without warnings, no move kept but its text), its text parsed.
    fn whole_record(&self) -> GameRecord {
        let (record, replay) = (&self.item.record, &self.item.replay);
        let quick = record.moves.is_empty()
            && replay.main.nodes.is_empty()
            && record.errors.is_empty()
            && replay.is_valid()
            && replay.warnings.is_empty();
        match record.text().filter(|_| quick) {
            Some(text) => match tgn::record::parse_games(text, Default::default()).as_slice() {
                [whole] => whole.clone(),
                _ => record.clone(),
            },
            None => record.clone(),
        }
    }

    /// The record's tags as pairs, as a position of this game is configured by them.
    pub fn tag_pairs(&self) -> Vec<(String, String)> {
        self.item
            .record
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    }

    /// The position the record starts from (`[FEN]`, unless `[SetUp "0"]`).
    pub fn tags_fen(&self) -> Option<String> {
        let record = &self.item.record;
        record
            .tag("FEN")
            .filter(|_| record.tag("SetUp") != Some("0"))
            .map(str::to_string)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn game_id(&self) -> Option<&'static str> {
        self.item.replay.game.map(|g| g.id)
    }
}

#[pymethods]
impl Game {
    /// The game's id (`"toguz-kumalak"`), or None when the record names none tgn knows.
    #[getter]
    fn game(&self) -> Option<&'static str> {
        self.game_id()
    }

    /// Of an invalid game, what its sheet most likely says: the `suggestions` of its
    /// `tgn check --format json` line (each a list of edits and how the sheet then
    /// replays), best first; `[]` for a valid game or when none replays further.
    #[getter]
    fn suggestions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.item.replay.is_valid() {
            return Ok(PyList::empty(py).into_any());
        }
        let mend = self.mended_item(py).replay.mend.as_deref();
        serialized(py, &tgn::output::mend::suggestions_json(mend))
    }

    /// What `tgn fix --mend` writes for this game: its text with the one reading that
    /// replays its sheet to the end, numbered as if written right; None when it needs
    /// no mend, when no reading or several do (the paper decides), or when its text is
    /// not at hand (a game made from JSON).
    fn mended(&self, py: Python<'_>) -> Option<String> {
        if self.item.replay.is_valid() {
            return None;
        }
        let item = self.mended_item(py);
        py.detach(|| tgn::commands::fix::mended_text(item, &self.settings))
    }

    /// The input the game was read from.
    #[getter]
    fn file(&self) -> &str {
        &self.item.file
    }

    /// The game's place in its file, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.item.index
    }

    /// What the game calls its sides: `{"first": "South", "second": "North"}`.
    #[getter]
    fn sides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.item.replay.sides)
    }

    /// The tags, as the JSON's `tags` gives them (the first value of a tag given twice;
    /// `Game` added when the game came from `game=`).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags = PyDict::new(py);
        for tag in &self.item.record.tags {
            if !tags.contains(&tag.name)? {
                tags.set_item(&tag.name, &tag.value)?;
            }
        }
        if let Some(id) = json::game_tag(&self.item) {
            tags.set_item("Game", id)?;
        }
        Ok(tags)
    }

    /// Whether the game replays without error.
    #[getter]
    fn valid(&self) -> bool {
        self.item.replay.is_valid()
    }

    /// Main-line plies replayed without error.
    #[getter]
    fn plies(&self) -> u32 {
        self.item.replay.plies
    }

    /// The errors, each `{code, message, rule, ply, line, column, token, …}` as the CLI
    /// gives them.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        diagnostics(py, &self.item.replay.errors)
    }

    /// The warnings, in the errors' shape.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        diagnostics(py, &self.item.replay.warnings)
    }

    /// How the game ended: `{result, winner, reason, rule, text}`, or None.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &json::outcome(&self.item))
    }

    /// The result the record declares as written (`"1-0"`, `"*"`), or None.
    #[getter]
    fn result(&self) -> Option<&str> {
        self.item.record.result.as_ref().map(|r| r.text.as_str())
    }

    /// The comments before the first move.
    #[getter]
    fn comments(&self, py: Python<'_>) -> Vec<&str> {
        self.full(py)
            .record
            .comments
            .iter()
            .map(|c| c.text.as_str())
            .collect()
    }

    /// The position string the game starts from.
    #[getter]
    fn start(&self, py: Python<'_>) -> Option<&str> {
        let full = self.full(py);
        full.replay.start.as_ref().map(|s| s.position.as_str())
    }

    /// The position string after the last good move of the main line.
    #[getter]
    fn final_position(&self) -> Option<&str> {
        self.item.replay.end.as_ref().map(|s| s.position.as_str())
    }

    /// The moves of the main line as played, up to its first error.
    fn mainline(&self, py: Python<'_>) -> Vec<Ply> {
        let full = self.full(py);
        full.record
            .moves
            .iter()
            .zip(&full.replay.main.nodes)
            .map_while(|(node, replayed)| {
                let Status::Played(played) = &replayed.status else {
                    return None;
                };
                let detail = played.detail.as_deref();
                Some(Ply {
                    ply: played.ply,
                    player: played.mover.as_str(),
                    san: node.text.to_string(),
                    r#move: played.canonical.clone(),
                    position: detail.map(|d| d.position.clone()).unwrap_or_default(),
                    to_move: detail.and_then(|d| d.to_move).map(|p| p.as_str()),
                    description: detail.map(|d| d.description.clone()).unwrap_or_default(),
                    comment: (!node.comments.is_empty()).then(|| {
                        node.comments
                            .iter()
                            .map(|c| c.text.as_str())
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
                    nags: node.nags.iter().map(|n| n.code).collect(),
                })
            })
            .collect()
    }

    /// The position after `ply` plies of the main line (0: the start; None: its end),
    /// as a `tgn.Position`: the moves played from the start, so that its picture
    /// shows the last of them.
    #[pyo3(signature = (ply=None))]
    fn board(&self, py: Python<'_>, ply: Option<i64>) -> PyResult<Position> {
        let Some(id) = self.game_id() else {
            return Err(no_game(py, self));
        };
        let plies = self.mainline(py);
        let wanted = ply.unwrap_or(i64::from(self.plies()));
        let Some(wanted) = u32::try_from(wanted).ok().filter(|&w| w <= self.plies()) else {
            return Err(error::<RecordError>(
                py,
                format!("the main line has {} plies, not {wanted}", self.plies()),
                "setup",
                None,
                None,
            ));
        };
        let start = self.start(py).map(str::to_string);
        let mut position = Position::of_game(
            py,
            id,
            start.as_deref(),
            self.tag_pairs(),
            &self.settings.options,
        )?;
        for played in plies.iter().take_while(|p| p.ply <= wanted) {
            position = position.play(py, &played.san)?;
        }
        Ok(position)
    }

    /// The game as the data model's object, a dict: what `tgn convert --to json` writes
    /// for it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &json::game_in(self.full(py), json::Form::default()))
    }

    /// The game as JSON text: the line `tgn convert --to jsonl` writes for it. (A `str`
    /// that, for one release, still reads as the dict `to_json()` used to give, with a
    /// `DeprecationWarning`: `tgn._json_text`.)
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = json::game_in(self.full(py), json::Form::default());
        let text = serde_json::to_string(&value)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        py.import("tgn._json_text")?
            .getattr("JsonText")?
            .call1((text,))
    }

    /// The game as record text: what `tgn convert --to pgn` writes for it.
    fn to_pgn(&self, py: Python<'_>) -> String {
        tgn::commands::convert::pgn(self.full(py))
    }

    /// A game from the data model's object (a dict, or its JSON text), as `tgn convert
    /// --from json` reads it.
    #[classmethod]
    #[pyo3(signature = (data, *, game=None, options=None, strict=false))]
    fn from_json(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        game: Option<String>,
        options: Option<&Bound<'_, PyAny>>,
        strict: bool,
    ) -> PyResult<Game> {
        let text: String = match data.cast::<PyString>() {
            Ok(text) => text.to_string(),
            Err(_) => py
                .import("json")?
                .call_method1("dumps", (data,))?
                .extract()?,
        };
        from_json_text(py, text, Arc::new(settings(game, options, strict)?))
    }

    /// Pickled as its text, where it was read, and how (so that it comes back exactly,
    /// its diagnostics' lines and columns too), or, read from JSON, as its JSON. The
    /// syntax errors go with the text: one the text no longer shows (bytes that were
    /// not UTF-8, already replaced by U+FFFD) must not vanish on the way.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let record = &self.item.record;
        let (kind, text, origin) = match record.text() {
            // A game that starts mid-line (after the last one's result) is given back
            // its column: spaces before it, and its offset moved back by as many.
            Some(text) => {
                let pad = (record.span.column.max(1) - 1) as usize;
                let pad = pad.min(record.span.start);
                (
                    "text",
                    " ".repeat(pad) + text,
                    (record.span.line.max(1), record.span.start - pad),
                )
            }
            None => {
                let json = json::game_in(self.full(py), json::Form::default());
                let text =
                    serde_json::to_string(&json).map_err(|e| TgnError::new_err(e.to_string()))?;
                ("json", text, (1, 0))
            }
        };
        let rebuild = py.import("tgn._tgn")?.getattr("_game_from_pickle")?;
        let settings = &*self.settings;
        let args = (
            kind,
            text,
            origin,
            (&*self.item.file, self.item.index),
            (
                settings.game.clone(),
                settings.options.clone(),
                settings.strict,
            ),
            syntax_errors(record),
        )
            .into_pyobject(py)?
            .into_any();
        Ok((rebuild, args))
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.item.record.tag(name).unwrap_or("?");
        format!(
            "<Game {} {:?} vs {:?} {} plies, {}>",
            self.game_id().unwrap_or("(no game)"),
            tag("White"),
            tag("Black"),
            self.plies(),
            if self.valid() { "valid" } else { "invalid" }
        )
    }
}

/// A game of a JSON object, replayed as `settings` say.
fn from_json_text(py: Python<'_>, text: String, settings: Arc<Settings>) -> PyResult<Game> {
    let read = py.detach(|| -> Result<(Vec<GameRecord>, Option<Value>), String> {
        let head: Option<Value> = serde_json::from_str(&text).ok();
        let records = tgn::record::json::read_records(Cursor::new(text.into_bytes()))
            .map_err(|e| e.to_string())?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        Ok((records, head))
    });
    let (mut records, head) =
        read.map_err(|message| error::<RecordError>(py, message, "syntax", None, None))?;
    if records.len() != 1 {
        return Err(error::<RecordError>(
            py,
            format!("expected one game, found {}", records.len()),
            "syntax",
            None,
            None,
        ));
    }
    let record = records.remove(0);
    let file = head
        .as_ref()
        .and_then(|h| h.get("file")?.as_str().map(str::to_string))
        .unwrap_or_else(|| "<json>".to_string());
    let index = head
        .as_ref()
        .and_then(|h| h.get("index")?.as_u64())
        .unwrap_or(0) as usize;
    let item = py.detach(|| replayed(record, file.into(), index, &settings, Detail::ERRORS));
    Ok(Game::new(item, settings))
}

/// The two records of one game compared, as `tgn diff --format json` writes a pair:
/// `agree`, the tags that differ, the results and the main lines aligned on the moves
/// as written (`equal`, `missing`, `extra`, `changed` steps).
#[pyfunction]
pub fn diff<'py>(py: Python<'py>, a: &Game, b: &Game) -> PyResult<Bound<'py, PyAny>> {
    use tgn::commands::diff::{Sheet, comparison};
    // diff keeps what it needs of an item and drops the rest; the games keep theirs.
    let copy = |item: &Item| Item {
        file: item.file.clone(),
        index: item.index,
        record: item.record.clone(),
        replay: item.replay.clone(),
    };
    let (a, b) = (copy(a.full(py)), copy(b.full(py)));
    let compared = py.detach(|| comparison(&Sheet::of(a), &Sheet::of(b)));
    serialized(py, &compared)
}

/// What `pickle` calls to make a game again (see `Game.__reduce__`).
#[pyfunction]
#[pyo3(name = "_game_from_pickle")]
#[pyo3(signature = (kind, text, origin, place, reading, errors=None))]
pub fn game_from_pickle(
    py: Python<'_>,
    kind: &str,
    text: String,
    origin: (u32, usize),
    place: (String, usize),
    reading: (Option<String>, Vec<(String, String)>, bool),
    errors: Option<Vec<PickledError>>,
) -> PyResult<Game> {
    let (file, index) = place;
    let (game, options, strict) = reading;
    let settings = Arc::new(Settings {
        game,
        options,
        strict,
        ..Settings::default()
    });
    if kind == "json" {
        return from_json_text(py, text, settings);
    }
    let (line, offset) = origin;
    let item = py.detach(|| {
        let origin = tgn::record::parser::Origin { line, offset };
        let mut record = tgn::record::parse_games(&text, origin)
            .into_iter()
            .next()
            .unwrap_or_default();
        if let Some(errors) = errors {
            record.errors = errors.into_iter().map(unpickled).collect();
        }
        replayed(record, file.into(), index, &settings, Detail::ERRORS)
    });
    Ok(Game::new(item, settings))
}

/// `record`, read from `file` as its game `index`, replayed as `settings` say with
/// `detail`: a game as the reading hands it over.
/// A syntax error as pickled: its message, then its line, column, start and end.
type PickledError = (String, u32, u32, usize, usize);

fn syntax_errors(record: &GameRecord) -> Vec<PickledError> {
    record
        .errors
        .iter()
        .map(|e| {
            let s = e.span;
            (e.message.clone(), s.line, s.column, s.start, s.end)
        })
        .collect()
}

fn unpickled((message, line, column, start, end): PickledError) -> tgn::record::SyntaxError {
    tgn::record::SyntaxError {
        message,
        span: tgn::record::Span {
            line,
            column,
            start,
            end,
        },
    }
}

fn replayed(
    record: GameRecord,
    file: Arc<str>,
    index: usize,
    settings: &Settings,
    detail: Detail,
) -> Item {
    let settings = Settings {
        detail,
        ..settings.clone()
    };
    Item {
        file,
        index,
        replay: replay(&record, &settings),
        record,
    }
}

fn diagnostics<'py>(
    py: Python<'py>,
    list: &[tgn::replay::Diagnostic],
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for d in list {
        out.append(to_python(py, &json::diagnostic(d))?)?;
    }
    Ok(out)
}

fn no_game(py: Python<'_>, game: &Game) -> PyErr {
    let why = game
        .item
        .replay
        .errors
        .first()
        .map_or("the record names no game", |e| e.message.as_str());
    error::<RecordError>(py, why, "unknown-game", None, None)
}

/// One move of the main line as played.
#[pyclass(module = "tgn", frozen, get_all)]
#[derive(Clone)]
pub struct Ply {
    /// 1-based, counted from the start.
    ply: u32,
    /// Who made it: `"first"` or `"second"`.
    player: &'static str,
    /// The move as written.
    san: String,
    /// The move in canonical notation, with every mark it earns.
    r#move: String,
    /// The position string after it.
    position: String,
    /// Who moves next, None once the game is over.
    to_move: Option<&'static str>,
    /// What it did, in a few words.
    description: String,
    /// Its comments, joined, or None.
    comment: Option<String>,
    /// Its NAGs, as numbers.
    nags: Vec<u16>,
}

#[pymethods]
impl Ply {
    fn __repr__(&self) -> String {
        format!("<Ply {} {} {}>", self.ply, self.player, self.r#move)
    }
}

/// Every move of the main line judged by tgn's search, as `tgn analyze --format json`
/// gives it: the game's JSON object, each move with its `eval`, and the game's
/// `analysis`. Without a budget, the CLI's ([`DEFAULT_NODES`] nodes per position).
#[pyfunction]
#[pyo3(signature = (game, *, nodes=None, depth=None, movetime_ms=None, game_nodes=DEFAULT_GAME_NODES, hash_mb=16))]
pub fn analyze<'py>(
    py: Python<'py>,
    game: &Game,
    nodes: Option<u64>,
    depth: Option<u32>,
    movetime_ms: Option<u64>,
    game_nodes: u64,
    hash_mb: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let none = depth.is_none() && nodes.is_none() && movetime_ms.is_none();
    let limits = Limits {
        budget: Budget {
            depth: depth.unwrap_or(MAX_PLY as u32 - 1),
            nodes: nodes.or(none.then_some(DEFAULT_NODES)),
            time: movetime_ms.map(Duration::from_millis),
            most: None,
        },
        game_nodes: Some(game_nodes),
        hash_bytes: hash_mb.saturating_mul(1 << 20),
        deadline: None,
    };
    let full = game.full(py);
    let analyzed = py.detach(|| {
        let found = full.replay.game.and_then(|g| registry::find(g.id));
        let analysis = match found {
            Some(found) => {
                tgn::analysis::analyze(found, &full.record, &game.settings, &full.replay, &limits)
                    .map_err(|refused| {
                    format!(
                        "the search's table could not be allocated: {}",
                        refused.reason
                    )
                })?
            }
            None => Default::default(),
        };
        Ok::<_, String>(tgn::commands::analyze::analyzed_json(
            full, &analysis, &limits,
        ))
    });
    let value = analyzed.map_err(TgnError::new_err)?;
    to_python(py, &value)
}
