//! One position of a record as a [`Diagram`] (`tgn diagram`): the main line replayed
//! up to the ply asked for, and the game's scene of the position there with the move
//! that led to it.

use super::{Settings, foreign_option, start_from};
use crate::games::options::Setup;
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
    pub stopped: Option<String>,
}

/// The scene of `record` (a game of `info`) at `stop`.
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
    let mut last_move = None;
    let (ply, stopped, position) = walk(&rules, record, stop, |_, _, last| {
        last_move = last.cloned();
    })?;
    if let Stop::Ply(wanted) = stop
        && wanted > ply
    {
        return Err(match stopped {
            Some(why) => format!("the main line stops at ply {ply}, before ply {wanted}: {why}"),
            None => format!("the main line has {ply} plies, not {wanted}"),
        });
    }
    let mut diagram = rules.diagram(&position, last_move.as_ref());
    finish(&rules, &position, &mut diagram);
    Ok(Drawn {
        diagram,
        ply,
        stopped,
    })
}

/// The scene at the start and after every ply of the main line, as far as it is
/// legal (`tgn annotate --diagrams`): index `k` is the position after `k` plies.
///
/// # Errors
/// A setup the rules refuse.
pub fn diagrams_with<R: Rules>(
    info: &'static GameInfo,
    record: &GameRecord,
    settings: &Settings,
) -> Result<Vec<Diagram>, String> {
    let rules = configure::<R>(info, record, settings)?;
    let mut diagrams = Vec::new();
    let (_, _, end) = walk(&rules, record, Stop::End, |ply, position, last| {
        // A token finishing a turn (a mill's removal) redraws its ply.
        diagrams.truncate(ply as usize);
        diagrams.push(rules.diagram(position, last));
    })?;
    // Only the line's last position can have ended the game: the walk stops at the
    // first position that has, and no legal move follows a position without one.
    if let Some(last) = diagrams.last_mut() {
        finish(&rules, &end, last);
    }
    Ok(diagrams)
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
/// position after every token with its ply and move. Gives the plies played, why the
/// line stopped if a bad move stopped it, and the position reached.
fn walk<R: Rules>(
    rules: &R,
    record: &GameRecord,
    stop: Stop,
    mut visit: impl FnMut(u32, &R::Position, Option<&R::Move>),
) -> Result<(u32, Option<String>, R::Position), String> {
    let mut position = start_from(rules, record.tag("FEN"), record.tag("SetUp"))
        .map_err(|e| format!("bad position string in [FEN]: {e}"))?;
    visit(0, &position, None);
    let mut ply = 0;
    for node in &record.moves {
        // A token finishing a turn left half done (a mill's removal) shares its ply.
        let continues = ply > 0 && rules.unfinished_turn(&position).is_some();
        if !continues && stop == Stop::Ply(ply) {
            break;
        }
        // A move after the end of the game is not played (the replay calls it an
        // error); the end position is drawn.
        if !continues
            && rules.over_but_for_moves(&position)
            && let Some(outcome) = rules.outcome(&position)
        {
            let stopped = format!(
                "ply {} ({}): move after the end of the game: it ended {} ({})",
                ply + 1,
                &*node.text,
                outcome.result,
                outcome.reason
            );
            return Ok((ply, Some(stopped), position));
        }
        let played = rules
            .parse_token(&node.text)
            .map_err(|e| e.to_string())
            .and_then(|token| rules.resolve(&position, &token).map_err(|e| e.to_string()));
        match played {
            Ok(mv) => {
                rules.play(&mut position, &mv);
                ply += u32::from(!continues);
                visit(ply, &position, Some(&mv));
            }
            Err(why) => {
                let stopped = format!("ply {} ({}): {why}", ply + 1, &*node.text);
                return Ok((ply, Some(stopped), position));
            }
        }
    }
    Ok((ply, None, position))
}
