//! `tgn fix`: rewrites records in place (or to a new file): the `[Result]` tag (and
//! the movetext's result) set from the board or the movetext, move numbers
//! renumbered, tags in the standard order, and with `--canonical` the moves in
//! canonical notation. A move is never changed.
//!
//! A fix is a list of edits on the text of one game, at the spans the parser found;
//! everything else — comments, layout, line ends, the text between games — is copied
//! byte for byte from the original file, so a file with nothing to fix is left as it
//! was (not even rewritten). Output goes to a temporary file in the same directory,
//! renamed over the original only once it is complete: an interrupted run loses
//! nothing. Games with syntax errors are left exactly as written.
//!
//! Fix keeps the file it was given: a symbolic link's target is fixed (the link
//! stays a link); the new file takes the owner, group and mode of the old one, or the
//! file is refused; a read-only file, or one with other names (hard links), is refused;
//! an `--output` device or FIFO is written through, never renamed over; SIGINT and
//! SIGTERM remove the temporary file.
//!
//! A file rewritten in place is locked (an advisory `flock(2)` lock, which another
//! `tgn fix` takes too) from its read to its rename, and is renamed over only if it
//! is still the file that was read: two runs on one file never lose one's fixes.

use std::fs::{self, File, Metadata, OpenOptions, Permissions, TryLockError};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, fchown};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once, PoisonError};
use std::time::{Duration, Instant};

use similar::{ChangeTag, TextDiff};

use super::{
    Input, Item, Pipeline, RunStatus, Stdout, Tally, conclude, expand, plural, report, shown,
};
use super::{Reading, compressed};
use crate::record::parser::{Origin, parse_games};
use crate::record::{Encoding, GameRecord, MoveNode, Tag, Termination, parse_result};
use crate::replay::mend::{EditKind, Mend, Suggestion};
use crate::replay::{Detail, ErrorCode, Line, MoveCount, Settings, Status};

/// Which fixes to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixes {
    /// A missing or wrong `[Result]` set from the board, else from the movetext.
    pub results: bool,
    /// Move numbers that disagree with the moves rewritten.
    pub renumber: bool,
    /// The Seven Tag Roster first, in its order, then the other tags as they were.
    pub tag_order: bool,
    /// Moves in canonical notation.
    pub canonical: bool,
    /// An invalid game's slip corrected, when one reading alone replays its sheet to
    /// the end with every mark agreeing ([`Mend::unique`]).
    pub mend: bool,
}

/// Where fixed records go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Each file rewritten in place (standard input to standard output).
    InPlace,
    /// Every input into one new file (an existing one only with `--force`; a device
    /// or FIFO written through).
    File(PathBuf),
    /// Every input to standard output (`-o -`).
    Stdout,
}

/// What `tgn fix` is asked to do.
#[derive(Clone, Debug)]
pub struct FixSettings {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub fixes: Fixes,
    pub target: Target,
    /// Show a unified diff of what would change, and write nothing.
    pub dry_run: bool,
    /// Rewrite a read-only file; overwrite an existing `--output` file.
    pub force: bool,
}

/// The Seven Tag Roster, in the order PGN's export format writes it.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Text to put in place of a byte range of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

impl Edit {
    fn new(start: usize, end: usize, text: impl Into<String>) -> Edit {
        Edit {
            start,
            end,
            text: text.into(),
        }
    }
}

/// The edits that fix one game, in the order of the text, none overlapping.
fn edits(item: &Item, fixes: Fixes) -> Vec<Edit> {
    let record = &item.record;
    if !record.errors.is_empty() || record.text().is_none() {
        return Vec::new();
    }
    if fixes.mend
        && let Some(mend) = item.replay.mend.as_deref()
    {
        // The other fixes read the replay of the sheet as written, which stops at
        // the slip: a mended game gets only its mending (fix it again for the rest).
        return mend.unique().map_or_else(Vec::new, |s| mending(record, s));
    }
    let mut edits = Vec::new();
    if fixes.results || fixes.tag_order {
        edits.extend(tag_edits(item, fixes));
    }
    if fixes.results {
        edits.extend(movetext_result(item));
    }
    if fixes.renumber && item.replay.start.is_some() {
        renumber(
            &record.moves,
            &item.replay.main,
            MoveCount::start(record),
            &mut edits,
        );
    }
    if fixes.canonical {
        canonical(&record.moves, &item.replay.main, &mut edits);
    }
    edits.sort_by_key(|e| (e.start, e.end));
    let mut kept: Vec<Edit> = Vec::with_capacity(edits.len());
    for edit in edits {
        if kept.last().is_none_or(|last| last.end <= edit.start) {
            kept.push(edit);
        }
    }
    kept
}

/// What `fix --mend` writes for one game, `item` replayed with
/// [`Detail::suggestions`]: its text mended and numbered as if written right, or
/// `None` when no single reading replays its sheet to the end (the paper decides), the
/// game needs no mend, or its text is not at hand (a game read from JSON). The Python
/// package's `Game.mended()`.
pub fn mended_text(item: &Item, settings: &Settings) -> Option<String> {
    let mend = item.replay.mend.as_deref()?;
    let suggestion = mend.unique()?;
    let edits = mending(&item.record, suggestion);
    if edits.is_empty() {
        return None;
    }
    let text = apply(&item.record, &edits)?;
    Some(fixed_again(item, text, settings, true).0)
}

/// The result the record should declare: the board's when the main line was replayed
/// to its end, else the movetext's (`*` included); `None` when neither says.
fn wanted_result(item: &Item) -> Option<Termination> {
    let replay = &item.replay;
    // Only a result error (what this fixes) or a warning made an error by --strict
    // leaves the board's verdict standing: any other error stopped the replay short.
    let harmless = [
        ErrorCode::Result,
        ErrorCode::ResultTag,
        ErrorCode::MoveNumber,
        ErrorCode::DuplicateTag,
        ErrorCode::TagQuote,
    ];
    let replayed =
        replay.start.is_some() && replay.errors.iter().all(|e| harmless.contains(&e.code));
    match replay.outcome.as_ref().filter(|_| replayed) {
        Some(outcome) => Some(Termination::Result(outcome.result)),
        None => item.record.result.as_ref().map(|mark| mark.result.into()),
    }
}

