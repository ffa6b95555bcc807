//! The hunt games: a few hunters (princes, tigers) against many prey (lamas, men,
//! goats) that enter from a hand one per turn and then step; the hunters step or
//! capture by jumping, the prey win by blocking every hunter. One engine; each game is
//! a [`Variant`] — data, not code:
//!
//! - the board ([`Layout`]: the 37-point board with triangles, the plain 5×5 square),
//!   where the hunters and the prey start, the prey in all, which side moves first;
//! - the hunters' first turn ([`Opening`]: Kungser's single-jump capture R1,
//!   Rimau-rimau's removal of 3 central men V1, or none);
//! - how hunters capture ([`Capture`]: Kungser's chains of short jumps by the shared
//!   chain search of [`capture`](crate::games::common::capture), Rimau-rimau's jump over
//!   an odd run, Bagh-chal's single jump), and the prey taken for the hunters' win;
//! - the position string's form ([`Format`]) and the drop's mark (`@d3` or `c3`);
//! - the words and rule numbers of every message ([`Words`]).
//!
//! Placement is the shared [`placement`](crate::games::common::placement) phase,
//! repetition the shared [`History`](crate::games::common::repetition::History), the
//! drawing the shared [`drawing`](crate::games::common::drawing). A family of variants
//! ([`Family`]: its game ids, options and how a record's options configure it) becomes
//! a [`Rules`] implementation as [`HuntGame`]; the registry names that. Each game's
//! folder holds its variant's data, with its rules document: `games/kungser/`
//! (`docs/rules/kungser.md`), `games/rimau_rimau/` (`docs/rules/rimau-rimau.md`) and
//! `games/bagh_chal/` (`docs/rules/bagh-chal.md`).
//!
//! - [`board`]: the hunt boards ([`Layout`]), as configurations of the shared
//!   point-graph board.
//! - [`position`]: the position, its position strings, drawing and JSON state.
//! - [`notation`]: move tokens (`@d3`, `c3`, `c3-c2`, `e5xc3xa1xe1`, `*b4,c5,d6/c7-a1`).
//! - [`rules`]: the rules, each in one place.
//! - `testing`: helpers for the tests of the games on this engine.

pub mod board;
mod diagram;
pub mod moves;
pub mod notation;
pub mod position;
pub mod rules;
#[cfg(test)]
pub(crate) mod testing;

use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::OnceLock;

use super::board::PointName;
use super::capture::{Graph, Set, bit};
use super::placement::Placement;
use super::{Board, Point};
use crate::games::{GameInfo, MoveError, NotationError, OptionSpec, Outcome, Player};
use crate::games::{Rules, Setup, SetupError};
use board::Layout;
pub use moves::Move;
pub use notation::Token;
pub use position::Position;

/// How the hunters capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// A chain of short jumps over adjacent prey, stopping anywhere (Kungser R3, R4).
    Chain,
    /// One jump over one adjacent prey piece, no chain (Bagh-chal R4).
    Single,
    /// One jump over an odd run of prey, landing right after it (Rimau-rimau V3).
    OddRun,
}

/// The hunters' first turn, where it is not like the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The first turn is as any other.
    None,
    /// A capture of exactly one piece by a single jump, and nothing else (Kungser R1).
    SingleJump,
    /// `count` prey removed from the points of `zone`, then perhaps one hunter moved
    /// to any empty point (Rimau-rimau V1).
    Removal {
        zone: &'static [&'static str],
        count: usize,
    },
}

/// The form of a variant's position string (see [`position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `P=c3,c7 L=… hand=16 captured=0 turn=P opening`: any board.
    Fields,
    /// `T3T/5/5/5/T3T g 20 0`: ranks top to bottom, the side to move, the hand, the
    /// prey taken; for a plain square.
    Ranks,
}

