//! The rules draughts-like games share, written once and parameterised by what
//! differs between them: the board, the directions a man steps in, how men and kings
//! jump, and when jumped pieces leave the board.
//!
//! What every such game here agrees on:
//! - two sides of men and kings; the lower side starts on rank 1 and its men move
//!   towards higher ranks, the upper side the other way;
//! - a man steps one point forward along a line to an empty point; a king slides any
//!   distance along one line over empty points;
//! - captures are chains found by the [`super::capture`] search, compulsory,
//!   and the side must take the most pieces available over all its pieces;
//! - a man is crowned only if its move *ends* on the far rank;
//! - moves are written `c3-d4`, captures with every landing point `d4xf6xh4`, and a
//!   capture may be shortened to its first and last points when that names one chain.
//!
//! A game supplies its rule numbers and words ([`Words`]) so that every message names
//! the rule of its own spec.

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, recognize};
use nom::multi::many1;
use nom::sequence::pair;

use super::board::{Board, Dir, Point};
use super::capture::{self, Chain, Dirs, Field, Graph, Jump, Removal, Search, Set, Stop, bit};
use crate::games::{MoveError, NotationError};

/// The two sides, named by where they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Starts on the low ranks; its men move towards higher ranks.
    Lower,
    /// Starts on the high ranks; its men move towards rank 1.
    Upper,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Lower, Side::Upper];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::Lower => Side::Upper,
            Side::Upper => Side::Lower,
        }
    }
}

/// A man or a king (called a sultan in some games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
}

/// Where every piece stands: one set per side, and which of them are kings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    sides: [Set; 2],
    kings: Set,
}

impl Pieces {
    /// Every piece of `side`.
    pub fn of(&self, side: Side) -> Set {
        self.sides[side.index()]
    }

    /// The kings of `side`.
    pub fn kings_of(&self, side: Side) -> Set {
        self.of(side) & self.kings
    }

    /// The men of `side`.
    pub fn men_of(&self, side: Side) -> Set {
        self.of(side) & !self.kings
    }

    /// Every occupied point.
    pub fn occupied(&self) -> Set {
        self.sides[0] | self.sides[1]
    }

    /// Number of pieces of `side`.
    pub fn count(&self, side: Side) -> usize {
        self.of(side).count_ones() as usize
    }

    /// The piece on `p`, if any.
    pub fn at(&self, p: Point) -> Option<(Side, Kind)> {
        if p.index() >= 128 {
            return None;
        }
        let b = bit(p);
        let kind = if self.kings & b != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Side::BOTH
            .into_iter()
            .find(|s| self.of(*s) & b != 0)
            .map(|s| (s, kind))
    }

    /// Puts a piece on `p`, replacing whatever stood there.
    pub fn put(&mut self, p: Point, side: Side, kind: Kind) {
        self.remove(p);
        let b = bit(p);
        self.sides[side.index()] |= b;
        if kind == Kind::King {
            self.kings |= b;
        }
    }

    /// Empties `p`.
    pub fn remove(&mut self, p: Point) {
        let b = !bit(p);
        self.sides[0] &= b;
        self.sides[1] &= b;
        self.kings &= b;
    }
}

/// A move: a step or slide (one point in `path`, nothing captured) or a capture chain
/// (every landing point, and the pieces taken on the way, in order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub path: Vec<Point>,
    pub captured: Vec<Point>,
    /// A man that ends its move on the far rank.
    pub crowned: bool,
}

impl Move {
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Where the piece ends.
    pub fn to(&self) -> Point {
        *self.path.last().expect("a move goes somewhere")
    }
}

/// The words and rule numbers a game's messages use, so they read like its own spec.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The sides' names, lower side first (`white`, `black`).
    pub sides: [&'static str; 2],
    /// What a crowned man is called (`king`, `sultan`).
    pub king: &'static str,
    /// The rule of a man's step, e.g. `R2`.
    pub man_step: &'static str,
    /// The rule of a king's slide.
    pub king_step: &'static str,
    /// The rule making captures compulsory.
    pub compulsory: &'static str,
    /// The rule requiring the most pieces to be taken.
    pub maximum: &'static str,
    /// The rule of promotion.
    pub promotion: &'static str,
}

