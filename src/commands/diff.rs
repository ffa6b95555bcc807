//! `tgn diff`: compares two records of the same games — tags, and the main lines
//! aligned on the moves as written (Myers, from `similar`), as a score-sheet arbiter
//! reads them: plies missing from one sheet, extra in one, written differently, and
//! where the sheets agree again.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;
use similar::{Algorithm, DiffTag, capture_diff_slices};

use super::{Input, Item, RunStatus, plural, read_all};
use super::{Reading, Stdout};
use crate::games::GameInfo;
use crate::games::common::listing::at_most;
use crate::output::human::shown;
use crate::output::json::Schema;
use crate::output::style::{self, Paint};
use crate::record::{GameRecord, MoveNode, Tag, Word};
use crate::replay::{Detail, Settings, Status, fingerprint, replay};

/// What diff needs of the moves: their canonical form (one move written two ways)
/// and a fingerprint of the position after each (whether both sheets reached one
/// position). No position strings and no drawings: one per ply of a long game on a
/// large board would take gigabytes (issues 33 and 57); the one board shown is drawn
/// on its own ([`board_before`]).
const DIFF_DETAIL: Detail = Detail {
    fingerprint: true,
    ..Detail::MOVES
};

/// How much of both files diff keeps, at most, to pair their games ([`Sheet::bytes`]):
/// with the replays in flight, the run stays under 300 MB (issue 57).
const MAX_HELD: usize = 160 << 20;

/// The tags that tell the games of an event apart.
const KEY_TAGS: [&str; 4] = ["Event", "Round", "White", "Black"];

/// How `tgn diff` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffFormat {
    Human,
    Json,
}

