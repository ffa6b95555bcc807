//! Diagnostics and game lines as people read them: rustc-style errors and warnings
//! with the source line, the game, the ply and the position before the move.

use std::borrow::Cow;
use std::io::{self, Write};

use super::style::{self, Paint};
use super::{Item, json, mend};
use crate::replay::{Diagnostic, ErrorCode};

/// `1 game`, `2 games`; `1 ply`, `2 plies`.
pub fn plural(n: usize, noun: &str) -> String {
    match (n, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, Some(stem)) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// `file game 3 (A v B): valid, 0-1 declared, decided on the board 0-1 (…), 92 plies, final …`
/// (`valid` green and `INVALID` red when `paint` is on).
pub fn one_line(item: &Item, paint: Paint) -> String {
    let replay = &item.replay;
    let validity = if replay.is_valid() {
        paint.paint(style::ALL_VALID, "valid")
    } else {
        paint.paint(style::ERROR, "INVALID")
    };
    let declared = json::declared_result(&item.record);
    let declared = declared.as_str().unwrap_or("no result");
    let outcome = match &replay.outcome {
        Some(o) => format!("decided on the board {} ({})", o.result, o.reason),
        None => "not decided on the board".to_string(),
    };
    let end = replay
        .end
        .as_ref()
        .map_or(String::new(), |s| format!(", final [{}]", s.position));
    format!(
        "{} game {}{}: {validity}, {declared} declared, {outcome}, {}{end}",
        shown(&item.file),
        item.index + 1,
        game_label(item),
        plural(replay.plies as usize, "ply")
    )
}

/// Whether a diagnostic makes its game invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    /// Shown and counted; an error with `--strict`.
    Warning,
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// Most diagnostics shown of one game; `--format json` lists them all.
const SHOWN_PER_GAME: usize = 10;

/// The diagnostics of one game, at most `SHOWN_PER_GAME`, then how many more.
pub fn diagnostics(out: &mut impl Write, item: &Item, paint: Paint) -> io::Result<()> {
    let replay = &item.replay;
    let errors = replay.errors.iter().map(|d| (d, Severity::Error));
    let warnings = replay.warnings.iter().map(|d| (d, Severity::Warning));
    for (n, (diagnostic, severity)) in errors.chain(warnings).take(SHOWN_PER_GAME).enumerate() {
        let rendered = render(item, diagnostic, severity, paint);
        match replay.mend.as_deref() {
            // What the sheet most likely says, under the error it mends.
            Some(found) if n == 0 => {
                let game = replay.game.map_or("the game", |g| g.name);
                writeln!(out, "{}", rendered.trim_end_matches('\n'))?;
                for line in mend::help_lines(found, game) {
                    let (label, rest) = line.split_once(':').unwrap_or(("", &line));
                    writeln!(out, "{}:{rest}", paint.paint(style::EMPHASIS, label))?;
                }
                writeln!(out)?;
            }
            _ => write!(out, "{rendered}")?,
        }
    }
    let errors = replay.errors.len().saturating_sub(SHOWN_PER_GAME);
    let shown_warnings = SHOWN_PER_GAME.saturating_sub(replay.errors.len());
    let warnings = replay.warnings.len().saturating_sub(shown_warnings);
    let more = match (errors, warnings) {
        (0, 0) => return Ok(()),
        (e, 0) => plural(e, "more error"),
        (0, w) => plural(w, "more warning"),
        (e, w) => format!(
            "{} and {}",
            plural(e, "more error"),
            plural(w, "more warning")
        ),
    };
    writeln!(
        out,
        "… and {more} in game {} (all of them: --format json)\n",
        item.index + 1
    )
}

/// Widest stretch of a source line quoted in a diagnostic, in columns.
const QUOTE_WIDTH: usize = 100;

/// The source line quoted under a diagnostic, and the marker line under it: cut to
/// [`QUOTE_WIDTH`] columns around the token (with `…` where cut), control characters
/// shown as visible symbols, wide characters (CJK) counted as two columns so that the
/// carets stand under the token.
fn quote(line: &str, column: usize, bytes: usize) -> (String, String) {
    // The token's width in characters: as many as its span's bytes take.
    let mut taken = 0;
    let width = line
        .chars()
        .skip(column.saturating_sub(1))
        .take_while(|c| {
            taken += c.len_utf8();
            taken <= bytes
        })
        .count();
    let chars: Vec<char> = line.chars().map(visible).collect();
    let at = column.saturating_sub(1).min(chars.len());
    let (mut start, mut end) = (0, chars.len());
    if chars.len() > QUOTE_WIDTH {
        start = at.saturating_sub(QUOTE_WIDTH / 2);
        end = (start + QUOTE_WIDTH).min(chars.len());
        start = end.saturating_sub(QUOTE_WIDTH).min(start);
    }
    let mut text: String = chars[start..end].iter().collect();
    let mut marker: String = chars[start..at]
        .iter()
        .map(|&c| {
            if c == '\t' {
                "\t".to_string()
            } else {
                " ".repeat(column_width(c))
            }
        })
        .collect();
    if start > 0 {
        text.insert(0, '…');
        marker.insert(0, ' ');
    }
    if end < chars.len() {
        text.push('…');
    }
    let token_width: usize = chars[at..]
        .iter()
        .take(width)
        .map(|&c| column_width(c))
        .sum();
    marker.push_str(&"^".repeat(token_width.max(1)));
    (text, marker)
}

fn column_width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c)
        .unwrap_or(1)
        .max(1)
}

