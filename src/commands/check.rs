//! `tgn check`: replay every game and report what is wrong.

use std::io::{self, Write};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, shown};
use super::{Reading, Stdout};
use crate::output::style::{self, Paint};
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

/// How `tgn check` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckFormat {
    Human,
    Json,
    Github,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let pipeline = Pipeline {
        read: &options.read,
        detail: Detail {
            // What an invalid sheet most likely says, wherever someone reads it.
            suggestions: options.format != CheckFormat::Github && !options.quiet,
            // Only the JSON form prints a game's final position.
            ..match options.format {
                CheckFormat::Json => Detail::SUMMARY,
                // A line per game names its players and its final position.
                CheckFormat::Human if options.verbose => Detail::SUMMARY,
                _ => Detail::COUNTS,
            }
        },
        json: Some(false),
        progress: options.format == CheckFormat::Human,
    };
    // JSON and GitHub output are for machines: never coloured.
    let paint = match options.format {
        CheckFormat::Human => Paint::stdout(),
        _ => Paint::PLAIN,
    };
    let mut nameless = Nameless::default();
    // GitHub's job summary, when the run is a step of a workflow.
    let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY")
        .filter(|path| options.format == CheckFormat::Github && !path.is_empty());
    let mut summary = github::Summary::default();
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            if step_summary.is_some() {
                summary.add(&item);
            }
            let human = options.format == CheckFormat::Human && !options.quiet && !options.verbose;
            if human && nameless.told(&mut out, &item)? {
                return Ok(());
            }
            match options.format {
                CheckFormat::Human if options.verbose => {
                    writeln!(out, "{}", human::one_line(&item, paint))?;
                    human::diagnostics(&mut out, &item, paint)
                }
                CheckFormat::Human if !options.quiet => human::diagnostics(&mut out, &item, paint),
                CheckFormat::Human => Ok(()),
                CheckFormat::Json => json::write_line(&mut out, &json::check_line(&item)),
                CheckFormat::Github => github::annotations(&mut out, &item),
            }
        })?;
        nameless.finish(&mut out)?;
        let closing = format!(
            "checked {} ({} decided on the board)",
            tally.counts(),
            tally.decided
        );
        match options.format {
            CheckFormat::Human => {
                let look = match tally.invalid {
                    0 => style::ALL_VALID,
                    _ => style::ERROR,
                };
                writeln!(out, "{}", paint.paint(look, &closing))?;
            }
            CheckFormat::Github => github::notice(&mut out, &closing)?,
            CheckFormat::Json => {}
        }
        if let Some(path) = &step_summary {
            append(Path::new(path), &summary.markdown(&closing))?;
        }
        out.flush()
    })();
    conclude(output, &tally)
}

/// Appends `text` to the file at `path` (GitHub's job summary: each step adds its own);
/// an error names the file.
fn append(path: &Path, text: &str) -> io::Result<()> {
    let named = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!("GITHUB_STEP_SUMMARY {}: {e}", path.display()),
        )
    };
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(named)?;
    file.write_all(text.as_bytes()).map_err(named)
}

/// The games of one file that name no game, as people are told of them: the first in
/// full, then one line for the others (an archive read without `--game` would repeat
/// the same error for each of its games: 1,199 times for PlayOK's).
#[derive(Default)]
struct Nameless {
    file: Option<Arc<str>>,
    /// Games of `file` after the first that named no game.
    more: usize,
}

impl Nameless {
    /// Whether `item` is one more game of the same file naming no game, told only in
    /// the line [`Nameless::finish`] writes (which a game of another file writes first).
    fn told(&mut self, out: &mut impl Write, item: &Item) -> io::Result<bool> {
        let same_file = self
            .file
            .as_ref()
            .is_some_and(|f| Arc::ptr_eq(f, &item.file));
        if !same_file {
            self.finish(out)?;
        }
        if !item.replay.names_no_game() {
            return Ok(false);
        }
        if same_file {
            self.more += 1;
            return Ok(true);
        }
        self.file = Some(item.file.clone());
        Ok(false)
    }

    fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Some(file) = self.file.take()
            && self.more > 0
        {
            writeln!(
                out,
                "… and {} more {} of {} name no game either: add [Game \"…\"] or use \
                 --game\n",
                self.more,
                if self.more == 1 { "game" } else { "games" },
                shown(&file)
            )?;
        }
        self.more = 0;
        Ok(())
    }
}