/// What `tgn diff` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub a: PathBuf,
    pub b: PathBuf,
    pub read: Reading,
    pub format: DiffFormat,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let input = |p: &std::path::PathBuf| {
        if p.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::File(p.clone())
        }
    };
    let (a_input, b_input) = (input(&options.a), input(&options.b));
    if a_input == Input::Stdin && b_input == Input::Stdin {
        eprintln!("tgn: diff: only one of the two records can come from stdin (-)");
        return Ok(RunStatus::Trouble);
    }
    let names = [a_input.name(), b_input.name()];
    let mut held = 0;
    let mut keep = |item: Item| {
        let sheet = Sheet::of(item);
        held += sheet.bytes();
        if held > MAX_HELD {
            eprintln!(
                "tgn: diff: {} and {} hold more games than diff keeps in memory to pair \
                 them ({} MiB of their moves and tags); compare them in parts (tgn split)",
                shown(&names[0]),
                shown(&names[1]),
                MAX_HELD >> 20
            );
            return Err(io::Error::other("too large"));
        }
        Ok(sheet)
    };
    let a = match read_all(&a_input, &options.read, DIFF_DETAIL, None, &mut keep) {
        Ok(sheets) => sheets,
        Err(e) => return trouble(e),
    };
    let b = match read_all(&b_input, &options.read, DIFF_DETAIL, None, &mut keep) {
        Ok(sheets) => sheets,
        Err(e) => return trouble(e),
    };
    // One pair compared at a time, and written out before the next: the comparisons
    // of long games hold every move as written.
    let compared = pair_games(&a, &b)
        .into_iter()
        .filter_map(|pair| Some((pair, pair_comparison(pair, &names)?)));
    let mut different = false;
    let mut out = io::BufWriter::new(Stdout::new());
    match options.format {
        DiffFormat::Json => {
            // Streamed, byte for byte as `to_string_pretty` of all of them.
            let comparisons = compared.map(|(_, c)| c).inspect(|c| different |= !c.agree);
            let mut json = serde_json::Serializer::pretty(&mut out);
            serde::Serializer::collect_seq(&mut json, comparisons).map_err(io::Error::other)?;
            writeln!(out)?;
        }
        DiffFormat::Human => {
            let paint = Paint::stdout();
            for (pair, c) in compared {
                different |= !c.agree;
                if let Some(text) = pair_text(pair, &c, &names, &options.read) {
                    writeln!(out, "{}", painted(&text, paint))?;
                }
            }
            if !different {
                writeln!(out, "the records agree ({})", plural(a.len(), "game"))?;
            }
        }
    }
    out.flush()?;
    Ok(if different {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
}

/// What diff keeps of a game: its tags and result, and for each ply of the main line
/// the move as written, its canonical form where it was played, and a fingerprint of
/// the position before it. Not the record and its replay, which hold for every ply a
/// node, a position and more: two files of long games would take gigabytes (issue 57).
pub struct Sheet {
    file: Arc<str>,
    index: usize,
    game: Option<&'static GameInfo>,
    /// The record's tags, each name followed by its value: all that
    /// [`board_before`] needs of the record besides its moves.
    tags: Words,
    result: String,
    written: Words,
    /// The canonical form of each ply played, `""` where it is the one written. The
    /// plies played are the first ones: after a move fails, the rest are skipped.
    canonical: Words,
    /// The fingerprint of the position before each ply the replay reached, the
    /// start position's first.
    before: Vec<u64>,
    /// The main line's plies (0-based) that cannot be played, with the reason.
    failures: Vec<(usize, String)>,
}

impl Sheet {
    /// What diff keeps of a replayed game.
    pub fn of(item: Item) -> Sheet {
        let Item {
            file,
            index,
            record,
            replay,
        } = item;
        // Every vector at its final size from the start: grown by doubling, they
        // would leave up to half of what they hold unused.
        let plies = record.moves.len();
        let text = record.moves.iter().map(|node| node.text.len()).sum();
        let mut written = Words::with_capacity(plies, text);
        for node in &record.moves {
            written.push(&node.text);
        }
        let mut canonical = Words::with_capacity(plies, 0);
        let mut before = Vec::with_capacity(plies + 1);
        before.extend(
            replay
                .start
                .iter()
                .map(|start| fingerprint(&start.position)),
        );
        let mut failures = Vec::new();
        for (i, node) in replay.main.nodes.iter().enumerate() {
            match &node.status {
                Status::Played(p) if canonical.len() == i => {
                    let as_written = p.canonical == written.get(i);
                    canonical.push(if as_written { "" } else { &p.canonical });
                    if let Some(detail) = p.detail.as_ref().filter(|_| before.len() == i + 1) {
                        before.push(detail.fingerprint);
                    }
                }
                Status::Failed(e) => failures.push((i, replay.errors[*e].message.clone())),
                _ => {}
            }
        }
        canonical.shrink_to_fit();
        Sheet {
            file,
            index,
            game: replay.game,
            result: record
                .result
                .as_ref()
                .map(|r| r.text.clone())
                .unwrap_or_default(),
            tags: {
                let text = record
                    .tags
                    .iter()
                    .map(|t| t.name.len() + t.value.len())
                    .sum();
                let mut tags = Words::with_capacity(2 * record.tags.len(), text);
                for tag in &record.tags {
                    tags.push(&tag.name);
                    tags.push(&tag.value);
                }
                tags
            },
            written,
            canonical,
            before,
            failures,
        }
    }

    /// The memory the sheet holds, about.
    fn bytes(&self) -> usize {
        let failures: usize = self.failures.iter().map(|(_, m)| 32 + m.len()).sum();
        std::mem::size_of::<Sheet>()
            + self.written.bytes()
            + self.canonical.bytes()
            + self.tags.bytes()
            + 8 * self.before.capacity()
            + self.result.capacity()
            + failures
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value)
    }

    /// The tags in the record's order, as (name, value).
    fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        (0..self.tags.len() / 2).map(|i| (self.tags.get(2 * i), self.tags.get(2 * i + 1)))
    }

    fn plies(&self) -> usize {
        self.written.len()
    }

    /// The canonical form of the move `ply` (0-based), if it was played.
    fn played(&self, ply: usize) -> Option<&str> {
        if ply >= self.canonical.len() {
            return None;
        }
        Some(match self.canonical.get(ply) {
            "" => self.written.get(ply),
            canonical => canonical,
        })
    }

    fn written(&self, range: Range<usize>) -> Vec<String> {
        range.map(|i| self.written.get(i).to_string()).collect()
    }
}

/// Many short strings in one: the moves of a long game, at a few bytes each
/// instead of a string's 24 and its allocation.
#[derive(Default)]
struct Words {
    text: String,
    /// Where each string ends in `text`. A game's text is at most 64 MiB
    /// (`MAX_JSON_GAME`, and 4 MiB as PGN), so its moves fit a `u32`'s offsets.
    ends: Vec<u32>,
}

impl Words {
    fn push(&mut self, word: &str) {
        self.text.push_str(word);
        let end = u32::try_from(self.text.len()).expect("a game's moves take less than 4 GiB");
        self.ends.push(end);
    }

