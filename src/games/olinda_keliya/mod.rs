//! Olinda Keliya: the Sri Lankan mancala of two rows of seven pits and relay sowing.
//! Spec: `shared/rules/olinda-keliya.md`.
//!
//! # The rules in brief
//! - Board (§1–§2): S (South, first) and N each own a row of seven pits numbered 1–7
//!   from the owner's left, and a store outside the circuit `S1…S7 N1…N7`. Every pit
//!   starts with `Seeds` seeds (4, 5, 6 or 7).
//! - R1: S sows in `Direction` (ccw up the circuit, cw down it); in `opposite` mode N
//!   sows the other way, in `same` mode the same way.
//! - R2–R4: a turn lifts one non-empty pit of the mover's row and sows it one seed per
//!   pit (no pit skipped); while the pit after the last seed holds seeds, those are
//!   lifted and sown on (a relay, on either row).
//! - R5: when that pit is empty, the pit after it is captured, whatever its row (empty:
//!   nothing). R7: a starting pit whose relay never ends is illegal.
//! - R8–R11: the game ends when the player to move has no legal move, or when a
//!   position occurs for the third time (R9); each player then adds the seeds of their
//!   own row to their store, and more seeds wins.
//!
//! # Notation
//! A move is the pit played, `5`, optionally with the seeds it captures, `5x6`
//! (checked). The canonical form always carries the count: `5x6`, `2x0`.

mod notation;
mod position;
#[cfg(test)]
mod tests;

use serde_json::json;

use crate::games::common::diagram::{MarkKind, RowPit};
use crate::games::common::mancala::{DrawnPit, draw_rows, push_count, result_for, verdict};
use crate::games::common::score::check_score;
use crate::games::{
    Diagram, GameInfo, IllegalKind, MoveError, NotationError, OptionSpec, Ending, Outcome, Player, Rules,
    Setup, Sides, SetupError,
};

pub use notation::Token;
pub use position::{
    Direction, Endless, FREE_LAPS, Lap, MAX_LAPS, Pit, Position, ROW, Relay, Side, Turn,
};

/// How the second player sows (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// N sows against S's direction (the default).
    Opposite,
    /// Both sow in `Direction`.
    Same,
}

/// A move: the pit of the mover's row that starts the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Pit,
}

/// The Olinda Keliya engine, configured for one record.
#[derive(Clone, Copy, Debug)]
pub struct OlindaKeliya {
    seeds: u8,
    direction: Direction,
    mode: Mode,
}

impl OlindaKeliya {
    /// The engine with explicit options.
    pub fn new(seeds: u8, direction: Direction, mode: Mode) -> OlindaKeliya {
        OlindaKeliya {
            seeds,
            direction,
            mode,
        }
    }

    /// R1: the direction `side` sows in.
    pub fn direction_of(&self, side: Side) -> Direction {
        match (side, self.mode) {
            (Side::North, Mode::Opposite) => self.direction.reversed(),
            _ => self.direction,
        }
    }

    /// The turn the side to move plays from `from`, or why it cannot (R2, R7).
    pub fn turn(&self, position: &Position, from: Pit) -> Result<Turn, MoveError> {
        self.lifts(position, from)?;
        position
            .turn(from, self.direction_of(position.to_move()))
            .map_err(|e| endless(from, e))
    }

    /// R2: the pit holds seeds to lift.
    fn lifts(&self, position: &Position, from: Pit) -> Result<(), MoveError> {
        if position.count(from) == 0 {
            let point = from.to_string();
            let reason = format!("pit {point} is empty");
            return Err(MoveError::illegal_kind(IllegalKind::NoPiece { point }, reason).rule("R2"));
        }
        Ok(())
    }

    /// Whether the player to move has a legal move (R8), stopping at the first: a pit
    /// with seeds (R2) whose relay ends (R7).
    pub fn has_move(&self, position: &Position) -> bool {
        let direction = self.direction_of(position.to_move());
        (1..=ROW as u8)
            .filter_map(|n| Pit::new(position.to_move(), n))
            .any(|from| position.count(from) > 0 && position.sow(from, direction).is_ok())
    }

