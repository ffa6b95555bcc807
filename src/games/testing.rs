//! Helpers for the games' unit tests: playing and probing moves through [`Rules`] as
//! the replay driver does.

use super::{GameInfo, IllegalKind, MoveError, Rule, Rules};
use crate::record::parser::{Origin, parse_games};
use crate::replay::{Settings, replay_with};
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

/// Replays `games` random games of `info` (seeds from 0) whose captures are written,
/// where that names one chain, in the short form of the rules' README (see
/// [`random_record_in_short_form`](super::playout::random_record_in_short_form)):
/// each must replay without error. Gives how many tokens were shortened.
pub fn short_forms_replay<R: Rules>(info: &'static GameInfo, games: u64, plies: usize) -> usize {
    let mut shortened = 0;
    for seed in 0..games {
        let (text, short) =
            super::playout::random_record_in_short_form::<R>(info, seed, plies).unwrap();
        shortened += short;
        let record = parse_games(&text, Origin::default()).remove(0);
        let r = replay_with::<R>(info, &record, &Settings::default());
        assert!(r.errors.is_empty(), "{}: {text}", r.errors[0].message);
    }
    shortened
}