    fn with_capacity(words: usize, text: usize) -> Words {
        Words {
            text: String::with_capacity(text),
            ends: Vec::with_capacity(words),
        }
    }

    /// Gives back what was made room for and not used: a file's sheets are kept
    /// until the end.
    fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn bytes(&self) -> usize {
        self.text.capacity() + 4 * self.ends.capacity()
    }

    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }
}

/// A game pair compared, or a game without a partner (the other side's game is
/// `null`, nothing aligned).
fn pair_comparison(
    pair: (Option<&Sheet>, Option<&Sheet>),
    names: &[String; 2],
) -> Option<Comparison> {
    let alone = |sheet: &Sheet, a_side: bool| {
        let (file, game) = (sheet.file.to_string(), Some(sheet.index + 1));
        let other = names[usize::from(a_side)].clone();
        let ((a_file, a_game), (b_file, b_game)) = if a_side {
            ((file, game), (other, None))
        } else {
            ((other, None), (file, game))
        };
        Comparison {
            schema: Schema,
            a_file,
            a_game,
            b_file,
            b_game,
            agree: false,
            tags: Vec::new(),
            moves: Vec::new(),
            result: [String::new(), String::new()],
        }
    };
    match pair {
        (Some(x), Some(y)) => Some(comparison(x, y)),
        (Some(x), None) => Some(alone(x, true)),
        (None, Some(y)) => Some(alone(y, false)),
        (None, None) => None,
    }
}

/// What the human report says of a game pair, or `None` if the two agree.
fn pair_text(
    pair: (Option<&Sheet>, Option<&Sheet>),
    c: &Comparison,
    names: &[String; 2],
    read: &Reading,
) -> Option<String> {
    let alone = |sheet: &Sheet, other: &str| {
        format!(
            "game {} of {} has no partner in {}\n",
            sheet.index + 1,
            shown(&sheet.file),
            shown(other)
        )
    };
    match pair {
        (Some(x), Some(y)) => report(x, y, c, read),
        (Some(x), None) => Some(alone(x, &names[1])),
        (None, Some(y)) => Some(alone(y, &names[0])),
        (None, None) => None,
    }
}

/// A record that could not be read: what went wrong was said while reading it.
fn trouble(_already_reported: io::Error) -> io::Result<RunStatus> {
    Ok(RunStatus::Trouble)
}

/// Pairs games: first those whose key tags (Event, Round, White, Black) are the same
/// and unique on both sides, then the rest in order — so two score sheets of one game
/// still pair when one of them has a mistyped tag.
pub fn pair_games<'a>(
    a: &'a [Sheet],
    b: &'a [Sheet],
) -> Vec<(Option<&'a Sheet>, Option<&'a Sheet>)> {
    let key = |sheet: &'a Sheet| -> [&'a str; 4] { KEY_TAGS.map(|t| sheet.tag(t).unwrap_or("")) };
    let unique = |sheets: &'a [Sheet]| -> HashMap<[&'a str; 4], Option<usize>> {
        let mut seen: HashMap<[&str; 4], Option<usize>> = HashMap::new();
        for (i, sheet) in sheets.iter().enumerate() {
            seen.entry(key(sheet))
                .and_modify(|slot| *slot = None)
                .or_insert(Some(i));
        }
        seen
    };
    let b_unique = unique(b);
    let a_unique = unique(a);
    let mut partner: Vec<Option<usize>> = vec![None; a.len()];
    let mut taken = vec![false; b.len()];
    for (i, sheet) in a.iter().enumerate() {
        let k = key(sheet);
        if k.iter().all(|v| v.is_empty()) || a_unique.get(&k) != Some(&Some(i)) {
            continue;
        }
        if let Some(Some(j)) = b_unique.get(&k) {
            partner[i] = Some(*j);
            taken[*j] = true;
        }
    }
    let mut rest_b = (0..b.len()).filter(|&j| !taken[j]);
    for slot in partner.iter_mut().filter(|p| p.is_none()) {
        *slot = rest_b.next();
    }
    let mut pairs: Vec<_> = a
        .iter()
        .zip(&partner)
        .map(|(x, p)| (Some(x), p.map(|j| &b[j])))
        .collect();
    pairs.extend(rest_b.map(|j| (None, Some(&b[j]))));
    pairs
}

/// How the moves of one game pair line up: what a score-sheet arbiter reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpKind {
    /// The same moves on both sheets.
    Equal,
    /// Plies in A that B lacks.
    Missing,
    /// Plies in B that A lacks.
    Extra,
    /// Plies written differently.
    Changed,
}

