//! The subcommands, each a consumer of the one pipeline in this module:
//! paths → games read in a stream → replayed in parallel → handed over in order.

mod allowance;
pub mod analyze;
pub mod analyze_summary;
pub mod annotate;
pub mod check;
pub mod compressed;
pub mod convert;
pub mod diagram;
pub mod diff;
pub mod duplicates;
pub mod filter;
pub mod fix;
pub mod games;
pub mod schema;
pub mod select;
pub mod split;
pub mod summarize;
pub mod view;

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::record::json;
use crate::record::{Chunk, Encoding, GameRecord, ReadError, Reader};
use crate::replay::{Detail, ErrorCode, Settings};
use allowance::{Replayed, RunAllowance};

/// What the replay's error of an `--option` foreign to a record's game says
/// ([`crate::replay::foreign_option`]).
const FOREIGN_OPTION: &str = " (--option) does not concern ";

/// How a run ended, as an exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RunStatus {
    /// Everything valid (or the same, for diff).
    Clean = 0,
    /// Some game invalid (or different).
    Findings = 1,
    /// A usage or I/O error.
    Trouble = 2,
}

impl RunStatus {
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The status of a run that met `io_errors` I/O errors and `invalid` invalid games:
    /// trouble outranks findings.
    pub fn of(io_errors: usize, invalid: usize) -> RunStatus {
        if io_errors > 0 {
            RunStatus::Trouble
        } else if invalid > 0 {
            RunStatus::Findings
        } else {
            RunStatus::Clean
        }
    }
}

/// How records are read: what every subcommand that reads records is told (on the
/// command line: `--game`, `--option`, `--strict`, `--encoding`, `--allow-empty`,
/// `--no-follow`).
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// Which game, its options, strictness (the detail is each command's own).
    pub replay: Settings,
    pub encoding: Encoding,
    /// Paths that hold no game at all are fine (else a usage error).
    pub allow_empty: bool,
    /// What becomes of the symbolic links met inside a directory.
    pub links: Links,
}

/// What a run found: its exit status and its closing line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub files: usize,
    pub games: usize,
    pub invalid: usize,
    /// Games the position ended (the others stop on a declared result or none).
    pub decided: usize,
    pub warnings: usize,
    pub io_errors: usize,
    /// Games refused an `--option` that does not concern their game: the command line
    /// asked for a rule the replay cannot apply, a usage error (exit 2, issue 57).
    pub foreign_options: usize,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, item: &Item) {
        self.games += 1;
        self.invalid += usize::from(!item.replay.is_valid());
        self.decided += usize::from(item.replay.outcome.is_some());
        self.warnings += item.replay.warnings.len();
        self.foreign_options += usize::from(
            item.replay
                .errors
                .iter()
                .any(|e| e.code == ErrorCode::Setup && e.message.contains(FOREIGN_OPTION)),
        );
    }

    pub fn status(&self) -> RunStatus {
        RunStatus::of(self.io_errors + self.foreign_options, self.invalid)
    }

    /// `12 games in 3 files: 11 valid, 1 invalid, 2 warnings`, and `, 1 read error`
    /// when a path could not be read (the error itself was told as it happened; the
    /// closing line must not read as though every file had been checked).
    pub fn counts(&self) -> String {
        let and = |count: usize, what: &str| match count {
            0 => String::new(),
            n => format!(", {}", plural(n, what)),
        };
        let warnings = and(self.warnings, "warning");
        let unread = and(self.io_errors, "read error");
        let foreign = match self.foreign_options {
            0 => String::new(),
            n => format!(", {} an --option does not concern", plural(n, "game")),
        };
        format!(
            "{} in {}: {} valid, {} invalid{warnings}{unread}{foreign}",
            plural(self.games, "game"),
            plural(self.files, "file"),
            self.games - self.invalid,
            self.invalid,
        )
    }
}

pub use crate::output::Item;
pub use crate::output::human::{plural, shown};

/// Ends a run: its status, or the error that stopped its output. (A broken pipe on
/// standard output never reaches here: [`Stdout`] drops the writes after it and the
/// run goes on to its true status.)
pub fn conclude(output: io::Result<()>, tally: &Tally) -> io::Result<RunStatus> {
    output.map(|()| tally.status())
}

