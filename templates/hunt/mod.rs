//! TEMPLATE (hunt family) — copy this folder to `src/games/<folder>/`, rename
//! `new-hunt-game`, `New hunt game`, `NewHuntGame` and `NEW_HUNT_GAME`, and make the
//! data below the game's. See CONTRIBUTING.md, "Adding a game".
//!
//! New hunt game (rules: `new-hunt-game.md`, R1–R6): hunters against prey on the
//! 5×5 alquerque board, a [`Variant`] of the shared hunt engine — data only:
//!
//! - R1: the hunters on the corners, 20 prey in hand, the prey first;
//! - R2, R3: the prey are placed (`c3`), then step (`c3-c4`);
//! - R4: a hunter steps, or jumps one adjacent prey (`a1xc3`), one capture a turn;
//! - R5: the hunters win at 5 prey taken; R6: a side without a move loses.

use std::sync::OnceLock;

use super::common::hunt::board::Layout;
use super::common::hunt::{Capture, Family, Format, Hunt, HuntGame, Opening, Variant, Words};
use super::common::placement::Placement;
use super::{GameInfo, OptionSpec, Setup, SetupError, Sides};

/// The game's id, as `[Game "…"]` writes it.
pub const NEW_HUNT_GAME: &str = "new-hunt-game";

/// The game as data (R1–R6): the board, the pieces, how they capture and what wins,
/// and the words and rule numbers of its messages.
pub static RULES: Variant = Variant {
    layout: Layout::SQUARE,
    hunters: &["a1", "e1", "a5", "e5"],
    prey_start: &[],
    prey: 20,
    hunters_first: false,
    opening: Opening::None,
    capture: Capture::Single,
    target: 5,
    format: Format::Ranks,
    drop_mark: "",
    tokens: "a placement (c3), a step (c3-c4) or a capture (a1xc3)",
    points: "a1-e5",
    words: Words {
        hunter: "hunter",
        hunters: "hunters",
        prey: "prey piece",
        preys: "prey",
        sides: ["the hunters", "the prey"],
        letters: ['H', 'P'],
        hunter_step: "R4",
        capture: "R4",
        one_capture: "R4",
        placement: Placement {
            piece: "prey piece",
            drop_rule: "R2",
            move_rule: "R3",
        },
        blocked: "R6",
        stuck: "R6",
        target: "R5",
        opening: "",
        repetition: "",
        taken: "captured",
    },
    geometry: OnceLock::new(),
};

/// The family of one game.
pub struct Games;

/// The game's [`Rules`](crate::games::Rules): its registry line names this.
pub type NewHuntGame = HuntGame<Games>;

impl Family for Games {
    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: NEW_HUNT_GAME,
        name: "New hunt game",
        aliases: &[],
        sides: Sides::new("Prey", "Hunters"),
        moves: &["c3", "c3-c4", "a1xc3"],
        position: "H3H/5/5/5/H3H p 20 0",
    }];

    const OPTIONS: &'static [OptionSpec] = &[];
    /// The slope of the win curve of `tgn analyze`: Bagh-chal's until one is fitted
    /// on the game's own records (docs/win-curves.md).
    const WIN_CURVE: f64 = 0.70;

    fn configure(_setup: &Setup<'_>) -> Result<Hunt, SetupError> {
        Ok(Hunt {
            repetition: false,
            ..Hunt::new(&RULES)
        })
    }
}
