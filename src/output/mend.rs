//! The "did you mean" suggestions of an invalid game ([`Mend`]), as people read them
//! (`help:` lines under its first error) and as JSON (`"suggestions"`).

use serde::Serialize;
use serde_json::Value;

use crate::replay::mend::{Cut, Edit, EditKind, KEPT, Mend, RUN_PER_BYTE, RUN_START, Suggestion};

/// Suggestions shown to people; `--format json` lists every one kept.
pub const SHOWN: usize = 3;

/// The `help:` lines of `mend` (the first is the best reading), then, where it
/// matters, `note:` lines on how they were ranked. `game` names the game.
pub fn help_lines(mend: &Mend, game: &str) -> Vec<String> {
    let mut lines: Vec<String> = mend
        .suggestions
        .iter()
        .take(SHOWN)
        .map(|s| format!("help: did you mean {}? {}", edits(s), outcome(s)))
        .collect();
    if lines.is_empty() && mend.cut == Some(Cut::Run) {
        lines.push(format!(
            "help: no suggestions: this run's budget for them was spent before this game \
             ({} steps, and {} more per byte read); check the game alone for them",
            RUN_START, RUN_PER_BYTE
        ));
        return lines;
    }
    if lines.is_empty() {
        lines.push(
            "help: no edit near the error makes the sheet replay further: compare it with \
             the paper"
                .to_string(),
        );
    }
    if let (Some(first), true) = (lines.first_mut(), mend.unique().is_some()) {
        first.push_str("; it is the only reading that does so (`tgn fix --mend` applies it)");
    } else if mend.agreeing() > 1 {
        let many = match mend.agreeing() {
            n if n >= KEPT => format!("{n} readings or more"),
            n => format!("{n} readings"),
        };
        lines.push(format!(
            "note: {many} replay to the end with every mark agreeing: the paper decides \
             (`tgn fix --mend` leaves the game as it is)"
        ));
    }
    if mend.marks.is_empty() {
        lines.push(format!(
            "note: {game}'s notation writes no marks, so nothing after a move confirms it: \
             these are ranked by how far the sheet replays and how close they are to what \
             was written"
        ));
    }
    match mend.cut {
        Some(Cut::Budget) => lines
            .push("note: the search stopped at its budget before trying every edit".to_string()),
        Some(Cut::Run) => lines.push(
            "note: the search stopped where this run's budget for suggestions ran out, \
             before trying every edit"
                .to_string(),
        ),
        None => {}
    }
    lines
}

/// `` `76` at ply 23 ``, and `` and … `` for a second edit.
fn edits(suggestion: &Suggestion) -> String {
    let each: Vec<String> = suggestion.edits.iter().map(edit).collect();
    each.join(" and ")
}

fn edit(edit: &Edit) -> String {
    let written = edit.written.as_deref().unwrap_or_default();
    let correction = edit.correction.as_deref().unwrap_or_default();
    let ply = edit.ply;
    match edit.kind {
        EditKind::Replace => format!("`{correction}` at ply {ply} (written `{written}`)"),
        EditKind::Insert => format!("`{correction}` inserted as ply {ply}"),
        EditKind::Delete => format!("ply {ply} (`{written}`) deleted"),
        EditKind::Swap => format!(
            "`{correction}` at ply {ply} and `{written}` at ply {} (the other way round)",
            ply + 2
        ),
    }
}

/// How the sheet replays with the suggestion made.
fn outcome(s: &Suggestion) -> String {
    let from = s.edits.first().map_or(0, |e| e.ply);
    let more = s.plies_replayed.saturating_sub(from);
    let plies = crate::output::human::plural(more as usize, "more ply");
    let extent = match more {
        0 => String::new(),
        _ => format!(" ({plies})"),
    };
    match (s.replays_to_end, s.marks_agree) {
        (true, true) => format!("The sheet then replays to the end{extent} and every mark agrees"),
        (true, false) => format!(
            "The sheet then replays to the end, but a mark disagrees at ply {}",
            s.plies_replayed + 1
        ),
        (false, _) if more == 0 => format!(
            "The sheet then breaks at the next ply, {}",
            s.plies_replayed + 1
        ),
        (false, _) => format!(
            "The sheet then replays to ply {} ({plies}) and breaks at ply {}",
            s.plies_replayed,
            s.plies_replayed + 1
        ),
    }
}

/// `"suggestions"` of a game in `check --format json`: best first, empty when the game
/// is valid (or nothing replays further). The fields are those of the reading's first
/// edit, and `then` the second edit's (`null` when there is one).
pub fn suggestions(mend: Option<&Mend>) -> Value {
    serde_json::to_value(suggestions_json(mend)).unwrap_or_default()
}

/// [`suggestions`], borrowed and serialized as they are (`check --format json`).
pub fn suggestions_json(mend: Option<&Mend>) -> Vec<SuggestionJson<'_>> {
    mend.map(|m| m.suggestions.iter().map(SuggestionJson::of).collect())
        .unwrap_or_default()
}

/// Why the search for suggestions stopped before trying every edit: `"budget"` (its
/// own), `"run"` (what the run's budget had left: the list may be empty for that
/// alone), or null when it tried them all or did not run.
pub fn cut(mend: Option<&Mend>) -> Value {
    cut_name(mend).map_or(Value::Null, Value::from)
}

/// [`cut`]'s name.
pub fn cut_name(mend: Option<&Mend>) -> Option<&'static str> {
    match mend.and_then(|m| m.cut) {
        Some(Cut::Budget) => Some("budget"),
        Some(Cut::Run) => Some("run"),
        None => None,
    }
}

/// One suggestion as JSON: its first edit's fields, then how the sheet replays.
#[derive(Serialize)]
pub struct SuggestionJson<'a> {
    #[serde(flatten)]
    first: Option<EditJson<'a>>,
    replays_to_end: bool,
    marks_agree: bool,
    plies_replayed: u32,
    then: Option<EditJson<'a>>,
}

impl<'a> SuggestionJson<'a> {
    fn of(s: &'a Suggestion) -> Self {
        SuggestionJson {
            first: s.edits.first().map(EditJson::of),
            replays_to_end: s.replays_to_end,
            marks_agree: s.marks_agree,
            plies_replayed: s.plies_replayed,
            then: s.edits.get(1).map(EditJson::of),
        }
    }
}

/// An edit as JSON.
#[derive(Serialize)]
pub struct EditJson<'a> {
    ply: u32,
    edit: EditKind,
    written: Option<&'a str>,
    correction: Option<&'a str>,
}

impl<'a> EditJson<'a> {
    fn of(edit: &'a Edit) -> Self {
        EditJson {
            ply: edit.ply,
            edit: edit.kind,
            written: edit.written.as_deref(),
            correction: edit.correction.as_deref(),
        }
    }
}