/// Standard output, buffered, that its reader may leave. After a broken pipe (`tgn
/// check archive/ | head -1`) every write is dropped and reported as done, so the run
/// goes on reading and replaying to the last game and exits with the status of every
/// game, not of those written before the pipe closed: `set -o pipefail` never passes
/// a bad archive whose bad game comes after the pipe closed.
pub struct Stdout {
    inner: io::BufWriter<io::StdoutLock<'static>>,
    closed: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            inner: io::BufWriter::new(io::stdout().lock()),
            closed: false,
        }
    }

    /// The reader has gone: what is written now goes nowhere (a command may skip
    /// making it).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// `result`, unless it is the broken pipe, which closes this output.
    fn unless_closed<T>(&mut self, result: io::Result<T>, done: T) -> io::Result<T> {
        match result {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(done)
            }
            other => other,
        }
    }
}

impl Default for Stdout {
    fn default() -> Stdout {
        Stdout::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        let written = self.inner.write(buf);
        self.unless_closed(written, buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let written = self.inner.write_all(buf);
        self.unless_closed(written, ())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let flushed = self.inner.flush();
        self.unless_closed(flushed, ())
    }
}

/// The closing line of a command whose output is data (convert, annotate,
/// summarize), on stderr so that it never mixes with the data:
/// `tgn: converted 12 games in 3 files: 11 valid, 1 invalid (tgn check shows why)`.
pub fn report(verb: &str, tally: &Tally) {
    let why = if tally.invalid > 0 {
        " (tgn check shows why)"
    } else {
        ""
    };
    eprintln!("tgn: {verb} {}{why}", tally.counts());
}

/// A table for people: condensed borders, wrapped to the terminal, or to 100
/// columns when the output is not a terminal.
pub fn table(header: &[&str]) -> comfy_table::Table {
    use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header.to_vec());
    if table.width().is_none() {
        table.set_width(100);
    }
    table
}

/// Files ending in these are records when a directory is searched.
pub const RECORD_EXTENSIONS: &[&str] = &["pgn", "tgn", "pdn"];

/// One input: a file or standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// Standard input kept in a temporary file (`fix`, which reads its input twice:
    /// the games, then the bytes between them); named `<stdin>` all the same.
    Spooled(PathBuf),
    /// A file read under another name: a Python file object's bytes kept in a
    /// temporary file, named as the object is (its `name`, or `<stream>`), so that
    /// no message names the temporary file.
    Named(PathBuf, String),
}

impl Input {
    /// The name diagnostics use.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin | Input::Spooled(_) => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
            Input::Named(_, name) => name.clone(),
        }
    }

    /// The input's bytes, decompressed if they are ([`compressed`]).
    fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        let source: Box<dyn BufRead + Send> = match self {
            Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Input::File(path) | Input::Spooled(path) | Input::Named(path, _) => {
                Box::new(BufReader::with_capacity(1 << 16, File::open(path)?))
            }
        };
        compressed::decompressed(source, &self.name())
    }

    fn is_json(&self) -> bool {
        // By the name under any compression: `games.jsonl.zst` is JSON Lines.
        matches!(self, Input::File(p) | Input::Named(p, _)
            if compressed::inner_extension(p).is_some_and(|e| e == "json" || e == "jsonl"))
    }
}

/// What becomes of a symbolic link met inside a directory. A link named on the command
/// line is always read, as any path given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Links {
    /// Read where it leads, as if it were there. A loop (a link to a directory above
    /// it) and a record's link that leads nowhere are errors naming them.
    #[default]
    Follow,
    /// Skipped, and counted in a line on stderr (`--no-follow`).
    Skip,
}