/// The movetext's result, when the board decided the game and the movetext says
/// otherwise or nothing.
fn movetext_result(item: &Item) -> Option<Edit> {
    let Some(Termination::Result(board)) =
        wanted_result(item).filter(|_| item.replay.outcome.is_some())
    else {
        return None;
    };
    let record = &item.record;
    // After the last move, or on a line of its own after the tags (a set-up position
    // that is already decided).
    let before = if record.moves.is_empty() && record.comments.is_empty() {
        line_end(record).repeat(2)
    } else {
        " ".to_string()
    };
    match &record.result {
        Some(mark) if mark.result == Some(board) => None,
        Some(mark) => Some(Edit::new(mark.span.start, mark.span.end, board.as_str())),
        None => Some(Edit::new(
            record.end,
            record.end,
            format!("{before}{}", board.as_str()),
        )),
    }
}

/// The line end the record uses: `\r\n` or `\n`.
fn line_end(record: &GameRecord) -> &'static str {
    if record.text().is_some_and(|t| t.contains("\r\n")) {
        "\r\n"
    } else {
        "\n"
    }
}

/// The text of a tag as written.
fn tag_text<'a>(record: &'a GameRecord, tag: &Tag) -> Option<&'a str> {
    tag_text_at(record, tag.span.start, tag.span.end)
}

/// The `[Result]` tag set, and the tags put in order.
fn tag_edits(item: &Item, fixes: Fixes) -> Vec<Edit> {
    let record = &item.record;
    let eol = line_end(record);
    // Each tag as (name, text), the Result tag already set.
    let mut tags: Vec<(&str, String)> = Vec::with_capacity(record.tags.len() + 1);
    let mut edits = Vec::new();
    // When each tag has a line of its own, a tag moves with the blanks around it on
    // its line, so that reordering keeps every byte but the order.
    let lines = tag_lines(record);
    let around = |i: usize, text: &str| match &lines {
        Some(lines) => {
            let (start, end) = lines[i];
            let tag = record.tags[i].span;
            let blanks = |a: usize, b: usize| tag_text_at(record, a, b).unwrap_or_default();
            format!("{}{text}{}", blanks(start, tag.start), blanks(tag.end, end))
        }
        None => text.to_string(),
    };
    for (i, tag) in record.tags.iter().enumerate() {
        let Some(text) = tag_text(record, tag) else {
            return Vec::new();
        };
        tags.push((&tag.name, around(i, text)));
    }
    let wanted = wanted_result(item).filter(|_| fixes.results);
    if let Some(wanted) = wanted {
        let line = format!("[Result \"{}\"]", wanted.as_str());
        match record.tags.iter().position(|t| t.name == "Result") {
            Some(at) if parse_result(&record.tags[at].value) == Some(wanted) => {}
            Some(at) => {
                let span = record.tags[at].span;
                edits.push(Edit::new(span.start, span.end, line.clone()));
                tags[at].1 = around(at, &line);
            }
            None => {
                let edit = match record.tags.last() {
                    Some(last) => Edit::new(last.span.end, last.span.end, format!("{eol}{line}")),
                    None => Edit::new(
                        record.span.start,
                        record.span.start,
                        format!("{line}{eol}{eol}"),
                    ),
                };
                edits.push(edit);
                tags.push(("Result", line));
            }
        }
    }
    let rank = |name: &str| {
        ROSTER
            .iter()
            .position(|r| *r == name)
            .unwrap_or(ROSTER.len())
    };
    let mut ordered = tags.clone();
    ordered.sort_by_key(|(name, _)| rank(name));
    let (Some(first), Some(last)) = (record.tags.first(), record.tags.last()) else {
        return edits;
    };
    if !fixes.tag_order || ordered == tags || !contiguous(record) {
        return edits;
    }
    let block: Vec<String> = ordered.into_iter().map(|(_, text)| text).collect();
    let (start, end) = match &lines {
        Some(lines) => (lines[0].0, lines[lines.len() - 1].1),
        None => (first.span.start, last.span.end),
    };
    vec![Edit::new(start, end, block.join(eol))]
}

/// The text of the record between two offsets of the file.
fn tag_text_at(record: &GameRecord, start: usize, end: usize) -> Option<&str> {
    let base = record.source.offset;
    record
        .source
        .text
        .get(start.checked_sub(base)?..end.checked_sub(base)?)
}

/// Each tag's whole line (its start and end in the file, the line break left out),
/// when every tag stands alone on its line with only blanks around it.
fn tag_lines(record: &GameRecord) -> Option<Vec<(usize, usize)>> {
    let base = record.source.offset;
    let text = &record.source.text;
    let mut lines: Vec<(usize, usize)> = Vec::with_capacity(record.tags.len());
    for tag in &record.tags {
        let (at, after) = (
            tag.span.start.checked_sub(base)?,
            tag.span.end.checked_sub(base)?,
        );
        let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
        let end = after
            + text
                .get(after..)?
                .find(['\r', '\n'])
                .unwrap_or(text.len() - after);
        let blank = |a: usize, b: usize| text.get(a..b).is_some_and(|t| t.trim().is_empty());
        if !blank(start, at) || !blank(after, end) || lines.last().is_some_and(|l| l.1 > start) {
            return None;
        }
        lines.push((start + base, end + base));
    }
    (!lines.is_empty()).then_some(lines)
}

/// Whether only white space stands between the tags (so they may be rewritten as one
/// block without losing anything).
fn contiguous(record: &GameRecord) -> bool {
    record.tags.windows(2).all(|pair| {
        tag_text_at(record, pair[0].span.end, pair[1].span.start)
            .is_some_and(|between| between.trim().is_empty())
    })
}

