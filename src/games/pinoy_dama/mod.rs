//! Pinoy Dama (Filipino draughts), after `shared/rules/pinoy-dama.md`.
//!
//! The draughts rules it shares with Zamma live in
//! [`common::draughts`](crate::games::common::draughts); this module sets their
//! parameters — the 32 points of an 8×8 chequerboard joined by diagonals (§1), men
//! stepping diagonally forward (R2) and jumping short in all four directions (R4), flying
//! kings landing anywhere beyond (R3, R5), deferred removal (R7) — and adds what is
//! Dama's own: the start position (§2), the three-kings count (R14), PDN FEN and numeric
//! squares, the mirrored board (§4.2) and the choice of first player (§4.4).
//!
//! Colours: White is the lower side (ranks 1–3), Black the upper. White moves first
//! unless `first-player` (tag `[FirstPlayer]`, or the start colour of a PDN
//! `[GameType]`) says black; the first mover is PGN's `White` player either way.

mod fen;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use crate::games::common::capture::{Dirs, Jump, Landing, Reach, Removal};
use crate::games::common::draughts::{Coords, Draughts, Kind, Move, Pieces, Side, Words, Written};
use crate::games::common::{Board, Dir};
use crate::games::{
    Diagram, GameInfo, GameResult, MoveError, NotationError, OptionSpec, Ending, Outcome, Player, Rules,
    Setup, Sides, SetupError,
};

use fen::{lone_side, name};

/// Moves the lone king may make under R14's count before the game is drawn.
pub const LONE_KING_MOVES: u8 = 12;

/// The rules of Pinoy Dama as configured for one record.
pub struct PinoyDama {
    rules: &'static Draughts,
    /// The colour that moves first (PGN's `White` player).
    first: Side,
}

/// A Pinoy Dama position; `Copy`-cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: Pieces,
    to_move: Side,
    /// R14: while one side has a lone king against three kings, how many moves the
    /// lone side has made since that material arose.
    lone_count: Option<u8>,
}

const WORDS: Words = Words {
    sides: ["white", "black"],
    king: "king",
    point: "square",
    man_step: "R2",
    king_step: "R3",
    compulsory: "R8",
    maximum: "R9",
    promotion: "R11",
};

/// The rules of each combination of options, built once for all records: the board,
/// its graph and its coordinate table cost more to build than a game costs to replay.
fn draughts(immediate_removal: bool, mirror: bool, numeric: bool) -> &'static Draughts {
    static BUILT: [OnceLock<Draughts>; 8] = [const { OnceLock::new() }; 8];
    let index =
        usize::from(immediate_removal) | usize::from(mirror) << 1 | usize::from(numeric) << 2;
    BUILT[index].get_or_init(|| {
        let board = Board::draughts(8, 8);
        let coords = Coords::numbered(&board, mirror, numeric);
        Draughts::new(
            board,
            // R2: a man steps diagonally forward only.
            [Dirs::of(&[Dir::NE, Dir::NW]), Dirs::of(&[Dir::SE, Dir::SW])],
            // R4: a man jumps an adjacent piece in any of the four directions.
            Jump {
                reach: Reach::Adjacent,
                landing: Landing::Next,
                dirs: Dirs::ALL,
            },
            // R5: a king jumps from afar and lands on any empty point beyond.
            Jump {
                reach: Reach::Flying,
                landing: Landing::Beyond,
                dirs: Dirs::ALL,
            },
            // R7 and §4.1: captured pieces leave at the end of the chain.
            if immediate_removal {
                Removal::Immediate
            } else {
                Removal::Deferred
            },
            WORDS,
            coords,
        )
    })
}

impl PinoyDama {
    /// The rules with the given options (the defaults are the spec's decisions).
    pub fn new(immediate_removal: bool, mirror: bool, numeric: bool, first: Side) -> PinoyDama {
        PinoyDama {
            rules: draughts(immediate_removal, mirror, numeric),
            first,
        }
    }

