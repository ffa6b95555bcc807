//! `tgn filter`: the games of a collection that pass a [`Selection`], written as
//! records exactly as written (or canonical, or JSON). Games stream through the
//! pipeline one batch at a time, so any archive filters in flat memory.

use std::io;
use std::path::PathBuf;

use super::select::{GameWriter, Output, Selection};
use super::{Pipeline, RunStatus, Tally, conclude, expand, plural, report, shown};
use super::{Reading, Stdout};
use crate::replay::Detail;

/// What `tgn filter` is asked to do.
#[derive(Clone, Debug)]
pub struct FilterSettings {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub selection: Selection,
    pub output: Output,
}

pub fn run(settings: &FilterSettings) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&settings.paths, &settings.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: most(settings.selection.detail(), settings.output.detail()),
        json: None,
        progress: true,
    };
    let mut out = GameWriter::new(Stdout::new(), settings.output);
    let mut selected = 0;
    let read = settings.read.replay.clone();
    // A --reaching position must be one that some game of the collection reads (each
    // with its own options); until one does, what each said is kept.
    let mut reaching = match settings.selection.reaching {
        Some(_) => Reaching::Unread(None),
        None => Reaching::Read,
    };
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            if let Reaching::Unread(why) = &mut reaching {
                match settings.selection.reaching_read_by(&item, &read) {
                    Ok(()) => reaching = Reaching::Read,
                    Err(e) => *why = why.take().or(Some(e)),
                }
            }
            if settings.selection.selects(&item, &read) {
                selected += 1;
                out.write(&item)?;
            }
            Ok(())
        })?;
        out.finish()
    })();
    report(
        &format!("filter wrote {} of", plural(selected, "game")),
        &tally,
    );
    let status = conclude(output, &tally)?;
    match reaching {
        Reaching::Unread(Some(why)) => {
            eprintln!(
                "tgn: filter: --reaching is a position of no game read ({})",
                shown(&why)
            );
            Ok(RunStatus::Trouble)
        }
        _ => Ok(status),
    }
}

/// Whether the `--reaching` position has been read as a position of a game read.
enum Reaching {
    Read,
    /// Not yet: why the first game read could not read it.
    Unread(Option<String>),
}

/// Both details at once: what either asks for.
pub fn most(a: Detail, b: Detail) -> Detail {
    a.union(b)
}
