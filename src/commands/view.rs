//! `tgn view`: the games of the paths as one self-contained HTML page (written by
//! [`crate::output::html`], as the games come) to step through in a browser.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use std::ops::ControlFlow;

use super::{Pipeline, Reading, RunStatus, Stdout, Tally, conclude, expand, report, shown};
use super::{last_ply_to_draw, refuse_input_as_output};
use crate::output::html::Viewer;
use crate::registry;
use crate::replay::Detail;
use crate::replay::diagram::each_diagram;

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
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let out: Box<dyn Write> = match &options.output {
        Some(path) => {
            refuse_input_as_output(path, &inputs)?;
            let file = File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            Box::new(BufWriter::with_capacity(1 << 16, file))
        }
        None => Box::new(Stdout::new()),
    };
    let pipeline = Pipeline {
        read: &options.read,
        // The record (moves, comments, variations) and each move's ply; the board of
        // every ply is drawn again as the page is written.
        detail: Detail::ERRORS,
        json: None,
        progress: true,
    };
    let output = (|| {
        let mut viewer = Viewer::new(out, &title(&options.paths))?;
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            let mut game = viewer.game(&item);
            if let Some(found) = item.replay.game.and_then(|info| registry::find(info.id)) {
                // A setup the rules refuse draws no board: its error is the game's.
                let last = last_ply_to_draw(&item);
                let _ = super::allowance::walk(&item.replay, || {
                    each_diagram(
                        found,
                        &item.record,
                        &options.read.replay,
                        &mut |ply, draw| match game.ply(draw) {
                            ControlFlow::Continue(()) if Some(ply) == last => {
                                ControlFlow::Break(())
                            }
                            flow => flow,
                        },
                    )
                });
            }
            if let Some(notice) = game.finish()? {
                eprintln!(
                    "tgn: {}: game {}: {}",
                    shown(&item.file),
                    item.index + 1,
                    shown(&notice)
                );
            }
            Ok(())
        })?;
        viewer.finish()?.flush()
    })();
    report("viewed", &tally);
    conclude(output, &tally)
}

/// The page's title: the paths given.
fn title(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    format!("tgn view: {}", names.join(", "))
}