/// Writes `bytes` to the file at `path`; an error names the file (the operating
/// system's message alone, "No such file or directory", does not say which).
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    fs::write(path, bytes).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// Opens file `path` that a run writes (`split`'s files, `annotate --diagrams`'s
/// pictures): the first time it creates it, never over an existing file unless
/// `force`, and then as a new file in its place (a link is replaced, its target
/// never written); later (`first` false) it appends to it, never through a link (a
/// link put in its place meanwhile is an error). An error names the file.
pub fn open_output(path: &Path, first: bool, force: bool) -> io::Result<File> {
    let opened = (|| {
        if first && force {
            match fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        let mut options = fs::OpenOptions::new();
        if first {
            // O_CREAT | O_EXCL: fails on any existing name, a dangling link included.
            options.write(true).create_new(true);
        } else {
            options.append(true);
        }
        no_follow(&mut options);
        options.open(path)
    })();
    opened.map_err(|e| {
        let hint = if e.kind() == io::ErrorKind::AlreadyExists {
            " (--force overwrites it)"
        } else {
            ""
        };
        io::Error::new(e.kind(), format!("{}: {e}{hint}", path.display()))
    })
}

/// Makes `options` refuse to open a symbolic link (`O_NOFOLLOW`).
#[cfg(unix)]
fn no_follow(options: &mut fs::OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NOFOLLOW);
}

/// Elsewhere only `create_new` guards the first open (it never follows a link).
#[cfg(not(unix))]
fn no_follow(_options: &mut fs::OpenOptions) {}

/// Refuses an output file that is one of the records read (`tgn view -o games.pgn
/// games.pgn`, a slip of the fingers): writing there would replace the record with
/// the output. Compared by file identity, so a link or another spelling of the same
/// path is caught too; an output that does not exist yet is none of the inputs.
pub fn refuse_input_as_output(output: &Path, inputs: &[Input]) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let identity = |path: &Path| fs::metadata(path).ok().map(|m| (m.dev(), m.ino()));
    let Some(target) = identity(output) else {
        return Ok(());
    };
    let read = inputs.iter().find_map(|input| match input {
        Input::File(path) if identity(path) == Some(target) => Some(path),
        _ => None,
    });
    match read {
        Some(path) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: the output is the record {} read: it would be replaced (name another file)",
                output.display(),
                path.display()
            ),
        )),
        None => Ok(()),
    }
}

/// Expands paths: `-` is stdin, a directory gives its record files (sorted, recursively,
/// its symbolic links as `read.links` says), anything else is a file (one that does not
/// exist is reported when it is opened). Errors (an unreadable directory, a loop of
/// links) are reported and counted, and the rest go on.
///
/// # Errors
/// A directory that holds no record file is a path named by mistake, as a file that
/// does not exist is (issue 52): where nothing else is read, that is the one message,
/// a usage error; beside other records, a warning. `--allow-empty` accepts both.
pub fn expand(paths: &[PathBuf], read: &Reading, errors: &mut usize) -> io::Result<Vec<Input>> {
    let links = read.links;
    let mut inputs = Vec::new();
    let mut skipped = 0;
    let mut empty = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            let (before, errors_before) = (inputs.len(), *errors);
            skipped += walk(path, links, &mut inputs, errors);
            if inputs.len() == before && *errors == errors_before {
                empty.push(shown(&path.display().to_string()).into_owned());
            }
        } else {
            inputs.push(Input::File(path.clone()));
        }
    }
    if skipped > 0 {
        eprintln!(
            "tgn: {} in directories not followed (--no-follow)",
            plural(skipped, "symbolic link")
        );
    }
    if !empty.is_empty() && !read.allow_empty {
        let message = format!(
            "no record found under {} (no .pgn, .tgn or .pdn file, plain or compressed); \
             --allow-empty accepts that",
            empty.join(", ")
        );
        if inputs.is_empty() && *errors == 0 {
            return Err(io::Error::new(io::ErrorKind::NotFound, message));
        }
        eprintln!("tgn: warning: {message}");
    }
    Ok(inputs)
}