/// A character as it may be shown on a terminal: control characters (which would
/// move the cursor or ring the bell) become their visible symbols (NUL → ␀, ESC → ␛).
fn visible(c: char) -> char {
    match c {
        '\t' | '\n' => c,
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('�'),
        '\u{7f}' => '␡',
        '\u{80}'..='\u{9f}' => '�',
        _ if reorders(c) => '�',
        _ => c,
    }
}

/// The invisible characters that reorder the text around them (bidirectional marks,
/// embeddings, overrides and isolates): shown raw, they make a line read otherwise
/// than it is.
fn reorders(c: char) -> bool {
    matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` — a tag value, a file name, a message quoting them — as one line on a
/// terminal or in a CI log. Control characters, line breaks and tabs included, become
/// visible symbols (ESC → ␛, a line break → ␊, a tab → ␉), and the characters that
/// reorder text are written as `<U+202E>`: no value read from a record or a file name
/// can move the cursor, colour the terminal, forge a line of a CI log (GitHub Actions
/// runs `::error …` lines) or hide what it says.
pub fn shown(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() || reorders(c);
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\0'..='\u{1f}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('�')),
            '\u{7f}' => out.push('␡'),
            _ if unsafe_char(c) => out.push_str(&format!("<U+{:04X}>", c as u32)),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A diagnostic as people read it: what is wrong, where, the line with the token
/// underlined, which game and ply, and the position before the move; styled as rustc
/// styles its own when `paint` is on.
pub fn render(item: &Item, d: &Diagnostic, severity: Severity, paint: Paint) -> String {
    let level = match severity {
        Severity::Error => style::ERROR,
        Severity::Warning => style::WARNING,
    };
    let blue = |text: &str| paint.paint(style::GUTTER, text).into_owned();
    let mut text = format!(
        "{}{}\n",
        paint.paint(level, &format!("{severity}[{}]", d.code)),
        paint.paint(style::EMPHASIS, &format!(": {}", shown(&d.message)))
    );
    let line_no = d.span.line.to_string();
    let pad = " ".repeat(line_no.len());
    let file = shown(&item.file);
    text += &format!(
        "{pad}{} {file}:{}:{}\n",
        blue("-->"),
        d.span.line,
        d.span.column
    );
    // A line with nothing on it (or one the reader did not keep: the rest of a game
    // too long) has nothing to point at.
    let quoted = item.record.source.line(d.span.line);
    if let Some(line) = quoted.filter(|l| !l.trim().is_empty()) {
        let (line, marker) = quote(line, d.span.column as usize, d.span.end - d.span.start);
        let bar = blue(&format!("{pad} |"));
        let marker = match marker.find('^') {
            Some(at) => format!("{}{}", &marker[..at], paint.paint(level, &marker[at..])),
            None => marker,
        };
        text += &format!(
            "{bar}\n{} {line}\n{bar} {marker}\n",
            blue(&format!("{line_no} |"))
        );
    }
    let note = blue(&format!("{pad} ="));
    text += &format!("{note} game {}{}\n", item.index + 1, game_label(item));
    if let (Some(ply), Some(written)) = (d.ply, &d.written) {
        let mover = match d.mover {
            Some(crate::games::Player::Second) => "second player (Black)",
            _ => "first player (White)",
        };
        let written = shown(written);
        let line = if d.in_variation {
            " of a variation"
        } else {
            ""
        };
        text += &format!("{note} ply {ply}{line}, {mover} wrote `{written}`\n");
    }
    if let Some(position) = &d.position {
        // A checkpoint is checked against the position the move leaves.
        let what = if d.code == ErrorCode::Checkpoint {
            "position after the move"
        } else if d.ply.is_some() {
            "position before the move"
        } else {
            "position"
        };
        text += &format!("{note} {what}:\n");
        for line in position.board.lines() {
            text += &format!("{pad}     {}\n", paint.board_line(line));
        }
        text += &format!("{pad}     [{}]\n", position.text);
    }
    text.push('\n');
    text
}

/// ` (White v Black, Event, Round)` from whichever tags the record has.
fn game_label(item: &Item) -> String {
    let r = &item.record;
    let mut parts = Vec::new();
    if let (Some(w), Some(b)) = (r.tag("White"), r.tag("Black")) {
        parts.push(format!("{w} v {b}"));
    }
    if let Some(event) = r.tag("Event") {
        parts.push(event.to_string());
    }
    if let Some(round) = r.tag("Round") {
        parts.push(format!("round {round}"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", shown(&parts.join(", ")))
    }
}
