//! What the two-row mancala games share (Toguz Kumalak, Olinda Keliya): the two
//! sides, their letters and players, the pits of a board of two rows of `ROW`, and the
//! drawing of two rows of pits with the players' stores as seen from South.

use std::fmt;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{char, u32 as number};
use nom::combinator::{all_consuming, value};
use nom::multi::separated_list1;
use nom::sequence::preceded;

use crate::games::{GameResult, Player, PositionError};

/// A pit of a board of two rows of `ROW` pits: its place in the sowing circuit
/// `S1 … S{ROW} N1 … N{ROW}`, so that the next pit in sowing order is the next index,
/// wrapping after the last of North's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pit<const ROW: usize>(u8);

impl<const ROW: usize> Pit<ROW> {
    /// Pits in the circuit.
    pub const CIRCUIT: usize = 2 * ROW;

    /// Pit `number` (1 to `ROW`) of `side`, counted from the owner's left; `None`
    /// outside the row.
    pub fn new(side: Side, number: u8) -> Option<Pit<ROW>> {
        (1..=ROW as u8)
            .contains(&number)
            .then(|| Pit(side.index() as u8 * ROW as u8 + number - 1))
    }

    /// Whose row the pit is in.
    pub fn side(self) -> Side {
        if usize::from(self.0) < ROW {
            Side::South
        } else {
            Side::North
        }
    }

    /// The pit's number on its side, 1 to `ROW`.
    pub fn number(self) -> u8 {
        self.0 % ROW as u8 + 1
    }

    /// The place in the sowing circuit, 0 to `2 * ROW - 1`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The pit `steps` places further in sowing order.
    pub fn advance(self, steps: usize) -> Pit<ROW> {
        Pit(((self.index() + steps) % Self::CIRCUIT) as u8)
    }

    /// The pit `steps` places back in sowing order.
    pub fn back(self, steps: usize) -> Pit<ROW> {
        let circuit = Self::CIRCUIT;
        Pit(((self.index() + circuit - steps % circuit) % circuit) as u8)
    }
}

impl<const ROW: usize> fmt::Display for Pit<ROW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side(), self.number())
    }
}

/// A player of a two-row mancala: South moves first (PGN's White), North second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    South,
    North,
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into `[T; 2]` tables.
    pub fn index(self) -> usize {
        match self {
            Side::South => 0,
            Side::North => 1,
        }
    }

    /// The letter of the notation: `S` or `N`.
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// The record's player: South is the first.
    pub fn player(self) -> Player {
        match self {
            Side::South => Player::First,
            Side::North => Player::Second,
        }
    }

    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// `runs::<C>()[first][n]`: one seed in each of the `n` pits from `first` on, in
/// index order round a circuit of `C` pits (`n` < `C`): the seeds of a sowing short
/// of a whole lap, from a table, so that a sowing adds them to every pit at once
/// with no loop as long as the seeds.
pub const fn runs<const C: usize>() -> [[[u8; C]; C]; C] {
    let mut table = [[[0; C]; C]; C];
    let mut first = 0;
    while first < C {
        let mut n = 0;
        while n < C {
            let mut step = 0;
            while step < n {
                table[first][n][(first + step) % C] = 1;
                step += 1;
            }
            n += 1;
        }
        first += 1;
    }
    table
}

/// Appends `n` in decimal digits, written by hand: this runs at the end of every game
/// of an archive (and for every move written out), where `fmt` is slow.
pub fn push_count(text: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = n;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    text.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// The result for a winning side, or a draw.
pub fn result_for(winner: Option<Side>) -> GameResult {
    match winner {
        Some(Side::South) => GameResult::FirstWins,
        Some(Side::North) => GameResult::SecondWins,
        None => GameResult::Draw,
    }
}

/// The winner of a final count `[S, N]` (more seeds wins), or `None` on a draw, with
/// the verdict in words.
pub fn verdict(stores: [u32; 2]) -> (Option<Side>, &'static str) {
    match stores[0].cmp(&stores[1]) {
        std::cmp::Ordering::Greater => (Some(Side::South), "S wins"),
        std::cmp::Ordering::Less => (Some(Side::North), "N wins"),
        std::cmp::Ordering::Equal => (None, "a draw"),
    }
}

/// One pit as drawn: its name (`N9`) and what it shows (a count, `X`).
pub struct DrawnPit {
    pub label: String,
    pub cell: String,
}

/// Two rows of pits as seen from South: North's names, North's store and row, South's
/// store and row, South's names — four lines, each pit four columns wide, the stores
/// at the left as `<side> <store> <count> |` (e.g. `N kazan  64 |`).
///
/// `north` and `south` are given left to right as drawn.
pub fn draw_rows(
    store: &str,
    stores: [u32; 2],
    north: &[DrawnPit],
    south: &[DrawnPit],
) -> [String; 4] {
    let labels =
        |row: &[DrawnPit]| -> String { row.iter().map(|p| format!("{:>4}", p.label)).collect() };
    let cells =
        |row: &[DrawnPit]| -> String { row.iter().map(|p| format!("{:>4}", p.cell)).collect() };
    let store_of = |side: Side| format!("{side} {store} {:>3} |", stores[side.index()]);
    let pad = " ".repeat(store_of(Side::South).chars().count());
    [
        format!("{pad}{}", labels(north)),
        format!("{}{}", store_of(Side::North), cells(north)),
        format!("{}{}", store_of(Side::South), cells(south)),
        format!("{pad}{}", labels(south)),
    ]
}

/// The `/`-separated sections of a mancala position string (`S:9,…/N:9,…/K:0,0/…/M:S`),
/// read in order; every error names the section and shows the string's `shape`.
pub struct Sections<'a> {
    parts: std::str::Split<'a, char>,
    shape: &'static str,
}

