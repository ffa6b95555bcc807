//! The mill board (section 1 of the rules): 24 points on three concentric squares,
//! drawn on the 7×7 lattice of the shared [`Board`], with or without the four corner
//! diagonals, and what the rules read from it — neighbours (R3) and mills (R5).
//!
//! The engine numbers the 24 points 0..24 in the board's own order (rank by rank from
//! `a1`: `a1 d1 g1 b2 d2 f2 c3 …`), so a side's pieces fit in one `u32` bitboard. That
//! numbering is internal; the numeric notation of the records is [`NUMERIC`].

use std::sync::OnceLock;

use crate::games::common::board::PointName;
use crate::games::common::{Board, Dir, Point};

/// One of the 24 points, as a bit index of the bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot(u8);

impl Spot {
    /// The bitboard with only this point.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The points of a bitboard, in engine order.
pub fn spots(mask: u32) -> impl Iterator<Item = Spot> {
    (0..24u8).filter(move |i| mask & (1 << i) != 0).map(Spot)
}

/// The most mills through one point: two lines on the plain board, and on Morabaraba's
/// a corner's diagonal too (four leaves room).
const MOST_MILLS_AT_A_POINT: usize = 4;

/// The numeric notation (PlayOK-style `12`, `12-13`, `x12`): point number `n` is
/// `NUMERIC[n - 1]`. Rows from top to bottom, each left to right. This is the one table
/// of the numbering; everything else reads it.
pub const NUMERIC: [&str; 24] = [
    "a7", "d7", "g7", // 1–3
    "b6", "d6", "f6", // 4–6
    "c5", "d5", "e5", // 7–9
    "a4", "b4", "c4", "e4", "f4", "g4", // 10–15
    "c3", "d3", "e3", // 16–18
    "b2", "d2", "f2", // 19–21
    "a1", "d1", "g1", // 22–24
];

/// A mill board: the shared point graph and the tables the rules need.
#[derive(Debug)]
pub struct MillBoard {
    board: Board,
    /// Spot → lattice point.
    points: Vec<Point>,
    /// Lattice index → spot.
    spot_of: Vec<Option<Spot>>,
    /// Spot → the bitboard of its neighbours along a line (R3).
    neighbours: Vec<u32>,
    /// Every mill (R5) as a bitboard of its three points.
    mills: Vec<u32>,
    /// Spot → the mills through it, in the order of `mills` (0: no more).
    through: Vec<[u32; MOST_MILLS_AT_A_POINT]>,
    /// Spot → its number in the numeric notation.
    numbers: Vec<u8>,
}

impl MillBoard {
    /// Morabaraba's board (with diagonals) or Nine Men's Morris' (without), built once.
    pub fn get(diagonals: bool) -> &'static MillBoard {
        static WITH: OnceLock<MillBoard> = OnceLock::new();
        static WITHOUT: OnceLock<MillBoard> = OnceLock::new();
        if diagonals {
            WITH.get_or_init(|| MillBoard::build(true))
        } else {
            WITHOUT.get_or_init(|| MillBoard::build(false))
        }
    }

    /// Lays out the points and lines of section 1 on the lattice, then derives the
    /// neighbour and mill tables from the lines.
    fn build(diagonals: bool) -> MillBoard {
        let mut board = Board::empty(7, 7);
        let mut at = |name: &str| {
            let b = name.as_bytes();
            board.add_point(b[0] - b'a' + 1, b[1] - b'0')
        };
        let rows = [
            ["a1", "d1", "g1"],
            ["b2", "d2", "f2"],
            ["c3", "d3", "e3"],
            ["a4", "b4", "c4"],
            ["e4", "f4", "g4"],
            ["c5", "d5", "e5"],
            ["b6", "d6", "f6"],
            ["a7", "d7", "g7"],
        ];
        let columns = [
            ["a1", "a4", "a7"],
            ["b2", "b4", "b6"],
            ["c3", "c4", "c5"],
            ["d1", "d2", "d3"],
            ["d5", "d6", "d7"],
            ["e3", "e4", "e5"],
            ["f2", "f4", "f6"],
            ["g1", "g4", "g7"],
        ];
        let diagonal_lines = [
            (Dir::NE, ["a1", "b2", "c3"]),
            (Dir::NW, ["g1", "f2", "e3"]),
            (Dir::SE, ["a7", "b6", "c5"]),
            (Dir::SW, ["g7", "f6", "e5"]),
        ];
        let mut lines: Vec<(Dir, [Point; 3])> = Vec::new();
        for row in rows {
            lines.push((Dir::E, row.map(&mut at)));
        }
        for column in columns {
            lines.push((Dir::N, column.map(&mut at)));
        }
        if diagonals {
            for (dir, line) in diagonal_lines {
                lines.push((dir, line.map(&mut at)));
            }
        }
        for (dir, line) in &lines {
            board.join_line(*dir, line);
        }
        MillBoard::from_board(board)
    }