/// Adds a directory's record files to `inputs`; gives the number of symbolic links it
/// skipped.
fn walk(dir: &Path, links: Links, inputs: &mut Vec<Input>, errors: &mut usize) -> usize {
    let mut skipped = 0;
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(links == Links::Follow)
        .sort_by_file_name();
    for entry in walker {
        match entry {
            // The directory given is read, even through a link: it was named.
            Ok(entry) if entry.depth() > 0 && entry.path_is_symlink() && links == Links::Skip => {
                skipped += 1;
            }
            Ok(entry) if entry.file_type().is_file() && is_record_file(entry.path()) => {
                inputs.push(Input::File(entry.into_path()));
            }
            // A FIFO, socket or device named as a record, met in a directory: not read
            // (it could block the walk for ever), but never passed over in silence.
            Ok(entry) if !entry.file_type().is_dir() && is_record_file(entry.path()) => {
                eprintln!(
                    "tgn: {}: not a regular file, not read (name it on the command line to \
                     read it)",
                    shown(&entry.path().display().to_string())
                );
            }
            Ok(_) => {}
            Err(e) => {
                match broken_link(&e) {
                    // Where no record would have been read (a `notes.txt` beside the
                    // records), a link to nothing is no business of tgn's.
                    Some((path, ..)) if !is_record_file(path) => continue,
                    Some((path, target, why)) => eprintln!(
                        "tgn: {}: a symbolic link to {}, {why}",
                        shown(&path.display().to_string()),
                        shown(&target.display().to_string())
                    ),
                    None => eprintln!("tgn: {}", shown(&e.to_string())),
                }
                *errors += 1;
            }
        }
    }
    skipped
}

/// The path and target of the symbolic link that leads to no file, and why, if that
/// is what the walk met: a target that does not exist, or one that cannot be
/// followed (a loop of links, which the system refuses after some forty).
fn broken_link(e: &walkdir::Error) -> Option<(&Path, PathBuf, String)> {
    let path = e.path().filter(|_| e.loop_ancestor().is_none())?;
    let why = match std::fs::metadata(path) {
        Ok(_) => return None,
        Err(e) if e.kind() == io::ErrorKind::NotFound => "which does not exist".to_string(),
        Err(e) => format!("which cannot be followed: {e}"),
    };
    Some((path, std::fs::read_link(path).ok()?, why))
}

/// A record file by its extension, compressed or not (`games.pgn`, `games.pgn.zst`).
fn is_record_file(path: &Path) -> bool {
    compressed::inner_extension(path)
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// How the pipeline reads.
pub struct Pipeline<'a> {
    pub read: &'a Reading,
    pub detail: Detail,
    /// Read inputs as JSON written by `convert` (`None`: by file extension).
    pub json: Option<bool>,
    /// Show a progress bar (only ever on a terminal).
    pub progress: bool,
}

/// Games replayed together; bounds memory while keeping both cores busy.
const BATCH: usize = 256;

/// Most text read into one batch (a batch ends at the game that reaches it). Three
/// batches are in flight, and a game's parsed form takes several times its text:
/// 256 games of 50 KB of junk each held 430 MB before this bound, whatever the size
/// of the input; real games (a few KB) fill a batch long before it.
const BATCH_BYTES: usize = 256 << 10;

