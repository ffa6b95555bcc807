//! Candidates named in a message: an ambiguous short form may match thousands of
//! moves (a chain among many pieces), so a message names a few and counts the rest,
//! and no message grows with the number of candidates.

/// The most candidates a message names.
pub const LISTED: usize = 10;

/// The first [`LISTED`] of `names`, then `and N more` when `total` (all the
/// candidates, named or not) is larger: `names` need hold no more than [`LISTED`],
/// so a search may stop keeping candidates once it has that many and only count.
pub fn listed(names: impl IntoIterator<Item = String>, total: usize) -> Vec<String> {
    let mut kept: Vec<String> = names.into_iter().take(LISTED).collect();
    if total > kept.len() {
        kept.push(format!("and {} more", total - kept.len()));
    }
    kept
}

/// Moves named in a message, written by `write`: at most [`LISTED`], then how many
/// more there are. Only those named are written.
pub fn at_most<T>(moves: &[T], write: impl Fn(&T) -> String) -> Vec<String> {
    listed(moves.iter().take(LISTED).map(write), moves.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| i.to_string()).collect()
    }

    #[test]
    fn up_to_ten_candidates_are_all_named() {
        assert_eq!(at_most(&names(3), String::clone), names(3));
        assert_eq!(at_most(&names(LISTED), String::clone), names(LISTED));
    }

    #[test]
    fn past_ten_the_rest_are_counted() {
        let mut expected = names(LISTED);
        expected.push("and 5 more".to_string());
        assert_eq!(at_most(&names(15), String::clone), expected);
        // A search that kept ten and counted a million.
        let cut = listed(names(LISTED), 1_000_000);
        assert_eq!(cut.last().unwrap(), "and 999990 more");
        assert_eq!(cut.len(), LISTED + 1);
    }
}
