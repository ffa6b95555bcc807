//! The board of Olinda Keliya and one turn of relay sowing on it (spec §1–§2,
//! rules R2–R7), with the record of positions R9 counts.

use std::collections::HashSet;

use crate::games::common::mancala;
use crate::games::common::repetition::History;

pub use crate::games::common::mancala::Side;

/// Pits per row.
pub const ROW: usize = 7;
/// Pits in the sowing circuit `S1 … S7 N1 … N7`.
pub const CIRCUIT: usize = 2 * ROW;

/// A sowing direction (§1): counter-clockwise goes up the circuit (`S7→N1`, `N7→S1`),
/// clockwise down it (`S1→N7`, `N1→S7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Ccw,
    Cw,
}

impl Direction {
    pub fn reversed(self) -> Direction {
        match self {
            Direction::Ccw => Direction::Cw,
            Direction::Cw => Direction::Ccw,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::Ccw => "ccw",
            Direction::Cw => "cw",
        }
    }
}

/// A pit: its place in the circuit `S1 … S7 N1 … N7` — the shared mancala pit of two
/// rows of seven.
pub type Pit = mancala::Pit<ROW>;

/// The next pit in `direction` (R2: sowing goes either way round).
pub fn next(pit: Pit, direction: Direction) -> Pit {
    match direction {
        Direction::Ccw => pit.advance(1),
        Direction::Cw => pit.back(1),
    }
}

/// A position: the 14 pits, both stores, the side to move, and the positions R9
/// counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Seeds in the pits, in circuit order S1..S7, N1..N7.
    pits: [u8; CIRCUIT],
    /// Stores, indexed by [`Side::index`].
    stores: [u8; 2],
    to_move: Side,
    /// R9: the keys ([`Position::key`]) of the positions met since the seeds on the
    /// board last changed, this one last. Sowing keeps the number of seeds on the
    /// board; only a capture of at least one seed lowers it, and after that no earlier
    /// position can occur again, so they are forgotten.
    history: History<u128>,
}

/// One lap of a turn (R3): the pit lifted, the seeds sown, the pit of the last seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lap {
    pub lifted: Pit,
    pub seeds: u8,
    pub last: Pit,
}

/// A whole turn (R6): its laps, the empty pit that stopped it and the capture (R5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub mover: Side,
    pub laps: Vec<Lap>,
    /// P, the empty pit after the last lap's last seed.
    pub stop: Pit,
    /// The pit after P, whose seeds are captured.
    pub capture_pit: Pit,
    pub captured: u8,
    pub after: Position,
}

impl Turn {
    /// The pit the turn started from.
    pub fn from(&self) -> Pit {
        self.laps[0].lifted
    }
}

/// R7: a relay that would never end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endless {
    /// Laps sown before the pits and the pit to lift repeated.
    pub laps: usize,
    /// The pit lifted again in the same position.
    pub again: Pit,
}

impl Position {
    /// §2: `seeds` in every pit, empty stores, S to move.
    pub fn start(seeds: u8) -> Position {
        Position::new([seeds; CIRCUIT], [0, 0], Side::South)
    }

    /// A position from its parts, unchecked (the position string checks them); its
    /// own first occurrence for R9.
    pub fn new(pits: [u8; CIRCUIT], stores: [u8; 2], to_move: Side) -> Position {
        Position {
            pits,
            stores,
            to_move,
            history: History::starting(key(&pits, to_move)),
        }
    }

    /// Seeds in a pit.
    pub fn count(&self, pit: Pit) -> u8 {
        self.pits[pit.index()]
    }

    /// A side's row, pit 1 first.
    pub fn row(&self, side: Side) -> [u8; ROW] {
        let mut row = [0; ROW];
        row.copy_from_slice(&self.pits[side.index() * ROW..(side.index() + 1) * ROW]);
        row
    }

    /// Seeds in `side`'s row.
    pub fn row_total(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&c| u32::from(c)).sum()
    }

    /// Both stores, South first.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// R9: how many times this position (pits and side to move) has occurred,
    /// counting itself.
    pub fn occurrences(&self) -> usize {
        self.history.occurrences()
    }

    /// R10: the stores after each player adds the seeds of their own row.
    pub fn final_count(&self) -> [u32; 2] {
        Side::BOTH.map(|s| u32::from(self.stores[s.index()]) + self.row_total(s))
    }

    /// The 14 pits (at most 98 seeds each, 7 bits) and the side to move, in one number.
    fn key(&self) -> u128 {
        key(&self.pits, self.to_move)
    }

    /// Plays the side to move's pit `from` in `direction` on a copy (R2–R6), or says
    /// why the move can never end (R7). The caller has checked that `from` is in the
    /// mover's row and holds seeds.
    pub fn turn(&self, from: Pit, direction: Direction) -> Result<Turn, Endless> {
        let mover = self.to_move;
        let mut pits = self.pits;
        let mut laps = Vec::new();
        // R7: the (pits, pit to lift) pairs met, from the second lap on (a turn of
        // one lap cannot repeat one).
        let mut seen: Option<HashSet<u128>> = None;
        let mut lift = from;
        loop {
            if !laps.is_empty() {
                let key = pits_key(&pits) | (lift.index() as u128) << 120;
                if !seen.get_or_insert_with(HashSet::new).insert(key) {
                    return Err(Endless {
                        laps: laps.len(),
                        again: lift,
                    });
                }
            }
            // R3: lift every seed, drop them one by one onwards; no pit is skipped.
            let seeds = std::mem::take(&mut pits[lift.index()]);
            let mut at = lift;
            for _ in 0..seeds {
                at = next(at, direction);
                pits[at.index()] += 1;
            }
            laps.push(Lap {
                lifted: lift,
                seeds,
                last: at,
            });
            // R4: the pit after the last seed holds seeds: relay.
            let beyond = next(at, direction);
            if pits[beyond.index()] > 0 {
                lift = beyond;
                continue;
            }
            // R5: it is empty: capture the pit after it, whatever its row.
            let capture_pit = next(beyond, direction);
            let captured = std::mem::take(&mut pits[capture_pit.index()]);
            let mut after = Position {
                pits,
                stores: self.stores,
                to_move: mover.opponent(),
                history: self.history.clone(),
            };
            after.stores[mover.index()] += captured;
            // Only a capture changes the seeds on the board for good (see `history`).
            after.history.push(after.key(), captured > 0);
            return Ok(Turn {
                mover,
                laps,
                stop: beyond,
                capture_pit,
                captured,
                after,
            });
        }
    }
}

fn pits_key(pits: &[u8; CIRCUIT]) -> u128 {
    pits.iter()
        .fold(0u128, |key, &c| key << 7 | u128::from(c & 0x7F))
}

/// R9's key of a position: its pits and the side to move.
fn key(pits: &[u8; CIRCUIT], to_move: Side) -> u128 {
    pits_key(pits) | (to_move.index() as u128) << 120
}
