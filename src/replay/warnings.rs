//! Warnings: what a record gets wrong without stopping its replay — a move number that
//! disagrees with the moves (how a skipped or doubled line of a score sheet shows), a
//! `[Result]` tag that disagrees with a movetext `*` (or the reverse), a tag given
//! twice, a tag value with a double quote not escaped. They are shown and counted but leave the game valid; `--strict` makes them
//! errors.

use super::{Diagnostic, ErrorCode, Line, Replay, Status};
use crate::games::Player;
use std::collections::HashMap;

use crate::record::{GameRecord, MoveNode, Tag, parse_result};

/// The warnings of a replayed record, in the order of the text.
pub fn of(record: &GameRecord, replay: &Replay) -> Vec<Diagnostic> {
    let mut warnings = duplicate_tags(record);
    warnings.extend(tag_quotes(record));
    warnings.extend(result_tag(record));
    if replay.start.is_some() {
        move_numbers(
            &record.moves,
            &replay.main,
            Count::start(record),
            0,
            &mut warnings,
        );
    }
    warnings
}

/// A tag given twice: tgn reads the first value (in every output), keeps both.
fn duplicate_tags(record: &GameRecord) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    let mut first_of: HashMap<&str, &Tag> = HashMap::with_capacity(record.tags.len());
    for tag in &record.tags {
        if let Some(first) = first_of.insert(&tag.name, tag) {
            // Keep the first as the one tgn reads.
            first_of.insert(&first.name, first);
            warnings.push(Diagnostic::new(
                ErrorCode::DuplicateTag,
                format!(
                    "tag [{}] is given twice (\"{}\", then \"{}\"): tgn reads the first",
                    tag.name, first.value, tag.value
                ),
                tag.span,
            ));
        }
    }
    warnings
}

/// A tag value holding a double quote that is not escaped: `[White "a" "b"]`, two
/// values or a value with stray quotes. The reader keeps everything between the
/// first and the last quote (real archives write `[Event "The "Open" Cup"]`), and says
/// what it read, since it may not be what was meant.
fn tag_quotes(record: &GameRecord) -> Vec<Diagnostic> {
    let Some(text) = record.text() else {
        return Vec::new(); // read from JSON: no quotes to escape
    };
    let base = record.span.start;
    record
        .tags
        .iter()
        .filter(|tag| tag.value.contains('"'))
        .filter(|tag| {
            let written = tag
                .span
                .start
                .checked_sub(base)
                .zip(tag.span.end.checked_sub(base))
                .and_then(|(start, end)| text.get(start..end));
            written.is_some_and(stray_quote)
        })
        .map(|tag| {
            Diagnostic::new(
                ErrorCode::TagQuote,
                format!(
                    "tag [{}]: a double quote inside the value is not escaped; read as \"{}\" \
                     (write \\\" for a quote inside a value)",
                    tag.name, tag.value
                ),
                tag.span,
            )
        })
        .collect()
}

/// Whether a tag as written (`[Name "value"]`) holds a `"` inside its value that no
/// backslash escapes.
fn stray_quote(written: &str) -> bool {
    let (Some(first), Some(last)) = (written.find('"'), written.rfind('"')) else {
        return false;
    };
    let mut escaped = false;
    for c in written[first + 1..last].chars() {
        match (c, escaped) {
            ('"', false) => return true,
            ('\\', false) => escaped = true,
            _ => escaped = false,
        }
    }
    false
}

/// A `[Result]` tag and a movetext result of which one is `*` and the other is not.
/// (Two different decisive results are an error: see the driver's `finish`.)
fn result_tag(record: &GameRecord) -> Option<Diagnostic> {
    let movetext = record.result.as_ref()?;
    let tag = record.tag("Result")?;
    let tag_result = parse_result(tag)?;
    let movetext_result = movetext.result;
    if tag_result.result().is_some() == movetext_result.is_some() {
        return None;
    }
    Some(Diagnostic::new(
        ErrorCode::ResultTag,
        format!(
            "the Result tag says {tag} but the movetext ends {}",
            movetext.text
        ),
        movetext.span,
    ))
}

/// Where the count of full moves stands along a line: a full move starts with each
/// turn of the first player, until a side moves twice in a row (Da San Qi's second
/// player, who opens the movement phase after placing the last piece): from then on a
/// full move starts with that side's turns, as Sanmill numbers its records, two plies
/// to a number.
#[derive(Clone, Copy, Debug)]
pub struct Count {
    /// The number of the current full move, once known.
    pub number: Option<u32>,
    /// The side whose turns start full moves.
    leader: Player,
    /// Who made the last turn, and at which ply.
    last: Option<(Player, u32)>,
    /// After a number that disagreed, the count it replaced: the number is followed
    /// from then on (a line of the score sheet skipped shifts every later number, and
    /// gives one warning), but a later number that agrees with this count says the
    /// one that disagreed was a slip of the pen, and gives none either.
    slip: Option<u32>,
}

impl Count {
    /// The count before the first move of a record: 1, or unknown from a set-up
    /// position (a `[FEN]`), where the first number written sets it.
    pub fn start(record: &GameRecord) -> Count {
        Count::new(record.tag("FEN").is_some() && record.tag("SetUp") != Some("0"))
    }

    /// The count before the first move, from a set-up position or not.
    pub fn new(set_up: bool) -> Count {
        Count {
            number: (!set_up).then_some(1),
            leader: Player::First,
            last: None,
            slip: None,
        }
    }

