//! Bagh-chal, the hunt game of Nepal (rules: `bagh-chal.md`, R1–R8): four tigers
//! against twenty goats on the 5×5 alquerque board. A [`Variant`] of the shared hunt
//! engine — data only:
//!
//! - R1: the tigers on the corners `a1 e1 a5 e5`, 20 goats in hand, the goats first;
//! - R2, R3: the goats are placed (`c3`), then step (`c3-c4`): the shared placement
//!   phase, with no drop mark;
//! - R4: a tiger steps, or jumps one adjacent goat (`a1xc3`), one capture per turn;
//! - R5: the tigers win at 5 goats captured (option `tiger-captures`);
//! - R6: a side without a move loses; R7: the third occurrence of a position draws
//!   (option `repetition`); R8: the driver's checks after the end.
//!
//! The position string is the ranks form of the hunt engine, `T3T/5/5/5/T3T g 20 0`.

#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use super::common::hunt::board::Layout;
use super::common::hunt::{Capture, Family, Format, Hunt, HuntGame, Opening, Variant, Words};
use super::common::placement::Placement;
use super::{GameInfo, OptionSpec, Setup, SetupError};

/// The id of Bagh-chal.
pub const BAGH_CHAL: &str = "bagh-chal";

/// Prey taken for the tigers' win, at most (R5: `tiger-captures` is 1–20).
const MOST_CAPTURES: u8 = 20;

/// Bagh-chal as data (R1–R7).
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
        hunter: "tiger",
        hunters: "tigers",
        prey: "goat",
        preys: "goats",
        sides: ["the tiger side", "the goat side"],
        letters: ['T', 'G'],
        hunter_step: "R4",
        capture: "R4",
        one_capture: "R4",
        placement: Placement {
            piece: "goat",
            drop_rule: "R2",
            move_rule: "R3",
        },
        blocked: "R6",
        stuck: "R6",
        target: "R5",
        opening: "",
        repetition: "R7",
        taken: "captured",
    },
    geometry: OnceLock::new(),
};

/// The family of one game.
pub struct Games;

/// Bagh-chal's [`Rules`](crate::games::Rules).
pub type BaghChal = HuntGame<Games>;

/// The options, declared once (read in `configure`, listed by `tgn games`).
const TIGER_CAPTURES: OptionSpec = OptionSpec::text(
    "tiger-captures",
    "N",
    "6",
    "the tigers win at N goats captured, 1-20 (R5; default 5)",
);
const REPETITION: OptionSpec = OptionSpec::choice(
    "repetition",
    &["draw", "off"],
    "draw",
    "the third occurrence of a position draws, or nothing happens (R7; default draw)",
);

impl Family for Games {
    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: BAGH_CHAL,
        name: "Bagh-chal",
        aliases: &["baghchal"],
        sides: crate::games::Sides::new("Goats", "Tigers"),
        moves: &["c3", "c3-c4", "a1xc3"],
        position: "T3T/5/5/5/T3T g 20 0",
    }];

    const OPTIONS: &'static [OptionSpec] = &[TIGER_CAPTURES, REPETITION];
    /// Fitted on 40 self-played games: 1.6 prey taken is a 75% expected score.
    const WIN_CURVE: f64 = 0.70;

    fn configure(setup: &Setup<'_>) -> Result<Hunt, SetupError> {
        let target = match setup.text(&TIGER_CAPTURES) {
            None => RULES.target,
            Some(v) => v
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=MOST_CAPTURES).contains(n))
                .ok_or_else(|| {
                    SetupError::option(
                        TIGER_CAPTURES.name,
                        format!("expected a number 1-{MOST_CAPTURES}, found \"{v}\" (R5)"),
                    )
                })?,
        };
        let repetition = setup.choice(&REPETITION)? == "draw";
        Ok(Hunt {
            target,
            repetition,
            ..Hunt::new(&RULES)
        })
    }
}
