//! Kungser, the hunt game of the 37-point board (rules: `docs/rules/kungser.md`): a
//! [`Variant`] of the shared hunt engine ([`hunt`](crate::games::common::hunt)) — data
//! only.
//!
//! Two princes on the apexes `c3` and `c7` face 24 lamas and move first; they win by
//! taking 16 (R7). 8 lamas stand round the empty centre, 16 in hand; the princes' first
//! move takes one lama by a single jump (R1), later ones chains of short jumps (R3, R4).
//! Rimau-rimau, on the same board, is a folder of its own (`games/rimau_rimau/`).

use std::sync::OnceLock;

use crate::games::common::hunt::board::Layout;
use crate::games::common::hunt::{
    Capture, Family, Format, Hunt, HuntGame, Opening, Variant, Words,
};
use crate::games::common::placement::Placement;
use crate::games::{GameInfo, OptionSpec, Setup, SetupError, Sides};

#[cfg(test)]
mod tests;

/// The id of Kungser.
pub const KUNGSER: &str = "kungser";

/// Kungser: princes and lamas (§2–§4).
pub static RULES: Variant = Variant {
    layout: Layout::TRIANGLES,
    // The apexes of the two triangles (§2).
    hunters: &["c3", "c7"],
    // The eight points round the empty centre c5.
    prey_start: &["b4", "c4", "d4", "b5", "d5", "b6", "c6", "d6"],
    prey: 24,
    hunters_first: true,
    opening: Opening::SingleJump,
    capture: Capture::Chain,
    target: 16,
    format: Format::Fields,
    drop_mark: "@",
    tokens: "a drop (@d3), a step (c3-c2) or a capture (e5xc3xa1xe1)",
    points: "a1, c1, e1, b2-d2, a3-e7, b8-d8, a9, c9, e9",
    words: Words {
        hunter: "prince",
        hunters: "princes",
        prey: "lama",
        preys: "lamas",
        sides: ["the prince side", "the lama side"],
        letters: ['P', 'L'],
        hunter_step: "R2",
        capture: "R3",
        one_capture: "R4",
        placement: Placement {
            piece: "lama",
            drop_rule: "R5",
            move_rule: "R6",
        },
        blocked: "R8",
        stuck: "R9",
        target: "R7",
        opening: "R1",
        repetition: "",
        taken: "captured",
    },
    geometry: OnceLock::new(),
};

/// The family of one game.
pub struct Games;

/// Kungser's [`Rules`](crate::games::Rules).
pub type Kungser = HuntGame<Games>;

/// Rimau-rimau's option `capture-all`, which Kungser does not have: read only to
/// refuse it when a Kungser record sets it by its tag (`[CaptureAll "yes"]`), with a
/// sentence that says whose it is. Kungser lists no option, so `tgn games` shows none
/// and `--option capture-all` is refused as no option of Kungser's before this is read
/// (Rimau-rimau declares the option in `games/rimau_rimau/`).
const RIMAU_RIMAUS_CAPTURE_ALL: OptionSpec =
    OptionSpec::switch("capture-all", "Rimau-rimau's option, refused on Kungser");

impl Family for Games {
    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: KUNGSER,
        name: "Kungser",
        aliases: &[],
        sides: Sides::new("Princes", "Lamas"),
        moves: &["@d3", "c3-c2", "e5xc3xa1xe1", "e5xe1"],
        position: "P=c3,c7 L=… hand=16 captured=0 turn=P opening",
    }];

    const OPTIONS: &'static [OptionSpec] = &[];
    /// Fitted on 40 self-played games, 29 of them drawn: a weak fit.
    const WIN_CURVE: f64 = 0.040;

    fn configure(setup: &Setup<'_>) -> Result<Hunt, SetupError> {
        if setup.switch(&RIMAU_RIMAUS_CAPTURE_ALL)? {
            return Err(SetupError::option(
                "capture-all",
                "a Rimau-rimau option; Kungser's princes win at 16 \
                 lamas captured (R7)",
            ));
        }
        Ok(Hunt::new(&RULES))
    }
}