/// Renumbers a line (and its variations) in which a written move number disagrees
/// with the turns the replay found: every turn of the first player gets its number,
/// a turn of the second player `N...` where a line starts or resumes after a comment
/// or variation, numbers inside a turn go. A line whose numbers all agree is left as
/// written, and so is everything after a bad move (its turns are unknown).
fn renumber(moves: &[MoveNode], line: &Line, mut count: MoveCount, edits: &mut Vec<Edit>) {
    // Per move: the number it should carry, and whether the written one is right.
    let mut wanted: Vec<(Option<String>, bool)> = Vec::with_capacity(moves.len());
    let mut resumes = true;
    for (node, replayed) in moves.iter().zip(&line.nodes) {
        for (variation, replayed) in node.variations.iter().zip(&replayed.variations) {
            renumber(&variation.moves, replayed, count, edits);
        }
        let Status::Played(played) = &replayed.status else {
            break;
        };
        let new_turn = count.step(played.ply, played.mover);
        if new_turn && count.number.is_none() {
            // A set-up position: the first number written sets the count.
            count.number = node.number.as_ref().map(|n| n.number);
        }
        let second = !count.leads(played.mover);
        let label = match (new_turn, count.number) {
            (true, Some(n)) if !second => Some(format!("{n}.")),
            (true, Some(n)) if resumes => Some(format!("{n}...")),
            _ => None,
        };
        let right = node.number.as_ref().is_none_or(|written| {
            new_turn && Some(written.number) == count.number && written.continuation == second
        });
        wanted.push((label, right));
        resumes = !node.comments.is_empty() || !node.variations.is_empty();
    }
    if wanted.iter().all(|(_, right)| *right) {
        return;
    }
    for (node, (label, right)) in moves.iter().zip(wanted) {
        match (&node.number, label) {
            (Some(_), _) if right => {}
            (Some(written), Some(label)) => {
                edits.push(Edit::new(written.span.start, written.span.end, label));
            }
            // A number inside a turn, or before a move that needs none: it goes,
            // with the space after it.
            (Some(written), None) => edits.push(Edit::new(written.span.start, node.span.start, "")),
            (None, Some(label)) => {
                edits.push(Edit::new(
                    node.span.start,
                    node.span.start,
                    format!("{label} "),
                ));
            }
            (None, None) => {}
        }
    }
}

/// Every played move not written canonically, rewritten.
fn canonical(moves: &[MoveNode], line: &Line, edits: &mut Vec<Edit>) {
    for (node, replayed) in moves.iter().zip(&line.nodes) {
        if let Status::Played(played) = &replayed.status
            && !played.canonical.is_empty()
            && node.text != played.canonical
        {
            edits.push(Edit::new(
                node.span.start,
                node.span.end,
                played.canonical.clone(),
            ));
        }
        for (variation, line) in node.variations.iter().zip(&replayed.variations) {
            canonical(&variation.moves, line, edits);
        }
    }
}

/// The edits that make `suggestion` on the main line of `record`, each with a comment
/// at the move saying what was written, so that nothing is changed silently.
fn mending(record: &GameRecord, suggestion: &Suggestion) -> Vec<Edit> {
    let moves = &record.moves;
    let mut edits = Vec::new();
    let replace = |at: usize, written: &str, read: &str| {
        let span = moves[at].span;
        Edit::new(
            span.start,
            span.end,
            format!("{read} {{tgn: written {written}, read as {read}}}"),
        )
    };
    for edit in &suggestion.edits {
        let written = edit.written.as_deref().unwrap_or_default();
        let read = edit.correction.as_deref().unwrap_or_default();
        match edit.kind {
            EditKind::Replace if edit.index < moves.len() => {
                edits.push(replace(edit.index, written, read));
            }
            EditKind::Insert => {
                let comment = format!("{read} {{tgn: not written, read as {read}}}");
                match moves.get(edit.index) {
                    Some(next) => {
                        let at = next.span.start;
                        edits.push(Edit::new(at, at, format!("{comment} ")));
                    }
                    None => {
                        let Some(last) = moves.last() else {
                            return Vec::new();
                        };
                        let at = last.span.end;
                        edits.push(Edit::new(at, at, format!(" {comment}")));
                    }
                }
            }
            EditKind::Delete if edit.index < moves.len() => {
                let span = moves[edit.index].span;
                let comment = format!("{{tgn: written {written}, left out}}");
                edits.push(Edit::new(span.start, span.end, comment));
            }
            EditKind::Swap if edit.other < moves.len() => {
                edits.push(replace(edit.index, written, read));
                edits.push(replace(edit.other, read, written));
            }
            // An edit the sheet has no token for: the search and the record disagree,
            // and nothing is changed.
            _ => return Vec::new(),
        }
    }
    edits.sort_by_key(|e| (e.start, e.end));
    let overlapping = edits.windows(2).any(|pair| pair[0].end > pair[1].start);
    if overlapping { Vec::new() } else { edits }
}

/// The game's text with the edits made.
fn apply(record: &GameRecord, edits: &[Edit]) -> Option<String> {
    let text = record.text()?;
    let base = record.span.start;
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for edit in edits {
        let (start, end) = (edit.start.checked_sub(base)?, edit.end.checked_sub(base)?);
        out.push_str(text.get(at..start)?);
        out.push_str(&edit.text);
        at = end;
    }
    out.push_str(text.get(at..)?);
    Some(out)
}

/// One input being rewritten.
struct Rewrite {
    input: Input,
    /// The original again, to copy what lies between the fixed games.
    original: BufReader<File>,
    /// Bytes of the original copied (or replaced) so far.
    copied: u64,
    out: Sink,
    changed: usize,
}

/// Where a rewrite writes.
enum Sink {
    /// A file rewritten in place with nothing fixed so far: nothing is written. The
    /// path is the record's own, through any symbolic link: the record is fixed, and a
    /// link to it stays a link.
    Untouched(PathBuf),
    /// A temporary file next to the file it replaces, and that file's path.
    Temp(BufWriter<tempfile::NamedTempFile>, PathBuf),
    /// `--dry-run`: nothing is written; each fixed game is shown as a diff of its own
    /// text, placed at its lines in the file (`shift`: lines the earlier fixes of the
    /// file added or removed), so memory holds one game, never a whole file.
    DryRun {
        header: bool,
        shift: isize,
    },
    Stdout(Stdout),
    /// The one `--output`, shared by every input.
    Shared,
}