/// The names and rule numbers a game's messages use.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// `prince`, `tiger`.
    pub hunter: &'static str,
    /// `princes`, `tigers`.
    pub hunters: &'static str,
    /// `lama`, `man`, `goat`.
    pub prey: &'static str,
    /// `lamas`, `men`, `goats`.
    pub preys: &'static str,
    /// The sides as subjects of a sentence, hunters first: `the prince side`, `the lama
    /// side`.
    pub sides: [&'static str; 2],
    /// The letters of the pieces in the position string and the drawing, hunters first.
    pub letters: [char; 2],
    /// The rule of a hunter's step.
    pub hunter_step: &'static str,
    /// The rule of a hunter's capture.
    pub capture: &'static str,
    /// The rule that allows one capture per turn, with no chain (jumping variants).
    pub one_capture: &'static str,
    /// The prey's placement phase (drops, then steps).
    pub placement: Placement,
    /// The rule by which the prey win when every hunter is blocked.
    pub blocked: &'static str,
    /// The rule by which the prey lose when they cannot move.
    pub stuck: &'static str,
    /// The rule by which the hunters win at their target of prey taken.
    pub target: &'static str,
    /// The rule of the hunters' first turn, where it is not like the others.
    pub opening: &'static str,
    /// The rule that draws at the third occurrence of a position (variants with one).
    pub repetition: &'static str,
    /// What happens to the prey the hunters take: `captured`, `eliminated`.
    pub taken: &'static str,
}

/// A hunt game as data: everything in which the hunt games differ.
#[derive(Debug)]
pub struct Variant {
    /// The board.
    pub layout: Layout,
    /// Where the hunters start; as many hunters as points.
    pub hunters: &'static [&'static str],
    /// Where prey stand at the start; the others are in hand.
    pub prey_start: &'static [&'static str],
    /// Prey in all: on the board, in hand and taken.
    pub prey: u8,
    /// Whether the hunters are the first player (PGN's `White`).
    pub hunters_first: bool,
    pub opening: Opening,
    pub capture: Capture,
    /// Prey taken for the hunters' win, unless an option says otherwise.
    pub target: u8,
    pub format: Format,
    /// What a drop is written with before its point: `@` (`@d3`) or nothing (`c3`).
    pub drop_mark: &'static str,
    /// The tokens of the notation, for a token that is none of them.
    pub tokens: &'static str,
    /// The points of the board, for a name that is none of them.
    pub points: &'static str,
    pub words: Words,
    /// The board and the tables built from it, on first use.
    pub geometry: OnceLock<Geometry>,
}

impl Variant {
    /// The board and its tables, built once.
    pub fn geometry(&self) -> &Geometry {
        self.geometry.get_or_init(|| Geometry::of(self))
    }

    /// The prey that start in hand.
    pub fn hand(&self) -> u8 {
        self.prey - self.prey_start.len() as u8
    }
}

/// A variant's board and the tables the rules read from it.
#[derive(Debug)]
pub struct Geometry {
    pub board: Board,
    pub graph: Graph,
    /// The hunters' points at the start.
    pub hunters: Set,
    /// The prey's points at the start.
    pub prey: Set,
    /// The points of the opening's removals (Rimau-rimau's nine central points).
    pub zone: Set,
}

impl Geometry {
    /// # Panics
    /// On a point name that is not on the board (variants are constants, and a test
    /// builds each).
    fn of(variant: &Variant) -> Geometry {
        let board = variant.layout.board();
        let set = |names: &[&str]| {
            names.iter().fold(0, |s, name| {
                s | bit(board
                    .parse_point(name)
                    .expect("a point of the variant's board"))
            })
        };
        let zone = match variant.opening {
            Opening::Removal { zone, .. } => set(zone),
            _ => 0,
        };
        Geometry {
            graph: Graph::new(&board),
            hunters: set(variant.hunters),
            prey: set(variant.prey_start),
            zone,
            board,
        }
    }

    /// Every point of the board as a set.
    pub fn all(&self) -> Set {
        self.board.points().fold(0, |s, p| s | bit(p))
    }

    /// A point's name, e.g. `d3` (written out only where it is shown).
    pub fn name(&self, p: Point) -> PointName {
        self.board.name(p)
    }
}

/// The hunt engine configured for one record: a variant and the record's options.
#[derive(Clone, Debug)]
pub struct Hunt {
    pub variant: &'static Variant,
    /// Prey taken for the hunters' win.
    pub target: u8,
    /// Rimau-rimau's option `capture-all`: the hunters win only once every prey piece
    /// is gone.
    pub capture_all: bool,
    /// The third occurrence of a position draws.
    pub repetition: bool,
    pub words: &'static Words,
    pub geo: &'static Geometry,
}

