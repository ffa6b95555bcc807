//! The hunt boards: an alquerque square, alone or with triangles on its sides, as
//! configurations of the shared point-graph [`Board`].
//!
//! The square is `n × n` points (odd `n`) joined orthogonally everywhere and diagonally
//! through every other point, its lower-left corner being one of those ("strong")
//! points. A triangle stands on the middle of the square's bottom or top side: its apex
//! is that middle point, then a row of three points, then a base of three points twice
//! as far apart; the apex is joined to the three middle points, each row across, and
//! each middle point straight on to a base point (Ludii's `wedge 3`). Jumps follow the
//! lines: from `X` over `Y` along a line to the next point `Z` of that line.
//!
//! - [`Layout::SQUARE`]: the plain 5×5 square (`a1`–`e5`), Bagh-chal's board.
//! - [`Layout::TRIANGLES`]: the 37-point board of Kungser, Rimau-rimau and Sixteen
//!   Soldiers: the square on ranks 3–7 and a triangle below (`a1`–`e2`, apex `c3`) and
//!   above (`b8`–`e9`, apex `c7`).

use crate::games::common::board::{Board, Dir};

/// Where a triangle stands on the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Triangle {
    /// On the middle of the bottom side, pointing down.
    Below,
    /// On the middle of the top side, pointing up.
    Above,
}

/// The shape of a hunt board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Points along each side of the square (odd, at least 5 with triangles).
    pub square: u8,
    /// The triangles on the square's sides.
    pub triangles: &'static [Triangle],
}

/// The rank offset of each row of a triangle from its apex, and the files of its
/// points relative to the apex's file: (middle row, base row).
const MIDDLE: [i8; 3] = [-1, 0, 1];
const BASE: [i8; 3] = [-2, 0, 2];

impl Layout {
    /// The plain alquerque square of Bagh-chal: 25 points, `a1`–`e5`.
    pub const SQUARE: Layout = Layout {
        square: 5,
        triangles: &[],
    };

    /// The 37-point board: the 5×5 square on ranks 3–7 with a triangle below and above.
    pub const TRIANGLES: Layout = Layout {
        square: 5,
        triangles: &[Triangle::Below, Triangle::Above],
    };

    fn has(&self, t: Triangle) -> bool {
        self.triangles.contains(&t)
    }

    /// The rank of the square's bottom side.
    pub fn first_square_rank(&self) -> u8 {
        if self.has(Triangle::Below) { 3 } else { 1 }
    }

    /// The ranks of the whole board.
    pub fn ranks(&self) -> u8 {
        self.square + 2 * self.triangles.len() as u8
    }

    /// The file of the square's middle (and of every apex).
    pub fn middle_file(&self) -> u8 {
        self.square.div_ceil(2)
    }

    /// Whether the lattice point `(file, rank)` lies on the square.
    pub fn in_square(&self, file: u8, rank: u8) -> bool {
        let r0 = self.first_square_rank();
        (1..=self.square).contains(&file) && (r0..r0 + self.square).contains(&rank)
    }

    /// The centre of the square.
    #[cfg(test)]
    pub fn centre(&self) -> (u8, u8) {
        (
            self.middle_file(),
            self.first_square_rank() + self.square / 2,
        )
    }