/// Where `--output` goes.
enum Output {
    /// A temporary file beside the target, renamed over it once complete.
    Temp(BufWriter<tempfile::NamedTempFile>, PathBuf),
    /// A character device or FIFO, written through: renaming a file over it would
    /// replace the device (as root, `-o /dev/null` would break the machine).
    Through(BufWriter<File>),
    /// `-o -`.
    Stdout(Stdout),
}

impl Output {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Temp(w, _) => w,
            Output::Through(w) => w,
            Output::Stdout(w) => w,
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Output::Temp(writer, path) => persist(writer, &path),
            Output::Through(mut w) => w.flush(),
            Output::Stdout(mut w) => w.flush(),
        }
    }
}

/// The state of a run.
struct Run<'a> {
    settings: &'a FixSettings,
    /// The `--output`, while it is being written.
    shared: Option<Output>,
    current: Option<Rewrite>,
    /// The lock on the file being rewritten in place, and what that file was.
    held: Option<Held>,
    /// Standard input, kept in a temporary file while it is fixed.
    spool: Option<tempfile::NamedTempFile>,
    /// Files left as they are because another program changed them meanwhile.
    refused: usize,
    changed_games: usize,
    changed_files: usize,
    diff_found: bool,
}

impl Run<'_> {
    fn start(&mut self, input: Input) -> io::Result<Rewrite> {
        let (Input::File(path) | Input::Spooled(path)) = &input else {
            return Err(io::Error::other("standard input was not kept"));
        };
        let original = BufReader::new(File::open(path)?);
        let out = match (&input, &self.settings.target, self.settings.dry_run) {
            (_, _, true) => Sink::DryRun {
                header: false,
                shift: 0,
            },
            (_, Target::File(_) | Target::Stdout, false) => Sink::Shared,
            (Input::File(path), Target::InPlace, false) => Sink::Untouched(fs::canonicalize(path)?),
            (_, Target::InPlace, false) => Sink::Stdout(Stdout::new()),
        };
        Ok(Rewrite {
            input,
            original,
            copied: 0,
            out,
            changed: 0,
        })
    }

    fn writer<'w>(
        shared: &'w mut Option<Output>,
        out: &'w mut Sink,
    ) -> io::Result<&'w mut dyn Write> {
        if let Sink::Untouched(path) = out {
            // The first fix in this file: only now is a temporary file made.
            let meta = fs::metadata(&*path)?;
            *out = Sink::Temp(temp_beside(path, Some(&meta))?, path.clone());
        }
        Ok(match out {
            Sink::Untouched(_) | Sink::DryRun { .. } => {
                return Err(io::Error::other("nothing is written here"));
            }
            Sink::Temp(w, _) => w,
            Sink::Stdout(w) => w,
            Sink::Shared => shared
                .as_mut()
                .ok_or_else(|| io::Error::other("the output file is not open"))?
                .writer(),
        })
    }

    /// Takes one game: copies the original up to it and writes its fixed text. Gives
    /// the fixed game, read and replayed again, when it changed: what the summary
    /// counts.
    fn game(&mut self, item: &Item) -> io::Result<Option<Item>> {
        let file = PathBuf::from(&*item.file);
        let is_new = self
            .current
            .as_ref()
            .is_none_or(|r| r.input.name() != *item.file);
        if is_new {
            self.finish_current()?;
            let input = if &*item.file == "<stdin>" {
                match &self.spool {
                    Some(spool) => Input::Spooled(spool.path().to_path_buf()),
                    None => Input::Stdin,
                }
            } else {
                Input::File(file)
            };
            self.current = Some(self.start(input)?);
        }
        let Some(rewrite) = self.current.as_mut() else {
            return Ok(None);
        };
        if self.settings.fixes.mend
            && let Some(mend) = item.replay.mend.as_deref()
            && mend.unique().is_none()
        {
            unmended(item, mend, matches!(rewrite.out, Sink::DryRun { .. }));
        }
        let edits = edits(item, self.settings.fixes);
        let fixed = if edits.is_empty() {
            None
        } else {
            apply(&item.record, &edits)
        };
        rewrite.changed += usize::from(fixed.is_some());
        let Some(fixed) = fixed else {
            return Ok(None); // copied with what follows it
        };
        let mended = self.settings.fixes.mend && item.replay.mend.is_some();
        let (fixed, after) = fixed_again(item, fixed, &self.settings.read.replay, mended);
        let dry_run = matches!(rewrite.out, Sink::DryRun { .. });
        let mut sink = io::sink();
        let out: &mut dyn Write = if dry_run {
            &mut sink
        } else {
            Self::writer(&mut self.shared, &mut rewrite.out)?
        };
        let original = &mut rewrite.original;
        let (start, end) = (item.record.span.start as u64, item.record.end as u64);
        copy(original, &mut rewrite.copied, start, out)?;
        let mut written = Vec::new();
        original
            .by_ref()
            .take(end.saturating_sub(rewrite.copied))
            .read_to_end(&mut written)?;
        rewrite.copied += written.len() as u64;
        let read = item.record.text().unwrap_or_default();
        let Some(placed) = placed(read, &written, &fixed) else {
            rewrite.changed -= 1;
            out.write_all(&written)?;
            let would = if dry_run { "would be" } else { "is" };
            eprintln!(
                "tgn: {}: game {} {would} left as it is: its text could not be matched to \
                 the file",
                shown(&item.file),
                item.index + 1
            );
            return Ok(None);
        };
        out.write_all(&placed)?;
        if let Sink::DryRun { header, shift } = &mut rewrite.out {
            self.diff_found = true;
            let name = rewrite.input.name();
            show_diff(&name, item.record.span.line, read, &fixed, header, shift)?;
        }
        Ok(after)
    }

    fn finish_current(&mut self) -> io::Result<()> {
        let Some(mut rewrite) = self.current.take() else {
            return Ok(());
        };
        if !matches!(rewrite.out, Sink::Untouched(_) | Sink::DryRun { .. }) {
            let out = Self::writer(&mut self.shared, &mut rewrite.out)?;
            io::copy(&mut rewrite.original, out)?;
        }
        let seen = self.held.as_ref().map(|held| held.seen);
        match rewrite.out {
            Sink::Temp(writer, path) if rewrite.changed > 0 => {
                if !replace(writer, &path, seen.as_ref())? {
                    eprintln!(
                        "tgn: {}: changed by another program since fix read it: left as \
                         that program wrote it (run fix again)",
                        shown(&rewrite.input.name())
                    );
                    self.refused += 1;
                    return Ok(());
                }
            }
            Sink::Untouched(_) | Sink::Temp(..) | Sink::Shared => {}
            Sink::Stdout(mut writer) => writer.flush()?,
            Sink::DryRun { .. } => {}
        }
        if rewrite.changed > 0 {
            self.changed_games += rewrite.changed;
            self.changed_files += 1;
        }
        Ok(())
    }
}

