//! Boards as graphs of named points joined by straight lines.
//!
//! Every board tgn knows is drawn on a rectangular lattice of `files × ranks` crossing
//! points named like `d4` (file letter, rank number, `a1` at the first player's
//! lower left). A board keeps only its playable points and, for each point and each of
//! the eight compass [`Dir`]ections, the next point along a line in that direction, if a
//! line goes there. A straight line is then "keep stepping the same way", which is all
//! that slides, flying pieces, jumps and mills need — whether the neighbour is one
//! lattice step away (draughts, alquerque) or several (the rings of a mill board).

use std::fmt;

/// A compass direction on the lattice; north is towards higher ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    /// All eight directions.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions.
    #[cfg(test)]
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// File and rank change of one lattice step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 4) % 8]
    }

    /// Position in [`Dir::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// True for NE, SE, SW, NW.
    pub fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }
}

/// A point of a board, as an index into its lattice (`(rank - 1) * files + file - 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The index, for tables indexed by point.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Most files a board may have: file letters run `a`..`z`.
pub const MAX_SIDE: u8 = 26;

/// Most ranks a board may have: rank numbers have at most two digits.
pub const MAX_RANKS: u8 = 99;

/// A board: which lattice points exist and which lines join them.
#[derive(Clone, Debug)]
pub struct Board {
    files: u8,
    ranks: u8,
    playable: Vec<bool>,
    /// `next[point][dir]`: the next point along a line from `point` towards `dir`.
    next: Vec<[Option<Point>; 8]>,
    /// `coords[point]`: its file and rank, read from a table as a division by the
    /// number of files costs tens of cycles and moves ask for them at every step.
    coords: Vec<(u8, u8)>,
}

impl Board {
    /// A board with no points yet, on a `files × ranks` lattice.
    ///
    /// # Panics
    /// On a side of 0, more than [`MAX_SIDE`] files or more than [`MAX_RANKS`] ranks:
    /// games check sizes read from input before building a board.
    pub fn empty(files: u8, ranks: u8) -> Board {
        assert!((1..=MAX_SIDE).contains(&files) && (1..=MAX_RANKS).contains(&ranks));
        let size = files as usize * ranks as usize;
        Board {
            files,
            ranks,
            playable: vec![false; size],
            next: vec![[None; 8]; size],
            coords: (0..size)
                .map(|i| {
                    (
                        (i % files as usize) as u8 + 1,
                        (i / files as usize) as u8 + 1,
                    )
                })
                .collect(),
        }
    }

    /// Every lattice point, joined to its neighbours in the directions `links` allows.
    /// `links(file, rank, dir)` (1-based) is asked for each point and direction; the
    /// line is kept only when both ends agree, so a board's lines are symmetric.
    pub fn lattice(files: u8, ranks: u8, links: impl Fn(u8, u8, Dir) -> bool) -> Board {
        Board::lattice_of(files, ranks, |_, _| true, links)
    }

    /// Like [`Board::lattice`] but only with the points for which `playable(file, rank)`.
    pub fn lattice_of(
        files: u8,
        ranks: u8,
        playable: impl Fn(u8, u8) -> bool,
        links: impl Fn(u8, u8, Dir) -> bool,
    ) -> Board {
        let mut board = Board::empty(files, ranks);
        for rank in 1..=ranks {
            for file in 1..=files {
                if playable(file, rank) {
                    let p = board.at(file, rank).expect("inside the lattice");
                    board.playable[p.index()] = true;
                }
            }
        }
        for p in board.points().collect::<Vec<_>>() {
            let (file, rank) = board.coords(p);
            for dir in Dir::ALL {
                let (df, dr) = dir.delta();
                let Some(q) = board.at_signed(file as i32 + df, rank as i32 + dr) else {
                    continue;
                };
                let (qf, qr) = board.coords(q);
                if board.playable[q.index()]
                    && links(file, rank, dir)
                    && links(qf, qr, dir.opposite())
                {
                    board.next[p.index()][dir.index()] = Some(q);
                }
            }
        }
        board
    }

    /// Orthogonal lines only (Go-like grids).
    pub fn orthogonal(files: u8, ranks: u8) -> Board {
        Board::lattice(files, ranks, |_, _, d| !d.is_diagonal())
    }

    /// The alquerque pattern: orthogonal lines everywhere, diagonals through the points
    /// whose `file + rank` is even ("strong" points). A 5×5 board is alquerque's own,
    /// 9×9 is Zamma's.
    pub fn alquerque(files: u8, ranks: u8) -> Board {
        Board::lattice(files, ranks, |f, r, d| !d.is_diagonal() || (f + r) % 2 == 0)
    }

    /// A draughts board: the points with `file + rank` even (so `a1` is playable),
    /// joined by diagonals only.
    pub fn draughts(files: u8, ranks: u8) -> Board {
        Board::lattice_of(
            files,
            ranks,
            |f, r| (f + r) % 2 == 0,
            |_, _, d| d.is_diagonal(),
        )
    }

