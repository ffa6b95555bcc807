//! The HTML viewer (`tgn view`): one self-contained page (inline CSS, script and data;
//! nothing fetched, so it opens from `file://`) listing the games, and for the game
//! chosen its board, its moves with comments, NAGs and variations, and its errors.
//!
//! The page holds no drawing per ply, so that an archive of a thousand games stays a
//! few megabytes and opens at once. What it holds:
//!
//! - once per distinct board, its [`Backdrop`] (lines, points, labels, drawn by the one
//!   SVG writer) and its places and pits in pixels (`<script id="boards">`);
//! - a row per game for the list (`<script id="games">`);
//! - per game, in its own `<script type="application/json" id="game-N">` that the page
//!   parses only when the game is opened: its moves and, per ply, only what changes:
//!   pieces (place and style), pit counts, marks and the status line.
//!
//! `view.js` draws a ply's SVG with the element structure, classes and `data-`
//! attributes of [`svg::write`], so that one reader checks both pictures.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::Item;
use super::svg::{self, Backdrop};
use crate::games::common::diagram::{Diagram, MarkKind};
use crate::record::{Comment, MoveNode};
use crate::replay::{Line, Status};

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("view.css");
const SCRIPT: &str = include_str!("view.js");

/// The kinds of mark, in the order a ply's marks name them by index, and which of
/// them are drawn over the pieces (as [`svg::write`] draws them).
const MARKS: [MarkKind; 6] = [
    MarkKind::From,
    MarkKind::To,
    MarkKind::Path,
    MarkKind::Taken,
    MarkKind::Sown,
    MarkKind::Placed,
];

fn drawn_over(kind: MarkKind) -> bool {
    matches!(kind, MarkKind::To | MarkKind::Placed | MarkKind::Taken)
}

/// A viewer page being filled, game by game.
#[derive(Default)]
pub struct Viewer {
    /// Each distinct board as JSON text, and where it stands in `boards`.
    boards: Vec<String>,
    board_index: HashMap<String, usize>,
    /// The list's row of each game.
    rows: Vec<Value>,
    /// The games' data blocks, written.
    blocks: String,
}

impl Viewer {
    pub fn new() -> Viewer {
        Viewer::default()
    }

    /// Adds the game `item`, whose main line drawn at the start and after each ply as
    /// far as it is legal is `diagrams` (empty when it could not be replayed).
    pub fn add(&mut self, item: &Item, diagrams: &[Diagram]) {
        let number = self.rows.len() + 1;
        let game = item.replay.game.map(|info| info.id);
        self.rows.push(row(item, game));
        let mut data = json!({
            "moves": moves(&item.record.moves, Some(&item.replay.main)),
            "before": comments(&item.record.comments),
            "after": comments(&item.record.trailing),
            "result": item.record.result.as_ref().map(|r| r.text.clone()),
            "errors": errors(item, diagrams.len()),
        });
        if let (Some(game), Some(first)) = (game, diagrams.first()) {
            let mut plies = Plies::new(first);
            let states: Vec<Value> = diagrams.iter().map(|d| plies.state(d)).collect();
            data["board"] = json!(self.board(game, first, plies.extra));
            data["styles"] = json!(plies.styles);
            data["status"] = json!(plies.statuses);
            data["kinds"] = json!(plies.kinds);
            data["pitKinds"] = json!(plies.pit_kinds);
            data["plies"] = json!(states);
        }
        self.blocks.push_str(&format!(
            "<script type=\"application/json\" id=\"game-{number}\">{}</script>\n",
            script_text(&data)
        ));
    }

    /// The page: the list, the viewer and every game's data.
    pub fn finish(self, title: &str) -> String {
        let marks: Vec<&str> = MARKS.iter().map(|m| m.name()).collect();
        let over: Vec<&str> = MARKS
            .iter()
            .filter(|m| drawn_over(**m))
            .map(|m| m.name())
            .collect();
        let boards = format!("[{}]", self.boards.join(","));
        let head = json!({
            "step": svg::PIXELS_PER_STEP,
            "font": svg::FONT_FAMILY,
            "marks": marks,
            "over": over,
        });
        let data = format!(
            "<script type=\"application/json\" id=\"boards\">{{\"head\":{},\"boards\":{}}}</script>\n\
             <script type=\"application/json\" id=\"games\">{}</script>\n{}",
            script_text(&head),
            boards.replace('<', "\\u003c"),
            script_text(&Value::Array(self.rows)),
            self.blocks
        );
        PAGE.replace("{{title}}", &svg::escape(title))
            .replace("{{style}}", STYLE)
            .replace("{{script}}", SCRIPT)
            .replace("{{data}}", &data)
    }