/// The fixed text of `item` read and replayed again as `settings` read it, to be
/// counted as it now is; a `mended` one numbered first as if it had been written
/// right (a ply inserted or left out shifts the numbers after it, which `check
/// --strict` would refuse), and given a result marker if it has none
/// ([`missing_marker`]). Gives the text to write and the game it holds.
fn fixed_again(
    item: &Item,
    fixed: String,
    settings: &Settings,
    mended: bool,
) -> (String, Option<Item>) {
    let settings = Settings {
        detail: Detail::ERRORS,
        ..settings.clone()
    };
    let Some(again) = reread(item, &fixed, &settings) else {
        return (fixed, None);
    };
    if !mended || again.replay.start.is_none() {
        return (fixed, Some(again));
    }
    let mut edits = Vec::new();
    let record = &again.record;
    renumber(
        &record.moves,
        &again.replay.main,
        MoveCount::start(record),
        &mut edits,
    );
    edits.extend(missing_marker(&again));
    edits.sort_by_key(|e| (e.start, e.end));
    match apply(record, &edits).filter(|_| !edits.is_empty()) {
        Some(numbered) => {
            let again = reread(item, &numbered, &settings);
            (numbered, again)
        }
        None => (fixed, Some(again)),
    }
}

/// The result marker of a mended game whose movetext ends without one: a token the
/// mend left out at the end was most often the marker miswritten (`1-6`, issue 57),
/// and a movetext ends with one. The board's result where it decided the game, else
/// the Result tag's, else `*`.
fn missing_marker(item: &Item) -> Option<Edit> {
    let record = &item.record;
    if record.result.is_some() {
        return None;
    }
    let tag = record.tag("Result").and_then(parse_result);
    let marker = wanted_result(item).or(tag).unwrap_or(Termination::Unknown);
    Some(Edit::new(
        record.end,
        record.end,
        format!(" {}", marker.as_str()),
    ))
}

/// `text`, the new text of `item`'s game, read where the game stands in its file and
/// replayed; `None` if it does not read as one game.
fn reread(item: &Item, text: &str, settings: &Settings) -> Option<Item> {
    let origin = Origin {
        line: item.record.span.line,
        offset: item.record.span.start,
    };
    let mut games = parse_games(text, origin);
    let record = games.pop().filter(|_| games.is_empty())?;
    let replay = crate::replay::replay(&record, settings);
    Some(Item {
        file: item.file.clone(),
        index: item.index,
        record,
        replay,
    })
}

/// Lists a game `--mend` leaves as it is: no reading, or several, replay its sheet to
/// the end with every mark agreeing, and the paper must decide.
fn unmended(item: &Item, mend: &Mend, dry_run: bool) {
    let would = if dry_run { "would be" } else { "is" };
    let why = match mend.agreeing() {
        0 => "no reading replays its sheet to the end with every mark agreeing".to_string(),
        n => format!("{n} readings replay its sheet to the end with every mark agreeing"),
    };
    eprintln!(
        "tgn: {}: game {} {would} left as it is by --mend: {why} (tgn check shows them)",
        shown(&item.file),
        item.index + 1
    );
}

/// The fixed text of a game to put where the file holds `written`, the bytes the game
/// was read from as `read`: the same bytes, or the same but for lone CRs ending its
/// lines (read as LF), which the fixed text then ends its lines with too. `None`
/// when the two differ otherwise (bytes that are not UTF-8, a line end of each kind):
/// the game is then left as it is.
fn placed(read: &str, written: &[u8], fixed: &str) -> Option<Vec<u8>> {
    if read.as_bytes() == written {
        return Some(fixed.as_bytes().to_vec());
    }
    let lone_cr = read.len() == written.len()
        && !written.contains(&b'\n')
        && read
            .bytes()
            .zip(written)
            .all(|(r, &w)| r == w || (r, w) == (b'\n', b'\r'));
    lone_cr.then(|| fixed.replace('\n', "\r").into_bytes())
}

/// One fixed game as a unified diff placed at its lines in the file: the file's
/// header before its first game, then hunks whose line numbers count from the file's
/// start (`first_line`, the game's first line; `shift`, what the earlier hunks of the
/// file added or removed).
fn show_diff(
    name: &str,
    first_line: u32,
    old: &str,
    new: &str,
    header: &mut bool,
    shift: &mut isize,
) -> io::Result<()> {
    let (old, new) = (with_newline(old), with_newline(new));
    let diff = TextDiff::from_lines(old.as_str(), new.as_str());
    let mut stdout = Stdout::new();
    if !*header {
        writeln!(stdout, "--- {}\n+++ {}", side("a", name), side("b", name))?;
        *header = true;
    }
    let before = first_line as isize - 1;
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        let ops = hunk.ops();
        let (Some(first), Some(last)) = (ops.first(), ops.last()) else {
            continue;
        };
        let old_range = first.old_range().start..last.old_range().end;
        let new_range = first.new_range().start..last.new_range().end;
        let start = |range: &std::ops::Range<usize>, at: isize| {
            // Unified diffs number a range from 1, and an empty one by the line before.
            let line = range.start as isize + at + isize::from(!range.is_empty());
            line.max(0)
        };
        writeln!(
            stdout,
            "@@ -{},{} +{},{} @@",
            start(&old_range, before),
            old_range.len(),
            start(&new_range, before + *shift),
            new_range.len()
        )?;
        for change in hunk.iter_changes() {
            let sign = match change.tag() {
                ChangeTag::Delete => '-',
                ChangeTag::Insert => '+',
                ChangeTag::Equal => ' ',
            };
            write!(stdout, "{sign}{}", change.value())?;
        }
    }
    *shift += new.lines().count() as isize - old.lines().count() as isize;
    stdout.flush()
}