impl<'a> Sections<'a> {
    pub fn new(text: &'a str, shape: &'static str) -> Sections<'a> {
        Sections {
            parts: text.trim().split('/'),
            shape,
        }
    }

    /// The next section, `label` then a `body` read whole; `what` says what it holds.
    ///
    /// # Errors
    /// A missing section, another label, or a body `body` does not read.
    pub fn next<T>(
        &mut self,
        label: &str,
        what: &str,
        body: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
    ) -> Result<T, PositionError> {
        let shape = self.shape;
        let part = self.parts.next().ok_or_else(|| {
            PositionError::syntax(format!(
                "missing the {label} section ({what}); expected {shape}"
            ))
        })?;
        let rest = part.strip_prefix(label).ok_or_else(|| {
            PositionError::syntax(format!(
                "expected the {label} section ({what}), found \"{part}\"; expected {shape}"
            ))
        })?;
        all_consuming(body)
            .parse(rest)
            .map(|(_, v)| v)
            .map_err(|_| {
                PositionError::syntax(format!(
                    "cannot read the {label} section \"{part}\": expected {what}"
                ))
            })
    }

    /// A row of `ROW` pit counts of `side`, pit 1 first: `S:9,9,…`.
    ///
    /// # Errors
    /// As [`Sections::next`], or another number of counts.
    pub fn row<const ROW: usize>(&mut self, side: Side) -> Result<[u32; ROW], PositionError> {
        let label = format!("{}:", side.letter());
        let what = format!(
            "the {ROW} pit counts of {}, pit 1 first, separated by commas",
            side.letter()
        );
        let counts = self.next(&label, &what, separated_list1(char(','), number))?;
        <[u32; ROW]>::try_from(counts.as_slice()).map_err(|_| {
            PositionError::syntax(format!(
                "the {label} section has {} counts, not {ROW}",
                counts.len()
            ))
        })
    }

    /// Two numbers, South's then North's: `K:10,0`.
    ///
    /// # Errors
    /// As [`Sections::next`].
    pub fn pair(&mut self, label: &str, what: &str) -> Result<(u32, u32), PositionError> {
        self.next(label, what, (number, preceded(char(','), number)))
    }

    /// The last section, the side to move (`M:S`), and nothing after it.
    ///
    /// # Errors
    /// As [`Sections::next`], or a section after it.
    #[allow(clippy::wrong_self_convention)] // the side to move, not a conversion
    pub fn to_move(mut self) -> Result<Side, PositionError> {
        let side = self.next(
            "M:",
            "the side to move, S or N",
            alt((value(Side::South, char('S')), value(Side::North, char('N')))),
        )?;
        match self.parts.next() {
            Some(extra) => Err(PositionError::syntax(format!(
                "unexpected \"/{extra}\" after the M: section; expected {}",
                self.shape
            ))),
            None => Ok(side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_written_as_fmt_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 162, 999, 1_000_000, u32::MAX] {
            let mut text = String::from("x");
            push_count(&mut text, n);
            assert_eq!(text, format!("x{n}"));
        }
    }

    #[test]
    fn rows_are_drawn_from_south() {
        let pit = |label: &str, cell: &str| DrawnPit {
            label: label.into(),
            cell: cell.into(),
        };
        let lines = draw_rows(
            "store",
            [6, 12],
            &[pit("N2", "0"), pit("N1", "10")],
            &[pit("S1", "X"), pit("S2", "3")],
        );
        assert_eq!(
            lines.join("\n"),
            [
                "               N2  N1",
                "N store  12 |   0  10",
                "S store   6 |   X   3",
                "               S1  S2",
            ]
            .join("\n")
        );
    }

    #[test]
    fn final_counts_decide() {
        assert_eq!(verdict([34, 22]), (Some(Side::South), "S wins"));
        assert_eq!(verdict([28, 28]), (None, "a draw"));
        assert_eq!(result_for(Some(Side::North)), GameResult::SecondWins);
    }
}
