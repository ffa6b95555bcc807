//! Declared final scores (`[Score "34:22"]`), for the games that count points or seeds.

use crate::games::Invalid;

/// Reads `34:22`, `34-22` or `34 : 22`: the first player's score, then the second's.
pub fn parse_score(text: &str) -> Option<[u32; 2]> {
    let (a, b) = text.split_once([':', '-'])?;
    Some([a.trim().parse().ok()?, b.trim().parse().ok()?])
}

/// Compares a declared score with the `actual` one; `what` names it in the message
/// (`"the final count (R10)"`).
///
/// # Errors
/// An unreadable score, or one that disagrees.
pub fn check_score(declared: &str, actual: [u32; 2], what: &str) -> Result<(), Invalid> {
    let [a, b] = actual;
    match parse_score(declared) {
        None => Err(Invalid(format!(
            "expected two numbers, the first player's then the second's, e.g. \"{a}:{b}\""
        ))),
        Some(score) if score == actual => Ok(()),
        Some([x, y]) => Err(Invalid(format!("{what} is {a}:{b}, not {x}:{y}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_and_compared() {
        assert_eq!(parse_score("34:22"), Some([34, 22]));
        assert_eq!(parse_score(" 4 - 4 "), Some([4, 4]));
        assert_eq!(parse_score("4"), None);
        assert!(check_score("34:22", [34, 22], "the final count").is_ok());
        assert_eq!(
            check_score("30:22", [34, 22], "the final count").unwrap_err(),
            "the final count is 34:22, not 30:22"
        );
        assert!(check_score("many", [1, 2], "x").is_err());
    }
}