    /// The pit a token plays, checked (R2, R7), and the relay it sows, its capture
    /// mark checked against it (R5).
    fn checked(&self, position: &Position, token: &Token) -> Result<(Move, Relay), MoveError> {
        let from = Pit::new(position.to_move(), token.pit)
            .ok_or_else(|| MoveError::illegal(format!("pit {} does not exist", token.pit)))?;
        self.lifts(position, from)?;
        let relay = position
            .sow(from, self.direction_of(position.to_move()))
            .map_err(|e| endless(from, e))?;
        if let Some(written) = token.captured
            && written != u32::from(relay.captured)
        {
            let what = if relay.captured > 0 {
                format!("{} seeds from {}", relay.captured, relay.capture_pit)
            } else {
                format!("nothing ({} is empty)", relay.capture_pit)
            };
            return Err(
                MoveError::wrong_mark(format!("{from} captures {what}, not {written}")).rule("R5"),
            );
        }
        Ok((Move { from }, relay))
    }

    /// Why the game is over in `position`, if it is: R9 or R8, then R10–R11.
    /// R9: the position occurs for the third time.
    fn repeated_thrice(position: &Position) -> bool {
        position.occurrences() >= 3
    }

    fn end(&self, position: &Position) -> Option<(Ending, &'static str, String, [u32; 2])> {
        let count = position.final_count();
        // Room for the whole reason `outcome` writes after this.
        let mut why = String::with_capacity(128);
        let (ending, rule) = if Self::repeated_thrice(position) {
            why.push_str("the position occurs for the third time (R9)");
            (Ending::Repetition, "R9")
        } else if !self.has_move(position) {
            why.push(position.to_move().letter());
            why.push_str(" has no legal move (R8)");
            (Ending::FinalCount, "R8")
        } else {
            return None;
        };
        Some((ending, rule, why, count))
    }

    /// The two rows of seven as the text drawing orders them, the stores between
    /// them, and the pit sown from.
    fn scene(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let pit = |side: Side, number: u8| -> RowPit {
            let pit = Pit::new(side, number).expect("pits 1-7");
            RowPit {
                name: pit.to_string(),
                count: u32::from(position.count(pit)),
                kind: "pit",
            }
        };
        let north = (1..=ROW as u8).rev().map(|n| pit(Side::North, n)).collect();
        let south = (1..=ROW as u8).map(|n| pit(Side::South, n)).collect();
        let stores = position.stores().map(u32::from);
        let mut diagram = Diagram::two_rows(
            north,
            south,
            [
                ("S store".to_string(), stores[0]),
                ("N store".to_string(), stores[1]),
            ],
        );
        if let Some(mv) = last {
            diagram.mark(MarkKind::Sown, &mv.from.to_string());
        }
        diagram.to_move = Some(self.to_move(position));
        diagram.status_from(&self.draw_position(position));
        diagram
    }

    fn draw_position(&self, position: &Position) -> String {
        let pit = |side: Side, number: u8| -> DrawnPit {
            let pit = Pit::new(side, number).expect("pits 1-7");
            DrawnPit {
                label: pit.to_string(),
                cell: position.count(pit).to_string(),
            }
        };
        let north: Vec<DrawnPit> = (1..=ROW as u8).rev().map(|n| pit(Side::North, n)).collect();
        let south: Vec<DrawnPit> = (1..=ROW as u8).map(|n| pit(Side::South, n)).collect();
        let mut lines =
            draw_rows("store", position.stores().map(u32::from), &north, &south).to_vec();
        let mover = position.to_move();
        let mut last = format!(
            "{mover} to move; S sows {}, N sows {}",
            self.direction_of(Side::South).name(),
            self.direction_of(Side::North).name()
        );
        let seen = position.occurrences();
        if seen > 1 {
            last.push_str(&format!("; position seen {seen} times (R9)"));
        }
        lines.push(last);
        lines.join("\n")
    }

