//! One position of a record as a [`Diagram`] (`tgn diagram`): the main line replayed
//! up to the ply asked for, and the game's scene of the position there with the move
//! that led to it.

use std::fmt;
use std::ops::ControlFlow;

use super::{Refusal, Settings, foreign_option, start_from, step};
use crate::games::options::Setup;
use crate::games::registry::{Found, GameVisitor};
use crate::games::{Diagram, GameInfo, Rules};
use crate::record::GameRecord;

/// Which position of the main line to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// After this many plies (0: the start).
    Ply(u32),
    /// Where the main line ends (or where its first bad move stops it).
    End,
}

/// A drawn position and where in the game it stands.
#[derive(Debug)]
pub struct Drawn {
    pub diagram: Diagram,
    /// The plies played to reach it.
    pub ply: u32,
    /// Why the line stopped before the end asked for (a bad move), if it did.
    pub stopped: Option<Stopped>,
}

/// A move of the main line that could not be played, so that the walk stopped there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The move's ply (1 for the first move).
    pub ply: u32,
    /// The move as written.
    pub written: String,
    /// Why it could not be played: what `check` says of it.
    pub refusal: Refusal,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ply {} ({}): {}",
            self.ply, self.written, self.refusal.message
        )
    }
}

/// The scene of `record`, a record of `game`, at `stop` (`tgn diagram`).
///
/// # Errors
/// A setup the rules refuse, or a ply past the end of the main line.
pub fn diagram(
    game: Found,
    record: &GameRecord,
    settings: &Settings,
    stop: Stop,
) -> Result<Drawn, String> {
    struct Visit<'a>(&'a GameRecord, &'a Settings, Stop);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Drawn, String>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            diagram_with::<R>(game, self.0, self.1, self.2)
        }
    }
    game.dispatch(Visit(record, settings, stop))
}

/// [`diagram`] by a game's [`Rules`]: the scene of `record` (a game of `info`) at `stop`.
///
/// # Errors
/// A setup the rules refuse, or a ply past the end of the main line.
pub fn diagram_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
    stop: Stop,
) -> Result<Drawn, String> {
    let rules = configure::<R>(info, record, settings)?;
    let mut drawn = None;
    let (ply, stopped) = walk(&rules, record, stop, |_, position, last| {
        drawn = Some((position.clone(), last.cloned()));
        ControlFlow::Continue(())
    })?;
    if let Stop::Ply(wanted) = stop
        && wanted > ply
    {
        return Err(match stopped {
            Some(why) => format!("the main line stops at ply {ply}, before ply {wanted}: {why}"),
            None => format!("the main line has {ply} plies, not {wanted}"),
        });
    }
    let (position, last_move) = drawn.ok_or("the main line has no start")?;
    let mut diagram = rules.diagram(&position, last_move.as_ref());
    finish(&rules, &position, &mut diagram);
    Ok(Drawn {
        diagram,
        ply,
        stopped,
    })
}

/// What [`each_diagram_with`] shows each ply to: the ply, and a way to draw it.
pub type EachPly<'a> = dyn FnMut(u32, &dyn Fn() -> Diagram) -> ControlFlow<()> + 'a;

/// Shows `visit` the start and every ply of the main line of `record`, a record of
/// `game`, as far as it is legal (see [`each_diagram_with`]); `visit` may stop.
///
/// # Errors
/// A setup the rules refuse.
pub fn each_diagram(
    game: Found,
    record: &GameRecord,
    settings: &Settings,
    visit: &mut EachPly<'_>,
) -> Result<(), String> {
    struct Visit<'a, 'v>(&'a GameRecord, &'a Settings, &'a mut EachPly<'v>);
    impl GameVisitor for Visit<'_, '_> {
        type Output = Result<(), String>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            each_diagram_with::<R>(game, self.0, self.1, self.2)
        }
    }
    game.dispatch(Visit(record, settings, visit))
}

/// Shows `visit` the start and every ply of the main line, as far as it is legal,
/// in order (`tgn view`, `tgn annotate --diagrams`): the ply, and a way to draw its
/// scene, so that a ply not wanted costs no drawing and no scene is kept. `visit`
/// may stop the walk.
///
/// # Errors
/// A setup the rules refuse.
pub fn each_diagram_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
    visit: &mut EachPly<'_>,
) -> Result<(), String> {
    let rules = configure::<R>(info, record, settings)?;
    walk(&rules, record, Stop::End, |ply, position, last| {
        visit(ply, &|| {
            let mut diagram = rules.diagram(position, last);
            finish(&rules, position, &mut diagram);
            diagram
        })
    })?;
    Ok(())
}

/// The scene of a position that has ended the game gives the result and the reason
/// in place of who is to move (issue 37).
fn finish<R: Rules>(rules: &R, position: &R::Position, diagram: &mut Diagram) {
    if let Some(outcome) = rules.outcome(position) {
        diagram.game_over(&outcome);
    }
}

fn configure<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
) -> Result<R, String> {
    if let Some(error) = foreign_option::<R>(info, &settings.options) {
        return Err(error.message);
    }
    R::configure(&Setup::of_record(info, &record.tags, &settings.options)).map_err(|e| e.message)
}

/// Plays the main line up to `stop`, showing `visit` the start (ply 0) and the
/// position at the end of every ply with its ply and its last move (a turn written as
/// several tokens, a mill's removal, is shown once, whole, or as far as it went when
/// the line stops inside it). Gives the plies played and, if a bad move stopped the
/// line, why; `visit` may stop it early.
fn walk<R: Rules>(
    rules: &R,
    record: &GameRecord,
    stop: Stop,
    mut visit: impl FnMut(u32, &R::Position, Option<&R::Move>) -> ControlFlow<()>,
) -> Result<(u32, Option<Stopped>), String> {
    let mut position = start_from(rules, record.tag("FEN"), record.tag("SetUp"))
        .map_err(|e| format!("bad position string in [FEN]: {e}"))?;
    if visit(0, &position, None).is_break() {
        return Ok((0, None));
    }
    let mut ply = 0;
    // The last move of a ply not shown yet: its turn goes on.
    let mut unshown: Option<R::Move> = None;
    let mut stopped = None;
    for node in &record.moves {
        // A token finishing a turn left half done (a mill's removal) shares its ply.
        let continues = unshown.is_some();
        if !continues && stop == Stop::Ply(ply) {
            break;
        }
        // A move refused is not played (the replay calls it an error, in the same
        // words); the position before it is the last drawn.
        match step(rules, &position, &node.text) {
            Ok(mv) => {
                rules.play(&mut position, &mv);
                ply += u32::from(!continues);
                if rules.unfinished_turn(&position).is_some() {
                    unshown = Some(mv);
                } else {
                    unshown = None;
                    if visit(ply, &position, Some(&mv)).is_break() {
                        return Ok((ply, None));
                    }
                }
            }
            Err(refusal) => {
                stopped = Some(Stopped {
                    ply: ply + u32::from(!continues),
                    written: node.text.to_string(),
                    refusal,
                });
                break;
            }
        }
    }
    if let Some(mv) = unshown {
        // The line stopped inside a turn: its ply as far as it went. (Whatever
        // `visit` says, the walk ends here.)
        let _ = visit(ply, &position, Some(&mv));
    }
    Ok((ply, stopped))
}