/// One step of the alignment of the two main lines. Plies are 1-based and inclusive
/// (`[first, last]`); a side with no plies in the step has `[]`. `a` and `b` hold the
/// moves as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOp {
    pub op: OpKind,
    pub a_plies: Vec<usize>,
    pub b_plies: Vec<usize>,
    pub a: Vec<String>,
    pub b: Vec<String>,
}

impl MoveOp {
    fn new(op: OpKind, a: &Sheet, a_range: Range<usize>, b: &Sheet, b_range: Range<usize>) -> Self {
        MoveOp {
            op,
            a_plies: plies(&a_range),
            b_plies: plies(&b_range),
            a: a.written(a_range),
            b: b.written(b_range),
        }
    }
}

/// `[first, last]`, 1-based, or `[]` for no plies.
fn plies(range: &Range<usize>) -> Vec<usize> {
    if range.is_empty() {
        Vec::new()
    } else {
        vec![range.start + 1, range.end]
    }
}

/// The two main lines aligned (Myers) on the moves as written, so that a ply
/// missing from one sheet shifts the rest instead of making every later ply differ.
/// A canonical form cannot be the key: it carries marks the position earns
/// (`43(62)`), and after a shift each sheet replays from another position. Where both
/// sheets played the same ply from the same position to the same canonical move, that
/// ply is one move however it was written (`98(10)` and `9`): both sides get one key.
pub fn align(a: &Sheet, b: &Sheet) -> Vec<MoveOp> {
    let (keys_a, keys_b) = keys(a, b);
    let steps = capture_diff_slices(Algorithm::Myers, &keys_a, &keys_b)
        .iter()
        .map(|op| {
            let (tag, ra, rb) = op.as_tag_tuple();
            let kind = match tag {
                DiffTag::Equal => OpKind::Equal,
                DiffTag::Delete => OpKind::Missing,
                DiffTag::Insert => OpKind::Extra,
                DiffTag::Replace => OpKind::Changed,
            };
            (kind, ra, rb)
        })
        .collect();
    without_coincidences(steps)
        .into_iter()
        .map(|(kind, ra, rb)| MoveOp::new(kind, a, ra, b, rb))
        .collect()
}

/// How many equal plies after a difference say the sheets agree again: fewer are
/// taken for a coincidence (two unrelated games share many short runs of moves,
/// a pit number or two) and folded into the differences around them.
const AGREE_AGAIN: usize = 3;

type Step = (OpKind, Range<usize>, Range<usize>);

/// The steps with every equal run shorter than [`AGREE_AGAIN`] after the first
/// difference folded, with its neighbours, into one `changed` step.
fn without_coincidences(steps: Vec<Step>) -> Vec<Step> {
    let mut kept: Vec<Step> = Vec::with_capacity(steps.len());
    for (i, (kind, ra, rb)) in steps.into_iter().enumerate() {
        let kind = match kind {
            OpKind::Equal if i > 0 && ra.len() < AGREE_AGAIN => OpKind::Changed,
            kind => kind,
        };
        match kept.last_mut() {
            Some(last) if last.0 != OpKind::Equal && kind != OpKind::Equal => {
                if last.0 != kind {
                    last.0 = OpKind::Changed;
                }
                last.1.end = ra.end;
                last.2.end = rb.end;
            }
            _ => kept.push((kind, ra, rb)),
        }
    }
    kept
}

/// The keys [`align`] compares: each move as written, except A's text on both sides
/// for a ply both replayed from the same position to the same canonical move.
fn keys<'a>(a: &'a Sheet, b: &'a Sheet) -> (Vec<&'a str>, Vec<&'a str>) {
    let keys_a: Vec<&str> = (0..a.plies()).map(|i| a.written.get(i)).collect();
    let mut keys_b: Vec<&str> = (0..b.plies()).map(|i| b.written.get(i)).collect();
    for (i, key) in keys_b.iter_mut().enumerate().take(keys_a.len()) {
        let same = matches!((a.played(i), b.played(i)), (Some(x), Some(y)) if x == y);
        if same && same_position_before(a, b, i) {
            *key = keys_a[i];
        }
    }
    (keys_a, keys_b)
}

