//! Rimau-rimau, the hunt game of the Malay world on Kungser's 37-point board (rules:
//! `docs/rules/rimau-rimau.md`, whose R rules are Kungser's): a [`Variant`] of the
//! shared hunt engine ([`hunt`](crate::games::common::hunt)) — data only.
//!
//! Two tigers on the apexes `c3` and `c7` face 24 men and move first. The nine central
//! men stand at the start, 15 in hand; the tigers' first turn removes 3 of them (V1),
//! later a tiger jumps an odd run of men (V3, V4). The tigers win at 16 men eliminated,
//! the 3 removals included (§5), or with the option `capture-all` at every man.

use std::sync::OnceLock;

use crate::games::common::hunt::board::Layout;
use crate::games::common::hunt::{
    Capture, Family, Format, Hunt, HuntGame, Opening, Variant, Words,
};
use crate::games::common::placement::Placement;
use crate::games::{GameInfo, OptionSpec, Setup, SetupError, Sides};

#[cfg(test)]
mod tests;

/// The id of Rimau-rimau.
pub const RIMAU_RIMAU: &str = "rimau-rimau";

/// The nine central points `b4`–`d6`: the men's start and V1's removals.
const CENTRE: &[&str] = &["b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6"];

/// Rimau-rimau: tigers and men (§1–§5).
pub static RULES: Variant = Variant {
    layout: Layout::TRIANGLES,
    // The apexes of the two triangles (§2).
    hunters: &["c3", "c7"],
    prey_start: CENTRE,
    prey: 24,
    hunters_first: true,
    opening: Opening::Removal {
        zone: CENTRE,
        count: 3,
    },
    capture: Capture::OddRun,
    target: 16,
    format: Format::Fields,
    drop_mark: "@",
    tokens: "a drop (@d3), a step (c3-c2), a capture (c3xc7) or the opening removal \
             (*b4,c5,d6 or *b4,c5,d6/c7-a1)",
    points: "a1, c1, e1, b2-d2, a3-e7, b8-d8, a9, c9, e9",
    words: Words {
        hunter: "tiger",
        hunters: "tigers",
        prey: "man",
        preys: "men",
        sides: ["the tiger side", "the men's side"],
        letters: ['T', 'M'],
        hunter_step: "V4",
        capture: "V3",
        one_capture: "V4",
        placement: Placement {
            piece: "man",
            drop_rule: "V2",
            move_rule: "V2",
        },
        blocked: "V5",
        stuck: "V2, R9",
        target: "§5",
        opening: "V1",
        repetition: "",
        taken: "eliminated",
    },
    geometry: OnceLock::new(),
};

/// The family of one game.
pub struct Games;

/// Rimau-rimau's [`Rules`](crate::games::Rules).
pub type RimauRimau = HuntGame<Games>;

/// The one option, declared once (read in `configure`, listed by `tgn games`).
const CAPTURE_ALL: OptionSpec = OptionSpec::switch(
    "capture-all",
    "rimau-rimau only: the tigers win by eliminating every man (Ludii's rule), not 16 men \
     counting the 3 opening removals",
);

impl Family for Games {
    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: RIMAU_RIMAU,
        name: "Rimau-rimau",
        aliases: &["rimau", "rimaurimau"],
        sides: Sides::new("Tigers", "Men"),
        moves: &["*b4,c5,d6/c7-a1", "@d3", "c3-c2", "c3xc7"],
        position: "T=c3,c7 M=… hand=15 captured=0 turn=T opening",
    }];

    const OPTIONS: &'static [OptionSpec] = &[CAPTURE_ALL];
    /// Kungser's, on the same board (fitted on Kungser's self-played games).
    const WIN_CURVE: f64 = 0.040;

    fn configure(setup: &Setup<'_>) -> Result<Hunt, SetupError> {
        Ok(Hunt {
            capture_all: setup.switch(&CAPTURE_ALL)?,
            ..Hunt::new(&RULES)
        })
    }
}
