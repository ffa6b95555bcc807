//! Slips of the pen, made on purpose: what the search is measured against (the tests
//! over PlayOK's archive and random games, the bench).
//!
//! Each kind is one of the ways a real sheet breaks, made on the tokens as written,
//! knowing nothing of any game: two neighbouring characters transposed, one
//! character changed to another of its kind seen on the sheet (a digit for a digit,
//! a letter for a letter), a token left out, a token written twice, a token
//! exchanged with the same player's next.

use crate::games::playout::SplitMix;

/// The kinds of slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slip {
    /// Two neighbouring characters of a token transposed: `67` for `76`.
    Transposed,
    /// One character changed to another of its kind: `86` for `76`.
    Changed,
    /// A token left out.
    Skipped,
    /// A token written twice.
    Twice,
    /// A token exchanged with the one two after it (the same player's next move).
    Order,
}

impl Slip {
    pub const ALL: [Slip; 5] = [
        Slip::Transposed,
        Slip::Changed,
        Slip::Skipped,
        Slip::Twice,
        Slip::Order,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Slip::Transposed => "digits transposed",
            Slip::Changed => "one digit or point changed",
            Slip::Skipped => "a move skipped",
            Slip::Twice => "a move written twice",
            Slip::Order => "two moves in the wrong order",
        }
    }
}

/// How many places a slip is tried at before the sheet is left as it is.
const TRIES: usize = 32;

/// `texts` with one slip of `kind` at a random token: the slipped sheet and the
/// index of the token slipped. `None` when the sheet offers no place for it (too
/// short, no two characters to transpose).
pub fn make(texts: &[String], kind: Slip, rng: &mut SplitMix) -> Option<(Vec<String>, usize)> {
    if texts.is_empty() {
        return None;
    }
    let alphabet = |digit: bool| -> Vec<char> {
        let mut seen: Vec<char> = texts
            .iter()
            .flat_map(|t| t.chars())
            .filter(|c| c.is_alphanumeric() && c.is_ascii_digit() == digit)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    };
    for _ in 0..TRIES {
        let at = rng.below(texts.len());
        let mut out = texts.to_vec();
        let chars: Vec<char> = texts[at].chars().collect();
        match kind {
            Slip::Transposed => {
                let places: Vec<usize> = (0..chars.len().saturating_sub(1))
                    .filter(|&j| {
                        chars[j] != chars[j + 1]
                            && chars[j].is_alphanumeric()
                            && chars[j + 1].is_alphanumeric()
                    })
                    .collect();
                if places.is_empty() {
                    continue;
                }
                let j = places[rng.below(places.len())];
                let mut changed = chars.clone();
                changed.swap(j, j + 1);
                out[at] = changed.into_iter().collect();
            }
            Slip::Changed => {
                let places: Vec<usize> = (0..chars.len())
                    .filter(|&j| chars[j].is_alphanumeric())
                    .collect();
                if places.is_empty() {
                    continue;
                }
                let j = places[rng.below(places.len())];
                let others: Vec<char> = alphabet(chars[j].is_ascii_digit())
                    .into_iter()
                    .filter(|&c| c != chars[j])
                    .collect();
                if others.is_empty() {
                    continue;
                }
                let mut changed = chars.clone();
                changed[j] = others[rng.below(others.len())];
                out[at] = changed.into_iter().collect();
            }
            Slip::Skipped => {
                out.remove(at);
            }
            Slip::Twice => out.insert(at, texts[at].clone()),
            Slip::Order => {
                if at + 2 >= texts.len() || texts[at] == texts[at + 2] {
                    continue;
                }
                out.swap(at, at + 2);
            }
        }
        return Some((out, at));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> Vec<String> {
        ["76", "54", "98(10)", "11", "23"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn each_kind_of_slip_is_made_as_it_says() {
        let texts = sheet();
        for seed in 0..20 {
            let mut rng = SplitMix::new(seed);
            let (out, at) = make(&texts, Slip::Skipped, &mut rng).unwrap();
            assert_eq!(out.len(), 4);
            assert!(!out.contains(&texts[at]));
            let (out, at) = make(&texts, Slip::Twice, &mut rng).unwrap();
            assert_eq!(
                (out.len(), &out[at], &out[at + 1]),
                (6, &texts[at], &texts[at])
            );
            let (out, at) = make(&texts, Slip::Order, &mut rng).unwrap();
            assert_eq!((&out[at], &out[at + 2]), (&texts[at + 2], &texts[at]));
            let (out, at) = make(&texts, Slip::Transposed, &mut rng).unwrap();
            let mut a: Vec<char> = out[at].chars().collect();
            let mut b: Vec<char> = texts[at].chars().collect();
            assert_ne!(a, b);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
            let (out, at) = make(&texts, Slip::Changed, &mut rng).unwrap();
            assert_ne!(out[at], texts[at]);
            assert_eq!(out[at].len(), texts[at].len());
        }
    }
}
