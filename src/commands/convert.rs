//! `tgn convert`: records to JSON, JSON Lines or text, and JSON back to text.

use std::io::{self, Write};

use std::path::PathBuf;

use super::{Pipeline, RunStatus, Tally, conclude, expand, report};
use super::{Reading, Stdout};
use crate::output::json;
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConvertTo {
    /// One JSON array of games.
    Json,
    /// One JSON object per game per line.
    Jsonl,
    /// PGN-style text.
    Pgn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ConvertFrom {
    Pgn,
    Json,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &mut tally.io_errors);
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let pipeline = Pipeline {
        read: &options.read,
        detail: match options.to {
            ConvertTo::Pgn => Detail::ERRORS,
            // The JSON form has every move's description and state, but no drawing.
            ConvertTo::Json | ConvertTo::Jsonl => Detail {
                board: false,
                ..Detail::FULL
            },
        },
        json: options.from.map(|f| f == ConvertFrom::Json),
        progress: options.to == ConvertTo::Pgn,
    };
    let mut first = true;
    let output = (|| {
        if options.to == ConvertTo::Json {
            write!(out, "[")?;
        }
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            match options.to {
                ConvertTo::Json => {
                    let separator = if first { "\n" } else { ",\n" };
                    first = false;
                    let text = serde_json::to_string_pretty(&json::game(&item))
                        .map_err(io::Error::other)?;
                    write!(out, "{separator}{text}")
                }
                ConvertTo::Jsonl => writeln!(out, "{}", json::game(&item)),
                ConvertTo::Pgn => {
                    if !first {
                        writeln!(out)?;
                    }
                    first = false;
                    write!(out, "{}", write_game(&item.record))
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
