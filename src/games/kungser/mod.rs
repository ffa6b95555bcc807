//! Kungser and Rimau-rimau, the hunt games of the 37-point board (rules: `kungser.md`,
//! sections 1–4 for Kungser, 5 for Rimau-rimau), as two [`Variant`]s.
//!
//! Two hunters (Kungser's princes, Rimau-rimau's tigers) on the apexes `c3` and `c7`
//! face 24 prey (lamas, men) and move first; they win by taking 16. Kungser: 8 lamas
//! round the empty centre, 16 in hand, a first move that takes one lama by a single
//! jump (R1), chains of short jumps (R3, R4). Rimau-rimau: the nine central men, 15 in
//! hand, a first turn that removes 3 of them (V1), jumps over odd runs (V3, V4).

use std::sync::OnceLock;

use crate::games::common::hunt::board::Layout;
use crate::games::common::hunt::{
    Capture, Family, Format, Hunt, HuntGame, Opening, Variant, Words,
};
use crate::games::common::placement::Placement;
use crate::games::{GameInfo, OptionSpec, Setup, Sides, SetupError};

#[cfg(test)]
mod tests;

/// The id of Kungser.
pub const KUNGSER: &str = "kungser";
/// The id of Rimau-rimau.
pub const RIMAU_RIMAU: &str = "rimau-rimau";

/// The hunters are the first player in both games.
#[cfg(test)]
pub const HUNTERS: crate::games::Player = crate::games::Player::First;
/// The prey are the second player.
#[cfg(test)]
pub const PREY_SIDE: crate::games::Player = crate::games::Player::Second;

/// The apexes of the two triangles, where the hunters start (§2, §5).
const APEXES: &[&str] = &["c3", "c7"];

/// The nine central points `b4`–`d6`: Rimau-rimau's start and V1's removals.
const CENTRE: &[&str] = &["b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6"];

/// Kungser: princes and lamas (§2–§4).
pub static KUNGSER_RULES: Variant = Variant {
    layout: Layout::TRIANGLES,
    hunters: APEXES,
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

/// Rimau-rimau: tigers and men (§5).
pub static RIMAU_RULES: Variant = Variant {
    layout: Layout::TRIANGLES,
    hunters: APEXES,
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

/// The games of the 37-point board.
pub struct Triangles;

/// Kungser's and Rimau-rimau's [`Rules`](crate::games::Rules).
pub type Kungser = HuntGame<Triangles>;

/// The one option, declared once (read in `configure`, listed by `tgn games`).
const CAPTURE_ALL: OptionSpec = OptionSpec::switch(
    "capture-all",
    "rimau-rimau only: the tigers win by eliminating every man (Ludii's rule), not 16 men \
     counting the 3 opening removals",
);

impl Family for Triangles {
    const GAMES: &'static [GameInfo] = &[
        GameInfo {
            id: KUNGSER,
            name: "Kungser",
            aliases: &[],
            sides: Sides::new("Princes", "Lamas"),
            moves: &["@d3", "c3-c2", "e5xc3xa1xe1", "e5xe1"],
            position: "P=c3,c7 L=… hand=16 captured=0 turn=P opening",
        },
        GameInfo {
            id: RIMAU_RIMAU,
            name: "Rimau-rimau",
            aliases: &["rimau", "rimaurimau"],
            sides: Sides::new("Tigers", "Men"),
            moves: &["*b4,c5,d6/c7-a1", "@d3", "c3-c2", "c3xc7"],
            position: "T=c3,c7 M=… hand=15 captured=0 turn=T opening",
        },
    ];

    const OPTIONS: &'static [OptionSpec] = &[CAPTURE_ALL];
    /// Fitted on 40 self-played games, 29 of them drawn: a weak fit.
    const WIN_CURVE: f64 = 0.040;

    /// `capture-all` is Rimau-rimau's (V4 and Ludii's rule); Kungser has none.
    fn option_applies(game: &GameInfo, option: &OptionSpec) -> bool {
        option.name != "capture-all" || game.id != KUNGSER
    }

    fn configure(setup: &Setup<'_>) -> Result<Hunt, SetupError> {
        let kungser = setup.game().id == KUNGSER;
        let capture_all = setup.switch(&CAPTURE_ALL)?;
        if capture_all && kungser {
            return Err(SetupError::option(
                "capture-all",
                "a Rimau-rimau option; Kungser's princes win at 16 \
                 lamas captured (R7)",
            ));
        }
        let variant = if kungser {
            &KUNGSER_RULES
        } else {
            &RIMAU_RULES
        };
        Ok(Hunt {
            capture_all,
            ..Hunt::new(variant)
        })
    }
}
