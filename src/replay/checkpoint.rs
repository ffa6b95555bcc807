//! Checkpoints: comment commands by which a score sheet records the position after
//! the move they follow, so that a dispute can be settled from the paper.
//!
//! - `[%pos POSITION]`, in every game: the whole position, as `[FEN]` writes it.
//!   Compared on its board part ([`Rules::board_part`]: where the pieces stand and who
//!   is to move), so that counters a sheet does not keep (a mill's quiet moves) do not
//!   matter.
//! - A game's *partial* checkpoints ([`Rules::check_partial`]), where sheets record
//!   only part of the position: Toguz Kumalak's `[%kazans 54 38]`.
//!
//! A command of any other name (a clock's `[%clk 0:05:00]`) is someone else's and is
//! left alone. A checkpoint that disagrees is an error at its ply (code
//! `checkpoint`); the moves are replayed on, since they were legal.

use crate::games::{Invalid, PositionError, Rules};
use crate::record::Comment;

/// The command that records the whole position.
pub const POSITION: &str = "pos";

/// One comment command `[%NAME VALUE]` as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    pub name: &'a str,
    pub value: &'a str,
    /// The command as written, brackets included.
    pub text: &'a str,
}

/// The commands of a comment, in order: `[%` then a name, blanks, a value up to the
/// next `]`.
pub fn commands(comment: &str) -> impl Iterator<Item = Command<'_>> {
    let mut rest = comment;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find("[%")?;
            let body = &rest[start + 2..];
            let Some(close) = body.find(']') else {
                rest = "";
                return None;
            };
            let text = &rest[start..start + 2 + close + 1];
            let inside = &body[..close];
            rest = &body[close + 1..];
            let name_end = inside
                .find(|c: char| c.is_whitespace())
                .unwrap_or(inside.len());
            let (name, value) = inside.split_at(name_end);
            if !name.is_empty() {
                return Some(Command {
                    name,
                    value: value.trim(),
                    text,
                });
            }
        }
    })
}

/// Whether any of `comments` holds a comment command (the quick path leaves such a
/// game to the full replay, which checks them).
pub fn any_command(comments: &[Comment]) -> bool {
    comments.iter().any(|c| commands(&c.text).next().is_some())
}

/// A checkpoint read once, to be checked against many positions (the "did you mean"
/// search replays a sheet many times).
pub enum Checkpoint<'a> {
    /// `[%pos]`: the board part of the position written, or why it cannot be read.
    Position(Result<String, PositionError>),
    /// A partial checkpoint of the game.
    Partial(Command<'a>),
}

impl<'a> Checkpoint<'a> {
    /// The checkpoint `command` is to `rules`, if it is one.
    pub fn read<R: Rules>(rules: &R, command: Command<'a>) -> Option<Checkpoint<'a>> {
        if command.name == POSITION {
            let board = rules
                .parse_position(command.value)
                .map(|p| R::board_part(&rules.write_position(&p)));
            return Some(Checkpoint::Position(board));
        }
        let known = rules
            .check_partial(command.name, command.value, &rules.start_position())
            .is_some();
        known.then_some(Checkpoint::Partial(command))
    }

    /// Whether `position` is as the checkpoint says, and if not, why.
    ///
    /// # Errors
    /// A checkpoint that cannot be read, or what the position holds that differs.
    pub fn check<R: Rules>(&self, rules: &R, position: &R::Position) -> Result<(), Invalid> {
        match self {
            Checkpoint::Position(Err(why)) => Err(Invalid(format!(
                "the position of the checkpoint cannot be read: {why}"
            ))),
            Checkpoint::Position(Ok(written)) => {
                let actual = R::board_part(&rules.write_position(position));
                if actual == *written {
                    Ok(())
                } else {
                    Err(Invalid(difference(&actual, written)))
                }
            }
            Checkpoint::Partial(command) => rules
                .check_partial(command.name, command.value, position)
                .unwrap_or(Ok(())),
        }
    }
}

/// The checkpoints of `comments` that `rules` knows, in order.
pub fn read_all<'a, R: Rules>(
    rules: &R,
    comments: &'a [Comment],
) -> impl Iterator<Item = (Command<'a>, Checkpoint<'a>)> {
    comments
        .iter()
        .flat_map(|c| commands(&c.text))
        .filter_map(|command| Some((command, Checkpoint::read(rules, command)?)))
}

/// The parts of two position strings that differ, as people compare them: the
/// sections (split at `/` and blanks, else at `:`) of the position as it is, each
/// beside the checkpoint's, `K:54,40 (written K:54,38)`.
pub fn difference(actual: &str, written: &str) -> String {
    let (a, w) = (sections(actual), sections(written));
    if a.len() != w.len() {
        return format!("the position is {actual}, not {written}");
    }
    let differing: Vec<String> = a
        .iter()
        .zip(&w)
        .filter(|(a, w)| a != w)
        .map(|(a, w)| format!("{a} (written {w})"))
        .collect();
    format!("the position has {}", differing.join(", "))
}

fn sections(position: &str) -> Vec<&str> {
    let parts: Vec<&str> = position
        .split(|c: char| c == '/' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() > 1 {
        parts
    } else {
        position.split(':').collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_from_comments_with_other_text_around() {
        let found: Vec<(&str, &str)> =
            commands("at ply 20 [%pos S:1/N:2] and [%kazans 54 38] [%] x")
                .map(|c| (c.name, c.value))
                .collect();
        assert_eq!(found, [("pos", "S:1/N:2"), ("kazans", "54 38")]);
        assert_eq!(commands("[%pos unclosed").count(), 0);
        assert_eq!(commands("no command").count(), 0);
    }

    #[test]
    fn the_difference_names_the_sections_that_differ() {
        assert_eq!(
            difference("S:1,2/N:3/K:54,40/M:S", "S:1,2/N:3/K:54,38/M:S"),
            "the position has K:54,40 (written K:54,38)"
        );
        assert_eq!(
            difference("W=a1 B=a7 turn=W", "W=a1 B=a7 turn=B"),
            "the position has turn=W (written turn=B)"
        );
        assert_eq!(difference("a/b", "a"), "the position is a/b, not a");
    }
}
