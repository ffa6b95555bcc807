//! Orthogonal grids of any size — Go-like boards of `files × ranks` points joined along
//! files and ranks only — and fast sets of their points.
//!
//! The point graph is the shared [`Board`] (names, parsing, lines). What a grid adds is
//! [`GridSet`]: a set of points kept as one bit mask per rank, so that a board of 17×17
//! or 19×19 points (too many for one `u128`) is scanned with a few word operations per
//! rank instead of a loop over every point. Slides and custodial runs along a rank are
//! a `trailing_ones` away; along a file they step rank by rank, and cost only the
//! length of the run.

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use nom::Parser;
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::sequence::pair;

use super::board::{Board, Dir, MAX_RANKS, MAX_SIDE, Point, PointName};
use super::diagram::Diagram;
use crate::games::{NotationError, PositionError, SetupError};

/// An orthogonal grid: its size, its point graph and its drawing.
#[derive(Clone, Debug)]
pub struct Grid {
    board: Board,
    /// The empty board as a scene, made when first drawn: every scene of the grid
    /// starts from it and shares its lines and points.
    scene: OnceLock<Diagram>,
}

impl Grid {
    /// The grid of `files × ranks` points.
    ///
    /// # Panics
    /// Outside `1..=26` files or `1..=99` ranks: callers check sizes read from input
    /// (see [`Grid::check_size`]).
    pub fn new(files: u8, ranks: u8) -> Grid {
        Grid {
            board: Board::orthogonal(files, ranks),
            scene: OnceLock::new(),
        }
    }

    /// The grid of `files × ranks` points, built once per size and shared: records are
    /// configured one by one, and most use the same few sizes (the first 32 sizes seen
    /// are kept).
    ///
    /// # Panics
    /// As [`Grid::new`].
    pub fn shared(files: u8, ranks: u8) -> Arc<Grid> {
        static GRIDS: OnceLock<Mutex<Vec<Arc<Grid>>>> = OnceLock::new();
        let mut grids = GRIDS
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(grid) = grids
            .iter()
            .find(|g| g.files() == files && g.ranks() == ranks)
        {
            return Arc::clone(grid);
        }
        let grid = Arc::new(Grid::new(files, ranks));
        // An archive of every size imaginable must not grow the cache without bound.
        if grids.len() < 32 {
            grids.push(Arc::clone(&grid));
        }
        grid
    }

    /// Whether a grid of this size can be built, or why not.
    ///
    /// # Errors
    /// The limit, as an error of the setup: files are letters `a`–`z`, ranks have
    /// two digits.
    pub fn check_size(files: u32, ranks: u32) -> Result<(), SetupError> {
        if files == 0 || files > u32::from(MAX_SIDE) {
            return Err(SetupError::new(format!(
                "{files} files: files are lettered a-z, so a board has at most {MAX_SIDE}"
            )));
        }
        if ranks == 0 || ranks > u32::from(MAX_RANKS) {
            return Err(SetupError::new(format!(
                "{ranks} ranks: ranks are numbered with at most two digits, so a board has \
                 at most {MAX_RANKS}"
            )));
        }
        Ok(())
    }