    /// The index of the board of `game` drawn as `first`, with the places `extra`
    /// that its pieces or marks stood on beyond its points and pits.
    fn board(&mut self, game: &str, first: &Diagram, extra: Vec<(String, (f32, f32))>) -> usize {
        let Backdrop {
            width,
            height,
            line,
            status_top,
            under,
            labels,
        } = svg::backdrop(first);
        let places: Vec<Value> = places(first)
            .chain(extra)
            .map(|(name, (x, y))| json!([name, x, y]))
            .collect();
        let pits: Vec<Value> = first
            .pits
            .iter()
            .map(|pit| {
                let (x, y) = svg::pixels(first, pit.at);
                let (w, h) = svg::pit_size(pit.size);
                json!([pit.name, x, y, w, h, svg::player_name(pit.owner)])
            })
            .collect();
        let board = json!({
            "game": game, "width": width, "height": height, "line": line,
            "top": status_top, "under": under, "labels": labels,
            "places": places, "pits": pits,
        })
        .to_string();
        let next = self.boards.len();
        let index = *self.board_index.entry(board.clone()).or_insert(next);
        if index == next {
            self.boards.push(board);
        }
        index
    }
}

/// The places of a scene that pieces and marks name: its points, then its pits, in
/// pixels.
fn places(diagram: &Diagram) -> impl Iterator<Item = (String, (f32, f32))> + '_ {
    let points = diagram.points.iter().map(|(name, at)| (name.clone(), *at));
    let pits = diagram.pits.iter().map(|pit| (pit.name.clone(), pit.at));
    points
        .chain(pits)
        .map(|(name, at)| (name, svg::pixels(diagram, at)))
}

/// The per-ply states of one game, and the tables they index (styles of pieces,
/// status lines, kinds of pits).
struct Plies {
    place: HashMap<String, usize>,
    /// Places beyond the board's points and pits, in pixels.
    extra: Vec<(String, (f32, f32))>,
    styles: Vec<Value>,
    style_index: HashMap<String, usize>,
    statuses: Vec<Vec<String>>,
    status_index: HashMap<String, usize>,
    kinds: Vec<&'static str>,
    /// Each pit's kind at the start, by its index in `kinds`.
    pit_kinds: Vec<usize>,
}

impl Plies {
    fn new(first: &Diagram) -> Plies {
        let place = places(first)
            .enumerate()
            .map(|(i, (name, _))| (name, i))
            .collect();
        Plies {
            place,
            extra: Vec::new(),
            styles: Vec::new(),
            style_index: HashMap::new(),
            statuses: Vec::new(),
            status_index: HashMap::new(),
            kinds: Vec::new(),
            pit_kinds: Vec::new(),
        }
    }

    /// One ply as `[to move, status, pieces, counts, kinds, marks]`: pieces as
    /// `place, style` pairs, each pit's count, `pit, kind` pairs for the pits whose
    /// kind is not what it was at the start (a tuzdyk made), marks as `place, kind`
    /// pairs (a kind by its index in [`MARKS`]). The first ply sets the pits' kinds.
    fn state(&mut self, diagram: &Diagram) -> Value {
        let to_move = diagram.to_move.map_or(Value::Null, |p| json!(p.index()));
        let status = self.status(diagram);
        let mut pieces = Vec::with_capacity(diagram.pieces.len() * 2);
        for piece in &diagram.pieces {
            let style = json!([
                piece.owner.map_or("none", svg::player_name),
                piece.colour.name(),
                piece.kind,
                piece.letter.map(String::from),
            ]);
            pieces.push(self.place_of(diagram, &piece.point, piece.at));
            pieces.push(self.style(style));
        }
        let counts: Vec<u32> = diagram.pits.iter().map(|p| p.count).collect();
        let mut kinds = Vec::new();
        for (i, pit) in diagram.pits.iter().enumerate() {
            let kind = self.kind(pit.kind);
            match self.pit_kinds.get(i) {
                Some(&first) if first != kind => kinds.extend([i, kind]),
                Some(_) => {}
                None => self.pit_kinds.push(kind),
            }
        }
        let mut marks = Vec::with_capacity(diagram.marks.len() * 2);
        for mark in &diagram.marks {
            marks.push(self.place_of(diagram, &mark.point, mark.at));
            marks.push(MARKS.iter().position(|&m| m == mark.kind).unwrap_or(0));
        }
        json!([to_move, status, pieces, counts, kinds, marks])
    }

    fn place_of(&mut self, diagram: &Diagram, name: &str, at: (f32, f32)) -> usize {
        if let Some(&i) = self.place.get(name) {
            return i;
        }
        let i = self.place.len();
        self.place.insert(name.to_string(), i);
        self.extra
            .push((name.to_string(), svg::pixels(diagram, at)));
        i
    }

    fn style(&mut self, style: Value) -> usize {
        let key = style.to_string();
        let next = self.styles.len();
        let i = *self.style_index.entry(key).or_insert(next);
        if i == next {
            self.styles.push(style);
        }
        i
    }

