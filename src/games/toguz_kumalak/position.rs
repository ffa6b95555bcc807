//! The board of Toguz Kumalak and one sowing on it (spec §1–§2, rules R1–R9).
//!
//! A [`Position`] is a small `Copy` value: the 18 pits in sowing order, both kazans,
//! both tuzdyks and the side to move. [`Position::sow`] plays one turn's sowing and
//! its single event, computed arithmetically (whole laps at once), without allocating.
//! The end of the game (R10–R12) is not the board's business: see `rules.rs`.

use std::fmt;

use crate::games::common::mancala;
use crate::games::{IllegalKind, MoveError};

/// Stones in the game: 18 pits × 9.
pub const TOTAL_STONES: u32 = 162;
/// Pits per row.
pub const ROW: usize = 9;
/// Pits in the sowing circuit.
const CIRCUIT: usize = 2 * ROW;

/// `LAST_LAP[first][n]`: one stone in each of the `n` pits from `first` on in sowing
/// order, wrapping round the circuit (`n` < 18): the stones of a sowing short of a
/// whole lap (R3).
const LAST_LAP: [[[u8; CIRCUIT]; CIRCUIT]; CIRCUIT] = mancala::runs();

pub use crate::games::common::mancala::Side;

/// A pit: a side and a number 1–9 counted from its owner's left (§1), e.g. `N8` — the
/// shared mancala pit of two rows of nine.
pub type Pit = mancala::Pit<ROW>;

/// Why a landing on 3 stones in the opponent's row made no tuzdyk (R7 a–c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// R7(a): the mover already owns this tuzdyk.
    AlreadyOwns(Pit),
    /// R7(b): the opponent's pit 9.
    PitNine,
    /// R7(c): the opponent's tuzdyk is the mover's pit with the same number.
    Mirror(Pit),
}

/// What the landing pit decided (R5–R7, one event at most by R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// R5: the last stone landed in the mover's own row.
    OwnSide,
    /// R5: the last stone landed in a tuzdyk, in either row (and went to its
    /// owner's kazan, R4).
    IntoTuzdyk,
    /// The landing pit in the opponent's row holds an odd number other than an
    /// accepted 3: nothing happens.
    Odd { stones: u8 },
    /// R6: an even number in the opponent's row, all captured.
    Capture { stones: u8 },
    /// R7: exactly 3 in the opponent's row: a new tuzdyk, its 3 stones captured.
    Tuzdyk,
    /// Exactly 3, but R7(a), (b) or (c) forbids the tuzdyk: nothing happens.
    Refused(Refusal),
}

/// The account of one sowing: everything `describe` and the mark checks need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The pit emptied.
    pub from: Pit,
    /// The stones lifted from it.
    pub stones: u8,
    /// The pit the last stone was dropped into.
    pub landing: Pit,
    /// Stones in the landing pit after the last drop, before any capture (0 for a
    /// tuzdyk, whose stones went to its owner at once by R4).
    pub landing_count: u8,
    /// Stones each side received through its tuzdyk during this sowing (R4).
    pub into_tuzdyks: [u8; 2],
    pub event: Event,
}

/// A position: pits, kazans, tuzdyks and the side to move.
///
/// Invariants kept by construction ([`Position::from_parts`] checks them, sowing keeps
/// them): the pits and kazans hold 162 stones; a tuzdyk holds 0 stones, is in the
/// opponent's row, is not pit 9 and does not mirror the other tuzdyk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The 18 pits in sowing order: S1..S9, N1..N9.
    pits: [u8; CIRCUIT],
    /// Kazans, indexed by [`Side::index`].
    kazans: [u8; 2],
    /// Each side's tuzdyk (a pit in the opponent's row), indexed by [`Side::index`].
    tuzdyks: [Option<Pit>; 2],
    to_move: Side,
}

