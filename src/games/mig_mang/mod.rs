//! Mig Mang (Ming Mang, Gundru), after `shared/rules/mig-mang.md`.
//!
//! Pieces slide like rooks (R2) on an orthogonal grid of any size (§1, option `board`,
//! default 17×17) and capture by custody: the piece that has just arrived closes runs of
//! enemy pieces against pieces of its own colour, in up to three directions at once,
//! judged on the position right after it arrives (R3, R5). Captured pieces are not
//! removed but change colour (R4), and nothing else happens (R6): no chain reaction,
//! no capture of a piece that walks into a sandwich (R7), none against the edge (R8). A
//! player with no piece or no move loses (R9). With `lone-jump`, a player down to one
//! piece may also capture by jumping (decision 3).
//!
//! Black moves first and is PGN's `White` player; White is `Black`.
//!
//! The board is kept as one [`GridSet`] per colour — a bit mask per rank — so that
//! the "can the player move at all" test of every ply is one shift per rank, and slides
//! and custodial runs along a rank are single bit scans.

mod position;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::games::common::board::PointName;
use crate::games::common::colour::{Colour, ColourPosition};
use crate::games::common::grid::{Grid, GridSet, Written};
use crate::games::common::{Dir, Point};
use crate::games::{
    Diagram, GameInfo, GameResult, IllegalKind, MoveError, NotationError, OptionSpec, Ending, Outcome,
    Player, Rules, Setup, Sides, SetupError,
};

/// The default board (§1): the Tibetan 17×17 lines.
const DEFAULT_SIZE: (u8, u8) = (17, 17);

/// The four directions R3 examines from the arrival point, in the order of
/// [`Move::runs`].
const DIRS: [Dir; 4] = Dir::ORTHOGONAL;

/// The rules of Mig Mang as configured for one record.
pub struct MigMang {
    grid: Arc<Grid>,
    /// Decision 3: a player with a single piece may capture by jumping.
    lone_jump: bool,
}

/// A Mig Mang position: each colour's pieces and who is to move.
pub type Position = ColourPosition;

/// A move: a slide (R2) or a lone piece's jump (decision 3), with what it converts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Point,
    pub to: Point,
    /// The enemy piece a lone piece jumps over (decision 3).
    pub jumped: Option<Point>,
    /// R3: how many enemy pieces are taken from `to` towards N, E, S and W.
    pub runs: [u8; 4],
}

impl Move {
    /// Whether the move converts anything.
    pub fn captures(&self) -> bool {
        self.jumped.is_some() || self.runs.iter().any(|&k| k > 0)
    }
}

/// `17x17`, `9X9`, `17×18` (files × ranks), each side within the grid's limits and at
/// least 3 (§1).
fn parse_size(text: &str) -> Result<(u8, u8), SetupError> {
    let bad = || {
        SetupError::option(
            BOARD.name,
            format!("expected the board as WxH, like 17x17, found \"{text}\""),
        )
    };
    let (w, h) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if w < 3 || h < 3 {
        return Err(SetupError::option(
            BOARD.name,
            format!("{w}x{h}: a board has at least 3 files and 3 ranks (§1)"),
        ));
    }
    Grid::check_size(w, h)
        .map_err(|e| SetupError::option(BOARD.name, format!("{w}x{h}: {}", e.message)))?;
    Ok((w as u8, h as u8))
}

impl MigMang {
    /// The rules on a `files × ranks` board.
    ///
    /// # Panics
    /// On a size [`Grid::new`] refuses (sizes read from records go through
    /// [`Rules::configure`], which checks them).
    pub fn new(files: u8, ranks: u8, lone_jump: bool) -> MigMang {
        MigMang {
            grid: Grid::shared(files, ranks),
            lone_jump,
        }
    }

    fn player(colour: Colour) -> Player {
        colour.player(Colour::Black)
    }

    fn name(&self, p: Point) -> PointName {
        self.grid.name(p)
    }

    fn empty(&self, position: &Position) -> GridSet {
        position.men[0].neither(&position.men[1])
    }

