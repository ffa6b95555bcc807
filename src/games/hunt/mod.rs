//! The hunt games on the 37-point board: Kungser and Rimau-rimau, one engine with two
//! configurations (rules: `kungser.md`, sections 1–4 for Kungser, 5 for Rimau-rimau).
//!
//! Two hunters (Kungser's princes, Rimau-rimau's tigers) face 24 prey (lamas, men)
//! that enter from a hand one per turn and then step; the hunters step or capture by
//! jumping, and win by capturing 16; the prey win by blocking both hunters. What
//! differs is configuration, not code — [`Variant`] says:
//!
//! - the start (Kungser: 8 lamas round the empty centre, 16 in hand; Rimau-rimau: the
//!   nine central men, 15 in hand) and the hunters' first turn (R1: one single-jump
//!   capture; V1: the removal of 3 central men and an optional tiger relocation);
//! - how hunters capture: Kungser's chains of short jumps that may stop after any jump
//!   and revisit emptied points (R3, R4; the shared chain search of
//!   [`capture`](crate::games::common::capture)), or Rimau-rimau's single jump over an
//!   odd run of 1, 3, 5 or 7 men (V3, V4);
//! - the words and rule numbers of every message.
//!
//! The board is the shared [`Layout::TRIANGLES`], the prey's drops the shared
//! [`placement`](crate::games::common::placement) phase.
//!
//! - [`position`]: the position, its position string, drawing and JSON state.
//! - [`notation`]: move tokens (`@d3`, `c3-c2`, `e5xc3xa1xe1`, `*b4,c5,d6/c7-a1`).
//! - [`rules`]: R1–R11 and V1–V5, one rule in one place.
//!
//! The hunters are the first player (PGN's `White`).

pub mod notation;
pub mod position;
pub mod rules;

#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use super::common::alquerque::Layout;
use super::common::board::PointName;
use super::common::capture::{Graph, Set, bit};
use super::common::placement::Placement;
use super::common::{Board, Point};
use super::{GameInfo, MoveError, NotationError, OptionSpec, Outcome, Player};
use super::{Rules, Setup, SetupError};
pub use notation::Token;
pub use position::Position;
pub use rules::{End, Move};

/// The id of Kungser.
pub const KUNGSER: &str = "kungser";
/// The id of Rimau-rimau.
pub const RIMAU_RIMAU: &str = "rimau-rimau";

/// Pieces of the prey side: lamas or men (§2, §5).
pub const PREY: u8 = 24;
/// Prey taken for the hunters' win (R7, and the decision of §5 for Rimau-rimau).
pub const TARGET: u8 = 16;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Princes and lamas (§2–§4).
    Kungser,
    /// Tigers and men (§5).
    RimauRimau,
}

/// The names and rule numbers a game's messages use.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// `prince`, `tiger`.
    pub hunter: &'static str,
    /// `princes`, `tigers`.
    pub hunters: &'static str,
    /// `lama`, `man`.
    pub prey: &'static str,
    /// `lamas`, `men`.
    pub preys: &'static str,
    /// The sides as subjects of a sentence: `the prince side`, `the lama side`.
    pub sides: [&'static str; 2],
    /// The letters of the pieces in the position string and the drawing.
    pub letters: [char; 2],
    /// The rule of a hunter's step.
    pub hunter_step: &'static str,
    /// The rule of a hunter's capture.
    pub capture: &'static str,
    /// The prey's placement phase (drops, then steps).
    pub placement: Placement,
    /// The rule by which the prey win when both hunters are blocked.
    pub blocked: &'static str,
    /// The rule by which the prey lose when they cannot move.
    pub stuck: &'static str,
    /// The rule by which the hunters win at 16 prey taken.
    pub target: &'static str,
    /// The rule of the hunters' first turn.
    pub opening: &'static str,
    /// What happens to the prey the hunters take: `captured`, `eliminated`.
    pub taken: &'static str,
}

const KUNGSER_WORDS: Words = Words {
    hunter: "prince",
    hunters: "princes",
    prey: "lama",
    preys: "lamas",
    sides: ["the prince side", "the lama side"],
    letters: ['P', 'L'],
    hunter_step: "R2",
    capture: "R3",
    placement: Placement {
        piece: "lama",
        drop_rule: "R5",
        move_rule: "R6",
    },
    blocked: "R8",
    stuck: "R9",
    target: "R7",
    opening: "R1",
    taken: "captured",
};

const RIMAU_WORDS: Words = Words {
    hunter: "tiger",
    hunters: "tigers",
    prey: "man",
    preys: "men",
    sides: ["the tiger side", "the men's side"],
    letters: ['T', 'M'],
    hunter_step: "V4",
    capture: "V3",
    placement: Placement {
        piece: "man",
        drop_rule: "V2",
        move_rule: "V2",
    },
    blocked: "V5",
    stuck: "V2, R9",
    target: "§5",
    opening: "V1",
    taken: "eliminated",
};

