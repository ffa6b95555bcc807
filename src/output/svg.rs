//! The one SVG writer: any game's [`Diagram`] as a self-contained SVG (a `viewBox`, no
//! external resources, generic font names only), so that every game's picture shares
//! its style and the names a test or a browser reads back from it:
//!
//! - `<svg data-game="zamma" data-to-move="first">`, or once the game is over
//!   `<svg data-game="zamma" data-result="1-0">` (`1-0`, `0-1`, `1/2-1/2`);
//! - `<circle class="point" data-point="d4">` for every playable point;
//! - `<g class="pit" data-pit="S3" data-count="9" data-kind="pit|store|tuzdyk">`;
//! - `<g class="piece light man" data-point="d4" data-owner="first" data-colour="light"
//!   data-kind="man">`;
//! - `<g class="mark from" data-point="d4" data-mark="from">` for the last move.

use std::fmt::Write;

use crate::games::Player;
use crate::games::common::diagram::{At, Diagram, Mark, MarkKind, Piece, Pit};

/// Pixels per lattice step: a 9×9 board is about 480 px wide, readable at 400.
const STEP: f32 = 48.0;
/// Room below the board for each line saying who is to move and what stands.
const STATUS: f32 = 0.45;

const FONT: &str = "DejaVu Sans, Arial, Helvetica, sans-serif";

/// The scene `diagram` of `game` (its id, written in `data-game`) as SVG text.
pub fn write(game: &str, diagram: &Diagram) -> String {
    let page = Page::of(diagram);
    let mut svg = String::new();
    let (width, height) = page.size();
    // A finished game has a result and no one to move (issue 37).
    let turn = match diagram.result {
        Some(result) => format!(r#"data-result="{result}""#),
        None => format!(
            r#"data-to-move="{}""#,
            diagram.to_move.map_or("none", player_name)
        ),
    };
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" data-game="{}" {turn} font-family="{FONT}">"#,
        escape(game),
    );
    let _ = writeln!(
        svg,
        r##"<rect class="background" width="{width}" height="{height}" fill="#f3e3c3"/>"##
    );
    page.squares(&mut svg);
    page.areas(&mut svg);
    page.lines(&mut svg);
    page.points(&mut svg);
    for pit in &diagram.pits {
        page.pit(&mut svg, pit);
    }
    // Where the piece came from and passed lie under the pieces; where it arrived and
    // what it took are drawn over them.
    let over = |m: &&Mark| matches!(m.kind, MarkKind::To | MarkKind::Placed | MarkKind::Taken);
    for mark in diagram.marks.iter().filter(|m| !over(m)) {
        page.mark(&mut svg, mark);
    }
    for piece in &diagram.pieces {
        page.piece(&mut svg, piece);
    }
    for mark in diagram.marks.iter().filter(over) {
        page.mark(&mut svg, mark);
    }
    page.labels(&mut svg);
    page.status(&mut svg);
    svg.push_str("</svg>\n");
    svg
}

/// The part of a scene's picture that stays while a game is played (the board's
/// squares, areas, lines, points and edge labels) and the sizes it is drawn at: what
/// the HTML viewer ([`crate::output::html`]) keeps once per board, to draw each ply's
/// pieces, pits, marks and status over it in the browser as [`write()`] does here.
#[derive(Clone, Debug, PartialEq)]
pub struct Backdrop {
    pub width: f32,
    /// The height without status lines; each line adds [`Backdrop::line`].
    pub height: f32,
    pub line: f32,
    /// Where the status lines start: the first one's baseline is one line below.
    pub status_top: f32,
    /// The squares, areas, lines and points, in that order (under the pits).
    pub under: String,
    /// The coordinates and point names (over the pieces).
    pub labels: String,
}

/// Pixels per lattice step, as [`write()`] draws.
pub const PIXELS_PER_STEP: f32 = STEP;

/// The font family every text is written in.
pub const FONT_FAMILY: &str = FONT;

/// The parts of `diagram` that are the same at every ply of its game.
pub fn backdrop(diagram: &Diagram) -> Backdrop {
    let page = Page::of(diagram);
    let mut under = String::new();
    page.squares(&mut under);
    page.areas(&mut under);
    page.lines(&mut under);
    page.points(&mut under);
    let mut labels = String::new();
    page.labels(&mut labels);
    Backdrop {
        width: page.size().0,
        height: n((diagram.extent.1 + 1.35) * STEP),
        line: n(STEP * STATUS),
        status_top: n((diagram.extent.1 + 1.0) * STEP),
        under,
        labels,
    }
}

/// Where `at` is drawn in the picture of `diagram`, in pixels.
pub fn pixels(diagram: &Diagram, at: At) -> (f32, f32) {
    Page::of(diagram).px(at)
}

/// The width and height a pit of `size` lattice units is drawn at, in pixels.
pub fn pit_size(size: (f32, f32)) -> (f32, f32) {
    (n(size.0 * STEP * 0.9), n(size.1 * STEP * 0.9))
}

/// The status line of `diagram` as [`write()`] breaks it to fit the picture.
pub fn status_lines(diagram: &Diagram) -> Vec<String> {
    Page::of(diagram).status_lines()
}

