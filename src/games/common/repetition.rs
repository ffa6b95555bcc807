//! Repetition: the positions met since the last irreversible move, for the rules that
//! end a game when a position occurs for the third time (Zamma's §4.8, Olinda
//! Keliya's R9).
//!
//! The history is a persistent list, newest first: a position that carries its history
//! is cloned in constant time (the driver and the search clone positions freely), and
//! counting the occurrences of the newest position is one walk back to the last
//! irreversible move — after which no earlier position can occur again.

use std::sync::Arc;

/// The positions met since the last irreversible move, each as a key `K` that tells
/// positions apart for the rule (pieces and side to move, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<K> {
    newest: Arc<Seen<K>>,
}

#[derive(Debug, PartialEq, Eq)]
struct Seen<K> {
    key: K,
    before: Option<Arc<Seen<K>>>,
}

impl<K: PartialEq> History<K> {
    /// A history whose only position is `key`.
    pub fn starting(key: K) -> History<K> {
        History {
            newest: Arc::new(Seen { key, before: None }),
        }
    }

    /// Adds `key` as the newest position; an `irreversible` move (a capture, a man
    /// moving forward) forgets every position before it.
    pub fn push(&mut self, key: K, irreversible: bool) {
        let before = (!irreversible).then(|| Arc::clone(&self.newest));
        self.newest = Arc::new(Seen { key, before });
    }

    /// How many times the newest position has occurred, counting itself.
    pub fn occurrences(&self) -> usize {
        let key = &self.newest.key;
        let mut count = 0;
        let mut seen = Some(&self.newest);
        while let Some(s) = seen {
            count += usize::from(s.key == *key);
            seen = s.before.as_ref();
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
