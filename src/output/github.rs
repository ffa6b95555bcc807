//! GitHub Actions: workflow commands (an `::error` or `::warning` annotation per
//! diagnostic, shown on the record's line in a pull request, and a closing `::notice`
//! with the totals) and the Markdown job summary (`GITHUB_STEP_SUMMARY`).

use std::io::{self, Write};

use super::Item;
use super::human::{Severity, plural, shown};

/// GitHub Actions workflow commands: one `::error` annotation per diagnostic.
pub fn annotations(out: &mut impl Write, item: &Item) -> io::Result<()> {
    let errors = item.replay.errors.iter().map(|d| (d, Severity::Error));
    let warnings = item.replay.warnings.iter().map(|d| (d, Severity::Warning));
    for (d, kind) in errors.chain(warnings) {
        writeln!(
            out,
            "::{kind} file={},line={},col={},title=tgn {}::{}",
            escape_property(&item.file),
            d.span.line,
            d.span.column,
            d.code,
            escape_data(&format!("game {}: {}", item.index + 1, d.message))
        )?;
    }
    Ok(())
}

fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The closing `::notice`: the line `tgn check` ends with for people, so that a run's
/// totals stand in the log and among the annotations (GitHub shows only the first few
/// annotations of a step).
pub fn notice(out: &mut impl Write, closing: &str) -> io::Result<()> {
    writeln!(out, "::notice title=tgn check::{}", escape_data(closing))
}

/// Most invalid games listed in the job summary: a summary is read, not searched (and
/// GitHub takes at most 1 MiB of it per step); the log's annotations have them all.
pub const SUMMARY_ROWS: usize = 100;

/// Longest first error quoted in a row of the job summary, in characters.
const MESSAGE_CHARS: usize = 200;

/// The Markdown job summary of a run (`GITHUB_STEP_SUMMARY`): the totals, a table of
/// the invalid games (at most [`SUMMARY_ROWS`]) and the warnings counted.
#[derive(Debug, Default)]
pub struct Summary {
    /// One table row per invalid game listed.
    rows: Vec<String>,
    /// Invalid games seen, listed or not.
    invalid: usize,
    /// Warnings seen.
    warnings: usize,
}

impl Summary {
    /// Takes note of one game.
    pub fn add(&mut self, item: &Item) {
        self.warnings += item.replay.warnings.len();
        let Some(first) = item.replay.errors.first() else {
            return;
        };
        self.invalid += 1;
        if self.rows.len() == SUMMARY_ROWS {
            return;
        }
        let game = match item.replay.game {
            Some(info) => format!("{} ({})", item.index + 1, info.id),
            None => (item.index + 1).to_string(),
        };
        let players = match (item.record.tag("White"), item.record.tag("Black")) {
            (Some(white), Some(black)) => format!("{white} v {black}"),
            _ => String::new(),
        };
        let message: String = first.message.chars().take(MESSAGE_CHARS).collect();
        let cut = if message.len() < first.message.len() {
            "…"
        } else {
            ""
        };
        self.rows.push(format!(
            "| {}:{} | {} | {} | {}: {}{cut} |",
            cell(&item.file),
            first.span.line,
            cell(&game),
            cell(&players),
            first.code,
            cell(&message),
        ));
    }

    /// The summary in Markdown, under the closing line of the run.
    pub fn markdown(&self, closing: &str) -> String {
        let mut text = format!("## tgn check\n\n{}\n", cell(closing));
        if !self.rows.is_empty() {
            text += "\n| file:line | game | players | first error |\n|---|---|---|---|\n";
            for row in &self.rows {
                text += row;
                text += "\n";
            }
        }
        if self.invalid > self.rows.len() {
            text += &format!(
                "\nThe first {} invalid games are listed, of {}: the log's annotations \
                 name every one (`tgn check` shows them all).\n",
                self.rows.len(),
                self.invalid
            );
        }
        if self.warnings > 0 {
            text += &format!(
                "\n{} (shown in the log; `--strict` makes them errors).\n",
                plural(self.warnings, "warning")
            );
        }
        text
    }
}

/// Text as one Markdown table cell, read as text: control characters made visible,
/// `|` escaped (it would end the cell), and the characters Markdown or HTML would
/// read as markup written as entities.
fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in shown(text).chars() {
        match c {
            '|' => out.push_str("\\|"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '`' | '*' | '_' | '[' | ']' | '\\' | '#' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_text_whatever_it_holds() {
        assert_eq!(cell("a|b"), "a\\|b");
        assert_eq!(cell("<script>"), "&lt;script&gt;");
        assert_eq!(cell("**x** [y](z)"), "\\*\\*x\\*\\* \\[y\\](z)");
        assert_eq!(cell("a\nb"), "a␊b");
    }

    #[test]
    fn the_notice_is_one_line() {
        let mut out = Vec::new();
        notice(&mut out, "checked 1 game\nforged").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "::notice title=tgn check::checked 1 game%0Aforged\n"
        );
    }
}
