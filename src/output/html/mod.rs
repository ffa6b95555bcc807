//! The HTML viewer (`tgn view`): one self-contained page (inline CSS, script and data;
//! nothing fetched, so it opens from `file://`) listing the games, and for the game
//! chosen its board, its moves with comments, NAGs and variations, and its errors.
//!
//! The page is written as the games come, and nothing of a game is kept once its
//! block is written: memory stays flat however long the games or the archive. It
//! holds no drawing per ply:
//!
//! - the numbers every board is drawn with (`<script id="head">`);
//! - once per distinct board, its [`Backdrop`] (lines, points, labels, drawn by the one
//!   SVG writer) and its places and pits in pixels (`<script class="board">`), written
//!   before the first game on it;
//! - per game, in its own `<script type="application/json" id="game-N">` that the page
//!   parses only when the game is opened: its moves and, per ply, only what changed
//!   since the ply before (the start: what stands) — pieces (place and style), pit
//!   counts and kinds — with the ply's marks and status line;
//! - the list's rows, a few hundred games a block (`<script class="rows">`).
//!
//! What a game draws is bounded ([`GAME_POINTS`], [`PAGE_POINTS`], [`BOARD_BYTES`]):
//! past a bound the game's board stops at the last ply drawn, and the game says so in
//! a notice on the page (and the command on stderr).
//!
//! `view.js` draws a ply's SVG with the element structure, classes and `data-`
//! attributes of [`svg::write`], so that one reader checks both pictures.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;

use serde_json::{Value, json};

use super::Item;
use super::human::plural;
use super::svg::{self, Backdrop};
use crate::games::Player;
use crate::games::common::diagram::{Diagram, MarkKind, Piece};
use crate::record::{Comment, MoveNode};
use crate::replay::{Line, Status};

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("view.css");
const SCRIPT: &str = include_str!("view.js");

/// Most board places one game draws: its plies drawn × its board's points and pits
/// (drawing a ply costs the engine's scene of the whole board). A 26×99 Mig Mang
/// board is drawn for 3,885 plies, a 17×17 one for 34,602, Bagh-chal's 25 points for
/// 400,000.
pub const GAME_POINTS: u64 = 10_000_000;

/// Most board places one page draws, over all its games.
pub const PAGE_POINTS: u64 = 60_000_000;

/// Most bytes of distinct boards one page holds (each is kept to be told from the
/// next; a 26×99 Mig Mang board takes 400 KB, a Toguz Kumalak board 3 KB).
pub const BOARD_BYTES: usize = 32 << 20;

/// The list's rows are written a block at a time: this many rows, or this many bytes.
const ROWS_A_BLOCK: usize = 256;
const ROW_BYTES_A_BLOCK: usize = 64 << 10;

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

/// A viewer page being written to `out`, game by game.
pub struct Viewer<W: Write> {
    out: W,
    /// The page's title, escaped.
    title: String,
    /// Each distinct board written, by its [`geometry`], and its number.
    boards: HashMap<Vec<u8>, usize>,
    board_bytes: usize,
    /// The rows of the games since the last block of rows, as JSON texts.
    rows: Vec<String>,
    row_bytes: usize,
    /// Games added.
    games: usize,
    /// Board places the page may still draw (see [`PAGE_POINTS`]).
    points_left: u64,
}

impl<W: Write> Viewer<W> {
    /// Starts the page titled `title` on `out`: all of it up to the games.
    ///
    /// # Errors
    /// Writing to `out`.
    pub fn new(mut out: W, title: &str) -> io::Result<Viewer<W>> {
        let title = svg::escape(title);
        let (before, _) = template();
        fill(&mut out, before, &title)?;
        let marks: Vec<&str> = MARKS.iter().map(|m| m.name()).collect();
        let over: Vec<&str> = MARKS
            .iter()
            .filter(|m| drawn_over(**m))
            .map(|m| m.name())
            .collect();
        let head = json!({
            "step": svg::PIXELS_PER_STEP,
            "font": svg::FONT_FAMILY,
            "marks": marks,
            "over": over,
        });
        writeln!(
            out,
            "<script type=\"application/json\" id=\"head\">{}</script>",
            script_text(&head)
        )?;
        Ok(Viewer {
            out,
            title,
            boards: HashMap::new(),
            board_bytes: 0,
            rows: Vec::new(),
            row_bytes: 0,
            games: 0,
            points_left: PAGE_POINTS,
        })
    }

