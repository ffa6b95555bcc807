//! Nei Pat Kono (Four-field Kono), after `shared/rules/nei-pat-kono.md`.
//!
//! A 4×4 orthogonal grid, full at the start (§2). A piece steps to an adjacent empty
//! point (R2) or captures by jumping over a piece of its own colour onto an enemy piece
//! right behind it, which leaves the game (R3). One capture a turn (R5), captures are
//! optional (R6) unless `forced-capture` (decision 3). A player down to one piece (R8)
//! or without a move (R9) loses.
//!
//! Black (ranks 1–2) moves first and is PGN's `White` player, unless `first-player`
//! says white (decision 1).
//!
//! # Position string
//!
//! `wwww/wwww/bbbb/bbbb b`: the ranks from 4 down to 1, each from file `a`, `b` a black
//! piece, `w` a white one, a digit for that many empty points; then the side to move,
//! `b` or `w` (or the points listed, `black:c2,c3 white:c4,a1 b`). A side has at most
//! 8 pieces and at least one; the side that has just
//! moved has at least two (with one it would already have lost, R8).

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::games::common::board::PointName;
use crate::games::common::colour::{Colour, ColourPosition};
use crate::games::common::grid::{Grid, Written};
use crate::games::common::{Dir, Point};
use crate::games::{
    PositionError,
    Diagram, GameInfo, GameResult, IllegalKind, MoveError, NotationError, OptionSpec, Ending, Outcome,
    Player, Rules, Setup, Sides, SetupError,
};

/// §1: 4 × 4 points.
const SIDE: u8 = 4;
/// §2: each side starts with 8 pieces.
const PIECES: usize = 8;

/// The rules of Nei Pat Kono as configured for one record.
pub struct NeiPatKono {
    grid: Arc<Grid>,
    /// Decision 3: a capture, when one exists, must be made.
    forced_capture: bool,
    /// Decision 1: the colour that moves first (PGN's `White` player).
    first: Colour,
}

/// A position: each colour's pieces and who is to move.
pub type Position = ColourPosition;

/// A step (R2) or a capture (R3): for a capture, `to` is the captured piece's point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Point,
    pub to: Point,
    pub capture: bool,
}

/// A move to `point`, which a piece holds (`rule`).
fn occupied(point: String, reason: String, rule: &'static str) -> MoveError {
    MoveError::illegal_kind(IllegalKind::Occupied { point }, reason).rule(rule)
}

impl NeiPatKono {
    pub fn new(forced_capture: bool, first: Colour) -> NeiPatKono {
        NeiPatKono {
            grid: Grid::shared(SIDE, SIDE),
            forced_capture,
            first,
        }
    }

    fn name(&self, p: Point) -> PointName {
        self.grid.name(p)
    }

    fn write(&self, mv: &Move) -> String {
        let sep = if mv.capture { 'x' } else { '-' };
        format!("{}{sep}{}", self.name(mv.from), self.name(mv.to))
    }

    /// R2, R3: every step and every capture of the player to move, captures first.
    fn moves(&self, position: &Position) -> (Vec<Move>, Vec<Move>) {
        self.each_move(position).partition(|m| m.capture)
    }

    /// Every step and capture of the side to move, piece by piece, found as they are
    /// asked for (R9 asks only whether there is one, before every move).
    fn each_move<'a>(&'a self, position: &'a Position) -> impl Iterator<Item = Move> + 'a {
        let colour = position.to_move;
        let own = position.men(colour);
        let enemy = position.men(colour.opponent());
        own.iter().flat_map(move |from| {
            Dir::ORTHOGONAL.into_iter().filter_map(move |dir| {
                let next = self.grid.offset(from, dir, 1)?;
                if position.at(next).is_none() {
                    return Some(Move {
                        from,
                        to: next,
                        capture: false,
                    });
                }
                let to = self.grid.offset(from, dir, 2)?;
                (own.contains(next) && enemy.contains(to)).then_some(Move {
                    from,
                    to,
                    capture: true,
                })
            })
        })
    }