/// What is wrong with a position built from parts (the position string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl Position {
    /// §2: nine stones in every pit, empty kazans, no tuzdyk, S to move.
    pub fn start() -> Position {
        Position {
            pits: [9; CIRCUIT],
            kazans: [0, 0],
            tuzdyks: [None, None],
            to_move: Side::South,
        }
    }

    /// Builds a position from its parts, checking the invariants.
    ///
    /// `rows` are indexed by side, each `[pit 1 .. pit 9]`; `tuzdyks[side]` is the
    /// number of the opponent's pit that is `side`'s tuzdyk.
    ///
    /// # Errors
    /// A sentence naming what is wrong: the stone total, or a tuzdyk that breaks R4/R7.
    pub fn from_parts(
        rows: [[u32; ROW]; 2],
        kazans: [u32; 2],
        tuzdyks: [Option<u8>; 2],
        to_move: Side,
    ) -> Result<Position, Invalid> {
        // In u64: twenty u32 counts from a hostile string cannot overflow it.
        let total: u64 = rows
            .iter()
            .flatten()
            .chain(kazans.iter())
            .map(|&c| u64::from(c))
            .sum();
        if total != u64::from(TOTAL_STONES) {
            return Err(Invalid(format!(
                "the pits and kazans hold {total} stones, not {TOTAL_STONES}"
            )));
        }
        let mut position = Position {
            pits: [0; CIRCUIT],
            // Each value is at most the checked total, 162, so it fits a u8.
            kazans: kazans.map(|k| k as u8),
            tuzdyks: [None, None],
            to_move,
        };
        for side in Side::BOTH {
            for (i, &count) in rows[side.index()].iter().enumerate() {
                position.pits[side.index() * ROW + i] = count as u8;
            }
        }
        for owner in Side::BOTH {
            let Some(number) = tuzdyks[owner.index()] else {
                continue;
            };
            let pit = Pit::new(owner.opponent(), number).ok_or_else(|| {
                Invalid(format!(
                    "{owner}'s tuzdyk must be a pit 1-8 of {}, not {number}",
                    owner.opponent()
                ))
            })?;
            if number == ROW as u8 {
                return Err(Invalid(format!(
                    "{owner}'s tuzdyk cannot be {pit}: a tuzdyk is never pit 9 (R7b)"
                )));
            }
            if position.count(pit) != 0 {
                return Err(Invalid(format!(
                    "{pit} is {owner}'s tuzdyk but holds {} stones: a tuzdyk always holds 0 (R4)",
                    position.count(pit)
                )));
            }
            position.tuzdyks[owner.index()] = Some(pit);
        }
        if let [Some(s), Some(n)] = position.tuzdyks
            && s.number() == n.number()
        {
            return Err(Invalid(format!(
                "S's tuzdyk {s} mirrors N's tuzdyk {n}: tuzdyks may not carry the same number (R7c)"
            )));
        }
        Ok(position)
    }

    /// Stones in a pit.
    pub fn count(&self, pit: Pit) -> u8 {
        self.pits[pit.index()]
    }

    /// A side's row, pit 1 first.
    pub fn row(&self, side: Side) -> [u8; ROW] {
        let mut row = [0; ROW];
        row.copy_from_slice(self.pits_of(side));
        row
    }

    /// A side's pits, in place.
    fn pits_of(&self, side: Side) -> &[u8] {
        &self.pits[side.index() * ROW..(side.index() + 1) * ROW]
    }

    /// Stones in a kazan.
    pub fn kazan(&self, side: Side) -> u8 {
        self.kazans[side.index()]
    }

    /// Both kazans, South first.
    pub fn kazans(&self) -> [u8; 2] {
        self.kazans
    }

    /// The tuzdyk `owner` made (a pit of the opponent's row), if any.
    pub fn tuzdyk(&self, owner: Side) -> Option<Pit> {
        self.tuzdyks[owner.index()]
    }

    /// The owner of the tuzdyk at `pit`, if `pit` is one.
    #[inline]
    pub fn tuzdyk_owner(&self, pit: Pit) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.tuzdyks[s.index()] == Some(pit))
    }

    /// The side to move.
    #[allow(clippy::wrong_self_convention)] // the side to move, not a conversion
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Why the side to move may not play `pit` (R1, R8), or `None` if it may.
    #[inline]
    pub fn illegal(&self, pit: Pit) -> Option<Illegal> {
        if let Some(owner) = self.tuzdyk_owner(pit) {
            Some(Illegal::Tuzdyk { pit, owner })
        } else if self.count(pit) == 0 {
            Some(Illegal::Empty(pit))
        } else {
            None
        }
    }

    /// R1: whether `side` has a legal move, i.e. a stone in its row. A tuzdyk holds
    /// no stones (R4), so any stone is in a pit its owner may play.
    #[inline]
    pub fn can_move(&self, side: Side) -> bool {
        self.pits_of(side).iter().any(|&c| c > 0)
    }

    /// The stones in `side`'s row.
    pub fn row_total(&self, side: Side) -> u8 {
        self.pits_of(side).iter().sum()
    }

    /// R11's transfer: `side` adds every stone of its own row to its kazan. Gives the
    /// number of stones moved.
    pub fn collect_row(&mut self, side: Side) -> u8 {
        let collected = self.row_total(side);
        self.pits[side.index() * ROW..(side.index() + 1) * ROW].fill(0);
        self.kazans[side.index()] += collected;
        collected
    }

    /// Plays the sowing of the side to move from its pit `from` (R2–R9) and passes
    /// the turn. The caller has checked the move with [`Position::illegal`].
    #[inline(always)]
    pub fn sow(&mut self, from: Pit) -> Sowing {
        let mover = self.to_move;
        let stones = self.pits[from.index()];
        // R2: with n >= 2 the first stone goes back into the emptied pit; a single
        // stone goes to the next pit. R3: then one stone per pit, no pit skipped.
        let first = if stones == 1 { from.advance(1) } else { from };
        let dropped = usize::from(stones);
        // Whole laps put a stone in every pit; the rest go one per pit from `first` on.
        // Both are added to the 18 pits at once, from a table, with no loop whose
        // length depends on the move (this runs for every move of an archive).
        let laps = (dropped / CIRCUIT) as u8;
        let rest = &LAST_LAP[first.index()][dropped % CIRCUIT];
        for (pit, extra) in self.pits.iter_mut().zip(rest) {
            *pit += laps + extra;
        }
        // The emptied pit holds what the sowing put back into it. (Emptied after the
        // adding, not before: a byte written just before the pits are read whole
        // would stall the processor.)
        self.pits[from.index()] = laps + rest[from.index()];
        let landing = first.advance(dropped.saturating_sub(1));
        // R4: whatever fell into a tuzdyk is its owner's at once.
        let mut into_tuzdyks = [0; 2];
        for owner in Side::BOTH {
            if let Some(t) = self.tuzdyks[owner.index()] {
                into_tuzdyks[owner.index()] = self.pits[t.index()];
                self.kazans[owner.index()] += self.pits[t.index()];
                self.pits[t.index()] = 0;
            }
        }
        let landing_count = self.pits[landing.index()];
        let event = self.landing_event(landing, landing_count);
        match event {
            Event::Capture { stones } => self.take(landing, stones),
            Event::Tuzdyk => {
                self.tuzdyks[mover.index()] = Some(landing);
                self.take(landing, 3);
            }
            _ => {}
        }
        self.to_move = mover.opponent();
        Sowing {
            from,
            stones,
            landing,
            landing_count,
            into_tuzdyks,
            event,
        }
    }

    /// R5–R7: the one event the landing pit decides (R9). `self.to_move` is still the
    /// mover.
    #[inline(always)]
    fn landing_event(&self, landing: Pit, count: u8) -> Event {
        let mover = self.to_move;
        // A tuzdyk may lie in either row (the mover's own row holds the opponent's).
        if self.tuzdyk_owner(landing).is_some() {
            return Event::IntoTuzdyk;
        }
        if landing.side() == mover {
            return Event::OwnSide;
        }
        if count.is_multiple_of(2) {
            return Event::Capture { stones: count };
        }
        if count != 3 {
            return Event::Odd { stones: count };
        }
        if let Some(own) = self.tuzdyks[mover.index()] {
            return Event::Refused(Refusal::AlreadyOwns(own));
        }
        if landing.number() == ROW as u8 {
            return Event::Refused(Refusal::PitNine);
        }
        if let Some(theirs) = self.tuzdyks[mover.opponent().index()]
            && theirs.number() == landing.number()
        {
            return Event::Refused(Refusal::Mirror(theirs));
        }
        Event::Tuzdyk
    }

    /// Moves the stones of `pit` into the kazan of the side to move.
    fn take(&mut self, pit: Pit, stones: u8) {
        self.pits[pit.index()] -= stones;
        self.kazans[self.to_move.index()] += stones;
    }
}

/// Why a pit cannot be played (R1, R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// A pit number outside 1-9.
    NoSuchPit(u8),
    /// R1: no stone to lift.
    Empty(Pit),
    /// R8: the pit is a tuzdyk.
    Tuzdyk { pit: Pit, owner: Side },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchPit(number) => {
                write!(f, "pit {number} does not exist: pits are numbered 1-9")
            }
            Illegal::Empty(pit) => write!(f, "pit {pit} is empty"),
            Illegal::Tuzdyk { pit, owner } => {
                write!(f, "pit {pit} is {owner}'s tuzdyk and cannot be played")
            }
        }
    }
}

impl From<Illegal> for MoveError {
    fn from(why: Illegal) -> MoveError {
        let (kind, rule) = match why {
            Illegal::NoSuchPit(_) => (IllegalKind::Other, None),
            Illegal::Empty(pit) => (
                IllegalKind::NoPiece {
                    point: pit.to_string(),
                },
                Some("R1"),
            ),
            Illegal::Tuzdyk { .. } => (IllegalKind::Other, Some("R8")),
        };
        MoveError::illegal_kind(kind, why.to_string()).rule(rule)
    }
}
