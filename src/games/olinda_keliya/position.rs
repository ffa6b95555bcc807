//! The board of Olinda Keliya and one turn of relay sowing on it (spec §1–§2,
//! rules R2–R7), with the record of positions R9 counts.

use crate::games::common::{allowance, mancala};
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
pub enum Endless {
    /// The pits and the pit to lift repeated: the relay goes round for ever.
    Repeats {
        /// Laps sown before the pair repeated.
        laps: usize,
        /// The pit lifted again in the same position.
        again: Pit,
    },
    /// The relay did not end within [`MAX_LAPS`] laps, and is taken as endless.
    TooLong,
    /// The relay went on past [`FREE_LAPS`] laps, and the run's search allowance
    /// ([`allowance`]) ran out before [`MAX_LAPS`]: not judged (a limit of tgn).
    Unchecked,
}

/// R7, decision 4: the laps a relay may sow before it is taken as endless. A relay
/// that never ends repeats a (pits, pit to lift) pair at last, the states being
/// finite, but that may take longer than any search can wait (with 98 seeds some go
/// on for more than 20 million laps without a repeat). Real moves sow tens of laps:
/// of 5.5 million relays from every pit of random positions of 56 to 98 seeds, the
/// longest that ended sowed 694 laps, and none ended between 1,000 and 100,000. A
/// relay this long is no move anyone made, and refusing it bounds a move's cost to a
/// fraction of a millisecond.
pub const MAX_LAPS: usize = 10_000;

/// The laps a relay sows before the rest are drawn from the run's search allowance
/// ([`allowance`]): more than any relay sampled above that ended (694 at most), so
/// only a relay on its way to [`MAX_LAPS`] draws on it, and a file of such moves is
/// refused in time proportional to its size (a megabyte of copies of one: 1.2 s
/// with 1,000 free laps, 0.9 s with 700). A relay that ends past it is judged as
/// any other while the allowance lasts.
pub const FREE_LAPS: usize = 700;

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
    pub fn key(&self) -> u128 {
        key(&self.pits, self.to_move)
    }

    /// The turn of the side to move from `from` (R3–R6), or [`Endless`] if its relay
    /// never ends (R7). The caller has checked that `from` holds seeds (R2).
    pub fn turn(&self, from: Pit, direction: Direction) -> Result<Turn, Endless> {
        let mut laps = Vec::new();
        let relay = self.relay(from, direction, |lap| laps.push(lap))?;
        let mut after = self.clone();
        after.settle(&relay);
        Ok(Turn {
            mover: self.to_move,
            laps,
            stop: relay.stop,
            capture_pit: relay.capture_pit,
            captured: relay.captured,
            after,
        })
    }

    /// The relay from `from` (R3–R5, R7) without the account of its laps, for
    /// [`Position::settle`] to play: the replay of an archive, which keeps no copy.
    pub fn sow(&self, from: Pit, direction: Direction) -> Result<Relay, Endless> {
        self.relay(from, direction, |_| {})
    }

    /// R3–R5 and R7: the seeds sown from `from`, lap after lap (each handed to
    /// `lap`), until the pit after the last seed is empty; then the capture.
    fn relay(
        &self,
        from: Pit,
        direction: Direction,
        mut lap: impl FnMut(Lap),
    ) -> Result<Relay, Endless> {
        let mut state = LapState {
            pits: self.pits,
            lift: from,
        };
        let mut cycle = Cycle::default();
        let granted = allowance::grant((MAX_LAPS - FREE_LAPS) as u64) as usize;
        for sown in 0..FREE_LAPS + granted {
            if sown >= FREE_LAPS {
                allowance::spend(1);
            }
            let (seeds, at) = state.sow_lap(direction);
            lap(Lap {
                lifted: state.lift,
                seeds,
                last: at,
            });
            if let Some(lift) = state.relayed_from(at, direction) {
                state.lift = lift;
                if cycle.closes(state) {
                    return Err(cycle.endless(self.pits, from, direction));
                }
                continue;
            }
            // R5: the pit after the last seed is empty: capture the pit after it,
            // whatever its row.
            let beyond = next(at, direction);
            let capture_pit = next(beyond, direction);
            let captured = std::mem::take(&mut state.pits[capture_pit.index()]);
            return Ok(Relay {
                pits: state.pits,
                stop: beyond,
                capture_pit,
                captured,
            });
        }
        if granted < MAX_LAPS - FREE_LAPS {
            allowance::stopped_short();
            return Err(Endless::Unchecked);
        }
        Err(Endless::TooLong)
    }

    /// The position after a relay: its pits, the capture in the mover's store, the
    /// turn passed and the position remembered for R9.
    pub fn settle(&mut self, relay: &Relay) {
        let mover = self.to_move;
        self.pits = relay.pits;
        self.stores[mover.index()] += relay.captured;
        self.to_move = mover.opponent();
        // Only a capture changes the seeds on the board for good (see `history`).
        self.history.push(self.key(), relay.captured > 0);
    }
}