    /// Adds a point to the board (no lines yet). Returns it.
    ///
    /// # Panics
    /// Outside the lattice (a programming error in a board constant).
    pub fn add_point(&mut self, file: u8, rank: u8) -> Point {
        let p = self.at(file, rank).expect("point inside the lattice");
        self.playable[p.index()] = true;
        p
    }

    /// Joins two points by a line segment that leaves `a` towards `dir` and reaches `b`
    /// from the opposite direction. Used for boards whose neighbours are not one lattice
    /// step apart (the rings of a mill board).
    pub fn join(&mut self, a: Point, dir: Dir, b: Point) {
        self.next[a.index()][dir.index()] = Some(b);
        self.next[b.index()][dir.opposite().index()] = Some(a);
    }

    /// Joins a chain of points, each to the next, all along `dir`.
    pub fn join_line(&mut self, dir: Dir, points: &[Point]) {
        for pair in points.windows(2) {
            self.join(pair[0], dir, pair[1]);
        }
    }

    /// Number of files (columns) of the lattice.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks (rows) of the lattice.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Size of tables indexed by [`Point::index`].
    pub fn lattice_size(&self) -> usize {
        self.playable.len()
    }

    /// The playable points, rank by rank from `a1`.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.playable.len())
            .filter(|&i| self.playable[i])
            .map(|i| Point(i as u16))
    }

    /// Number of playable points.
    #[cfg(test)]
    pub fn point_count(&self) -> usize {
        self.playable.iter().filter(|&&p| p).count()
    }

    /// Whether `p` is a playable point of this board.
    pub fn contains(&self, p: Point) -> bool {
        self.playable.get(p.index()).copied().unwrap_or(false)
    }

    /// The lattice point at 1-based `file`, `rank` (playable or not).
    fn at(&self, file: u8, rank: u8) -> Option<Point> {
        self.at_signed(file as i32, rank as i32)
    }

    fn at_signed(&self, file: i32, rank: i32) -> Option<Point> {
        if file < 1 || rank < 1 || file > self.files as i32 || rank > self.ranks as i32 {
            return None;
        }
        Some(Point(((rank - 1) * self.files as i32 + (file - 1)) as u16))
    }

    /// The playable point at 1-based `file`, `rank`.
    pub fn point(&self, file: u8, rank: u8) -> Option<Point> {
        self.at(file, rank).filter(|&p| self.contains(p))
    }

    /// 1-based file and rank of a point.
    pub fn coords(&self, p: Point) -> (u8, u8) {
        if let Some(&coords) = self.coords.get(p.index()) {
            return coords;
        }
        let files = self.files as u16;
        ((p.0 % files + 1) as u8, (p.0 / files + 1) as u8)
    }

    /// The next point along a line from `p` towards `dir`.
    pub fn step(&self, p: Point, dir: Dir) -> Option<Point> {
        self.next.get(p.index()).and_then(|n| n[dir.index()])
    }

    /// The points after `p` along the line towards `dir`, nearest first.
    pub fn ray(&self, p: Point, dir: Dir) -> impl Iterator<Item = Point> + '_ {
        std::iter::successors(self.step(p, dir), move |&q| self.step(q, dir))
    }

    /// The direction of the line from `from` that reaches `to`, if one does. The
    /// direction of the two points' file and rank differences is tried first: on
    /// every board a line runs the way its direction is named, so that one ray is
    /// the only one to walk; the others are walked only when it misses.
    pub fn direction(&self, from: Point, to: Point) -> Option<Dir> {
        let reaches = |d: Dir| self.ray(from, d).any(|q| q == to);
        let ((ff, fr), (tf, tr)) = (self.coords(from), self.coords(to));
        let toward = (
            (i32::from(tf) - i32::from(ff)).signum(),
            (i32::from(tr) - i32::from(fr)).signum(),
        );
        Dir::ALL
            .into_iter()
            .find(|d| d.delta() == toward)
            .filter(|&d| reaches(d))
            .or_else(|| Dir::ALL.into_iter().find(|&d| reaches(d)))
    }

    /// Every (direction, neighbour) pair of `p`.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = (Dir, Point)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.step(p, d).map(|q| (d, q)))
    }

    /// Whether a line joins `a` and `b` directly.
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.neighbours(a).any(|(_, q)| q == b)
    }

    /// The point's name, e.g. `d4`.
    pub fn name(&self, p: Point) -> PointName {
        let (file, rank) = self.coords(p);
        PointName { file, rank }
    }

    /// Reads a point name such as `d4` or `C12` (file letters are case-insensitive).
    /// `None` unless it names a playable point of this board.
    pub fn parse_point(&self, text: &str) -> Option<Point> {
        let (file, rank) = name_parts(text)?;
        self.point(file, rank)
    }
}

