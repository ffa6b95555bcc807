//! A mill position: whose pieces stand where, who holds how many in hand, who moves,
//! and the little history the rules need (R8's last moves, a removal still owed, the
//! ten-move count); its position string, its drawing and its JSON state.
//!
//! # Position string
//!
//! ```text
//! W=a1,g1,b2 B=a7,d7 hand=0,0 turn=W last=W:d1-d2,B:c5-c4 remove=d2 quiet=3
//! ```
//!
//! Space-separated fields, in any order when read (written in this order):
//! - `W=`, `B=`: each side's points, comma-separated (`-` or nothing for none);
//!   points may also be numbers 1–24 of the numeric notation;
//! - `hand=w,b`: pieces still to be placed;
//! - `turn=W` or `turn=B`: the side to move;
//! - `last=W:d1-d2,B:c5-c4` (optional): each side's last turn when it was a move or a
//!   flight, which R8 forbids reversing on that side's next turn; with
//!   `no-return=mill` a `*` after the move (`W:d1-d2*`) says it formed a mill.
//!   Ignored with `no-return=off`;
//! - `remove=d2` (optional): the side to move has just formed a mill with the piece on
//!   `d2` and must now remove an opponent piece (the removal written as its own token);
//! - `quiet=N` (optional, only with `ten-move-draw`): turns played without a removal
//!   while a player is down to three pieces.
//!
//! Sanmill's presets (see `preset.rs`) add, each only when it says something:
//! - `owe=w,b`: the removals each side owes, when `remove=` alone does not say it
//!   (several mills at once, a full board, a blocked player, El Filja's counts);
//! - `own=W` (or `W,B`): that side's removals are of its own pieces (El Filja);
//! - `stalemate=1`: the removal owed is a blocked player's, who then moves again;
//! - `phase=placing`: the last piece is placed but placing has not ended (its mill's
//!   removal is owed);
//! - `marked=e4,d1`: points of pieces removed while placing in Da San Qi, taken
//!   until placing ends;
//! - `used=a1,d1,g1;a7`: Russian Mill, W's then B's points of the mills they have
//!   formed;
//! - `plies=N`: plies of moves since the last placement or removal (n-move rule);
//! - `seen=K,K…`: the positions since the last placement or removal (threefold
//!   repetition), each as hexadecimal bits of W, B and the side to move.

use serde_json::json;

use super::geometry::{Spot, spots};
use super::{Config, NoReturn};
use crate::games::{Player, PositionError};
use crate::games::common::Dir;
use crate::games::common::drawing::lerp;

/// §4.6: the ten-move draw comes after ten turns of each player, 20 plies: the most
/// a position's `quiet` counter needs to hold (and its string may say).
pub const TEN_MOVES: u8 = 20;

/// A side's last move, remembered for R8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub from: Spot,
    pub to: Spot,
    /// Whether the move formed a mill (kept only for `no-return=mill`).
    pub formed_mill: bool,
}

/// A position of a mill game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Bitboards of each player's pieces, by [`Player::index`].
    pub(super) men: [u32; 2],
    /// Pieces still in hand.
    pub(super) hand: [u8; 2],
    pub(super) to_move: Player,
    /// Each side's last move if it was a move or flight (R8); `None` after a placement
    /// and always with `no-return=off`.
    pub(super) last: [Option<LastMove>; 2],
    /// The side to move formed a mill with the piece on this point and owes a removal.
    pub(super) pending: Option<Spot>,
    /// Turns without a removal while a player has three pieces (with `ten-move-draw`).
    pub(super) quiet: u8,
    /// Removals each side owes; the side to move owes one when `pending` is set.
    pub(super) owed: [u8; 2],
    /// Each side's owed removals are of its own pieces (El Filja).
    pub(super) own: [bool; 2],
    /// The removal owed is a blocked player's (Zhi Qi), who then moves again.
    pub(super) stalemate: bool,
    /// Placing has not ended (it ends when both hands are empty and no removal of the
    /// last placement is owed).
    pub(super) placing: bool,
    /// Points of pieces removed while placing, taken until placing ends (Da San Qi).
    pub(super) marked: u32,
    /// Each side's points of the mills it has formed (one-time-use mills).
    pub(super) used: [u32; 2],
    /// Plies of moves since the last placement or removal (n-move rule).
    pub(super) plies: u16,
    /// The positions after each move since the last placement or removal (threefold
    /// repetition), as [`Position::key`]s.
    pub(super) seen: Vec<u64>,
}