    /// R3, R5, R8: the runs the piece of `colour` arriving on `to` from `from` takes,
    /// judged on the position right after its arrival. A run counts when it is all
    /// enemy pieces, without a gap, and ends on a piece of the mover's colour; a run
    /// that reaches the edge ends on no piece. The point it left is empty now.
    fn custody(&self, position: &Position, colour: Colour, from: Point, to: Point) -> [u8; 4] {
        let own = position.men(colour);
        let enemy = position.men(colour.opponent());
        let mut runs = [0; 4];
        for (run, dir) in runs.iter_mut().zip(DIRS) {
            let k = enemy.run(to, dir);
            let closed = k > 0
                && self
                    .grid
                    .offset(to, dir, k + 1)
                    .is_some_and(|q| q != from && own.contains(q));
            if closed {
                *run = k;
            }
        }
        runs
    }

    fn slide(&self, position: &Position, from: Point, to: Point) -> Move {
        Move {
            from,
            to,
            jumped: None,
            runs: self.custody(position, position.to_move, from, to),
        }
    }

    /// Decision 3: with `lone-jump`, the jumps of a player's only piece over an
    /// adjacent enemy piece onto the empty point right behind it.
    fn lone_jumps(&self, position: &Position, empty: &GridSet) -> Vec<Move> {
        let own = position.men(position.to_move);
        let enemy = position.men(position.to_move.opponent());
        if !self.lone_jump || own.len() != 1 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for from in own.iter() {
            for dir in DIRS {
                let (Some(over), Some(to)) = (
                    self.grid.offset(from, dir, 1),
                    self.grid.offset(from, dir, 2),
                ) else {
                    continue;
                };
                if enemy.contains(over) && empty.contains(to) {
                    moves.push(Move {
                        jumped: Some(over),
                        ..self.slide(position, from, to)
                    });
                }
            }
        }
        moves
    }

    /// R9: whether the player to move has a move — a piece next to an empty point, or a
    /// lone piece's jump. One pass of shifts over the ranks.
    fn can_move(&self, position: &Position) -> bool {
        let colour = position.to_move;
        position
            .men(colour)
            .borders_neither(position.men(colour.opponent()))
            || !self.lone_jumps(position, &self.empty(position)).is_empty()
    }

    /// The points a move converts (R4), run by run.
    pub fn converted(&self, mv: &Move) -> Vec<Vec<Point>> {
        let mut groups: Vec<Vec<Point>> = mv.jumped.map(|p| vec![p]).into_iter().collect();
        for (dir, &k) in DIRS.iter().zip(&mv.runs) {
            if k > 0 {
                groups.push(
                    (1..=k)
                        .filter_map(|i| self.grid.offset(mv.to, *dir, i))
                        .collect(),
                );
            }
        }
        groups
    }

    /// R1, R2 and decision 3: the move from `from` to `to`, or why there is none.
    fn find(&self, position: &Position, from: Point, to: Point) -> Result<Move, MoveError> {
        let colour = position.to_move;
        let (a, b) = (self.name(from), self.name(to));
        if position.men(colour.opponent()).contains(from) {
            let reason = format!(
                "{a} holds a {} piece, and {} is to move",
                colour.opponent().name(),
                colour.name()
            );
            let point = a.to_string();
            return Err(
                MoveError::illegal_kind(IllegalKind::NotYours { point }, reason).rule("R1"),
            );
        }
        if !position.men(colour).contains(from) {
            let point = a.to_string();
            let reason = format!("there is no piece on {point}");
            return Err(MoveError::illegal_kind(IllegalKind::NoPiece { point }, reason).rule("R1"));
        }
        let Some((dir, distance)) = self.grid.line(from, to) else {
            return Err(MoveError::illegal(if from == to {
                format!("{a}-{b} goes nowhere: a piece moves at least one point")
            } else {
                format!(
                    "{a}-{b} is not along a file or a rank: pieces move orthogonally, \
                     never diagonally"
                )
            })
            .rule("R2"));
        };
        let empty = self.empty(position);
        if !empty.contains(to) {
            let point = b.to_string();
            let reason = format!("{point} is occupied: a piece stops on an empty point");
            return Err(
                MoveError::illegal_kind(IllegalKind::Occupied { point }, reason).rule("R2"),
            );
        }
        let free = empty.run(from, dir);
        if free >= distance {
            return Ok(self.slide(position, from, to));
        }
        let blocker = self.grid.offset(from, dir, free + 1).unwrap_or(to);
        if let Some(jump) = self
            .lone_jumps(position, &empty)
            .into_iter()
            .find(|m| m.from == from && m.to == to)
        {
            return Ok(jump);
        }
        let mut why = format!(
            "{} stands between {a} and {b}: a piece slides through empty points only and \
             never jumps",
            self.name(blocker)
        );
        let mut rule = "R2";
        if self.lone_jump {
            why += "; with lone-jump, only a lone piece may jump, over one adjacent enemy piece";
            rule = "R2, decision 3";
        }
        Err(MoveError::illegal(why).rule(rule))
    }

