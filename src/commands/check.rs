//! `tgn check`: replay every game and report what is wrong.

use std::io::{self, Write};

use super::{Pipeline, RunStatus, Tally, conclude, expand};
use crate::cli::{CheckArgs, CheckFormat};
use crate::output::{github, human, json};
use crate::replay::Detail;
pub fn run(args: &CheckArgs) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&args.paths, &mut tally.io_errors);
    tally.files = inputs.len();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let pipeline = Pipeline {
        read: &args.read,
        detail: Detail::Errors,
        json: Some(false),
        progress: args.format == CheckFormat::Human,
    };
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            match args.format {
                CheckFormat::Human if args.verbose => {
                    writeln!(out, "{}", human::one_line(&item))?;
                    human::diagnostics(&mut out, &item)
                }
                CheckFormat::Human if !args.quiet => human::diagnostics(&mut out, &item),
                CheckFormat::Human => Ok(()),
                CheckFormat::Json => writeln!(out, "{}", json::check_line(&item)),
                CheckFormat::Github => github::annotations(&mut out, &item),
            }
        })?;
        if args.format == CheckFormat::Human {
            writeln!(
                out,
                "checked {} ({} decided on the board)",
                tally.counts(),
                tally.decided
            )?;
        }
        out.flush()
    })();
    conclude(output, &tally)
}
