//! `tgn diff`: compares two records of the same games — tags, moves aligned with
//! `similar`, and the first divergence with the positions on both sides.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, Write};

use similar::{ChangeTag, TextDiff};

use std::path::PathBuf;

use super::{Input, Item, RunStatus, plural, read_all};
use super::{Reading, Stdout};
use crate::output::human::shown;
use crate::replay::{Detail, Line, Status};

/// What diff shows of the moves: their canonical form, and the positions drawn
/// around the first divergence.
const DIFF_DETAIL: Detail = Detail {
    board: true,
    ..Detail::MOVES
};

/// The tags that tell the games of an event apart.
const KEY_TAGS: [&str; 4] = ["Event", "Round", "White", "Black"];

/// What `tgn diff` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub a: PathBuf,
    pub b: PathBuf,
    pub read: Reading,
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
    let mut out = Stdout::new();
    let mut different = false;
    for pair in pair_games(&a, &b) {
        let text = match pair {
            (Some(x), Some(y)) => compare(x, y),
            (Some(x), None) => Some(format!(
                "game {} of {} has no partner in {}\n",
                x.index + 1,
                shown(&x.file),
                shown(&b_input.name())
            )),
            (None, Some(y)) => Some(format!(
                "game {} of {} has no partner in {}\n",
                y.index + 1,
                shown(&y.file),
                shown(&a_input.name())
            )),
            (None, None) => None,
        };
        if let Some(text) = text {
            different = true;
            writeln!(out, "{text}")?;
        }
    }
    if !different {
        writeln!(out, "the records agree ({})", plural(a.len(), "game"))?;
    }
    out.flush()?;
    Ok(if different {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
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

/// The differences between two records of one game, or `None` if they agree.
pub fn compare(a: &Item, b: &Item) -> Option<String> {
    let mut text = String::new();
    let tags = tag_changes(a, b);
    if !tags.is_empty() {
        text += "tags:\n";
        text += &tags;
    }
    let (moves_a, moves_b) = moves(a, b);
    if moves_a != moves_b {
        text += &move_changes(a, b, &moves_a, &moves_b);
    }
    let result = |i: &Item| {
        i.record
            .result
            .as_ref()
            .map(|r| r.text.clone())
            .unwrap_or_default()
    };
    if result(a) != result(b) {
        text += &format!("result: {:?} vs {:?}\n", result(a), result(b));
    }
    if text.is_empty() {
        return None;
    }
    Some(format!(
        "--- {} game {}\n+++ {} game {}\n{text}",
        shown(&a.file),
        a.index + 1,
        shown(&b.file),
        b.index + 1
    ))
}

fn tag_changes(a: &Item, b: &Item) -> String {
    let mut text = String::new();
    for tag in &a.record.tags {
        match b.record.tag(&tag.name) {
            None => text += &format!("  - [{} \"{}\"]\n", shown(&tag.name), shown(&tag.value)),
            Some(v) if v != tag.value => {
                text += &format!(
                    "  ~ [{} \"{}\"] → \"{}\"\n",
                    shown(&tag.name),
                    shown(&tag.value),
                    shown(v)
                )
            }
            Some(_) => {}
        }
    }
    for tag in &b.record.tags {
        if a.record.tag(&tag.name).is_none() {
            text += &format!("  + [{} \"{}\"]\n", shown(&tag.name), shown(&tag.value));
        }
    }
    text
}

/// Both main lines in one form, so that only real differences show: each move in
/// canonical notation where both records replayed it, else as written on both sides
/// (after one side stops at a bad move, a canonical `98(10)` facing a written `98`
/// would be a difference of form, not of moves).
fn moves(a: &Item, b: &Item) -> (Vec<String>, Vec<String>) {
    let played = |item: &Item, i: usize| match item.replay.main.nodes.get(i).map(|n| &n.status) {
        Some(Status::Played(p)) => Some(p.canonical.clone()),
        _ => None,
    };
    let line = |item: &Item, other: &Item| -> Vec<String> {
        item.record
            .moves
            .iter()
            .enumerate()
            .map(|(i, node)| match (played(item, i), played(other, i)) {
                (Some(canonical), Some(_)) => canonical,
                _ => node.text.to_string(),
            })
            .collect()
    };
    (line(a, b), line(b, a))
}

fn move_changes(a: &Item, b: &Item, moves_a: &[String], moves_b: &[String]) -> String {
    let first = moves_a
        .iter()
        .zip(moves_b)
        .position(|(x, y)| x != y)
        .unwrap_or(moves_a.len().min(moves_b.len()));
    let mut text = format!(
        "moves: first divergence at ply {}: {} has {}, {} has {}\n",
        first + 1,
        shown(&a.file),
        written_move(moves_a.get(first)),
        shown(&b.file),
        written_move(moves_b.get(first))
    );
    let lines = |moves: &[String]| -> String {
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| format!("ply {:>3}: {m}\n", i + 1))
            .collect()
    };
    let (la, lb) = (lines(moves_a), lines(moves_b));
    let diff = TextDiff::from_lines(&la, &lb);
    for group in diff.grouped_ops(2) {
        for op in group {
            for change in diff.iter_changes(&op) {
                let sign = match change.tag() {
                    ChangeTag::Delete => '-',
                    ChangeTag::Insert => '+',
                    ChangeTag::Equal => ' ',
                };
                text += &format!("  {sign}{}", change.value());
            }
        }
        text += "  ...\n";
    }
    if let Some(board) = position_before(a, first) {
        text += &format!(
            "position before ply {} (the same in both):\n{}\n",
            first + 1,
            indent(&board)
        );
    }
    for item in [a, b] {
        if let Some(board) = position_after(&item.replay.main, first) {
            text += &format!(
                "after ply {} in {}:\n{}\n",
                first + 1,
                shown(&item.file),
                indent(&board)
            );
        } else if let Some(error) = failure_at(item, first) {
            text += &format!(
                "ply {} in {} cannot be played: {error}\n",
                first + 1,
                shown(&item.file)
            );
        }
    }
    text
}

fn written_move(mv: Option<&String>) -> String {
    mv.map_or("no move".to_string(), |m| format!("`{}`", shown(m)))
}

fn position_before(item: &Item, ply: usize) -> Option<String> {
    if ply == 0 {
        return item.replay.start.as_ref().map(|s| s.board.clone());
    }
    position_after(&item.replay.main, ply - 1)
}

fn position_after(line: &Line, index: usize) -> Option<String> {
    match &line.nodes.get(index)?.status {
        Status::Played(p) => p.detail.as_ref().map(|d| d.board.clone()),
        _ => None,
    }
}

fn failure_at(item: &Item, index: usize) -> Option<Cow<'_, str>> {
    match &item.replay.main.nodes.get(index)?.status {
        Status::Failed(e) => Some(shown(&item.replay.errors[*e].message)),
        _ => None,
    }
}

fn indent(board: &str) -> String {
    board
        .lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
