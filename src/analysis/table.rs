//! The transposition table: what the search learnt of a position, by its key, in a
//! table of fixed size (`--hash`). A slot holds one position; a newer or deeper
//! entry replaces the one there.
//!
//! Each game searches with an empty table. Emptying 16 MB costs more than
//! analysing a short game (10,000 one-move games took 28 s, issue 33), so a thread
//! keeps its last table when a game is done, and the next game of that size takes it
//! with a new generation: an entry of an older one reads as an empty slot.

use std::cell::RefCell;
use std::collections::TryReserveError;

use super::score::from_table;

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
    /// The table's generation when it was stored: of another game if it is not the
    /// table's own.
    generation: u32,
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
            generation: 0,
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
    /// The entries of this generation are the table's; the others are empty slots.
    generation: u32,
}

thread_local! {
    /// The table of the thread's last game, for its next.
    static SPARE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

impl Table {
    /// An empty table of at most `bytes` (at least one slot).
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
        let spare = SPARE.with(|spare| spare.borrow_mut().take());
        if let Some(mut table) = spare.filter(|t| t.slots.len() == len) {
            table.generation = table.generation.wrapping_add(1);
            if table.generation == 0 {
                // Once in 2^32 games: entries that old could read as new.
                table.slots.fill(None);
            }
            return Ok(table);
        }
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.resize(len, None);
        Ok(Table {
            slots,
            mask: len - 1,
            generation: 0,
        })
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key && self.owns(e))
    }

    /// Keeps `entry` unless its slot holds a deeper entry of the same position.
    pub fn store(&mut self, entry: Entry) {
        let generation = self.generation;
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot.is_some_and(|old| {
            old.key == entry.key
                && old.generation == generation
                && old.depth > entry.depth
                && !entry.proved
        }) {
            return;
        }
        *slot = Some(Entry {
            generation,
            ..entry
        });
    }

    fn owns(&self, entry: &Entry) -> bool {
        entry.generation == self.generation
    }
}

impl Drop for Table {
    /// Leaves the slots to the thread's next game, unless the thread keeps one already
    /// or is ending (then they are freed). No table is dropped here, so no drop recurses.
    fn drop(&mut self) {
        let slots = std::mem::take(&mut self.slots);
        if slots.is_empty() {
            return;
        }
        let (mask, generation) = (self.mask, self.generation);
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut()
                && spare.is_none()
            {
                *spare = Some(Table {
                    slots,
                    mask,
                    generation,
                });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_left_by_one_game_is_empty_for_the_next() {
        let mut first = Table::new(1 << 12).unwrap();
        first.store(Entry::new(42, 3, 7, Bound::Exact, 1, false));
        assert!(first.probe(42).is_some());
        let slots = first.slots.as_ptr();
        drop(first);
        let mut next = Table::new(1 << 12).unwrap();
        // The same slots, taken over: what the first game stored is not there.
        assert_eq!(next.slots.as_ptr(), slots);
        assert!(next.probe(42).is_none());
        // Nor does a deeper entry of an older game keep a new one out.
        next.store(Entry::new(42, 1, 5, Bound::Lower, 0, false));
        assert_eq!(next.probe(42).map(|e| e.score), Some(5));
    }

    #[test]
    fn a_table_of_another_size_is_made_anew() {
        let small = Table::new(1 << 12).unwrap();
        let small_len = small.slots.len();
        drop(small);
        let other = Table::new(1 << 14).unwrap();
        assert_eq!(other.slots.len(), 4 * small_len);
        assert_eq!(other.generation, 0);
    }
}
