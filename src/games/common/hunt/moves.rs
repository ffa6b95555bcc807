//! What a hunt game's turn is: the move type the notation reads into and the rules
//! play (in a file of its own, so that the notation and the rules each import it and
//! neither imports the other).

#[cfg(doc)]
use super::Hunt;
use crate::games::common::Point;
use crate::games::common::capture::Points;

/// What [`Hunt`] plays.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// R5, V2: a lama or man from hand onto an empty point.
    Drop(Point),
    /// R2, R6, V2, V4: a step along a line to a neighbouring empty point.
    Step { from: Point, to: Point },
    /// R3/R4: a prince's chain, every landing point and the lama taken on each leg;
    /// V3: a tiger's jump, one landing point and every man of the run it clears.
    Capture {
        from: Point,
        landings: Points,
        captured: Points,
    },
    /// V1: three central men removed (in the board's order), and perhaps a tiger moved
    /// anywhere empty.
    Opening {
        removed: Vec<Point>,
        relocation: Option<(Point, Point)>,
    },
}
