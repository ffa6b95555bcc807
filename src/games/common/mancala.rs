//! What the two-row mancala games share (Toguz Kumalak, Olinda Keliya): the two
//! sides, their letters and players, and the drawing of two rows of pits with the
//! players' stores as seen from South.

use std::fmt;

use crate::games::{GameResult, Player};

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

#[cfg(test)]
mod tests {
    use super::*;

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
