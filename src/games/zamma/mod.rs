//! Zamma (Damma; Srand and Dhamet in Mauritania), after `shared/rules/zamma.md`.
//!
//! The draughts rules it shares with Pinoy Dama live in
//! [`common::draughts`](crate::games::common::draughts); this module sets their
//! parameters — the 9×9 alquerque lattice (§1), men stepping forward straight or, from
//! a strong point, diagonally (R2) and jumping short along any line (R3), sultans
//! sliding any distance (R8) and capturing from afar but landing immediately beyond
//! (R9), deferred removal (R5) — and adds what is Zamma's own: the start position (§2),
//! huffing (R12, option `huff`), adjudication by piece count (R11) and the optional
//! repetition draw (§4.8).
//!
//! South (the lower side, conventionally Black) moves first and is PGN's `White`
//! player; North is `Black`.
//!
//! Two games are served: `zamma` (deferred removal by default) and `srand` (alias
//! `dhamet`), the Mauritanian form, which removes each captured piece at once (§4.3):
//! the same rules with `immediate-removal` on by default.

mod position;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use crate::games::common::capture::{self, Dirs, Jump, Landing, Reach, Removal, Set, bit};
use crate::games::common::diagram::MarkKind;
use crate::games::common::draughts::{Coords, Draughts, Kind, Move, Pieces, Side, Words, Written};
use crate::games::common::repetition::History;
use crate::games::common::{Board, Dir, Point};
use crate::games::{
    Diagram, GameInfo, GameResult, MoveError, NotationError, OptionSpec, Ending, Outcome, Player, Rules,
    Setup, Sides, SetupError,
};

/// The rules of Zamma as configured for one record.
pub struct Zamma {
    rules: &'static Draughts,
    /// R12: faulty moves are accepted and punished by blowing.
    huff: bool,
    /// §4.8: the third occurrence of a position draws.
    repetition_draw: bool,
    /// R11: the record says `[Termination "adjudicated"]`.
    adjudicated: bool,
}

/// A Zamma position. Cheap to clone: the repetition history is shared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: Pieces,
    to_move: Side,
    /// R12: the opponent's pieces the side to move may blow before moving (empty: the
    /// opponent's last move was no fault).
    blowable: Set,
    /// R12: the side to move has blown a piece this turn and must still move.
    blown: bool,
    /// With `repetition-draw`: the positions since the last irreversible move.
    history: Option<History<(Pieces, Side)>>,
    /// With `repetition-draw`: this position has now occurred three times.
    repeated: bool,
}

/// A Zamma move token: a move, or `*e4`, blowing the piece on e4 (R12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Move(Written),
    Blow(Point),
}

/// What a turn does: a move, or (with `huff`) blowing an opponent's piece first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZammaMove {
    Play(Move),
    Blow(Point),
}

const WORDS: Words = Words {
    sides: ["south", "north"],
    king: "sultan",
    point: "point",
    man_step: "R2",
    king_step: "R8",
    compulsory: "R6",
    maximum: "R6",
    promotion: "R7",
};

/// The result R11 gives when the players stop the game: the side with more pieces
/// left has made more captures and wins; equal counts draw. South is the first player.
pub fn adjudicate(position: &Position) -> GameResult {
    let south = position.pieces.count(Side::Lower);
    let north = position.pieces.count(Side::Upper);
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => GameResult::FirstWins,
        std::cmp::Ordering::Less => GameResult::SecondWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    }
}

/// R11 as a check the replay driver can make on a declared result that the board has
/// not decided: with `[Termination "adjudicated"]` the result must be the one the piece
/// counts give; otherwise (resignation, agreement) any result stands.
///
/// # Errors
/// A sentence saying what the counts give.
pub fn check_declared(
    position: &Position,
    declared: GameResult,
    adjudicated: bool,
) -> Result<(), super::Invalid> {
    let expected = adjudicate(position);
    if !adjudicated || declared == expected {
        return Ok(());
    }
    Err(super::Invalid(format!(
        "an adjudicated game goes to the side with more pieces left (R11): south has {}, \
         north {}, so the result is {expected}",
        position.pieces.count(Side::Lower),
        position.pieces.count(Side::Upper),
    )))
}