    /// Counts a played move (its ply and mover); gives whether it starts a new turn (a
    /// token that finishes a turn shares its ply).
    pub fn step(&mut self, ply: u32, mover: Player) -> bool {
        let new_turn = self.last.is_none_or(|(_, last)| last != ply);
        if new_turn && let Some((last, _)) = self.last {
            if last == mover {
                self.leader = mover;
            }
            if mover == self.leader {
                self.number = self.number.map(|n| n + 1);
                self.slip = self.slip.map(|n| n + 1);
            }
        }
        self.last = Some((mover, ply));
        new_turn
    }

    /// Reads the number `written` before a move just counted by [`Count::step`] (the
    /// number, and whether it is written `12...`); hands `fault` what is wrong with
    /// it, in the order the warnings are shown.
    pub fn check(
        &mut self,
        new_turn: bool,
        mover: Player,
        written: (u32, bool),
        mut fault: impl FnMut(NumberFault),
    ) {
        let (number, continuation) = written;
        if !new_turn {
            fault(NumberFault::InsideTurn);
            return;
        }
        match self.number {
            Some(expected) if expected != number && self.slip != Some(number) => {
                fault(NumberFault::Unexpected(expected));
                self.slip = Some(expected);
            }
            _ => self.slip = None,
        }
        self.number = Some(number);
        match (self.leads(mover), continuation) {
            (false, false) => fault(NumberFault::BeforeSecond),
            (true, true) => fault(NumberFault::BeforeFirst),
            _ => {}
        }
    }

    /// Whether a turn of `mover` starts a full move (`12.`), or continues one (`12...`).
    pub fn leads(&self, mover: Player) -> bool {
        mover == self.leader
    }
}

/// `first` or `second`, as the messages name the players.
fn ordinal(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// What is wrong with a move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberFault {
    /// It stands before a token that finishes a turn.
    InsideTurn,
    /// Another number was expected (the one given).
    Unexpected(u32),
    /// `12.` before a move that continues a full move (the second player's, but
    /// after a double move).
    BeforeSecond,
    /// `12...` before a move that starts a full move (the first player's, but after a
    /// double move).
    BeforeFirst,
}

/// Checks every number written in a line (and its variations) against the turns the
/// replay found: a full move starts with each turn of the first player, and a number
/// before the second player's move is written `12...`.
fn move_numbers(
    moves: &[MoveNode],
    line: &Line,
    mut count: Count,
    depth: usize,
    out: &mut Vec<Diagnostic>,
) {
    for (node, replayed) in moves.iter().zip(&line.nodes) {
        for (variation, replayed) in node.variations.iter().zip(&replayed.variations) {
            move_numbers(&variation.moves, replayed, count, depth + 1, out);
        }
        let Status::Played(played) = &replayed.status else {
            return; // the movers after a bad move are unknown
        };
        let new_turn = count.step(played.ply, played.mover);
        let Some(written) = &node.number else {
            continue;
        };
        // Spelled out only when a warning needs it: most numbers are right.
        let shown = Shown(written.number, written.continuation);
        let number = (written.number, written.continuation);
        count.check(new_turn, played.mover, number, |fault| {
            let message = match fault {
                NumberFault::InsideTurn => {
                    format!("move number {shown} inside a turn, before `{}`", node.text)
                }
                NumberFault::Unexpected(expected) => format!(
                    "move number {shown} where {expected} was expected: is a line of the score \
                     sheet skipped or written twice?"
                ),
                NumberFault::BeforeSecond => format!(
                    "move number {shown} stands before the {} player's move `{}`: write \
                     {}... or no number",
                    ordinal(played.mover),
                    node.text,
                    written.number
                ),
                NumberFault::BeforeFirst => format!(
                    "move number {shown} stands before the {} player's move `{}`: write {}.",
                    ordinal(played.mover),
                    node.text,
                    written.number
                ),
            };
            out.push(Diagnostic {
                ply: Some(played.ply),
                mover: Some(played.mover),
                in_variation: depth > 0,
                written: Some(node.text.to_string()),
                ..Diagnostic::new(ErrorCode::MoveNumber, message, written.span)
            });
        });
    }
}

/// A move number as written, `12.` or `12...`, for messages.
struct Shown(u32, bool);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = if self.1 { "..." } else { "." };
        write!(f, "{}{dots}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Count, NumberFault, stray_quote};
    use crate::games::Player::{First, Second};

    #[test]
    fn a_side_that_moves_twice_starts_the_full_moves_from_then_on() {
        // Da San Qi: 12. W B, then the second player opens the movement phase, and
        // Sanmill writes `13. B W 14. B W`.
        let mut count = Count::new(false);
        for ply in 1..=24 {
            count.step(ply, if ply % 2 == 1 { First } else { Second });
        }
        assert_eq!(count.number, Some(12));
        let mut faults = Vec::new();
        assert!(count.step(25, Second));
        count.check(true, Second, (13, false), |f| faults.push(f));
        count.step(26, First);
        assert!(count.step(27, Second));
        count.check(true, Second, (14, false), |f| faults.push(f));
        assert_eq!(faults, []);
        assert!(count.step(28, First));
        count.check(true, First, (14, false), |f| faults.push(f));
        assert_eq!(faults, [NumberFault::BeforeSecond]);
    }

    #[test]
    fn a_quote_no_backslash_escapes_is_stray() {
        assert!(stray_quote(r#"[White "a" "b"]"#));
        assert!(stray_quote(r#"[Event "The "Open" Cup"]"#));
        assert!(
            stray_quote(r#"[Event "a\\" "b"]"#),
            "the backslash is escaped"
        );
        assert!(!stray_quote(r#"[Event "The \"Open\" Cup"]"#));
        assert!(!stray_quote(r#"[Event "plain"]"#));
        assert!(!stray_quote(r#"[Event ""]"#));
    }
}