    /// The board: the square, then each triangle joined to it at its apex.
    ///
    /// # Panics
    /// On an even square, or one too small for its triangles (layouts are constants).
    pub fn board(&self) -> Board {
        assert!(self.square % 2 == 1 && (self.triangles.is_empty() || self.square >= 5));
        let r0 = self.first_square_rank();
        let mut board = Board::lattice_of(
            self.square,
            self.ranks(),
            |f, r| self.in_square(f, r),
            // Diagonals through the strong points: the square's lower-left corner and
            // every point an even number of steps from it.
            |f, r, d| !d.is_diagonal() || (f + r - r0) % 2 == 1,
        );
        let m = self.middle_file();
        for &t in self.triangles {
            let (apex, away, sw, se) = match t {
                Triangle::Below => (r0, -1i8, Dir::SW, Dir::SE),
                Triangle::Above => (r0 + self.square - 1, 1i8, Dir::NW, Dir::NE),
            };
            let down = match t {
                Triangle::Below => Dir::S,
                Triangle::Above => Dir::N,
            };
            let at =
                |file: i8, rows: i8| ((m as i8 + file) as u8, (apex as i8 + away * rows) as u8);
            let apex = board.point(m, apex).expect("the apex is on the square");
            let middle = MIDDLE.map(|f| {
                let (file, rank) = at(f, 1);
                board.add_point(file, rank)
            });
            let base = BASE.map(|f| {
                let (file, rank) = at(f, 2);
                board.add_point(file, rank)
            });
            for (i, dir) in [sw, down, se].into_iter().enumerate() {
                board.join(apex, dir, middle[i]);
                board.join(middle[i], dir, base[i]);
            }
            board.join_line(Dir::E, &middle);
            board.join_line(Dir::E, &base);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::Point;

    /// Section 1 of `kungser.md`: the adjacency of the 37-point board, as the spec
    /// prints it (machine-generated there, copied here verbatim).
    const SPEC_ADJACENCY: &str = "
a1: b2 c1                    c1: a1 c2 e1                 e1: c1 d2
b2: a1 c2 c3                 c2: b2 c1 c3 d2              d2: c2 c3 e1
a3: a4 b3 b4                 b3: a3 b4 c3                 c3: b2 b3 b4 c2 c4 d2 d3 d4
d3: c3 d4 e3                 e3: d3 d4 e4                 a4: a3 a5 b4
b4: a3 a4 a5 b3 b5 c3 c4 c5  c4: b4 c3 c5 d4              d4: c3 c4 c5 d3 d5 e3 e4 e5
e4: d4 e3 e5                 a5: a4 a6 b4 b5 b6           b5: a5 b4 b6 c5
c5: b4 b5 b6 c4 c6 d4 d5 d6  d5: c5 d4 d6 e5              e5: d4 d5 d6 e4 e6
a6: a5 a7 b6                 b6: a5 a6 a7 b5 b7 c5 c6 c7  c6: b6 c5 c7 d6
d6: c5 c6 c7 d5 d7 e5 e6 e7  e6: d6 e5 e7                 a7: a6 b6 b7
b7: a7 b6 c7                 c7: b6 b7 b8 c6 c8 d6 d7 d8  d7: c7 d6 e7
e7: d6 d7 e6                 b8: a9 c7 c8                 c8: b8 c7 c9 d8
d8: c7 c8 e9                 a9: b8 c9                    c9: a9 c8 e9
e9: c9 d8
";

    /// Section 1 of `kungser.md`: the straight lines jumps must follow.
    const SPEC_LINES: &[&str] = &[
        "c1 c2 c3 c4 c5 c6 c7 c8 c9",
        "a1 b2 c3 d4 e5",
        "e1 d2 c3 b4 a5",
        "a5 b6 c7 d8 e9",
        "e5 d6 c7 b8 a9",
        "a1 c1 e1",
        "b2 c2 d2",
        "b8 c8 d8",
        "a9 c9 e9",
        "a3 b3 c3 d3 e3",
        "a4 b4 c4 d4 e4",
        "a5 b5 c5 d5 e5",
        "a6 b6 c6 d6 e6",
        "a7 b7 c7 d7 e7",
        "a3 a4 a5 a6 a7",
        "b3 b4 b5 b6 b7",
        "d3 d4 d5 d6 d7",
        "e3 e4 e5 e6 e7",
        "a3 b4 c5 d6 e7",
        "e3 d4 c5 b6 a7",
    ];

    fn names(board: &Board, points: impl Iterator<Item = Point>) -> Vec<String> {
        let mut v: Vec<String> = points.map(|p| board.name(p).to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn the_37_point_board_has_the_adjacency_of_the_spec() {
        let board = Layout::TRIANGLES.board();
        let mut expected: Vec<(String, Vec<String>)> = Vec::new();
        for line in SPEC_ADJACENCY.lines() {
            // Each line holds up to three entries `p: n n n`; split at the names
            // followed by a colon.
            let mut entry: Option<(String, Vec<String>)> = None;
            for word in line.split_whitespace() {
                if let Some(point) = word.strip_suffix(':') {
                    expected.extend(entry.take());
                    entry = Some((point.to_string(), Vec::new()));
                } else if let Some((_, ns)) = entry.as_mut() {
                    ns.push(word.to_string());
                }
            }
            expected.extend(entry);
        }
        assert_eq!(expected.len(), 37);
        assert_eq!(board.point_count(), 37);
        let mut edges = 0;
        for (point, mut neighbours) in expected {
            let p = board.parse_point(&point).expect("a point of the board");
            neighbours.sort();
            let actual = names(&board, board.neighbours(p).map(|(_, q)| q));
            assert_eq!(actual, neighbours, "neighbours of {point}");
            edges += actual.len();
        }
        assert_eq!(edges / 2, 76);
    }

    #[test]
    fn jumps_follow_exactly_the_lines_of_the_spec() {
        let board = Layout::TRIANGLES.board();
        let mut expected: Vec<String> = Vec::new();
        for line in SPEC_LINES {
            let points: Vec<&str> = line.split(' ').collect();
            for w in points.windows(3) {
                expected.push(format!("{}>{}>{}", w[0], w[1], w[2]));
                expected.push(format!("{}>{}>{}", w[2], w[1], w[0]));
            }
        }
        expected.sort();
        // Every jump the board allows: X over its neighbour Y on to the next point of
        // the same line, which the spec defines as Z = 2Y - X with Y-Z an edge.
        let mut actual = Vec::new();
        for x in board.points() {
            for (dir, y) in board.neighbours(x) {
                if let Some(z) = board.step(y, dir) {
                    let (fx, rx) = board.coords(x);
                    let (fy, ry) = board.coords(y);
                    let (fz, rz) = board.coords(z);
                    assert_eq!(
                        (
                            2 * i32::from(fy) - i32::from(fx),
                            2 * i32::from(ry) - i32::from(rx)
                        ),
                        (i32::from(fz), i32::from(rz)),
                        "a jump lands at 2Y - X"
                    );
                    actual.push(format!(
                        "{}>{}>{}",
                        board.name(x),
                        board.name(y),
                        board.name(z)
                    ));
                }
            }
        }
        actual.sort();
        assert_eq!(actual, expected);
    }

    #[test]
    fn a_9x9_square_is_zammas_alquerque_board() {
        let square = Layout {
            square: 9,
            triangles: &[],
        }
        .board();
        let zamma = Board::alquerque(9, 9);
        assert_eq!(square.point_count(), zamma.point_count());
        for p in zamma.points() {
            assert!(
                square.neighbours(p).eq(zamma.neighbours(p)),
                "{}",
                zamma.name(p)
            );
        }
    }

    #[test]
    fn the_plain_square_is_the_bagh_chal_board() {
        let board = Layout::SQUARE.board();
        assert_eq!(board.point_count(), 25);
        let a1 = board.parse_point("a1").unwrap();
        let c3 = board.parse_point("c3").unwrap();
        let b1 = board.parse_point("b1").unwrap();
        assert_eq!(board.neighbours(a1).count(), 3);
        assert_eq!(board.neighbours(c3).count(), 8);
        assert_eq!(board.neighbours(b1).count(), 3);
        assert_eq!(Layout::SQUARE.centre(), (3, 3));
        assert_eq!(Layout::TRIANGLES.centre(), (3, 5));
        assert!(board.parse_point("c6").is_none());
    }
}
