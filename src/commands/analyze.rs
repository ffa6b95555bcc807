//! `tgn analyze`: the records again, each move of the main line judged by the search
//! ([`crate::analysis`]): a comment with the evaluation before and after it and the
//! engine's best move, and a NAG (`$6` ?!, `$2` ?, `$4` ??) where it drops the mover's
//! expected score as much as the game's
//! [`MARK_DROPS`](crate::games::Rules::MARK_DROPS) say. Text as `annotate` writes it,
//! or JSON Lines with an `eval` object per move and an `analysis` object per game.
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
use crate::analysis::{Analysis, Limits, PlyEval, TableRefused, describe};
use crate::output::json::{Addenda, Form, GameJson};
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
    /// NAGs as codes or as glyphs (`--glyphs`), in the records written.
    pub nags: crate::record::writer::NagStyle,
}

pub fn run(options: &Options) -> io::Result<crate::commands::RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
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
    let analyzed: Vec<(Item, Analysis)> = std::mem::take(group)
        .into_par_iter()
        .map(|item| {
            let analysis = analyze(&item, options)?;
            Ok((item, analysis))
        })
        .collect::<Result<_, TableRefused>>()
        .map_err(|refused| table_refused(&refused, &options.limits))?;
    for (item, analysis) in &analyzed {
        if let Some(stopped) = &analysis.stopped {
            eprintln!(
                "tgn: {} game {}: analysis stopped at ply {}: {}",
                item.file,
                item.index + 1,
                stopped.ply,
                stopped.reason
            );
        }
    }
    if let Some(summary) = summary {
        for (item, analysis) in &analyzed {
            summary.add(item, analysis);
        }
        return Ok(());
    }
    for (item, analysis) in &analyzed {
        match options.format {
            AnalyzeFormat::Pgn => {
                if !std::mem::take(first) {
                    writeln!(out)?;
                }
                let record = analyzed_record(item, analysis, &options.limits);
                write!(
                    out,
                    "{}",
                    crate::record::writer::write_game_as(&record, options.nags)
                )?;
            }
            AnalyzeFormat::Json => {
                let addenda = AnalysisJson {
                    analysis,
                    limits: &options.limits,
                };
                serde_json::to_writer(&mut *out, &analyzed_game(item, &addenda))?;
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

/// The error of a table the system would not give: exit 2, naming the option.
fn table_refused(refused: &TableRefused, limits: &Limits) -> io::Error {
    io::Error::new(
        io::ErrorKind::OutOfMemory,
        format!(
            "--hash {}: the search's table of {} MB (one per game searched at once, {} at \
             a time) could not be allocated ({}); ask for less",
            limits.hash_bytes >> 20,
            refused.bytes >> 20,
            rayon::current_num_threads(),
            refused.reason
        ),
    )
}

/// The judgement of every move of the main line of one game, up to its first error
/// or the game's node budget; none for a game whose game is unknown.
///
/// # Errors
/// The search's table could not be allocated.
pub fn analyze(item: &Item, options: &Options) -> Result<Analysis, TableRefused> {
    let Some(found) = item.replay.game.and_then(|g| registry::find(g.id)) else {
        return Ok(Analysis::default());
    };
    crate::analysis::analyze(
        found,
        &item.record,
        &options.read.replay,
        &item.replay,
        &options.limits,
    )
}

/// `tgn 0.1.0, 20000 nodes per position`: what analyzed, and with what budget.
pub fn annotator(limits: &Limits) -> String {
    format!("tgn {}, {}", env!("CARGO_PKG_VERSION"), limits.describe())
}

/// The record as `annotate` writes it (canonical moves, errors), each move analyzed
/// carrying its judgement, signed with the budget (`[Annotator]`, or a comment
/// before the moves when the record names its own annotator); where the analysis
/// stopped early, a comment after the last move analyzed says so.
fn analyzed_record(item: &Item, analysis: &Analysis, limits: &Limits) -> GameRecord {
    let evals = &analysis.evals;
    let mut record = annotate(item, super::annotate::Positions::None);
    let signed = annotator(limits);
    if item.record.tag("Annotator").is_none() {
        record.set_tag("Annotator", signed);
    } else {
        let at = record.comments.len();
        once(&mut record.comments, at, format!("analyzed by {signed}"));
    }
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
    if let Some(stopped) = &analysis.stopped {
        let said = format!(
            "analysis stopped at ply {}: {}",
            stopped.ply, stopped.reason
        );
        match record.moves.iter_mut().take(evals.len()).last() {
            Some(node) => {
                let at = node.comments.len();
                once(&mut node.comments, at, said);
            }
            None => {
                let at = record.comments.len();
                once(&mut record.comments, at, said);
            }
        }
    }
    record
}

/// `+2 -> -1, best 76` (the mover's view before and after the move).
fn comment(eval: &PlyEval) -> String {
    let before = describe(eval.score, eval.result, eval.plies_to_end);
    let after = describe(
        eval.played_score,
        eval.played_result,
        eval.played_plies_to_end,
    );
    match &eval.best {
        Some(best) => format!("{before} -> {after}, best {best}"),
        None => format!("{before} -> {after}"),
    }
}

/// The game in the JSON form of `convert`, each move analyzed with its `eval`, and
/// the game's `analysis`: the budget, the nodes spent, each player's accuracy, and
/// where the analysis stopped early.
pub fn analyzed_json(item: &Item, analysis: &Analysis, limits: &Limits) -> Value {
    serde_json::to_value(analyzed_game(item, &AnalysisJson { analysis, limits }))
        .unwrap_or(Value::Null)
}

/// The game as `--format json` writes it, turned to JSON only as it is written (a
/// game of 100,000 plies is never held whole as a JSON value: issue 52, item 16).
fn analyzed_game<'a>(item: &'a Item, addenda: &'a AnalysisJson<'a>) -> GameJson<'a> {
    GameJson {
        item,
        form: Form::default(),
        addenda: Some(addenda),
    }
}

/// What the analysis adds to a game's JSON: each move's `eval`, and `analysis`.
struct AnalysisJson<'a> {
    analysis: &'a Analysis,
    limits: &'a Limits,
}

impl Addenda for AnalysisJson<'_> {
    fn after_move(&self, index: usize) -> Option<(&'static str, Value)> {
        let eval = self.analysis.evals.get(index)?;
        Some(("eval", json!(eval)))
    }

    fn after_game(&self) -> Vec<(&'static str, Value)> {
        let (analysis, limits) = (self.analysis, self.limits);
        let accuracy = |a: Option<f64>| a.map(|a| (a * 10.0).round() / 10.0);
        vec![(
            "analysis",
            json!({
                "engine": format!("tgn {}", env!("CARGO_PKG_VERSION")),
                "budget": limits.budget_json(),
                "nodes": analysis.nodes,
                "accuracy": {
                    "first": accuracy(analysis.accuracy[0]),
                    "second": accuracy(analysis.accuracy[1]),
                },
                "stopped": analysis.stopped,
            }),
        )]
    }
}
