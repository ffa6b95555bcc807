//! Repetition: the positions met since the last irreversible move, for the rules that
//! end a game when a position occurs for the third time (Zamma's §4.8, Olinda
//! Keliya's R9, Bagh-chal's R7).
//!
//! The history is a count of each position since the last irreversible move, in a
//! persistent hash map (a hash array mapped trie): a move adds one to its position's
//! count, so that the count of the newest position is known at once, however long the
//! game has gone without an irreversible move (a walk back over every position met
//! since made a 99,000-ply game quadratic: issue 33). A position that carries its
//! history is still cloned in constant time (the driver and the search clone positions
//! freely): a clone shares the map, and a move played on either copies only the path
//! to the count it changes; a map no clone shares is changed in place.

use std::hash::{BuildHasherDefault, DefaultHasher, Hash};

use rpds::HashTrieMapSync;

/// How many times each position has occurred. The hasher is fixed, not seeded per
/// map: a fresh map for every irreversible move costs nothing, and a key is the
/// position itself, whose full 64-bit hash no record can make collide at will.
type Counts<K> = HashTrieMapSync<K, u32, BuildHasherDefault<DefaultHasher>>;

/// The positions met since the last irreversible move, each as a key `K` that tells
/// positions apart for the rule (pieces and side to move, say), with how often each
/// occurred. Two histories are equal when they count the same positions alike: the
/// rule sees no difference in the order they came in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<K: Eq + Hash> {
    counts: Counts<K>,
    /// How many times the newest position has occurred, counting itself.
    newest: u32,
}

impl<K: Eq + Hash + Clone> History<K> {
    /// A history whose only position is `key`.
    pub fn starting(key: K) -> History<K> {
        let mut history = History {
            counts: Counts::new_with_hasher_and_ptr_kind(BuildHasherDefault::default()),
            newest: 0,
        };
        history.count(key);
        history
    }

    /// Adds `key` as the newest position; an `irreversible` move (a capture, a man
    /// moving forward) forgets every position before it.
    pub fn push(&mut self, key: K, irreversible: bool) {
        if irreversible {
            self.counts = Counts::new_with_hasher_and_ptr_kind(BuildHasherDefault::default());
        }
        self.count(key);
    }

    /// How many times the newest position has occurred, counting itself.
    pub fn occurrences(&self) -> usize {
        self.newest as usize
    }

    fn count(&mut self, key: K) {
        let seen = self.counts.get(&key).map_or(1, |n| n + 1);
        self.counts.insert_mut(key, seen);
        self.newest = seen;
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    #[test]
    fn occurrences_are_counted_across_clones() {
        let mut history = History::starting(0u8);
        let mut clones = Vec::new();
        for ply in 1..=48u8 {
            history.push(ply % 5, false);
            if ply % 7 == 0 {
                clones.push((history.clone(), ply));
            }
        }
        // 0..=48 holds 0 ten times (0, 5, ..., 45 as ply % 5 == 0: 1 + 9).
        history.push(0, false);
        assert_eq!(history.occurrences(), 11);
        for (clone, ply) in clones {
            let expected = (0..=ply).filter(|p| p % 5 == ply % 5).count();
            assert_eq!(
                clone.occurrences(),
                expected,
                "a clone at ply {ply} keeps its own"
            );
        }
        let mut rebuilt = History::starting(0u8);
        for ply in 1..=48u8 {
            rebuilt.push(ply % 5, false);
        }
        let mut shared = rebuilt.clone();
        shared.push(0, false);
        assert_eq!(shared, history, "equal however they were built");
        assert_ne!(shared, rebuilt);
        history.push(0, true);
        assert_eq!(history.occurrences(), 1);
    }

    #[test]
    fn the_third_occurrence_is_counted_until_an_irreversible_move() {
        let mut history = History::starting('a');
        for key in ['b', 'a', 'b'] {
            history.push(key, false);
        }
        assert_eq!(history.occurrences(), 2);
        history.push('a', false);
        assert_eq!(history.occurrences(), 3);
        let before = history.clone();
        history.push('a', true);
        assert_eq!(history.occurrences(), 1);
        assert_eq!(before.occurrences(), 3, "a clone keeps its own history");
    }

    thread_local! {
        static COMPARED: Cell<u64> = const { Cell::new(0) };
    }

    /// A key that counts how often it is compared.
    #[derive(Clone, Copy, Debug)]
    struct Counted(u32);

    /// Hashes as its number does, which equality compares (kept in step by hand, as
    /// equality is written by hand to count).
    impl std::hash::Hash for Counted {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.0.hash(state);
        }
    }

    impl PartialEq for Counted {
        fn eq(&self, other: &Counted) -> bool {
            COMPARED.with(|c| c.set(c.get() + 1));
            self.0 == other.0
        }
    }

    impl Eq for Counted {}

    #[test]
    fn a_long_game_without_irreversible_moves_costs_a_few_comparisons_a_ply() {
        // Issue 33: each ply walked back over every position since the last
        // irreversible move, 5 s for a 99,000-ply Bagh-chal game. Two pieces
        // shuttling over 5,000 positions, each met four times, and the search's way of
        // playing a move on a clone at every ply: a few key comparisons a ply.
        const PLIES: u32 = 20_000;
        let mut history = History::starting(Counted(0));
        COMPARED.with(|c| c.set(0));
        for ply in 1..=PLIES {
            let tried = history.clone();
            let mut branch = tried.clone();
            branch.push(Counted(ply % 5_000 + 7), false);
            assert!(branch.occurrences() <= 5);
            history.push(Counted(ply % 5_000), false);
            assert!(history.occurrences() <= 5);
        }
        assert_eq!(history.occurrences(), 5);
        let compared = COMPARED.with(Cell::get);
        assert!(
            compared <= 6 * u64::from(PLIES),
            "{compared} comparisons for {PLIES} plies"
        );
    }
}
