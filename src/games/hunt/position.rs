//! A hunt position: where the hunters and the prey stand, the prey still in hand, how
//! many prey have been taken, who moves, and whether the hunters' first turn (R1, V1)
//! is still to come; its position string, drawing and JSON state.
//!
//! # Position string
//!
//! ```text
//! P=c3,c7 L=b4,c4,d4,b5,d5,b6,c6,d6 hand=16 captured=0 turn=P opening
//! T=c3,c7 M=b4,c4,d4,b5,c5,d5,b6,c6,d6 hand=15 captured=0 turn=T opening
//! ```
//!
//! Space-separated fields, in any order when read (written in this order):
//! - the hunters' points after their letter (`P=` princes, `T=` tigers), then the
//!   prey's (`L=` lamas, `M=` men), comma-separated, `-` or nothing for none;
//! - `hand=N`: prey still to be placed;
//! - `captured=N`: prey taken so far (in Rimau-rimau the 3 opening removals count);
//! - `turn=P` / `turn=L` (`T` / `M`): the side to move;
//! - `opening` (only while due): the hunters' first turn, the single capture of R1 or
//!   the removal of V1, is still to be played.
//!
//! Checks: two hunters; no point twice; prey on the board, in hand and taken at most 24
//! (fewer for composed positions); `opening` only with the hunters to move, and in
//! Rimau-rimau only with 3 men on the nine central points to remove.

use serde_json::json;

use super::{Hunt, PREY, TARGET, Variant};
use crate::games::Player;
use crate::games::common::capture::{Set, bit, points};
use crate::games::common::drawing;

/// A position of Kungser or Rimau-rimau.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The princes or tigers.
    pub(super) hunters: Set,
    /// The lamas or men on the board.
    pub(super) prey: Set,
    /// Prey still in hand (R5, V2).
    pub(super) hand: u8,
    /// Prey taken so far (R7; in Rimau-rimau the opening removals too).
    pub(super) captured: u8,
    pub(super) to_move: Player,
    /// The hunters' first turn (R1, V1) is still to come.
    pub(super) opening: bool,
}

/// The hunters are the first player.
pub const HUNTERS: Player = Player::First;
/// The prey are the second player.
pub const PREY_SIDE: Player = Player::Second;

impl Position {
    /// The hunters' points.
    pub fn hunters(&self) -> Set {
        self.hunters
    }

    /// The prey's points.
    pub fn prey(&self) -> Set {
        self.prey
    }

    /// Every occupied point.
    pub fn occupied(&self) -> Set {
        self.hunters | self.prey
    }

    /// Prey in hand.
    pub fn hand(&self) -> u8 {
        self.hand
    }

    /// Prey taken.
    pub fn captured(&self) -> u8 {
        self.captured
    }

    /// Whether the hunters' first turn is still to come.
    pub fn opening(&self) -> bool {
        self.opening
    }

    /// Prey on the board.
    pub fn prey_on_board(&self) -> u8 {
        self.prey.count_ones() as u8
    }

