//! `tgn convert`: records to JSON, JSON Lines or text, and JSON back to text.

use std::io::{self, Write};

use super::{Pipeline, RunStatus, Tally, conclude, expand, report};
use crate::cli::{ConvertArgs, ConvertFrom, ConvertTo};
use crate::output::json;
use crate::record::writer::write_game;
use crate::replay::Detail;

pub fn run(args: &ConvertArgs) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&args.paths, &mut tally.io_errors);
    tally.files = inputs.len();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let pipeline = Pipeline {
        read: &args.read,
        detail: match args.to {
            ConvertTo::Pgn => Detail::Errors,
            ConvertTo::Json | ConvertTo::Jsonl => Detail::Full,
        },
        json: args.from.map(|f| f == ConvertFrom::Json),
        progress: args.to == ConvertTo::Pgn,
    };
    let mut first = true;
    let output = (|| {
        if args.to == ConvertTo::Json {
            write!(out, "[")?;
        }
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            match args.to {
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
        if args.to == ConvertTo::Json {
            writeln!(out, "\n]")?;
        }
        out.flush()
    })();
    report("converted", &tally);
    conclude(output, &tally)
}
