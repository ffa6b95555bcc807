//! `tgn check`: replay every game and report what is wrong.

use std::io::{self, Write};

use std::path::PathBuf;

use super::{Pipeline, RunStatus, Tally, conclude, expand};
use super::{Reading, Stdout};
use crate::output::{github, human, json};
use crate::replay::Detail;
/// What `tgn check` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub format: CheckFormat,
    /// Only the closing line (human format).
    pub quiet: bool,
    /// Also a line per game (human format).
    pub verbose: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
    Github,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors);
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let pipeline = Pipeline {
        read: &options.read,
        // Only the JSON form prints a game's final position.
        detail: match options.format {
            CheckFormat::Json => Detail::SUMMARY,
            // A line per game names its players and its final position.
            CheckFormat::Human if options.verbose => Detail::SUMMARY,
            _ => Detail::COUNTS,
        },
        json: Some(false),
        progress: options.format == CheckFormat::Human,
    };
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            match options.format {
                CheckFormat::Human if options.verbose => {
                    writeln!(out, "{}", human::one_line(&item))?;
                    human::diagnostics(&mut out, &item)
                }
                CheckFormat::Human if !options.quiet => human::diagnostics(&mut out, &item),
                CheckFormat::Human => Ok(()),
                CheckFormat::Json => writeln!(out, "{}", json::check_line(&item)),
                CheckFormat::Github => github::annotations(&mut out, &item),
            }
        })?;
        if options.format == CheckFormat::Human {
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