/// How points are written: algebraic names (optionally for a board seen in a mirror,
/// files reversed) or PDN numbers.
#[derive(Clone, Debug)]
pub struct Coords {
    /// The record was written on the mirror image of the board: file `a` is our last.
    pub mirror: bool,
    /// Write points as numbers (they are read in either form).
    pub numeric: bool,
    /// Number `n` is `numbers[n - 1]`: playable points row by row from the top rank,
    /// left to right as the record sees the board. Empty if the game has no numbers.
    numbers: Vec<Point>,
    /// The inverse of `numbers`, by lattice index (0: no number).
    number_of: Vec<u16>,
}

impl Coords {
    /// Algebraic names, no mirror, no numbers.
    pub fn algebraic() -> Coords {
        Coords {
            mirror: false,
            numeric: false,
            numbers: Vec::new(),
            number_of: Vec::new(),
        }
    }

    /// Names for `board`, with PDN numbers (read always, written if `numeric`).
    pub fn numbered(board: &Board, mirror: bool, numeric: bool) -> Coords {
        let mut numbers = Vec::new();
        let mut number_of = vec![0u16; board.lattice_size()];
        for rank in (1..=board.ranks()).rev() {
            for file in 1..=board.files() {
                let file = if mirror {
                    board.files() + 1 - file
                } else {
                    file
                };
                if let Some(p) = board.point(file, rank) {
                    numbers.push(p);
                    number_of[p.index()] = numbers.len() as u16;
                }
            }
        }
        Coords {
            mirror,
            numeric,
            numbers,
            number_of,
        }
    }

    /// The file as the record writes it.
    fn record_file(&self, board: &Board, file: u8) -> u8 {
        if self.mirror {
            board.files() + 1 - file
        } else {
            file
        }
    }

    /// A point as the record writes it.
    pub fn name(&self, board: &Board, p: Point) -> String {
        if self.numeric
            && let Some(&n) = self.number_of.get(p.index())
            && n > 0
        {
            return n.to_string();
        }
        let (file, rank) = board.coords(p);
        let file = self.record_file(board, file);
        format!("{}{}", (b'a' + file - 1) as char, rank)
    }

    /// Reads a point name as the record writes it (`d4`, `D4`; on a mirrored record
    /// `b1` is our `g1`) or, if the game numbers its points, a number.
    pub fn parse(&self, board: &Board, text: &str) -> Option<Point> {
        let first = text.chars().next()?;
        if first.is_ascii_digit() {
            if text.starts_with('0') || text.len() > 3 {
                return None;
            }
            let n: usize = text.parse().ok()?;
            return n.checked_sub(1).and_then(|i| self.numbers.get(i)).copied();
        }
        let letter = first.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = &text[1..];
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        let file = letter as u8 - b'a' + 1;
        if file > board.files() {
            return None;
        }
        board.point(self.record_file(board, file), rank)
    }
}

/// A move as the record writes it: its points, and whether they are joined by `x` (or
/// `:`) as a capture rather than by `-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub points: Vec<Point>,
    pub capture: bool,
}

/// Every rule a draughts-like game shares, with the parameters that differ.
#[derive(Clone, Debug)]
pub struct Draughts {
    pub board: Board,
    graph: Graph,
    /// The directions a man of each side steps in (forward).
    pub man_steps: [Dirs; 2],
    pub man_jump: Jump,
    pub king_jump: Jump,
    pub removal: Removal,
    pub words: Words,
    pub coords: Coords,
}

/// The captures available to a side.
#[derive(Clone, Debug, Default)]
pub struct Captures {
    /// The most pieces any capture takes (0: no capture).
    pub best: usize,
    pub moves: Vec<Move>,
}

impl Draughts {
    pub fn new(
        board: Board,
        man_steps: [Dirs; 2],
        man_jump: Jump,
        king_jump: Jump,
        removal: Removal,
        words: Words,
        coords: Coords,
    ) -> Draughts {
        Draughts {
            graph: Graph::new(&board),
            board,
            man_steps,
            man_jump,
            king_jump,
            removal,
            words,
            coords,
        }
    }