impl Pipeline<'_> {
    /// Reads, replays and hands every game of every input to `sink`, in input order.
    /// Gives the number of I/O errors met (each already reported on stderr).
    ///
    /// # Errors
    /// Only what `sink` returns (e.g. a broken pipe on output).
    pub fn run(
        &self,
        inputs: &[Input],
        mut sink: impl FnMut(Item) -> io::Result<()>,
    ) -> io::Result<usize> {
        let mut settings = self.read.replay.clone();
        settings.detail = self.detail;
        let bar = self.progress_bar();
        // A hidden bar (no terminal) has nothing to suspend: its lock is skipped.
        let hidden = bar.is_hidden();
        let mut errors = 0;
        let mut seen = 0;
        // One allowance for the whole run: a directory of small files of hard
        // positions is bounded as one file of them is.
        let mut searches = RunAllowance::new(&mut settings);
        for input in inputs {
            let file: Arc<str> = Arc::from(input.name());
            bar.set_message(file.to_string());
            let mut games = match self.open(input) {
                Ok(games) => games,
                Err(e) => {
                    bar.suspend(|| eprintln!("tgn: {}: {}", shown(&file), shown(&e.to_string())));
                    errors += 1;
                    continue;
                }
            };
            // Three stages at once: this thread hands the games replayed last round over
            // in order, while on the pool one worker reads the next batch and the others
            // parse and replay the batch read last round.
            let mut read_errors = ReadErrors::default();
            let mut pending = read_batch(&mut games, &mut read_errors);
            let mut replayed: Vec<Replayed> = Vec::new();
            let mut index = 0;
            while !(pending.is_empty() && replayed.is_empty()) {
                let work = std::mem::take(&mut pending);
                let grants = searches.grants(&work);
                let mut next_replayed = Vec::new();
                let mut handed = Ok(());
                rayon::in_place_scope(|scope| {
                    if !work.is_empty() {
                        scope.spawn(|_| {
                            (pending, next_replayed) = rayon::join(
                                || read_batch(&mut games, &mut read_errors),
                                || replay_batch(work, grants, &settings),
                            );
                        });
                    }
                    let replayed = replayed
                        .drain(..)
                        .map(|chunk| searches.hand_over(chunk, &settings));
                    for (record, replay) in replayed.flatten() {
                        bar.inc(1);
                        seen += 1;
                        let item = Item {
                            file: file.clone(),
                            index,
                            record,
                            replay,
                        };
                        index += 1;
                        handed = if hidden {
                            sink(item)
                        } else {
                            bar.suspend(|| sink(item))
                        };
                        if handed.is_err() {
                            break;
                        }
                    }
                });
                handed?;
                replayed = next_replayed;
            }
            for e in &read_errors.shown {
                bar.suspend(|| eprintln!("tgn: {}: {}", shown(&file), shown(&e.to_string())));
            }
            if read_errors.more > 0 {
                bar.suspend(|| {
                    eprintln!(
                        "tgn: {}: {} more read errors, not shown (the first {MAX_READ_ERRORS} are)",
                        shown(&file),
                        read_errors.more
                    )
                });
            }
            errors += read_errors.shown.len() + read_errors.more;
        }
        bar.finish_and_clear();
        // With no inputs, `expand` has said why (no record under a directory, or one
        // that could not be read).
        if seen == 0 && errors == 0 && !inputs.is_empty() && !self.read.allow_empty {
            eprintln!(
                "tgn: no game found in the paths given (the files are empty); --allow-empty \
                 accepts that"
            );
            errors += 1;
        }
        Ok(errors)
    }

    /// The names `keep` picks among the tags of every game of `inputs`, read without
    /// replaying them (`convert --to csv`'s columns, found before the header is
    /// written). What cannot be read is skipped: [`Pipeline::run`] reports it. `None`
    /// as soon as there are more than `most`.
    pub fn tag_names(
        &self,
        inputs: &[Input],
        keep: impl Fn(&GameRecord) -> Vec<&str>,
        most: usize,
    ) -> Option<std::collections::BTreeSet<String>> {
        let mut names = std::collections::BTreeSet::new();
        let mut add = |record: &GameRecord| {
            for name in keep(record) {
                if !names.contains(name) {
                    names.insert(name.to_string());
                }
            }
            names.len() <= most
        };
        for input in inputs {
            let Ok(mut games) = self.open(input) else {
                continue;
            };
            while let Some(next) = games.next() {
                let within = match next {
                    Ok(Pending::Text(chunk)) => chunk.parse().iter().all(&mut add),
                    Ok(Pending::Record(record)) => add(&record),
                    Err(_) => true,
                };
                if !within {
                    return None;
                }
            }
        }
        Some(names)
    }

    fn open(&self, input: &Input) -> Result<Games, ReadError> {
        let mut source = input.open()?;
        // A file is told by its extension; standard input, which has none, by how it
        // starts (issue 52: `tgn convert --to pgn - < games.json`).
        let as_json = match self.json {
            Some(json) => json,
            None if *input == Input::Stdin => json::looks_like_json(source.fill_buf()?),
            None => input.is_json(),
        };
        Ok(if as_json {
            Games::Json(json::read_records(source)?)
        } else {
            Games::Text(Box::new(Reader::new(source, self.read.encoding)))
        })
    }

    fn progress_bar(&self) -> ProgressBar {
        // Only for people watching a terminal: never when output goes to a pipe or file.
        if !self.progress || !io::stderr().is_terminal() || !io::stdout().is_terminal() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {human_pos} {games}  {elapsed}  {wide_msg}")
                .map(|style| {
                    style.with_key(
                        "games",
                        |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                            let _ = w.write_str(if state.pos() == 1 { "game" } else { "games" });
                        },
                    )
                })
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    }
}