    fn describe_move(&self, before: &Position, mv: &Move) -> String {
        let colour = before.to_move;
        let mut text = format!("{} {}", colour.name(), self.write(mv));
        if let Some(over) = mv.jumped {
            text += &format!(" jumps over {} (lone-jump)", self.name(over));
        }
        let groups = self.converted(mv);
        let total: usize = groups.iter().map(Vec::len).sum();
        if total > 0 {
            let lists: Vec<String> = groups
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|&p| self.name(p).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            text += &format!(
                " and converts {} to {} ({total} piece{}, R4)",
                lists.join(", "),
                colour.name(),
                if total == 1 { "" } else { "s" },
            );
        }
        text
    }

    fn write(&self, mv: &Move) -> String {
        let x = if mv.captures() { "x" } else { "" };
        format!("{}-{}{x}", self.name(mv.from), self.name(mv.to))
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const BOARD: OptionSpec = OptionSpec::text(
    "board",
    "WxH",
    "9x9",
    "the board: W files by H ranks of lines, 3-26 by 3-99 (§1; default 17x17, else \
     the size of the [FEN] position)",
);
const LONE_JUMP: OptionSpec = OptionSpec::switch(
    "lone-jump",
    "a player down to one piece may also capture by jumping an adjacent enemy piece, which \
     changes colour (decision 3)",
);

impl Rules for MigMang {
    type Position = Position;
    type Token = Written;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "mig-mang",
        name: "Mig Mang",
        aliases: &["ming-mang", "migmang", "gundru"],
        sides: Sides::new("Black", "White"),
        moves: &["h4-h9", "h4-h9x"],
        position: "b16/…/w15b/… b (any W×H)",
    }];

    const OPTIONS: &'static [OptionSpec] = &[BOARD, LONE_JUMP];

