//! The transposition table: what the search learnt of a position, by its key, in a
//! table of fixed size (`--hash`). A slot holds one position; a newer or deeper
//! entry replaces the one there.

use std::collections::TryReserveError;

use super::search::from_table;

/// Whether a stored score is the value, or a bound of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (the search cut off above beta).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

impl Bound {
    /// The bound a score found in the window `alpha..beta` is.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One position's entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    score: i32,
    /// The index of the best move among the position's legal moves.
    pub best: u16,
    depth: u8,
    bound: Bound,
    /// The score holds whatever the depth: no line below reached the horizon.
    pub proved: bool,
}

impl Entry {
    pub fn new(key: u64, depth: u32, score: i32, bound: Bound, best: usize, proved: bool) -> Entry {
        Entry {
            key,
            score,
            best: u16::try_from(best).unwrap_or(u16::MAX),
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            bound,
            proved,
        }
    }

    /// The score to return at once for a search of `depth` in `alpha..beta` at `ply`,
    /// if this entry settles it.
    pub fn cutoff(&self, depth: u32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if u32::from(self.depth) < depth && !self.proved {
            return None;
        }
        let score = from_table(self.score, ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }
}

/// The table: a power of two of slots, each found from the low bits of the key.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of at most `bytes` (at least one slot).
    ///
    /// # Errors
    /// The memory could not be had (`--hash` asked for more than the system gives).
    pub fn new(bytes: usize) -> Result<Table, TryReserveError> {
        let wanted = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.resize(len, None);
        Ok(Table {
            slots,
            mask: len - 1,
        })
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Keeps `entry` unless its slot holds a deeper entry of the same position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot.is_some_and(|old| old.key == entry.key && old.depth > entry.depth && !entry.proved)
        {
            return;
        }
        *slot = Some(entry);
    }
}
