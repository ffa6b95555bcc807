//! Reading: paths, directories, `-`, compressed files and file objects, through the
//! CLI's own pipeline (read in a stream, replayed in parallel, handed over in order),
//! on a thread of its own so that Python iterates while the next games are replayed,
//! the GIL released.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyFileNotFoundError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use tgn::commands::{Input, Pipeline, RECORD_EXTENSIONS, Reading, compressed, expand};
use tgn::output::{Item, csv};
use tgn::record::Encoding;
use tgn::replay::{Detail, Settings};

use crate::game::Game;
use crate::{RecordError, TgnError, error};

/// Games handed over at most ahead of Python: the pipeline's own batch, so that both
/// cores keep replaying while Python reads.
const AHEAD: usize = 256;

/// What the reading thread sends: a game, or the end with the inputs it could not read.
enum Message {
    Game(Box<Item>),
    End { unread: usize },
}

/// How records are read, as the CLI's `--game`, `--option`, `--strict` and
/// `--encoding` say it.
pub fn settings(
    game: Option<String>,
    options: Option<&Bound<'_, PyAny>>,
    strict: bool,
) -> PyResult<Settings> {
    Ok(Settings {
        game,
        options: option_pairs(options)?,
        strict,
        ..Settings::default()
    })
}

/// `{"name": "value"}` or `[("name", "value")]` as the CLI's `--option name=value`
/// pairs, in order; a value of `True` is the switch given without a value.
pub fn option_pairs(options: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    let items: Vec<(String, Bound<'_, PyAny>)> = match options.cast::<PyDict>() {
        Ok(dict) => dict
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, v)))
            .collect::<PyResult<_>>()?,
        Err(_) => options.extract()?,
    };
    items
        .into_iter()
        .map(|(name, value)| {
            let value = if let Ok(b) = value.extract::<bool>() {
                if b { "yes" } else { "no" }.to_string()
            } else {
                value.str()?.to_string()
            };
            Ok((name, value))
        })
        .collect()
}

/// An input given from Python: a path, or the bytes of a file object kept in a
/// temporary file, read under the object's name.
struct Source {
    path: PathBuf,
    /// The name the games and messages carry, when it is not the path's.
    shown: Option<String>,
    /// Keeps the temporary file until the reading ends.
    _spool: Option<tempfile::TempPath>,
}

/// How deep lists of sources may nest: deeper is a mistake, not a use (and a deep
/// enough recursion would overflow the stack of the thread that calls us).
const MAX_NESTING: usize = 32;

/// The inputs of `source`: a path, a file object, or a list of them.
fn sources(source: &Bound<'_, PyAny>) -> PyResult<Vec<Source>> {
    let mut all = Vec::new();
    collect(source, &mut Vec::new(), &mut all)?;
    Ok(all)
}

/// The inputs of `source` into `all`; `within` holds the lists being walked, from
/// the outermost, so that a list which contains itself is refused, not walked for
/// ever.
fn collect<'py>(
    source: &Bound<'py, PyAny>,
    within: &mut Vec<Bound<'py, PyAny>>,
    all: &mut Vec<Source>,
) -> PyResult<()> {
    if source.is_instance_of::<PyList>() || source.is_instance_of::<pyo3::types::PyTuple>() {
        if within.iter().any(|list| list.is(source)) {
            return Err(PyTypeError::new_err(
                "read_games: the list of sources contains itself",
            ));
        }
        if within.len() == MAX_NESTING {
            return Err(PyValueError::new_err(format!(
                "read_games: lists of sources nest at most {MAX_NESTING} deep"
            )));
        }
        within.push(source.clone());
        for item in source.try_iter()? {
            collect(&item?, within, all)?;
        }
        within.pop();
        return Ok(());
    }
    all.push(one(source)?);
    Ok(())
}

/// One input that is not a list: a file object or a path.
fn one(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    if source.hasattr("read")? && !source.is_instance_of::<PyString>() {
        return spooled(source);
    }
    let path: PathBuf = source.extract().map_err(|_| {
        PyTypeError::new_err(
            "read_games takes a path, a directory, '-', a file object, or a list of them",
        )
    })?;
    if path.as_os_str() != "-" && !path.exists() {
        return Err(PyFileNotFoundError::new_err((
            2,
            "No such file or directory",
            path.display().to_string(),
        )));
    }
    Ok(Source {
        path,
        shown: None,
        _spool: None,
    })
}