    /// The rank on which `side`'s men are crowned.
    pub fn far_rank(&self, side: Side) -> u8 {
        match side {
            Side::Lower => self.board.ranks(),
            Side::Upper => 1,
        }
    }

    fn rank(&self, p: Point) -> u8 {
        self.board.coords(p).1
    }

    fn jump(&self, kind: Kind) -> Jump {
        match kind {
            Kind::Man => self.man_jump,
            Kind::King => self.king_jump,
        }
    }

    /// The chains of `side` under `stop`, made into moves.
    fn chains(&self, pieces: &Pieces, side: Side, stop: Stop, only: Option<Point>) -> Captures {
        let found = self
            .search(stop)
            .run(self.field(pieces, side), self.movers(pieces, side, only));
        let moves = found
            .chains
            .into_iter()
            .map(|c| self.chain_move(pieces, side, c))
            .collect();
        Captures {
            best: found.best,
            moves,
        }
    }

    fn chain_move(&self, pieces: &Pieces, side: Side, chain: Chain) -> Move {
        let is_man = pieces.at(chain.from).is_some_and(|(_, k)| k == Kind::Man);
        let crowned = is_man && self.rank(chain.to()) == self.far_rank(side);
        Move {
            from: chain.from,
            path: chain.landings,
            captured: chain.captured,
            crowned,
        }
    }

    /// The written chain from `from` through `landings`, checked jump by jump, and
    /// whether it could go on; `None` unless every leg is a legal jump.
    fn follow(
        &self,
        pieces: &Pieces,
        side: Side,
        from: Point,
        landings: &[Point],
    ) -> Option<(Move, bool)> {
        let kind = pieces.at(from).map(|(_, k)| k)?;
        let followed = self.search(Stop::Complete).follow(
            self.field(pieces, side),
            from,
            self.jump(kind),
            landings,
        )?;
        let chain = Chain {
            from,
            landings: landings.to_vec(),
            captured: followed.captured,
        };
        Some((self.chain_move(pieces, side, chain), followed.can_continue))
    }

    /// The pieces of `side` that have a capture (not necessarily the best one).
    pub fn capturers(&self, pieces: &Pieces, side: Side) -> Set {
        self.search(Stop::Complete)
            .capturers(self.field(pieces, side), self.movers(pieces, side, None))
    }

