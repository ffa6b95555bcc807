//! `tgn games`: the games tgn knows — a compact list (id, name, aliases) wrapped to
//! the terminal, or one game's options, presets and rules document, or either as
//! JSON for programs.

use std::io::{self, IsTerminal, Write};

use serde_json::{Value, json};
use unicode_width::UnicodeWidthStr;

use super::{RunStatus, Stdout};
use crate::games::options::tag_name;
use crate::games::{OptionKind, OptionSpec};
use crate::output::json;
use crate::registry::{self, Found};

/// What `tgn games` is asked for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// One game (an id or alias the registry finds), else every game.
    pub game: Option<String>,
    pub json: bool,
    /// The width to wrap to (see [`width`]).
    pub width: usize,
}

pub fn run(options: &Options) -> io::Result<RunStatus> {
    let found = match &options.game {
        Some(name) => Some(registry::find(name).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("unknown game {name:?}"),
            )
        })?),
        None => None,
    };
    let text = match (found, options.json) {
        (Some(found), true) => format!("{:#}\n", game_json(found)),
        (None, true) => {
            let games: Vec<Value> = registry::all_games().map(game_json).collect();
            format!("{:#}\n", Value::Array(games))
        }
        (Some(found), false) => one_game(found, options.width),
        (None, false) => list(options.width),
    };
    let mut out = Stdout::new();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(RunStatus::Clean)
}

/// The width people read at: `COLUMNS` when it is set to a number (as a shell sets it,
/// or a user for a pipe), else the terminal's, else 80 (a pipe, a file). Never below 40.
pub fn width() -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok());
    let terminal = || {
        io::stdout()
            .is_terminal()
            .then(terminal_size::terminal_size)
            .flatten()
            .map(|(w, _)| usize::from(w.0))
    };
    columns
        .filter(|&c: &usize| c > 0)
        .or_else(terminal)
        .unwrap_or(80)
        .max(40)
}

/// Every game on a line or a few: its id, its name and its aliases, in columns when
/// the width allows, the aliases wrapped between commas.
fn list(width: usize) -> String {
    let games: Vec<Found> = registry::all_games().collect();
    let id_width = games.iter().map(|g| g.info.id.width()).max().unwrap_or(0) + 2;
    let name_width = games.iter().map(|g| g.info.name.width()).max().unwrap_or(0) + 2;
    let columns = width >= id_width + name_width + 24;
    let mut out = paragraph(
        "The games tgn knows: the id, the name, and the other names a record may use.",
        width,
        "",
        "",
    );
    out += "\n";
    for found in &games {
        let info = found.info;
        let aliases = info.aliases.join(", ");
        if columns {
            let head = format!("{:<id_width$}{:<name_width$}", info.id, info.name);
            let indent = " ".repeat(id_width + name_width);
            match aliases.as_str() {
                "" => out += &format!("{}\n", head.trim_end()),
                _ => out += &paragraph(&aliases, width, &head, &indent),
            }
        } else {
            out += &paragraph(&format!("{}  {}", info.id, info.name), width, "", "    ");
            if !aliases.is_empty() {
                out += &paragraph(&format!("also {aliases}"), width, "    ", "    ");
            }
        }
    }
    out += "\n";
    out += &paragraph(
        "tgn games ID shows a game's options, presets and rules document; --format json \
         gives the same for programs.",
        width,
        "",
        "",
    );
    out
}

/// One game in full: its names, its rules document, its options with their values and
/// help, and the presets its engine plays.
fn one_game(found: Found, width: usize) -> String {
    let info = found.info;
    let mut out = paragraph(&format!("{} ({})", info.name, info.id), width, "", "  ");
    if !info.aliases.is_empty() {
        out += &paragraph(
            &format!("also: {}", info.aliases.join(", ")),
            width,
            "  ",
            "    ",
        );
    }
    out += &paragraph(
        &format!(
            "rules: {} (in the repository; messages cite its rules by number: R6, E5, \
             decision 3; docs/rules/README.md holds what every game shares)",
            info.rules_document()
        ),
        width,
        "  ",
        "    ",
    );
    out += &paragraph(
        &format!("scores (tgn analyze): {}", found.score_unit()),
        width,
        "  ",
        "    ",
    );
    let options = found.options_of();
    out += "\n";
    match options.first() {
        None => out += "No options.\n",
        Some(first) => {
            let example = example(first);
            out += &paragraph(
                &format!(
                    "Options, set by a record's tag ([{} \"{}\"]) or for every record with \
                     --option {}{}:",
                    tag_name(first.name),
                    example,
                    first.name,
                    match first.kind {
                        OptionKind::Switch => String::new(),
                        _ => format!("={example}"),
                    }
                ),
                width,
                "",
                "",
            );
            for option in options {
                out += &paragraph(
                    &format!("{}{}", option.name, option.values_shown()),
                    width,
                    "  ",
                    "  ",
                );
                out += &paragraph(option.help, width, "      ", "      ");
            }
        }
    }
    let presets = found.presets();
    if let Some((about, list)) = presets.split_first() {
        out += "\n";
        out += &paragraph(about, width, "", "");
        let named: Vec<(&str, &str)> = list
            .iter()
            .map(|line| line.trim().split_once(' ').unwrap_or((line.trim(), "")))
            .collect();
        let id_width = named.iter().map(|(id, _)| id.width()).max().unwrap_or(0) + 2;
        for (id, what) in named {
            // `  id   name: what it changes`, continued under the name.
            let head = format!("  {id:<id_width$}");
            out += &paragraph(what.trim(), width, &head, &" ".repeat(head.width()));
        }
    }
    out
}

