//! One written move read in one position: the step every reader of moves takes.
//!
//! The replay driver, the diagram walk, the quick path, the analysis and the Python
//! package all play records move by move. Each asks [`step`] whether the move as
//! written may be played where it stands, and gets back the move, or one
//! [`Refusal`] that says why not the same way wherever it is asked: the error code,
//! the rule, the sentence, and the candidates of an ambiguous short form.

use crate::games::{MoveError, Outcome, Rule, Rules};

use super::ErrorCode;

/// Why a written move cannot be played where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    /// The sentence, as `check` prints it (it ends with the rule, where one is cited).
    pub message: String,
    /// The rule of the game's rules document the move breaks, where one is cited.
    pub rule: Option<Rule>,
    /// For an ambiguous short form: the legal moves it matches, in canonical notation.
    pub candidates: Vec<String>,
}

impl Refusal {
    /// The game has ended on the board: no move may follow.
    pub fn after_end(outcome: &Outcome) -> Refusal {
        Refusal::plain(
            ErrorCode::AfterEnd,
            format!(
                "move after the end of the game: it ended {} ({})",
                outcome.result, outcome.reason
            ),
        )
    }

    fn plain(code: ErrorCode, message: String) -> Refusal {
        Refusal {
            code,
            message,
            rule: None,
            candidates: Vec::new(),
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(error: MoveError) -> Refusal {
        let code = match error {
            MoveError::Illegal { .. } => ErrorCode::Illegal,
            MoveError::Ambiguous { .. } => ErrorCode::Ambiguous,
            MoveError::WrongMark { .. } => ErrorCode::WrongMark,
            MoveError::Unchecked { .. } => ErrorCode::Limit,
        };
        Refusal {
            code,
            message: error.to_string(),
            rule: error.cited(),
            candidates: match error {
                MoveError::Ambiguous { candidates } => candidates,
                _ => Vec::new(),
            },
        }
    }
}

/// The move `text` means in `position`, or why it cannot be played there.
///
/// A game that has ended refuses every move (`after-end`), whatever is written;
/// otherwise the token is read in the game's notation (`notation`) and resolved
/// against the position (`illegal`, `ambiguous`, `wrong-mark`, `limit`).
///
/// The end is asked for the cheap way first ([`Rules::over_but_for_moves`]): a move
/// that resolves shows that one was legal, so the search for one
/// ([`Rules::outcome`]) is made only for a move refused.
///
/// # Errors
/// The [`Refusal`].
pub fn step<R: Rules>(rules: &R, position: &R::Position, text: &str) -> Result<R::Move, Refusal> {
    if rules.over_but_for_moves(position) {
        return Err(ended(rules, position).unwrap_or_else(|| {
            // `over_but_for_moves` promises an outcome; a game breaking the promise
            // still refuses the move, without inventing a result.
            Refusal::plain(ErrorCode::AfterEnd, "move after the end of the game".into())
        }));
    }
    let read = rules
        .parse_token(text)
        .map_err(|e| Refusal::plain(ErrorCode::Notation, format!("cannot read the move: {e}")))
        .and_then(|token| rules.resolve(position, &token).map_err(Refusal::from));
    read.map_err(|refusal| ended(rules, position).unwrap_or(refusal))
}

/// Plays `text` in `position` if [`step`] allows it, giving whether it did: the quick
/// path's form, for which "no" is enough (the full replay then says why). The
/// position is unchanged when it did not.
pub fn play_quickly<R: Rules>(rules: &R, position: &mut R::Position, text: &str) -> bool {
    // A refused move of a game over for want of moves fails to play too, so the
    // cheap test of the end is enough here.
    !rules.over_but_for_moves(position) && rules.play_text(position, text)
}

/// The refusal of any move at `position`, if the game has ended there.
fn ended<R: Rules>(rules: &R, position: &R::Position) -> Option<Refusal> {
    rules.outcome(position).map(|o| Refusal::after_end(&o))
}
