//! `tgn convert`: records to JSON, JSON Lines or text, and JSON back to text.

use std::io::{self, Write};

use super::{Pipeline, RunStatus, expand};
use crate::cli::{ConvertArgs, ConvertFrom, ConvertTo};
use crate::json;
use crate::record::writer::write_game;
use crate::replay::Detail;

pub fn run(args: &ConvertArgs) -> io::Result<RunStatus> {
    let mut io_errors = 0;
    let inputs = expand(&args.paths, &mut io_errors);
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
    let mut invalid = 0;
    let mut first = true;
    if args.to == ConvertTo::Json {
        write!(out, "[")?;
    }
    io_errors += pipeline.run(&inputs, |item| {
        invalid += usize::from(!item.replay.is_valid());
        match args.to {
            ConvertTo::Json => {
                let separator = if first { "\n" } else { ",\n" };
                first = false;
                let text =
                    serde_json::to_string_pretty(&json::game(&item)).map_err(io::Error::other)?;
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
    out.flush()?;
    Ok(RunStatus::of(io_errors, invalid))
}