    fn status(&mut self, diagram: &Diagram) -> usize {
        let next = self.statuses.len();
        let i = *self
            .status_index
            .entry(diagram.status.clone())
            .or_insert(next);
        if i == next {
            self.statuses.push(svg::status_lines(diagram));
        }
        i
    }

    fn kind(&mut self, kind: &'static str) -> usize {
        self.kinds
            .iter()
            .position(|&k| k == kind)
            .unwrap_or_else(|| {
                self.kinds.push(kind);
                self.kinds.len() - 1
            })
    }
}

/// The game's row in the list: `[White, Black, Event, Date, Result, valid, game,
/// file, number in its file]`.
fn row(item: &Item, game: Option<&str>) -> Value {
    let tag = |name: &str| item.record.tag(name).unwrap_or("");
    json!([
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Date"),
        tag("Result"),
        item.replay.is_valid(),
        game,
        &*item.file,
        item.index + 1,
    ])
}

/// The moves of a line as the list shows them: `{"n": "12." or "12...", "t": text,
/// "g": NAG codes, "c": comments, "v": variations, "p": the ply it ends (main line),
/// "e": true on the move that failed}`. Variations are shown, not stepped through.
fn moves(nodes: &[MoveNode], line: Option<&Line>) -> Vec<Value> {
    nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let mut out = json!({ "t": node.text.as_str() });
            if let Some(number) = &node.number {
                let dots = if number.continuation { "..." } else { "." };
                out["n"] = json!(format!("{}{dots}", number.number));
            }
            if !node.nags.is_empty() {
                out["g"] = json!(node.nags.iter().map(|n| n.code).collect::<Vec<_>>());
            }
            if !node.comments.is_empty() {
                out["c"] = json!(comments(&node.comments));
            }
            if !node.variations.is_empty() {
                let variations: Vec<Value> = node
                    .variations
                    .iter()
                    .map(|v| json!({ "c": comments(&v.comments), "m": moves(&v.moves, None) }))
                    .collect();
                out["v"] = json!(variations);
            }
            match line.and_then(|l| l.nodes.get(i)).map(|n| &n.status) {
                Some(Status::Played(played)) => out["p"] = json!(played.ply),
                Some(Status::Failed(_)) => out["e"] = json!(true),
                _ => {}
            }
            out
        })
        .collect()
}

fn comments(comments: &[Comment]) -> Vec<&str> {
    comments.iter().map(|c| c.text.as_str()).collect()
}

/// The game's errors: `{"m": message, "l": line, "c": column, "p": ply}`, where `p` is
/// the main line's position before the bad move (at most the last of `positions`
/// drawn), or null for an error of no main-line move (shown whatever the ply).
fn errors(item: &Item, positions: usize) -> Vec<Value> {
    let last = positions.saturating_sub(1) as u32;
    item.replay
        .errors
        .iter()
        .map(|e| {
            let ply = e
                .ply
                .filter(|_| !e.in_variation && positions > 0)
                .map(|p| p.saturating_sub(1).min(last));
            json!({ "m": e.message, "l": e.span.line, "c": e.span.column, "p": ply })
        })
        .collect()
}

/// JSON to put inside a `<script>` element: no `<` in it, so no `</script>` or `<!--`
/// can end or change the element (`\u003c` reads back as `<`).
fn script_text(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Player;
    use crate::games::common::board::Board;
    use crate::games::common::diagram::Colour;

    fn scene() -> Diagram {
        let board = Board::orthogonal(3, 3);
        Diagram::of_board(&board, |p| board.name(p).to_string())
    }

    #[test]
    fn a_ply_names_its_pieces_and_marks_by_place_and_style() {
        let start = scene();
        let mut after = scene();
        after.piece("b2", Some(Player::First), Colour::Light, "king");
        after.piece("c3", Some(Player::Second), Colour::Dark, "man");
        after.mark(MarkKind::To, "b2");
        after.to_move = Some(Player::Second);
        after.status = "second to move".into();
        let mut plies = Plies::new(&start);
        plies.state(&start);
        let state = plies.state(&after);
        // b2 and c3 are the 5th and 9th points; `to` is the second kind of mark.
        assert_eq!(state, json!([1, 1, [4, 0, 8, 1], [], [], [4, 1]]));
        assert_eq!(plies.styles[0], json!(["first", "light", "king", "K"]));
        assert!(plies.extra.is_empty());
    }

    #[test]
    fn games_on_the_same_board_share_it() {
        let mut viewer = Viewer::new();
        let a = viewer.board("test", &scene(), Vec::new());
        let b = viewer.board("test", &scene(), Vec::new());
        assert_eq!((a, b, viewer.boards.len()), (0, 0, 1));
        let mut bigger = scene();
        bigger.extent.1 += 1.0;
        assert_eq!(viewer.board("test", &bigger, Vec::new()), 1);
    }
}