/// What a file object's `read` is asked for at a time: its bytes go to disk a
/// mebibyte at a time, never all in memory (a 171 MB object took 514 MB, issue 57).
const SPOOL_CHUNK: usize = 1 << 20;

/// A file object's contents, text or bytes (compressed or not), copied to a temporary
/// file the pipeline reads as it reads any file, under the object's name: a `.json`
/// one when they are JSON ([`is_json`]).
fn spooled(object: &Bound<'_, PyAny>) -> PyResult<Source> {
    let name = object
        .getattr("name")
        .ok()
        .and_then(|n| n.extract::<String>().ok());
    let mut first = chunk(object)?;
    let suffix = if is_json(name.as_deref(), &first) {
        ".json"
    } else {
        ".pgn"
    };
    let mut file = tempfile::Builder::new()
        .prefix("tgn-python-")
        .suffix(suffix)
        .tempfile()?;
    while !first.is_empty() {
        file.write_all(&first)?;
        first = chunk(object)?;
    }
    file.flush()?;
    let spool = file.into_temp_path();
    Ok(Source {
        path: spool.to_path_buf(),
        shown: Some(name.unwrap_or_else(|| "<stream>".to_string())),
        _spool: Some(spool),
    })
}

/// The next bytes of a file object, empty at its end.
fn chunk(object: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let data = object.call_method1("read", (SPOOL_CHUNK,))?;
    if let Ok(text) = data.cast::<PyString>() {
        Ok(text.to_cow()?.as_bytes().to_vec())
    } else if let Ok(bytes) = data.cast::<PyBytes>() {
        Ok(bytes.as_bytes().to_vec())
    } else if data.is_none() {
        // A non-blocking stream with nothing yet: nothing more is waited for.
        Ok(Vec::new())
    } else {
        Err(PyTypeError::new_err(
            "the file object's read() gave neither str nor bytes",
        ))
    }
}

/// Whether a file object holds JSON: as the CLI tells, by its name's extension
/// (`.json`, `.jsonl`, compressed or not) when it has one that says; else by its
/// first bytes, as strictly as a record cannot begin
/// ([`looks_like_json`](tgn::record::json::looks_like_json)): a record may open with a
/// `{comment}` (issue 57), but not with `{"name":`.
fn is_json(name: Option<&str>, first: &[u8]) -> bool {
    // The extension under any compression, as the CLI finds it (`games.jsonl.zst`).
    let extension = name
        .and_then(|n| compressed::inner_extension(Path::new(n)))
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("json" | "jsonl") => true,
        Some(e) if e == "txt" || RECORD_EXTENSIONS.contains(&e) => false,
        _ => tgn::record::json::looks_like_json(first),
    }
}

/// The reading of `sources` on a thread of its own, each game handed to `sink` as the
/// CLI's pipeline hands it over, with `detail`; gives the inputs it could not read.
fn run(
    sources: Vec<Source>,
    reading: Reading,
    detail: Detail,
    mut sink: impl FnMut(Item) -> io::Result<()> + Send,
) -> usize {
    let mut unread = 0;
    let mut inputs = Vec::new();
    for source in &sources {
        match &source.shown {
            Some(name) => inputs.push(Input::Named(source.path.clone(), name.clone())),
            None => match expand(std::slice::from_ref(&source.path), &reading, &mut unread) {
                Ok(found) => inputs.extend(found),
                // A directory without records, told as the CLI tells it.
                Err(e) => {
                    eprintln!("tgn: {e}");
                    unread += 1;
                }
            },
        }
    }
    let pipeline = Pipeline {
        read: &reading,
        detail,
        json: None,
        progress: false,
    };
    // On this process's own pool: a pool inherited through fork has no threads.
    let errors = crate::threads::in_pool(|| pipeline.run(&inputs, &mut sink));
    unread += match errors {
        Ok(Ok(errors)) => errors,
        Ok(Err(_)) => 0,
        Err(e) => {
            eprintln!("tgn: could not start the threads that replay: {e}");
            1
        }
    };
    drop(sources);
    // The pipeline has told each on stderr, as the CLI does; Python is told how many.
    unread
}

