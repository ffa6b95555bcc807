//! Writes [`GameRecord`]s back as text.
//!
//! Output is export-style PGN: tags one per line, a blank line, movetext wrapped before
//! column 80, a blank line after each game. Comments, NAGs and variations are written
//! where they were read, so text → record → text keeps everything but layout. A comment
//! that contains `}` cannot live in braces and is written as a `;` comment.

use super::{Comment, GameRecord, MoveNode, Variation};

/// Longest movetext line written.
const WIDTH: usize = 79;

/// Writes one game, ending with a blank line.
pub fn write_game(game: &GameRecord) -> String {
    let mut out = String::new();
    for tag in &game.tags {
        out.push_str(&format!("[{} \"{}\"]\n", tag.name, escape(&tag.value)));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut text = Wrapper::default();
    comments(&mut text, &game.comments);
    moves(&mut text, &game.moves);
    if let Some(result) = &game.result {
        text.word(&result.text);
    }
    comments(&mut text, &game.trailing);
    out.push_str(&text.finish());
    out.push('\n');
    out
}

fn moves(text: &mut Wrapper, nodes: &[MoveNode]) {
    for node in nodes {
        match &node.number {
            // A move number and its move stay on one line.
            Some(number) => {
                let dots = if number.continuation { "..." } else { "." };
                text.word(&format!("{}{dots} {}", number.number, node.text));
            }
            None => text.word(&node.text),
        }
        for nag in &node.nags {
            text.word(&format!("${}", nag.code));
        }
        comments(text, &node.comments);
        for variation in &node.variations {
            self::variation(text, variation);
        }
    }
}

fn variation(text: &mut Wrapper, variation: &Variation) {
    text.open();
    comments(text, &variation.comments);
    moves(text, &variation.moves);
    text.close();
}

fn comments(text: &mut Wrapper, list: &[Comment]) {
    for comment in list {
        if comment.text.contains('}') {
            text.line_comment(&comment.text);
        } else {
            text.word(&format!("{{{}}}", comment.text));
        }
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Joins words with single spaces, breaking lines before [`WIDTH`].
#[derive(Default)]
struct Wrapper {
    out: String,
    line: usize,
    /// No space before the next word (just after `(`).
    glue: bool,
}

impl Wrapper {
    fn word(&mut self, word: &str) {
        let width = word.chars().count();
        if self.line > 0 && !self.glue {
            if self.line + 1 + width > WIDTH {
                self.out.push('\n');
                self.line = 0;
            } else {
                self.out.push(' ');
                self.line += 1;
            }
        }
        self.glue = false;
        if self.line == 0 && word.starts_with('%') {
            // A `%` in the first column would make the line an escape line: indent it.
            self.out.push(' ');
            self.line = 1;
        }
        self.out.push_str(word);
        // A multi-line comment resets the column to its last line's width.
        match word.rfind('\n') {
            Some(i) => self.line = word[i + 1..].chars().count(),
            None => self.line += width,
        }
    }

    fn open(&mut self) {
        self.word("(");
        self.glue = true;
    }

    fn close(&mut self) {
        self.glue = true;
        self.word(")");
    }

    fn line_comment(&mut self, text: &str) {
        for (i, line) in text.lines().enumerate() {
            if i > 0 || self.line > 0 {
                self.out.push('\n');
            }
            self.out.push_str("; ");
            self.out.push_str(line);
            self.line = 1;
        }
        self.out.push('\n');
        self.line = 0;
        self.glue = false;
    }

    fn finish(mut self) -> String {
        if !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parser::{Origin, parse_games};

    fn strip_spans(mut game: GameRecord) -> GameRecord {
        fn line(nodes: &mut [MoveNode]) {
            for n in nodes {
                n.span = Default::default();
                n.number
                    .iter_mut()
                    .for_each(|x| x.span = Default::default());
                n.nags.iter_mut().for_each(|x| x.span = Default::default());
                n.comments
                    .iter_mut()
                    .for_each(|x| x.span = Default::default());
                for v in &mut n.variations {
                    v.span = Default::default();
                    v.comments
                        .iter_mut()
                        .for_each(|x| x.span = Default::default());
                    line(&mut v.moves);
                }
            }
        }
        line(&mut game.moves);
        game.tags
            .iter_mut()
            .for_each(|t| t.span = Default::default());
        game.comments
            .iter_mut()
            .for_each(|x| x.span = Default::default());
        game.trailing
            .iter_mut()
            .for_each(|x| x.span = Default::default());
        if let Some(r) = &mut game.result {
            r.span = Default::default();
        }
        game.span = Default::default();
        game.source = Default::default();
        game
    }

    #[test]
    fn text_record_text_keeps_everything() {
        let text = "[Event \"Cup \\\"A\\\"\"]\n[Odd \"x\"]\n\n{intro} 1. 87(10) $1 {a} (1. 99 {b} (1. 11) 1... 22) 1... 87(10) ; brace } inside\n1/2-1/2 {zero}\n";
        let first = parse_games(text, Origin::default()).remove(0);
        assert!(first.errors.is_empty(), "{:?}", first.errors);
        let written = write_game(&first);
        let second = parse_games(&written, Origin::default()).remove(0);
        assert!(second.errors.is_empty(), "{:?}\n{written}", second.errors);
        assert_eq!(strip_spans(first), strip_spans(second), "{written}");
    }

    #[test]
    fn long_movetext_wraps_before_column_80() {
        let moves: String = (1..60).map(|n| format!("{n}. 12 34 ")).collect();
        let game = parse_games(&moves, Origin::default()).remove(0);
        let written = write_game(&game);
        assert!(written.lines().all(|l| l.chars().count() <= WIDTH));
        assert_eq!(parse_games(&written, Origin::default())[0].moves.len(), 118);
    }

    #[test]
    fn issue_10_a_token_starting_with_percent_never_opens_a_line() {
        // Found by the property test: `%` written first on a line became an escape
        // line, and the record read back had no game.
        let game = parse_games("0000)*{}%", Origin::default()).remove(1);
        let written = write_game(&game);
        assert_eq!(written, " %\n\n");
        let back = parse_games(&written, Origin::default());
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves[0].text, "%");
    }
}