    fn from_board(board: Board) -> MillBoard {
        let points: Vec<Point> = board.points().collect();
        assert_eq!(points.len(), 24, "a mill board has 24 points");
        let mut spot_of = vec![None; board.lattice_size()];
        for (i, p) in points.iter().enumerate() {
            spot_of[p.index()] = Some(Spot(i as u8));
        }
        let spot = |p: Point| spot_of[p.index()].expect("a point of the board");
        let neighbours = points
            .iter()
            .map(|&p| board.neighbours(p).fold(0, |m, (_, q)| m | spot(q).bit()))
            .collect();
        // A mill is three points in a row along one line: walk two steps from every
        // point in the four "forward" directions (the others find the same triples).
        let mut mills = Vec::new();
        for &p in &points {
            for dir in [Dir::E, Dir::N, Dir::NE, Dir::NW] {
                let Some(q) = board.step(p, dir) else {
                    continue;
                };
                let Some(r) = board.step(q, dir) else {
                    continue;
                };
                mills.push(spot(p).bit() | spot(q).bit() | spot(r).bit());
            }
        }
        let mut numbers = vec![0; 24];
        for (n, name) in NUMERIC.iter().enumerate() {
            let p = board
                .parse_point(name)
                .expect("the numeric table names points");
            numbers[spot(p).index()] = n as u8 + 1;
        }
        let mut through = vec![[0; MOST_MILLS_AT_A_POINT]; points.len()];
        for &mill in &mills {
            for s in spots(mill) {
                let free = through[s.index()].iter().position(|&m| m == 0);
                through[s.index()][free.expect("at most four mills through a point")] = mill;
            }
        }
        MillBoard {
            board,
            points,
            spot_of,
            neighbours,
            mills,
            through,
            numbers,
        }
    }

    /// The point named like `d2` (any case).
    pub fn parse_name(&self, text: &str) -> Option<Spot> {
        let p = self.board.parse_point(text)?;
        self.spot_of.get(p.index()).copied().flatten()
    }

    /// A point by name (`d2`) or by number in the numeric notation (`20`).
    pub fn parse_point(&self, text: &str) -> Option<Spot> {
        match text.parse::<u32>() {
            Ok(n) => self.from_number(n),
            Err(_) => self.parse_name(text),
        }
    }

    /// The point numbered `n` (1–24) in the numeric notation.
    #[allow(clippy::wrong_self_convention)] // a point of this board, found by number
    pub fn from_number(&self, n: u32) -> Option<Spot> {
        let index = usize::try_from(n).ok()?.checked_sub(1)?;
        self.parse_name(NUMERIC.get(index)?)
    }

    /// The point's name, e.g. `d2`.
    pub fn name(&self, s: Spot) -> String {
        self.point_name(s).to_string()
    }

    /// The point's name, to be written out (only when it is: see [`PointName`]).
    pub fn point_name(&self, s: Spot) -> PointName {
        self.board.name(self.points[s.index()])
    }

    /// The point's number in the numeric notation (1–24).
    pub fn number(&self, s: Spot) -> u8 {
        self.numbers[s.index()]
    }

    /// 1-based file and rank, for drawing.
    pub fn coords(&self, s: Spot) -> (u8, u8) {
        self.board.coords(self.points[s.index()])
    }

    /// Every line segment of the board once, as its two ends and the direction from
    /// the first to the second (for drawing).
    pub fn segments(&self) -> impl Iterator<Item = (Spot, Dir, Spot)> + '_ {
        self.points.iter().flat_map(move |&p| {
            [Dir::E, Dir::N, Dir::NE, Dir::NW]
                .into_iter()
                .filter_map(move |d| self.board.step(p, d).map(|q| (d, q)))
                .map(move |(d, q)| (self.spot(p), d, self.spot(q)))
        })
    }

    fn spot(&self, p: Point) -> Spot {
        self.spot_of[p.index()].expect("a point of the board")
    }

    /// The neighbours of a point along lines (R3).
    pub fn neighbours(&self, s: Spot) -> u32 {
        self.neighbours[s.index()]
    }

    /// Every mill (R5) as a bitboard.
    #[cfg(test)]
    pub fn mills(&self) -> &[u32] {
        &self.mills
    }

    /// The mills through `s` that `men` occupies completely.
    pub fn mills_at(&self, s: Spot, men: u32) -> impl Iterator<Item = u32> + '_ {
        self.through[s.index()]
            .iter()
            .copied()
            .filter(move |&m| m != 0 && m & men == m)
    }

    /// How many complete mills `men` has (El Filja's removals when placing ends).
    pub fn in_mills_count(&self, men: u32) -> u8 {
        self.mills.iter().filter(|&&m| m & men == m).count() as u8
    }

    /// The pieces of `men` that stand in one of their complete mills (R6).
    pub fn in_mills(&self, men: u32) -> u32 {
        self.mills
            .iter()
            .filter(|&&m| m & men == m)
            .fold(0, |acc, &m| acc | m)
    }

    /// A mill written as its points as the rules list them: left to right, bottom to
    /// top, diagonals from their outer corner (`a1 d1 g1`, `c3 c4 c5`, `g7 f6 e5`).
    pub fn mill_name(&self, mill: u32) -> String {
        let mut points: Vec<Spot> = spots(mill).collect();
        points.sort_by_key(|&s| self.coords(s));
        let files: Vec<u8> = points.iter().map(|&s| self.coords(s).0).collect();
        let diagonal = files.windows(2).all(|w| w[0] != w[1])
            && points
                .windows(2)
                .all(|w| self.coords(w[0]).1 != self.coords(w[1]).1);
        if diagonal && files.first().is_some_and(|&f| f > 4) {
            points.reverse();
        }
        points
            .iter()
            .map(|&s| self.name(s))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Every point.
    pub fn all(&self) -> u32 {
        (1 << 24) - 1
    }
}
