//! The mill games: Morabaraba and Nine Men's Morris, one engine with two
//! configurations (rules: `morabaraba.md`, seed 003).
//!
//! Both games place pieces on the 24 points of three concentric squares, move them
//! along the lines, fly at three pieces, and remove an opponent piece for every mill
//! made. What differs is configuration, not code: [`Config`] holds the board (with or
//! without the corner diagonals), the number of pieces (12 or 9) and the rule options.
//!
//! - [`geometry`]: the board, its neighbours and mills, and the numeric point table.
//! - [`position`]: the position, its position string, drawing and JSON state.
//! - [`notation`]: move tokens (`d2`, `d1-d2xe4`, `xd7`, `12-13x5`).
//! - [`rules`]: R1–R12, one rule in one place.
//!
//! A turn that forms a mill may be written as one token (`d1-d2xe4`) or as two (`d1-d2`
//! then `xe4`, as Sanmill writes it). Between the two the position remembers that a
//! removal is owed (the position's `pending` point); any other token is then "no removal after
//! the mill …", and a record that stops there is unfinished.

pub mod geometry;
pub mod notation;
pub mod position;
pub mod rules;
mod sanmill;

#[cfg(test)]
mod tests;

use super::{GameInfo, MoveError, NotationError, OptionSpec, Outcome, Player};
use super::{Rules, Setup, SetupError};
use geometry::MillBoard;
pub use notation::Token;
pub use position::Position;
pub use rules::{Action, End, Move};

/// The id of Morabaraba.
pub const MORABARABA: &str = "morabaraba";
/// The id of Nine Men's Morris.
pub const NINE_MENS_MORRIS: &str = "nine-mens-morris";

/// Scope of the no-immediate-return rule R8 (option `no-return`, §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoReturn {
    /// The seed's rule: a piece may never go straight back (Morabaraba's default).
    All,
    /// MSSA's narrower rule: only a return that re-forms a mill, after a move that
    /// broke it to form another, is forbidden.
    Mill,
    /// No restriction (Nine Men's Morris' default).
    Off,
}

/// How moves are written out (option `notation`). Both are always read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `d2`, `d1-d2xe4`.
    Algebraic,
    /// Points 1–24 of [`geometry::NUMERIC`]: `20`, `23-20x13`.
    Numeric,
}

/// One record's configuration of the mill engine.
#[derive(Clone, Debug)]
pub struct Config {
    pub board: &'static MillBoard,
    /// Pieces of each player (12 or 9).
    pub pieces: u8,
    pub no_return: NoReturn,
    /// §4.6: the optional ten-move draw.
    pub ten_move_draw: bool,
    pub notation: Notation,
}

/// The mill engine (see the module doc).
pub struct Mill {
    config: Config,
}