/// `text` ending with a line break, as the lines of a file do.
fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

/// A side of the diff as git names it (`a/records/x.pgn`); an absolute path as it is.
fn side(prefix: &str, name: &str) -> String {
    if name.starts_with('/') {
        name.to_string()
    } else {
        format!("{prefix}/{name}")
    }
}

/// Copies `from` up to byte `to` (it stands at `at`).
fn copy(from: &mut BufReader<File>, at: &mut u64, to: u64, out: &mut dyn Write) -> io::Result<()> {
    if to > *at {
        io::copy(&mut from.by_ref().take(to - *at), out)?;
        *at = to;
    }
    Ok(())
}

/// A temporary file in the directory of `path`, so that renaming it over `path` is
/// atomic (a rename never crosses file systems), with the owner, group and mode of
/// the file it replaces (`like`), or, for a new file, the mode the umask leaves of
/// 0666 (as any program's new file). SIGINT and SIGTERM remove it from now on.
fn temp_beside(
    path: &Path,
    like: Option<&Metadata>,
) -> io::Result<BufWriter<tempfile::NamedTempFile>> {
    watch_signals();
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // A copy of an existing file is made 0600 until it takes that file's mode: no one
    // reads it in between whom the original would not let.
    let mode = if like.is_some() { 0o600 } else { 0o666 };
    let temp = tempfile::Builder::new()
        .prefix(".tgn-fix-")
        .permissions(Permissions::from_mode(mode))
        .tempfile_in(dir)?;
    remember(temp.path());
    if let Some(meta) = like {
        keep_identity(temp.as_file(), meta, path)?;
    }
    Ok(BufWriter::new(temp))
}

/// Gives the temporary file the owner, group and mode of the file it replaces, or
/// refuses. The owner first: changing it clears the setuid and setgid bits, which the
/// mode then sets again, only ever under the owner they were set for.
fn keep_identity(temp: &File, meta: &Metadata, path: &Path) -> io::Result<()> {
    fchown(temp, Some(meta.uid()), Some(meta.gid())).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "{}: its owner and group ({}:{}) cannot be kept on the fixed file ({e}); \
                 it is left as it was",
                path.display(),
                meta.uid(),
                meta.gid()
            ),
        )
    })?;
    temp.set_permissions(Permissions::from_mode(meta.mode() & 0o7777))
}

/// Renames the complete temporary file over `path`.
fn persist(writer: BufWriter<tempfile::NamedTempFile>, path: &Path) -> io::Result<()> {
    let temp = writer.into_inner().map_err(|e| e.into_error())?;
    temp.as_file().sync_all()?;
    let name = temp.path().to_path_buf();
    let persisted = temp.persist(path).map(drop).map_err(|e| e.error);
    forget(&name);
    persisted
}

/// Renames the complete temporary file over `path` if `path` is still the file that
/// was read (`seen`, when it was locked); else removes the temporary file and says
/// `false`: another program wrote the file meanwhile, and its text stays.
fn replace(
    writer: BufWriter<tempfile::NamedTempFile>,
    path: &Path,
    seen: Option<&Seen>,
) -> io::Result<bool> {
    let changed = match seen {
        Some(seen) => *seen != Seen::of(&fs::metadata(path)?),
        None => false,
    };
    if changed {
        let temp = writer.into_inner().map_err(|e| e.into_error())?;
        let name = temp.path().to_path_buf();
        let closed = temp.close();
        forget(&name);
        return closed.map(|()| false);
    }
    persist(writer, path).map(|()| true)
}

/// How long fix waits for a file another program has locked (another fix, most
/// likely, whose run on a large file takes seconds) before it leaves the file alone.
const LOCK_WAIT: Duration = Duration::from_secs(3);

/// What a file was when it was locked: which file, and its size and times. Any
/// write changes the ctime, and a file renamed over the name is another inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Seen {
    fn of(meta: &Metadata) -> Seen {
        Seen {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }

    fn same_file(&self, other: &Seen) -> bool {
        (self.dev, self.ino) == (other.dev, other.ino)
    }
}

/// A file locked for its rewrite in place: the lock lasts as long as `_file` is open.
struct Held {
    _file: File,
    seen: Seen,
}

/// Locks `path` (its target, through a symbolic link) with `flock(2)`, waiting at
/// most `LOCK_WAIT` for another holder. A file renamed over `path` while this waited
/// (another fix's rename) is locked in its turn: the lock is on the file now there.
fn hold(path: &Path) -> io::Result<Held> {
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        let file = File::open(path)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            Err(TryLockError::WouldBlock) => {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    format!(
                        "locked by another program (another tgn fix?) for {} s: left as it is",
                        LOCK_WAIT.as_secs()
                    ),
                ));
            }
            Err(TryLockError::Error(e)) => return Err(e),
        }
        let seen = Seen::of(&file.metadata()?);
        if seen.same_file(&Seen::of(&fs::metadata(path)?)) {
            return Ok(Held { _file: file, seen });
        }
    }
}

/// The temporary files being written, for the signal handler to remove.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn remember(temp: &Path) {
    let mut temps = TEMPS.lock().unwrap_or_else(PoisonError::into_inner);
    temps.push(temp.to_path_buf());
}

fn forget(temp: &Path) {
    let mut temps = TEMPS.lock().unwrap_or_else(PoisonError::into_inner);
    temps.retain(|t| t != temp);
}

