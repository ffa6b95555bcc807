//! `tgn analyze`: the records again, each move of the main line judged by the search
//! ([`crate::analysis`]): a comment with the evaluation before and after it and the
//! engine's best move, and a NAG (`$6` ?!, `$2` ?, `$4` ??) where it loses as much as
//! the game's [`LOSS_MARKS`](crate::games::Rules::LOSS_MARKS) say. Text as `annotate`
//! writes it, or JSON Lines with an `eval` object per move.
//!
//! The pipeline replays in parallel; the searches of a group of games then run in
//! parallel too, one game per thread (never one search over several threads), so a
//! budget in depth or nodes gives the same output on every run and thread count.

use std::io::{self, Write};
use std::path::PathBuf;

use rayon::prelude::*;
use serde_json::{Value, json};

use super::analyze_summary::AnalysisSummary;
use super::annotate::{annotate, once};
use super::{Item, Pipeline, Reading, Stdout, Tally, conclude, expand, report};
use crate::analysis::{Limits, PlyEval, describe_score};
use crate::output::json::{Form, game_in};
use crate::record::{GameRecord, Nag, Span};
use crate::registry;
use crate::replay::{Detail, Status};

/// Games searched together: enough to keep every core busy, few enough to show
/// output soon.
const GROUP: usize = 32;

/// How `tgn analyze` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeFormat {
    /// The records, with a comment and maybe a NAG after each move.
    Pgn,
    /// One JSON object per game per line, as `convert --to jsonl`, each move with `eval`.
    Json,
}

/// What `tgn analyze` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub limits: Limits,
    pub format: AnalyzeFormat,
    /// `--summary`: the players' and games' tables (or their JSON), not the records.
    pub summary: bool,
}

pub fn run(options: &Options) -> io::Result<crate::commands::RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors);
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let detail = match options.format {
        AnalyzeFormat::Pgn => Detail::MOVES,
        AnalyzeFormat::Json => Form::default().detail(),
    };
    let pipeline = Pipeline {
        read: &options.read,
        detail,
        json: None,
        progress: true,
    };
    let mut group = Vec::with_capacity(GROUP);
    let mut first = true;
    let mut summary = options.summary.then(AnalysisSummary::default);
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            group.push(item);
            if group.len() < GROUP {
                return Ok(());
            }
            write_group(&mut out, &mut group, options, &mut first, summary.as_mut())
        })?;
        write_group(&mut out, &mut group, options, &mut first, summary.as_mut())?;
        if let Some(summary) = &mut summary {
            summary.finish();
            match options.format {
                AnalyzeFormat::Pgn => write!(out, "{}", summary.tables())?,
                AnalyzeFormat::Json => writeln!(out, "{}", json!(summary))?,
            }
        }
        out.flush()
    })();
    report("analyzed", &tally);
    conclude(output, &tally)
}

/// Searches a group of games in parallel and writes them in order.
fn write_group(
    out: &mut Stdout,
    group: &mut Vec<Item>,
    options: &Options,
    first: &mut bool,
    summary: Option<&mut AnalysisSummary>,
) -> io::Result<()> {
    let analyzed: Vec<(Item, Vec<PlyEval>)> = std::mem::take(group)
        .into_par_iter()
        .map(|item| {
            let evals = analyze(&item, options);
            (item, evals)
        })
        .collect();
    if let Some(summary) = summary {
        for (item, evals) in &analyzed {
            summary.add(item, evals);
        }
        return Ok(());
    }
    for (item, evals) in &analyzed {
        match options.format {
            AnalyzeFormat::Pgn => {
                if !std::mem::take(first) {
                    writeln!(out)?;
                }
                let record = analyzed_record(item, evals);
                write!(out, "{}", crate::record::writer::write_game(&record))?;
            }
            AnalyzeFormat::Json => writeln!(out, "{}", analyzed_json(item, evals))?,
        }
    }
    Ok(())
}

/// The judgement of every move of the main line of one game, up to its first error;
/// none for a game whose game is unknown.
pub fn analyze(item: &Item, options: &Options) -> Vec<PlyEval> {
    let Some(found) = item.replay.game.and_then(|g| registry::find(g.id)) else {
        return Vec::new();
    };
    found.engine.analyze(
        found.info,
        &item.record,
        &options.read.replay,
        &item.replay,
        &options.limits,
    )
}

/// The record as `annotate` writes it (canonical moves, errors), each move analyzed
/// carrying its judgement.
fn analyzed_record(item: &Item, evals: &[PlyEval]) -> GameRecord {
    let mut record = annotate(item, false);
    let played = item
        .replay
        .main
        .nodes
        .iter()
        .take_while(|n| matches!(n.status, Status::Played(_)))
        .count();
    for (node, eval) in record.moves.iter_mut().take(played).zip(evals) {
        once(&mut node.comments, 0, comment(eval));
        // A move the record already judges (`!`, `?`, … : $1 to $6) keeps its judge's mark.
        if let Some(mark) = eval.mark
            && !node.nags.iter().any(|n| (1..=6).contains(&n.code))
        {
            node.nags.push(Nag {
                code: mark as u16,
                span: Span::default(),
            });
        }
    }
    record
}

/// `+2 -> -1, best 76` (the mover's view before and after the move).
fn comment(eval: &PlyEval) -> String {
    let before = describe_score(eval.score, eval.result.is_some());
    let after = describe_score(eval.played_score, eval.played_proved);
    match &eval.best {
        Some(best) => format!("{before} -> {after}, best {best}"),
        None => format!("{before} -> {after}"),
    }
}

/// The game in the JSON form of `convert`, each move analyzed with its `eval`.
fn analyzed_json(item: &Item, evals: &[PlyEval]) -> Value {
    let mut game = game_in(item, Form::default());
    if let Some(Value::Array(moves)) = game.get_mut("moves") {
        for (object, eval) in moves.iter_mut().zip(evals) {
            object["eval"] = json!(eval);
        }
    }
    game
}
