//! `tgn annotate`: the records again, in canonical notation, with a comment after every
//! move saying what it did. A bad move keeps its text and gets a comment saying why;
//! the moves after it are kept in a comment, not dropped.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::split::safe_name;
use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, open_output, report};
use super::{Reading, Stdout, plural, shown};
use crate::games::Player;
use crate::output::svg;
use crate::record::writer::{NagStyle, write_game_as, write_moves};
use crate::record::{Comment, GameRecord, MoveNode, MoveNumber, Span};
use crate::registry;
use crate::replay::diagram::each_diagram;
use crate::replay::{Detail, Line, Replay, Status};

/// What `tgn annotate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    /// Which position strings to write.
    pub positions: Positions,
    /// Where to write SVG diagrams of the main line (the start and its plies, as
    /// selected), each named in a comment at its move.
    pub diagrams: Option<DiagramOptions>,
    /// NAGs as codes or as glyphs (`--glyphs`).
    pub nags: NagStyle,
}

/// The position strings `annotate` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Positions {
    #[default]
    None,
    /// After every move, as a comment (`--positions`), and the start.
    EveryMove,
    /// As checkpoints, `[%pos POSITION]`, after every Nth ply of each line (`--positions
    /// --every N`): what a federation sheet notes every ten moves, which `check` then
    /// holds the moves to.
    Checkpoints(u32),
}

impl Positions {
    /// The comment after ply `ply` (of a turn that ends there), if one is written.
    fn after(self, ply: u32, position: &str) -> Option<String> {
        match self {
            Positions::None => None,
            Positions::EveryMove => Some(position.to_string()),
            Positions::Checkpoints(n) => {
                ply.is_multiple_of(n).then(|| format!("[%pos {position}]"))
            }
        }
    }
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&options.paths, &options.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    if let Some(diagrams) = &options.diagrams {
        // As `split` does with its directory: made if missing, before anything is read.
        std::fs::create_dir_all(&diagrams.dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", diagrams.dir.display())))?;
    }
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
    let mut drawings = Drawings::default();
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            if !first {
                writeln!(out)?;
            }
            first = false;
            let mut record = annotate(&item, options.positions);
            if let Some(diagrams) = &options.diagrams {
                draw_plies(&item, &mut record, diagrams, &options.read, &mut drawings)?;
            }
            write!(out, "{}", write_game_as(&record, options.nags))
        })?;
        out.flush()
    })();
    drawings.report();
    report("annotated", &tally);
    conclude(output, &tally)
}

