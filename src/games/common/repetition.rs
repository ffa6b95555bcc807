//! Repetition: the positions met since the last irreversible move, for the rules that
//! end a game when a position occurs for the third time (Zamma's §4.8, Olinda
//! Keliya's R9).
//!
//! The history is a persistent list of chunks, newest first: a position that carries
//! its history is cloned in constant time (the driver and the search clone positions
//! freely), a history no clone shares grows in place (a replay pushes a position per
//! move, and allocates once per 16 of them), and counting the occurrences of
//! the newest position is one walk back to the last irreversible move — after which
//! no earlier position can occur again.

use std::sync::Arc;

/// Positions held by one link of the list.
const CHUNK: usize = 16;

/// The positions met since the last irreversible move, each as a key `K` that tells
/// positions apart for the rule (pieces and side to move, say).
#[derive(Clone, Debug)]
pub struct History<K> {
    newest: Arc<Seen<K>>,
}

/// Up to [`CHUNK`] positions, oldest first, and the link to those before them.
#[derive(Debug)]
struct Seen<K> {
    keys: Vec<K>,
    before: Option<Arc<Seen<K>>>,
}

impl<K: PartialEq + Copy> History<K> {
    /// A history whose only position is `key`.
    pub fn starting(key: K) -> History<K> {
        History {
            newest: Seen::first(key, None),
        }
    }

    /// Adds `key` as the newest position; an `irreversible` move (a capture, a man
    /// moving forward) forgets every position before it.
    pub fn push(&mut self, key: K, irreversible: bool) {
        if let Some(seen) = Arc::get_mut(&mut self.newest) {
            if irreversible {
                seen.keys.clear();
                seen.before = None;
            }
            if seen.keys.len() < CHUNK {
                seen.keys.push(key);
                return;
            }
        }
        let before = (!irreversible).then(|| Arc::clone(&self.newest));
        self.newest = Seen::first(key, before);
    }

    /// How many times the newest position has occurred, counting itself.
    pub fn occurrences(&self) -> usize {
        let Some(newest) = self.newest.keys.last() else {
            return 0;
        };
        self.chunks()
            .map(|keys| keys.iter().filter(|key| *key == newest).count())
            .sum()
    }

    /// The chunks of positions, newest first, each oldest first.
    fn chunks(&self) -> impl Iterator<Item = &[K]> {
        std::iter::successors(Some(&*self.newest), |seen| seen.before.as_deref())
            .map(|seen| seen.keys.as_slice())
    }

    /// Every position, newest first.
    fn keys(&self) -> impl Iterator<Item = &K> {
        self.chunks().flat_map(|keys| keys.iter().rev())
    }
}

impl<K> Seen<K> {
    fn first(key: K, before: Option<Arc<Seen<K>>>) -> Arc<Seen<K>> {
        let mut keys = Vec::with_capacity(CHUNK);
        keys.push(key);
        Arc::new(Seen { keys, before })
    }
}

/// Two histories are equal when they hold the same positions, however chunked.
impl<K: PartialEq + Copy> PartialEq for History<K> {
    fn eq(&self, other: &History<K>) -> bool {
        self.keys().eq(other.keys())
    }
}

impl<K: PartialEq + Copy> Eq for History<K> {}

/// A long list is dropped a link at a time, not by a recursion as deep as the list.
impl<K> Drop for Seen<K> {
    fn drop(&mut self) {
        let mut before = self.before.take();
        while let Some(link) = before {
            before = match Arc::try_unwrap(link) {
                Ok(mut seen) => seen.before.take(),
                Err(_) => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_are_counted_across_chunks_and_clones() {
        let mut history = History::starting(0u8);
        let mut clones = Vec::new();
        for ply in 1..=3 * CHUNK as u8 {
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
        for ply in 1..=3 * CHUNK as u8 {
            rebuilt.push(ply % 5, false);
        }
        let mut shared = rebuilt.clone();
        shared.push(0, false);
        assert_eq!(shared, history, "equal whatever the chunks");
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
}