    /// Starts the next game, `item`: show it its plies with [`Game::ply`], then end it
    /// with [`Game::finish`].
    pub fn game<'v>(&'v mut self, item: &'v Item) -> Game<'v, W> {
        self.games += 1;
        Game {
            number: self.games,
            viewer: self,
            item,
            plies: None,
            drawn: 0,
            cut: None,
            failed: None,
        }
    }

    /// Ends the page: the last rows, and the rest of the template (the script).
    /// Gives the output back, to be flushed.
    ///
    /// # Errors
    /// Writing to the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.write_rows()?;
        let (_, after) = template();
        fill(&mut self.out, after, &self.title)?;
        Ok(self.out)
    }

    /// Keeps a game's row for the list, writing a block of rows when enough are kept.
    fn row(&mut self, row: &Value) -> io::Result<()> {
        let text = script_text(row);
        self.row_bytes += text.len();
        self.rows.push(text);
        if self.rows.len() >= ROWS_A_BLOCK || self.row_bytes >= ROW_BYTES_A_BLOCK {
            self.write_rows()?;
        }
        Ok(())
    }

    fn write_rows(&mut self) -> io::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        writeln!(
            self.out,
            "<script type=\"application/json\" class=\"rows\">[{}]</script>",
            self.rows.join(",")
        )?;
        self.rows.clear();
        self.row_bytes = 0;
        Ok(())
    }

    /// The number on the page of the board of `game` drawn as `first`: written now if
    /// it is new and the page can still hold it, else `None`. (A board is told from
    /// the others by its geometry, not by the text written: an archive of 20,000
    /// games on one board would otherwise draw its backdrop 20,000 times.)
    fn board(&mut self, game: &str, first: &Diagram) -> io::Result<Option<usize>> {
        let key = geometry(game, first);
        if let Some(&number) = self.boards.get(&key) {
            return Ok(Some(number));
        }
        let board = board(game, first);
        let bytes = board.len() + key.len();
        if self.board_bytes + bytes > BOARD_BYTES {
            return Ok(None);
        }
        let number = self.boards.len();
        writeln!(
            self.out,
            "<script type=\"application/json\" class=\"board\" id=\"board-{number}\">{}</script>",
            board.replace('<', "\\u003c")
        )?;
        self.board_bytes += bytes;
        self.boards.insert(key, number);
        Ok(Some(number))
    }
}

/// The page's template around the games' data: before it and after it.
fn template() -> (&'static str, &'static str) {
    PAGE.split_once("{{data}}").unwrap_or((PAGE, ""))
}

/// Writes `template` with each of its `{{title}}`, `{{style}}` and `{{script}}`
/// replaced, in one pass over the template: what goes in is never read again, so a
/// title holding `{{script}}` (a file named so) stays text.
fn fill(out: &mut impl Write, template: &str, title: &str) -> io::Result<()> {
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let Some(length) = rest[start..].find("}}") else {
            break;
        };
        let slot = &rest[start..start + length + 2];
        let value = match slot {
            "{{title}}" => title,
            "{{style}}" => STYLE,
            "{{script}}" => SCRIPT,
            other => other,
        };
        out.write_all(&rest.as_bytes()[..start])?;
        out.write_all(value.as_bytes())?;
        rest = &rest[start + slot.len()..];
    }
    out.write_all(rest.as_bytes())
}

