//! Writes [`GameRecord`]s back as text.
//!
//! Output is export-style PGN: tags one per line, a blank line, movetext wrapped before
//! column 80, a blank line after each game. Comments, NAGs and variations are written
//! where they were read, so text → record → text keeps everything but layout. A comment
//! that contains `}` cannot live in braces and is written as a `;` comment. Every game
//! ends with a termination marker, as export format asks.
//!
//! A record that was not read from text (JSON) may hold what no text can: a tag value
//! with a line break, a move that is two tokens. [`write_checked`] writes it only if
//! the text reads back as the same record, and otherwise says what is wrong.

use super::parser::{Origin, parse_games};
use super::{Comment, GameRecord, MoveNode, Variation, nag_glyph, parse_result, resync_point};

/// Longest movetext line written.
const WIDTH: usize = 79;

/// How NAGs are written: `$2`, as export format asks (files, pipes), or `?` after the
/// move, as people read it (a terminal). Both read back as the same NAG.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NagStyle {
    #[default]
    Codes,
    /// `!`, `?`, `!!`, `??`, `!?` and `?!` after the move; the other NAGs as codes.
    Glyphs,
}

/// Writes one game, ending with a blank line.
pub fn write_game(game: &GameRecord) -> String {
    write_game_as(game, NagStyle::Codes)
}

/// Writes one game with its NAGs as `style` says, ending with a blank line.
pub fn write_game_as(game: &GameRecord, style: NagStyle) -> String {
    let mut out = String::new();
    for tag in &game.tags {
        out.push_str(&format!("[{} \"{}\"]\n", tag.name, escape(&tag.value)));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut text = Wrapper {
        style,
        ..Wrapper::default()
    };
    comments(&mut text, &game.comments);
    moves(&mut text, &game.moves);
    text.word(termination(game));
    comments(&mut text, &game.trailing);
    out.push_str(&text.finish());
    out.push('\n');
    out
}

/// Writes moves alone (with their numbers, NAGs, comments and variations), without
/// the termination marker a game ends with: a part of a line, as `annotate` quotes it.
pub fn write_moves(nodes: &[MoveNode], style: NagStyle) -> String {
    let mut text = Wrapper {
        style,
        ..Wrapper::default()
    };
    moves(&mut text, nodes);
    text.finish()
}

/// The termination marker written after the moves: the game's own, else its
/// `[Result]` tag's, else `*` (nothing declared, as no marker declares nothing), so
/// that a game without tags never runs into the game written after it.
fn termination(game: &GameRecord) -> &str {
    match &game.result {
        Some(result) => &result.text,
        None => game
            .tag("Result")
            .filter(|value| parse_result(value).is_some())
            .unwrap_or("*"),
    }
}

/// Writes a game not read from text, or says why its text would not read back as the
/// same record (tags, comments, moves, NAGs, variations and result): the text is
/// parsed again and compared, so nothing a value holds can change the structure.
///
/// # Errors
/// What first stands in the way, as a sentence naming the value.
pub fn write_checked(game: &GameRecord) -> Result<String, String> {
    if let Some(why) = unwritable(game) {
        return Err(why);
    }
    let text = write_game(game);
    let back = parse_games(&text, Origin::default());
    match back.as_slice() {
        [read] if read.errors.is_empty() && same_record(read, game) => Ok(text),
        _ => Err(match first_unreadable_move(&game.moves) {
            Some(token) => format!("move `{token}` is not one move token"),
            None => match back.iter().flat_map(|g| &g.errors).next() {
                Some(error) => format!("its text would not read back: {}", error.message),
                None => "its text would not read back as the same game".to_string(),
            },
        }),
    }
}

/// What no text can hold: a tag name that is not one word, a line break or control
/// character in a tag value or move, a comment that would end early or start a game.
fn unwritable(game: &GameRecord) -> Option<String> {
    for tag in &game.tags {
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        if tag.name.is_empty() || !tag.name.chars().all(word) {
            return Some(format!(
                "tag name {:?} is not a word of letters, digits, _ and -",
                tag.name
            ));
        }
        if tag.value.chars().any(|c| c.is_control() && c != '\t') {
            return Some(format!(
                "tag {}: a line break or control character cannot stand in a tag value",
                tag.name
            ));
        }
    }
    all_comments(game).find_map(|c| unwritable_comment(&c.text))
}

/// Every comment of a game, variations included.
fn all_comments(game: &GameRecord) -> impl Iterator<Item = &Comment> {
    fn line<'a>(nodes: &'a [MoveNode], out: &mut Vec<&'a Comment>) {
        for node in nodes {
            out.extend(&node.comments);
            for variation in &node.variations {
                out.extend(&variation.comments);
                line(&variation.moves, out);
            }
        }
    }
    let mut list: Vec<&Comment> = game.comments.iter().chain(&game.trailing).collect();
    line(&game.moves, &mut list);
    list.into_iter()
}

