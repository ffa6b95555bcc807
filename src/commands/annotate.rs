//! `tgn annotate`: the records again, in canonical notation, with a comment after every
//! move saying what it did. A bad move keeps its text and gets a comment saying why;
//! the moves after it are kept in a comment, not dropped.

use std::io::{self, Write};

use super::{Item, Pipeline, RunStatus, expand};
use crate::cli::AnnotateArgs;
use crate::record::writer::write_game;
use crate::record::{Comment, GameRecord, MoveNode, Span};
use crate::replay::{Detail, Line, Replay, Status};

pub fn run(args: &AnnotateArgs) -> io::Result<RunStatus> {
    let mut io_errors = 0;
    let inputs = expand(&args.paths, &mut io_errors);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let pipeline = Pipeline {
        read: &args.read,
        detail: Detail::Full,
        json: None,
        progress: true,
    };
    let mut invalid = 0;
    let mut first = true;
    io_errors += pipeline.run(&inputs, |item| {
        invalid += usize::from(!item.replay.is_valid());
        if !first {
            writeln!(out)?;
        }
        first = false;
        write!(out, "{}", write_game(&annotate(&item, args.positions)))
    })?;
    out.flush()?;
    Ok(if io_errors > 0 {
        RunStatus::Trouble
    } else if invalid > 0 {
        RunStatus::Findings
    } else {
        RunStatus::Clean
    })
}

/// The annotated record of one game.
pub fn annotate(item: &Item, positions: bool) -> GameRecord {
    let mut record = item.record.clone();
    let replay = &item.replay;
    record.set_tag("Annotator", format!("tgn {}", env!("CARGO_PKG_VERSION")));
    if let Some(start) = replay.start.as_ref().filter(|_| positions) {
        record
            .comments
            .push(comment(format!("start: {}", start.position)));
    }
    if replay.game.is_none() || replay.start.is_none() {
        // Nothing was replayed (unknown game, bad setup): say why, change nothing else.
        for error in &replay.errors {
            record
                .comments
                .push(comment(format!("error: {}", error.message)));
        }
        return record;
    }
    record.moves = annotate_line(&record.moves, &replay.main, replay, positions);
    let end_errors = replay
        .errors
        .iter()
        .filter(|e| e.ply.is_none() && e.code != crate::replay::ErrorCode::Syntax);
    for error in end_errors {
        record
            .trailing
            .insert(0, comment(format!("error: {}", error.message)));
    }
    if let Some(outcome) = &replay.outcome {
        record.trailing.insert(
            0,
            comment(format!("{} ({})", outcome.result, outcome.reason)),
        );
    }
    record
}

fn annotate_line(
    nodes: &[MoveNode],
    line: &Line,
    replay: &Replay,
    positions: bool,
) -> Vec<MoveNode> {
    let mut out = Vec::with_capacity(nodes.len());
    for (i, (node, replayed)) in nodes.iter().zip(&line.nodes).enumerate() {
        let mut node = node.clone();
        node.variations = node
            .variations
            .iter()
            .zip(&replayed.variations)
            .map(|(variation, line)| {
                let mut variation = variation.clone();
                variation.moves = annotate_line(&variation.moves, line, replay, positions);
                variation
            })
            .collect();
        match &replayed.status {
            Status::Played(played) => {
                node.text = played.canonical.clone();
                if let Some(detail) = &played.detail {
                    node.comments.insert(0, comment(detail.description.clone()));
                    if positions {
                        node.comments.insert(1, comment(detail.position.clone()));
                    }
                }
                out.push(node);
            }
            Status::Failed(index) => {
                node.comments.insert(
                    0,
                    comment(format!("error: {}", replay.errors[*index].message)),
                );
                let rest = &nodes[i + 1..];
                if !rest.is_empty() {
                    node.comments
                        .push(comment(format!("not replayed: {}", movetext(rest))));
                }
                out.push(node);
                break;
            }
            Status::Skipped => break,
        }
    }
    out
}

/// Moves written back as text, for keeping them in a comment.
fn movetext(nodes: &[MoveNode]) -> String {
    let record = GameRecord {
        moves: nodes.to_vec(),
        ..GameRecord::default()
    };
    write_game(&record)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(['{', '}'], "")
}

fn comment(text: String) -> Comment {
    Comment {
        text,
        span: Span::default(),
    }
}