/// A value of `option` to show in an example: a switch's `yes`, a choice's value
/// other than its default, a text's example.
fn example(option: &OptionSpec) -> &'static str {
    match &option.kind {
        OptionKind::Switch => "yes",
        OptionKind::Choice { values, default } => values
            .iter()
            .find(|v| *v != default)
            .copied()
            .unwrap_or(default),
        OptionKind::Text { example, .. } => example,
    }
}

/// One game for programs: its names, rules document, options and presets.
fn game_json(found: Found) -> Value {
    let info = found.info;
    let options: Vec<Value> = found
        .options_of()
        .into_iter()
        .map(|option| {
            let mut value = json!({
                "name": option.name,
                "tag": tag_name(option.name),
                "help": option.help,
            });
            match &option.kind {
                OptionKind::Switch => value["kind"] = json!("switch"),
                OptionKind::Choice { values, default } => {
                    value["kind"] = json!("choice");
                    value["values"] = json!(values);
                    value["default"] = json!(default);
                }
                OptionKind::Text { form, example } => {
                    value["kind"] = json!("text");
                    value["form"] = json!(form);
                    value["example"] = json!(example);
                }
            }
            value
        })
        .collect();
    json!({
        "schema": json::SCHEMA,
        "id": info.id,
        "name": info.name,
        "aliases": info.aliases,
        "sides": info.sides,
        "rules": info.rules_document(),
        "options": options,
        "presets": found.presets(),
    })
}

/// `text` as lines of at most `width` columns (where no word is longer), broken at
/// spaces only: an identifier (`togyz-kumalak,`) is never cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace().flat_map(|w| pieces(w, width)) {
        if !line.is_empty() && line.width() + 1 + word.width() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A word cut into pieces no wider than `width` after its `/`s (a path such as
/// `docs/rules/nine-mens-morris.md` in a narrow column), never inside a name: a
/// piece with no `/` to cut at stays whole, wider than the column.
fn pieces(word: &str, width: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = word;
    while rest.width() > width {
        let fitting = rest
            .char_indices()
            .rfind(|&(i, c)| c == '/' && rest[..=i].width() <= width);
        let Some((slash, _)) = fitting else { break };
        out.push(&rest[..=slash]);
        rest = &rest[slash + 1..];
    }
    out.push(rest);
    out
}

/// `text` wrapped to `width`, its first line after `first`, the others after `rest`,
/// each ending in a line break.
fn paragraph(text: &str, width: usize, first: &str, rest: &str) -> String {
    let room = width.saturating_sub(first.width().max(rest.width())).max(1);
    let mut out = String::new();
    for (i, line) in wrap(text, room).iter().enumerate() {
        out += if i == 0 { first } else { rest };
        out += line;
        out += "\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 37: the list fits the width, and no identifier is cut.
    #[test]
    fn the_list_fits_the_width_and_keeps_identifiers_whole() {
        for width in [40, 60, 80, 100, 132] {
            let text = list(width);
            for line in text.lines() {
                assert!(line.width() <= width, "{width}: {line:?}");
            }
            let words: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || c == ',')
                .collect();
            for found in registry::all_games() {
                for name in std::iter::once(&found.info.id).chain(found.info.aliases) {
                    assert!(words.contains(name), "{width}: {name} cut or missing");
                }
            }
        }
    }

    #[test]
    fn every_game_in_full_fits_the_width() {
        for found in registry::all_games() {
            for width in [40, 80] {
                for line in one_game(found, width).lines() {
                    // Only a word with nowhere to cut it may pass the width.
                    let one_word = line.split_whitespace().count() == 1;
                    assert!(
                        line.width() <= width || one_word,
                        "{}: {width}: {line:?}",
                        found.info.id
                    );
                }
            }
        }
    }

    #[test]
    fn words_are_never_cut() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("toguz-kumalak", 5), ["toguz-kumalak"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(
            wrap("see docs/rules/zamma.md", 12),
            ["see", "docs/rules/", "zamma.md"]
        );
    }
}