    /// One line on a turn: its laps, the stop and the capture, the stores, and the end
    /// of the game if the turn ended it.
    fn account(&self, turn: &Turn) -> String {
        let mover = turn.mover;
        let lap = |l: &Lap| format!("{} {} → {}", l.lifted, l.seeds, l.last);
        let laps = &turn.laps;
        let listed: Vec<String> = if laps.len() <= 12 {
            laps.iter().map(lap).collect()
        } else {
            let mut v: Vec<String> = laps[..10].iter().map(lap).collect();
            v.push(format!("… {} more laps", laps.len() - 11));
            v.push(lap(&laps[laps.len() - 1]));
            v
        };
        let plural = if laps.len() == 1 { "lap" } else { "laps" };
        let mut text = format!(
            "{mover} plays {} ({} {plural}: {}); {} is empty: ",
            turn.from(),
            laps.len(),
            listed.join(", "),
            turn.stop
        );
        if turn.captured > 0 {
            text.push_str(&format!(
                "captures {} from {} (R5)",
                turn.captured, turn.capture_pit
            ));
        } else {
            text.push_str(&format!(
                "{} is empty too, nothing captured (R5)",
                turn.capture_pit
            ));
        }
        let [s, n] = turn.after.stores();
        text.push_str(&format!("; stores {s}:{n}"));
        if let Some(outcome) = self.outcome(&turn.after) {
            text.push_str(&format!("; game over: {}", outcome.reason));
        }
        text
    }
}

impl Default for OlindaKeliya {
    fn default() -> OlindaKeliya {
        OlindaKeliya::new(4, Direction::Ccw, Mode::Opposite)
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const SEEDS: OptionSpec = OptionSpec::choice(
    "seeds",
    &["4", "5", "6", "7"],
    "4",
    "seeds per pit at the start: 4 (default), 5, 6 or 7",
);
const DIRECTION: OptionSpec = OptionSpec::choice(
    "direction",
    &["ccw", "cw"],
    "ccw",
    "the first player's sowing direction: ccw (default, S7→N1) or cw (S1→N7) (R1)",
);
const MODE: OptionSpec = OptionSpec::choice(
    "mode",
    &["opposite", "same"],
    "opposite",
    "opposite (default): the second player sows the other way; same: both sow in Direction (R1)",
);

impl Rules for OlindaKeliya {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "olinda-keliya",
        name: "Olinda Keliya",
        aliases: &["olinda", "olinda-keli", "olinda-kaliya", "olindakeliya"],
        sides: Sides::new("South", "North"),
        moves: &["5x6", "2x0", "5"],
        position: "S:…/N:…/K:6,0/M:N",
    }];

