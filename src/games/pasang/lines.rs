//! E7: the lines a KA sees along one axis.

use super::position::{Cell, Position, Sq};

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

/// A line (E7): its stones, nearest to the KA first on each side (west/south side
/// first), and their colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub axis: Axis,
    pub colour: Cell,
    pub stones: Vec<Sq>,
    /// Whether the KA stands inside the line (both side runs joined).
    pub split: bool,
}

impl Line {
    /// Valid lines have an odd number of stones (E7).
    pub fn is_valid(&self) -> bool {
        self.stones.len() % 2 == 1
    }

    /// The stones in board order, for comparing with a written list.
    pub fn sorted(&self) -> Vec<Sq> {
        let mut v = self.stones.clone();
        v.sort();
        v
    }

    /// The stone named in the canonical `x` part: the one nearest the KA (the first
    /// met; when the KA stands inside the line, the one on its west or south side).
    pub fn named(&self) -> Sq {
        self.stones[0]
    }
}

/// One side run from `at` in direction `(df, dr)`: empty and centre cells skipped,
/// the first stone fixes the colour, a stone of the other colour, a KA or the edge
/// stops it.
fn side_run(position: &Position, at: Sq, (df, dr): (i32, i32)) -> Option<(Cell, Vec<Sq>)> {
    let mut colour = None;
    let mut run = Vec::new();
    let mut sq = at;
    while let Some(next) = sq.offset(df, dr) {
        sq = next;
        match position.get(sq) {
            Cell::Empty | Cell::Centre => {}
            Cell::Ka(_) => break,
            stone => match colour {
                None => {
                    colour = Some(stone);
                    run.push(sq);
                }
                Some(c) if c == stone => run.push(sq),
                Some(_) => break,
            },
        }
    }
    colour.map(|c| (c, run))
}

/// The lines the KA at `at` sees along `axis` (E7), valid or not.
pub fn lines(position: &Position, at: Sq, axis: Axis) -> Vec<Line> {
    let [low, high] = axis.steps();
    match (side_run(position, at, low), side_run(position, at, high)) {
        (Some((a, mut west)), Some((b, east))) if a == b => {
            west.extend(east);
            vec![Line {
                axis,
                colour: a,
                stones: west,
                split: true,
            }]
        }
        (one, other) => [one, other]
            .into_iter()
            .flatten()
            .map(|(colour, stones)| Line {
                axis,
                colour,
                stones,
                split: false,
            })
            .collect(),
    }
}