/// A turn sown out: the pits after it, where the relay stopped and what it captured.
#[derive(Clone, Copy, Debug)]
pub struct Relay {
    pits: [u8; CIRCUIT],
    pub stop: Pit,
    pub capture_pit: Pit,
    pub captured: u8,
}

/// What a relay's next lap depends on: the pits and the pit to lift (R7's pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LapState {
    pits: [u8; CIRCUIT],
    lift: Pit,
}

impl LapState {
    /// R3: lifts every seed of the pit to lift and drops them one by one onwards (no
    /// pit is skipped): the seeds and the pit of the last one.
    #[inline]
    fn sow_lap(&mut self, direction: Direction) -> (u8, Pit) {
        let seeds = std::mem::take(&mut self.pits[self.lift.index()]);
        (
            seeds,
            drop_seeds(&mut self.pits, self.lift, seeds, direction),
        )
    }

    /// R4: after a lap whose last seed fell in `at`, the pit lifted next if the pit
    /// after it holds seeds (the relay goes on).
    fn relayed_from(&self, at: Pit, direction: Direction) -> Option<Pit> {
        let beyond = next(at, direction);
        (self.pits[beyond.index()] > 0).then_some(beyond)
    }

    /// The state of the next lap, if the relay goes on (R4).
    fn next_lap(mut self, direction: Direction) -> Option<LapState> {
        let (_, at) = self.sow_lap(direction);
        let lift = self.relayed_from(at, direction)?;
        Some(LapState { lift, ..self })
    }
}

/// R7's watch on a relay: whether a (pits, pit to lift) pair comes back, by Brent's
/// cycle finding — one state kept and compared after each lap, nothing allocated,
/// however long the relay. The states are those before the second lap and after
/// (a turn of one lap cannot repeat one).
struct Cycle {
    /// The state the later ones are compared with, and the laps since it was kept.
    kept: Option<LapState>,
    since: usize,
    /// Laps after which the kept state is replaced (a power of two).
    span: usize,
}

impl Default for Cycle {
    fn default() -> Cycle {
        Cycle {
            kept: None,
            since: 0,
            span: 1,
        }
    }
}

impl Cycle {
    /// Whether `state`, the state before the next lap, closes a cycle.
    fn closes(&mut self, state: LapState) -> bool {
        let Some(kept) = self.kept else {
            self.kept = Some(state);
            return false;
        };
        self.since += 1;
        if kept == state {
            return true;
        }
        if self.since == self.span {
            (self.kept, self.since, self.span) = (Some(state), 0, self.span * 2);
        }
        false
    }

    /// The endless relay from `from` on `pits` whose cycle this watch found, as R7
    /// words it: the laps sown before the first repeated pair, and its pit to lift.
    fn endless(&self, pits: [u8; CIRCUIT], from: Pit, direction: Direction) -> Endless {
        let length = self.since;
        let next = |state: LapState| state.next_lap(direction).expect("the relay cycles");
        let first = next(LapState { pits, lift: from });
        // The first state of the cycle: where two states `length` laps apart meet.
        let (mut early, mut late) = (first, (0..length).fold(first, |s, _| next(s)));
        let mut laps = 1;
        while early != late {
            (early, late, laps) = (next(early), next(late), laps + 1);
        }
        Endless::Repeats {
            laps: laps + length,
            again: early.lift,
        }
    }
}

/// `RUNS[first][n]`: one seed in each of the `n` pits from `first` on, in index
/// (counterclockwise) order: the last part of a lap (R3).
const RUNS: [[[u8; CIRCUIT]; CIRCUIT]; CIRCUIT] = mancala::runs();