/// Where the games of one input come from.
enum Games {
    /// Record text: the reader only finds where games end; they are parsed on the pool.
    Text(Box<Reader<Box<dyn BufRead + Send>>>),
    /// Records in JSON, read whole.
    Json(Box<dyn Iterator<Item = Result<GameRecord, ReadError>> + Send>),
}

/// A game read and not yet replayed.
enum Pending {
    Text(Chunk),
    Record(GameRecord),
}

impl Games {
    fn next(&mut self) -> Option<Result<Pending, ReadError>> {
        Some(match self {
            Games::Text(reader) => Reader::next_chunk(reader)?.map(Pending::Text),
            Games::Json(records) => records.next()?.map(Pending::Record),
        })
    }
}

/// The read errors of one file shown: past these, they are only counted. A file of
/// millions of values that are not games (a JSON array of numbers) then costs no
/// memory for them, and its reader says how many more there were.
pub const MAX_READ_ERRORS: usize = 100;

/// The read errors of one file: the first [`MAX_READ_ERRORS`], and a count of the rest.
#[derive(Default)]
struct ReadErrors {
    shown: Vec<ReadError>,
    more: usize,
}

impl ReadErrors {
    fn push(&mut self, error: ReadError) {
        if self.shown.len() < MAX_READ_ERRORS {
            self.shown.push(error);
        } else {
            self.more += 1;
        }
    }
}

/// The next games of a source, up to [`BATCH`] of them or [`BATCH_BYTES`] of text;
/// read errors are set aside.
fn read_batch(games: &mut Games, errors: &mut ReadErrors) -> Vec<Pending> {
    let mut batch = Vec::with_capacity(BATCH);
    let mut bytes = 0;
    while batch.len() < BATCH && bytes < BATCH_BYTES {
        match games.next() {
            Some(Ok(pending)) => {
                if let Pending::Text(chunk) = &pending {
                    bytes += chunk.len();
                }
                batch.push(pending);
            }
            Some(Err(e)) => errors.push(e),
            None => break,
        }
    }
    batch
}

/// Parses and replays a batch on all cores, each game within its grant; the games
/// come back in order. (One result per chunk, collected straight into its place in
/// the batch: no list of pieces to join, and a game's record and replay moved once.)
fn replay_batch(batch: Vec<Pending>, grants: Vec<u64>, settings: &Settings) -> Vec<Replayed> {
    batch
        .into_par_iter()
        .zip(grants)
        .map(|(pending, grant)| allowance::replay_granted(pending, grant, settings))
        .collect()
}

/// Reads and replays one whole file, keeping of each game what `keep` makes of it
/// (`diff` needs all games of both files, and keeps of each only what it compares).
///
/// # Errors
/// A file that could not be read, or what `keep` returns (the reading stops there).
pub fn read_all<T>(
    input: &Input,
    read: &Reading,
    detail: Detail,
    json: Option<bool>,
    mut keep: impl FnMut(Item) -> io::Result<T>,
) -> io::Result<Vec<T>> {
    let pipeline = Pipeline {
        read,
        detail,
        json,
        progress: false,
    };
    let mut kept = Vec::new();
    let errors = pipeline.run(std::slice::from_ref(input), |item| {
        kept.push(keep(item)?);
        Ok(())
    })?;
    if errors > 0 {
        return Err(io::Error::other(format!(
            "{}: could not be read",
            input.name()
        )));
    }
    Ok(kept)
}

/// The last ply a walk over `item`'s diagrams (`view`, `annotate --diagrams`) needs to
/// show when the replay found its main line broken by a move whose search stopped at
/// one of tgn's limits, at the start of a turn: the ply before that move. Stopping
/// there, the walk never runs that search again (it took as long again: found by the
/// `view` fuzz target, issue 33). Other bad moves are tried again by the walk, which
/// shows a turn as far as it went.
pub fn last_ply_to_draw(item: &Item) -> Option<u32> {
    let replay = &item.replay;
    let next = replay.plies + 1;
    let limit_there = replay
        .errors
        .iter()
        .any(|e| !e.in_variation && e.ply == Some(next) && e.code == ErrorCode::Limit);
    limit_there.then_some(replay.plies)
}