/// The rules with and without immediate removal, each built once for all records:
/// the board and its graph cost more to build than a game costs to replay.
fn draughts(immediate_removal: bool) -> &'static Draughts {
    static BUILT: [OnceLock<Draughts>; 2] = [const { OnceLock::new() }; 2];
    BUILT[usize::from(immediate_removal)].get_or_init(|| {
        let board = Board::alquerque(9, 9);
        Draughts::new(
            board,
            // R2: straight ahead, or diagonally ahead where a diagonal line exists.
            [
                Dirs::of(&[Dir::N, Dir::NE, Dir::NW]),
                Dirs::of(&[Dir::S, Dir::SE, Dir::SW]),
            ],
            // R3: a man jumps an adjacent piece along any line.
            Jump {
                reach: Reach::Adjacent,
                landing: Landing::Next,
                dirs: Dirs::ALL,
            },
            // R9: a sultan jumps from afar but lands immediately beyond.
            Jump {
                reach: Reach::Flying,
                landing: Landing::Next,
                dirs: Dirs::ALL,
            },
            // R5 and §4.3.
            if immediate_removal {
                Removal::Immediate
            } else {
                Removal::Deferred
            },
            WORDS,
            Coords::algebraic(),
        )
    })
}

impl Zamma {
    /// The rules with the given options.
    pub fn new(immediate_removal: bool, huff: bool, repetition_draw: bool) -> Zamma {
        let rules = draughts(immediate_removal);
        Zamma {
            rules,
            huff,
            repetition_draw,
            adjudicated: false,
        }
    }

    fn player(side: Side) -> Player {
        match side {
            Side::Lower => Player::First,
            Side::Upper => Player::Second,
        }
    }