/// The 37-point board and the tables the rules read from it, built once.
#[derive(Debug)]
pub struct Geometry {
    pub board: Board,
    pub graph: Graph,
    /// The nine central points `b4`–`d6` (Rimau-rimau's start, V1's removals).
    pub centre: Set,
    /// The centre point `c5`.
    pub middle: Point,
    /// The two apexes `c3` and `c7`, where the hunters start.
    pub apexes: Set,
}

impl Geometry {
    /// The board of section 1.
    pub fn get() -> &'static Geometry {
        static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
        GEOMETRY.get_or_init(|| {
            let layout = Layout::TRIANGLES;
            let board = layout.board();
            let (cf, cr) = layout.centre();
            let at = |f: u8, r: u8| board.point(f, r).expect("a point of the square");
            let middle = at(cf, cr);
            let mut centre = 0;
            for f in cf - 1..=cf + 1 {
                for r in cr - 1..=cr + 1 {
                    centre |= bit(at(f, r));
                }
            }
            let r0 = layout.first_square_rank();
            let apexes = bit(at(cf, r0)) | bit(at(cf, r0 + layout.square - 1));
            Geometry {
                graph: Graph::new(&board),
                board,
                centre,
                middle,
                apexes,
            }
        })
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

/// The hunt engine configured for one record.
#[derive(Clone, Debug)]
pub struct Hunt {
    pub variant: Variant,
    /// Rimau-rimau's option `capture-all`: the tigers win only once every man is gone.
    pub capture_all: bool,
    pub words: &'static Words,
    pub geo: &'static Geometry,
}

impl Hunt {
    /// The engine for one game and option.
    pub fn new(variant: Variant, capture_all: bool) -> Hunt {
        Hunt {
            variant,
            capture_all,
            words: match variant {
                Variant::Kungser => &KUNGSER_WORDS,
                Variant::RimauRimau => &RIMAU_WORDS,
            },
            geo: Geometry::get(),
        }
    }

    /// The side of `player`, as the subject of a sentence.
    pub fn side(&self, player: Player) -> &'static str {
        self.words.sides[player.index()]
    }
}

/// The one option, declared once (read in `configure`, listed by `tgn games`).
const CAPTURE_ALL: OptionSpec = OptionSpec::switch(
    "capture-all",
    "rimau-rimau only: the tigers win by eliminating every man (Ludii's rule), not 16 men \
     counting the 3 opening removals",
);

impl Rules for Hunt {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[
        GameInfo {
            id: KUNGSER,
            name: "Kungser",
            aliases: &[],
            first: "princes",
            moves: &["@d3", "c3-c2", "e5xc3xa1xe1", "e5xe1"],
            position: "P=c3,c7 L=… hand=16 captured=0 turn=P opening",
        },
        GameInfo {
            id: RIMAU_RIMAU,
            name: "Rimau-rimau",
            aliases: &["rimau", "rimaurimau"],
            first: "tigers",
            moves: &["*b4,c5,d6/c7-a1", "@d3", "c3-c2", "c3xc7"],
            position: "T=c3,c7 M=… hand=15 captured=0 turn=T opening",
        },
    ];

    const OPTIONS: &'static [OptionSpec] = &[CAPTURE_ALL];

    /// `capture-all` is Rimau-rimau's (V4 and Ludii's rule); Kungser has none.
    fn option_applies(game: &GameInfo, option: &OptionSpec) -> bool {
        option.name != "capture-all" || game.id != "kungser"
    }

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let variant = if setup.game().id == KUNGSER {
            Variant::Kungser
        } else {
            Variant::RimauRimau
        };
        let capture_all = setup.switch(&CAPTURE_ALL)?;
        if capture_all && variant == Variant::Kungser {
            return Err(SetupError::option(
                "capture-all",
                "a Rimau-rimau option; Kungser's princes win at 16 \
                 lamas captured (R7)",
            ));
        }
        Ok(Hunt::new(variant, capture_all))
    }

    /// §2 (Kungser) or §5 (Rimau-rimau).
    fn start_position(&self) -> Position {
        self.start()
    }

    /// See [`position`] for the format.
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text).map_err(super::PositionError)
    }

    fn write_position(&self, position: &Position) -> String {
        position.write(self)
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

    /// Prey taken, for the hunters (less for the prey).
    fn evaluate(&self, position: &Position) -> i32 {
        let taken = i32::from(position.captured);
        if position.to_move == position::HUNTERS {
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

    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse(self, text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        self.resolve_token(position, token)
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        self.apply(position, mv);
    }

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        notation::write(self, mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        self.description(before, mv, after)
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl Hunt {
    fn position_from(&self, text: &str) -> Result<Position, String> {
        Position::parse(self, text)
    }
}
