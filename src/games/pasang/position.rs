//! The Pasang board (§1): 11 × 11 cells with an unused centre, the cells' contents,
//! the setup string and the position string.

use std::fmt;

use crate::games::{Player, PositionError};

/// Cells per side.
pub const SIDE: u8 = 11;
/// Cells on the lattice, centre included.
pub const CELLS: usize = 121;

/// A cell: its lattice index `(rank - 1) * 11 + file - 1`, as the common `Board`
/// numbers its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    /// The cell at 1-based `file`, `rank`; `None` off the board.
    pub fn at(file: i32, rank: i32) -> Option<Sq> {
        let side = i32::from(SIDE);
        ((1..=side).contains(&file) && (1..=side).contains(&rank))
            .then(|| Sq(((rank - 1) * side + file - 1) as u8))
    }

    pub fn file(self) -> u8 {
        self.0 % SIDE + 1
    }

    pub fn rank(self) -> u8 {
        self.0 / SIDE + 1
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The next cell `(df, dr)` away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Sq> {
        Sq::at(i32::from(self.file()) + df, i32::from(self.rank()) + dr)
    }

    /// The cells after this one one step `(df, dr)` (each -1, 0 or 1) at a time, to
    /// the edge, nearest first: as [`Sq::offset`] repeated, with the number of cells
    /// to the edge counted once rather than file and rank worked out at every step.
    pub fn ray(self, df: i32, dr: i32) -> impl Iterator<Item = Sq> {
        let side = i32::from(SIDE);
        let room = |at: u8, d: i32| match d.signum() {
            1 => side - i32::from(at),
            -1 => i32::from(at) - 1,
            _ => side,
        };
        let cells = room(self.file(), df).min(room(self.rank(), dr));
        let delta = df.signum() + side * dr.signum();
        let start = i32::from(self.0);
        // (df, dr) = (0, 0) would stand still: no cells.
        let cells = if delta == 0 { 0 } else { cells };
        (1..=cells).map(move |i| Sq((start + i * delta) as u8))
    }

    /// The cell after a half-turn of the board.
    pub fn rotated(self) -> Sq {
        Sq(CELLS as u8 - 1 - self.0)
    }

    /// The cell mirrored left–right (files reversed).
    pub fn mirrored_files(self) -> Sq {
        Sq::at(i32::from(SIDE + 1 - self.file()), i32::from(self.rank())).expect("on the board")
    }

    /// The cell mirrored top–bottom (ranks reversed).
    pub fn mirrored_ranks(self) -> Sq {
        Sq::at(i32::from(self.file()), i32::from(SIDE + 1 - self.rank())).expect("on the board")
    }

    /// Every cell, `a1` first, rank by rank.
    pub fn all() -> impl Iterator<Item = Sq> {
        (0..CELLS as u8).map(Sq)
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() - 1) as char, self.rank())
    }
}

/// The file letter of a 1-based file.
pub fn file_letter(file: u8) -> char {
    (b'a' + file - 1) as char
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    /// The unused centre: nothing stands on it, lines see it as empty.
    Centre,
    White,
    Black,
    /// A player's KA: colourless, never scored, never captured (E3).
    Ka(Player),
}

impl Cell {
    /// A coloured stone (W or B), which may be captured.
    pub fn is_stone(self) -> bool {
        matches!(self, Cell::White | Cell::Black)
    }

    /// Points a stone scores (C2): white 2, black 1.
    pub fn value(self) -> u32 {
        match self {
            Cell::White => 2,
            Cell::Black => 1,
            _ => 0,
        }
    }

    /// The character of the setup and position strings.
    pub fn letter(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Centre => '#',
            Cell::White => 'W',
            Cell::Black => 'B',
            Cell::Ka(Player::First) => 'K',
            Cell::Ka(Player::Second) => 'k',
        }
    }

    fn from_letter(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            '#' => Cell::Centre,
            'W' => Cell::White,
            'B' => Cell::Black,
            'K' => Cell::Ka(Player::First),
            'k' => Cell::Ka(Player::Second),
            _ => return None,
        })
    }
}

/// The unused centre (§1): `f6` alone, or the 3 × 3 block `e5`–`g7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Centre {
    One,
    Three,
}

impl Centre {
    pub fn contains(self, sq: Sq) -> bool {
        let reach = match self {
            Centre::One => 0,
            Centre::Three => 1,
        };
        sq.file().abs_diff(6) <= reach && sq.rank().abs_diff(6) <= reach
    }

    /// The centre cells as a setup string writes them, e.g. `e5-g7`.
    pub fn name(self) -> &'static str {
        match self {
            Centre::One => "f6",
            Centre::Three => "e5-g7",
        }
    }
}

/// A position: the cells, the scores, the player to move and where the opening
/// stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub cells: [Cell; CELLS],
    /// Points captured, indexed by [`Player::index`].
    pub scores: [u32; 2],
    pub to_move: Player,
    /// emas: each player's passage file (1–11) once opened (E1, E2).
    pub passages: [Option<u8>; 2],
    /// bell: First's corner turn (B1) is still to come.
    pub corner_pending: bool,
    /// Where each player's KA stands (kept with the cells by [`Position::place_ka`]).
    pub kas: [Option<Sq>; 2],
}