/// The reading's settings as the pipeline takes them.
fn reading(settings: &Settings, encoding: Option<&str>) -> PyResult<Reading> {
    let encoding = match encoding {
        None => Encoding::default(),
        Some(name) => Encoding::from_name(name).ok_or_else(|| {
            pyo3::Python::attach(|py| {
                error::<RecordError>(
                    py,
                    format!("unknown encoding {name:?} (utf-8, windows-1251, latin-1)"),
                    "setup",
                    None,
                    None,
                )
            })
        })?,
    };
    Ok(Reading {
        replay: settings.clone(),
        encoding,
        allow_empty: true,
        ..Reading::default()
    })
}

/// Reads the games of `source` (a path, a directory, `"-"` for standard input, a
/// `.gz`/`.zst` file, a file object, or a list of them), streaming: each game is read
/// and replayed as the CLI's `tgn check` does, in parallel ahead of the loop.
///
/// `game`, `options`, `strict` and `encoding` are the CLI's `--game`, `--option`,
/// `--strict` and `--encoding`.
#[pyfunction]
#[pyo3(signature = (source, *, game=None, options=None, strict=false, encoding=None))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    game: Option<String>,
    options: Option<&Bound<'_, PyAny>>,
    strict: bool,
    encoding: Option<&str>,
) -> PyResult<GameIter> {
    let settings = Arc::new(settings(game, options, strict)?);
    let reading = reading(&settings, encoding)?;
    let sources = sources(source)?;
    let (sender, receiver) = sync_channel(AHEAD);
    std::thread::Builder::new()
        .name("tgn-read".into())
        .spawn(move || feed(sources, reading, sender))
        .map_err(|e| TgnError::new_err(format!("could not start the reading: {e}")))?;
    Ok(GameIter {
        receiver: Mutex::new(Some(receiver)),
        settings,
    })
}

/// The reading thread: every game to `sender`, then the end. A closed channel (the
/// loop in Python was left) stops the reading.
fn feed(sources: Vec<Source>, reading: Reading, sender: SyncSender<Message>) {
    // The verdict the quick way, as `tgn check` reaches it, with each game's tags and
    // text: its moves are parsed only when asked for (see `Game::full`).
    let detail = Detail {
        text: true,
        ..Detail::SUMMARY
    };
    let unread = run(sources, reading, detail, |item| {
        sender
            .send(Message::Game(Box::new(item)))
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))
    });
    let _ = sender.send(Message::End { unread });
}

/// The games of a `read_games` call, in order, as they are replayed.
#[pyclass(module = "tgn")]
pub struct GameIter {
    receiver: Mutex<Option<Receiver<Message>>>,
    settings: Arc<Settings>,
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        // A game already replayed is taken without releasing the GIL (releasing and
        // taking it again for each game cost more than the rest of the loop); the GIL
        // is released only to wait for the next one.
        let ready = self.receiver.try_lock().ok().and_then(|mut receiver| {
            let message = receiver.as_ref()?.try_recv().ok()?;
            if !matches!(message, Message::Game(_)) {
                *receiver = None;
            }
            Some(message)
        });
        let next = ready.or_else(|| {
            py.detach(|| {
                let mut receiver = self.receiver.lock().unwrap_or_else(|p| p.into_inner());
                let message = receiver.as_ref().and_then(|r| r.recv().ok());
                if !matches!(message, Some(Message::Game(_))) {
                    *receiver = None;
                }
                message
            })
        });
        match next {
            Some(Message::Game(item)) => Ok(Some(Game::new(*item, self.settings.clone()))),
            Some(Message::End { unread }) if unread > 0 => Err(error::<TgnError>(
                py,
                format!(
                    "{} input{} could not be read (said on stderr)",
                    unread,
                    if unread == 1 { "" } else { "s" }
                ),
                "io",
                None,
                None,
            )),
            _ => Ok(None),
        }
    }
}