/// `W` for the first player, `B` for the second.
pub fn label(player: Player) -> char {
    match player {
        Player::First => 'W',
        Player::Second => 'B',
    }
}

impl Position {
    /// The empty board with `pieces` in each hand, W to move.
    pub fn start(pieces: u8) -> Position {
        Position {
            men: [0, 0],
            hand: [pieces, pieces],
            to_move: Player::First,
            last: [None, None],
            pending: None,
            quiet: 0,
            owed: [0, 0],
            own: [false, false],
            stalemate: false,
            placing: pieces > 0,
            marked: 0,
            used: [0, 0],
            plies: 0,
            seen: Vec::new(),
        }
    }

    /// Whether the side to move owes a removal (its turn is not over).
    pub fn owes(&self) -> bool {
        self.owed[self.to_move.index()] > 0
    }

    /// The board and a side to move as one number (threefold repetition).
    pub fn key_with(&self, to_move: Player) -> u64 {
        u64::from(self.men[0]) | u64::from(self.men[1]) << 24 | (to_move.index() as u64) << 48
    }

    /// The pieces of `player` on the board.
    pub fn men(&self, player: Player) -> u32 {
        self.men[player.index()]
    }

    /// Number of `player`'s pieces on the board.
    pub fn on_board(&self, player: Player) -> u32 {
        self.men(player).count_ones()
    }

    /// Board plus hand (R9, §4.4).
    pub fn total(&self, player: Player) -> u32 {
        self.on_board(player) + u32::from(self.hand[player.index()])
    }

    /// The empty points (a marked point is not empty).
    pub fn empty(&self) -> u32 {
        !(self.men[0] | self.men[1] | self.marked) & ((1 << 24) - 1)
    }

    /// Who stands on `s`, if anyone.
    pub fn owner(&self, s: Spot) -> Option<Player> {
        [Player::First, Player::Second]
            .into_iter()
            .find(|&p| self.men(p) & s.bit() != 0)
    }