    fn player(&self, side: Side) -> Player {
        if side == self.first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The R14 count after a move of `mover` that led from `before` to `after`.
    fn next_count(before: &Position, mover: Side, after: &Pieces) -> Option<u8> {
        let lone = lone_side(after)?;
        match before.lone_count {
            // The same material as before (no capture happened): keep counting.
            Some(n) if lone_side(&before.pieces) == Some(lone) => Some(if mover == lone {
                n.saturating_add(1)
            } else {
                n
            }),
            // 3K v 1K has just arisen: a fresh count (§4.6, §4.7).
            _ => Some(0),
        }
    }
}

/// The start colour and notation a PDN `[GameType "21,B,8,8,N1,0"]` gives, if the tag
/// holds a PDN game type (a number first).
fn pdn_game_type(value: &str) -> Option<(Option<Side>, bool)> {
    let mut fields = value.split(',').map(str::trim);
    let number = fields.next()?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let start = match fields.next() {
        Some("W" | "w") => Some(Side::Lower),
        Some("B" | "b") => Some(Side::Upper),
        _ => None,
    };
    let notation = fields.nth(2);
    let numeric = !notation.is_some_and(|n| n.starts_with(['A', 'a']));
    Some((start, numeric))
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const IMMEDIATE_REMOVAL: OptionSpec = OptionSpec::switch(
    "immediate-removal",
    "captured pieces leave the board at once, not at the end of the chain (§4.1)",
);
const MIRROR: OptionSpec = OptionSpec::switch(
    "mirror",
    "the record is written on the mirrored board (files a-h reversed), read and written \
     so (§4.2)",
);
const NOTATION: OptionSpec = OptionSpec::choice(
    "notation",
    &["algebraic", "numeric"],
    "algebraic",
    "how squares are written: a1-h8 or PDN numbers 1-32 (default algebraic, numeric with a \
     PDN [GameType]); both are read",
);
const FIRST_PLAYER: OptionSpec = OptionSpec::choice(
    "first-player",
    &["white", "black"],
    "white",
    "the colour that moves first (§4.4; default white)",
);

impl Rules for PinoyDama {
    type Position = Position;
    type Token = Written;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "pinoy-dama",
        name: "Pinoy Dama",
        aliases: &[
            "dama",
            "damas",
            "filipino-dama",
            "dama-filipino",
            "damas-filipinas",
            "filipino-draughts",
            "filipino-checkers",
        ],
        sides: Sides::new("White", "Black"),
        moves: &["c3-d4", "d4xf6xh4", "22-18", "15x22"],
        position: "PDN FEN W:W21,22,K5:B1,2",
    }];