    /// The point graph.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn files(&self) -> u8 {
        self.board.files()
    }

    pub fn ranks(&self) -> u8 {
        self.board.ranks()
    }

    /// The size as written in a `[Board]` tag, e.g. `17x17`.
    pub fn size(&self) -> String {
        format!("{}x{}", self.files(), self.ranks())
    }

    /// The point at 1-based `file`, `rank`.
    pub fn point(&self, file: u8, rank: u8) -> Option<Point> {
        self.board.point(file, rank)
    }

    /// 1-based file and rank of a point.
    pub fn coords(&self, p: Point) -> (u8, u8) {
        self.board.coords(p)
    }

    /// The point `steps` points away from `p` towards an orthogonal `dir`.
    pub fn offset(&self, p: Point, dir: Dir, steps: u8) -> Option<Point> {
        let (file, rank) = self.coords(p);
        let (df, dr) = dir.delta();
        let file = i32::from(file) + df * i32::from(steps);
        let rank = i32::from(rank) + dr * i32::from(steps);
        let file = u8::try_from(file).ok()?;
        let rank = u8::try_from(rank).ok()?;
        self.point(file, rank)
    }

    /// The direction and distance from `from` to `to` when they lie on one file or
    /// rank (and differ).
    pub fn line(&self, from: Point, to: Point) -> Option<(Dir, u8)> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let (f0, r0) = self.coords(from);
        let (f1, r1) = self.coords(to);
        match (f0.cmp(&f1), r0.cmp(&r1)) {
            (Equal, Less) => Some((Dir::N, r1 - r0)),
            (Equal, Greater) => Some((Dir::S, r0 - r1)),
            (Less, Equal) => Some((Dir::E, f1 - f0)),
            (Greater, Equal) => Some((Dir::W, f0 - f1)),
            _ => None,
        }
    }

    /// The empty grid as a scene (lines, points by name, edge coordinates), to put
    /// the pieces of a position on.
    pub fn scene(&self) -> Diagram {
        self.scene
            .get_or_init(|| Diagram::of_board(&self.board, |p| self.name(p).to_string()))
            .clone()
    }

    /// The point's name, e.g. `q17` (written out only where it is shown).
    pub fn name(&self, p: Point) -> PointName {
        self.board.name(p)
    }

    /// Reads a move written as two points: `h4-h9`, `a1xa3` (`x`, `X` or `:` between
    /// them), with an optional trailing `x` (`h4-h9x`). Which forms a game accepts, and
    /// what the marks must agree with, is the game's business.
    ///
    /// # Errors
    /// Text of another shape, or a point that is not on this grid.
    pub fn parse_move(&self, text: &str) -> Result<Written, NotationError> {
        self.common_move(text)
            .map_or_else(|| self.parse_move_by_grammar(text), Ok)
    }

    /// The moves of most records (`b2-b3`, `c3xc5`, `h4-h9x`: points of this grid)
    /// read without the grammar; `None` for anything else, which
    /// [`Grid::parse_move_by_grammar`] reads or refuses.
    fn common_move(&self, text: &str) -> Option<Written> {
        let bytes = text.as_bytes();
        // A point's name from `at`: a letter and the digits after it.
        let name = |at: usize| {
            let digits = bytes
                .get(at + 1..)?
                .iter()
                .take_while(|b| b.is_ascii_digit());
            let end = at + 1 + digits.count();
            let point = self.board.parse_point(text.get(at..end)?)?;
            Some((point, end))
        };
        let (from, end) = name(0)?;
        let capture = match bytes.get(end)? {
            b'-' => false,
            b'x' | b'X' | b':' => true,
            _ => return None,
        };
        let (to, end) = name(end + 1)?;
        let trailing_x = match &bytes[end..] {
            [] => false,
            [b'x' | b'X'] => true,
            _ => return None,
        };
        Some(Written {
            from,
            to,
            capture,
            trailing_x,
        })
    }

    /// [`Grid::parse_move`] for any text, with what was expected where it goes wrong.
    fn parse_move_by_grammar(&self, text: &str) -> Result<Written, NotationError> {
        let point = || recognize(pair(satisfy(|c: char| c.is_ascii_alphabetic()), digit1));
        let (_, (from, sep, to, mark)) =
            all_consuming((point(), one_of("-xX:"), point(), opt(one_of("xX"))))
                .parse(text)
                .map_err(|_: nom::Err<nom::error::Error<&str>>| {
                    NotationError::expected("a move from one point to another, like b2-b3")
                })?;
        let read = |name: &str| {
            self.board.parse_point(name).ok_or_else(|| {
                let last = self.name(Point(self.board.lattice_size() as u16 - 1));
                NotationError::expected(format!(
                    "a point of the {} board (a1-{last}), not \"{name}\"",
                    self.size()
                ))
            })
        };
        Ok(Written {
            from: read(from)?,
            to: read(to)?,
            capture: sep != '-',
            trailing_x: mark.is_some(),
        })
    }

    /// The empty set of this grid.
    pub fn empty(&self) -> GridSet {
        GridSet::new(self.files(), self.ranks())
    }

    /// Every point of this grid.
    #[cfg(test)]
    pub fn all(&self) -> GridSet {
        let mut set = self.empty();
        let row = set.full_row();
        for r in 0..usize::from(self.ranks()) {
            set.rows[r] = row;
        }
        set
    }

    /// The board drawn rank by rank from the top, `symbol(point)` on each point, rank
    /// numbers on the left and file letters below: two columns a point, so a 17×17
    /// board is 37 characters wide.
    pub fn draw(&self, symbol: impl Fn(Point) -> char) -> String {
        let mut lines = Vec::with_capacity(usize::from(self.ranks()) + 1);
        for rank in (1..=self.ranks()).rev() {
            let mut line = format!("{rank:>2}");
            for file in 1..=self.files() {
                line.push(' ');
                line.push(self.point(file, rank).map_or(' ', &symbol));
            }
            lines.push(line);
        }
        let letters: Vec<String> = (0..self.files())
            .map(|i| char::from(b'a' + i).to_string())
            .collect();
        lines.push(format!("   {}", letters.join(" ")));
        lines.join("\n")
    }

    /// Reads a rank-by-rank picture of the grid, as chess FEN writes a board: ranks from
    /// the top separated by `/`, each from file `a`, a letter `symbols[i]` for a piece
    /// of kind `i` and a number (any number of digits) for that many empty points.
    /// Gives the set of each kind.
    ///
    /// # Errors
    /// A sentence saying which rank is wrong: a wrong number of ranks or of points in a
    /// rank (a piece off the board), or an unknown letter.
    pub fn read_rows<const N: usize>(
        &self,
        text: &str,
        symbols: [char; N],
    ) -> Result<[GridSet; N], PositionError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != usize::from(self.ranks()) {
            return Err(PositionError::options(format!(
                "{} ranks separated by /, but the {} board has {}",
                rows.len(),
                self.size(),
                self.ranks()
            )));
        }
        let mut sets = [self.empty(); N];
        for (row, rank) in rows.iter().zip((1..=self.ranks()).rev()) {
            let mut file = 0u32;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(digit) = c.to_digit(10) {
                    let mut run = digit;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        run = run.saturating_mul(10).saturating_add(d);
                        chars.next();
                    }
                    if run == 0 {
                        return Err(PositionError::syntax(format!(
                            "rank {rank} (\"{row}\"): 0 empty points"
                        )));
                    }
                    file = file.saturating_add(run);
                    continue;
                }
                let Some(kind) = symbols.iter().position(|&s| s == c) else {
                    let letters: Vec<String> = symbols.iter().map(|s| s.to_string()).collect();
                    return Err(PositionError::syntax(format!(
                        "rank {rank} (\"{row}\"): '{c}' is not {} or a number of empty points",
                        letters.join(", ")
                    )));
                };
                file = file.saturating_add(1);
                let point = u8::try_from(file)
                    .ok()
                    .and_then(|f| self.point(f, rank))
                    .ok_or_else(|| self.row_length_error(rank, row, file))?;
                sets[kind].insert(point);
            }
            if file != u32::from(self.files()) {
                return Err(self.row_length_error(rank, row, file));
            }
        }
        Ok(sets)
    }

    fn row_length_error(&self, rank: u8, row: &str, at_least: u32) -> PositionError {
        PositionError::options(if at_least > u32::from(self.files()) {
            format!(
                "rank {rank} (\"{row}\") runs off the {} board: it has only {} files",
                self.size(),
                self.files()
            )
        } else {
            format!(
                "rank {rank} (\"{row}\") has {at_least} points, but the {} board has {} files",
                self.size(),
                self.files()
            )
        })
    }

    /// Writes the picture [`Grid::read_rows`] reads (`symbols` are ASCII letters).
    /// Works on the rank masks a run of empty points or of one kind of piece at a
    /// time: random-game checks write a position after every candidate move.
    pub fn write_rows<const N: usize>(&self, sets: &[GridSet; N], symbols: [char; N]) -> String {
        // Whole runs are copied as slices: this runs after every candidate move in the
        // random-game checks, which are unoptimised tests.
        const COUNTS: [&[u8]; 27] = [
            b"0", b"1", b"2", b"3", b"4", b"5", b"6", b"7", b"8", b"9", b"10", b"11", b"12", b"13",
            b"14", b"15", b"16", b"17", b"18", b"19", b"20", b"21", b"22", b"23", b"24", b"25",
            b"26",
        ];
        let runs: [[u8; MAX_SIDE as usize]; N] =
            symbols.map(|c| [if c.is_ascii() { c as u8 } else { b'?' }; MAX_SIDE as usize]);
        let files = u32::from(self.files());
        let mut text = Vec::with_capacity(usize::from(self.ranks()) * 8);
        for r in (0..usize::from(self.ranks())).rev() {
            let mut rows = [0u32; N];
            let mut occupied = 0;
            for k in 0..N {
                rows[k] = sets[k].rows[r];
                occupied |= rows[k];
            }
            let mut file = 0;
            while file < files {
                let rest = occupied >> file;
                let empty = if rest == 0 {
                    files - file
                } else {
                    rest.trailing_zeros()
                };
                if empty > 0 {
                    text.extend_from_slice(COUNTS[empty as usize]);
                    file += empty;
                }
                for k in 0..N {
                    let run = (rows[k] >> file).trailing_ones();
                    if run > 0 {
                        text.extend_from_slice(&runs[k][..run as usize]);
                        file += run;
                        break;
                    }
                }
            }
            if r > 0 {
                text.push(b'/');
            }
        }
        String::from_utf8(text).unwrap_or_default()
    }
}

