//! `tgn diff`: compares two records of the same games — tags, and the main lines
//! aligned on the moves as written (Myers, from `similar`), as a score-sheet arbiter
//! reads them: plies missing from one sheet, extra in one, written differently, and
//! where the sheets agree again.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::Range;
use std::path::PathBuf;

use serde::Serialize;
use similar::{Algorithm, DiffTag, capture_diff_slices};

use super::{Input, Item, RunStatus, plural, read_all};
use super::{Reading, Stdout};
use crate::games::common::listing::at_most;
use crate::output::human::shown;
use crate::output::json::Schema;
use crate::output::style::{self, Paint};
use crate::replay::{Detail, Settings, Status, replay};

/// What diff needs of the moves: their canonical form (one move written two ways)
/// and the position string after each (whether both sheets reached one position).
/// No drawings: one per ply of a long game on a large board would take gigabytes
/// (issue 33); the one board shown is drawn on its own ([`board_before`]).
const DIFF_DETAIL: Detail = Detail {
    description: true,
    ..Detail::MOVES
};

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
    let a = match read_all(&a_input, &options.read, DIFF_DETAIL, None) {
        Ok(items) => items,
        Err(e) => return trouble(e),
    };
    let b = match read_all(&b_input, &options.read, DIFF_DETAIL, None) {
        Ok(items) => items,
        Err(e) => return trouble(e),
    };
    let names = [a_input.name(), b_input.name()];
    let (pairs, comparisons): (Vec<_>, Vec<Comparison>) = pair_games(&a, &b)
        .into_iter()
        .filter_map(|p| Some((p, pair_comparison(p, &names)?)))
        .unzip();
    let different = comparisons.iter().any(|c| !c.agree);
    let mut out = Stdout::new();
    match options.format {
        DiffFormat::Json => {
            let json = serde_json::to_string_pretty(&comparisons).map_err(io::Error::other)?;
            writeln!(out, "{json}")?;
        }
        DiffFormat::Human => {
            let paint = Paint::stdout();
            for (pair, c) in pairs.iter().zip(&comparisons) {
                if let Some(text) = pair_text(*pair, c, &names, &options.read) {
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

/// A game pair compared, or a game without a partner (the other side's game is
/// `null`, nothing aligned).
fn pair_comparison(
    pair: (Option<&Item>, Option<&Item>),
    names: &[String; 2],
) -> Option<Comparison> {
    let alone = |item: &Item, a_side: bool| {
        let (file, game) = (item.file.to_string(), Some(item.index + 1));
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
    pair: (Option<&Item>, Option<&Item>),
    c: &Comparison,
    names: &[String; 2],
    read: &Reading,
) -> Option<String> {
    let alone = |item: &Item, other: &str| {
        format!(
            "game {} of {} has no partner in {}\n",
            item.index + 1,
            shown(&item.file),
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
pub fn pair_games<'a>(a: &'a [Item], b: &'a [Item]) -> Vec<(Option<&'a Item>, Option<&'a Item>)> {
    let key = |item: &Item| -> Vec<String> {
        KEY_TAGS
            .iter()
            .map(|t| item.record.tag(t).unwrap_or("").to_string())
            .collect()
    };
    let unique = |items: &'a [Item]| -> HashMap<Vec<String>, Option<usize>> {
        let mut seen: HashMap<Vec<String>, Option<usize>> = HashMap::new();
        for (i, item) in items.iter().enumerate() {
            seen.entry(key(item))
                .and_modify(|slot| *slot = None)
                .or_insert(Some(i));
        }
        seen
    };
    let b_unique = unique(b);
    let a_unique = unique(a);
    let mut partner: Vec<Option<usize>> = vec![None; a.len()];
    let mut taken = vec![false; b.len()];
    for (i, item) in a.iter().enumerate() {
        let k = key(item);
        if k.iter().all(String::is_empty) || a_unique.get(&k) != Some(&Some(i)) {
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
    fn new(op: OpKind, a: &Item, a_range: Range<usize>, b: &Item, b_range: Range<usize>) -> Self {
        MoveOp {
            op,
            a_plies: plies(&a_range),
            b_plies: plies(&b_range),
            a: written(a, a_range),
            b: written(b, b_range),
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

fn written(item: &Item, range: Range<usize>) -> Vec<String> {
    item.record.moves[range]
        .iter()
        .map(|n| n.text.to_string())
        .collect()
}

/// The two main lines aligned (Myers) on the moves as written, so that a ply
/// missing from one sheet shifts the rest instead of making every later ply differ.
/// A canonical form cannot be the key: it carries marks the position earns
/// (`43(62)`), and after a shift each sheet replays from another position. Where both
/// sheets played the same ply from the same position to the same canonical move, that
/// ply is one move however it was written (`98(10)` and `9`): both sides get one key.
pub fn align(a: &Item, b: &Item) -> Vec<MoveOp> {
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
fn keys(a: &Item, b: &Item) -> (Vec<String>, Vec<String>) {
    let keys_a = written(a, 0..a.record.moves.len());
    let mut keys_b = written(b, 0..b.record.moves.len());
    for (i, key) in keys_b.iter_mut().enumerate().take(keys_a.len()) {
        let same = matches!((played(a, i), played(b, i)), (Some(x), Some(y)) if x == y);
        if same && same_position_before(a, b, i) {
            key.clone_from(&keys_a[i]);
        }
    }
    (keys_a, keys_b)
}

fn played(item: &Item, i: usize) -> Option<&str> {
    match &item.replay.main.nodes.get(i)?.status {
        Status::Played(p) => Some(&p.canonical),
        _ => None,
    }
}

/// Whether both records are of one game and reach the same position (the same
/// position string) before `ply`, 0-based.
fn same_position_before(a: &Item, b: &Item, ply: usize) -> bool {
    let same_game = match (a.replay.game, b.replay.game) {
        (Some(x), Some(y)) => x.id == y.id,
        _ => false,
    };
    same_game
        && matches!(
            (position_before(a, ply), position_before(b, ply)),
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
pub fn comparison(a: &Item, b: &Item) -> Comparison {
    let moves = align(a, b);
    let tags = tag_changes(a, b);
    let result = [result(a), result(b)];
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

fn result(item: &Item) -> String {
    item.record
        .result
        .as_ref()
        .map(|r| r.text.clone())
        .unwrap_or_default()
}

/// The differences between two records of one game, or `None` if they agree.
fn report(a: &Item, b: &Item, c: &Comparison, read: &Reading) -> Option<String> {
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

fn tag_changes(a: &Item, b: &Item) -> Vec<TagChange> {
    let change = |tag: &str, x: Option<&str>, y: Option<&str>| TagChange {
        tag: tag.to_string(),
        a: x.map(str::to_string),
        b: y.map(str::to_string),
    };
    let mut changes: Vec<TagChange> = a
        .record
        .tags
        .iter()
        .filter_map(|t| match b.record.tag(&t.name) {
            Some(v) if v == t.value => None,
            v => Some(change(&t.name, Some(&t.value), v)),
        })
        .collect();
    changes.extend(
        b.record
            .tags
            .iter()
            .filter(|t| a.record.tag(&t.name).is_none())
            .map(|t| change(&t.name, None, Some(&t.value))),
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
fn move_changes(a: &Item, b: &Item, ops: &[MoveOp], read: &Reading) -> String {
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

/// The position string before the move `ply` (0-based) of the main line, if the
/// moves before it were played.
fn position_before(item: &Item, ply: usize) -> Option<&str> {
    if ply == 0 {
        return item.replay.start.as_ref().map(|s| s.position.as_str());
    }
    match &item.replay.main.nodes.get(ply - 1)?.status {
        Status::Played(p) => p.detail.as_ref().map(|d| d.position.as_str()),
        _ => None,
    }
}

/// The board drawn before the move `ply` (0-based) of the main line: the record up
/// to there replayed again, drawing only its end.
fn board_before(item: &Item, ply: usize, read: &Reading) -> Option<String> {
    let mut record = item.record.clone();
    record.moves.truncate(ply);
    record.result = None;
    let settings = Settings {
        detail: Detail {
            board: true,
            ..Detail::ERRORS
        },
        ..read.replay.clone()
    };
    replay(&record, &settings).end.map(|end| end.board)
}

fn failure_at(item: &Item, index: usize) -> Option<Cow<'_, str>> {
    match &item.replay.main.nodes.get(index)?.status {
        Status::Failed(e) => Some(shown(&item.replay.errors[*e].message)),
        _ => None,
    }
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