/// Drops `seeds` one per pit onwards from `lift` (not into it, until a whole lap has
/// gone round) and gives the pit of the last one: whole laps and the last part lap
/// added to every pit at once (R3), with no loop as long as the seeds.
fn drop_seeds(pits: &mut [u8; CIRCUIT], lift: Pit, seeds: u8, direction: Direction) -> Pit {
    let n = usize::from(seeds);
    // Most laps are shorter than the circuit: no whole lap to add.
    let (laps, rest) = if n < CIRCUIT {
        (0, n)
    } else {
        ((n / CIRCUIT) as u8, n % CIRCUIT)
    };
    // The part lap's pits in index order: the `rest` after `lift` counterclockwise,
    // the `rest` before it clockwise.
    let first = match direction {
        Direction::Ccw => lift.index() + 1,
        Direction::Cw => lift.index() + CIRCUIT - rest,
    };
    let part = &RUNS[first % CIRCUIT][rest];
    for (pit, &one) in pits.iter_mut().zip(part) {
        *pit += laps + one;
    }
    match direction {
        Direction::Ccw => lift.advance(n),
        Direction::Cw => lift.back(n % CIRCUIT),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_seeds_dropped_lap_by_lap_land_as_one_by_one() {
        let first = Pit::new(Side::South, 1).expect("S1");
        for direction in [Direction::Ccw, Direction::Cw] {
            for lift in (0..CIRCUIT).map(|k| first.advance(k)) {
                for seeds in 0..=60u8 {
                    let start: [u8; CIRCUIT] = std::array::from_fn(|k| (k * 7 % 5) as u8);
                    let (mut one_by_one, mut at) = (start, lift);
                    for _ in 0..seeds {
                        at = next(at, direction);
                        one_by_one[at.index()] += 1;
                    }
                    let mut by_laps = start;
                    let last = drop_seeds(&mut by_laps, lift, seeds, direction);
                    assert_eq!((by_laps, last), (one_by_one, at), "{lift} {seeds}");
                }
            }
        }
    }

    /// R3–R7 as the spec words them, lap by lap, every (pits, pit to lift) pair
    /// kept in a set: what [`Position::sow`] must answer.
    fn relay_by_the_letter(
        pits: [u8; CIRCUIT],
        from: Pit,
        direction: Direction,
    ) -> Result<([u8; CIRCUIT], Pit, Pit, u8), Endless> {
        let (mut pits, mut lift, mut laps) = (pits, from, 0);
        let mut seen = std::collections::HashSet::new();
        loop {
            if laps > 0 && !seen.insert((pits, lift)) {
                return Err(Endless::Repeats { laps, again: lift });
            }
            let mut at = lift;
            for _ in 0..std::mem::take(&mut pits[lift.index()]) {
                at = next(at, direction);
                pits[at.index()] += 1;
            }
            laps += 1;
            let beyond = next(at, direction);
            if pits[beyond.index()] > 0 {
                lift = beyond;
                continue;
            }
            let capture = next(beyond, direction);
            let captured = std::mem::take(&mut pits[capture.index()]);
            return Ok((pits, beyond, capture, captured));
        }
    }

    #[test]
    fn r7_a_relay_is_found_endless_after_the_laps_the_spec_counts() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut endless = 0;
        for _ in 0..20000 {
            let pits: [u8; CIRCUIT] = std::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                [0, 0, 0, 0, 1, 1, 2][(seed % 7) as usize]
            });
            let position = Position::new(pits, [0, 0], Side::South);
            for direction in [Direction::Ccw, Direction::Cw] {
                for from in (0..CIRCUIT).map(|k| Pit::new(Side::South, 1).unwrap().advance(k)) {
                    if pits[from.index()] == 0 {
                        continue;
                    }
                    let sown = position
                        .sow(from, direction)
                        .map(|r| (r.pits, r.stop, r.capture_pit, r.captured));
                    assert_eq!(
                        sown,
                        relay_by_the_letter(pits, from, direction),
                        "{pits:?} {from}"
                    );
                    endless += usize::from(sown.is_err());
                }
            }
        }
        assert!(endless >= 5, "{endless}");
    }
}
