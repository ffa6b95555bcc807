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
    if let Some(error) = foreign_option::<R>(info, &settings.options) {
        return Err(error.message);
    }
    let rules = R::configure(&Setup::of_record(info, &record.tags, &settings.options))
        .map_err(|e| e.message)?;
    let mut position = start_from(&rules, record.tag("FEN"), record.tag("SetUp"))
        .map_err(|e| format!("bad position string in [FEN]: {e}"))?;
    let mut last = None;
    let mut ply = 0;
    let mut stopped = None;
    for node in &record.moves {
        // A token finishing a turn left half done (a mill's removal) shares its ply.
        let continues = ply > 0 && rules.unfinished_turn(&position).is_some();
        if !continues && stop == Stop::Ply(ply) {
            break;
        }
        let played = rules
            .parse_token(&node.text)
            .map_err(|e| e.to_string())
            .and_then(|token| rules.resolve(&position, &token).map_err(|e| e.to_string()));
        match played {
            Ok(mv) => {
                rules.play(&mut position, &mv);
                last = Some(mv);
                ply += u32::from(!continues);
            }
            Err(why) => {
                stopped = Some(format!("ply {} ({}): {why}", ply + 1, &*node.text));
                break;
            }
        }
    }
    if let Stop::Ply(wanted) = stop
        && wanted > ply
    {
        return Err(match stopped {
            Some(why) => format!("the main line stops at ply {ply}, before ply {wanted}: {why}"),
            None => format!("the main line has {ply} plies, not {wanted}"),
        });
    }
    Ok(Drawn {
        diagram: rules.diagram(&position, last.as_ref()),
        ply,
        stopped,
    })
}