/// A move as the record writes it: two points and its capture marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub from: Point,
    pub to: Point,
    /// The points are joined by `x` (or `:`), not `-`.
    pub capture: bool,
    /// An `x` follows the second point.
    pub trailing_x: bool,
}

/// A set of points of a grid of at most 26 files and 99 ranks: bit `file - 1` of
/// `rows[rank - 1]` for each point. Bits outside the grid are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GridSet {
    files: u8,
    ranks: u8,
    rows: [u32; MAX_RANKS as usize],
}

impl GridSet {
    /// The empty set of a `files × ranks` grid.
    pub fn new(files: u8, ranks: u8) -> GridSet {
        debug_assert!(files <= MAX_SIDE && ranks <= MAX_RANKS);
        GridSet {
            files,
            ranks,
            rows: [0; MAX_RANKS as usize],
        }
    }

    /// The mask of a whole rank.
    fn full_row(&self) -> u32 {
        (1u32 << self.files) - 1
    }

    /// 0-based file and rank of a point.
    #[inline]
    fn cell(&self, p: Point) -> (u32, usize) {
        let files = u16::from(self.files);
        (u32::from(p.0 % files), usize::from(p.0 / files))
    }

    #[inline]
    fn at(&self, file: u32, rank: usize) -> Point {
        Point(rank as u16 * u16::from(self.files) + file as u16)
    }