    fn side_name(side: Side) -> &'static str {
        WORDS.sides[side.index()]
    }

    /// A position with a fresh history.
    fn fresh(&self, pieces: Pieces, to_move: Side, blowable: Set, blown: bool) -> Position {
        Position {
            pieces,
            to_move,
            blowable,
            blown,
            history: self
                .repetition_draw
                .then(|| History::starting((pieces, to_move))),
            repeated: false,
        }
    }

    /// R12: the pieces the opponent may blow after `mv`, if it is a fault — a step while
    /// a capture existed (any piece that had a capture), or a capture taking fewer than
    /// the most (the piece that moved).
    fn fault(&self, pieces: &Pieces, side: Side, mv: &Move) -> Set {
        // No chain takes more than the move did (no capture at all, for a step). The
        // search cannot run out here: resolving the move asked it the same question,
        // or found the most a chain takes, within the same budget.
        let exceeds = self.rules.capture_exceeds(pieces, side, mv.captured.len());
        if !exceeds.unwrap_or(false) {
            return 0;
        }
        if mv.is_capture() {
            return bit(mv.to());
        }
        let had_capture = self.rules.capturers(pieces, side);
        if had_capture & bit(mv.from) != 0 {
            had_capture & !bit(mv.from) | bit(mv.to())
        } else {
            had_capture
        }
    }

    /// Every move the rules accept: with `huff`, faulty ones too; and whether the
    /// capture search gave up at its budget (the list is then cut short).
    fn moves(&self, pieces: &Pieces, side: Side) -> (Vec<Move>, bool) {
        if !self.huff {
            return self.rules.listing(pieces, side);
        }
        let captures = self.rules.every_capture(pieces, side);
        let mut moves = captures.moves;
        moves.extend(self.rules.steps(pieces, side));
        (moves, captures.exhausted)
    }

    /// [`Zamma::moves`] after the blows available (R12).
    fn listing(&self, position: &Position) -> (Vec<ZammaMove>, bool) {
        let mut moves: Vec<ZammaMove> = if position.blown {
            Vec::new()
        } else {
            capture::points(position.blowable)
                .map(ZammaMove::Blow)
                .collect()
        };
        let (plays, exhausted) = self.moves(&position.pieces, position.to_move);
        moves.extend(plays.into_iter().map(ZammaMove::Play));
        (moves, exhausted)
    }

    /// Whether the side to move can make a move, perhaps after blowing a piece.
    fn can_move(&self, position: &Position) -> bool {
        let side = position.to_move;
        if self.rules.can_move(&position.pieces, side) {
            return true;
        }
        !position.blown
            && capture::points(position.blowable).any(|p| {
                let mut pieces = position.pieces;
                pieces.remove(p);
                self.rules.can_move(&pieces, side)
            })
    }

    /// Records the position just reached; sets `repeated` on its third occurrence.
    fn remember(&self, position: &mut Position, irreversible: bool) {
        if let Some(history) = &mut position.history {
            history.push((position.pieces, position.to_move), irreversible);
            position.repeated = history.occurrences() >= 3;
        }
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const IMMEDIATE_REMOVAL: OptionSpec = OptionSpec::switch(
    "immediate-removal",
    "captured pieces leave the board at once (§4.3; default for srand)",
);
const HUFF: OptionSpec = OptionSpec::switch(
    "huff",
    "a short capture or a step while a capture exists is a fault the opponent may punish \
     by blowing a piece, written *e4 (R12)",
);
const REPETITION_DRAW: OptionSpec = OptionSpec::switch(
    "repetition-draw",
    "the third occurrence of a position draws (§4.8)",
);

impl Rules for Zamma {
    type Position = Position;
    type Token = Token;
    type Move = ZammaMove;

    const GAMES: &'static [GameInfo] = &[
        GameInfo {
            id: "zamma",
            name: "Zamma",
            aliases: &["damma"],
            sides: Sides::new("South", "North"),
            moves: &["e4-e5", "c3xe5xc7", "*e4"],
            position: "…/nnnn1ssss/… s",
        },
        GameInfo {
            id: "srand",
            name: "Srand",
            aliases: &["dhamet", "dhamet-srand", "srand-dhamet"],
            sides: Sides::new("South", "North"),
            moves: &["e4-e5", "c3xe5xc7"],
            position: "…/nnnn1ssss/… s",
        },
    ];

    const OPTIONS: &'static [OptionSpec] = &[IMMEDIATE_REMOVAL, HUFF, REPETITION_DRAW];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let srand = setup.game().id == "srand";
        let immediate = setup.switch_or(&IMMEDIATE_REMOVAL, srand)?;
        let mut zamma = Zamma::new(
            immediate,
            setup.switch(&HUFF)?,
            setup.switch(&REPETITION_DRAW)?,
        );
        zamma.adjudicated = setup
            .tag("Termination")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("adjudicated"));
        Ok(zamma)
    }

    /// §2: South on ranks 1–4 and f5–i5, North on ranks 6–9 and a5–d5; e5 empty.
    fn start_position(&self) -> Position {
        let mut pieces = Pieces::default();
        for p in self.rules.board.points() {
            let (file, rank) = self.rules.board.coords(p);
            if rank < 5 || (rank == 5 && file > 5) {
                pieces.put(p, Side::Lower, Kind::Man);
            } else if rank > 5 || file < 5 {
                pieces.put(p, Side::Upper, Kind::Man);
            }
        }
        self.fresh(pieces, Side::Lower, 0, false)
    }

    /// See `read_position` in `position.rs` for the format.
    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        self.write(position)
    }

    /// The alquerque board with South's men light, North's dark, sultans lettered; a
    /// blow (R12) marks the piece blown.
    fn diagram(&self, position: &Position, last: Option<&ZammaMove>) -> Diagram {
        let played = match last {
            Some(ZammaMove::Play(mv)) => Some(mv),
            _ => None,
        };
        let mut diagram = self
            .rules
            .diagram(&position.pieces, played, false, Zamma::player);
        if let Some(&ZammaMove::Blow(p)) = last {
            diagram.mark(MarkKind::Taken, &self.rules.name(p));
        }
        diagram.to_move = Some(Zamma::player(position.to_move));
        diagram.status = format!("{} to move", Zamma::side_name(position.to_move));
        diagram
    }

    /// The board from South's side: `s`/`S` South man/sultan, `n`/`N` North, `.` an
    /// empty point; then who is to move and any blow pending.
    fn draw(&self, position: &Position) -> String {
        let mut text = self.rules.draw(&position.pieces, position::SYMBOLS);
        text += &format!("\n{} to move", Zamma::side_name(position.to_move));
        if position.blowable != 0 {
            let points: Vec<String> = capture::points(position.blowable)
                .map(|p| self.rules.name(p))
                .collect();
            text += &format!(", may first blow {} (R12)", points.join(" or "));
        }
        if position.blown {
            text += ", has blown a piece (R12)";
        }
        text
    }

    /// The position as JSON:
    /// - `to_move`: `"first"` (South) or `"second"` (North);
    /// - `first`, `second`: South's and North's `{"men": [...], "sultans": [...]}`;
    /// - `blowable`: the opponent's pieces the side to move may blow first (R12, with
    ///   `huff`), `[]` if none;
    /// - `blown`: whether the side to move has blown a piece this turn.
    fn state(&self, position: &Position) -> serde_json::Value {
        let mut map = self.rules.state(&position.pieces, Zamma::player);
        map.insert(
            "to_move".into(),
            Zamma::player(position.to_move).as_str().into(),
        );
        let blowable: Vec<String> = capture::points(position.blowable)
            .map(|p| self.rules.name(p))
            .collect();
        map.insert("blowable".into(), blowable.into());
        map.insert("blown".into(), position.blown.into());
        serde_json::Value::Object(map)
    }

    fn to_move(&self, position: &Position) -> Player {
        Zamma::player(position.to_move)
    }

    /// Fitted on 40 self-played games of Zamma: 2.4 men is a 75% expected
    /// score (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 0.45;

    const SCORE_UNIT: &'static str = "men: the mover's less the opponent's, a king worth 3";

    /// Men: the mover's less the opponent's, a king counting
    /// `KING_WORTH` (3) men.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move;
        position.pieces.material(me) - position.pieces.material(me.opponent())
    }

    /// The pieces and the turn, without the repetition history.
    fn position_key(&self, position: &Position) -> u64 {
        let p = position;
        crate::games::hash_key(&(p.pieces, p.to_move, p.blowable, p.blown))
    }

    /// §4.8 (with `repetition-draw`: a position occurring for the third time draws),
    /// else R10 (no legal move: the side to move loses).
    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if position.repeated {
            return Some(Outcome::new(
                GameResult::Draw,
                Ending::Repetition,
                "§4.8",
                "the same position for the third time (repetition-draw, §4.8)",
            ));
        }
        if self.can_move(position) {
            return None;
        }
        let side = position.to_move;
        let (ending, why) = if position.pieces.count(side) == 0 {
            (
                Ending::NoPieces,
                format!("{} has no pieces left (R10)", Zamma::side_name(side)),
            )
        } else {
            (
                Ending::NoMoves,
                format!(
                    "{} cannot move: every piece is blocked (R10)",
                    Zamma::side_name(side)
                ),
            )
        };
        Some(Outcome::new(
            GameResult::win_for(Zamma::player(side.opponent())),
            ending,
            "R10",
            why,
        ))
    }

    /// §4.8; R10 (no move) is for the move to tell — but with `huff` a blow may be
    /// played where no move follows it, so R10 is asked then.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        position.repeated || self.huff && !self.can_move(position)
    }

    /// R6: the captures taking the most pieces if any, else every step; with `huff`
    /// every capture chain and step (faults included) and the blows available (R12).
    fn legal_moves(&self, position: &Position) -> Vec<ZammaMove> {
        self.listing(position).0
    }

    fn complete_legal_moves(&self, position: &Position) -> Option<Vec<ZammaMove>> {
        let (moves, exhausted) = self.listing(position);
        (!exhausted).then_some(moves)
    }

    /// `e4-e5`, `a1-d4`, `c3xe5xc7` (every landing point), `c3xc7` (first and last),
    /// `:` for `x`; `*e4` blows the piece on e4 (R12).
    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        if let Some(point) = text.strip_prefix('*') {
            return self
                .rules
                .coords
                .parse(&self.rules.board, point)
                .map(Token::Blow)
                .ok_or_else(|| NotationError::expected("a point after * (a blow, like *e4)"));
        }
        self.rules.parse(text).map(Token::Move)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<ZammaMove, MoveError> {
        match token {
            Token::Move(written) => self
                .rules
                .resolve(&position.pieces, position.to_move, written, self.huff)
                .map(ZammaMove::Play),
            Token::Blow(p) => self.resolve_blow(position, *p).map(ZammaMove::Blow),
        }
    }

    /// R1–R9: the move, the captured pieces leaving, a man ending on the far rank
    /// crowned; R12: a fault is remembered for the opponent, a blow removes the piece.
    fn play(&self, position: &mut Position, mv: &ZammaMove) {
        match mv {
            ZammaMove::Blow(p) => {
                position.pieces.remove(*p);
                position.blowable = 0;
                position.blown = true;
                self.remember(position, true);
            }
            ZammaMove::Play(mv) => {
                let side = position.to_move;
                let fault = if self.huff {
                    self.fault(&position.pieces, side, mv)
                } else {
                    0
                };
                let was_man = position.pieces.men_of(side) & bit(mv.from) != 0;
                self.rules.play(&mut position.pieces, side, mv);
                position.to_move = side.opponent();
                position.blowable = fault;
                position.blown = false;
                self.remember(position, mv.is_capture() || was_man);
            }
        }
    }

    const MARKS: &'static str = "capture signs (`x`)";

    fn write_move(&self, _before: &Position, mv: &ZammaMove) -> String {
        match mv {
            ZammaMove::Play(mv) => self.rules.write(mv),
            ZammaMove::Blow(p) => format!("*{}", self.rules.name(*p)),
        }
    }

    fn describe(&self, before: &Position, mv: &ZammaMove, after: &Position) -> String {
        let mut text = match mv {
            ZammaMove::Blow(p) => {
                let what = match before.pieces.at(*p) {
                    Some((_, Kind::King)) => "sultan",
                    _ => "man",
                };
                format!(
                    "{} blows the {} {what} on {} (R12)",
                    Zamma::side_name(before.to_move),
                    Zamma::side_name(before.to_move.opponent()),
                    self.rules.name(*p)
                )
            }
            ZammaMove::Play(m) => self.rules.describe(&before.pieces, before.to_move, m),
        };
        if after.blowable != 0 {
            let points: Vec<String> = capture::points(after.blowable)
                .map(|p| self.rules.name(p))
                .collect();
            text += &format!(
                "; a fault: {} could take {} (R6), so {} may blow {} (R12)",
                Zamma::side_name(before.to_move),
                self.rules.captures(&before.pieces, before.to_move).best,
                Zamma::side_name(after.to_move),
                points.join(" or ")
            );
        }
        if let Some(outcome) = self.outcome(after) {
            text += &format!("; game over: {} ({})", outcome.result, outcome.reason);
        }
        text
    }

    fn unfinished_turn(&self, position: &Position) -> Option<String> {
        (position.blown && self.outcome(position).is_none()).then(|| {
            format!(
                "{} has blown a piece (R12) but not yet moved",
                Zamma::side_name(position.to_move)
            )
        })
    }

    /// R11: with `[Termination "adjudicated"]` the declared result must follow the
    /// piece counts (see [`check_declared`]).
    fn judge_declared(
        &self,
        position: &Position,
        declared: GameResult,
    ) -> Result<(), super::Invalid> {
        self.declared_judged(position, declared)
    }
}