/// Why a game's board stops before its last ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// The game drew [`GAME_POINTS`].
    Game,
    /// The page drew [`PAGE_POINTS`].
    Page,
    /// Its board is new and the page holds [`BOARD_BYTES`] of boards.
    Boards,
}

/// One game of a page being written (see [`Viewer::game`]).
pub struct Game<'v, W: Write> {
    viewer: &'v mut Viewer<W>,
    item: &'v Item,
    number: usize,
    /// The state of the board, once its first ply is written.
    plies: Option<Plies>,
    /// Plies written.
    drawn: u32,
    cut: Option<Cut>,
    /// What stopped the game's output, to be told by [`Game::finish`].
    failed: Option<io::Error>,
}

impl<W: Write> Game<'_, W> {
    /// Writes the next ply of the main line (the first is the start), drawn by
    /// `draw`, as what changed since the ply before; breaks where a bound stops the
    /// board (the ply is not drawn) or the output failed.
    pub fn ply(&mut self, draw: &dyn Fn() -> Diagram) -> ControlFlow<()> {
        match self.try_ply(draw) {
            Ok(None) => ControlFlow::Continue(()),
            Ok(Some(cut)) => {
                self.cut = Some(cut);
                ControlFlow::Break(())
            }
            Err(e) => {
                self.failed = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    fn try_ply(&mut self, draw: &dyn Fn() -> Diagram) -> io::Result<Option<Cut>> {
        let viewer = &mut *self.viewer;
        let Some(plies) = &mut self.plies else {
            if viewer.points_left == 0 {
                return Ok(Some(Cut::Page));
            }
            let first = draw();
            let game = self.item.replay.game.map_or("", |info| info.id);
            let mut plies =
                Plies::new(&first).map_err(|e| out_of_memory(self.item, self.number, &e))?;
            if plies.cells > viewer.points_left {
                return Ok(Some(Cut::Page));
            }
            let Some(board) = viewer.board(game, &first)? else {
                return Ok(Some(Cut::Boards));
            };
            viewer.points_left -= plies.cells;
            let out = &mut viewer.out;
            write!(
                out,
                "<script type=\"application/json\" id=\"game-{}\">{{\"board\":{board},\"plies\":[",
                self.number
            )?;
            let state = plies
                .state(&first)
                .map_err(|e| out_of_memory(self.item, self.number, &e))?;
            out.write_all(state.as_bytes())?;
            self.plies = Some(plies);
            self.drawn = 1;
            return Ok(None);
        };
        if u64::from(self.drawn + 1) * plies.cells > GAME_POINTS {
            return Ok(Some(Cut::Game));
        }
        if plies.cells > viewer.points_left {
            return Ok(Some(Cut::Page));
        }
        viewer.points_left -= plies.cells;
        let state = plies.state(&draw());
        let state = state.map_err(|e| out_of_memory(self.item, self.number, &e))?;
        viewer.out.write_all(b",")?;
        viewer.out.write_all(state.as_bytes())?;
        self.drawn += 1;
        Ok(None)
    }

    /// Ends the game: its tables, moves, comments and errors, its row in the list.
    /// Gives the notice it shows when its board stops before its last ply.
    ///
    /// # Errors
    /// Writing to the output, or running out of memory for the game's board.
    pub fn finish(self) -> io::Result<Option<String>> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let item = self.item;
        let game = item.replay.game.map(|info| info.id);
        let notice = self
            .cut
            .map(|cut| notice(cut, self.drawn, item.replay.plies));
        let out = &mut self.viewer.out;
        match &self.plies {
            Some(plies) => {
                let extra: Vec<Value> = plies
                    .extra
                    .iter()
                    .map(|(name, (x, y))| json!([name, x, y]))
                    .collect();
                let tables = json!({
                    "extra": extra,
                    "styles": plies.styles,
                    "status": plies.statuses,
                    "kinds": plies.kinds,
                });
                let tables = script_text(&tables);
                // The tables' object, opened into the game's.
                write!(out, "],{},", &tables[1..tables.len() - 1])?;
            }
            None => write!(
                out,
                "<script type=\"application/json\" id=\"game-{}\">{{",
                self.number
            )?,
        }
        let data = json!({
            "moves": moves(&item.record.moves, Some(&item.replay.main)),
            "before": comments(&item.record.comments),
            "after": comments(&item.record.trailing),
            "result": item.record.result.as_ref().map(|r| r.text.clone()),
            "errors": errors(item, self.drawn as usize),
            "notice": notice,
        });
        let data = script_text(&data);
        writeln!(out, "{}</script>", &data[1..])?;
        self.viewer.row(&row(item, game))?;
        Ok(notice)
    }
}

/// The game's board ran out of memory: an error naming the game, never an abort.
fn out_of_memory(item: &Item, number: usize, e: &std::collections::TryReserveError) -> io::Error {
    io::Error::new(
        io::ErrorKind::OutOfMemory,
        format!(
            "{}: game {} (game {number} of the page): no memory for its board: {e}",
            item.file,
            item.index + 1
        ),
    )
}

/// What a game whose board stops at `drawn` plies of `plies` says.
fn notice(cut: Cut, drawn: u32, plies: u32) -> String {
    let shown = match drawn {
        0 => "The board is not drawn".to_string(),
        _ => format!(
            "The board is drawn up to ply {} of {plies}; the moves after it are listed, \
             not drawn",
            drawn - 1
        ),
    };
    let limit = |n: u64| plural(usize::try_from(n).unwrap_or(usize::MAX), "board point");
    let why = match cut {
        Cut::Game => format!(
            "a game draws at most {} (plies × its board's points and pits)",
            limit(GAME_POINTS)
        ),
        Cut::Page => format!(
            "a page draws at most {} (plies × points and pits, over all its games), \
             and the games before this one drew them",
            limit(PAGE_POINTS)
        ),
        Cut::Boards => format!(
            "its board is new, and a page holds at most {} MiB of distinct boards",
            BOARD_BYTES >> 20
        ),
    };
    format!("{shown}: {why} (tgn view limits).")
}

/// The board of `game` drawn as `first`: its backdrop, its places and pits in
/// pixels, as the page's JSON text.
fn board(game: &str, first: &Diagram) -> String {
    let Backdrop {
        width,
        height,
        line,
        status_top,
        under,
        labels,
    } = svg::backdrop(first);
    let places: Vec<Value> = places(first)
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
    json!({
        "game": game, "width": width, "height": height, "line": line,
        "top": status_top, "under": under, "labels": labels,
        "places": places, "pits": pits,
    })
    .to_string()
}

/// What [`board`] writes of `first` and nothing else, as bytes that two boards share
/// exactly when they are drawn alike: the game, the lattice's extent, its lines,
/// points, squares and areas, the pits' places, sizes and owners, the labels.
fn geometry(game: &str, first: &Diagram) -> Vec<u8> {
    let mut key = Vec::new();
    let text = |key: &mut Vec<u8>, text: &str| {
        key.extend_from_slice(&text.len().to_le_bytes());
        key.extend_from_slice(text.as_bytes());
    };
    let at = |key: &mut Vec<u8>, (x, y): (f32, f32)| {
        key.extend_from_slice(&x.to_bits().to_le_bytes());
        key.extend_from_slice(&y.to_bits().to_le_bytes());
    };
    let count = |key: &mut Vec<u8>, n: usize| key.extend_from_slice(&n.to_le_bytes());
    text(&mut key, game);
    at(&mut key, first.extent);
    count(&mut key, first.lines.len());
    for &(from, to) in first.lines.iter() {
        at(&mut key, from);
        at(&mut key, to);
    }
    count(&mut key, first.points.len());
    for (name, place) in &first.points {
        text(&mut key, name);
        at(&mut key, *place);
    }
    count(&mut key, first.squares.len());
    for &square in &first.squares {
        at(&mut key, square);
    }
    count(&mut key, first.areas.len());
    for area in &first.areas {
        count(&mut key, area.len());
        for &corner in area {
            at(&mut key, corner);
        }
    }
    count(&mut key, first.pits.len());
    for pit in &first.pits {
        text(&mut key, &pit.name);
        at(&mut key, pit.at);
        at(&mut key, pit.size);
        key.push(u8::from(pit.owner == Player::First));
    }
    count(&mut key, first.labels.len());
    for label in &first.labels {
        text(&mut key, &label.text);
        at(&mut key, label.at);
        key.push(u8::from(label.small));
    }
    key
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

/// How a piece is drawn: its owner, colour, kind and letter.
type Style = (Option<Player>, &'static str, &'static str, Option<char>);

/// No piece on a place.
const EMPTY: i64 = -1;

/// The board of one game as its plies are written: what stands where after the last
/// ply, and the tables the plies index (styles of pieces, status lines, kinds of
/// pits).
struct Plies {
    /// Points and pits of the board: what drawing a ply costs.
    cells: u64,
    place: HashMap<String, usize>,
    /// Places beyond the board's points and pits, in pixels.
    extra: Vec<(String, (f32, f32))>,
    /// The style of the piece on each place after the last ply ([`EMPTY`]: none).
    pieces: Vec<i64>,
    /// The places with a piece after the last ply: a ply costs its pieces, not the
    /// board's places (a 26×99 board has 2,574 of them, a piece or two on most plies).
    occupied: Vec<usize>,
    /// The ply being read, by place: [`EMPTY`] again once it is read.
    next: Vec<i64>,
    /// Each pit's count and kind after the last ply.
    counts: Vec<u32>,
    pit_kinds: Vec<usize>,
    styles: Vec<Value>,
    style_index: HashMap<Style, usize>,
    statuses: Vec<Vec<String>>,
    status_index: HashMap<String, usize>,
    kinds: Vec<&'static str>,
}

impl Plies {
    /// The board of `first`, nothing on it yet.
    ///
    /// # Errors
    /// No memory for a board of its size.
    fn new(first: &Diagram) -> Result<Plies, std::collections::TryReserveError> {
        let cells = first.points.len() + first.pits.len();
        let mut place = HashMap::new();
        place.try_reserve(cells)?;
        for (i, (name, _)) in places(first).enumerate() {
            place.entry(name).or_insert(i);
        }
        let mut pieces = Vec::new();
        pieces.try_reserve(cells)?;
        pieces.resize(cells, EMPTY);
        let mut next = Vec::new();
        next.try_reserve(cells)?;
        next.resize(cells, EMPTY);
        Ok(Plies {
            cells: cells.max(1) as u64,
            place,
            extra: Vec::new(),
            pieces,
            occupied: Vec::new(),
            next,
            counts: Vec::new(),
            pit_kinds: Vec::new(),
            styles: Vec::new(),
            style_index: HashMap::new(),
            statuses: Vec::new(),
            status_index: HashMap::new(),
            kinds: Vec::new(),
        })
    }

    /// One ply as `[turn, status, pieces, counts, kinds, marks]` — the turn the index
    /// of the player to move, null for no one, or the result once the position has
    /// ended the game (`"1-0"`, as [`svg::write`] writes `data-result`); each of pieces,
    /// counts and kinds only what changed since the ply before (the first ply: what
    /// stands): pieces as `place, style` pairs (style -1: the place emptied), `pit,
    /// count` and `pit, kind` pairs; then the ply's marks as `place, kind` pairs (a
    /// kind by its index in [`MARKS`]).
    ///
    /// # Errors
    /// No memory for a place beyond the board.
    fn state(&mut self, diagram: &Diagram) -> Result<String, std::collections::TryReserveError> {
        let to_move = match diagram.result {
            Some(result) => json!(result.to_string()),
            None => diagram.to_move.map_or(Value::Null, |p| json!(p.index())),
        };
        let status = self.status(diagram);
        let pieces = self.pieces_changed(diagram)?;
        let mut counts = Vec::new();
        let mut kinds = Vec::new();
        for (i, pit) in diagram.pits.iter().enumerate() {
            let kind = self.kind(pit.kind);
            if self.counts.get(i) != Some(&pit.count) {
                counts.extend([i as u32, pit.count]);
            }
            if self.pit_kinds.get(i) != Some(&kind) {
                kinds.extend([i, kind]);
            }
        }
        self.counts.clear();
        self.counts.extend(diagram.pits.iter().map(|p| p.count));
        self.pit_kinds.clear();
        for pit in &diagram.pits {
            let kind = self.kind(pit.kind);
            self.pit_kinds.push(kind);
        }
        let mut marks = Vec::with_capacity(diagram.marks.len() * 2);
        for mark in &diagram.marks {
            marks.push(self.place_of(diagram, &mark.point, mark.at)?);
            marks.push(MARKS.iter().position(|&m| m == mark.kind).unwrap_or(0));
        }
        let mut text = String::new();
        let _ = write!(
            text,
            "[{to_move},{status},{},{},{},{}]",
            list(&pieces),
            list(&counts),
            list(&kinds),
            list(&marks)
        );
        Ok(text)
    }

    /// The pieces of `diagram` that are not where they were after the last ply, as
    /// `place, style` pairs by place (style [`EMPTY`]: the place emptied).
    fn pieces_changed(
        &mut self,
        diagram: &Diagram,
    ) -> Result<Vec<i64>, std::collections::TryReserveError> {
        let mut now = Vec::with_capacity(diagram.pieces.len());
        for piece in &diagram.pieces {
            let style = self.style(piece);
            let at = self.place_of(diagram, &piece.point, piece.at)?;
            // Two pieces on one place: the last is drawn.
            self.next[at] = style as i64;
            now.push(at);
        }
        let mut places = self.occupied.clone();
        places.extend_from_slice(&now);
        places.sort_unstable();
        places.dedup();
        let mut changed = Vec::new();
        for at in places {
            let is = std::mem::replace(&mut self.next[at], EMPTY);
            if self.pieces[at] != is {
                changed.extend([at as i64, is]);
                self.pieces[at] = is;
            }
        }
        now.sort_unstable();
        now.dedup();
        self.occupied = now;
        Ok(changed)
    }

    /// The number of the place `name` (at `at` in `diagram`), added past the board's
    /// if it is none of them.
    fn place_of(
        &mut self,
        diagram: &Diagram,
        name: &str,
        at: (f32, f32),
    ) -> Result<usize, std::collections::TryReserveError> {
        if let Some(&i) = self.place.get(name) {
            return Ok(i);
        }
        let i = self.place.len();
        self.place.try_reserve(1)?;
        self.pieces.try_reserve(1)?;
        self.next.try_reserve(1)?;
        self.place.insert(name.to_string(), i);
        self.extra
            .push((name.to_string(), svg::pixels(diagram, at)));
        self.pieces.push(EMPTY);
        self.next.push(EMPTY);
        Ok(i)
    }

    fn style(&mut self, piece: &Piece) -> usize {
        let style = (piece.owner, piece.colour.name(), piece.kind, piece.letter);
        if let Some(&i) = self.style_index.get(&style) {
            return i;
        }
        let i = self.styles.len();
        self.style_index.insert(style, i);
        self.styles.push(json!([
            piece.owner.map_or("none", svg::player_name),
            piece.colour.name(),
            piece.kind,
            piece.letter.map(String::from),
        ]));
        i
    }

    fn status(&mut self, diagram: &Diagram) -> usize {
        if let Some(&i) = self.status_index.get(&diagram.status) {
            return i;
        }
        let i = self.statuses.len();
        self.status_index.insert(diagram.status.clone(), i);
        self.statuses.push(svg::status_lines(diagram));
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

/// Numbers as a JSON array.
fn list<T: std::fmt::Display>(numbers: &[T]) -> String {
    let mut text = String::from("[");
    for (i, n) in numbers.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        let _ = write!(text, "{n}");
    }
    text.push(']');
    text
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
    use crate::games::common::board::Board;
    use crate::games::common::diagram::{Colour, Label};

    fn scene() -> Diagram {
        let board = Board::orthogonal(3, 3);
        Diagram::of_board(&board, |p| board.name(p).to_string())
    }

    #[test]
    fn a_ply_names_only_the_pieces_that_changed_by_place_and_style() {
        let start = scene();
        let mut after = scene();
        after.piece("b2", Some(Player::First), Colour::Light, "king");
        after.piece("c3", Some(Player::Second), Colour::Dark, "man");
        after.mark(MarkKind::To, "b2");
        after.to_move = Some(Player::Second);
        after.status = "second to move".into();
        let mut plies = Plies::new(&start).unwrap();
        plies.state(&start).unwrap();
        let state = plies.state(&after).unwrap();
        // b2 and c3 are the 5th and 9th points; `to` is the second kind of mark.
        assert_eq!(state, "[1,1,[4,0,8,1],[],[],[4,1]]");
        assert_eq!(plies.styles[0], json!(["first", "light", "king", "K"]));
        assert!(plies.extra.is_empty());
        // The king leaves b2 for a1: two places change, c3 is not written again.
        let mut moved = scene();
        moved.piece("a1", Some(Player::First), Colour::Light, "king");
        moved.piece("c3", Some(Player::Second), Colour::Dark, "man");
        assert_eq!(plies.state(&moved).unwrap(), "[null,0,[0,0,4,-1],[],[],[]]");
    }

    #[test]
    fn games_on_the_same_board_share_it() {
        let mut viewer = Viewer::new(Vec::new(), "t").unwrap();
        let a = viewer.board("test", &scene()).unwrap();
        // Pieces, marks and status are the plies', not the board's.
        let mut played = scene();
        played.piece("b2", Some(Player::First), Colour::Light, "king");
        played.status = "second to move".into();
        let b = viewer.board("test", &played).unwrap();
        assert_eq!((a, b, viewer.boards.len()), (Some(0), Some(0), 1));
        let mut bigger = scene();
        bigger.extent.1 += 1.0;
        assert_eq!(viewer.board("test", &bigger).unwrap(), Some(1));
        assert_eq!(viewer.board("other", &scene()).unwrap(), Some(2));
    }

    #[test]
    fn boards_alike_in_what_is_written_are_alike_in_geometry() {
        // The key stands for the text written: equal keys, equal texts.
        let mut relabelled = scene();
        relabelled.labels.push(Label {
            text: "x".into(),
            at: (0.0, 0.0),
            small: false,
        });
        for other in [relabelled, {
            let mut d = scene();
            d.lines = d.lines[1..].into();
            d
        }] {
            assert_ne!(geometry("t", &scene()), geometry("t", &other));
            assert_ne!(board("t", &scene()), board("t", &other));
        }
        assert_eq!(board("t", &scene()), board("t", &scene()));
    }

    #[test]
    fn issue_33_the_template_is_filled_in_one_pass() {
        let mut page = Vec::new();
        fill(
            &mut page,
            "<h1>{{title}}</h1>{{style}}",
            "{{script}} {{data}}",
        )
        .unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.starts_with("<h1>{{script}} {{data}}</h1>"), "{page}");
        assert!(page.ends_with(STYLE));
        assert_eq!(template().0.matches("{{").count(), 3);
        assert_eq!(template().1.matches("{{").count(), 1);
    }
}
