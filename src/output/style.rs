//! Colour on a terminal, as rustc and ripgrep use it: errors red, warnings yellow, the
//! gutter and locations blue, the pieces of a board in their side's colour.
//!
//! Whether to colour is decided once per run, for standard output, by anstream's rule:
//! `--color always|never` when given, else `NO_COLOR` turns it off, `CLICOLOR_FORCE`
//! on, `CLICOLOR=0` off, and otherwise only a terminal gets colour, never a pipe or a
//! file. The text is the same with or without colour: a [`Paint`] that is off hands
//! it back unchanged, so what a pipe receives is byte for byte what it was before
//! colour existed.

use std::borrow::Cow;

use anstyle::{AnsiColor, Style};

/// What `error` and the carets under an error are drawn in.
pub const ERROR: Style = AnsiColor::Red.on_default().bold();
/// What `warning` and the carets under a warning are drawn in.
pub const WARNING: Style = AnsiColor::Yellow.on_default().bold();
/// The gutter of a quoted line: `-->`, `|`, line numbers and `=` notes.
pub const GUTTER: Style = AnsiColor::BrightBlue.on_default().bold();
/// A diagnostic's message, as rustc shows it.
pub const EMPHASIS: Style = Style::new().bold();
/// The closing line of a run where every game is valid.
pub const ALL_VALID: Style = AnsiColor::Green.on_default().bold();
/// What only the first record has (`--- A`, `  - `), as diff tools show it.
pub const REMOVED: Style = AnsiColor::Red.on_default();
/// What only the second record has (`+++ B`, `  + `).
pub const ADDED: Style = AnsiColor::Green.on_default();
/// What the two records write differently (`  ~ `).
pub const CHANGED: Style = AnsiColor::Yellow.on_default();
/// The pieces of the side whose letters are White's (`W`, `w`) and their kin.
const LIGHT: Style = AnsiColor::Yellow.on_default();
/// The pieces of the side whose letters are Black's (`B`, `b`) and their kin.
const DARK: Style = AnsiColor::Cyan.on_default();
/// Pasang's KA (`#`): the centre that is no side's.
const CENTRE: Style = AnsiColor::Magenta.on_default();

/// Whether text is styled: off for a pipe, a file, JSON and GitHub output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Text as it is, without escapes.
    pub const PLAIN: Paint = Paint { on: false };
    /// ANSI escapes, whatever the output is.
    pub const ANSI: Paint = Paint { on: true };

    /// Whether standard output gets colour: the `--color` choice (anstream's global
    /// choice, which the command line sets), the environment and whether it is a
    /// terminal.
    pub fn stdout() -> Paint {
        let choice = anstream::AutoStream::choice(&std::io::stdout());
        Paint {
            on: choice != anstream::ColorChoice::Never,
        }
    }

    pub fn is_on(self) -> bool {
        self.on
    }

    /// `text` in `style`, or as it is when this paint is off.
    pub fn paint(self, style: Style, text: &str) -> Cow<'_, str> {
        if self.on && !text.is_empty() {
            Cow::Owned(format!("{style}{text}{style:#}"))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// One line of a board drawn as text, its pieces coloured by side. Only a rank's
    /// row is painted — one whose first word is its number (`7 B-----B-----.`), where
    /// every letter after the number is a piece: the file letters under the board, the
    /// pit labels and counts of the mancala boards and the line saying who is to move
    /// are left as they are, and so is every game's own drawing code.
    pub fn board_line(self, line: &str) -> Cow<'_, str> {
        let rank_width = line.trim_start().find(' ').unwrap_or(0);
        let label_end = line.len() - line.trim_start().len() + rank_width;
        let (label, row) = line.split_at(label_end);
        if !self.on || rank_width == 0 || !label.trim_start().bytes().all(|b| b.is_ascii_digit()) {
            return Cow::Borrowed(line);
        }
        let mut out = String::with_capacity(line.len() * 3);
        out.push_str(label);
        for c in row.chars() {
            match piece_style(c) {
                Some(style) => out.push_str(&format!("{style}{c}{style:#}")),
                None => out.push(c),
            }
        }
        Cow::Owned(out)
    }
}

/// The style of a piece drawn as `c`, by the letters the games draw their sides with:
/// White's, the prince, the tigers and the south (`W w P T S s`) light, Black's, the
/// lamas, the men and the north (`B b L M N n`) dark, any other letter bold, and
/// kings and sultans (capitals beside a side's small letters) bold as well.
fn piece_style(c: char) -> Option<Style> {
    let side = match c.to_ascii_lowercase() {
        'w' | 'p' | 't' | 's' => LIGHT,
        'b' | 'l' | 'm' | 'n' => DARK,
        '#' => return Some(CENTRE),
        _ if c.is_ascii_alphabetic() => Style::new(),
        _ => return None,
    };
    Some(if c.is_ascii_uppercase() {
        side.bold()
    } else {
        side
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_paint_leaves_text_as_it_is() {
        assert_eq!(Paint::PLAIN.paint(ERROR, "error"), "error");
        assert_eq!(Paint::PLAIN.board_line("7 B-----W"), "7 B-----W");
    }

    #[test]
    fn ansi_paint_wraps_text_in_escapes_and_a_reset() {
        assert_eq!(
            Paint::ANSI.paint(ERROR, "error"),
            "\x1b[1m\x1b[31merror\x1b[0m"
        );
    }

    #[test]
    fn a_rank_row_has_its_pieces_coloured_by_side() {
        let row = Paint::ANSI.board_line("  7 B-.-w");
        assert!(row.starts_with("  7 \x1b[1m\x1b[36mB\x1b[0m-.-"), "{row:?}");
        assert!(row.ends_with("\x1b[33mw\x1b[0m"), "{row:?}");
    }

    #[test]
    fn file_letters_pit_rows_and_the_side_to_move_are_not_pieces() {
        for line in [
            "  a b c d e",
            "N kazan  10 |  10   1",
            "W to move; in hand W 0, B 0",
            "   \\  |  /",
        ] {
            assert_eq!(Paint::ANSI.board_line(line), line);
        }
    }
}