/// `first` or `second`, as `data-owner` and `data-to-move` write a player.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// The diagram and the mapping from lattice units to pixels.
struct Page<'d> {
    diagram: &'d Diagram,
}

impl<'d> Page<'d> {
    fn of(diagram: &'d Diagram) -> Page<'d> {
        Page { diagram }
    }

    fn size(&self) -> (f32, f32) {
        let (files, ranks) = self.diagram.extent;
        let status = 0.35 + STATUS * self.status_lines().len() as f32;
        (n((files + 1.0) * STEP), n((ranks + 1.0 + status) * STEP))
    }

    /// The status line broken where it would overflow the picture: at its `; ` first,
    /// then between words (a character is about 0.55 of the font's size).
    fn status_lines(&self) -> Vec<String> {
        let room = ((self.diagram.extent.0 + 0.4) / (0.3 * 0.55)) as usize;
        let mut lines: Vec<String> = Vec::new();
        for part in self.diagram.status.split("; ") {
            let mut line = String::new();
            for word in part.split(' ') {
                if !line.is_empty() && line.len() + 1 + word.len() > room {
                    lines.push(std::mem::take(&mut line));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
            lines.push(line);
        }
        lines
    }

    /// Pixels of a lattice place: rank 1 at the bottom, half a step of room around.
    fn px(&self, (x, y): At) -> (f32, f32) {
        (n(x * STEP), n((self.diagram.extent.1 + 1.0 - y) * STEP))
    }

    fn squares(&self, svg: &mut String) {
        for &at in &self.diagram.squares {
            let (x, y) = self.px(at);
            let half = STEP / 2.0;
            let _ = writeln!(
                svg,
                r##"<rect class="square" x="{}" y="{}" width="{STEP}" height="{STEP}" fill="#8b5a2b"/>"##,
                n(x - half),
                n(y - half)
            );
        }
    }

    fn areas(&self, svg: &mut String) {
        for area in &self.diagram.areas {
            let points: Vec<String> = area
                .iter()
                .map(|&at| {
                    let (x, y) = self.px(at);
                    format!("{x},{y}")
                })
                .collect();
            let _ = writeln!(
                svg,
                r##"<polygon class="area" points="{}" fill="#c9a36b" stroke="#3b2a1a"/>"##,
                points.join(" ")
            );
        }
    }

    fn lines(&self, svg: &mut String) {
        for &(a, b) in self.diagram.lines.iter() {
            let ((x1, y1), (x2, y2)) = (self.px(a), self.px(b));
            let _ = writeln!(
                svg,
                r##"<line class="line" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a1a" stroke-width="2"/>"##
            );
        }
    }

    fn points(&self, svg: &mut String) {
        for (name, at) in &self.diagram.points {
            let (x, y) = self.px(*at);
            let _ = writeln!(
                svg,
                r##"<circle class="point" data-point="{}" cx="{x}" cy="{y}" r="4" fill="#3b2a1a"/>"##,
                escape(name)
            );
        }
    }

    fn pit(&self, svg: &mut String, pit: &Pit) {
        let (x, y) = self.px(pit.at);
        let (w, h) = pit_size(pit.size);
        let fill = if pit.kind == "pit" {
            "#e8cfa0"
        } else {
            "#d9b77e"
        };
        let _ = writeln!(
            svg,
            r##"<g class="pit {kind}" data-pit="{name}" data-count="{count}" data-kind="{kind}" data-owner="{owner}"><rect x="{}" y="{}" width="{w}" height="{h}" rx="{}" fill="{fill}" stroke="#3b2a1a" stroke-width="2"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="#1a1a1a">{count}</text></g>"##,
            n(x - w / 2.0),
            n(y - h / 2.0),
            n(STEP * 0.3),
            n(y + STEP * 0.14),
            n(STEP * 0.4),
            kind = pit.kind,
            name = escape(&pit.name),
            count = pit.count,
            owner = player_name(pit.owner),
        );
        if pit.kind == "store" {
            let _ = writeln!(
                svg,
                r##"<text class="store-name" x="{}" y="{}" font-size="{}" fill="#3b2a1a">{}</text>"##,
                n(x - w / 2.0 + STEP * 0.15),
                n(y - h / 2.0 + STEP * 0.3),
                n(STEP * 0.22),
                escape(&pit.name)
            );
        }
        if pit.kind == "tuzdyk" {
            let _ = writeln!(
                svg,
                r##"<text class="tuzdyk-sign" x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="#a0201a">X</text>"##,
                n(y - h / 2.0 + STEP * 0.3),
                n(STEP * 0.25)
            );
        }
    }

    fn mark(&self, svg: &mut String, mark: &Mark) {
        let (x, y) = self.px(mark.at);
        let kind = mark.kind.name();
        let shape = match mark.kind {
            MarkKind::Taken => {
                let d = STEP * 0.25;
                format!(
                    r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#d0202a" stroke-width="4"/>"##,
                    n(x - d),
                    n(y - d),
                    n(x + d),
                    n(y + d),
                    n(x - d),
                    n(y + d),
                    n(x + d),
                    n(y - d)
                )
            }
            MarkKind::Path => format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2a7ad0" stroke-width="3" stroke-dasharray="4 3"/>"##,
                n(STEP * 0.3)
            ),
            MarkKind::From => format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2a7ad0" stroke-width="3"/>"##,
                n(STEP * 0.42)
            ),
            MarkKind::To | MarkKind::Placed => format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2a7ad0" stroke-width="5"/>"##,
                n(STEP * 0.4)
            ),
            MarkKind::Sown => format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="#2a7ad0" fill-opacity="0.35"/>"##,
                n(STEP * 0.45)
            ),
        };
        let _ = writeln!(
            svg,
            r#"<g class="mark {kind}" data-point="{}" data-mark="{kind}">{shape}</g>"#,
            escape(&mark.point)
        );
    }

    fn piece(&self, svg: &mut String, piece: &Piece) {
        let (x, y) = self.px(piece.at);
        let colour = piece.colour.name();
        let (fill, ink) = match colour {
            "light" => ("#fbf8f0", "#1a1a1a"),
            "dark" => ("#262626", "#f5f5f5"),
            _ => ("#c0392b", "#ffffff"),
        };
        let owner = piece.owner.map_or("none", player_name);
        let _ = write!(
            svg,
            r##"<g class="piece {colour} {kind}" data-point="{point}" data-owner="{owner}" data-colour="{colour}" data-kind="{kind}"><circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="#111" stroke-width="2"/>"##,
            n(STEP * 0.36),
            kind = piece.kind,
            point = escape(&piece.point),
        );
        if let Some(letter) = piece.letter {
            let _ = write!(
                svg,
                r#"<text x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                n(y + STEP * 0.12),
                n(STEP * 0.34),
                escape(&letter.to_string())
            );
        }
        svg.push_str("</g>\n");
    }

    fn labels(&self, svg: &mut String) {
        for label in &self.diagram.labels {
            let (x, y) = self.px(label.at);
            let (class, size) = if label.small {
                ("point-name", 0.2)
            } else {
                ("coordinate", 0.3)
            };
            let _ = writeln!(
                svg,
                r##"<text class="{class}" x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="#3b2a1a">{}</text>"##,
                n(y + STEP * size / 3.0),
                n(STEP * size),
                escape(&label.text)
            );
        }
    }

    fn status(&self, svg: &mut String) {
        let top = (self.diagram.extent.1 + 1.0) * STEP;
        let lines = self.status_lines();
        let _ = write!(
            svg,
            r##"<text class="status" font-size="{}" fill="#1a1a1a">"##,
            n(STEP * 0.3)
        );
        for (i, line) in lines.iter().enumerate() {
            let _ = write!(
                svg,
                r#"<tspan x="{}" y="{}">{}</tspan>"#,
                n(STEP * 0.3),
                n(top + STEP * STATUS * (1.0 + i as f32)),
                escape(line)
            );
        }
        svg.push_str("</text>\n");
    }
}

