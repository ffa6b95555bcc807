//! Helpers for the games' unit tests: playing and probing moves through [`Rules`] as
//! the replay driver does.

use super::{IllegalKind, MoveError, Rule, Rules};
use crate::testing::concatenations;

/// Holds a notation's quick reading of common tokens to its grammar: on every text made
/// of at most `most` of the `pieces`, whatever `quick` reads, `grammar` reads the same;
/// and `quick` reads each of `common`. Gives how many texts `quick` read.
pub fn quick_reading_agrees<T: PartialEq + std::fmt::Debug, E: PartialEq + std::fmt::Debug>(
    pieces: &[&str],
    most: usize,
    common: &[&str],
    quick: impl Fn(&str) -> Option<T>,
    grammar: impl Fn(&str) -> Result<T, E>,
) -> usize {
    let mut read = 0;
    for text in concatenations(pieces, most) {
        if let Some(token) = quick(&text) {
            assert_eq!(Ok(token), grammar(&text), "{text}");
            read += 1;
        }
    }
    for text in common {
        assert!(quick(text).is_some(), "{text}");
    }
    read
}

/// Every legal move in canonical notation, sorted.
pub fn legal<R: Rules>(rules: &R, position: &R::Position) -> Vec<String> {
    let mut moves: Vec<String> = rules
        .legal_moves(position)
        .iter()
        .map(|m| rules.write_move(position, m))
        .collect();
    moves.sort();
    moves
}

/// Reads, resolves and plays one token.
///
/// # Panics
/// If the token is not in the game's notation (a test's own mistake).
pub fn play<R: Rules>(
    rules: &R,
    position: &mut R::Position,
    text: &str,
) -> Result<R::Move, MoveError> {
    let token = rules.parse_token(text).expect("notation");
    let mv = rules.resolve(position, &token)?;
    rules.play(position, &mv);
    Ok(mv)
}

/// The error a token meets in a position, as users read it.
///
/// # Panics
/// If the token is not in the game's notation or is legal.
pub fn error<R: Rules>(rules: &R, position: &R::Position, text: &str) -> String {
    refusal(rules, position, text).to_string()
}

/// The error a token meets in a position, as callers match on it: its kind and the
/// rule it cites.
///
/// # Panics
/// If the token is not in the game's notation or is legal.
pub fn refusal<R: Rules>(rules: &R, position: &R::Position, text: &str) -> MoveError {
    let token = rules.parse_token(text).expect("notation");
    rules.resolve(position, &token).unwrap_err()
}

/// The kind and rule of an illegal move, to compare with what a test expects.
///
/// # Panics
/// If the error is not an illegal move.
pub fn kind_and_rule(e: &MoveError) -> (IllegalKind, Option<&'static str>) {
    match e {
        MoveError::Illegal { kind, rule, .. } => (kind.clone(), rule.map(Rule::as_str)),
        other => panic!("expected an illegal move, got {other}"),
    }
}
