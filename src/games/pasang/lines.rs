//! E7: the lines a KA sees along one axis.

use super::position::{Cell, Position, SIDE, Sq};

/// An axis through a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Along the rank (west–east).
    Rank,
    /// Along the file (south–north).
    File,
}

impl Axis {
    /// The two directions of the axis as (file, rank) steps: west/south first.
    pub fn steps(self) -> [(i32, i32); 2] {
        match self {
            Axis::Rank => [(-1, 0), (1, 0)],
            Axis::File => [(0, -1), (0, 1)],
        }
    }

    /// The axis a move of `(df, dr)` runs along.
    pub fn of_move(_df: i32, dr: i32) -> Axis {
        if dr == 0 { Axis::Rank } else { Axis::File }
    }

    /// The other axis (E6's right angle).
    pub fn across(self) -> Axis {
        match self {
            Axis::Rank => Axis::File,
            Axis::File => Axis::Rank,
        }
    }

    /// How the axis through `at` is named in messages: `rank 7`, `file c`.
    pub fn through(self, at: Sq) -> String {
        match self {
            Axis::Rank => format!("rank {}", at.rank()),
            Axis::File => format!("file {}", super::position::file_letter(at.file())),
        }
    }
}

/// The stones of a line: at most those of a whole rank or file but the KA's, held in
/// place (lines are listed for every capture of a game). A line can never hold more,
/// so a fixed array serves, with no question of spilling at every stone.
pub type Stones = arrayvec::ArrayVec<Sq, { SIDE as usize - 1 }>;

/// A line (E7): its stones, nearest to the KA first on each side (west/south side
/// first), and their colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub axis: Axis,
    pub colour: Cell,
    pub stones: Stones,
    /// Whether the KA stands inside the line (both side runs joined).
    pub split: bool,
}

impl Line {
    /// Valid lines have an odd number of stones (E7).
    pub fn is_valid(&self) -> bool {
        self.stones.len() % 2 == 1
    }

    /// The stones in board order, for comparing with a written list.
    pub fn sorted(&self) -> Stones {
        let mut v = self.stones.clone();
        v.sort_unstable();
        v
    }

    /// The stone named in the canonical `x` part: the one nearest the KA (the first
    /// met; when the KA stands inside the line, the one on its west or south side).
    pub fn named(&self) -> Sq {
        self.stones[0]
    }
}

/// The board as a KA that has just stepped sees it: the position before the step,
/// with the cell it left read as empty. (The cell it stepped to is never looked at:
/// the lines run away from it.) Nothing is copied to make the step.
#[derive(Clone, Copy)]
pub struct Stepped<'a> {
    pub before: &'a Position,
    /// The cell the KA left.
    pub left: Sq,
}

impl Stepped<'_> {
    fn get(self, sq: Sq) -> Cell {
        if sq == self.left {
            Cell::Empty
        } else {
            self.before.get(sq)
        }
    }
}

/// One side run from `at` in direction `(df, dr)`: empty and centre cells skipped,
/// the first stone fixes the colour, a stone of the other colour, a KA or the edge
/// stops it. Each stone of the run is handed to `stone`; gives the run's colour, if
/// it has a stone.
fn side_walk(
    board: Stepped<'_>,
    at: Sq,
    (df, dr): (i32, i32),
    mut stone: impl FnMut(Sq),
) -> Option<Cell> {
    let mut colour = None;
    for sq in at.ray(df, dr) {
        match board.get(sq) {
            Cell::Empty | Cell::Centre => {}
            Cell::Ka(_) => break,
            cell => match colour {
                None => {
                    colour = Some(cell);
                    stone(sq);
                }
                Some(c) if c == cell => stone(sq),
                Some(_) => break,
            },
        }
    }
    colour
}

/// E7's lines from the two side runs of an axis: one line through the KA when both
/// runs have the same colour (`join` makes its stones, and the line is split), else
/// each run its own line.
fn join<T>(
    low: Option<(Cell, T)>,
    high: Option<(Cell, T)>,
    join: impl FnOnce(T, T) -> T,
) -> [Option<(Cell, T, bool)>; 2] {
    match (low, high) {
        (Some((a, west)), Some((b, east))) if a == b => [Some((a, join(west, east), true)), None],
        (one, other) => [
            one.map(|(c, run)| (c, run, false)),
            other.map(|(c, run)| (c, run, false)),
        ],
    }
}

