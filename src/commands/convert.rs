//! `tgn convert`: records to JSON, JSON Lines or text, and JSON back to text.

use std::io::{self, Write};

use std::path::PathBuf;

use super::{Input, Pipeline, RunStatus, Tally, conclude, expand, report};
use super::{Reading, Stdout};
use crate::output::{Item, csv, json};
use crate::record::writer::write_game;
use crate::replay::Detail;

/// What `tgn convert` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub to: ConvertTo,
    /// The input's format; `None`: JSON for `.json`/`.jsonl` files, else text.
    pub from: Option<ConvertFrom>,
    /// What the JSON of a game carries (`--states`).
    pub form: json::Form,
    /// JSON indented for people (`--pretty`, `--to json` only); else one line a game.
    pub pretty: bool,
    /// `--to csv`: which tags have a column (`--tags`), and whether the moves do
    /// (`--moves`).
    pub tags: csv::TagColumns,
    pub moves: bool,
}

/// What `tgn convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    /// One JSON array of games.
    Json,
    /// One JSON object per game per line.
    Jsonl,
    /// PGN-style text.
    Pgn,
    /// One row per game ([`crate::output::csv`]).
    Csv,
}

/// What `tgn convert` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertFrom {
    Pgn,
    Json,
}

/// A game as `--to pgn` writes it: export style, or, when its text has syntax errors,
/// that text byte for byte — repaired (a comment closed, a variation ended), it would
/// read as valid. Either ends with a blank line.
/// The game as text: as read when it has a syntax error (never repaired), else
/// written out, with a `[Game]` tag when the game came from `--game`
/// ([`json::game_tag`]).
pub fn pgn(item: &Item) -> String {
    let record = &item.record;
    match record.text().filter(|_| !record.errors.is_empty()) {
        Some(text) => format!("{text}\n\n"),
        None => match json::game_tag(item) {
            Some(id) => {
                let mut named = record.clone();
                named.set_tag("Game", id);
                write_game(&named)
            }
            None => write_game(record),
        },
    }
}

/// The columns of `--to csv`: with `--tags all`, every tag of the input, found by a
/// first pass that reads the records without replaying them.
fn table(options: &Options, pipeline: &Pipeline, inputs: &[Input]) -> io::Result<csv::Table> {
    let found = match options.tags {
        csv::TagColumns::All => pipeline
            .tag_names(
                inputs,
                |record| csv::extra_tags(record).collect(),
                csv::MOST_TAG_COLUMNS,
            )
            .ok_or_else(|| {
                io::Error::other(format!(
                    "the records hold more than {} different tags, too many columns for a \
                     table: name those wanted with --tags LIST (or --tags none)",
                    csv::MOST_TAG_COLUMNS
                ))
            })?,
        _ => Default::default(),
    };
    Ok(csv::Table::new(&options.tags, found, options.moves))
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let mut inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let pipeline = Pipeline {
        read: &options.read,
        detail: match options.to {
            ConvertTo::Pgn | ConvertTo::Csv => Detail::ERRORS,
            ConvertTo::Json | ConvertTo::Jsonl => options.form.detail(),
        },
        json: options.from.map(|f| f == ConvertFrom::Json),
        progress: matches!(options.to, ConvertTo::Pgn | ConvertTo::Csv),
    };
    let mut first = true;
    // Every tag's column is known before the header: standard input, read twice, is
    // kept in a temporary file meanwhile (never in memory).
    let _spool = match (options.to, &options.tags) {
        (ConvertTo::Csv, csv::TagColumns::All) => super::fix::spool_stdin(&mut inputs)?,
        _ => None,
    };
    let mut rows = csv::Rows::new(if options.to == ConvertTo::Csv {
        table(options, &pipeline, &inputs)?
    } else {
        csv::Table::default()
    });
    let output = (|| {
        if options.to == ConvertTo::Csv {
            out.write_all(rows.header()?)?;
        }
        if options.to == ConvertTo::Json {
            write!(out, "[")?;
        }
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            match options.to {
                ConvertTo::Json => {
                    let separator = if first { "\n" } else { ",\n" };
                    first = false;
                    // Written as it is made, never whole in memory (see `GameJson`).
                    let game = json::GameJson {
                        item: &item,
                        form: options.form,
                        addenda: None,
                    };
                    write!(out, "{separator}")?;
                    if options.pretty {
                        serde_json::to_writer_pretty(&mut out, &game)?;
                    } else {
                        serde_json::to_writer(&mut out, &game)?;
                    }
                    Ok(())
                }
                ConvertTo::Jsonl => {
                    let game = json::GameJson {
                        item: &item,
                        form: options.form,
                        addenda: None,
                    };
                    serde_json::to_writer(&mut out, &game)?;
                    writeln!(out)
                }
                ConvertTo::Csv => out.write_all(rows.row(&item)?),
                ConvertTo::Pgn => {
                    if !first {
                        writeln!(out)?;
                    }
                    first = false;
                    write!(out, "{}", pgn(&item))
                }
            }
        })?;
        if options.to == ConvertTo::Json {
            writeln!(out, "\n]")?;
        }
        out.flush()
    })();
    report("converted", &tally);
    conclude(output, &tally)
}