    pub fn contains(&self, p: Point) -> bool {
        let (f, r) = self.cell(p);
        self.rows.get(r).is_some_and(|row| row >> f & 1 != 0)
    }

    pub fn insert(&mut self, p: Point) {
        let (f, r) = self.cell(p);
        if let Some(row) = self.rows.get_mut(r) {
            *row |= 1 << f;
        }
    }

    pub fn remove(&mut self, p: Point) {
        let (f, r) = self.cell(p);
        if let Some(row) = self.rows.get_mut(r) {
            *row &= !(1 << f);
        }
    }

    fn used(&self) -> &[u32] {
        &self.rows[..usize::from(self.ranks)]
    }

    /// Number of points in the set.
    pub fn len(&self) -> usize {
        self.used().iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The points, rank by rank from `a1`.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.used().iter().enumerate().flat_map(move |(r, &row)| {
            let mut bits = row;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let f = bits.trailing_zeros();
                bits &= bits - 1;
                Some(self.at(f, r))
            })
        })
    }

    /// The points of the grid in neither set.
    pub fn neither(&self, other: &GridSet) -> GridSet {
        let full = self.full_row();
        self.zip(other, |a, b| full & !(a | b))
    }

    /// The points of `self` not in `other`.
    #[cfg(test)]
    pub fn difference(&self, other: &GridSet) -> GridSet {
        self.zip(other, |a, b| a & !b)
    }

    /// Whether the sets share a point.
    #[cfg(test)]
    pub fn meets(&self, other: &GridSet) -> bool {
        self.used()
            .iter()
            .zip(other.used())
            .any(|(a, b)| a & b != 0)
    }

    fn zip(&self, other: &GridSet, op: impl Fn(u32, u32) -> u32) -> GridSet {
        let mut out = *self;
        for (a, b) in out.rows[..usize::from(self.ranks)]
            .iter_mut()
            .zip(other.used())
        {
            *a = op(*a, *b);
        }
        out
    }

    /// The points of the grid orthogonally next to some point of the set (whether in
    /// the set or not): one shift each way per rank.
    #[cfg(test)]
    pub fn neighbours(&self) -> GridSet {
        let full = self.full_row();
        let rows = self.used();
        let mut out = GridSet::new(self.files, self.ranks);
        for (r, &row) in rows.iter().enumerate() {
            let below = if r > 0 { rows[r - 1] } else { 0 };
            let above = rows.get(r + 1).copied().unwrap_or(0);
            out.rows[r] = ((row << 1 | row >> 1) & full) | below | above;
        }
        out
    }

    /// Whether some point of the set is orthogonally next to a point in neither this
    /// set nor `other` (an empty point, when the two hold both sides' pieces):
    /// `self.meets(&self.neither(other).neighbours())`, without building either set.
    pub fn borders_neither(&self, other: &GridSet) -> bool {
        let full = self.full_row();
        let ranks = usize::from(self.ranks);
        let empty = |r: usize| full & !(self.rows[r] | other.rows[r]);
        (0..ranks).any(|r| {
            let row = empty(r);
            let below = if r > 0 { empty(r - 1) } else { 0 };
            let above = if r + 1 < ranks { empty(r + 1) } else { 0 };
            self.rows[r] & (((row << 1 | row >> 1) & full) | below | above) != 0
        })
    }

    /// How many points of the set follow `p` without a gap along an orthogonal `dir`
    /// (0 if the next point is not in the set or off the grid). `p` itself does not
    /// count. A diagonal direction gives 0.
    pub fn run(&self, p: Point, dir: Dir) -> u8 {
        let (f, r) = self.cell(p);
        let Some(&row) = self.rows.get(r) else {
            return 0;
        };
        let count = match dir {
            // Bits beyond the last file are clear, so the run stops at the edge.
            Dir::E => (row >> f >> 1).trailing_ones(),
            Dir::W if f == 0 => 0,
            Dir::W => (row << (32 - f)).leading_ones(),
            Dir::N => {
                let mut k = 0;
                while r + 1 + k < usize::from(self.ranks) && self.rows[r + 1 + k] >> f & 1 != 0 {
                    k += 1;
                }
                k as u32
            }
            Dir::S => {
                let mut k = 0;
                while k < r && self.rows[r - 1 - k] >> f & 1 != 0 {
                    k += 1;
                }
                k as u32
            }
            _ => 0,
        };
        count as u8
    }
}

