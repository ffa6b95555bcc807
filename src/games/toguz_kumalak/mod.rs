//! Toguz Kumalak (Togyz Kumalak, Toguz Korgool): the Central Asian mancala of two rows
//! of nine pits, 162 stones and the *tuzdyk*. Spec: `shared/rules/toguz-kumalak.md`.
//!
//! # The rules in brief
//! - Board (§1–§2): S (South, first) and N each own a row of nine pits numbered 1–9
//!   from the owner's left, and a kazan. Sowing order S1…S9 N1…N9 S1…; every pit
//!   starts with 9 stones.
//! - R1: a move empties one non-empty pit of the mover's row that is not a tuzdyk.
//! - R2–R3: with n ≥ 2 stones the first goes back into the emptied pit, the rest one
//!   per pit onwards (passing the starting pit again on long moves); a single stone
//!   goes to the next pit.
//! - R4: a stone dropped into a tuzdyk goes at once to the tuzdyk owner's kazan.
//! - R5–R7, one event decided by the landing pit only (R9): none in the mover's own
//!   row or in a tuzdyk; an even count in the opponent's row is captured (R6); exactly
//!   3 there makes the mover's tuzdyk and is captured (R7), unless the mover has one
//!   already (a), it is the opponent's pit 9 (b), or it has the number of the
//!   opponent's tuzdyk (c). R8: a tuzdyk is never played from, never lost.
//! - R10: a kazan of 82 or more ends the game at once (option `play-out` disables this).
//! - R11: when the player to move has no legal move the game ends and the other player
//!   adds the stones of their own row to their kazan. R12: more stones wins, 81:81 draws.
//!
//! # Notation
//! A move is written `PL` — the pit played and the number of the pit where the last
//! stone lands — with optional marks, each checked: `X`/`x`/`х` when the move makes a
//! tuzdyk, `(N)` the mover's kazan after the move. A bare `P` is accepted.
//!
//! The canonical form follows PlayOK, whose 1,199 records in `shared/data/toguz/` are
//! the reference: `X` on a move that makes a tuzdyk, `(N)` on an even capture (R6)
//! only. PlayOK never writes `(N)` on a tuzdyk move, nor on a quiet move that
//! credited the mover through a tuzdyk (R4); and `(N)` is the kazan after the capture,
//! before any R11 collection that the same move triggers (checked on that data set).
//!
//! # Direction
//! The clockwise variant (`[Direction "cw"]`, §4.6) is the exact mirror image of the
//! board: each owner numbers pits from their *right* and sows clockwise, so the
//! sowing order is still S1…S9 N1…N9 and every rule, token and position string reads
//! the same. Only the picture changes: [`Rules::draw`] mirrors the rows.
//!
//! The position is a small `Copy` struct and a sowing is a few array operations
//! (whole laps added at once); `play` and a successful `resolve` never allocate.

mod display;
mod notation;
mod position;
mod rules;
#[cfg(test)]
mod tests;

use crate::games::{
    Diagram, GameInfo, MoveError, NotationError, OptionSpec, Outcome, Player, Rules, Setup, Sides,
    SetupError,
};

pub use notation::Token;
use position::Illegal;
pub use position::{Pit, Position, Side};
use rules::Refused;

/// The sowing direction as drawn (§4.6); the rules do not depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Counter-clockwise, pits numbered from each owner's left (tournament play).
    Ccw,
    /// Clockwise, the mirror image: pits numbered from each owner's right.
    Cw,
}

/// A move: the pit the side to move empties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Pit,
}

/// The Toguz Kumalak engine, configured for one record.
#[derive(Clone, Copy, Debug)]
pub struct ToguzKumalak {
    direction: Direction,
    /// `play-out`: R10 is off, the game goes on until R11.
    play_out: bool,
}

impl ToguzKumalak {
    /// The engine with explicit options.
    pub fn new(direction: Direction, play_out: bool) -> ToguzKumalak {
        ToguzKumalak {
            direction,
            play_out,
        }
    }
}

impl Default for ToguzKumalak {
    fn default() -> ToguzKumalak {
        ToguzKumalak::new(Direction::Ccw, false)
    }
}

