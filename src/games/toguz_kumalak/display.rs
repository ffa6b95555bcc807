//! The position and the moves shown to people and machines: the text diagram, the
//! JSON state and the one-line account of a turn.

use serde_json::json;

use super::position::{Event, Pit, Position, ROW, Refusal, Side};
use super::rules::Turn;
use super::{Direction, Move, ToguzKumalak};
use crate::games::Diagram;
use crate::games::common::diagram::{MarkKind, RowPit};
use crate::games::common::mancala::{DrawnPit, draw_rows};

impl ToguzKumalak {
    /// Two rows as seen from South: North's row on top, South's below, each count
    /// under or over its pit name, kazans at the left, `X` for a tuzdyk.
    ///
    /// Counter-clockwise (the default) puts N9…N1 over S1…S9; the clockwise mirror image
    /// (§4.6) numbers from each owner's right, so N1…N9 over S9…S1.
    pub(super) fn drawing(&self, position: &Position) -> String {
        let numbers: Vec<u8> = match self.direction {
            Direction::Ccw => (1..=ROW as u8).collect(),
            Direction::Cw => (1..=ROW as u8).rev().collect(),
        };
        let pit = |side: Side, number: u8| -> DrawnPit {
            let pit = Pit::new(side, number).expect("pit numbers 1-9");
            DrawnPit {
                label: pit.to_string(),
                cell: if position.tuzdyk_owner(pit).is_some() {
                    "X".to_string()
                } else {
                    position.count(pit).to_string()
                },
            }
        };
        let north: Vec<DrawnPit> = numbers.iter().rev().map(|&n| pit(Side::North, n)).collect();
        let south: Vec<DrawnPit> = numbers.iter().map(|&n| pit(Side::South, n)).collect();
        let kazans = position.kazans().map(u32::from);
        let mut lines = draw_rows("kazan", kazans, &north, &south).to_vec();
        let mut last = format!("{} to move", position.to_move());
        for owner in Side::BOTH {
            if let Some(pit) = position.tuzdyk(owner) {
                last.push_str(&format!("; {pit} is {owner}'s tuzdyk"));
            }
        }
        lines.push(last);
        lines.join("\n")
    }

    /// The board as a scene: the rows in the order of the text diagram, each pit with
    /// its count (a tuzdyk marked, its count what it holds: nothing, R7), the kazans
    /// between the rows, and the pit sown from.
    pub(super) fn scene(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let numbers: Vec<u8> = match self.direction {
            Direction::Ccw => (1..=ROW as u8).collect(),
            Direction::Cw => (1..=ROW as u8).rev().collect(),
        };
        let pit = |side: Side, number: u8| -> RowPit {
            let pit = Pit::new(side, number).expect("pit numbers 1-9");
            RowPit {
                name: pit.to_string(),
                count: u32::from(position.count(pit)),
                kind: if position.tuzdyk_owner(pit).is_some() {
                    "tuzdyk"
                } else {
                    "pit"
                },
            }
        };
        let north = numbers.iter().rev().map(|&n| pit(Side::North, n)).collect();
        let south = numbers.iter().map(|&n| pit(Side::South, n)).collect();
        let kazans = position.kazans();
        let mut diagram = Diagram::two_rows(
            north,
            south,
            [
                ("S kazan".to_string(), u32::from(kazans[0])),
                ("N kazan".to_string(), u32::from(kazans[1])),
            ],
        );
        if let Some(mv) = last {
            diagram.mark(MarkKind::Sown, &mv.from.to_string());
        }
        diagram.to_move = Some(position.to_move().player());
        diagram.status_from(&self.drawing(position));
        diagram
    }

    /// The position as JSON (the data model's `state`, docs/format.md):
    ///
    /// ```json
    /// {
    ///   "pits": {"first": [9, 9, 9, 9, 9, 9, 9, 9, 9],
    ///            "second": [9, 9, 9, 9, 9, 9, 9, 9, 9]},
    ///   "kazans": [0, 0],
    ///   "tuzdyks": {"first": null, "second": null},
    ///   "to_move": "first"
    /// }
    /// ```
    ///
    /// - `pits.first`, `pits.second`: stones in South's and North's pits 1–9, pit 1
    ///   first;
    /// - `kazans`: South's kazan, then North's;
    /// - `tuzdyks.first`: the number of the North pit that is South's tuzdyk, or
    ///   `null`; `tuzdyks.second`: the number of the South pit that is North's tuzdyk;
    /// - `to_move`: `"first"` (South) or `"second"` (North).
    pub(super) fn state_json(&self, position: &Position) -> serde_json::Value {
        let tuzdyk = |side| position.tuzdyk(side).map(Pit::number);
        json!({
            "pits": {
                "first": position.row(Side::South),
                "second": position.row(Side::North),
            },
            "kazans": position.kazans(),
            "tuzdyks": {
                "first": tuzdyk(Side::South),
                "second": tuzdyk(Side::North),
            },
            "to_move": position.to_move().player(),
        })
    }

    /// One line on what a turn did: the sowing, its event, stones that fell into a
    /// tuzdyk, the kazans, and the end of the game if the turn ended it.
    pub(super) fn account(&self, turn: &Turn) -> String {
        let sowing = &turn.sowing;
        let mover = turn.mover();
        let landing = sowing.landing;
        let mut text = format!(
            "{mover} sows {} from {}, lands in {landing}",
            sowing.stones, sowing.from
        );
        match sowing.event {
            Event::IntoTuzdyk => {
                text.push_str(", a tuzdyk (R5)");
            }
            Event::OwnSide | Event::Odd { .. } => {
                text.push_str(&format!(" ({})", sowing.landing_count));
            }
            Event::Capture { stones } => {
                text.push_str(&format!(" ({stones}): captures {stones}"));
            }
            Event::Tuzdyk => {
                text.push_str(&format!(" (3): tuzdyk at {landing} for {mover}"));
            }
            Event::Refused(refusal) => {
                let rule = match refusal {
                    Refusal::AlreadyOwns(_) => "R7a",
                    Refusal::PitNine => "R7b",
                    Refusal::Mirror(_) => "R7c",
                };
                text.push_str(&format!(" (3): no tuzdyk ({rule})"));
            }
        }
        for owner in Side::BOTH {
            let stones = sowing.into_tuzdyks[owner.index()];
            if stones > 0 {
                let s = if stones == 1 { "stone" } else { "stones" };
                text.push_str(&format!("; {stones} {s} into {owner}'s tuzdyk (R4)"));
            }
        }
        let [s, n] = turn.kazan_after_move_pair();
        text.push_str(&format!("; kazans {s}:{n}"));
        if let Some(collected) = turn.collected {
            let [s, n] = turn.after.kazans();
            text.push_str(&format!(
                "; {} has no move: {mover} collects {collected} (R11); final {s}:{n}",
                mover.opponent()
            ));
        } else if let Some(winner) = self.early_winner(&turn.after) {
            text.push_str(&format!(
                "; {winner} has {} stones (R10): game over",
                turn.after.kazan(winner)
            ));
        }
        text
    }
}

impl Turn {
    /// Both kazans after the sowing and its event, before any R11 collection.
    fn kazan_after_move_pair(&self) -> [u8; 2] {
        let mut kazans = self.after.kazans();
        kazans[self.mover().index()] = self.kazan_after_move();
        kazans
    }
}