impl Mill {
    /// The engine for one configuration (what [`Rules::configure`] builds from a
    /// record's options).
    pub fn new(config: Config) -> Mill {
        Mill { config }
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const NO_RETURN: OptionSpec = OptionSpec::choice(
    "no-return",
    &["all", "mill", "off"],
    "off",
    "R8: all (Morabaraba's default), mill (MSSA: no return into a mill right after a move \
     that made one), off (Nine Men's Morris' default)",
);
const TEN_MOVE_DRAW: OptionSpec = OptionSpec::switch(
    "ten-move-draw",
    "draw after ten moves each without a removal while a player has three pieces (§4.6)",
);
const NOTATION: OptionSpec = OptionSpec::choice(
    "notation",
    &["algebraic", "numeric"],
    "algebraic",
    "how moves are written: d1-d2xe4 or 23-20x13 (both are always read)",
);

impl Rules for Mill {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[
        GameInfo {
            id: MORABARABA,
            name: "Morabaraba",
            aliases: &["mlabalaba", "umlabalaba", "muravava"],
            first: "W",
            moves: &["d2", "d1-d2xe4", "xe4", "20"],
            position: "W=a1,g1 B=a7 hand=0,0 turn=W",
        },
        GameInfo {
            id: NINE_MENS_MORRIS,
            name: "Nine Men's Morris",
            aliases: &[
                "nmm",
                "ninemensmorris",
                "nine-men-morris",
                "mill",
                "muhle",
                "muehle",
                "mühle",
                "merels",
                "merrills",
            ],
            first: "W",
            moves: &["d2", "d1-d2xe4", "xe4", "20"],
            position: "W=a1,g1 B=a7 hand=0,0 turn=W",
        },
    ];

    const OPTIONS: &'static [OptionSpec] = &[NO_RETURN, TEN_MOVE_DRAW, NOTATION];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let morabaraba = setup.game().id == MORABARABA;
        let default_return = if morabaraba { "all" } else { "off" };
        let no_return = match setup.choice_or(&NO_RETURN, default_return)? {
            "all" => NoReturn::All,
            "mill" => NoReturn::Mill,
            _ => NoReturn::Off,
        };
        let notation = match setup.choice(&NOTATION)? {
            "numeric" => Notation::Numeric,
            _ => Notation::Algebraic,
        };
        Ok(Mill::new(Config {
            board: MillBoard::get(morabaraba),
            pieces: if morabaraba { 12 } else { 9 },
            no_return,
            ten_move_draw: setup.switch(&TEN_MOVE_DRAW)?,
            notation,
        }))
    }

    fn start_position(&self) -> Position {
        Position::start(self.config.pieces)
    }

    /// tgn's position string (see `position.rs`), or Sanmill's FEN as Sanmill
    /// exports write it (see `sanmill.rs`).
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text).map_err(super::PositionError)
    }

    fn write_position(&self, position: &Position) -> String {
        position.write(&self.config)
    }

    /// Without `last=` (each side's last move, for R8) and `quiet=` (turns towards the
    /// ten-move draw): history, not where the pieces stand.
    fn board_part(position: &str) -> String {
        position
            .split_whitespace()
            .filter(|field| !field.starts_with("last=") && !field.starts_with("quiet="))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn draw(&self, position: &Position) -> String {
        position.draw(&self.config)
    }

    /// The position as JSON:
    ///
    /// - `white`, `black`: the points holding each player's pieces (`["a1", "d1"]`);
    /// - `hand`: `[white, black]`, pieces not yet placed;
    /// - `to_move`: `"W"` or `"B"`;
    /// - `pending_removal`: `true` when the player to move has formed a mill and must
    ///   now remove a piece (the removal written as its own token, `xd7`);
    /// - `last`: `{"W": "d1-d2" | null, "B": …}`, each side's last move when it was a
    ///   move or flight (what the no-return rule R8 needs); absent with `no-return=off`;
    /// - `quiet`: turns without a removal towards the ten-move draw (only with
    ///   `ten-move-draw`);
    /// - `position`: the position string.
    fn state(&self, position: &Position) -> serde_json::Value {
        position.state(&self.config)
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    /// Pieces, on the board and in hand: the mover's less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move;
        position.total(me) as i32 - position.total(me.opponent()) as i32
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.end(position).map(|end| end.outcome())
    }

    fn over_but_for_moves(&self, position: &Position) -> bool {
        position.pending.is_none() && self.end_but_for_moves(position).is_some()
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        self.legal(position)
    }

    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse(self.config.board, text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        self.resolve_token(position, token)
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        self.apply(position, mv);
    }

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        notation::write(&self.config, mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        self.description(before, mv, after)
    }

    fn abandons_turn(&self, position: &Position, previous: &str, next: &Token) -> Option<String> {
        self.abandoned_removal(position, previous, next)
    }

    fn unfinished_turn(&self, position: &Position) -> Option<String> {
        position.pending.map(|_| {
            let me = position.to_move;
            format!(
                "the {} obliges {} to remove a {} piece (R6)",
                self.pending_mills(position),
                position::label(me),
                position::label(me.opponent())
            )
        })
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl Mill {
    fn position_from(&self, text: &str) -> Result<Position, String> {
        if sanmill::is_sanmill(text) {
            return Position::parse(&self.config, &sanmill::translate(text)?);
        }
        Position::parse(&self.config, text)
    }
}
