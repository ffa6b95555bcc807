//! `tgn diff`: compares two records of the same games — tags, moves aligned with
//! `similar`, and the first divergence with the positions on both sides.

use std::collections::HashMap;
use std::io::{self, Write};

use similar::{ChangeTag, TextDiff};

use super::{Input, Item, RunStatus, read_all};
use crate::cli::DiffArgs;
use crate::replay::{Detail, Line, Status};

/// The tags that tell the games of an event apart.
const KEY_TAGS: [&str; 4] = ["Event", "Round", "White", "Black"];

pub fn run(args: &DiffArgs) -> io::Result<RunStatus> {
    let input = |p: &std::path::PathBuf| {
        if p.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::File(p.clone())
        }
    };
    let (a_input, b_input) = (input(&args.a), input(&args.b));
    let a = match read_all(&a_input, &args.read, Detail::Full, None) {
        Ok(items) => items,
        Err(e) => return trouble(&a_input, e),
    };
    let b = match read_all(&b_input, &args.read, Detail::Full, None) {
        Ok(items) => items,
        Err(e) => return trouble(&b_input, e),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut different = false;
    for pair in pair_games(&a, &b) {
        let text = match pair {
            (Some(x), Some(y)) => compare(x, y),
            (Some(x), None) => Some(format!(
                "game {} of {} has no partner in {}\n",
                x.index + 1,
                x.file,
                b_input.name()
            )),
            (None, Some(y)) => Some(format!(
                "game {} of {} has no partner in {}\n",
                y.index + 1,
                y.file,
                a_input.name()
            )),
            (None, None) => None,
        };
        if let Some(text) = text {
            different = true;
            writeln!(out, "{text}")?;
        }
    }
    if !different {
        writeln!(out, "the records agree ({} games)", a.len())?;
    }
    out.flush()?;
    Ok(if different {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
}

fn trouble(input: &Input, e: io::Error) -> io::Result<RunStatus> {
    eprintln!("tgn: {}: {e}", input.name());
    Ok(RunStatus::Trouble)
}

/// Pairs games by their key tags when those are unique on both sides, else by order.
pub fn pair_games<'a>(a: &'a [Item], b: &'a [Item]) -> Vec<(Option<&'a Item>, Option<&'a Item>)> {
    let key = |item: &Item| -> Option<Vec<String>> {
        let values: Vec<String> = KEY_TAGS
            .iter()
            .map(|t| item.record.tag(t).unwrap_or("").to_string())
            .collect();
        values.iter().any(|v| !v.is_empty()).then_some(values)
    };
    let keyed = |items: &'a [Item]| -> Option<HashMap<Vec<String>, &'a Item>> {
        let mut map = HashMap::new();
        for item in items {
            if map.insert(key(item)?, item).is_some() {
                return None;
            }
        }
        Some(map)
    };
    if let (Some(_), Some(mut b_map)) = (keyed(a), keyed(b)) {
        let mut pairs: Vec<_> = a
            .iter()
            .map(|x| (Some(x), key(x).and_then(|k| b_map.remove(&k))))
            .collect();
        let mut rest: Vec<&Item> = b_map.into_values().collect();
        rest.sort_by_key(|y| y.index);
        pairs.extend(rest.into_iter().map(|y| (None, Some(y))));
        return pairs;
    }
    let n = a.len().max(b.len());
    (0..n).map(|i| (a.get(i), b.get(i))).collect()
}

/// The differences between two records of one game, or `None` if they agree.
pub fn compare(a: &Item, b: &Item) -> Option<String> {
    let mut text = String::new();
    let tags = tag_changes(a, b);
    if !tags.is_empty() {
        text += "tags:\n";
        text += &tags;
    }
    let (moves_a, moves_b) = (moves(a), moves(b));
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
        a.file,
        a.index + 1,
        b.file,
        b.index + 1
    ))
}

fn tag_changes(a: &Item, b: &Item) -> String {
    let mut text = String::new();
    for tag in &a.record.tags {
        match b.record.tag(&tag.name) {
            None => text += &format!("  - [{} \"{}\"]\n", tag.name, tag.value),
            Some(v) if v != tag.value => {
                text += &format!("  ~ [{} \"{}\"] → \"{v}\"\n", tag.name, tag.value)
            }
            Some(_) => {}
        }
    }
    for tag in &b.record.tags {
        if a.record.tag(&tag.name).is_none() {
            text += &format!("  + [{} \"{}\"]\n", tag.name, tag.value);
        }
    }
    text
}

/// The main line as canonical moves (as written where the replay stopped).
fn moves(item: &Item) -> Vec<String> {
    item.record
        .moves
        .iter()
        .zip(&item.replay.main.nodes)
        .map(|(node, replayed)| match &replayed.status {
            Status::Played(p) => p.canonical.clone(),
            _ => node.text.clone(),
        })
        .collect()
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
        a.file,
        shown(moves_a.get(first)),
        b.file,
        shown(moves_b.get(first))
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
                item.file,
                indent(&board)
            );
        } else if let Some(error) = failure_at(item, first) {
            text += &format!(
                "ply {} in {} cannot be played: {error}\n",
                first + 1,
                item.file
            );
        }
    }
    text
}

fn shown(mv: Option<&String>) -> String {
    mv.map_or("no move".to_string(), |m| format!("`{m}`"))
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

fn failure_at(item: &Item, index: usize) -> Option<&str> {
    match &item.replay.main.nodes.get(index)?.status {
        Status::Failed(e) => Some(item.replay.errors[*e].message.as_str()),
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