impl fmt::Debug for GridSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self
            .iter()
            .map(|p| {
                let (file, rank) = self.cell(p);
                format!("{}{}", char::from(b'a' + file as u8), rank + 1)
            })
            .collect();
        write!(f, "{{{}}}", names.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33: a scene per ply of a 26×99 game named its 2,574 points anew each time.
    #[test]
    fn every_scene_of_a_grid_shares_its_named_points() {
        let grid = Grid::new(26, 99);
        let (first, second) = (grid.scene(), grid.scene());
        assert_eq!(first.points.len(), 2574);
        assert!(std::ptr::eq(first.points.as_ptr(), second.points.as_ptr()));
        assert!(std::ptr::eq(first.lines.as_ptr(), second.lines.as_ptr()));
        assert_eq!(first.place("z99"), Some((26.0, 99.0)));
        assert_eq!(first.place("m50"), Some((13.0, 50.0)));
        assert_eq!(first.place("z100"), None);
    }

    #[test]
    fn common_moves_read_as_the_grammar_does() {
        let pieces = [
            "a1", "e5", "q17", "r1", "a0", "b", "12", "-", "x", "X", ":", "*",
        ];
        let common_17 = ["a1-q17", "b2xb3", "a1-a12x", "q17:a1X"];
        let common_5 = ["a1-e5", "b2xb3", "a1-a5x", "e5:a1X"];
        for (grid, common) in [(Grid::new(17, 17), common_17), (Grid::new(5, 5), common_5)] {
            let read = crate::games::testing::quick_reading_agrees(
                &pieces,
                5,
                &common,
                |text| grid.common_move(text),
                |text| grid.parse_move_by_grammar(text),
            );
            assert!(read > 20, "{read}");
        }
    }

    fn set(grid: &Grid, names: &[&str]) -> GridSet {
        let mut s = grid.empty();
        for n in names {
            s.insert(grid.board().parse_point(n).unwrap());
        }
        s
    }

    fn names(grid: &Grid, s: &GridSet) -> Vec<String> {
        s.iter().map(|p| grid.name(p).to_string()).collect()
    }

    #[test]
    fn borders_neither_is_meeting_the_neighbours_of_the_empty_points() {
        for (files, ranks) in [(3, 3), (5, 4), (17, 17), (26, 99)] {
            let grid = Grid::new(files, ranks);
            let points: Vec<Point> = grid.all().iter().collect();
            // A fixed pseudo-random walk through fillings of the board.
            let mut seed = 0x9E37_79B9_u32;
            for _ in 0..200 {
                let (mut a, mut b) = (grid.empty(), grid.empty());
                for &p in &points {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    match seed % 7 {
                        0..=2 => a.insert(p),
                        3..=5 => b.insert(p),
                        _ => {}
                    }
                }
                assert_eq!(a.borders_neither(&b), a.meets(&a.neither(&b).neighbours()));
                assert_eq!(b.borders_neither(&a), b.meets(&b.neither(&a).neighbours()));
            }
        }
    }

    #[test]
    fn sets_hold_points_of_large_boards() {
        let grid = Grid::new(26, 99);
        let s = set(&grid, &["a1", "z1", "a99", "z99", "m50"]);
        assert_eq!(s.len(), 5);
        assert_eq!(names(&grid, &s), ["a1", "z1", "m50", "a99", "z99"]);
        assert_eq!(grid.all().len(), 26 * 99);
        let mut t = s;
        t.remove(grid.board().parse_point("m50").unwrap());
        assert_eq!(s.difference(&t).len(), 1);
        assert!(s.meets(&t) && !s.difference(&t).meets(&t));
    }

    #[test]
    fn runs_stop_at_gaps_and_edges() {
        let grid = Grid::new(17, 17);
        let s = set(&grid, &["d9", "e9", "g9", "h9", "i9", "h10", "h11", "h8"]);
        let p = |n: &str| grid.board().parse_point(n).unwrap();
        assert_eq!(s.run(p("f9"), Dir::E), 3);
        assert_eq!(s.run(p("f9"), Dir::W), 2);
        assert_eq!(s.run(p("h9"), Dir::N), 2);
        assert_eq!(s.run(p("h9"), Dir::S), 1);
        assert_eq!(s.run(p("i9"), Dir::E), 0);
        let edge = set(&grid, &["a1", "b1", "c1", "q17", "q16"]);
        assert_eq!(edge.run(p("d1"), Dir::W), 3);
        assert_eq!(edge.run(p("a1"), Dir::W), 0);
        assert_eq!(edge.run(p("q15"), Dir::N), 2);
        assert_eq!(edge.run(p("p17"), Dir::E), 1);
        assert_eq!(edge.run(p("d1"), Dir::NE), 0);
    }

    #[test]
    fn neighbours_are_orthogonal() {
        let grid = Grid::new(5, 4);
        let s = set(&grid, &["a1", "e4"]);
        assert_eq!(names(&grid, &s.neighbours()), ["b1", "a2", "e3", "d4"]);
    }

    #[test]
    fn offsets_stay_on_the_grid() {
        let grid = Grid::new(4, 4);
        let p = |n: &str| grid.board().parse_point(n).unwrap();
        assert_eq!(grid.offset(p("a1"), Dir::N, 3), Some(p("a4")));
        assert_eq!(grid.offset(p("a1"), Dir::W, 1), None);
        assert_eq!(grid.offset(p("d4"), Dir::E, 1), None);
        assert_eq!(grid.offset(p("b2"), Dir::S, 2), None);
        assert_eq!(grid.line(p("a1"), p("a4")), Some((Dir::N, 3)));
        assert_eq!(grid.line(p("d2"), p("b2")), Some((Dir::W, 2)));
        assert_eq!(grid.line(p("a1"), p("b2")), None);
        assert_eq!(grid.line(p("a1"), p("a1")), None);
    }

    #[test]
    fn rows_read_back_and_errors_name_the_rank() {
        let grid = Grid::new(17, 3);
        let text = "bbbbbbbbbbbbbbbbb/w15b/wwwwwwwwwwwwwwwww";
        let sets = grid.read_rows(text, ['b', 'w']).unwrap();
        assert_eq!(sets[0].len(), 18);
        assert_eq!(grid.write_rows(&sets, ['b', 'w']), text);
        let err = |t: &str| grid.read_rows(t, ['b', 'w']).unwrap_err();
        assert!(err("17/17").contains("2 ranks"));
        assert!(err("17/17b/17").contains("runs off the 17x3 board"));
        assert!(err("17/15/17").contains("has 15 points"));
        assert!(err("17/x16/17").contains("'x' is not b, w"));
        assert!(err("17/99999999999999999999b/17").contains("runs off"));
    }

    #[test]
    fn moves_are_two_points() {
        let grid = Grid::new(17, 17);
        let p = |n: &str| grid.board().parse_point(n).unwrap();
        let w = grid.parse_move("h4-h9x").unwrap();
        assert_eq!(
            (w.from, w.to, w.capture, w.trailing_x),
            (p("h4"), p("h9"), false, true)
        );
        let w = grid.parse_move("A1xA3").unwrap();
        assert_eq!(
            (w.from, w.to, w.capture, w.trailing_x),
            (p("a1"), p("a3"), true, false)
        );
        let err = |t: &str| grid.parse_move(t).unwrap_err().to_string();
        assert!(err("r5-r6").contains("a point of the 17x17 board (a1-q17), not \"r5\""));
        assert!(err("h4").contains("like b2-b3"));
        assert!(err("h4-h9-h10").contains("like b2-b3"));
        assert!(err("a0-a1").contains("not \"a0\""));
    }

    #[test]
    fn shared_grids_are_built_once() {
        assert!(Arc::ptr_eq(&Grid::shared(9, 8), &Grid::shared(9, 8)));
        assert_eq!(Grid::shared(8, 9).size(), "8x9");
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Grid::check_size(26, 99).is_ok());
        assert!(Grid::check_size(27, 3).unwrap_err().message.contains("a-z"));
        assert!(
            Grid::check_size(3, 100)
                .unwrap_err()
                .message
                .contains("two digits")
        );
    }

    #[test]
    fn drawing_has_labels() {
        let grid = Grid::new(3, 3);
        let s = set(&grid, &["a1"]);
        let text = grid.draw(|p| if s.contains(p) { 'w' } else { '.' });
        assert_eq!(text, " 3 . . .\n 2 . . .\n 1 w . .\n   a b c");
    }
}