/// Lines the KA sees: at most two along an axis, four along both; held in place.
pub type Lines = arrayvec::ArrayVec<Line, 4>;

/// The lines the KA at `at` sees along `axis` (E7), valid or not, added to `seen`:
/// [`join`]'s lines with each run's stones gathered where its line is kept rather
/// than moved there afterwards (a test holds the two to each other).
pub fn see_lines(board: Stepped<'_>, at: Sq, axis: Axis, seen: &mut Lines) {
    let [low, high] = axis.steps();
    let line = |colour| Line {
        axis,
        colour,
        stones: Stones::new(),
        split: false,
    };
    seen.push(line(Cell::Empty));
    let west = seen.len() - 1;
    let west_colour = side_walk(board, at, low, |sq| seen[west].stones.push(sq));
    seen.push(line(Cell::Empty));
    let east = seen.len() - 1;
    let east_colour = side_walk(board, at, high, |sq| seen[east].stones.push(sq));
    match (west_colour, east_colour) {
        (Some(a), Some(b)) if a == b => {
            let east_run = seen.pop().expect("pushed above").stones;
            let joined = &mut seen[west];
            joined.stones.extend(east_run);
            (joined.colour, joined.split) = (a, true);
        }
        _ => {
            match east_colour {
                Some(colour) => seen[east].colour = colour,
                None => drop(seen.pop()),
            }
            match west_colour {
                Some(colour) => seen[west].colour = colour,
                None => drop(seen.remove(west)),
            }
        }
    }
}

/// Whether the KA at `at` sees a valid line along `axis` (E7): [`see_lines`]
/// counted, not kept (asked for every step of every move, to know whether a turn is
/// left).
pub fn sees_valid_line(board: Stepped<'_>, at: Sq, axis: Axis) -> bool {
    let count = |step| {
        let mut stones = 0usize;
        side_walk(board, at, step, |_| stones += 1).map(|colour| (colour, stones))
    };
    let [low, high] = axis.steps();
    join(count(low), count(high), |west, east| west + east)
        .into_iter()
        .flatten()
        .any(|(_, stones, _)| stones % 2 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Player;
    use crate::games::pasang::position::CELLS;

    /// E7 read the plain way: each side run collected, then [`join`]ed into lines.
    fn joined_lines(board: Stepped<'_>, at: Sq, axis: Axis) -> Vec<Line> {
        let run = |step| {
            let mut stones = Stones::new();
            side_walk(board, at, step, |sq| stones.push(sq)).map(|colour| (colour, stones))
        };
        let [low, high] = axis.steps();
        let runs = join(run(low), run(high), |mut west, east| {
            west.extend(east);
            west
        });
        runs.into_iter()
            .flatten()
            .map(|(colour, stones, split)| Line {
                axis,
                colour,
                stones,
                split,
            })
            .collect()
    }

    /// `see_lines` and `sees_valid_line` give E7's lines as the plain reading does,
    /// from every cell of 400 drawn boards, along both axes, whichever cell the KA
    /// left.
    #[test]
    fn e7_lines_gathered_in_place_are_the_joined_runs() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut draw = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let kinds = [
            Cell::Empty,
            Cell::White,
            Cell::Black,
            Cell::Centre,
            Cell::Ka(Player::First),
            Cell::Ka(Player::Second),
        ];
        for _ in 0..400 {
            let empties = draw(4);
            let mut cells = [Cell::Empty; CELLS];
            for cell in &mut cells {
                let kind = draw(6 + empties) as usize;
                *cell = kinds.get(kind).copied().unwrap_or(Cell::Empty);
            }
            let position = Position {
                cells,
                scores: [0; 2],
                to_move: Player::First,
                passages: [None; 2],
                corner_pending: false,
                kas: [None; 2],
            };
            let left = Sq(draw(CELLS as u64) as u8);
            let board = Stepped {
                before: &position,
                left,
            };
            for at in Sq::all() {
                for axis in [Axis::Rank, Axis::File] {
                    let expected = joined_lines(board, at, axis);
                    let mut seen = Lines::new();
                    see_lines(board, at, axis, &mut seen);
                    assert_eq!(seen.to_vec(), expected, "{at} {axis:?}");
                    let valid = expected.iter().any(Line::is_valid);
                    assert_eq!(sees_valid_line(board, at, axis), valid, "{at} {axis:?}");
                }
            }
        }
    }
}