/// The annotated record of one game.
pub fn annotate(item: &Item, positions: Positions) -> GameRecord {
    let mut record = item.record.clone();
    let replay = &item.replay;
    // The record's own annotator keeps the credit; tgn signs only unsigned records.
    if record.tag("Annotator").is_none() {
        record.set_tag("Annotator", format!("tgn {}", env!("CARGO_PKG_VERSION")));
    }
    if let Some(start) = replay
        .start
        .as_ref()
        .filter(|_| positions == Positions::EveryMove)
    {
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

/// Which plies `annotate --diagrams` draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DiagramPlies {
    /// Every ply, or as many spread over the game as its limits allow (a diagram
    /// every Nth ply, N the smallest that fits, and its last).
    #[default]
    All,
    /// The start, every Nth ply and the last (`--diagram-every N`).
    Every(u32),
    /// These plies (`--diagram-plies 0,10,end`); those past the end are not drawn.
    Plies { plies: Vec<u32>, end: bool },
}

impl DiagramPlies {
    /// Whether ply `ply` of a main line of `last` plies is drawn, every `step`th.
    fn wants(&self, ply: u32, last: u32, step: u32) -> bool {
        match self {
            DiagramPlies::All | DiagramPlies::Every(_) => {
                ply.is_multiple_of(step.max(1)) || ply == last
            }
            DiagramPlies::Plies { plies, end } => plies.contains(&ply) || (*end && ply == last),
        }
    }
}

/// What `annotate --diagrams` is asked to draw, and where.
#[derive(Clone, Debug)]
pub struct DiagramOptions {
    pub dir: PathBuf,
    pub plies: DiagramPlies,
    /// Replace files that exist (else an existing file is an error).
    pub force: bool,
}

/// Most diagrams one game gets, and most bytes of them.
pub const GAME_FILES: usize = 1_000;
pub const GAME_BYTES: usize = 20_000_000;
/// Most diagrams one run writes, and most bytes of them: a 26×99 Mig Mang board
/// drawn is 660 KB, so that a 50 KB record once wrote 3.3 GB.
pub const RUN_FILES: usize = 10_000;
pub const RUN_BYTES: usize = 200_000_000;

/// The diagrams of one run: their names and what they have written.
#[derive(Default)]
pub struct Drawings {
    /// The file name stems used so far, lower-cased (names differing only in case
    /// collide on Windows and macOS), and the current input's.
    stems: HashSet<String>,
    input: Option<(Arc<str>, String)>,
    files: usize,
    bytes: usize,
    /// Games that got no diagram, or not all, for the run's limit.
    games_cut: usize,
}

impl Drawings {
    /// The stem of the diagrams of the input `file`: its name's, safe on every file
    /// system, with `.2`, `.3`… when an earlier input of the run had it (two
    /// `g.pgn` in different folders never write the same file).
    fn stem(&mut self, file: &Arc<str>) -> String {
        if let Some((input, stem)) = &self.input
            && Arc::ptr_eq(input, file)
        {
            return stem.clone();
        }
        // Standard input is named `<stdin>`: no name for a file.
        let name = Path::new(&**file)
            .file_stem()
            .filter(|_| !file.starts_with('<'))
            .map_or("stdin".into(), |s| s.to_string_lossy());
        let base = safe_name(&name);
        let mut stem = base.clone();
        let mut n = 1;
        while self.stems.contains(&stem.to_lowercase()) {
            n += 1;
            stem = format!("{base}.{n}");
        }
        self.stems.insert(stem.to_lowercase());
        self.input = Some((file.clone(), stem.clone()));
        stem
    }

    /// Says on stderr how many games the run's limit left without their diagrams.
    pub fn report(&self) {
        if self.games_cut > 0 {
            eprintln!(
                "tgn: {} got fewer diagrams than asked for: a run writes at most {} \
                 diagrams and {} MB (tgn annotate limits)",
                plural(self.games_cut, "game"),
                RUN_FILES,
                RUN_BYTES / 1_000_000
            );
        }
    }
}

/// Why a game's diagrams stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cut {
    Game,
    Run,
}