/// The 1-based file and rank a point name writes (`d4`: 4, 4; `C12`: 3, 12): a letter
/// (either case) and one or two digits, the first not 0, read byte by byte. Whether a
/// board has that point is for the caller to ask.
pub fn name_parts(text: &str) -> Option<(u8, u8)> {
    let (&letter, digits) = text.as_bytes().split_first()?;
    let rank = match *digits {
        [one @ b'1'..=b'9'] => one - b'0',
        [tens @ b'1'..=b'9', units @ b'0'..=b'9'] => (tens - b'0') * 10 + units - b'0',
        _ => return None,
    };
    letter
        .is_ascii_alphabetic()
        .then(|| (letter.to_ascii_lowercase() - b'a' + 1, rank))
}

/// The two characters of `text` from byte `at`, if they are a short point name: a
/// letter and a digit 1-9 (`d3`), the names the games' quick token readers take.
pub fn short_name(text: &str, at: usize) -> Option<&str> {
    let name = text.get(at..at + 2)?;
    let [letter, digit] = name.as_bytes() else {
        return None;
    };
    (letter.is_ascii_alphabetic() && (b'1'..=b'9').contains(digit)).then_some(name)
}

/// A point's name, e.g. `d4`; formats without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointName {
    file: u8,
    rank: u8,
}

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file - 1) as char, self.rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_read_byte_by_byte_as_char_by_char() {
        // The reading before it went byte by byte: the reference.
        fn by_chars(board: &Board, text: &str) -> Option<Point> {
            let mut chars = text.chars();
            let letter = chars.next()?.to_ascii_lowercase();
            let digits = chars.as_str();
            let plain = digits.len() <= 2 && digits.bytes().all(|b| b.is_ascii_digit());
            if !letter.is_ascii_lowercase() || digits.is_empty() || !plain {
                return None;
            }
            if digits.starts_with('0') {
                return None;
            }
            board.point(letter as u8 - b'a' + 1, digits.parse().ok()?)
        }
        let board = Board::draughts(12, 12);
        let pieces = ["a", "L", "m", "é", "0", "1", "9", "12", "99"];
        for text in crate::testing::concatenations(&pieces, 3) {
            assert_eq!(board.parse_point(&text), by_chars(&board, &text), "{text}");
        }
    }

    #[test]
    fn draughts_board_has_32_points_with_a1_playable() {
        let b = Board::draughts(8, 8);
        assert_eq!(b.point_count(), 32);
        let a1 = b.parse_point("a1").unwrap();
        assert!(b.parse_point("b1").is_none());
        let diag: Vec<String> = b.ray(a1, Dir::NE).map(|p| b.name(p).to_string()).collect();
        assert_eq!(diag, ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
        assert_eq!(b.step(a1, Dir::N), None);
    }

    #[test]
    fn alquerque_diagonals_only_on_strong_points() {
        let b = Board::alquerque(9, 9);
        assert_eq!(b.point_count(), 81);
        let e5 = b.parse_point("e5").unwrap();
        let d5 = b.parse_point("d5").unwrap();
        assert_eq!(b.neighbours(e5).count(), 8);
        assert_eq!(b.neighbours(d5).count(), 4);
    }

    #[test]
    fn points_round_trip_through_names() {
        let b = Board::orthogonal(19, 19);
        for p in b.points() {
            assert_eq!(b.parse_point(&b.name(p).to_string()), Some(p));
        }
        assert!(b.parse_point("t1").is_none());
        assert!(b.parse_point("a0").is_none());
        assert!(b.parse_point("a01").is_none());
        assert!(b.parse_point("").is_none());
        assert!(b.parse_point("é1").is_none());
    }

    /// `direction` walks one ray where the search it stands for walked all eight.
    #[test]
    fn direction_is_the_ray_that_reaches() {
        let mut ring = Board::empty(7, 7);
        let [a1, d1, g1, d2] = [(1, 1), (4, 1), (7, 1), (4, 2)].map(|(f, r)| ring.add_point(f, r));
        ring.join_line(Dir::E, &[a1, d1, g1]);
        ring.join(d1, Dir::N, d2);
        let boards = [
            Board::draughts(8, 8),
            Board::alquerque(9, 9),
            Board::orthogonal(5, 5),
            ring,
        ];
        for board in &boards {
            for from in board.points() {
                for to in board.points() {
                    let searched = Dir::ALL
                        .into_iter()
                        .find(|&d| board.ray(from, d).any(|q| q == to));
                    assert_eq!(board.direction(from, to), searched, "{from:?} {to:?}");
                }
            }
        }
    }

    #[test]
    fn joined_points_step_both_ways() {
        let mut b = Board::empty(7, 7);
        let a1 = b.add_point(1, 1);
        let d1 = b.add_point(4, 1);
        let g1 = b.add_point(7, 1);
        b.join_line(Dir::E, &[a1, d1, g1]);
        assert_eq!(b.ray(a1, Dir::E).collect::<Vec<_>>(), vec![d1, g1]);
        assert_eq!(b.step(g1, Dir::W), Some(d1));
        assert!(b.adjacent(d1, a1));
        assert!(!b.adjacent(a1, g1));
    }
}