fn player(side: Side) -> Player {
    side.player()
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
/// What a tuzdyk is worth to the evaluation, in stones: a rough estimate of what it
/// gathers over the rest of a game (every seed sown into it is its owner's, R7).
pub const TUZDYK_WORTH: i32 = 10;

const DIRECTION: OptionSpec = OptionSpec::choice(
    "direction",
    &["ccw", "cw"],
    "ccw",
    "sowing direction: ccw (default) or cw, the mirror image (only the drawing changes)",
);
const PLAY_OUT: OptionSpec = OptionSpec::switch(
    "play-out",
    "no early end at 82 stones (R10): the game goes on until a player cannot move",
);

impl Rules for ToguzKumalak {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "toguz-kumalak",
        name: "Toguz Kumalak",
        aliases: &[
            "togyz-kumalak",
            "togyzkumalak",
            "toguz-korgool",
            "togyz-korgool",
            "togyz-qumalaq",
            "togyzqumalaq",
            "toguz",
            "togyz",
        ],
        sides: Sides::new("South", "North"),
        moves: &["98(10)", "68X", "7"],
        position: "S:…/N:…/K:…/T:…/M:S",
    }];

    const OPTIONS: &'static [OptionSpec] = &[DIRECTION, PLAY_OUT];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let direction = match setup.choice(&DIRECTION)? {
            "cw" => Direction::Cw,
            _ => Direction::Ccw,
        };
        Ok(ToguzKumalak::new(direction, setup.switch(&PLAY_OUT)?))
    }

    fn start_position(&self) -> Position {
        Position::start()
    }

    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        notation::write_position(position)
    }

    fn draw(&self, position: &Position) -> String {
        self.drawing(position)
    }

    fn diagram(&self, position: &Position, last: Option<&Move>) -> Diagram {
        self.scene(position, last)
    }

    /// See the JSON layout on `ToguzKumalak::state_json` (module `display`):
    /// `{"pits": {"first": [9 counts], "second": [9 counts]}, "kazans": [S, N],
    /// "tuzdyks": {"first": <N pit or null>, "second": <S pit or null>},
    /// "to_move": "first"|"second"}`.
    fn state(&self, position: &Position) -> serde_json::Value {
        self.state_json(position)
    }

    fn to_move(&self, position: &Position) -> Player {
        player(position.to_move())
    }

    const SCORE_UNIT: &'static str = "stones: the mover's kazan less the opponent's, a tuzdyk worth 10";

    /// Stones: the mover's kazan less the opponent's, a tuzdyk counting
    /// [`TUZDYK_WORTH`] stones.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move();
        let worth = |side: Side| {
            i32::from(position.kazan(side))
                + TUZDYK_WORTH * i32::from(position.tuzdyk(side).is_some())
        };
        worth(me) - worth(me.opponent())
    }

    /// Fitted on PlayOK's games: a score of 30 stones is a 75% expected score
    /// (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 0.037;

    /// Captures swing the kazans by dozens of stones, and a position has at most 9
    /// moves.
    const QUIESCENCE: bool = true;

    fn position_key(&self, position: &Position) -> u64 {
        crate::games::hash_key(position)
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.outcome_of(position)
    }

    /// R10: a kazan past half the stones ends the game whatever moves are left.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        self.early_winner(position).is_some()
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        let side = position.to_move();
        (1..=9)
            .filter_map(|n| Pit::new(side, n))
            .filter(|&pit| position.illegal(pit).is_none())
            .map(|from| Move { from })
            .collect()
    }

    #[inline]
    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse_token(text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        let from = self.playable(position, token).map_err(Refused::Illegal)?;
        let has_marks = token.landing.is_some() || token.tuzdyk.is_some() || token.kazan.is_some();
        if has_marks {
            let turn = self.turn(position, from);
            let kazan_after_move = turn.kazan_after_move();
            self.check_marks(token, &turn.sowing, kazan_after_move)
                .map_err(|mismatch| Refused::Mark {
                    mismatch,
                    sowing: turn.sowing,
                    kazan_after_move,
                })?;
        }
        Ok(Move { from })
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        *position = self.turn(position, mv.from).after;
    }

    /// PlayOK's tokens (`87`, `68X`, `87(10)`) read and played at once.
    #[inline]
    fn play_text(&self, position: &mut Position, text: &str) -> bool {
        self.parse_token(text)
            .is_ok_and(|token| self.play_marked(position, &token).is_ok())
    }

    /// One turn played out, its marks checked against it and kept.
    fn play_token(&self, position: &mut Position, token: &Token) -> Result<(), MoveError> {
        Ok(self.play_marked(position, token)?)
    }

    fn write_move(&self, before: &Position, mv: &Move) -> String {
        let turn = self.turn(before, mv.from);
        let sowing = &turn.sowing;
        let (tuzdyk, kazan) = match sowing.event {
            position::Event::Tuzdyk => (true, None),
            position::Event::Capture { .. } => (false, Some(turn.kazan_after_move())),
            _ => (false, None),
        };
        notation::write_token(sowing.from.number(), sowing.landing.number(), tuzdyk, kazan)
    }

    fn describe(&self, before: &Position, mv: &Move, _after: &Position) -> String {
        self.account(&self.turn(before, mv.from))
    }

    const MARKS: &'static str = "landing pits, tuzdyk marks and kazan counts";

    /// The pit alone: the move `P` names whatever `PL`, `PLX` or `PL(N)` says of it.
    fn unmarked(&self, token: &Token) -> Option<Token> {
        let marked = token.landing.is_some() || token.tuzdyk.is_some() || token.kazan.is_some();
        marked.then_some(Token {
            landing: None,
            tuzdyk: None,
            kazan: None,
            ..*token
        })
    }

    /// `[%kazans S N]`: both kazans after the move, South's then North's, as
    /// federation sheets note them every ten moves (`docs/rules/toguz-kumalak.md`).
    fn check_partial(
        &self,
        name: &str,
        value: &str,
        position: &Position,
    ) -> Option<Result<(), super::Invalid>> {
        (name == "kazans").then(|| notation::check_kazans(value, position.kazans()))
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl ToguzKumalak {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        notation::parse_position(text)
    }

    /// The pit the token plays, if the side to move may play it (R1, R8).
    #[inline]
    fn playable(&self, position: &Position, token: &Token) -> Result<Pit, Illegal> {
        let from = Pit::new(position.to_move(), token.pit).ok_or(Illegal::NoSuchPit(token.pit))?;
        match position.illegal(from) {
            Some(why) => Err(why),
            None => Ok(from),
        }
    }
}