    /// Reads a position string (see the module doc).
    ///
    /// # Errors
    /// A sentence naming the field that is wrong.
    pub fn parse(config: &Config, text: &str) -> Result<Position, PositionError> {
        let mut fields = Fields::default();
        for field in text.split_whitespace() {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| PositionError::syntax(format!("expected key=value, found \"{field}\"")))?;
            let slot = match key {
                "W" | "w" => &mut fields.white,
                "B" | "b" => &mut fields.black,
                "hand" => &mut fields.hand,
                "turn" => &mut fields.turn,
                "last" => &mut fields.last,
                "remove" => &mut fields.remove,
                "quiet" => &mut fields.quiet,
                "owe" => &mut fields.owe,
                "own" => &mut fields.own,
                "stalemate" => &mut fields.stalemate,
                "phase" => &mut fields.phase,
                "marked" => &mut fields.marked,
                "used" => &mut fields.used,
                "plies" => &mut fields.plies,
                "seen" => &mut fields.seen,
                _ => {
                    return Err(PositionError::syntax(format!(
                        "unknown field \"{key}\" (expected W, B, hand, turn, last, remove, quiet, \
                         owe, own, stalemate, phase, marked, used, plies, seen)"
                    )));
                }
            };
            if slot.replace(value).is_some() {
                return Err(PositionError::syntax(format!("field {key} is given twice")));
            }
        }
        fields.read(config)
    }

    /// Writes the position string (see the module doc).
    pub fn write(&self, config: &Config) -> String {
        let board = config.board;
        let list = |men: u32| {
            if men == 0 {
                "-".to_string()
            } else {
                spots(men)
                    .map(|s| board.name(s))
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        let mut text = format!(
            "W={} B={} hand={},{} turn={}",
            list(self.men[0]),
            list(self.men[1]),
            self.hand[0],
            self.hand[1],
            label(self.to_move)
        );
        let last: Vec<String> = [Player::First, Player::Second]
            .into_iter()
            .filter_map(|p| {
                self.last[p.index()].map(|m| {
                    let star = if m.formed_mill { "*" } else { "" };
                    format!(
                        "{}:{}-{}{star}",
                        label(p),
                        board.name(m.from),
                        board.name(m.to)
                    )
                })
            })
            .collect();
        if !last.is_empty() {
            text.push_str(&format!(" last={}", last.join(",")));
        }
        if let Some(s) = self.pending {
            text.push_str(&format!(" remove={}", board.name(s)));
        }
        if self.quiet > 0 {
            text.push_str(&format!(" quiet={}", self.quiet));
        }
        if config.preset.sanmill {
            self.write_sanmill(board, &mut text);
        }
        text
    }

    /// The fields only Sanmill's presets use (see the module doc).
    fn write_sanmill(&self, board: &super::geometry::MillBoard, text: &mut String) {
        let names = |men: u32| {
            spots(men)
                .map(|s| board.name(s))
                .collect::<Vec<_>>()
                .join(",")
        };
        if self.owed != self.implied_owed() {
            text.push_str(&format!(" owe={},{}", self.owed[0], self.owed[1]));
        }
        let own: Vec<String> = [Player::First, Player::Second]
            .into_iter()
            .filter(|p| self.own[p.index()])
            .map(|p| label(p).to_string())
            .collect();
        if !own.is_empty() {
            text.push_str(&format!(" own={}", own.join(",")));
        }
        if self.stalemate {
            text.push_str(" stalemate=1");
        }
        if self.placing && self.hand == [0, 0] {
            text.push_str(" phase=placing");
        }
        if self.marked != 0 {
            text.push_str(&format!(" marked={}", names(self.marked)));
        }
        if self.used != [0, 0] {
            text.push_str(&format!(
                " used={};{}",
                names(self.used[0]),
                names(self.used[1])
            ));
        }
        if self.plies > 0 {
            text.push_str(&format!(" plies={}", self.plies));
        }
        if !self.seen.is_empty() {
            let keys: Vec<String> = self.seen.iter().map(|k| format!("{k:x}")).collect();
            text.push_str(&format!(" seen={}", keys.join(",")));
        }
    }

    /// The removals `remove=` alone says are owed: one by the side to move.
    fn implied_owed(&self) -> [u8; 2] {
        let mut owed = [0, 0];
        if self.pending.is_some() {
            owed[self.to_move.index()] = 1;
        }
        owed
    }

    /// The board of section 1 with `W`, `B` and `.` on the points, the lines between
    /// them (rows of plain verticals left out), files and ranks, then who is to move
    /// and the hands.
    pub fn draw(&self, config: &Config) -> String {
        const SIDE: usize = 13;
        let board = config.board;
        let mut grid = [[' '; SIDE]; SIDE];
        let cell = |s: Spot| {
            let (file, rank) = board.coords(s);
            (2 * (usize::from(file) - 1), 2 * (7 - usize::from(rank)))
        };
        for (a, dir, b) in board.segments() {
            let ((c0, r0), (c1, r1)) = (cell(a), cell(b));
            let mark = match dir {
                Dir::E | Dir::W => '-',
                Dir::N | Dir::S => '|',
                Dir::NE | Dir::SW => '/',
                Dir::NW | Dir::SE => '\\',
            };
            let steps = c0.abs_diff(c1).max(r0.abs_diff(r1));
            for i in 1..steps {
                let c = lerp(c0, c1, i, steps);
                let r = lerp(r0, r1, i, steps);
                grid[r][c] = mark;
            }
        }
        for s in spots(board.all()) {
            let (c, r) = cell(s);
            grid[r][c] = match self.owner(s) {
                Some(p) => label(p),
                None => '.',
            };
        }
        let mut lines = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            let text: String = row.iter().collect();
            if r % 2 == 0 {
                lines.push(format!("{} {}", 7 - r / 2, text.trim_end()));
            } else if text.chars().any(|c| c != '|' && c != ' ') {
                lines.push(format!("  {}", text.trim_end()));
            }
        }
        lines.push("  a b c d e f g".to_string());
        let me = self.to_move;
        let mut status = format!(
            "{} to move; in hand W {}, B {}",
            label(me),
            self.hand[0],
            self.hand[1]
        );
        if self.owes() {
            status.push_str(&format!(
                "; {} must remove a {} piece",
                label(me),
                label(me.opponent())
            ));
        }
        lines.push(status);
        lines.join("\n")
    }

    /// The JSON state documented on [`crate::games::Rules::state`] for [`super::Mill`].
    pub fn state(&self, config: &Config) -> serde_json::Value {
        let board = config.board;
        let names = |men: u32| spots(men).map(|s| board.name(s)).collect::<Vec<_>>();
        let last = |p: Player| {
            self.last[p.index()].map(|m| format!("{}-{}", board.name(m.from), board.name(m.to)))
        };
        let mut state = json!({
            "first": names(self.men[0]),
            "second": names(self.men[1]),
            "hand": self.hand,
            "to_move": self.to_move,
            "pending_removal": self.owes(),
        });
        if config.no_return != NoReturn::Off {
            state["last"] = json!({ "first": last(Player::First), "second": last(Player::Second) });
        }
        if config.ten_move_draw {
            state["quiet"] = json!(self.quiet);
        }
        if config.preset.sanmill {
            state["owed"] = json!(self.owed);
            state["marked"] = json!(names(self.marked));
            state["plies"] = json!(self.plies);
        }
        state
    }
}