/// On SIGINT or SIGTERM, removes the temporary files and exits as the signal would
/// (130, 143). The original is intact: only a complete file is renamed over it.
/// (SIGKILL cannot be caught: it leaves the temporary file.)
fn watch_signals() {
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let temps = TEMPS.lock().unwrap_or_else(PoisonError::into_inner);
                for temp in temps.iter() {
                    let _ = fs::remove_file(temp);
                }
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Opens `--output`. A character device or FIFO is written through, never renamed
/// over; an existing file is replaced only with `--force` (as split does), keeping its
/// owner and mode; a symbolic link is replaced by a new file, as a new one follows the
/// umask.
fn open_output(path: &Path, force: bool) -> io::Result<Output> {
    let named = |e: io::Error, hint: &str| {
        io::Error::new(e.kind(), format!("{}: {e}{hint}", path.display()))
    };
    match fs::metadata(path) {
        Ok(meta) if meta.file_type().is_char_device() || meta.file_type().is_fifo() => {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| named(e, ""))?;
            Ok(Output::Through(BufWriter::new(file)))
        }
        Ok(meta) if !meta.is_file() => Err(named(
            io::Error::other("not a regular file, a character device or a FIFO"),
            "",
        )),
        Ok(_) if !force => Err(named(
            io::Error::new(io::ErrorKind::AlreadyExists, "already exists"),
            " (--force overwrites it)",
        )),
        Ok(_) if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) => {
            // The link itself is replaced, never the file it leads to, as split and
            // annotate --diagrams do (issue 57).
            Ok(Output::Temp(temp_beside(path, None)?, path.to_path_buf()))
        }
        Ok(meta) => Ok(Output::Temp(
            temp_beside(path, Some(&meta))?,
            path.to_path_buf(),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Ok(Output::Temp(temp_beside(path, None)?, path.to_path_buf()))
        }
        Err(e) => Err(named(e, "")),
    }
}

/// Why a file cannot be rewritten in place keeping what it is, if it cannot.
fn kept_identity(meta: &Metadata, force: bool) -> Option<String> {
    // Refused rather than rewritten in place: writing over the file itself would give
    // up atomicity (an interrupted run would leave every name half written), and
    // renaming a copy over this name would leave the other names with the old text.
    if meta.nlink() > 1 {
        return Some(format!(
            "has {} names (hard links): fix would leave the others with the old text; \
             fix a copy (tgn fix -o NEW FILE)",
            meta.nlink()
        ));
    }
    if !force && !writable(meta) {
        return Some("read-only (no write permission): left as it is (--force rewrites it)".into());
    }
    // Only root gives a file away, or to a group it is not in: anyone else's copy
    // would become theirs.
    let euid = effective_ids().0;
    if euid != 0 && (euid != meta.uid() || !in_group(meta.gid())) {
        return Some(format!(
            "owned by {}:{}: the fixed file could not keep its owner and group; left as it is",
            meta.uid(),
            meta.gid()
        ));
    }
    None
}

/// Whether the mode bits let this user write the file. The bits, not access(2),
/// which says yes to root for every file: a file its owner made read-only (0444) is
/// refused as root too.
fn writable(meta: &Metadata) -> bool {
    let mode = meta.mode();
    if mode & 0o200 == 0 {
        return false;
    }
    let euid = effective_ids().0;
    if euid == 0 || euid == meta.uid() {
        return true;
    }
    mode & if in_group(meta.gid()) { 0o020 } else { 0o002 } != 0
}

/// Whether the process is in group `gid`.
fn in_group(gid: u32) -> bool {
    gid == effective_ids().1 || groups().contains(&gid)
}

/// The effective user and group ids.
fn effective_ids() -> (u32, u32) {
    (
        rustix::process::geteuid().as_raw(),
        rustix::process::getegid().as_raw(),
    )
}

/// The supplementary groups of the process (none if they cannot be read).
fn groups() -> Vec<u32> {
    rustix::process::getgroups()
        .map(|groups| groups.into_iter().map(|g| g.as_raw()).collect())
        .unwrap_or_default()
}

/// The inputs fix can rewrite: standard input, and regular files. Fix reads a file
/// twice (its games, then its bytes to copy between the edits), and a FIFO or a device
/// gives its bytes once: the second read would wait for ever. So anything else is
/// refused, before it is opened, as an I/O error naming it; and so is, when it is to
/// be rewritten in place, a file whose identity fix could not keep.
fn regular_files(inputs: Vec<Input>, settings: &FixSettings, errors: &mut usize) -> Vec<Input> {
    let in_place = settings.target == Target::InPlace; // a dry run refuses as the run would
    let regular = |input: &Input| {
        let Input::File(path) = input else {
            return true;
        };
        let refusal = match fs::metadata(path) {
            Ok(meta) if !meta.is_file() => {
                "not a regular file, which fix cannot rewrite (give it on standard input: \
                 tgn fix - < FILE)"
                    .to_string()
            }
            Ok(meta) => match kept_identity(&meta, settings.force).filter(|_| in_place) {
                Some(refusal) => refusal,
                None => return true,
            },
            Err(e) => e.to_string(),
        };
        eprintln!("tgn: {}: {refusal}", path.display());
        *errors += 1;
        false
    };
    inputs.into_iter().filter(regular).collect()
}

/// The inputs that are not compressed: fix refuses a compressed file (or standard
/// input) rather than rewrite it. It would have to write the file compressed again,
/// at some level and with some options that may not be the original's, and its
/// promise — every byte not fixed kept as it is — could not be seen to hold; so the
/// file is left untouched, an I/O error says how to fix it by hand (exit 2), and the
/// other files are fixed.
fn uncompressed(inputs: Vec<Input>, errors: &mut usize) -> Vec<Input> {
    let plain = |input: &Input| {
        let (Input::File(path) | Input::Spooled(path)) = input else {
            return true;
        };
        let compression = match compressed::of_file(path) {
            Ok(None) => return true,
            Ok(Some(compression)) => compression,
            // Unreadable: said when it is read, as for any file.
            Err(_) => return true,
        };
        eprintln!(
            "tgn: {}: {}-compressed, which fix does not rewrite: decompress it ({}), fix \
             the text, and compress it again (tgn check reads it as it is)",
            shown(&input.name()),
            compression.name(),
            compression.tool()
        );
        *errors += 1;
        false
    };
    inputs.into_iter().filter(plain).collect()
}