    /// `[Board "WxH"]`; without it, the size the `[FEN]` position draws; else 17×17.
    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let (files, ranks) = match setup.text(&BOARD) {
            Some(text) => parse_size(text)?,
            None => setup
                .tag("FEN")
                .filter(|_| setup.tag("SetUp") != Some("0"))
                .and_then(position::size_of)
                .unwrap_or(DEFAULT_SIZE),
        };
        Ok(MigMang::new(files, ranks, setup.switch(&LONE_JUMP)?))
    }

    /// §2: the whole perimeter filled; Black on the top rank and the right file but its
    /// bottom corner, White on the bottom rank and the left file but its top corner.
    fn start_position(&self) -> Position {
        let (w, h) = (self.grid.files(), self.grid.ranks());
        let mut men = [self.grid.empty(), self.grid.empty()];
        for p in self.grid.board().points() {
            let (file, rank) = self.grid.coords(p);
            if rank == h || (file == w && rank > 1) {
                men[Colour::Black.index()].insert(p);
            } else if rank == 1 || file == 1 {
                men[Colour::White.index()].insert(p);
            }
        }
        Position {
            men,
            to_move: Colour::Black,
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        position.write(&self.grid)
    }

    /// The board from White's side (rank 1 at the bottom), `b` Black, `w` White, `.`
    /// empty; then who is to move and the counts.
    /// The grid of any size; the last move from and to, with the pieces it converts
    /// (R3) or the piece a lone piece jumped (decision 3) marked as taken.
    fn diagram(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let mut diagram = position.diagram(&self.grid, MigMang::player);
        if let Some(mv) = last {
            let name = |p: Point| self.name(p).to_string();
            let mut taken: Vec<String> = mv.jumped.iter().map(|&p| name(p)).collect();
            for (&dir, &run) in DIRS.iter().zip(&mv.runs) {
                taken.extend(
                    (1..=run)
                        .filter_map(|k| self.grid.offset(mv.to, dir, k))
                        .map(name),
                );
            }
            diagram.mark_move(&[name(mv.from), name(mv.to)], &taken);
        }
        diagram
    }

    fn draw(&self, position: &Position) -> String {
        position.draw(&self.grid)
    }

    /// The position as JSON: `board` (`"17x17"`), `to_move` (`"first"`/`"second"`),
    /// `first` (Black's points) and `second` (White's), rank by rank from `a1`.
    fn state(&self, position: &Position) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        map.insert("board".into(), self.grid.size().into());
        map.extend(position.state(&self.grid, MigMang::player));
        serde_json::Value::Object(map)
    }

    fn to_move(&self, position: &Position) -> Player {
        MigMang::player(position.to_move)
    }

    /// Not fitted: 34 of 40 self-played games were drawn, too few decided
    /// for a curve (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 1.0;

    const SCORE_UNIT: &'static str = "pieces: the mover's less the opponent's";

    /// Pieces: the mover's less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        position.material(position.to_move)
    }

    fn position_key(&self, position: &Position) -> u64 {
        crate::games::hash_key(&(position.men, position.to_move))
    }

    /// R9 only ends the game for want of a move (no piece: no move either).
    fn over_but_for_moves(&self, _position: &Position) -> bool {
        false
    }

    /// R9: the player to move who has no piece, or no move, loses. No draw (R10).
    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if self.can_move(position) {
            return None;
        }
        let colour = position.to_move;
        let (ending, why) = if position.count(colour) == 0 {
            (
                Ending::NoPieces,
                format!("{} has no pieces left (R9)", colour.name()),
            )
        } else {
            (
                Ending::NoMoves,
                format!("{} cannot move: every piece is blocked (R9)", colour.name()),
            )
        };
        Some(Outcome::new(
            GameResult::win_for(MigMang::player(colour.opponent())),
            ending,
            "R9",
            why,
        ))
    }

    /// R2: every slide of every piece of the player to move (R1), each with what it
    /// converts; with `lone-jump`, a lone piece's jumps.
    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        let empty = self.empty(position);
        let mut moves = Vec::new();
        for from in position.men(position.to_move).iter() {
            for dir in DIRS {
                for k in 1..=empty.run(from, dir) {
                    if let Some(to) = self.grid.offset(from, dir, k) {
                        moves.push(self.slide(position, from, to));
                    }
                }
            }
        }
        moves.extend(self.lone_jumps(position, &empty));
        moves
    }

    /// `h4-h9`, with an optional capture mark: `h4-h9x` (or `h4xh9`).
    fn parse_token(&self, text: &str) -> Result<Written, NotationError> {
        self.grid.parse_move(text)
    }

    /// The move, checked against R1, R2 and decision 3; a capture mark must be earned
    /// (R3), a capture without one is fine.
    fn resolve(&self, position: &Position, token: &Written) -> Result<Move, MoveError> {
        let mv = self.find(position, token.from, token.to)?;
        if (token.capture || token.trailing_x) && !mv.captures() {
            return Err(MoveError::wrong_mark(format!(
                "{}-{} is marked as a capture, but it converts nothing: write it {}",
                self.name(token.from),
                self.name(token.to),
                self.write(&mv)
            ))
            .rule("R3"));
        }
        Ok(mv)
    }

    /// R2, R4, R6: the piece moves; the runs it closed (and a jumped piece) change colour
    /// all at once; nothing else happens.
    fn play(&self, position: &mut Position, mv: &Move) {
        let colour = position.to_move;
        let (c, e) = (colour.index(), colour.opponent().index());
        position.men[c].remove(mv.from);
        position.men[c].insert(mv.to);
        // Allocates only for a capture: a quiet move has no groups.
        for p in self.converted(mv).into_iter().flatten() {
            position.men[c].insert(p);
            position.men[e].remove(p);
        }
        position.to_move = colour.opponent();
    }

    const MARKS: &'static str = "capture signs (`x`)";

    /// `h4-h9`, and `h4-h9x` for a move that converts.
    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        self.write(mv)
    }

    /// The move and every point it converts, run by run; the counts; how the game ended.
    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let mut text = self.describe_move(before, mv);
        text += &format!("; {}", after.counts());
        if let Some(outcome) = self.outcome(after) {
            text += &format!("; game over: {} ({})", outcome.result, outcome.reason);
        }
        text
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl MigMang {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        self.read_position(text)
    }
}
