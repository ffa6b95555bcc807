//! `tgn diagram`: one position of one game drawn on its own board, as SVG (written by
//! [`crate::output::svg`]) or as PNG (that SVG rendered by `resvg`).

use std::io::{self, Write};
use std::path::PathBuf;

use super::{Reading, RunStatus, expand, read_all};
use crate::output::svg;
use crate::registry;
use crate::replay::Detail;
use crate::replay::diagram::{Stop, diagram};

/// The picture's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG text: scalable, printable, its pieces and pits named in `data-` attributes.
    Svg,
    /// A PNG image of the SVG (coordinates in the system's fonts, if it has any).
    Png,
}

/// What `tgn diagram` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub path: PathBuf,
    pub read: Reading,
    /// The game's number in its file, from 1.
    pub index: usize,
    pub stop: Stop,
    /// Where to write the picture (else stdout).
    pub output: Option<PathBuf>,
    pub format: Format,
    /// The PNG's longer side in pixels (else the SVG's own size).
    pub size: Option<u32>,
}

/// The largest PNG side `--size` may ask for: 4096 pixels, a 64 MiB picture at most.
pub const MAX_PNG_SIZE: u32 = 4096;

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut errors = 0;
    let inputs = expand(
        std::slice::from_ref(&options.path),
        &options.read,
        &mut errors,
    )?;
    if options.size.is_some() && options.format == Format::Svg {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--size sets a PNG's size (with --format png); an SVG scales by itself",
        ));
    }
    let Some(input) = inputs.first() else {
        return Ok(RunStatus::Trouble);
    };
    if let Some(output) = &options.output {
        super::refuse_input_as_output(output, &inputs)?;
    }
    let items = read_all(input, &options.read, Detail::default(), None, Ok)?;
    let Some(item) = items.get(options.index.wrapping_sub(1)) else {
        return Err(io::Error::other(format!(
            "{}: no game {} (the file holds {})",
            input.name(),
            options.index,
            items.len()
        )));
    };
    let found = item
        .replay
        .game
        .and_then(|info| registry::find(info.id))
        .ok_or_else(|| {
            let why = item
                .replay
                .errors
                .first()
                .map_or("", |e| e.message.as_str());
            io::Error::other(format!("{}: game {}: {why}", input.name(), options.index))
        })?;
    let drawn =
        diagram(found, &item.record, &options.read.replay, options.stop).map_err(|why| {
            io::Error::other(format!("{}: game {}: {why}", input.name(), options.index))
        })?;
    if let Some(why) = &drawn.stopped {
        eprintln!(
            "tgn: drawn at ply {}, where the main line stops: {why}",
            drawn.ply
        );
    }
    let text = svg::write(found.info.id, &drawn.diagram);
    let bytes = match options.format {
        Format::Svg => text.into_bytes(),
        Format::Png => png(&text, options.size).map_err(io::Error::other)?,
    };
    match &options.output {
        Some(path) => super::write_file(path, bytes)?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(RunStatus::Clean)
}

/// The SVG rendered by resvg, at its own size or scaled so that its longer side is
/// `longer` pixels. Text needs a font: the system's fonts are loaded (none are
/// embedded in tgn); without any, the picture has no letters.
pub fn png(svg: &str, longer: Option<u32>) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let own = tree.size();
    let scale = longer.map_or(1.0, |side| side as f32 / own.width().max(own.height()));
    let size = own
        .scale_by(scale)
        .map(|s| s.to_int_size())
        .ok_or_else(|| "the diagram has no size".to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "the diagram has no size".to_string())?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