/// Keeps standard input in a temporary file, read as `<stdin>`: fix reads its input
/// twice (its games, then the bytes around them to copy as they are), as does
/// `convert --to csv` (the tags, then the games), and standard input gives its bytes
/// once. So every byte outside what is fixed — a `%` escape
/// line, a byte order mark, CRLF between games, bytes that are not UTF-8 — is kept
/// on standard input as in a file. The spool is on disk: memory does not grow with
/// the input.
pub(super) fn spool_stdin(inputs: &mut [Input]) -> io::Result<Option<tempfile::NamedTempFile>> {
    let Some(at) = inputs.iter().position(|input| *input == Input::Stdin) else {
        return Ok(None);
    };
    watch_signals();
    let mut spool = tempfile::Builder::new().prefix(".tgn-stdin-").tempfile()?;
    remember(spool.path());
    io::copy(&mut io::stdin().lock(), spool.as_file_mut())?;
    inputs[at] = Input::Spooled(spool.path().to_path_buf());
    Ok(Some(spool))
}

pub fn run(settings: &FixSettings) -> io::Result<RunStatus> {
    if settings.read.encoding != Encoding::Utf8 {
        let from = match settings.read.encoding {
            Encoding::Latin1 => "latin1",
            _ => "windows-1251",
        };
        return Err(io::Error::other(format!(
            "fix rewrites UTF-8 records only: convert the file first \
             (iconv -f {from} -t utf-8 old.pgn > new.pgn)"
        )));
    }
    let mut tally = Tally::default();
    let inputs = expand(&settings.paths, &settings.read, &mut tally.io_errors)?;
    let mut inputs = regular_files(inputs, settings, &mut tally.io_errors);
    let spool = spool_stdin(&mut inputs)?;
    let inputs = uncompressed(inputs, &mut tally.io_errors);
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: Detail {
            suggestions: settings.fixes.mend,
            ..if settings.fixes.canonical {
                Detail::MOVES
            } else {
                Detail::ERRORS
            }
        },
        json: Some(false),
        progress: true,
    };
    let shared = match (&settings.target, settings.dry_run) {
        (Target::File(path), false) => Some(open_output(path, settings.force)?),
        (Target::Stdout, false) => Some(Output::Stdout(Stdout::new())),
        _ => None,
    };
    let mut run = Run {
        settings,
        shared,
        current: None,
        held: None,
        spool,
        refused: 0,
        changed_games: 0,
        changed_files: 0,
        diff_found: false,
    };
    // Every path refused: the refusals say why, not "no game found" after them.
    let refused = inputs.is_empty() && tally.io_errors > 0;
    // A file rewritten in place is read and renamed over one at a time, under its
    // lock (one open lock at a time, however many files).
    let in_place = settings.target == Target::InPlace && !settings.dry_run;
    let batches: Vec<&[Input]> = match (refused, in_place) {
        (true, _) => Vec::new(),
        (false, true) => inputs.chunks(1).collect(),
        (false, false) => vec![&inputs[..]],
    };
    let output = (|| {
        for batch in batches {
            run.held = None;
            if let [Input::File(path)] = batch
                && in_place
            {
                match hold(path) {
                    Ok(held) => run.held = Some(held),
                    Err(e) => {
                        eprintln!("tgn: {}: {e}", path.display());
                        tally.io_errors += 1;
                        continue;
                    }
                }
            }
            tally.io_errors += pipeline.run(batch, |item| {
                // The summary counts each game as the fix leaves it.
                let fixed = run.game(&item)?;
                tally.add(fixed.as_ref().unwrap_or(&item));
                Ok(())
            })?;
            run.finish_current()?;
        }
        run.finish_current()?;
        run.held = None;
        if let Some(output) = run.shared.take() {
            output.finish()?;
        }
        Ok(())
    })();
    let verb = if settings.dry_run {
        "would fix"
    } else {
        "fixed"
    };
    let fixed = format!(
        "{verb} {} in {} of",
        plural(run.changed_games, "game"),
        plural(run.changed_files, "file")
    );
    tally.io_errors += run.refused;
    report(&fixed, &tally);
    let status = conclude(output, &tally)?;
    Ok(if settings.dry_run && run.diff_found {
        status.max(RunStatus::Findings)
    } else {
        status
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const READ: &str = "[Game \"toguz-kumalak\"]\n\n3. 43(10) 11(10) *\n";
    const FIXED: &str = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) *\n";
    const OTHER: &str = "[Game \"toguz-kumalak\"]\n[Result \"*\"]\n\n3. 43(10) 11(10) *\n";

    /// Fixes `games.pgn` (holding `READ`) as fix does: locks it, writes the fixed
    /// copy, lets another program do `meanwhile` to it, then renames over it or not.
    /// Says whether it renamed, and the file's text; checks no temporary file is left.
    fn fix_while(meanwhile: impl FnOnce(&Path)) -> (bool, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn");
        fs::write(&path, READ).unwrap();
        let held = hold(&path).unwrap();
        let mut writer = temp_beside(&path, Some(&fs::metadata(&path).unwrap())).unwrap();
        writer.write_all(FIXED.as_bytes()).unwrap();
        meanwhile(&path);
        let renamed = replace(writer, &path, Some(&held.seen)).unwrap();
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "a temporary file is left: {names:?}");
        (renamed, fs::read_to_string(&path).unwrap())
    }

    #[test]
    fn an_unchanged_file_is_renamed_over() {
        assert_eq!(fix_while(|_| {}), (true, FIXED.to_string()));
    }

    #[test]
    fn a_file_written_since_it_was_read_keeps_the_other_writers_text() {
        // Another program, which takes no lock, writes the file in place.
        let written = fix_while(|path| fs::write(path, OTHER).unwrap());
        assert_eq!(written, (false, OTHER.to_string()));
    }

    #[test]
    fn a_file_renamed_over_since_it_was_read_keeps_the_other_writers_text() {
        // Same size, a new inode: what another fix's rename leaves.
        let renamed_over = fix_while(|path| {
            let other = path.with_file_name("other");
            fs::write(&other, READ.replace("3.", "2.")).unwrap();
            fs::rename(&other, path).unwrap();
        });
        assert_eq!(renamed_over, (false, READ.replace("3.", "2.")));
    }
}
