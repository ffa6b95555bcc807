//! `tgn annotate`: the records again, in canonical notation, with a comment after every
//! move saying what it did. A bad move keeps its text and gets a comment saying why;
//! the moves after it are kept in a comment, not dropped.

use std::io::{self, Write};

use std::path::{Path, PathBuf};

use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, report};
use super::{Reading, Stdout};
use crate::games::Player;
use crate::output::svg;
use crate::record::writer::{write_game, write_moves};
use crate::record::{Comment, GameRecord, MoveNode, MoveNumber, Span};
use crate::registry;
use crate::replay::{Detail, Line, Replay, Status};

/// What `tgn annotate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    /// The position string after every move.
    pub positions: bool,
    /// Where to write an SVG diagram of the start and of every ply of the main line,
    /// each named in a comment at its move.
    pub diagrams: Option<PathBuf>,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors);
    tally.files = inputs.len();
    let mut out = Stdout::new();
    let pipeline = Pipeline {
        read: &options.read,
        // What each move did and the position after it; no states or drawings.
        detail: Detail {
            description: true,
            ..Detail::MOVES
        },
        json: None,
        progress: true,
    };
    let mut first = true;
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            if !first {
                writeln!(out)?;
            }
            first = false;
            let mut record = annotate(&item, options.positions);
            if let Some(dir) = &options.diagrams {
                draw_plies(&item, &mut record, dir, &options.read)?;
            }
            write!(out, "{}", write_game(&record))
        })?;
        out.flush()
    })();
    report("annotated", &tally);
    conclude(output, &tally)
}

/// The annotated record of one game.
pub fn annotate(item: &Item, positions: bool) -> GameRecord {
    let mut record = item.record.clone();
    let replay = &item.replay;
    // The record's own annotator keeps the credit; tgn signs only unsigned records.
    if record.tag("Annotator").is_none() {
        record.set_tag("Annotator", format!("tgn {}", env!("CARGO_PKG_VERSION")));
    }
    if let Some(start) = replay.start.as_ref().filter(|_| positions) {
        let at = record.comments.len();
        once(
            &mut record.comments,
            at,
            format!("start: {}", start.position),
        );
    }
    if replay.game.is_none() || replay.start.is_none() {
        // Nothing was replayed (unknown game, bad setup): say why, change nothing else.
        for error in &replay.errors {
            let at = record.comments.len();
            once(
                &mut record.comments,
                at,
                format!("error: {}", error.message),
            );
        }
        return record;
    }
    let first = record.moves.first().and_then(|m| m.number.as_ref());
    let numbering = Numbering {
        number: first.map_or(1, |n| n.number),
        previous: None,
    };
    record.moves = annotate_line(&record.moves, &replay.main, replay, positions, numbering);
    // Errors of no one move, and a turn left half done at the end (its error names
    // the move that began it, which was played).
    let end_errors = replay.errors.iter().filter(|e| {
        use crate::replay::ErrorCode;
        (e.ply.is_none() && e.code != ErrorCode::Syntax) || e.code == ErrorCode::Unfinished
    });
    for error in end_errors {
        once(&mut record.trailing, 0, format!("error: {}", error.message));
    }
    if let Some(outcome) = &replay.outcome {
        let said = format!("{} ({})", outcome.result, outcome.reason);
        once(&mut record.trailing, 0, said);
    }
    record
}