impl Zamma {
    /// R12: whether the side to move may blow the piece on `p` now.
    fn resolve_blow(&self, position: &Position, p: Point) -> Result<Point, MoveError> {
        let name = self.rules.name(p);
        if !self.huff {
            return Err(MoveError::illegal(format!(
                "*{name} blows a piece, which only the huff option allows"
            ))
            .rule("R12"));
        }
        if position.blown {
            return Err(
                MoveError::illegal("a piece has been blown this turn already; now move")
                    .rule("R12"),
            );
        }
        if position.blowable == 0 {
            return Err(MoveError::illegal(format!(
                "*{name}: there is nothing to blow, the last move was no fault"
            ))
            .rule("R12"));
        }
        if position.blowable & bit(p) == 0 {
            let may: Vec<String> = capture::points(position.blowable)
                .map(|q| self.rules.name(q))
                .collect();
            return Err(MoveError::illegal(format!(
                "*{name}: only the faulty piece may be blown: {}",
                may.join(" or ")
            ))
            .rule("R12"));
        }
        Ok(p)
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl Zamma {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        self.read_position(text)
    }

    fn declared_judged(
        &self,
        position: &Position,
        declared: GameResult,
    ) -> Result<(), super::Invalid> {
        check_declared(position, declared, self.adjudicated)
    }
}