    /// Reads a position string (see the module doc).
    ///
    /// # Errors
    /// A sentence naming the field that is wrong.
    pub fn parse(hunt: &Hunt, text: &str) -> Result<Position, String> {
        let [hl, pl] = hunt.words.letters;
        let expected = format!("{hl}, {pl}, hand, captured, turn, opening");
        let mut fields: [Option<&str>; 5] = [None; 5];
        let mut opening = false;
        for field in text.split_whitespace() {
            if field.eq_ignore_ascii_case("opening") {
                if opening {
                    return Err("field opening is given twice".to_string());
                }
                opening = true;
                continue;
            }
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| format!("expected key=value or opening, found \"{field}\""))?;
            let slot = match key {
                k if k.eq_ignore_ascii_case(&hl.to_string()) => 0,
                k if k.eq_ignore_ascii_case(&pl.to_string()) => 1,
                "hand" => 2,
                "captured" => 3,
                "turn" => 4,
                _ => return Err(format!("unknown field \"{key}\" (expected {expected})")),
            };
            if fields[slot].replace(value).is_some() {
                return Err(format!("field {key} is given twice"));
            }
        }
        let names = [
            hl.to_string(),
            pl.to_string(),
            "hand".to_string(),
            "captured".to_string(),
            "turn".to_string(),
        ];
        let need = |i: usize| fields[i].ok_or_else(|| format!("field {} is missing", names[i]));
        let hunters = point_list(hunt, need(0)?, hl)?;
        let prey = point_list(hunt, need(1)?, pl)?;
        if let Some(p) = points(hunters & prey).next() {
            return Err(format!(
                "{} holds both a {} and a {}",
                hunt.geo.name(p),
                hunt.words.hunter,
                hunt.words.prey
            ));
        }
        if hunters.count_ones() != 2 {
            return Err(format!(
                "{hl}: expected the 2 {}, found {}",
                hunt.words.hunters,
                hunters.count_ones()
            ));
        }
        let count = |i: usize| {
            let v = need(i)?;
            v.parse::<u8>()
                .ok()
                .filter(|&n| n <= PREY)
                .ok_or_else(|| format!("{}: expected a count 0-{PREY}, found \"{v}\"", names[i]))
        };
        let hand = count(2)?;
        let captured = count(3)?;
        let turn = need(4)?;
        let to_move = match turn {
            t if t.eq_ignore_ascii_case(&hl.to_string()) => HUNTERS,
            t if t.eq_ignore_ascii_case(&pl.to_string()) => PREY_SIDE,
            other => return Err(format!("turn: expected {hl} or {pl}, found \"{other}\"")),
        };
        let total = u32::from(hand) + u32::from(captured) + prey.count_ones();
        if total > u32::from(PREY) {
            return Err(format!(
                "{} on the board ({}), in hand ({hand}) and captured ({captured}) make {total}, \
                 more than {PREY}",
                hunt.words.preys,
                prey.count_ones()
            ));
        }
        if opening {
            if to_move != HUNTERS {
                return Err(format!(
                    "opening: the first turn is the {}', but turn={pl}",
                    hunt.words.hunters
                ));
            }
            if hunt.variant == Variant::RimauRimau && (prey & hunt.geo.centre).count_ones() < 3 {
                return Err(
                    "opening: fewer than 3 men on the nine central points b4-d6 to remove (V1)"
                        .to_string(),
                );
            }
        }
        Ok(Position {
            hunters,
            prey,
            hand,
            captured,
            to_move,
            opening,
        })
    }

    /// Writes the position string (see the module doc).
    pub fn write(&self, hunt: &Hunt) -> String {
        let [hl, pl] = hunt.words.letters;
        let mut text = format!(
            "{hl}={} {pl}={} hand={} captured={} turn={}",
            list(hunt, self.hunters),
            list(hunt, self.prey),
            self.hand,
            self.captured,
            hunt.words.letters[self.to_move.index()]
        );
        if self.opening {
            text.push_str(" opening");
        }
        text
    }

    /// The board with its triangles and diagonals, the hunters' and prey's letters and
    /// `.` on the points; then who moves, the hand, the count of prey taken and what
    /// wins, and the opening turn if it is due.
    pub fn draw(&self, hunt: &Hunt) -> String {
        let [hl, pl] = hunt.words.letters;
        let mut lines = drawing::draw(&hunt.geo.board, |p| {
            if self.hunters & bit(p) != 0 {
                hl
            } else if self.prey & bit(p) != 0 {
                pl
            } else {
                '.'
            }
        });
        let w = hunt.words;
        let goal = if hunt.capture_all {
            format!("the {} win when no {} is left", w.hunters, w.prey)
        } else {
            format!("the {} win at {TARGET}", w.hunters)
        };
        let mut status = format!(
            "{} to move; {} in hand {}, {} {} ({goal})",
            w.letters[self.to_move.index()],
            w.preys,
            self.hand,
            w.taken,
            self.captured
        );
        if self.opening {
            status.push_str(&match hunt.variant {
                Variant::Kungser => {
                    "; first turn: one lama taken by a single jump (R1)".to_string()
                }
                Variant::RimauRimau => {
                    "; first turn: remove 3 of the central men, then a tiger may move (V1)"
                        .to_string()
                }
            });
        }
        lines.push(status);
        lines.join("\n")
    }

    /// The position as JSON:
    ///
    /// - `princes` / `tigers`, `lamas` / `men`: the points of each side (`["c3", "c7"]`);
    /// - `hand`: the prey still in hand;
    /// - `captured`: the prey taken (Rimau-rimau: the opening removals included);
    /// - `to_move`: `"P"` or `"L"` (`"T"` or `"M"`);
    /// - `opening`: whether the hunters' first turn (R1, V1) is still to come;
    /// - `position`: the position string.
    pub fn state(&self, hunt: &Hunt) -> serde_json::Value {
        let names = |set: Set| {
            points(set)
                .map(|p| hunt.geo.name(p).to_string())
                .collect::<Vec<_>>()
        };
        let mut map = serde_json::Map::new();
        map.insert(hunt.words.hunters.into(), json!(names(self.hunters)));
        map.insert(hunt.words.preys.into(), json!(names(self.prey)));
        map.insert("hand".into(), json!(self.hand));
        map.insert("captured".into(), json!(self.captured));
        map.insert(
            "to_move".into(),
            json!(hunt.words.letters[self.to_move.index()].to_string()),
        );
        map.insert("opening".into(), json!(self.opening));
        map.insert("position".into(), json!(self.write(hunt)));
        serde_json::Value::Object(map)
    }
}

/// `c3,c7`, or `-` for none, in the board's order (rank by rank from `a1`).
fn list(hunt: &Hunt, set: Set) -> String {
    if set == 0 {
        return "-".to_string();
    }
    points(set)
        .map(|p| hunt.geo.name(p).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A comma-separated list of points (`-` or nothing for none), each at most once.
fn point_list(hunt: &Hunt, text: &str, letter: char) -> Result<Set, String> {
    let mut set = 0;
    for name in text.split(',').filter(|n| !n.is_empty() && *n != "-") {
        let p = hunt
            .geo
            .board
            .parse_point(name)
            .ok_or_else(|| format!("{letter}: \"{name}\" is not a point of the board"))?;
        if set & bit(p) != 0 {
            return Err(format!("{letter}: {name} is listed twice"));
        }
        set |= bit(p);
    }
    Ok(set)
}

impl Hunt {
    /// §2: princes on the apexes, eight lamas round the empty centre, 16 in hand;
    /// §5: tigers on the apexes, the nine central men, 15 in hand. The hunters open.
    pub fn start(&self) -> Position {
        let ring = self.geo.centre & !bit(self.geo.middle);
        let prey = match self.variant {
            Variant::Kungser => ring,
            Variant::RimauRimau => self.geo.centre,
        };
        Position {
            hunters: self.geo.apexes,
            prey,
            hand: PREY - prey.count_ones() as u8,
            captured: 0,
            to_move: HUNTERS,
            opening: true,
        }
    }
}