fn unwritable_comment(text: &str) -> Option<String> {
    let shown: String = text.chars().take(40).collect();
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        Some(format!(
            "comment {shown:?}: a control character cannot stand in a comment"
        ))
    } else if text.contains('}') && text.contains('\n') {
        Some(format!(
            "comment {shown:?}: a `}}` and a line break cannot stand in one comment"
        ))
    } else if resync_point(text).is_some() {
        Some(format!(
            "comment {shown:?}: a blank line then a tag pair would start a new game"
        ))
    } else {
        None
    }
}

/// The first move (variations included) whose token, read alone, is not one move:
/// white space, a bracket, a move number, a result or an annotation in it.
fn first_unreadable_move(nodes: &[MoveNode]) -> Option<&str> {
    nodes.iter().find_map(|node| {
        let alone = parse_games(&node.text, Origin::default());
        let one = matches!(alone.as_slice(), [g] if g.errors.is_empty() && g.result.is_none()
            && g.comments.is_empty() && g.tags.is_empty()
            && matches!(g.moves.as_slice(), [m] if m.number.is_none() && m.nags.is_empty() && m.text == node.text));
        if one {
            node.variations.iter().find_map(|v| first_unreadable_move(&v.moves))
        } else {
            Some(node.text.as_str())
        }
    })
}

/// Whether two records hold the same tags, comments, moves and result, wherever they
/// stand; `written` was read back from the text of `game` (its result is the
/// termination marker written).
fn same_record(written: &GameRecord, game: &GameRecord) -> bool {
    let same_tags = written.tags.len() == game.tags.len()
        && (written.tags.iter().zip(&game.tags))
            .all(|(a, b)| a.name == b.name && a.value == b.value);
    same_tags
        && same_comments(&written.comments, &game.comments)
        && same_moves(&written.moves, &game.moves)
        && written.result.as_ref().map(|r| r.text.as_str()) == Some(termination(game))
        && same_comments(&written.trailing, &game.trailing)
}

fn same_comments(a: &[Comment], b: &[Comment]) -> bool {
    a.iter().map(|c| &c.text).eq(b.iter().map(|c| &c.text))
}

fn same_moves(a: &[MoveNode], b: &[MoveNode]) -> bool {
    let number = |n: &MoveNode| n.number.as_ref().map(|n| (n.number, n.continuation));
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.text == y.text
                && number(x) == number(y)
                && x.nags
                    .iter()
                    .map(|n| n.code)
                    .eq(y.nags.iter().map(|n| n.code))
                && same_comments(&x.comments, &y.comments)
                && x.variations.len() == y.variations.len()
                && x.variations.iter().zip(&y.variations).all(|(v, w)| {
                    same_comments(&v.comments, &w.comments) && same_moves(&v.moves, &w.moves)
                })
        })
}