    const OPTIONS: &'static [OptionSpec] = &[SEEDS, DIRECTION, MODE];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let seeds = match setup.choice(&SEEDS)? {
            "5" => 5,
            "6" => 6,
            "7" => 7,
            _ => 4,
        };
        let direction = match setup.choice(&DIRECTION)? {
            "cw" => Direction::Cw,
            _ => Direction::Ccw,
        };
        let mode = match setup.choice(&MODE)? {
            "same" => Mode::Same,
            _ => Mode::Opposite,
        };
        Ok(OlindaKeliya::new(seeds, direction, mode))
    }

    fn start_position(&self) -> Position {
        Position::start(self.seeds)
    }

    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        notation::write_position(position)
    }

    fn diagram(&self, position: &Position, last: Option<&Move>) -> Diagram {
        self.scene(position, last)
    }

    fn draw(&self, position: &Position) -> String {
        self.draw_position(position)
    }

    /// `{"pits": {"first": [South's 7 counts], "second": [North's 7]}, "stores": [S,
    /// N], "to_move": "first"|"second", "occurrences": <R9 count>, "final": [S, N] |
    /// null}`; `final` is the R10 count once the game is over.
    fn state(&self, position: &Position) -> serde_json::Value {
        json!({
            "pits": {
                "first": position.row(Side::South),
                "second": position.row(Side::North),
            },
            "stores": position.stores(),
            "to_move": position.to_move().player(),
            "occurrences": position.occurrences(),
            "final": self.end(position).map(|(.., count)| count),
        })
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move().player()
    }

    const SCORE_UNIT: &'static str = "seeds: the mover's store less the opponent's";

    /// Seeds: the mover's store less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        let stores = position.stores();
        let me = position.to_move().index();
        i32::from(stores[me]) - i32::from(stores[1 - me])
    }

    /// The pits, stores and turn, without R9's history.
    fn position_key(&self, position: &Position) -> u64 {
        let p = position;
        crate::games::hash_key(&(p.key(), p.stores()))
    }

    /// Fitted on 40 self-played games: 5.9 seeds is a 75% expected score
    /// (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 0.19;

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        let (ending, rule, mut reason, count) = self.end(position)?;
        let (winner, says) = verdict(count);
        let [s, n] = count;
        // Written into one string: this runs at the end of every game of an archive.
        let adding = Side::BOTH.map(|side| (side, position.row_total(side)));
        let mut adds = adding.iter().filter(|(_, row)| *row > 0).peekable();
        if adds.peek().is_some() {
            for (i, (side, row)) in adds.enumerate() {
                reason.push_str(if i == 0 { ", " } else { " and " });
                reason.push(side.letter());
                reason.push_str(" adds ");
                push_count(&mut reason, *row);
            }
            reason.push_str(" (R10)");
        }
        reason.push_str("; final ");
        push_count(&mut reason, s);
        reason.push(':');
        push_count(&mut reason, n);
        reason.push_str(", ");
        reason.push_str(says);
        reason.push_str(" (R11)");
        Some(Outcome::new(result_for(winner), ending, rule, reason))
    }

    /// R9; R8 (no legal move) is for the move to tell.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        Self::repeated_thrice(position)
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        let side = position.to_move();
        (1..=ROW as u8)
            .filter_map(|n| Pit::new(side, n))
            .filter(|&from| self.turn(position, from).is_ok())
            .map(|from| Move { from })
            .collect()
    }

    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse_token(text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        self.checked(position, token).map(|(mv, _)| mv)
    }

    /// The relay sown once, its capture mark checked, and settled in place.
    fn play_token(&self, position: &mut Position, token: &Token) -> Result<(), MoveError> {
        let (_, relay) = self.checked(position, token)?;
        position.settle(&relay);
        Ok(())
    }

    /// The final count (R10) if the game is over, else the stores.
    fn judge_score(&self, position: &Position, declared: &str) -> Result<(), super::Invalid> {
        self.score_judged(position, declared)
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        let direction = self.direction_of(position.to_move());
        let relay = position.sow(mv.from, direction).expect("a legal move");
        position.settle(&relay);
    }

    const MARKS: &'static str = "capture counts (`5x6`)";

    /// The pit alone: `5` names the move whatever count `5x6` gives it.
    fn unmarked(&self, token: &Token) -> Option<Token> {
        token.captured.map(|_| Token {
            captured: None,
            ..*token
        })
    }

    fn write_move(&self, before: &Position, mv: &Move) -> String {
        let turn = self.turn(before, mv.from).expect("a legal move");
        notation::write_token(mv.from.number(), turn.captured)
    }

    fn describe(&self, before: &Position, mv: &Move, _after: &Position) -> String {
        match self.turn(before, mv.from) {
            Ok(turn) => self.account(&turn),
            Err(e) => e.to_string(),
        }
    }
}

/// R7's refusal of the pit `from`, in a sentence.
fn endless(from: Pit, e: Endless) -> MoveError {
    let why = match e {
        Endless::Repeats { laps, again } => format!(
            "the relay from {from} never ends: after {laps} laps it would lift {again} again \
             with every pit as before, so playing {from} is illegal"
        ),
        Endless::TooLong => format!(
            "the relay from {from} does not end within {MAX_LAPS} laps, the most a move may \
             sow: it is taken as endless, so playing {from} is illegal"
        ),
        Endless::Unchecked => {
            return MoveError::Unchecked {
                reason: format!(
                    "the relay from {from} goes on past {FREE_LAPS} laps, and the run's \
                     search allowance ran out before {MAX_LAPS} (a limit of tgn, not a rule)"
                ),
            };
        }
    };
    MoveError::illegal(why).rule("R7")
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl OlindaKeliya {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        notation::parse_position(text, u32::from(self.seeds) * 14)
    }

    fn score_judged(&self, position: &Position, declared: &str) -> Result<(), super::Invalid> {
        match self.end(position) {
            Some((.., count)) => check_score(declared, count, "the final count (R10)"),
            None => check_score(declared, position.stores().map(u32::from), "the stores"),
        }
    }
}
