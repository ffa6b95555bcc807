//! The mill games: the seed's Morabaraba and Nine Men's Morris (rules:
//! `morabaraba.md`, seed 003) and the ten rule sets of the Sanmill program, one
//! engine with twelve presets.
//!
//! Every game places pieces on the 24 points of three concentric squares, moves them
//! along the lines, flies with few pieces, and removes opponent pieces for mills made.
//! What differs is data, not code: a [`Preset`] holds the board (with or without the
//! corner diagonals), the number of pieces and every rule switch, and [`Config`] the
//! preset and the record's options. `[Variant "Twelve Men's Morris"]` (Sanmill's
//! names) selects a preset; for the two names the seed's rules also define, the
//! seed's rules are the default and `rules=sanmill` (`[Rules "sanmill"]`) selects
//! Sanmill's.
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

mod diagram;
pub mod geometry;
pub mod moves;
pub mod notation;
pub mod position;
pub mod preset;
pub mod rules;
mod sanmill;

#[cfg(test)]
mod tests;

use super::{GameInfo, MoveError, NotationError, OptionSpec, Outcome, Player};
use super::{Rules, Setup, SetupError};
use geometry::MillBoard;
pub use moves::Move;
pub use notation::Token;
pub use position::Position;
pub use preset::Preset;

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
    /// The rules: pieces, flying, what mills and full boards do (see `preset.rs`).
    pub preset: &'static Preset,
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
const RULES: OptionSpec = OptionSpec::choice(
    "rules",
    &["seed", "sanmill"],
    "seed",
    "Morabaraba and Nine Men's Morris: seed, the traditional rules in \
     docs/rules/morabaraba.md and docs/rules/nine-mens-morris.md (the default), or sanmill, \
     Sanmill's preset of the same name",
);
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
            sides: crate::games::Sides::new("White", "Black"),
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
            sides: crate::games::Sides::new("White", "Black"),
            moves: &["d2", "d1-d2xe4", "xe4", "20"],
            position: "W=a1,g1 B=a7 hand=0,0 turn=W",
        },
        sanmill_game("twelve-mens-morris", "Twelve Men's Morris"),
        sanmill_game("dooz", "Dooz"),
        sanmill_game("russian-mill", "Russian Mill"),
        sanmill_game("lasker-morris", "Lasker Morris"),
        sanmill_game("cheng-san-qi", "Cheng San Qi"),
        sanmill_game("da-san-qi", "Da San Qi"),
        sanmill_game("zhi-qi", "Zhi Qi"),
        sanmill_game("el-filja", "El Filja"),
    ];

    const OPTIONS: &'static [OptionSpec] = &[RULES, NO_RETURN, TEN_MOVE_DRAW, NOTATION];

    fn option_applies(game: &GameInfo, option: &OptionSpec) -> bool {
        option.name == "notation" || Preset::seed_also_defines(game.id)
    }

    fn presets() -> Vec<String> {
        let mut lines = vec![
            "Sanmill's mill presets, chosen by [Variant \"<name>\"] as Sanmill writes it \
             (for morabaraba and nine-mens-morris also rules=sanmill); each draws after 100 \
             plies of moves without a placement or removal and at a threefold repetition, \
             and lists a removal as a ply of its own:"
                .to_string(),
        ];
        lines.extend(
            preset::SANMILL
                .iter()
                .map(|p| format!("  {:<20} {}: {}", p.id, p.name, p.changes())),
        );
        lines
    }

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let id = setup.game().id;
        let preset = match setup.choice(&RULES)? {
            "sanmill" => Preset::sanmill(id).unwrap_or(Preset::default_for(id)),
            _ => Preset::default_for(id),
        };
        let morabaraba = preset == &preset::SEED_MORABARABA;
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
        let seed = !preset.sanmill;
        Ok(Mill::new(Config {
            board: MillBoard::get(preset.diagonals),
            preset,
            no_return: if seed { no_return } else { NoReturn::Off },
            ten_move_draw: seed && setup.switch(&TEN_MOVE_DRAW)?,
            notation,
        }))
    }

    fn start_position(&self) -> Position {
        Position::start(self.config.preset.pieces)
    }

    /// tgn's position string (see `position.rs`), or Sanmill's FEN as Sanmill
    /// exports write it (see `sanmill.rs`).
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        position.write(&self.config)
    }

    /// Without `last=` (each side's last move, for R8) and `quiet=` (turns towards the
    /// ten-move draw): history, not where the pieces stand.
    fn board_part(position: &str) -> String {
        const HISTORY: [&str; 4] = ["last=", "quiet=", "plies=", "seen="];
        position
            .split_whitespace()
            .filter(|field| !HISTORY.iter().any(|h| field.starts_with(h)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn diagram(&self, position: &Position, last: Option<&Move>) -> super::Diagram {
        self.scene(position, last)
    }

    fn draw(&self, position: &Position) -> String {
        position.draw(&self.config)
    }

    /// The position as JSON:
    ///
    /// - `first`, `second`: the points holding White's and Black's pieces (`["a1",
    ///   "d1"]`);
    /// - `hand`: `[white, black]`, pieces not yet placed;
    /// - `to_move`: `"first"` or `"second"`;
    /// - `pending_removal`: `true` when the player to move has formed a mill and must
    ///   now remove a piece (the removal written as its own token, `xd7`);
    /// - `last`: `{"first": "d1-d2" | null, "second": …}`, each side's last move when it was a
    ///   move or flight (what the no-return rule R8 needs); absent with `no-return=off`;
    /// - `quiet`: turns without a removal towards the ten-move draw (only with
    ///   `ten-move-draw`);
    /// - `owed`: `[white, black]`, removals each side owes, `marked`: Da San Qi's
    ///   marked points, `plies`: plies of moves since the last placement or removal
    ///   (the n-move rule) — only with Sanmill's presets.
    fn state(&self, position: &Position) -> serde_json::Value {
        position.state(&self.config)
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    /// Fitted on 40 self-played games of Morabaraba: 0.7 pieces is a 75%
    /// expected score (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 1.5;

    const SCORE_UNIT: &'static str = "pieces on the board and in hand: the mover's less the opponent's";

    /// Pieces, on the board and in hand: the mover's less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move;
        position.total(me) as i32 - position.total(me.opponent()) as i32
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.end(position).map(|end| end.outcome())
    }

    fn over_but_for_moves(&self, position: &Position) -> bool {
        !position.owes() && self.end_but_for_moves(position).is_some()
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

    const MARKS: &'static str = "removals, each saying that the turn made a mill";

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        notation::write(&self.config, mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        self.description(before, mv, after)
    }

    fn abandons_turn(
        &self,
        position: &Position,
        previous: &str,
        next: &Token,
    ) -> Option<MoveError> {
        self.abandoned_removal(position, previous, next)
    }

    fn unfinished_turn(&self, position: &Position) -> Option<String> {
        position.owes().then(|| {
            let me = position.to_move;
            format!(
                "the {} obliges {} to remove a {} piece (R6)",
                self.pending_mills(position),
                position::label(me),
                position::label(self.target(position))
            )
        })
    }
}

/// A game only Sanmill's presets define, written as every mill game is.
const fn sanmill_game(id: &'static str, name: &'static str) -> GameInfo {
    GameInfo {
        id,
        name,
        aliases: &[],
        sides: crate::games::Sides::new("White", "Black"),
        moves: &["d2", "d1-d2", "xe4"],
        position: "W=a1,g1 B=a7 hand=0,0 turn=W",
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl Mill {
    /// A position as written, then (as Sanmill does when it imports one) a blocked
    /// player's removal owed where the preset says so.
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        let mut position = if sanmill::is_sanmill(text) {
            Position::parse(&self.config, &sanmill::translate(text)?)?
        } else {
            Position::parse(&self.config, text)?
        };
        self.settle(&mut position);
        Ok(position)
    }
}
