//! `tgn view`: the games of the paths as one self-contained HTML page (written by
//! [`crate::output::html`]) to step through in a browser.

use std::io::{self, Write};
use std::path::PathBuf;

use super::refuse_input_as_output;
use super::{Pipeline, Reading, RunStatus, Stdout, Tally, conclude, expand, report};
use crate::output::html::Viewer;
use crate::registry;
use crate::replay::Detail;

/// What `tgn view` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    /// Where to write the page (else stdout).
    pub output: Option<PathBuf>,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors);
    tally.files = inputs.len();
    if let Some(output) = &options.output {
        refuse_input_as_output(output, &inputs)?;
    }
    let pipeline = Pipeline {
        read: &options.read,
        // The record (moves, comments, variations) and each move's ply; the board of
        // every ply comes from the game's diagrams.
        detail: Detail::ERRORS,
        json: None,
        progress: true,
    };
    let mut viewer = Viewer::new();
    tally.io_errors += pipeline.run(&inputs, |item| {
        tally.add(&item);
        let diagrams = item
            .replay
            .game
            .and_then(|info| registry::find(info.id))
            .and_then(|found| {
                found
                    .engine
                    .diagrams(found.info, &item.record, &options.read.replay)
                    .ok()
            })
            .unwrap_or_default();
        viewer.add(&item, &diagrams);
        Ok(())
    })?;
    let page = viewer.finish(&title(&options.paths));
    let output = match &options.output {
        Some(path) => super::write_file(path, page),
        None => {
            let mut out = Stdout::new();
            out.write_all(page.as_bytes()).and_then(|()| out.flush())
        }
    };
    report("viewed", &tally);
    conclude(output, &tally)
}

/// The page's title: the paths given.
fn title(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    format!("tgn view: {}", names.join(", "))
}