/// The raw fields of a position string, before they are checked together.
#[derive(Default)]
struct Fields<'a> {
    white: Option<&'a str>,
    black: Option<&'a str>,
    hand: Option<&'a str>,
    turn: Option<&'a str>,
    last: Option<&'a str>,
    remove: Option<&'a str>,
    quiet: Option<&'a str>,
    owe: Option<&'a str>,
    own: Option<&'a str>,
    stalemate: Option<&'a str>,
    phase: Option<&'a str>,
    marked: Option<&'a str>,
    used: Option<&'a str>,
    plies: Option<&'a str>,
    seen: Option<&'a str>,
}

/// A field that must be present.
fn need<'a>(value: Option<&'a str>, key: &str) -> Result<&'a str, PositionError> {
    value.ok_or_else(|| PositionError::syntax(format!("field {key} is missing")))
}

impl Fields<'_> {
    fn read(self, config: &Config) -> Result<Position, PositionError> {
        let white = points(config, need(self.white, "W")?, "W")?;
        let black = points(config, need(self.black, "B")?, "B")?;
        if let Some(s) = spots(white & black).next() {
            return Err(PositionError::impossible(format!(
                "{} holds both a W and a B piece",
                config.board.name(s)
            )));
        }
        let hand = need(self.hand, "hand")?;
        let (w, b) = hand
            .split_once(',')
            .ok_or_else(|| PositionError::syntax(format!("hand: expected two counts like 3,4, found \"{hand}\"")))?;
        let count = |n: &str| {
            n.parse::<u8>()
                .map_err(|_| PositionError::syntax(format!("hand: expected a count, found \"{n}\"")))
        };
        let to_move = match need(self.turn, "turn")? {
            "W" | "w" => Player::First,
            "B" | "b" => Player::Second,
            other => return Err(PositionError::syntax(format!("turn: expected W or B, found \"{other}\""))),
        };
        let mut position = Position {
            men: [white, black],
            hand: [count(w)?, count(b)?],
            to_move,
            ..Position::start(0)
        };
        position.placing = position.hand != [0, 0] || self.phase == Some("placing");
        for p in [Player::First, Player::Second] {
            if position.total(p) > u32::from(config.preset.pieces) {
                return Err(PositionError::impossible(format!(
                    "{} has {} pieces on the board and in hand, more than {}",
                    label(p),
                    position.total(p),
                    config.preset.pieces
                )));
            }
        }
        if position.total(Player::First) < 3 && position.total(Player::Second) < 3 {
            return Err(PositionError::impossible("both sides have fewer than 3 pieces"));
        }
        if let Some(last) = self.last {
            read_last(config, last, &mut position)?;
        }
        if let Some(remove) = self.remove {
            read_remove(config, remove, &mut position)?;
        }
        position.owed = position.implied_owed();
        self.read_sanmill(config, &mut position)?;
        if let Some(quiet) = self.quiet.filter(|_| config.ten_move_draw) {
            position.quiet = quiet
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= TEN_MOVES)
                .ok_or_else(|| {
                    PositionError::syntax(format!(
                        "quiet: expected a count up to {}, found \"{quiet}\"",
                        TEN_MOVES
                    ))
                })?;
        }
        Ok(position)
    }
}