impl Hunt {
    /// The engine for a variant with its default options: its target, no repetition
    /// rule.
    pub fn new(variant: &'static Variant) -> Hunt {
        Hunt {
            variant,
            target: variant.target,
            capture_all: false,
            repetition: false,
            words: &variant.words,
            geo: variant.geometry(),
        }
    }

    /// The player of the hunters.
    pub fn hunters(&self) -> Player {
        if self.variant.hunters_first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The player of the prey.
    pub fn prey_side(&self) -> Player {
        self.hunters().opponent()
    }

    /// 0 for the hunters, 1 for the prey: the index of [`Words`]' pairs.
    pub fn role(&self, player: Player) -> usize {
        usize::from(player != self.hunters())
    }

    /// The side of `player`, as the subject of a sentence.
    pub fn side(&self, player: Player) -> &'static str {
        self.words.sides[self.role(player)]
    }

    /// The letter of `player`'s pieces.
    pub fn letter(&self, player: Player) -> char {
        self.words.letters[self.role(player)]
    }
}

/// A family of hunt variants served together: its games, its options and how a
/// record's options configure one of them. Each game's folder is a family of one
/// game; every option of a family concerns each of its games.
pub trait Family: Send + Sync + 'static {
    /// The games of the family.
    const GAMES: &'static [GameInfo];
    /// Their options.
    const OPTIONS: &'static [OptionSpec];
    /// [`Rules::WIN_CURVE`] of the family, fitted on self-played games
    /// (`docs/win-curves.md`).
    const WIN_CURVE: f64;

    /// The engine for one record.
    ///
    /// # Errors
    /// An option with a value the game does not know.
    fn configure(setup: &Setup<'_>) -> Result<Hunt, SetupError>;
}

/// The [`Rules`] of a family of hunt variants.
pub struct HuntGame<F> {
    hunt: Hunt,
    family: PhantomData<fn() -> F>,
}

impl<F> From<Hunt> for HuntGame<F> {
    fn from(hunt: Hunt) -> HuntGame<F> {
        HuntGame {
            hunt,
            family: PhantomData,
        }
    }
}

/// The configured engine is what every rule reads.
impl<F> Deref for HuntGame<F> {
    type Target = Hunt;

    fn deref(&self) -> &Hunt {
        &self.hunt
    }
}

impl<F: Family> Rules for HuntGame<F> {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = F::GAMES;

    const OPTIONS: &'static [OptionSpec] = F::OPTIONS;

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        F::configure(setup).map(HuntGame::from)
    }

    /// The variant's start.
    fn start_position(&self) -> Position {
        self.start()
    }

    /// See [`position`] for the formats.
    fn parse_position(&self, text: &str) -> Result<Position, crate::games::PositionError> {
        Position::parse(self, text)
    }
    fn write_position(&self, position: &Position) -> String {
        position.write(self)
    }

    fn diagram(&self, position: &Position, last: Option<&Move>) -> crate::games::Diagram {
        self.scene(position, last)
    }

    fn draw(&self, position: &Position) -> String {
        position.draw(self)
    }

    /// The position as JSON (see [`Position::state`]).
    fn state(&self, position: &Position) -> serde_json::Value {
        position.state(self)
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    const WIN_CURVE: f64 = F::WIN_CURVE;

    const SCORE_UNIT: &'static str = "prey taken: positive for the hunters, negative for the prey";

    /// Prey taken, for the hunters (less for the prey).
    fn evaluate(&self, position: &Position) -> i32 {
        let taken = i32::from(position.captured);
        if position.to_move == self.hunters() {
            taken
        } else {
            -taken
        }
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.end(position).map(|end| end.outcome(self))
    }

    fn over_but_for_moves(&self, position: &Position) -> bool {
        self.end_but_for_moves(position).is_some()
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        self.legal(position)
    }

    fn complete_legal_moves(&self, position: &Position) -> Option<Vec<Move>> {
        let (moves, exhausted) = self.listing(position);
        (!exhausted).then_some(moves)
    }

    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse(self, text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        self.resolve_token(position, token)
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        self.apply(position, mv);
    }

    const MARKS: &'static str = "capture signs (`x`)";

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        notation::write(self, mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        self.description(before, mv, after)
    }
}