    fn search(&self, stop: Stop) -> Search<'_> {
        Search {
            graph: &self.graph,
            removal: self.removal,
            stop,
        }
    }

    fn field(&self, pieces: &Pieces, side: Side) -> Field {
        Field {
            occupied: pieces.occupied(),
            enemy: pieces.of(side.opponent()),
        }
    }

    fn movers<'a>(
        &'a self,
        pieces: &'a Pieces,
        side: Side,
        only: Option<Point>,
    ) -> impl Iterator<Item = (Point, Jump)> + 'a {
        capture::points(pieces.of(side))
            .filter(move |p| only.is_none_or(|o| o == *p))
            .map(|p| {
                let kind = pieces.at(p).map_or(Kind::Man, |(_, k)| k);
                (p, self.jump(kind))
            })
    }

    /// The captures `side` may make under the maximum rule: those taking the most
    /// pieces over all its pieces.
    pub fn captures(&self, pieces: &Pieces, side: Side) -> Captures {
        self.chains(pieces, side, Stop::Maximum, None)
    }

    /// Every capture chain of one or more jumps, including chains that stop while they
    /// could go on (for rules that accept faulty captures).
    pub fn every_capture(&self, pieces: &Pieces, side: Side) -> Captures {
        self.chains(pieces, side, Stop::Anywhere, None)
    }

    /// Every non-capturing move of `side`: men one step forward, kings any distance.
    pub fn steps(&self, pieces: &Pieces, side: Side) -> Vec<Move> {
        let occupied = pieces.occupied();
        let mut moves = Vec::new();
        for from in capture::points(pieces.of(side)) {
            let is_king = pieces.kings & bit(from) != 0;
            for dir in Dir::ALL {
                if !is_king && !self.man_steps[side.index()].contains(dir) {
                    continue;
                }
                for to in self.board.ray(from, dir) {
                    if occupied & bit(to) != 0 {
                        break;
                    }
                    let crowned = !is_king && self.rank(to) == self.far_rank(side);
                    moves.push(Move {
                        from,
                        path: vec![to],
                        captured: Vec::new(),
                        crowned,
                    });
                    if !is_king {
                        break;
                    }
                }
            }
        }
        moves
    }

    /// The legal moves under compulsory maximum capture: the best captures if there is
    /// any capture, else every step.
    pub fn legal_moves(&self, pieces: &Pieces, side: Side) -> Vec<Move> {
        let captures = self.captures(pieces, side);
        if captures.best > 0 {
            captures.moves
        } else {
            self.steps(pieces, side)
        }
    }

    /// Whether `side` has any move at all, without listing them: a step to the first
    /// point of a ray it may take, or a piece that can capture.
    pub fn can_move(&self, pieces: &Pieces, side: Side) -> bool {
        self.has_step(pieces, side) || self.capturers(pieces, side) != 0
    }

    /// Whether any piece of `side` can step (a king can if it can go one point).
    fn has_step(&self, pieces: &Pieces, side: Side) -> bool {
        let occupied = pieces.occupied();
        capture::points(pieces.of(side)).any(|from| {
            let is_king = pieces.kings & bit(from) != 0;
            Dir::ALL.into_iter().any(|dir| {
                (is_king || self.man_steps[side.index()].contains(dir))
                    && self
                        .board
                        .ray(from, dir)
                        .next()
                        .is_some_and(|to| occupied & bit(to) == 0)
            })
        })
    }

    /// Plays a move of `side`: the captured pieces leave together at the end (or had
    /// left one by one: the result is the same), then a man on the far rank is crowned.
    pub fn play(&self, pieces: &mut Pieces, side: Side, mv: &Move) {
        let kind = pieces.at(mv.from).map_or(Kind::Man, |(_, k)| k);
        pieces.remove(mv.from);
        for &c in &mv.captured {
            pieces.remove(c);
        }
        let kind = if mv.crowned { Kind::King } else { kind };
        pieces.put(mv.to(), side, kind);
    }

    // ----- notation -----

    /// A point as the record writes it.
    pub fn name(&self, p: Point) -> String {
        self.coords.name(&self.board, p)
    }

    /// The move in canonical notation: `c3-d4`, or every landing point `d4xf6xh4`.
    pub fn write(&self, mv: &Move) -> String {
        let sep = if mv.is_capture() { 'x' } else { '-' };
        let mut text = self.name(mv.from);
        for &p in &mv.path {
            text.push(sep);
            text.push_str(&self.name(p));
        }
        text
    }

    fn write_written(&self, w: &Written) -> String {
        let sep = if w.capture { "x" } else { "-" };
        w.points
            .iter()
            .map(|&p| self.name(p))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Reads a move token: points joined by `-` (a step) or by `x`/`X`/`:` (a capture
    /// with every landing point, or a shortened one).
    ///
    /// # Errors
    /// Text that is not points and separators, a point off the board, separators mixed,
    /// or a step with more than two points.
    pub fn parse(&self, text: &str) -> Result<Written, NotationError> {
        let expected = || NotationError::expected("a move like c3-d4 or a capture like d4xf6xh4");
        let point = || {
            alt((
                recognize(pair(satisfy(|c: char| c.is_ascii_alphabetic()), digit1)),
                digit1,
            ))
        };
        let (_, (first, rest)) = all_consuming((point(), many1((one_of("-xX:"), point()))))
            .parse(text)
            .map_err(|_: nom::Err<nom::error::Error<&str>>| expected())?;
        let capture = rest[0].0 != '-';
        if rest.iter().any(|(sep, _)| (*sep != '-') != capture) {
            return Err(NotationError::expected(
                "one kind of separator: - for a move, x for every jump of a capture",
            ));
        }
        if !capture && rest.len() > 1 {
            return Err(NotationError::expected(
                "a move with two points (c3-d4); a capture's landing points are joined by x",
            ));
        }
        let mut points = Vec::with_capacity(rest.len() + 1);
        for name in std::iter::once(first).chain(rest.iter().map(|(_, p)| *p)) {
            let p = self.coords.parse(&self.board, name).ok_or_else(|| {
                NotationError::expected(format!("a point of the board, not \"{name}\""))
            })?;
            points.push(p);
        }
        Ok(Written { points, capture })
    }

    /// Finds the legal move a written move means. With `faults`, moves the rules punish
    /// rather than forbid are accepted too: a step while a capture exists, and any
    /// capture chain, even one that stops early or takes fewer than the most.
    ///
    /// A capture matches a chain with the same landing points, or with the same first
    /// and last points and the written middle points among its own, in order; a chain
    /// written in full is preferred to chains it would shorten.
    ///
    /// # Errors
    /// Illegal (naming the rule), ambiguous (listing the chains), or a capture written
    /// with `-` / a step written with `x` (wrong mark).
    pub fn resolve(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        faults: bool,
    ) -> Result<Move, MoveError> {
        self.check_owner(pieces, side, written.points[0])?;
        let best = self.captures(pieces, side);
        if written.capture {
            self.resolve_capture(pieces, side, written, &best, faults)
        } else {
            self.resolve_step(pieces, side, written, &best, faults)
        }
    }

    /// A move written with `-`: a legal step, unless a capture is compulsory; a
    /// capture written so is a wrong mark.
    fn resolve_step(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        faults: bool,
    ) -> Result<Move, MoveError> {
        let points = &written.points;
        match self.step(pieces, side, points[0], points[1]) {
            Ok(mv) if best.best == 0 || faults => Ok(mv),
            Ok(_) => Err(MoveError::illegal(format!(
                "a capture is compulsory ({}): e.g. {} takes {}",
                self.words.compulsory,
                self.example(best),
                best.best
            ))),
            Err(why) => {
                let meant: Vec<&Move> = best
                    .moves
                    .iter()
                    .filter(|m| in_full(m, points) || shortens(m, points))
                    .collect();
                match meant[..] {
                    [m] => Err(MoveError::wrong_mark(format!(
                        "{} is a capture: write it {}",
                        self.write_written(written),
                        self.write(m)
                    ))),
                    _ => Err(MoveError::illegal(why)),
                }
            }
        }
    }

    /// A move written with `x`: a maximal chain written in full, else (with faults
    /// allowed) any legal chain written in full, else a maximal chain it shortens,
    /// else (with faults) any chain of that piece it shortens.
    fn resolve_capture(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        faults: bool,
    ) -> Result<Move, MoveError> {
        let points = &written.points;
        if let Some(m) = best.moves.iter().find(|m| in_full(m, points)) {
            return Ok(m.clone());
        }
        let followed = self.follow(pieces, side, points[0], &points[1..]);
        if faults && let Some((m, _)) = &followed {
            return Ok(m.clone());
        }
        if let Some(found) = self.shortened(&best.moves, points) {
            return found;
        }
        if faults {
            let own = self.chains(pieces, side, Stop::Anywhere, Some(points[0]));
            if let Some(found) = self.shortened(&own.moves, points) {
                return found;
            }
        }
        Err(self.not_a_capture(pieces, side, written, best, followed.map(|(m, _)| m)))
    }

    /// The one move of `moves` the points shorten, ambiguous if several, `None` if none.
    fn shortened(&self, moves: &[Move], points: &[Point]) -> Option<Result<Move, MoveError>> {
        let found: Vec<&Move> = moves.iter().filter(|m| shortens(m, points)).collect();
        match found[..] {
            [] => None,
            [m] => Some(Ok(m.clone())),
            _ => Some(Err(self.ambiguous(found))),
        }
    }

    /// Why a written capture names no acceptable chain: there is no capture (perhaps a
    /// step written with `x`), or it is not the most pieces (naming the maximum and a
    /// chain reaching it), or it is no chain at all.
    fn not_a_capture(
        &self,
        pieces: &Pieces,
        side: Side,
        written: &Written,
        best: &Captures,
        followed: Option<Move>,
    ) -> MoveError {
        let text = self.write_written(written);
        let points = &written.points;
        if best.best == 0 {
            if let [from, to] = points[..]
                && let Ok(step) = self.step(pieces, side, from, to)
            {
                return MoveError::wrong_mark(format!(
                    "{text} takes nothing: write it {}",
                    self.write(&step)
                ));
            }
            return MoveError::illegal(format!(
                "{text} is not a capture: {} has no capture in this position",
                self.side_name(side)
            ));
        }
        MoveError::illegal(match followed {
            Some(m) => format!(
                "the capture must take the most pieces ({}): {text} takes {}, but {} takes {}",
                self.words.maximum,
                m.captured.len(),
                self.example(best),
                best.best
            ),
            None => format!(
                "{text} is not a legal capture; the most {} can take is {} ({}), e.g. {}",
                self.side_name(side),
                best.best,
                self.words.maximum,
                self.example(best)
            ),
        })
    }

    /// One of the best captures, written, for messages.
    fn example(&self, best: &Captures) -> String {
        best.moves
            .first()
            .map(|m| self.write(m))
            .unwrap_or_default()
    }

    fn ambiguous(&self, moves: Vec<&Move>) -> MoveError {
        MoveError::Ambiguous {
            candidates: moves.iter().map(|m| self.write(m)).collect(),
        }
    }

    fn side_name(&self, side: Side) -> &'static str {
        self.words.sides[side.index()]
    }

    /// An error unless `side` has a piece on `from`.
    fn check_owner(&self, pieces: &Pieces, side: Side, from: Point) -> Result<(), MoveError> {
        match pieces.at(from) {
            Some((s, _)) if s == side => Ok(()),
            Some((s, _)) => Err(MoveError::illegal(format!(
                "{} holds a {} piece, and {} is to move",
                self.name(from),
                self.side_name(s),
                self.side_name(side)
            ))),
            None => Err(MoveError::illegal(format!(
                "there is no piece on {}",
                self.name(from)
            ))),
        }
    }

    /// The step or slide from `from` to `to`, or why there is none.
    fn step(&self, pieces: &Pieces, side: Side, from: Point, to: Point) -> Result<Move, String> {
        let occupied = pieces.occupied();
        let (f, t) = (self.name(from), self.name(to));
        if occupied & bit(to) != 0 {
            return Err(format!("{t} is not empty"));
        }
        let is_king = pieces.kings & bit(from) != 0;
        let Some(dir) = Dir::ALL
            .into_iter()
            .find(|&d| self.board.ray(from, d).any(|q| q == to))
        else {
            return Err(format!(
                "{f} and {t} are not on one line ({})",
                if is_king {
                    self.words.king_step
                } else {
                    self.words.man_step
                }
            ));
        };
        if !is_king {
            if self.board.step(from, dir) != Some(to) {
                return Err(format!(
                    "a man moves one point at a time ({})",
                    self.words.man_step
                ));
            }
            if !self.man_steps[side.index()].contains(dir) {
                return Err(format!(
                    "a man moves only forward unless it captures ({})",
                    self.words.man_step
                ));
            }
        } else if let Some(block) = self
            .board
            .ray(from, dir)
            .take_while(|&q| q != to)
            .find(|&q| occupied & bit(q) != 0)
        {
            return Err(format!(
                "the way from {f} to {t} is blocked at {} ({})",
                self.name(block),
                self.words.king_step
            ));
        }
        Ok(Move {
            from,
            path: vec![to],
            captured: Vec::new(),
            crowned: !is_king && self.rank(to) == self.far_rank(side),
        })
    }

    // ----- for people -----

    /// What a move does, in words: `white man d4xf6xh4 takes e5, g5; crowned king on f8 (R11)`.
    pub fn describe(&self, pieces: &Pieces, side: Side, mv: &Move) -> String {
        let kind = match pieces.at(mv.from) {
            Some((_, Kind::King)) => self.words.king,
            _ => "man",
        };
        let mut text = format!("{} {kind} {}", self.side_name(side), self.write(mv));
        if mv.is_capture() {
            let taken: Vec<String> = mv
                .captured
                .iter()
                .map(|&p| {
                    let what = match pieces.at(p) {
                        Some((_, Kind::King)) => self.words.king,
                        _ => "man",
                    };
                    format!("{what} {}", self.name(p))
                })
                .collect();
            text += &format!(" takes {} ({})", mv.captured.len(), taken.join(", "));
        }
        if mv.crowned {
            text += &format!(
                "; crowned {} on {} ({})",
                self.words.king,
                self.name(mv.to()),
                self.words.promotion
            );
        }
        text
    }

    /// The board as text, top rank first, files as the record names them: `symbols`
    /// gives the letters of (lower man, lower king, upper man, upper king); `.` is an
    /// empty point, a space no point.
    pub fn draw(&self, pieces: &Pieces, symbols: [char; 4]) -> String {
        let b = &self.board;
        let mut lines = Vec::new();
        for rank in (1..=b.ranks()).rev() {
            let mut line = format!("{rank:>2}");
            for file in 1..=b.files() {
                let file = self.coords.record_file(b, file);
                let c = match b.point(file, rank) {
                    None => ' ',
                    Some(p) => match pieces.at(p) {
                        None => '.',
                        Some((side, kind)) => {
                            symbols[side.index() * 2 + usize::from(kind == Kind::King)]
                        }
                    },
                };
                line.push(' ');
                line.push(c);
            }
            lines.push(line.trim_end().to_string());
        }
        let files: Vec<String> = (0..b.files())
            .map(|i| ((b'a' + i) as char).to_string())
            .collect();
        lines.push(format!("   {}", files.join(" ")));
        lines.join("\n")
    }

    /// The pieces of both sides as JSON: `{"<side>": {"men": [...], "<king>s": [...]}}`.
    pub fn state(&self, pieces: &Pieces) -> serde_json::Map<String, serde_json::Value> {
        let names = |set: Set| -> Vec<String> {
            let mut v: Vec<Point> = capture::points(set).collect();
            v.sort_by_key(|p| self.sort_key(*p));
            v.into_iter().map(|p| self.name(p)).collect()
        };
        let mut map = serde_json::Map::new();
        for side in Side::BOTH {
            map.insert(
                self.side_name(side).to_string(),
                serde_json::json!({
                    "men": names(pieces.men_of(side)),
                    format!("{}s", self.words.king): names(pieces.kings_of(side)),
                }),
            );
        }
        map
    }

    /// Order in which points are listed: by number when numbered, else by rank then
    /// file as the record names them.
    pub fn sort_key(&self, p: Point) -> (u16, u8, u8) {
        let n = if self.coords.numeric {
            self.coords.number_of.get(p.index()).copied().unwrap_or(0)
        } else {
            0
        };
        let (file, rank) = self.board.coords(p);
        (n, rank, self.coords.record_file(&self.board, file))
    }
}