fn moves(text: &mut Wrapper, nodes: &[MoveNode]) {
    for node in nodes {
        // With glyphs, the first NAG that has one follows the move unspaced (`32(22)?`).
        let glyph = (text.style == NagStyle::Glyphs)
            .then(|| {
                node.nags
                    .iter()
                    .enumerate()
                    .find_map(|(i, nag)| Some((i, nag_glyph(nag.code)?)))
            })
            .flatten();
        let suffix = glyph.map_or("", |(_, glyph)| glyph);
        match &node.number {
            // A move number and its move stay on one line.
            Some(number) => {
                let dots = if number.continuation { "..." } else { "." };
                text.word(&format!("{}{dots} {}{suffix}", number.number, node.text));
            }
            None => text.word(&format!("{}{suffix}", node.text)),
        }
        for (i, nag) in node.nags.iter().enumerate() {
            if glyph.is_none_or(|(at, _)| at != i) {
                text.word(&format!("${}", nag.code));
            }
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
    style: NagStyle,
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
    fn issue52_glyphs_follow_their_moves_and_read_back_as_the_same_nags() {
        let text = "1. 12 $2 34 $6 $14 2. 56 $14 $4 ( 2. 78 $1 ) *";
        let game = parse_games(text, Origin::default()).remove(0);
        let glyphs = write_game_as(&game, NagStyle::Glyphs);
        assert_eq!(glyphs, "1. 12? 34?! $14 2. 56?? $14 (2. 78!) *\n\n");
        assert_eq!(
            write_game(&game),
            "1. 12 $2 34 $6 $14 2. 56 $14 $4 (2. 78 $1) *\n\n"
        );
        let back = parse_games(&glyphs, Origin::default()).remove(0);
        let codes = |g: &GameRecord| -> Vec<Vec<u16>> {
            g.moves
                .iter()
                .map(|m| m.nags.iter().map(|n| n.code).collect())
                .collect()
        };
        // `56 $14 $4` comes back `56 $4 $14`: the glyph goes first, the NAGs are kept.
        assert_eq!(codes(&back), [vec![2], vec![6, 14], vec![4, 14]]);
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
    fn a_token_starting_with_percent_never_opens_a_line() {
        // Found by the property test: `%` written first on a line became an escape
        // line, and the record read back had no game.
        let game = parse_games("0000)*{}%", Origin::default()).remove(1);
        let written = write_game(&game);
        assert_eq!(written, " % *\n\n");
        let back = parse_games(&written, Origin::default());
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves[0].text, "%");
    }

    #[test]
    fn a_game_without_a_result_ends_with_its_result_tag_or_a_star() {
        // A game without tags and without a termination marker ran into the next one.
        let one = |text: &str| write_game(&parse_games(text, Origin::default()).remove(0));
        assert_eq!(one("1. a b"), "1. a b *\n\n");
        assert_eq!(
            one("[Result \"0-1\"]\n1. a b"),
            "[Result \"0-1\"]\n\n1. a b 0-1\n\n"
        );
        assert_eq!(one("[Result \"?\"]\n1. a"), "[Result \"?\"]\n\n1. a *\n\n");
        let two = format!("{}{}", one("1. a"), one("1. b"));
        assert_eq!(parse_games(&two, Origin::default()).len(), 2, "{two}");
    }

    #[test]
    fn what_text_cannot_hold_is_refused_not_written() {
        let game = |tags: &[(&str, &str)], moves: &[&str], comment: &str| {
            let mut game = GameRecord::default();
            for (name, value) in tags {
                game.set_tag(name, *value);
            }
            game.moves = (moves.iter())
                .map(|m| MoveNode {
                    number: None,
                    text: (*m).into(),
                    span: Default::default(),
                    nags: Vec::new(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                })
                .collect();
            if !comment.is_empty() {
                game.moves[0].comments.push(Comment {
                    text: comment.into(),
                    span: Default::default(),
                });
            }
            write_checked(&game)
        };
        let refused = |result: Result<String, String>, why: &str| {
            let error = result.expect_err(why);
            assert!(error.contains(why), "{error}");
        };
        refused(
            game(&[("Event", "a\n\n[Event \"b")], &["a"], ""),
            "tag Event",
        );
        refused(game(&[("Ev ent", "a")], &["a"], ""), "tag name");
        refused(game(&[], &["a b"], ""), "move `a b`");
        for token in ["(", "1-0", "$1", "12.", "{x", "!", "a)", ";x", "..."] {
            refused(game(&[], &["a", token], ""), &format!("move `{token}`"));
        }
        refused(game(&[], &["a"], "x}\ny"), "a `}` and a line break");
        refused(game(&[], &["a"], "x\n\n[Event \"y\"]"), "start a new game");
        refused(game(&[], &["a"], "nul\0"), "control character");
        // What text holds is written: quotes and backslashes escaped, `}` in a
        // line comment, a count against its move, a comment over lines.
        let text = game(&[("Event", "say \"hi\" \\o/")], &["87(10)", "%"], "a } b").unwrap();
        assert!(text.contains(r#"[Event "say \"hi\" \\o/"]"#), "{text}");
        assert!(game(&[], &["a"], "one\ntwo").is_ok());
    }

    #[test]
    fn a_record_deeper_than_text_may_nest_is_refused_with_the_readers_reason() {
        let depth = 31;
        let text = format!("1. a {}{} *", "(1. b ".repeat(depth), ")".repeat(depth));
        let mut game = parse_games(&text, Origin::default()).remove(0);
        assert!(
            !game.errors.is_empty(),
            "the parser nests no deeper than 30"
        );
        // A record built elsewhere (JSON) may nest deeper.
        game.errors.clear();
        let mut line = &mut game.moves[0];
        for _ in 0..depth {
            if line.variations.is_empty() {
                let mut deeper = line.clone();
                deeper.variations.clear();
                line.variations.push(Variation {
                    comments: Vec::new(),
                    moves: vec![deeper],
                    span: Default::default(),
                });
            }
            line = &mut line.variations[0].moves[0];
        }
        let error = write_checked(&strip_spans(game)).unwrap_err();
        assert!(error.contains("nested deeper than 30"), "{error}");
    }
}