impl Position {
    pub fn get(&self, sq: Sq) -> Cell {
        self.cells[sq.index()]
    }

    pub fn set(&mut self, sq: Sq, cell: Cell) {
        self.cells[sq.index()] = cell;
    }

    /// Where `player`'s KA stands.
    pub fn ka(&self, player: Player) -> Option<Sq> {
        self.kas[player.index()]
    }

    /// Moves (or enters) `player`'s KA from `from` to `to`.
    pub fn place_ka(&mut self, player: Player, from: Sq, to: Sq) {
        self.set(from, Cell::Empty);
        self.set(to, Cell::Ka(player));
        self.kas[player.index()] = Some(to);
    }

    /// The KAs as the cells hold them (for positions read from text).
    pub fn find_kas(&mut self) {
        for p in [Player::First, Player::Second] {
            self.kas[p.index()] = Sq::all().find(|&sq| self.get(sq) == Cell::Ka(p));
        }
    }

    /// The coloured stones left: (white, black).
    pub fn stones(&self) -> (u32, u32) {
        let count = |c: Cell| self.cells.iter().filter(|&&x| x == c).count() as u32;
        (count(Cell::White), count(Cell::Black))
    }

    /// Whether any coloured stone is left (E10a).
    pub fn has_stones(&self) -> bool {
        self.cells.iter().any(|c| c.is_stone())
    }
}

/// The default emas setup (§1, Wikipedia's first pattern), rank 11 first.
pub const DEFAULT_SETUP: &str = "WWWWWBBBBBW/BWWWWBBBBWW/BBWWWBBBWWW/BBBWWBBWWWW/BBBBWBWWWWW/BBBBB#BBBBB/WWWWWBWBBBB/WWWWBBWWBBB/WWWBBBWWWBB/WWBBBBWWWWB/WBBBBBWWWWW";

/// Reads the 11 ranks of a setup or position string (rank 11 first) for a board
/// whose centre is `centre`. `kas` allows the KA letters `K` and `k`.
///
/// # Errors
/// A sentence naming the rank or cell that is wrong.
pub fn parse_cells(text: &str, centre: Centre, kas: bool) -> Result<[Cell; CELLS], PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != usize::from(SIDE) {
        return Err(PositionError::syntax(format!(
            "expected 11 ranks separated by '/', rank 11 first, found {}",
            ranks.len()
        )));
    }
    let mut cells = [Cell::Empty; CELLS];
    let allowed = if kas {
        "W, B, ., # or K/k"
    } else {
        "W, B, . or #"
    };
    for (i, row) in ranks.iter().enumerate() {
        let rank = SIDE - i as u8;
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != usize::from(SIDE) {
            return Err(PositionError::syntax(format!(
                "rank {rank} \"{row}\" has {} cells, not 11 (files a-k)",
                chars.len()
            )));
        }
        for (f, &c) in chars.iter().enumerate() {
            let sq = Sq::at(f as i32 + 1, i32::from(rank)).expect("on the board");
            let cell = Cell::from_letter(c)
                .filter(|cell| kas || !matches!(cell, Cell::Ka(_)))
                .ok_or_else(|| PositionError::syntax(format!("{sq} holds '{c}': each cell is one of {allowed}")))?;
            if (cell == Cell::Centre) != centre.contains(sq) {
                return Err(PositionError::impossible(if cell == Cell::Centre {
                    format!(
                        "{sq} is marked '#' but the unused centre is {} (Centre {})",
                        centre.name(),
                        centre_number(centre)
                    )
                } else {
                    format!(
                        "{sq} belongs to the unused centre {} and must be '#' (Centre {})",
                        centre.name(),
                        centre_number(centre)
                    )
                }));
            }
            cells[sq.index()] = cell;
        }
    }
    Ok(cells)
}

fn centre_number(centre: Centre) -> u8 {
    match centre {
        Centre::One => 1,
        Centre::Three => 3,
    }
}

/// Writes the 11 ranks, rank 11 first.
pub fn write_cells(cells: &[Cell; CELLS]) -> String {
    let mut text = String::with_capacity(132);
    for rank in (1..=SIDE).rev() {
        if rank < SIDE {
            text.push('/');
        }
        for file in 1..=SIDE {
            let sq = Sq::at(i32::from(file), i32::from(rank)).expect("on the board");
            text.push(cells[sq.index()].letter());
        }
    }
    text
}

/// The symmetries §2 names that the cells have: a half-turn, a left–right mirror, a
/// top–bottom mirror.
pub fn symmetries(cells: &[Cell; CELLS]) -> [bool; 3] {
    let same = |map: fn(Sq) -> Sq| Sq::all().all(|sq| cells[sq.index()] == cells[map(sq).index()]);
    [
        same(Sq::rotated),
        same(Sq::mirrored_files),
        same(Sq::mirrored_ranks),
    ]
}
