//! `tgn check`: replay every game and report what is wrong.

use std::io::{self, Write};

use serde_json::json;

use super::{Item, Pipeline, RunStatus, expand};
use crate::cli::{CheckArgs, CheckFormat};
use crate::json;
use crate::replay::{Detail, Diagnostic};

/// Counts for the closing line.
#[derive(Default)]
struct Tally {
    games: usize,
    invalid: usize,
    decided: usize,
    files: usize,
}

pub fn run(args: &CheckArgs) -> io::Result<RunStatus> {
    let mut io_errors = 0;
    let inputs = expand(&args.paths, &mut io_errors);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally {
        files: inputs.len(),
        ..Tally::default()
    };
    let pipeline = Pipeline {
        read: &args.read,
        detail: Detail::Errors,
        json: Some(false),
        progress: args.format == CheckFormat::Human,
    };
    io_errors += pipeline.run(&inputs, |item| {
        tally.games += 1;
        tally.decided += usize::from(item.replay.outcome.is_some());
        if !item.replay.is_valid() {
            tally.invalid += 1;
        }
        match args.format {
            CheckFormat::Human if args.verbose => {
                writeln!(out, "{}", one_line(&item))?;
                human(&mut out, &item)
            }
            CheckFormat::Human if !args.quiet => human(&mut out, &item),
            CheckFormat::Human => Ok(()),
            CheckFormat::Json => writeln!(out, "{}", game_json(&item)),
            CheckFormat::Github => github(&mut out, &item),
        }
    })?;
    if args.format == CheckFormat::Human {
        let files = if tally.files == 1 { "file" } else { "files" };
        let games = if tally.games == 1 { "game" } else { "games" };
        writeln!(
            out,
            "checked {} {games} in {} {files}: {} valid, {} invalid ({} decided on the board)",
            tally.games,
            tally.files,
            tally.games - tally.invalid,
            tally.invalid,
            tally.decided
        )?;
    }
    out.flush()?;
    Ok(RunStatus::of(io_errors, tally.invalid))
}

/// One JSON object per game (`--format json`); the schema is in the README.
pub fn game_json(item: &Item) -> serde_json::Value {
    let replay = &item.replay;
    json!({
        "file": &*item.file,
        "index": item.index,
        "game": replay.game.map(|g| g.id),
        "valid": replay.is_valid(),
        "plies": replay.plies,
        "errors": replay.errors.iter().map(json::diagnostic).collect::<Vec<_>>(),
        "result": json::declared_result(&item.record),
        "outcome": replay.outcome,
        "white": item.record.tag("White"),
        "black": item.record.tag("Black"),
        "final_position": replay.end.as_ref().map(|s| s.position.clone()),
    })
}

/// `file game 3 (A v B): valid, 0-1 declared, decided on the board 0-1 (…), 92 plies, final …`
fn one_line(item: &Item) -> String {
    let replay = &item.replay;
    let validity = if replay.is_valid() {
        "valid"
    } else {
        "INVALID"
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
        "{} game {}{}: {validity}, {declared} declared, {outcome}, {} plies{end}",
        item.file,
        item.index + 1,
        game_label(item),
        replay.plies
    )
}

/// Most diagnostics shown of one game; `--format json` lists them all.
const SHOWN_PER_GAME: usize = 10;

fn human(out: &mut impl Write, item: &Item) -> io::Result<()> {
    let errors = &item.replay.errors;
    for diagnostic in errors.iter().take(SHOWN_PER_GAME) {
        write!(out, "{}", render(item, diagnostic))?;
    }
    if let Some(more) = errors.len().checked_sub(SHOWN_PER_GAME).filter(|&n| n > 0) {
        let s = if more == 1 { "" } else { "s" };
        writeln!(
            out,
            "… and {more} more error{s} in game {} (all of them: --format json)\n",
            item.index + 1
        )?;
    }
    Ok(())
}

/// Widest stretch of a source line quoted in a diagnostic, in columns.
const QUOTE_WIDTH: usize = 100;

/// The source line quoted under a diagnostic, and the marker line under it: cut to
/// [`QUOTE_WIDTH`] columns around the token (with `…` where cut), control characters
/// shown as visible symbols, wide characters (CJK) counted as two columns so that the
/// carets stand under the token.
fn quote(line: &str, column: usize, width: usize) -> (String, String) {
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
        _ => c,
    }
}

/// `text` with every control character but line breaks and tabs made visible.
fn visible_text(text: &str) -> String {
    text.chars().map(visible).collect()
}

/// A diagnostic as people read it: what is wrong, where, the line with the token
/// underlined, which game and ply, and the position before the move.
pub fn render(item: &Item, d: &Diagnostic) -> String {
    let mut text = format!("error[{}]: {}\n", d.code, visible_text(&d.message));
    let line_no = d.span.line.to_string();
    let pad = " ".repeat(line_no.len());
    text += &format!("{pad}--> {}:{}:{}\n", item.file, d.span.line, d.span.column);
    if let Some(line) = item.record.source.line(d.span.line) {
        let width = d.written.as_deref().map_or(1, |w| w.chars().count()).max(1);
        let (line, marker) = quote(line, d.span.column as usize, width);
        text += &format!("{pad} |\n{line_no} | {line}\n{pad} | {marker}\n");
    }
    text += &format!("{pad} = game {}{}\n", item.index + 1, game_label(item));
    if let (Some(ply), Some(written)) = (d.ply, &d.written) {
        let mover = match d.mover {
            Some(crate::games::Player::Second) => "second player (Black)",
            _ => "first player (White)",
        };
        let written = visible_text(written);
        text += &format!("{pad} = ply {ply}, {mover} wrote `{written}`\n");
    }
    if let Some(position) = &d.position {
        let what = if d.ply.is_some() {
            "position before the move"
        } else {
            "position"
        };
        text += &format!("{pad} = {what}:\n");
        for line in position.board.lines() {
            text += &format!("{pad}     {line}\n");
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
        format!(" ({})", parts.join(", "))
    }
}

/// GitHub Actions workflow commands: one `::error` annotation per diagnostic.
fn github(out: &mut impl Write, item: &Item) -> io::Result<()> {
    for d in &item.replay.errors {
        writeln!(
            out,
            "::error file={},line={},col={},title=tgn {}::{}",
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