/// A length in pixels as SVG text: to a tenth, without float noise (`26.4`, not
/// `26.400002`).
fn n(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

/// Text as XML character data or an attribute value (HTML's too: the viewer's page).
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::board::Board;
    use crate::games::common::diagram::Colour;

    #[test]
    fn pieces_and_points_carry_their_names_for_readers() {
        let board = Board::orthogonal(3, 3);
        let mut diagram = Diagram::of_board(&board, |p| board.name(p).to_string());
        diagram.piece("b2", Some(Player::First), Colour::Light, "king");
        diagram.status = "White <to> move".into();
        let svg = write("test", &diagram);
        assert!(
            svg.contains(r#"data-point="b2" data-owner="first""#),
            "{svg}"
        );
        assert!(svg.contains("White &lt;to&gt; move"));
        assert!(svg.starts_with("<svg xmlns"));
    }

    /// Issue 37: the root of a finished game's picture carries its result, not who
    /// is to move.
    #[test]
    fn a_finished_game_carries_its_result_and_no_side_to_move() {
        use crate::games::{GameResult, Outcome};
        let mut diagram = Diagram::of_board(&Board::orthogonal(3, 3), |_| String::new());
        diagram.to_move = Some(Player::Second);
        diagram.status = "B to move".into();
        diagram.game_over(&Outcome::new(
            GameResult::Draw,
            crate::games::Ending::Repetition,
            "R7",
            "the same position again (R7)",
        ));
        let svg = write("test", &diagram);
        assert!(svg.contains(r#"data-result="1/2-1/2""#), "{svg}");
        assert!(!svg.contains("data-to-move"), "{svg}");
        // The status line may wrap into several `<tspan>`s: read their words.
        let status: Vec<&str> = svg
            .split("<text class=\"status\"")
            .nth(1)
            .unwrap()
            .split('<')
            .filter_map(|part| part.split_once('>').map(|(_, text)| text))
            .flat_map(str::split_whitespace)
            .collect();
        assert_eq!(
            status.join(" "),
            "1/2-1/2: the same position again (R7)",
            "{svg}"
        );
    }
}
