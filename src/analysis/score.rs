//! Scores as the search gives them: a position's value for the player to move, in
//! the game's unit ([`Rules::evaluate`](crate::games::Rules::evaluate)), or a decided
//! win or loss counted in plies from the root. What the search writes and the
//! transposition table keeps, said once for both.

/// The score of a win at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Deepest ply a search reaches; scores within this of [`WIN`] are decided.
pub const MAX_PLY: usize = 256;

/// Plies to the end of a decided score.
pub fn plies_to_end(score: i32) -> Option<u32> {
    decided(score).then(|| (WIN - score.abs()) as u32)
}

/// Whether `score` says a win or a loss is forced.
pub fn decided(score: i32) -> bool {
    score.abs() > WIN - MAX_PLY as i32
}

/// A score as the table keeps it: a decided score counted from this node, not from
/// the root, so that it holds wherever the position is met again.
pub fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if decided(s) && s > 0 => s + ply as i32,
        s if decided(s) => s - ply as i32,
        s => s,
    }
}

/// A table's score as seen from a node at `ply`.
pub fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if decided(s) && s > 0 => s - ply as i32,
        s if decided(s) => s + ply as i32,
        s => s,
    }
}