    /// R1–R4: the step or capture `token` names, or why there is none (the move named
    /// as it was written, `a1xc3` or `a1-c3`).
    fn find(&self, position: &Position, token: &Written) -> Result<Move, MoveError> {
        let (from, to) = (token.from, token.to);
        let colour = position.to_move;
        let enemy = colour.opponent();
        let (a, b) = (self.name(from), self.name(to));
        let sep = if token.capture { 'x' } else { '-' };
        let holder = |p: Point| position.at(p);
        match holder(from) {
            Some(c) if c == enemy => {
                let reason = format!(
                    "{a} holds a {} piece, and {} is to move",
                    enemy.name(),
                    colour.name()
                );
                let kind = IllegalKind::NotYours {
                    point: a.to_string(),
                };
                return Err(MoveError::illegal_kind(kind, reason).rule("R1"));
            }
            Some(_) => {}
            None => {
                let reason = format!("there is no piece on {a}");
                let kind = IllegalKind::NoPiece {
                    point: a.to_string(),
                };
                return Err(MoveError::illegal_kind(kind, reason).rule("R1"));
            }
        }
        let Some((dir, distance)) = self.grid.line(from, to) else {
            let (f0, r0) = self.grid.coords(from);
            let (f1, r1) = self.grid.coords(to);
            let (reason, rule) = if from == to {
                (format!("{a}{sep}{b} goes nowhere"), "R2")
            } else if f0.abs_diff(f1) == r0.abs_diff(r1) {
                (
                    format!("{a}{sep}{b} is diagonal: pieces move along files and ranks only"),
                    "R4",
                )
            } else {
                (
                    format!("{a}{sep}{b} is not along a file or a rank"),
                    "R2, R3, R4",
                )
            };
            return Err(MoveError::illegal(reason).rule(rule));
        };
        match distance {
            1 => match holder(to) {
                None => Ok(Move {
                    from,
                    to,
                    capture: false,
                }),
                Some(c) if c == colour => Err(occupied(
                    b.to_string(),
                    format!(
                        "{b} holds a {} piece: a step goes to an empty point",
                        c.name()
                    ),
                    "R2",
                )),
                Some(c) => Err(occupied(
                    b.to_string(),
                    format!(
                        "{b} holds a {} piece: a step goes to an empty point, and a capture \
                         jumps over a piece of one's own colour onto the enemy behind it",
                        c.name()
                    ),
                    "R2, R3",
                )),
            },
            2 => {
                let over = self.grid.offset(from, dir, 1).unwrap_or(to);
                let o = self.name(over);
                match (holder(over), holder(to)) {
                    (None, _) => Err(MoveError::illegal(format!(
                        "{a}{sep}{b} passes over the empty point {o}: a capture jumps over a piece \
                         of one's own colour"
                    ))
                    .rule("R3, R4")),
                    (Some(c), _) if c == enemy => Err(MoveError::illegal(format!(
                        "{a}{sep}{b} jumps over the {} piece on {o}: a capture passes over a piece \
                         of one's own colour, never an enemy's",
                        c.name()
                    ))
                    .rule("R4")),
                    (_, None) => Err(MoveError::illegal(format!(
                        "{a}{sep}{b} lands on the empty point {b}: a capture lands on an enemy \
                         piece"
                    ))
                    .rule("R3, R4")),
                    (_, Some(c)) if c == colour => Err(occupied(
                        b.to_string(),
                        format!(
                            "{b} holds a {} piece: a capture lands on an enemy piece",
                            c.name()
                        ),
                        "R3, R4",
                    )),
                    _ => Ok(Move {
                        from,
                        to,
                        capture: true,
                    }),
                }
            }
            _ => Err(MoveError::illegal(format!(
                "{a}{sep}{b} goes {distance} points: a step goes one point, a capture two"
            ))
            .rule("R4")),
        }
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const FORCED_CAPTURE: OptionSpec = OptionSpec::switch(
    "forced-capture",
    "a capture, when one exists, must be made (decision 3)",
);
const FIRST_PLAYER: OptionSpec = OptionSpec::choice(
    "first-player",
    &["black", "white"],
    "black",
    "the colour that moves first (decision 1; default black, on ranks 1-2)",
);

impl Rules for NeiPatKono {
    type Position = Position;
    type Token = Written;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "nei-pat-kono",
        name: "Nei Pat Kono",
        aliases: &["four-field-kono", "neipatkono", "kono-de-4"],
        sides: Sides::new("Black", "White"),
        moves: &["b2-b3", "a1xa3"],
        position: "wwww/wwww/bbbb/bbbb b",
    }];