/// Whether both records are of one game and reach the same position (the same
/// fingerprint of its position string) before `ply`, 0-based.
fn same_position_before(a: &Sheet, b: &Sheet, ply: usize) -> bool {
    let same_game = match (a.game, b.game) {
        (Some(x), Some(y)) => x.id == y.id,
        _ => false,
    };
    same_game
        && matches!(
            (a.before.get(ply), b.before.get(ply)),
            (Some(x), Some(y)) if x == y
        )
}

/// What differs between two records of one game, for people and for JSON.
#[derive(Debug, Serialize)]
pub struct Comparison {
    /// The data model's version: `docs/schema/diff.schema.json`.
    pub schema: Schema,
    pub a_file: String,
    pub a_game: Option<usize>,
    pub b_file: String,
    pub b_game: Option<usize>,
    pub agree: bool,
    pub tags: Vec<TagChange>,
    pub moves: Vec<MoveOp>,
    pub result: [String; 2],
}

/// A tag with another value on one side, or on one side only (`None`).
#[derive(Debug, Serialize)]
pub struct TagChange {
    pub tag: String,
    pub a: Option<String>,
    pub b: Option<String>,
}

/// Compares two records of one game.
pub fn comparison(a: &Sheet, b: &Sheet) -> Comparison {
    let moves = align(a, b);
    let tags = tag_changes(a, b);
    let result = [a.result.clone(), b.result.clone()];
    Comparison {
        schema: Schema,
        a_file: a.file.to_string(),
        a_game: Some(a.index + 1),
        b_file: b.file.to_string(),
        b_game: Some(b.index + 1),
        agree: tags.is_empty()
            && moves.iter().all(|m| m.op == OpKind::Equal)
            && result[0] == result[1],
        tags,
        moves,
        result,
    }
}

/// The differences between two records of one game, or `None` if they agree.
fn report(a: &Sheet, b: &Sheet, c: &Comparison, read: &Reading) -> Option<String> {
    if c.agree {
        return None;
    }
    let mut text = String::new();
    if !c.tags.is_empty() {
        text += "tags:\n";
        text += &tag_lines(&c.tags);
    }
    if c.moves.iter().any(|m| m.op != OpKind::Equal) {
        text += &move_changes(a, b, &c.moves, read);
    }
    if c.result[0] != c.result[1] {
        text += &format!(
            "result: \"{}\" vs \"{}\"\n",
            shown(&c.result[0]),
            shown(&c.result[1])
        );
    }
    Some(format!(
        "--- A: {} game {}\n+++ B: {} game {}\n{text}",
        shown(&a.file),
        a.index + 1,
        shown(&b.file),
        b.index + 1
    ))
}

fn tag_changes(a: &Sheet, b: &Sheet) -> Vec<TagChange> {
    let change = |tag: &str, x: Option<&str>, y: Option<&str>| TagChange {
        tag: tag.to_string(),
        a: x.map(str::to_string),
        b: y.map(str::to_string),
    };
    let mut changes: Vec<TagChange> = a
        .tags()
        .filter_map(|(name, value)| match b.tag(name) {
            Some(v) if v == value => None,
            v => Some(change(name, Some(value), v)),
        })
        .collect();
    changes.extend(
        b.tags()
            .filter(|(name, _)| a.tag(name).is_none())
            .map(|(name, value)| change(name, None, Some(value))),
    );
    changes
}

fn tag_lines(changes: &[TagChange]) -> String {
    changes
        .iter()
        .map(|c| {
            let name = shown(&c.tag);
            match (&c.a, &c.b) {
                (Some(x), None) => format!("  - [{name} \"{}\"]\n", shown(x)),
                (None, Some(y)) => format!("  + [{name} \"{}\"]\n", shown(y)),
                (Some(x), Some(y)) => {
                    format!("  ~ [{name} \"{}\"] → \"{}\"\n", shown(x), shown(y))
                }
                (None, None) => String::new(),
            }
        })
        .collect()
}