/// Writes a diagram of the start and of each ply of the main line into `dir`, as
/// `<file>-<game>-<ply>.svg`, and names each in a comment: the start's before the
/// moves, each ply's after the move that ends it. A game that cannot be replayed gets
/// none.
fn draw_plies(item: &Item, record: &mut GameRecord, dir: &Path, read: &Reading) -> io::Result<()> {
    let Some(found) = item.replay.game.and_then(|info| registry::find(info.id)) else {
        return Ok(());
    };
    let Ok(diagrams) = found
        .engine
        .diagrams(found.info, &item.record, &read.replay)
    else {
        return Ok(());
    };
    // Standard input is named `<stdin>`: no name for a file.
    let stem = Path::new(&*item.file)
        .file_stem()
        .filter(|_| !item.file.starts_with('<'))
        .map_or("stdin".into(), |s| s.to_string_lossy());
    let mut names = Vec::with_capacity(diagrams.len());
    for (ply, diagram) in diagrams.iter().enumerate() {
        let path = dir.join(format!("{stem}-{}-{ply:03}.svg", item.index + 1));
        super::write_file(&path, svg::write(found.info.id, diagram))?;
        names.push(format!("diagram: {}", path.display()));
    }
    let mut names = names.into_iter();
    if let Some(start) = names.next() {
        let at = record.comments.len();
        once(&mut record.comments, at, start);
    }
    let nodes = &item.replay.main.nodes;
    for (i, node) in record.moves.iter_mut().enumerate() {
        let Status::Played(played) = &nodes[i].status else {
            break;
        };
        let turn_goes_on = matches!(
            nodes.get(i + 1).map(|n| &n.status),
            Some(Status::Played(next)) if next.ply == played.ply
        );
        if !turn_goes_on && let Some(name) = names.next() {
            let at = node.comments.len();
            once(&mut node.comments, at, name);
        }
    }
    Ok(())
}

/// Move numbers as PGN export writes them: before every first-player move, and
/// before a second-player move that follows a comment (here: always, since every
/// move gets one). Counted from who moved, so turns written as several tokens
/// number right.
#[derive(Clone, Copy)]
struct Numbering {
    number: u32,
    previous: Option<Player>,
}

impl Numbering {
    /// The number to write before a move by `mover`, and the numbering after it.
    fn next(self, mover: Player) -> (Option<MoveNumber>, Numbering) {
        let number = match (self.previous, mover) {
            (Some(Player::Second), Player::First) => self.number + 1,
            _ => self.number,
        };
        let written = (self.previous != Some(mover)).then_some(MoveNumber {
            number,
            continuation: mover == Player::Second,
            span: Span::default(),
        });
        let after = Numbering {
            number,
            previous: Some(mover),
        };
        (written, after)
    }
}

fn annotate_line(
    nodes: &[MoveNode],
    line: &Line,
    replay: &Replay,
    positions: bool,
    mut numbering: Numbering,
) -> Vec<MoveNode> {
    let mut out = Vec::with_capacity(nodes.len());
    for (i, (node, replayed)) in nodes.iter().zip(&line.nodes).enumerate() {
        let mut node = node.clone();
        node.variations = node
            .variations
            .iter()
            .zip(&replayed.variations)
            .map(|(variation, line)| {
                let mut variation = variation.clone();
                variation.moves =
                    annotate_line(&variation.moves, line, replay, positions, numbering);
                variation
            })
            .collect();
        match &replayed.status {
            Status::Played(played) => {
                let (number, after) = numbering.next(played.mover);
                node.number = number;
                numbering = after;
                node.text = played.canonical.as_str().into();
                if let Some(detail) = &played.detail {
                    once(&mut node.comments, 0, detail.description.clone());
                    if positions {
                        once(&mut node.comments, 1, detail.position.clone());
                    }
                }
                out.push(node);
            }
            Status::Failed(index) => {
                let error = format!("error: {}", replay.errors[*index].message);
                once(&mut node.comments, 0, error);
                let rest = &nodes[i + 1..];
                if !rest.is_empty() {
                    let at = node.comments.len();
                    once(
                        &mut node.comments,
                        at,
                        format!("not replayed: {}", movetext(rest)),
                    );
                }
                out.push(node);
                break;
            }
            Status::Skipped => break,
        }
    }
    out
}

/// Moves written back as text, for keeping them in a comment, their comments' braces
/// included (a comment holding `}` is written as a `;` comment, so none is lost).
fn movetext(nodes: &[MoveNode]) -> String {
    write_moves(nodes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Puts the comment `text` at `at` among `comments`, unless one of them says it
/// already: what annotate wrote is not written twice when an annotated record is
/// annotated again.
pub(super) fn once(comments: &mut Vec<Comment>, at: usize, text: String) {
    if comments.iter().any(|c| c.text == text) {
        return;
    }
    comments.insert(at.min(comments.len()), comment(text));
}

fn comment(text: String) -> Comment {
    Comment {
        text,
        span: Span::default(),
    }
}