/// The per-game table of the data model (`tgn convert --to csv`'s columns), as a
/// dict of lists: numbers as ints, `valid` as bools, empty cells as None. `tags` and
/// `moves` are the CLI's `--tags` (`"all"`, the default, `"none"` or a list of names)
/// and `--moves`.
#[pyfunction]
#[pyo3(signature = (source, *, game=None, options=None, strict=false, encoding=None, tags=None, moves=false))]
#[allow(clippy::too_many_arguments)]
pub fn games_table_columns<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    game: Option<String>,
    options: Option<&Bound<'py, PyAny>>,
    strict: bool,
    encoding: Option<&str>,
    tags: Option<&Bound<'py, PyAny>>,
    moves: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let columns = tag_columns(tags)?;
    let settings = settings(game, options, strict)?;
    let reading = reading(&settings, encoding)?;
    let sources = sources(source)?;
    let all = columns == csv::TagColumns::All;
    // The moves column needs the record's moves, which the summary's quick way drops.
    let detail = if moves {
        Detail::ERRORS
    } else {
        Detail::SUMMARY
    };
    let (rows, unread) = py.detach(move || {
        let mut rows = Vec::new();
        let unread = run(sources, reading, detail, |item| {
            rows.push(TableRow {
                fixed: csv::row(&item),
                extra: csv::extra_tags(&item.record).map(str::to_string).collect(),
                tags: item
                    .record
                    .tags
                    .iter()
                    .map(|t| (t.name.clone(), t.value.clone()))
                    .collect(),
                moves: moves.then(|| csv::moves(&item.record)),
            });
            Ok(())
        });
        (rows, unread)
    });
    if unread > 0 {
        return Err(TgnError::new_err(format!(
            "{unread} input(s) could not be read (said on stderr)"
        )));
    }
    // Every tag found, as `--tags all` finds them in a first pass.
    let found: BTreeSet<String> = if all {
        rows.iter()
            .flat_map(|row| row.extra.iter().cloned())
            .collect()
    } else {
        BTreeSet::new()
    };
    if found.len() > csv::MOST_TAG_COLUMNS {
        return Err(PyValueError::new_err(format!(
            "the records hold more than {} different tags, too many columns for a table: \
             name those wanted with tags=[…] (or tags=\"none\")",
            csv::MOST_TAG_COLUMNS
        )));
    }
    let table_columns = csv::Table::new(&columns, found, moves);
    let table = PyDict::new(py);
    for (at, column) in csv::COLUMNS.iter().enumerate() {
        let cells = PyList::empty(py);
        for row in &rows {
            let cell = row.fixed.get(at).unwrap_or(&csv::Cell::Empty);
            cells.append(cell_value(py, cell)?)?;
        }
        table.set_item(column, cells)?;
    }
    for tag in &table_columns.tags {
        let cells = PyList::empty(py);
        for row in &rows {
            // The first value of a tag given twice, as the CSV holds; None for an
            // empty cell, as in every column.
            let value = row.tags.iter().find(|(name, _)| name == tag);
            match value.filter(|(_, value)| !value.is_empty()) {
                Some((_, value)) => cells.append(value)?,
                None => cells.append(py.None())?,
            }
        }
        table.set_item(table_columns.tag_column(tag), cells)?;
    }
    if moves {
        let cells = PyList::empty(py);
        for row in &rows {
            match row.moves.as_deref().filter(|moves| !moves.is_empty()) {
                Some(moves) => cells.append(moves)?,
                None => cells.append(py.None())?,
            }
        }
        table.set_item("moves", cells)?;
    }
    Ok(table)
}

/// What the table keeps of one game until the columns are known.
struct TableRow {
    fixed: Vec<csv::Cell>,
    /// The tags a column of `tags="all"` would hold ([`csv::extra_tags`]).
    extra: Vec<String>,
    tags: Vec<(String, String)>,
    moves: Option<String>,
}

/// `tags=`: `"all"` (or None), `"none"`, or a list of tag names.
fn tag_columns(tags: Option<&Bound<'_, PyAny>>) -> PyResult<csv::TagColumns> {
    let Some(tags) = tags else {
        return Ok(csv::TagColumns::All);
    };
    if let Ok(text) = tags.extract::<String>() {
        return match text.as_str() {
            "all" => Ok(csv::TagColumns::All),
            "none" => Ok(csv::TagColumns::None),
            _ => Err(PyValueError::new_err(format!(
                "tags={text:?}: expected \"all\", \"none\" or a list of tag names"
            ))),
        };
    }
    let names: Vec<String> = tags.extract().map_err(|_| {
        PyTypeError::new_err("tags: expected \"all\", \"none\" or a list of tag names")
    })?;
    Ok(csv::TagColumns::Listed(names))
}

/// A cell as its Python value: a count as an int, a flag as a bool, an empty cell
/// (the model's null) as None.
fn cell_value<'py>(py: Python<'py>, cell: &csv::Cell) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    match cell {
        csv::Cell::Text(text) => text.into_bound_py_any(py),
        csv::Cell::Count(n) => n.into_bound_py_any(py),
        csv::Cell::Flag(flag) => flag.into_bound_py_any(py),
        csv::Cell::Empty => Ok(py.None().into_bound(py)),
    }
}