    const OPTIONS: &'static [OptionSpec] = &[FORCED_CAPTURE, FIRST_PLAYER];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let first = match setup.choice(&FIRST_PLAYER)? {
            "white" => Colour::White,
            _ => Colour::Black,
        };
        Ok(NeiPatKono::new(setup.switch(&FORCED_CAPTURE)?, first))
    }

    /// §2: Black on ranks 1–2, White on ranks 3–4.
    fn start_position(&self) -> Position {
        let mut men = [self.grid.empty(), self.grid.empty()];
        for p in self.grid.board().points() {
            let colour = if self.grid.coords(p).1 <= 2 {
                Colour::Black
            } else {
                Colour::White
            };
            men[colour.index()].insert(p);
        }
        Position {
            men,
            to_move: self.first,
        }
    }

    /// See the module doc for the format.
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        position.write(&self.grid)
    }

    /// The board, rank 4 at the top: `b` Black, `w` White, `.` empty; then who is to
    /// move and the counts.
    /// The 4×4 grid with the last move from and to.
    fn diagram(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let mut diagram = position.diagram(&self.grid, |c| c.player(self.first));
        if let Some(mv) = last {
            let name = |p: Point| self.grid.name(p).to_string();
            diagram.mark_move(&[name(mv.from), name(mv.to)], &[]);
        }
        diagram
    }

    fn draw(&self, position: &Position) -> String {
        position.draw(&self.grid)
    }

    /// The position as JSON: `to_move` (`"first"`/`"second"`), `first` and `second`
    /// (each player's points, rank by rank from `a1`; Black's are the first player's
    /// unless `first-player` says white).
    fn state(&self, position: &Position) -> serde_json::Value {
        serde_json::Value::Object(position.state(&self.grid, |c| c.player(self.first)))
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move.player(self.first)
    }

    /// Black and White, or White and Black when `first-player` says white (decision 1).
    fn sides(&self, game: &GameInfo) -> Sides {
        match self.first {
            Colour::Black => game.sides,
            Colour::White => game.sides.swapped(),
        }
    }

    /// Fitted on 40 self-played games: a piece is a 75% expected score (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 1.1;

    const SCORE_UNIT: &'static str = "pieces: the mover's less the opponent's";

    /// Pieces: the mover's less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        position.material(position.to_move)
    }

    fn position_key(&self, position: &Position) -> u64 {
        crate::games::hash_key(&(position.men, position.to_move))
    }

    /// R8: a player left with one piece has lost; R9 is for the move to tell.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        position.count(position.to_move) <= 1
    }

    /// R8: a player left with one piece has lost; R9: so has one who cannot move.
    fn outcome(&self, position: &Position) -> Option<Outcome> {
        let colour = position.to_move;
        let (ending, rule, why) = if self.over_but_for_moves(position) {
            (
                Ending::FewPieces,
                "R8",
                format!("{} has only one piece left (R8)", colour.name()),
            )
        } else {
            if self.each_move(position).next().is_some() {
                return None;
            }
            (
                Ending::NoMoves,
                "R9",
                format!("{} cannot move: no step and no capture (R9)", colour.name()),
            )
        };
        Some(Outcome::new(
            GameResult::win_for(colour.opponent().player(self.first)),
            ending,
            rule,
            why,
        ))
    }

    /// R2, R3, R6: every capture and every step; with `forced-capture`, only the
    /// captures when there are any.
    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        let (mut captures, steps) = self.moves(position);
        if !self.forced_capture || captures.is_empty() {
            captures.extend(steps);
        }
        captures
    }

    /// `b2-b3` (a step), `a1xa3` (a capture, to the captured piece's point).
    fn parse_token(&self, text: &str) -> Result<Written, NotationError> {
        let written = self.grid.parse_move(text)?;
        if written.trailing_x {
            return Err(NotationError::expected(
                "a step b2-b3 or a capture a1xa3, with no mark after the second point",
            ));
        }
        Ok(written)
    }

    /// The move the points name (R1–R4); then its mark: a capture written with `-` or a
    /// step with `x` is a wrong mark; with `forced-capture`, a step while a capture
    /// exists is illegal.
    fn resolve(&self, position: &Position, token: &Written) -> Result<Move, MoveError> {
        let mv = self.find(position, token)?;
        if mv.capture != token.capture {
            let (a, b) = (self.name(mv.from), self.name(mv.to));
            return Err(MoveError::wrong_mark(if mv.capture {
                format!("{a}-{b} is a capture: write it {}", self.write(&mv))
            } else {
                format!(
                    "{a}x{b} is a step, not a capture: write it {}",
                    self.write(&mv)
                )
            }));
        }
        if self.forced_capture && !mv.capture {
            let captures: Vec<Move> = self.each_move(position).filter(|m| m.capture).collect();
            if !captures.is_empty() {
                let list: Vec<String> = captures.iter().map(|m| self.write(m)).collect();
                let reason = format!(
                    "with forced-capture, a capture must be made when one exists: {}",
                    list.join(", ")
                );
                return Err(
                    MoveError::illegal_kind(IllegalKind::CaptureCompulsory, reason)
                        .rule("decision 3"),
                );
            }
        }
        Ok(mv)
    }

    /// R2, R3, R5: the piece moves; a captured piece leaves the game; the turn ends.
    fn play(&self, position: &mut Position, mv: &Move) {
        let colour = position.to_move;
        if mv.capture {
            position.men[colour.opponent().index()].remove(mv.to);
        }
        let own = &mut position.men[colour.index()];
        own.remove(mv.from);
        own.insert(mv.to);
        position.to_move = colour.opponent();
    }

    const MARKS: &'static str = "capture signs (`x`)";

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        self.write(mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let colour = before.to_move;
        let mut text = format!("{} {}", colour.name(), self.write(mv));
        if mv.capture {
            let over = self
                .grid
                .line(mv.from, mv.to)
                .and_then(|(dir, _)| self.grid.offset(mv.from, dir, 1));
            text += &format!(
                " jumps over {} and takes the {} piece on {} (R3)",
                over.map_or_else(String::new, |p| self.name(p).to_string()),
                colour.opponent().name(),
                self.name(mv.to)
            );
        }
        text += &format!("; {}", after.counts());
        if let Some(outcome) = self.outcome(after) {
            text += &format!("; game over: {} ({})", outcome.result, outcome.reason);
        }
        text
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl NeiPatKono {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        let position = Position::read(&self.grid, text)?;
        for colour in Colour::BOTH {
            let n = position.count(colour);
            if n > PIECES {
                return Err(PositionError::syntax(format!(
                    "field 1 (the board): {} has {n} pieces, but a side starts with {PIECES} (§2)",
                    colour.name()
                )));
            }
            if n == 0 {
                return Err(PositionError::impossible(format!(
                    "field 1 (the board): {} has no piece, but the game ends when a side is \
                     down to one (R8)",
                    colour.name()
                )));
            }
        }
        let last = position.to_move.opponent();
        if position.count(last) == 1 {
            return Err(PositionError::syntax(format!(
                "field 1 (the board): {} has one piece, yet {} is to move: {} lost when it \
                 was reduced to one (R8)",
                last.name(),
                position.to_move.name(),
                last.name()
            )));
        }
        Ok(position)
    }
}
