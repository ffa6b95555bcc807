//! `tgn filter`: the games of a collection that pass a [`Selection`], written as
//! records exactly as written (or canonical, or JSON). Games stream through the
//! pipeline one batch at a time, so any archive filters in flat memory.

use std::io;
use std::path::PathBuf;

use super::Reading;
use super::select::{GameWriter, Output, Selection};
use super::{Pipeline, RunStatus, Tally, conclude, expand_links, plural, report};
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
    let inputs = expand_links(&settings.paths, settings.read.links, &mut tally.io_errors);
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: most(settings.selection.detail(), settings.output.detail()),
        json: None,
        progress: true,
    };
    let mut out = GameWriter::new(io::BufWriter::new(io::stdout().lock()), settings.output);
    let mut selected = 0;
    let read = settings.read.replay.clone();
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
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
    conclude(output, &tally)
}

/// Both details at once: what either asks for.
pub fn most(a: Detail, b: Detail) -> Detail {
    a.union(b)
}