    const OPTIONS: &'static [OptionSpec] = &[IMMEDIATE_REMOVAL, MIRROR, NOTATION, FIRST_PLAYER];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let pdn = setup.tag("GameType").and_then(pdn_game_type);
        let notation = setup.choice_or(
            &NOTATION,
            if pdn.is_some_and(|(_, numeric)| numeric) {
                "numeric"
            } else {
                "algebraic"
            },
        )?;
        let default_first = match pdn.and_then(|(start, _)| start) {
            Some(Side::Upper) => "black",
            _ => "white",
        };
        let first = match setup.choice_or(&FIRST_PLAYER, default_first)? {
            "black" => Side::Upper,
            _ => Side::Lower,
        };
        Ok(PinoyDama::new(
            setup.switch(&IMMEDIATE_REMOVAL)?,
            setup.switch(&MIRROR)?,
            notation == "numeric",
            first,
        ))
    }

    /// §2: White men on ranks 1–3, Black men on ranks 6–8.
    fn start_position(&self) -> Position {
        let mut pieces = Pieces::default();
        for p in self.rules.board.points() {
            let (_, rank) = self.rules.board.coords(p);
            match rank {
                1..=3 => pieces.put(p, Side::Lower, Kind::Man),
                6..=8 => pieces.put(p, Side::Upper, Kind::Man),
                _ => {}
            }
        }
        Position {
            pieces,
            to_move: self.first,
            lone_count: None,
        }
    }

    /// PDN FEN; see `read_fen` in `fen.rs` for the fields.
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        self.write_fen(position)
    }

    /// Without `:C<n>`, the lone king's moves so far (R14), and Lidraughts' `:H`/`:F`
    /// counters: history, not where the pieces stand.
    fn board_part(position: &str) -> String {
        let fields: Vec<&str> = position
            .trim()
            .split(':')
            .filter(|f| !["C", "H", "F"].iter().any(|c| f.trim().starts_with(c)))
            .collect();
        fields.join(":")
    }

    /// The 8×8 board from White's side, white pieces light, kings lettered.
    fn diagram(&self, position: &Position, last: Option<&Move>) -> Diagram {
        let mut diagram = self
            .rules
            .diagram(&position.pieces, last, true, |side| self.player(side));
        diagram.to_move = Some(self.player(position.to_move));
        diagram.status = format!("{} to move", name(position.to_move));
        diagram
    }

    /// The board from White's side (files as the record names them), `w`/`W` white
    /// man/king, `b`/`B` black, `.` an empty point; then who is to move.
    fn draw(&self, position: &Position) -> String {
        let mut text = self.rules.draw(&position.pieces, ['w', 'W', 'b', 'B']);
        text += &format!("\n{} to move", name(position.to_move));
        if let Some(n) = position.lone_count {
            text += &format!(", lone king has made {n} of {LONE_KING_MOVES} moves (R14)");
        }
        text
    }

    /// The position as JSON:
    /// - `to_move`: `"first"` or `"second"`;
    /// - `first`, `second`: each player's `{"men": [...], "kings": [...]}` (White's
    ///   first unless `first-player` says black), squares as the record writes them
    ///   (algebraic or numeric);
    /// - `lone_king_moves`: while three kings face one (R14), the moves the lone king
    ///   has made so far (the game is drawn at 12), else `null`.
    fn state(&self, position: &Position) -> serde_json::Value {
        let mut map = self.rules.state(&position.pieces, |side| self.player(side));
        map.insert("to_move".into(), self.player(position.to_move).as_str().into());
        map.insert("lone_king_moves".into(), position.lone_count.into());
        serde_json::Value::Object(map)
    }

    fn to_move(&self, position: &Position) -> Player {
        self.player(position.to_move)
    }

    /// White and Black, or Black and White when `first-player` says black (§4.4).
    fn sides(&self, game: &GameInfo) -> Sides {
        match self.first {
            Side::Upper => game.sides.swapped(),
            Side::Lower => game.sides,
        }
    }

    /// Fitted on 40 self-played games: 1.9 men is a 75% expected score (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 0.57;

    const SCORE_UNIT: &'static str = "men: the mover's less the opponent's, a king worth 3";

    /// Men: the mover's less the opponent's, a king counting
    /// `KING_WORTH` (3) men.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move;
        position.pieces.material(me) - position.pieces.material(me.opponent())
    }

    fn position_key(&self, position: &Position) -> u64 {
        let p = position;
        crate::games::hash_key(&(p.pieces, p.to_move, p.lone_count))
    }

    /// R14 (the lone king has survived its 12th counted move: draw), else R13 (no legal
    /// move: the side to move loses).
    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if self.over_but_for_moves(position) {
            return Some(Outcome::new(
                GameResult::Draw,
                Ending::MoveLimit,
                "R14",
                format!("the lone king has made {LONE_KING_MOVES} moves against three kings (R14)"),
            ));
        }
        let side = position.to_move;
        if self.rules.can_move(&position.pieces, side) {
            return None;
        }
        let (ending, why) = if position.pieces.count(side) == 0 {
            (Ending::NoPieces, format!("{} has no pieces left (R13)", name(side)))
        } else {
            (
                Ending::NoMoves,
                format!(
                    "{} has no legal move: every piece is blocked (R13)",
                    name(side)
                ),
            )
        };
        Some(Outcome::new(
            GameResult::win_for(self.player(side.opponent())),
            ending,
            "R13",
            why,
        ))
    }

    /// R14; R13 (no legal move) is for the move to tell.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        position.lone_count.is_some_and(|n| n >= LONE_KING_MOVES)
    }

    /// R8–R9: the captures taking the most pieces if any capture exists, else every
    /// simple move.
    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        self.rules.legal_moves(&position.pieces, position.to_move)
    }

    fn complete_legal_moves(&self, position: &Position) -> Option<Vec<Move>> {
        self.rules
            .complete_legal_moves(&position.pieces, position.to_move)
    }

    /// `c3-d4`, `d4xf6xh4` (every landing point), `d4xh4` (first and last), PDN
    /// numbers `22-17`, `22x15x8`, and `:` for `x`.
    fn parse_token(&self, text: &str) -> Result<Written, NotationError> {
        self.rules.parse(text)
    }

    fn resolve(&self, position: &Position, token: &Written) -> Result<Move, MoveError> {
        // R10: no huffing — a short capture or a step while a capture exists is illegal.
        self.rules
            .resolve(&position.pieces, position.to_move, token, false)
    }

    /// R6–R7, R11–R12: the piece moves, the captured pieces leave together, a man ending
    /// on the far rank is crowned; then R14's count and the turn (R1).
    fn play(&self, position: &mut Position, mv: &Move) {
        let mover = position.to_move;
        let mut pieces = position.pieces;
        self.rules.play(&mut pieces, mover, mv);
        position.lone_count = PinoyDama::next_count(position, mover, &pieces);
        position.pieces = pieces;
        position.to_move = mover.opponent();
    }

    const MARKS: &'static str = "capture signs (`x`)";

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        self.rules.write(mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let mut text = self.rules.describe(&before.pieces, before.to_move, mv);
        match (
            lone_side(&before.pieces),
            lone_side(&after.pieces),
            after.lone_count,
        ) {
            (None, Some(_), _) => {
                text += "; three kings against one: the lone king's moves are counted (R14)";
            }
            (Some(_), Some(lone), Some(n)) if lone == before.to_move => {
                text += &format!("; the lone king's move {n} of {LONE_KING_MOVES} (R14)");
            }
            _ => {}
        }
        if let Some(outcome) = self.outcome(after) {
            text += &format!("; game over: {} ({})", outcome.result, outcome.reason);
        }
        text
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl PinoyDama {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        self.read_fen(text)
    }
}