/// Writes a diagram of the plies of the main line `options` selects into its
/// directory, as `<file>-<game>-<ply>.svg`, and names each in a comment: the start's
/// before the moves, each ply's after the move that ends it. A game that cannot be
/// replayed gets none. Past a limit (a game's, the run's) the rest is not drawn, and
/// stderr says what.
fn draw_plies(
    item: &Item,
    record: &mut GameRecord,
    options: &DiagramOptions,
    read: &Reading,
    drawings: &mut Drawings,
) -> io::Result<()> {
    let Some(found) = item.replay.game.and_then(|info| registry::find(info.id)) else {
        return Ok(());
    };
    let stem = drawings.stem(&item.file);
    let last = item.replay.plies;
    let mut step = match options.plies {
        DiagramPlies::Every(n) => n,
        _ => 1,
    };
    let (mut files, mut bytes) = (0, 0);
    let mut names = BTreeMap::new();
    let mut cut = None;
    let mut failed = None;
    // Asked for and not drawn, and the first of them.
    let (mut missed, mut first_missed) = (0, None);
    let run_cut_before = drawings.files >= RUN_FILES || drawings.bytes >= RUN_BYTES;
    let last_drawn = super::last_ply_to_draw(item);
    let mut visit = |ply, draw: &dyn Fn() -> crate::games::Diagram| {
        if !options.plies.wants(ply, last, step) {
            return ControlFlow::Continue(());
        }
        if cut.is_some() {
            missed += 1;
            first_missed.get_or_insert(ply);
            return ControlFlow::Continue(());
        }
        if drawings.files >= RUN_FILES || drawings.bytes >= RUN_BYTES {
            cut = Some(Cut::Run);
            missed += 1;
            first_missed = Some(ply);
            return ControlFlow::Continue(());
        }
        let svg = svg::write(found.info.id, &draw());
        if ply == 0 && options.plies == DiagramPlies::All {
            step = spread(last, svg.len());
        }
        let over_game = files + 1 > GAME_FILES || bytes + svg.len() > GAME_BYTES;
        let over_run = drawings.files + 1 > RUN_FILES || drawings.bytes + svg.len() > RUN_BYTES;
        if over_game || over_run {
            cut = Some(if over_game { Cut::Game } else { Cut::Run });
            missed += 1;
            first_missed = Some(ply);
            return ControlFlow::Continue(());
        }
        let path = options
            .dir
            .join(format!("{stem}-{}-{ply:03}.svg", item.index + 1));
        let written = open_output(&path, true, options.force).and_then(|mut file| {
            file.write_all(svg.as_bytes())
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        });
        if let Err(e) = written {
            failed = Some(e);
            return ControlFlow::Break(());
        }
        files += 1;
        bytes += svg.len();
        drawings.files += 1;
        drawings.bytes += svg.len();
        names.insert(ply, format!("diagram: {}", path.display()));
        ControlFlow::Continue(())
    };
    let walked = super::allowance::walk(&item.replay, || {
        each_diagram(
            found,
            &item.record,
            &read.replay,
            &mut |ply, draw| match visit(ply, draw) {
                ControlFlow::Continue(()) if Some(ply) == last_drawn => ControlFlow::Break(()),
                flow => flow,
            },
        )
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if walked.is_err() {
        return Ok(());
    }
    let game = format!("{}: game {}", shown(&item.file), item.index + 1);
    if options.plies == DiagramPlies::All && step > 1 {
        eprintln!(
            "tgn: {game}: {}: a diagram every {step}th ply and the last, to stay within a \
             game's limits (--diagram-every or --diagram-plies asks for others)",
            plural(last as usize, "ply")
        );
    }
    match cut {
        Some(Cut::Game) => eprintln!(
            "tgn: {game}: {} asked for not drawn, from ply {}: a game gets at most {} \
             diagrams and {} MB (--diagram-every or --diagram-plies asks for fewer)",
            plural(missed, "diagram"),
            first_missed.unwrap_or(0),
            GAME_FILES,
            GAME_BYTES / 1_000_000
        ),
        Some(Cut::Run) => {
            drawings.games_cut += 1;
            // Said once, when the limit is reached; the end of the run counts the rest.
            if !run_cut_before {
                eprintln!(
                    "tgn: {game}: {} asked for not drawn, from ply {}, nor any of the \
                     games after it: a run writes at most {} diagrams and {} MB",
                    plural(missed, "diagram"),
                    first_missed.unwrap_or(0),
                    RUN_FILES,
                    RUN_BYTES / 1_000_000
                );
            }
        }
        None => {}
    }
    name_diagrams(item, record, names);
    Ok(())
}

/// Every how many plies a game of `last` plies is drawn by default, each picture
/// about `size` bytes, to stay within its limits.
fn spread(last: u32, size: usize) -> u32 {
    let fit = GAME_FILES.min(GAME_BYTES / size.max(1)).max(2) - 1;
    let plies = last as usize + 1;
    u32::try_from(plies.div_ceil(fit))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// Names each diagram drawn (by ply) in a comment: the start's before the moves,
/// each ply's after the move that ends it.
fn name_diagrams(item: &Item, record: &mut GameRecord, mut names: BTreeMap<u32, String>) {
    if let Some(start) = names.remove(&0) {
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
        if !turn_goes_on && let Some(name) = names.remove(&played.ply) {
            let at = node.comments.len();
            once(&mut node.comments, at, name);
        }
    }
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
    positions: Positions,
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
                    // A checkpoint stands where a turn written as several tokens
                    // ends, at its last one (every move's position is after each).
                    let turn_ends = positions == Positions::EveryMove
                        || !matches!(
                            line.nodes.get(i + 1).map(|n| &n.status),
                            Some(Status::Played(next)) if next.ply == played.ply
                        );
                    if let Some(comment) = positions
                        .after(played.ply, &detail.position)
                        .filter(|_| turn_ends)
                    {
                        once(&mut node.comments, 1, comment);
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
    write_moves(nodes, NagStyle::Codes)
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