impl Fields<'_> {
    /// The fields only Sanmill's presets use (see the module doc).
    fn read_sanmill(&self, config: &Config, position: &mut Position) -> Result<(), PositionError> {
        if let Some(owe) = self.owe {
            let bad = || PositionError::syntax(format!("owe: expected two counts like 1,0, found \"{owe}\""));
            let (w, b) = owe.split_once(',').ok_or_else(bad)?;
            let count = |n: &str| n.parse::<u8>().ok().filter(|&n| n <= 12).ok_or_else(bad);
            position.owed = [count(w)?, count(b)?];
        }
        if let Some(own) = self.own {
            for side in own.split(',') {
                match side {
                    "W" | "w" => position.own[0] = true,
                    "B" | "b" => position.own[1] = true,
                    _ => return Err(PositionError::syntax(format!("own: expected W, B or W,B, found \"{own}\""))),
                }
            }
        }
        position.stalemate = self.stalemate.is_some_and(|v| v == "1");
        if let Some(marked) = self.marked {
            position.marked = points(config, marked, "marked")?;
            if position.marked & (position.men[0] | position.men[1]) != 0 {
                return Err(PositionError::impossible("marked: a marked point holds a piece"));
            }
        }
        if let Some(used) = self.used {
            let (w, b) = used.split_once(';').unwrap_or((used, ""));
            position.used = [points(config, w, "used")?, points(config, b, "used")?];
        }
        if let Some(plies) = self.plies {
            position.plies = plies
                .parse()
                .map_err(|_| PositionError::syntax(format!("plies: expected a count, found \"{plies}\"")))?;
        }
        if let Some(seen) = self.seen {
            for key in seen.split(',') {
                let k = u64::from_str_radix(key, 16)
                    .ok()
                    .filter(|&k| k < 1 << 49)
                    .ok_or_else(|| PositionError::syntax(format!("seen: expected hexadecimal keys, found \"{key}\"")))?;
                position.seen.push(k);
            }
        }
        Ok(())
    }
}

/// A comma-separated list of points (`-` or nothing for none), each at most once.
fn points(config: &Config, list: &str, side: &str) -> Result<u32, PositionError> {
    let mut men = 0;
    for name in list.split(',').filter(|n| !n.is_empty() && *n != "-") {
        let s = point(config, name).map_err(|e| e.in_field(side))?;
        if men & s.bit() != 0 {
            return Err(PositionError::syntax(format!("{side}: {name} is listed twice")));
        }
        men |= s.bit();
    }
    Ok(men)
}

/// A point by name (`d2`) or number (`20`).
fn point(config: &Config, text: &str) -> Result<Spot, PositionError> {
    config
        .board
        .parse_point(text)
        .ok_or_else(|| PositionError::impossible(format!("\"{text}\" is not a point of the board")))
}

/// `last=W:d1-d2,B:c5-c4*`.
fn read_last(config: &Config, text: &str, position: &mut Position) -> Result<(), PositionError> {
    for item in text.split(',') {
        let bad = || PositionError::syntax(format!("last: expected W:d1-d2 or B:c5-c4, found \"{item}\""));
        let (side, mv) = item.split_once(':').ok_or_else(bad)?;
        let player = match side {
            "W" | "w" => Player::First,
            "B" | "b" => Player::Second,
            _ => return Err(bad()),
        };
        let (mv, formed_mill) = match mv.strip_suffix('*') {
            Some(mv) => (mv, true),
            None => (mv, false),
        };
        let (from, to) = mv.split_once('-').ok_or_else(bad)?;
        let (from, to) = (point(config, from)?, point(config, to)?);
        if from == to {
            return Err(bad());
        }
        if position.last[player.index()].is_some() {
            return Err(PositionError::syntax(format!("last: {side} is given twice")));
        }
        if config.no_return != NoReturn::Off {
            position.last[player.index()] = Some(LastMove {
                from,
                to,
                formed_mill: formed_mill && config.no_return == NoReturn::Mill,
            });
        }
    }
    Ok(())
}

/// `remove=d2`: the piece on d2 belongs to the side to move and stands in a mill, and
/// the opponent has a piece to remove.
fn read_remove(config: &Config, text: &str, position: &mut Position) -> Result<(), PositionError> {
    let s = point(config, text).map_err(|e| e.in_field("remove"))?;
    let me = position.to_move;
    if config.board.mills_at(s, position.men(me)).next().is_none() {
        return Err(PositionError::impossible(format!(
            "remove: {text} is not in a mill of {}, the side to move",
            label(me)
        )));
    }
    if position.on_board(me.opponent()) == 0 {
        return Err(PositionError::impossible(format!(
            "remove: {} has no piece on the board to remove",
            label(me.opponent())
        )));
    }
    position.pending = Some(s);
    Ok(())
}