/// Whether `points` are the move's start and every landing point.
fn in_full(m: &Move, points: &[Point]) -> bool {
    written_in_full(m.from, &m.path, points)
}

/// Whether `points` (first, some middle points, last) shortens the move's chain.
fn shortens(m: &Move, points: &[Point]) -> bool {
    written_short(m.from, &m.path, points)
}

/// Whether `points` are a chain's start `from` and every landing point of `path`: the
/// chain written in full.
pub fn written_in_full(from: Point, path: &[Point], points: &[Point]) -> bool {
    std::iter::once(from)
        .chain(path.iter().copied())
        .eq(points.iter().copied())
}

/// Whether `points` write the chain from `from` through `path` in short: its first and
/// last points, with any of its middle landing points in order between them (the short
/// capture form of the rules' README).
pub fn written_short(from: Point, path: &[Point], points: &[Point]) -> bool {
    let (Some(&first), Some(&last), Some(&to)) = (points.first(), points.last(), path.last())
    else {
        return false;
    };
    if points.len() < 2 || from != first || to != last || points.len() > path.len() + 1 {
        return false;
    }
    let mut middle = path[..path.len() - 1].iter();
    points[1..points.len() - 1]
        .iter()
        .all(|p| middle.any(|q| q == p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::capture::{Landing, Reach};

    fn chequerboard_8x8() -> Draughts {
        Draughts::new(
            Board::draughts(8, 8),
            [Dirs::of(&[Dir::NE, Dir::NW]), Dirs::of(&[Dir::SE, Dir::SW])],
            Jump {
                reach: Reach::Adjacent,
                landing: Landing::Next,
                dirs: Dirs::ALL,
            },
            Jump {
                reach: Reach::Flying,
                landing: Landing::Beyond,
                dirs: Dirs::ALL,
            },
            Removal::Deferred,
            Words {
                sides: ["lower", "upper"],
                king: "king",
                man_step: "S",
                king_step: "K",
                compulsory: "C",
                maximum: "M",
                promotion: "P",
            },
            Coords::numbered(&Board::draughts(8, 8), false, false),
        )
    }

    fn put(d: &Draughts, pieces: &mut Pieces, side: Side, kind: Kind, names: &[&str]) {
        for n in names {
            pieces.put(d.board.parse_point(n).unwrap(), side, kind);
        }
    }

    #[test]
    fn tokens_parse_with_every_separator() {
        let d = chequerboard_8x8();
        assert!(!d.parse("c3-d4").unwrap().capture);
        assert_eq!(d.parse("d4xf6xh4").unwrap().points.len(), 3);
        assert_eq!(d.parse("22x15:8").unwrap().points.len(), 3);
        assert!(d.parse("D4Xf6").unwrap().capture);
        for bad in [
            "", "c3", "c3-", "c3-d4-e5", "c3xd4-e5", "b1-c2", "33-28", "0-1", "c3--d4",
        ] {
            assert!(d.parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn short_forms_match_first_and_last_points_and_middles_in_order() {
        let d = chequerboard_8x8();
        let p = |n: &str| d.board.parse_point(n).unwrap();
        let m = Move {
            from: p("a1"),
            path: vec![p("e5"), p("g3"), p("e1")],
            captured: vec![p("c3"), p("f4"), p("f2")],
            crowned: false,
        };
        assert!(shortens(&m, &[p("a1"), p("e1")]));
        assert!(shortens(&m, &[p("a1"), p("g3"), p("e1")]));
        assert!(!shortens(&m, &[p("a1"), p("e5")]));
        assert!(!shortens(&m, &[p("a1"), p("g3"), p("e5"), p("e1")]));
    }

    #[test]
    fn numbers_follow_pdn_and_mirror_reverses_files() {
        let b = Board::draughts(8, 8);
        let plain = Coords::numbered(&b, false, true);
        assert_eq!(plain.parse(&b, "1"), b.parse_point("b8"));
        assert_eq!(plain.parse(&b, "29"), b.parse_point("a1"));
        assert_eq!(plain.name(&b, b.parse_point("g1").unwrap()), "32");
        let mirrored = Coords::numbered(&b, true, false);
        // The mirrored record's a8 is our h8; its b1 is our g1.
        assert_eq!(mirrored.parse(&b, "a8"), b.parse_point("h8"));
        assert_eq!(mirrored.parse(&b, "b1"), b.parse_point("g1"));
        assert_eq!(mirrored.name(&b, b.parse_point("g1").unwrap()), "b1");
        assert_eq!(mirrored.parse(&b, "1"), b.parse_point("h8"));
    }

    #[test]
    fn messages_name_the_rule() {
        let d = chequerboard_8x8();
        let mut pieces = Pieces::default();
        put(&d, &mut pieces, Side::Lower, Kind::Man, &["c3", "e3"]);
        put(&d, &mut pieces, Side::Upper, Kind::Man, &["f4"]);
        let err = |t: &str| {
            d.resolve(&pieces, Side::Lower, &d.parse(t).unwrap(), false)
                .unwrap_err()
                .to_string()
        };
        assert!(err("c3-d4").contains("a capture is compulsory (C): e.g. e3xg5 takes 1"));
        assert!(err("c3-b2").contains("only forward"));
        assert!(err("e3-g5").contains("wrong mark: e3-g5 is a capture: write it e3xg5"));
        assert!(err("d4-e5").contains("there is no piece on d4"));
        assert!(err("f4-e3").contains("f4 holds a upper piece, and lower is to move"));
        let mut quiet = Pieces::default();
        put(&d, &mut quiet, Side::Lower, Kind::Man, &["c3"]);
        let e = d
            .resolve(&quiet, Side::Lower, &d.parse("c3xd4").unwrap(), false)
            .unwrap_err();
        assert!(e.to_string().contains("takes nothing: write it c3-d4"));
        let e = d
            .resolve(&quiet, Side::Lower, &d.parse("c3-b2").unwrap(), false)
            .unwrap_err();
        assert!(e.to_string().contains("only forward"), "{e}");
    }
}