/// The alignment for people: the first divergence, one line per step (equal runs
/// as ranges, the rest with their moves), and the position before the first
/// divergence when both sheets reached it after a common start.
fn move_changes(a: &Sheet, b: &Sheet, ops: &[MoveOp], read: &Reading) -> String {
    let Some(first) = ops.iter().position(|m| m.op != OpKind::Equal) else {
        return String::new();
    };
    // Every step before the first divergence is equal: it starts where they end.
    let end = |plies: fn(&MoveOp) -> &Vec<usize>| {
        ops[..first]
            .last()
            .and_then(|op| plies(op).last().copied())
            .unwrap_or(0)
    };
    let (fa, fb) = (end(|op| &op.a_plies), end(|op| &op.b_plies));
    let mut text = format!(
        "moves: first divergence at ply {} of A, ply {} of B\n",
        fa + 1,
        fb + 1
    );
    for (i, op) in ops.iter().enumerate() {
        text += &op_line(op, i > first);
    }
    // Only after a common start: two unrelated games of one kind share the start
    // position, and showing it would suggest the two sheets have something in common.
    let shared = (first > 0 && same_position_before(a, b, fa))
        .then(|| board_before(a, fa, read))
        .flatten();
    if let Some(board) = shared {
        text += &format!(
            "position before ply {} (the same in both):\n{}\n",
            fa + 1,
            indent(&board)
        );
    }
    for (side, item, ply) in [("A", a, fa), ("B", b, fb)] {
        if let Some(error) = failure_at(item, ply) {
            text += &format!("ply {} of {side} cannot be played: {error}\n", ply + 1);
        }
    }
    text
}

fn op_line(op: &MoveOp, after_divergence: bool) -> String {
    let (ra, rb) = (span(&op.a_plies), span(&op.b_plies));
    match op.op {
        OpKind::Equal if after_divergence => {
            format!("  = {ra} of A, {rb} of B: the sheets agree again\n")
        }
        OpKind::Equal => format!("  = {ra} of A, {rb} of B: the same\n"),
        OpKind::Missing => format!("  - {ra} of A missing from B: {}\n", moves_shown(&op.a)),
        OpKind::Extra => format!("  + {rb} of B not in A: {}\n", moves_shown(&op.b)),
        OpKind::Changed => format!(
            "  ~ {ra} of A written differently in B ({rb}): {} → {}\n",
            moves_shown(&op.a),
            moves_shown(&op.b)
        ),
    }
}

/// `ply 19` or `plies 19–20`.
fn span(plies: &[usize]) -> String {
    match plies {
        [first, last] if first == last => format!("ply {first}"),
        [first, last] => format!("plies {first}–{last}"),
        _ => "no ply".to_string(),
    }
}

fn moves_shown(moves: &[String]) -> String {
    at_most(moves, |m| format!("`{}`", shown(m))).join(" ")
}

/// The board drawn before the move `ply` (0-based) of the main line: the record up
/// to there, rebuilt from its tags and the moves as written, replayed again, drawing
/// only its end.
fn board_before(sheet: &Sheet, ply: usize, read: &Reading) -> Option<String> {
    let record = GameRecord {
        moves: (0..ply)
            .map(|i| written_move(sheet.written.get(i)))
            .collect(),
        tags: sheet
            .tags()
            .map(|(name, value)| Tag {
                name: name.to_string(),
                value: value.to_string(),
                span: Default::default(),
            })
            .collect(),
        ..GameRecord::default()
    };
    let settings = Settings {
        detail: Detail {
            end_boards: true,
            ..Detail::ERRORS
        },
        ..read.replay.clone()
    };
    replay(&record, &settings).end.map(|end| end.board)
}

/// A move with nothing written around it.
fn written_move(text: &str) -> MoveNode {
    MoveNode {
        number: None,
        text: Word::from(text),
        span: Default::default(),
        nags: Vec::new(),
        comments: Vec::new(),
        variations: Vec::new(),
    }
}

fn failure_at(sheet: &Sheet, ply: usize) -> Option<Cow<'_, str>> {
    let (_, message) = sheet.failures.iter().find(|(i, _)| *i == ply)?;
    Some(shown(message))
}

/// A pair's report in colour, as diff tools show one: what only A has red, what only
/// B has green, what they write differently yellow, and the pieces of the board.
/// Styled line by line from the plain text, which stays as it is.
fn painted(text: &str, paint: Paint) -> Cow<'_, str> {
    if !paint.is_on() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(2 * text.len());
    for line in text.split_inclusive('\n') {
        let (line, end) = line.split_at(line.trim_end_matches('\n').len());
        let look = match line.get(..4) {
            Some("--- " | "  - ") => Some(style::REMOVED),
            Some("+++ " | "  + ") => Some(style::ADDED),
            Some("  ~ ") => Some(style::CHANGED),
            _ => None,
        };
        match look {
            Some(look) => out.push_str(&paint.paint(look, line)),
            None => out.push_str(&paint.board_line(line)),
        }
        out.push_str(end);
    }
    Cow::Owned(out)
}

fn indent(board: &str) -> String {
    board
        .lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
