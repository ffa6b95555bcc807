//! The rules of the hunt games, each in one place, as a [`Variant`](super::Variant)
//! configures them: Kungser's R1–R11 (`kungser.md`), Rimau-rimau's V1–V5
//! (`rimau-rimau.md`), with their decisions and those added after review, Bagh-chal's
//! R1–R8 (`bagh-chal.md`).
//!
//! - the hunters' first turn ([`Opening`]: [`Hunt::openings`], the R1 filter in
//!   [`Hunt::chains`]);
//! - hunter steps; chains (Kungser R3, R4); jumps over a run (Rimau-rimau V3, V4;
//!   Bagh-chal R4, a run of one);
//! - the prey's drops from hand, then steps (the shared placement phase);
//! - the end ([`Hunt::end`]), decided when a move is over: the target, a side without
//!   a move, the third occurrence of a position.

use super::moves::Move;
use super::notation::Token;
use super::position::Position;
use super::{Capture, Hunt, Opening};
use crate::games::common::capture::{
    Chain, Dirs, Ends, Field, Jump, Landing, Points, Reach, Removal, Search, Set, Stop, bit, points,
};
use crate::games::common::draughts::{written_in_full, written_short};
use crate::games::common::listing::at_most;
use crate::games::common::placement::Placement;
use crate::games::common::{Dir, Point};
use crate::games::{Ending, GameResult, IllegalKind, MoveError, Outcome};

/// R3: a prince jumps an adjacent lama along any line, landing right behind it.
const PRINCE: Jump = Jump {
    reach: Reach::Adjacent,
    landing: Landing::Next,
    dirs: Dirs::ALL,
};

/// What lies along a line from a hunter that jumps runs (V3, Bagh-chal R4).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Run {
    /// The next point is not a prey piece (or there is none).
    NoMan,
    /// The prey run up to a hunter or the end of the line: nowhere to land.
    Blocked(Points),
    /// A run followed by an empty point, but one the variant does not jump (an even
    /// run in Rimau-rimau, more than one goat in Bagh-chal).
    Even(Points),
    /// A run the variant jumps, followed by the empty landing point.
    Odd(Points, Point),
}

impl Hunt {
    // ----- what the board offers -----

    fn empty(&self, position: &Position) -> Set {
        self.geo.all() & !position.occupied()
    }

    /// The empty points next to `from` along a line.
    fn step_targets(&self, position: &Position, from: Point) -> impl Iterator<Item = Point> {
        let occupied = position.occupied();
        self.geo
            .board
            .neighbours(from)
            .filter(move |&(_, q)| occupied & bit(q) == 0)
            .map(|(_, q)| q)
    }

    /// Whether one of `pieces` can step (R9 asks before every move).
    fn can_step(&self, position: &Position, pieces: Set) -> bool {
        points(pieces).any(|p| self.step_targets(position, p).next().is_some())
    }

    fn steps_of(&self, position: &Position, pieces: Set) -> Vec<Move> {
        points(pieces)
            .flat_map(|from| {
                self.step_targets(position, from)
                    .map(move |to| Move::Step { from, to })
            })
            .collect()
    }

    fn search(&self) -> Search<'_> {
        Search {
            graph: &self.geo.graph,
            // R4 and §4.3: a lama leaves at once; the prince may land on its point.
            removal: Removal::Immediate,
            // R4 and §4.4: a chain may stop after any jump.
            stop: Stop::Anywhere,
        }
    }

    fn field(position: &Position) -> Field {
        Field {
            occupied: position.occupied(),
            enemy: position.prey,
        }
    }

    /// R3, R4: every capture chain of the princes (or of the one on `only`), each
    /// prefix of a longer chain included; R1: on the first move, single jumps only.
    ///
    /// A prince among many lamas may have millions of chains: past the search's budget
    /// ([`SEARCH_BUDGET`](crate::games::common::capture::SEARCH_BUDGET)) those found
    /// so far are listed.
    pub fn chains(&self, position: &Position, only: Option<Point>) -> Vec<Move> {
        self.chain_listing(position, only).0
    }

    /// [`Self::chains`], and whether the search stopped at one of its limits
    /// ([`Chains::exhausted`](crate::games::common::capture::Chains::exhausted))
    /// before it had listed every chain: the list is then incomplete.
    fn chain_listing(&self, position: &Position, only: Option<Point>) -> (Vec<Move>, bool) {
        let movers = points(position.hunters)
            .filter(|p| only.is_none_or(|o| o == *p))
            .map(|p| (p, PRINCE));
        let found = self.search().run(Self::field(position), movers);
        (self.allowed(position, found.chains), found.exhausted)
    }

    /// R1: on the first move, the single jumps of `chains`; after it, all of them.
    fn allowed(&self, position: &Position, chains: Vec<Chain>) -> Vec<Move> {
        chains
            .into_iter()
            .filter(|c| !position.opening || c.count() == 1)
            .map(chain_move)
            .collect()
    }

    /// R3, R4 (R1 on the first move): the chains of the prince on `from` ending on
    /// `to`, the only ones a capture written from `from` to `to` can name, and the
    /// most pieces any chain of it takes. Only these are kept, though the search
    /// looks at every chain.
    ///
    /// # Errors
    /// When the prince has more chains than the search looks at
    /// ([`SEARCH_BUDGET`](crate::games::common::capture::SEARCH_BUDGET)).
    fn chains_ending(
        &self,
        position: &Position,
        from: Point,
        to: Point,
    ) -> Result<(usize, Vec<Move>), MoveError> {
        let found =
            self.search()
                .run_listing(Self::field(position), [(from, PRINCE)], Ends::of(from, to));
        if found.exhausted {
            return Err(MoveError::unchecked(format!(
                "a capture by the prince on {}: it has more capture chains than tgn's search \
                 looks at (a limit of tgn, not a rule)",
                self.geo.name(from)
            )));
        }
        Ok((found.best, self.allowed(position, found.chains)))
    }

    /// V3: what lies from the tiger on `from` towards `dir`.
    fn run(&self, position: &Position, from: Point, dir: Dir) -> Run {
        let mut men = Points::new();
        for q in self.geo.board.ray(from, dir) {
            if position.prey & bit(q) != 0 {
                men.push(q);
                continue;
            }
            if men.is_empty() {
                return Run::NoMan;
            }
            if position.hunters & bit(q) != 0 {
                return Run::Blocked(men);
            }
            return if self.jumps(men.len()) {
                Run::Odd(men, q)
            } else {
                Run::Even(men)
            };
        }
        if men.is_empty() {
            Run::NoMan
        } else {
            Run::Blocked(men)
        }
    }

    /// Whether a hunter jumps a run of `n` prey: an odd run (V3), or one piece only
    /// (Bagh-chal R4).
    fn jumps(&self, n: usize) -> bool {
        match self.variant.capture {
            Capture::OddRun => n % 2 == 1,
            Capture::Single | Capture::Chain => n == 1,
        }
    }

    /// V3, V4, Bagh-chal R4: the hunters' jumps, one per line with a run they may
    /// jump and an empty point after it.
    pub fn runs(&self, position: &Position) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in points(position.hunters) {
            for dir in Dir::ALL {
                if let Run::Odd(men, to) = self.run(position, from, dir) {
                    moves.push(Move::Capture {
                        from,
                        landings: smallvec::smallvec![to],
                        captured: men,
                    });
                }
            }
        }
        moves
    }

    /// V1: every opening turn — 3 of the central men removed, then no move or one tiger
    /// moved to any empty point (one just emptied included).
    pub fn openings(&self, position: &Position) -> Vec<Move> {
        let central: Vec<Point> = points(position.prey & self.geo.zone).collect();
        let mut moves = Vec::new();
        for (i, &a) in central.iter().enumerate() {
            for (j, &b) in central.iter().enumerate().skip(i + 1) {
                for &c in &central[j + 1..] {
                    let removed = vec![a, b, c];
                    let empty = self.empty(position) | bit(a) | bit(b) | bit(c);
                    moves.push(Move::Opening {
                        removed: removed.clone(),
                        relocation: None,
                    });
                    for tiger in points(position.hunters) {
                        for to in points(empty) {
                            moves.push(Move::Opening {
                                removed: removed.clone(),
                                relocation: Some((tiger, to)),
                            });
                        }
                    }
                }
            }
        }
        moves
    }

    /// The hunters' captures (chains or jumps), and whether the chain search stopped
    /// at one of its limits before it had listed them all.
    fn capture_listing(&self, position: &Position) -> (Vec<Move>, bool) {
        match self.variant.capture {
            Capture::Chain => self.chain_listing(position, None),
            Capture::Single | Capture::OddRun => (self.runs(position), false),
        }
    }

    /// Whether the hunters are to move.
    fn hunters_move(&self, position: &Position) -> bool {
        position.to_move == self.hunters()
    }

    /// The removals of the hunters' first turn, if their first turn is one and is due.
    fn removals_due(&self, position: &Position) -> Option<usize> {
        match self.variant.opening {
            Opening::Removal { count, .. } if position.opening => Some(count),
            _ => None,
        }
    }

    /// Every legal move of the side to move.
    pub fn legal(&self, position: &Position) -> Vec<Move> {
        self.listing(position).0
    }

    /// Every legal move of the side to move, and whether the chain search stopped at
    /// one of its limits before it had listed every capture: the list is then
    /// incomplete (a limit of tgn, not a rule).
    pub fn listing(&self, position: &Position) -> (Vec<Move>, bool) {
        if !self.hunters_move(position) {
            return (self.prey_moves(position), false);
        }
        match (self.variant.opening, position.opening) {
            // R1: the first move is a single-jump capture, nothing else.
            (Opening::SingleJump, true) => self.chain_listing(position, None),
            (Opening::Removal { .. }, true) => (self.openings(position), false),
            // R2, V4: a step or a capture (never compulsory, R11).
            _ => {
                let mut moves = self.steps_of(position, position.hunters);
                let (captures, exhausted) = self.capture_listing(position);
                moves.extend(captures);
                (moves, exhausted)
            }
        }
    }

    /// R5, R6, V2: a drop while the hand holds any, else a step.
    fn prey_moves(&self, position: &Position) -> Vec<Move> {
        if position.hand > 0 {
            return self
                .words
                .placement
                .drops(position.hand, points(self.empty(position)))
                .into_iter()
                .map(Move::Drop)
                .collect();
        }
        self.steps_of(position, position.prey)
    }

    /// Whether the side to move has a legal move (without listing them all).
    pub fn can_move(&self, position: &Position) -> bool {
        if !self.hunters_move(position) {
            return if position.hand > 0 {
                self.empty(position) != 0
            } else {
                self.can_step(position, position.prey)
            };
        }
        if let Some(count) = self.removals_due(position) {
            return (position.prey & self.geo.zone).count_ones() as usize >= count;
        }
        let steps = !position.opening && self.can_step(position, position.hunters);
        steps
            || match self.variant.capture {
                Capture::Chain => {
                    let movers = points(position.hunters).map(|p| (p, PRINCE));
                    self.search().capturers(Self::field(position), movers) != 0
                }
                Capture::Single | Capture::OddRun => !self.runs(position).is_empty(),
            }
    }

    // ----- the end -----

    /// R7–R9, V5, §5, Bagh-chal R5–R7: how the game has ended, if it has. A move is over before the end
    /// is judged, so a chain that takes the 16th lama may go on (decision after review).
    pub fn end(&self, position: &Position) -> Option<End> {
        if let Some(end) = self.end_but_for_moves(position) {
            return Some(end);
        }
        if self.can_move(position) {
            return None;
        }
        Some(if self.hunters_move(position) {
            End::Blocked
        } else {
            End::Stuck
        })
    }

    /// [`Hunt::end`] but for the side to move having no move: a position met for the
    /// third time, the prey all taken, or the target reached.
    pub fn end_but_for_moves(&self, position: &Position) -> Option<End> {
        if position.repeated {
            return Some(End::Repetition);
        }
        if self.capture_all {
            (position.prey == 0 && position.hand == 0).then_some(End::NoneLeft)
        } else {
            (position.captured >= self.target).then_some(End::Target(position.captured))
        }
    }

    // ----- reading a token -----

    /// Matches a token against the position, naming the rule that refuses it.
    pub fn resolve_token(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        match token {
            Token::Drop(to) => self.resolve_drop(position, *to),
            Token::Line { points, capture } => {
                let (from, to) = (points[0], points[points.len() - 1]);
                self.check_owner(position, from)?;
                match (self.hunters_move(position), capture) {
                    (true, true) => self.resolve_capture(position, points),
                    (true, false) => self.resolve_hunter_step(position, from, to),
                    (false, true) => Err(MoveError::illegal(format!(
                        "{} never jump or capture",
                        self.words.preys
                    ))
                    .rule(self.words.placement.move_rule)),
                    (false, false) => self.resolve_prey_step(position, from, to),
                }
            }
            Token::Opening {
                removed,
                relocation,
            } => self.resolve_opening(position, removed, *relocation),
        }
    }

    /// R5, V2: a drop by the prey side, with a piece in hand, on an empty point.
    fn resolve_drop(&self, position: &Position, to: Point) -> Result<Move, MoveError> {
        let w = self.words;
        if self.hunters_move(position) {
            return Err(MoveError::illegal(format!(
                "{} is to move, and {} never enter from hand: {}{} drops a {}",
                self.side(self.hunters()),
                w.hunters,
                self.variant.drop_mark,
                self.geo.name(to),
                w.prey
            ))
            .rule(w.placement.drop_rule));
        }
        w.placement.check_drop(
            self.side(self.prey_side()),
            position.hand,
            self.geo.board.name(to),
            position.occupied() & bit(to) != 0,
        )?;
        Ok(Move::Drop(to))
    }

    /// An error unless the side to move has a piece on `from`.
    fn check_owner(&self, position: &Position, from: Point) -> Result<(), MoveError> {
        let me = position.to_move;
        let mine = if self.hunters_move(position) {
            position.hunters
        } else {
            position.prey
        };
        if mine & bit(from) != 0 {
            return Ok(());
        }
        let point = self.geo.name(from).to_string();
        let what = if position.hunters & bit(from) != 0 {
            self.words.hunter
        } else if position.prey & bit(from) != 0 {
            self.words.prey
        } else {
            let reason = format!("there is no piece on {point}");
            return Err(MoveError::illegal_kind(
                IllegalKind::NoPiece { point },
                reason,
            ));
        };
        let (also, rule) = if !self.hunters_move(position) && self.variant.capture == Capture::Chain
        {
            (": one prince acts per turn", Some("R4"))
        } else {
            ("", None)
        };
        let reason = format!(
            "{point} holds a {what}, and {} is to move{also}",
            self.side(me)
        );
        Err(MoveError::illegal_kind(IllegalKind::NotYours { point }, reason).rule(rule))
    }

    /// The hunters' first turn, as a refusal of anything else (R1, V1).
    fn opening_required(&self, position: &Position) -> MoveError {
        let example = self
            .legal(position)
            .first()
            .map(|m| format!(", e.g. {}", super::notation::write(self, m)))
            .unwrap_or_default();
        let w = self.words;
        MoveError::illegal(match self.variant.opening {
            Opening::Removal { count, .. } => format!(
                "the {}' first turn removes {count} of the nine central {}{example}",
                w.hunters, w.preys
            ),
            _ => format!(
                "the {}' first move takes one {} by a single jump{example}",
                w.hunters, w.prey
            ),
        })
        .rule(w.opening)
    }

    /// R2, V4: a hunter's step; a capture written with `-` (and not also a step) is a
    /// wrong mark.
    fn resolve_hunter_step(
        &self,
        position: &Position,
        from: Point,
        to: Point,
    ) -> Result<Move, MoveError> {
        let step = self.check_step(
            position,
            from,
            to,
            self.words.hunter,
            self.words.hunter_step,
        );
        if step.is_ok() && !position.opening {
            return Ok(Move::Step { from, to });
        }
        let written = [from, to];
        let meant: Vec<Move> = self
            .captures_of(position, from, to)?
            .into_iter()
            .filter(|m| matches_capture(m, &written))
            .collect();
        let write = |m: &Move| super::notation::write(self, m);
        let how = match &meant[..] {
            [] => None,
            [one] => Some(write(one)),
            _ => Some(format!(
                "with x, as one of {}",
                at_most(&meant, write).join(", ")
            )),
        };
        if let Some(how) = how {
            return Err(MoveError::wrong_mark(format!(
                "{}-{} is a capture: write it {how}",
                self.geo.name(from),
                self.geo.name(to)
            )));
        }
        if position.opening {
            return Err(self.opening_required(position));
        }
        step.map(|()| Move::Step { from, to })
    }

    /// R6, V2: a step of a lama or man, once the hand is empty.
    fn resolve_prey_step(
        &self,
        position: &Position,
        from: Point,
        to: Point,
    ) -> Result<Move, MoveError> {
        let w = self.words;
        w.placement
            .check_move(self.side(self.prey_side()), position.hand)?;
        self.check_step(position, from, to, w.prey, w.placement.move_rule)?;
        Ok(Move::Step { from, to })
    }

    /// A step goes along a line to a neighbouring empty point.
    fn check_step(
        &self,
        position: &Position,
        from: Point,
        to: Point,
        piece: &str,
        rule: &'static str,
    ) -> Result<(), MoveError> {
        let (f, t) = (self.geo.name(from), self.geo.name(to));
        if !self.geo.board.adjacent(from, to) {
            return Err(MoveError::illegal(format!(
                "{f}-{t}: a {piece} steps to a neighbouring point along a line, and {t} is not \
                 next to {f}"
            ))
            .rule(rule));
        }
        if position.occupied() & bit(to) != 0 {
            let point = t.to_string();
            let reason = format!("{point} is occupied");
            return Err(
                MoveError::illegal_kind(IllegalKind::Occupied { point }, reason).rule(rule),
            );
        }
        Ok(())
    }

    /// The captures of the hunter on `from` open now that end on `to`.
    fn captures_of(
        &self,
        position: &Position,
        from: Point,
        to: Point,
    ) -> Result<Vec<Move>, MoveError> {
        if self.removals_due(position).is_some() {
            return Ok(Vec::new());
        }
        Ok(match self.variant.capture {
            Capture::Chain => self.chains_ending(position, from, to)?.1,
            Capture::Single | Capture::OddRun => self
                .runs(position)
                .into_iter()
                .filter(|m| matches!(m, Move::Capture { from: f, landings, .. } if *f == from && landings.last() == Some(&to)))
                .collect(),
        })
    }

    /// R3/R4, V3/V4 or Bagh-chal's R4: a capture written with `x`.
    fn resolve_capture(&self, position: &Position, written: &[Point]) -> Result<Move, MoveError> {
        if self.removals_due(position).is_some() {
            return Err(self.opening_required(position));
        }
        match self.variant.capture {
            Capture::Chain => self.resolve_chain(position, written),
            Capture::Single | Capture::OddRun => self.resolve_run(position, written),
        }
    }

    /// R3, R4 (R1 on the first move): a chain written in full, else the one chain its
    /// first and last points (and any middle ones) shorten; several: ambiguous.
    fn resolve_chain(&self, position: &Position, written: &[Point]) -> Result<Move, MoveError> {
        let from = written[0];
        let landings = &written[1..];
        // Written in full: checked jump by jump, without listing every chain (a prince
        // among many lamas may have hundreds of thousands).
        if let Some(followed) = self
            .search()
            .follow(Self::field(position), from, PRINCE, landings)
            && (!position.opening || followed.captured.len() == 1)
        {
            return Ok(Move::Capture {
                from,
                landings: Points::from_slice(landings),
                captured: followed.captured,
            });
        }
        let to = written[written.len() - 1];
        let (best, chains) = self.chains_ending(position, from, to)?;
        let short: Vec<&Move> = chains.iter().filter(|m| shortens(m, written)).collect();
        match short[..] {
            [m] => return Ok(m.clone()),
            [_, _, ..] => {
                return Err(MoveError::ambiguous(&short, |m| {
                    super::notation::write(self, m)
                }));
            }
            [] => {}
        }
        Err(self.not_a_chain(position, written, best, &chains))
    }

    /// Why a written chain is none of the prince's.
    /// `best` is the most the prince's chains take; `ending` those of its chains that
    /// end where the written one does.
    fn not_a_chain(
        &self,
        position: &Position,
        written: &[Point],
        best: usize,
        ending: &[Move],
    ) -> MoveError {
        let from = written[0];
        let to = written[written.len() - 1];
        let text = written
            .iter()
            .map(|&p| self.geo.name(p).to_string())
            .collect::<Vec<_>>()
            .join("x");
        let f = self.geo.name(from);
        if position.opening {
            let unrestricted = Position {
                opening: false,
                ..position.clone()
            };
            let chains = match self.chains_ending(&unrestricted, from, to) {
                Ok((_, chains)) => chains,
                Err(e) => return e,
            };
            let meant = chains
                .iter()
                .find(|m| in_full(m, written))
                .or_else(|| chains.iter().find(|m| shortens(m, written)));
            if let Some(m) = meant {
                return MoveError::illegal(format!(
                    "the princes' first move takes exactly one lama by a single jump: {} takes {}",
                    super::notation::write(self, m),
                    captured_count(m)
                ))
                .rule("R1");
            }
        }
        if best == 0
            && written.len() == 2
            && !position.opening
            && self
                .check_step(position, from, written[1], "prince", "R2")
                .is_ok()
        {
            return MoveError::wrong_mark(format!(
                "{text} takes nothing: write it {f}-{}",
                self.geo.name(written[1])
            ));
        }
        // A chain written in full whose legs are jumps along lines: say which leg fails.
        if let Some(why) = self.failing_leg(position, written) {
            return MoveError::illegal(format!("{text}: {why}")).rule("R3");
        }
        if best == 0 {
            return MoveError::illegal(format!("the prince on {f} has no capture")).rule("R3");
        }
        let ending = at_most(ending, |m| super::notation::write(self, m));
        if ending.is_empty() {
            MoveError::illegal(format!(
                "{text}: no capture chain of the prince on {f} ends on {}",
                self.geo.name(to)
            ))
            .rule("R3, R4")
        } else {
            MoveError::illegal(format!(
                "{text} matches no capture chain of the prince on {f}; those ending on {} are {}",
                self.geo.name(to),
                ending.join(", ")
            ))
            .rule("R3, R4")
        }
    }

    /// The first leg of a written chain whose two points are a jump apart along a line
    /// but which is no legal jump (R3), with the reason; `None` if some leg is no jump at all
    /// (the token is then read as a short form).
    fn failing_leg(&self, position: &Position, written: &[Point]) -> Option<String> {
        let board = &self.geo.board;
        let from = written[0];
        let mut prey = position.prey;
        let mut occupied = position.occupied() & !bit(from);
        let mut at = from;
        let mut legs = Vec::new();
        for &to in &written[1..] {
            let dir = Dir::ALL
                .into_iter()
                .find(|&d| board.step(at, d).and_then(|y| board.step(y, d)) == Some(to))?;
            legs.push((at, dir, to));
            at = to;
        }
        for (at, dir, to) in legs {
            let over = board.step(at, dir).expect("a jump passes a point");
            let (a, o, t) = (self.geo.name(at), self.geo.name(over), self.geo.name(to));
            if prey & bit(over) == 0 {
                let what = if position.prey & bit(over) != 0 {
                    format!("the lama on {o} is already taken in this chain")
                } else if occupied & bit(over) != 0 {
                    format!("{o} holds a prince, not a lama")
                } else {
                    format!("{o} is empty")
                };
                return Some(format!("no lama to jump between {a} and {t}: {what}"));
            }
            if occupied & bit(to) != 0 {
                return Some(format!(
                    "the jump from {a} over {o} cannot land on {t}: it is occupied"
                ));
            }
            prey &= !bit(over);
            occupied &= !bit(over);
        }
        None
    }

    /// V3, V4: one jump over an odd run of men, landing right after it.
    fn resolve_run(&self, position: &Position, written: &[Point]) -> Result<Move, MoveError> {
        let w = self.words;
        let names: Vec<String> = written
            .iter()
            .map(|&p| self.geo.name(p).to_string())
            .collect();
        let text = names.join("x");
        if written.len() > 2 {
            return Err(MoveError::illegal(format!(
                "{text}: a {} captures once per turn, with one jump and no chain",
                w.hunter
            ))
            .rule(w.one_capture));
        }
        let (from, to) = (written[0], written[1]);
        let (f, t) = (&names[0], &names[1]);
        let board = &self.geo.board;
        let Some(dir) = board.direction(from, to) else {
            return Err(
                MoveError::illegal(format!("{text}: {f} and {t} are not on one line"))
                    .rule(w.capture),
            );
        };
        let list = |men: &[Point]| {
            men.iter()
                .map(|&p| self.geo.name(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let run = |men: &[Point]| format!("{} ({})", count(men.len(), w.prey, w.preys), list(men));
        match self.run(position, from, dir) {
            Run::Odd(men, landing) if landing == to => Ok(Move::Capture {
                from,
                landings: smallvec::smallvec![to],
                captured: men,
            }),
            Run::Odd(men, landing) => Err(MoveError::illegal(format!(
                "{text}: the {} lands right after the run of {}, on {}: {f}x{}",
                w.hunter,
                run(&men),
                self.geo.name(landing),
                self.geo.name(landing)
            ))
            .rule(w.capture)),
            Run::Even(men) => Err(MoveError::illegal(match self.variant.capture {
                Capture::OddRun => format!(
                    "{text}: a run of {} {} ({}) cannot be jumped; only a run of 1, 3, 5 or 7 \
                     {} can",
                    men.len(),
                    w.preys,
                    list(&men),
                    w.preys
                ),
                Capture::Single | Capture::Chain => format!(
                    "{text}: a {} jumps one {} only, not a run of {}",
                    w.hunter,
                    w.prey,
                    run(&men)
                ),
            })
            .rule(w.capture)),
            Run::Blocked(men) => Err(MoveError::illegal(format!(
                "{text}: the run of {} has no empty point right after it to land on",
                run(&men)
            ))
            .rule(w.capture)),
            Run::NoMan => {
                if board.adjacent(from, to) && position.occupied() & bit(to) == 0 {
                    return Err(MoveError::wrong_mark(format!(
                        "{text} takes nothing: write it {f}-{t}"
                    )));
                }
                Err(MoveError::illegal(format!(
                    "{text}: no {} stands next to the {} on {f} towards {t} to jump",
                    w.prey, w.hunter
                ))
                .rule(w.capture))
            }
        }
    }

    /// V1: three different central men, then perhaps one tiger to an empty point.
    fn resolve_opening(
        &self,
        position: &Position,
        removed: &[Point],
        relocation: Option<(Point, Point)>,
    ) -> Result<Move, MoveError> {
        let Some(count) = self.removals_due(position) else {
            return Err(
                MoveError::illegal("the opening removal is the tigers' first turn only").rule("V1"),
            );
        };
        let mut seen: Set = 0;
        for &p in removed {
            if seen & bit(p) != 0 {
                return Err(MoveError::illegal(format!(
                    "{} is listed twice: the opening removes 3 different men",
                    self.geo.name(p)
                ))
                .rule("V1"));
            }
            seen |= bit(p);
        }
        if removed.len() != count {
            return Err(MoveError::illegal(format!(
                "the opening removes exactly 3 of the nine central men, not {}",
                removed.len()
            ))
            .rule("V1"));
        }
        for &p in removed {
            let name = self.geo.name(p);
            if self.geo.zone & bit(p) == 0 {
                return Err(MoveError::illegal(format!(
                    "{name} is not one of the nine central points b4-d6"
                ))
                .rule("V1"));
            }
            if position.prey & bit(p) == 0 {
                return Err(
                    MoveError::illegal(format!("there is no man on {name} to remove")).rule("V1"),
                );
            }
        }
        if let Some((from, to)) = relocation {
            let (f, t) = (self.geo.name(from), self.geo.name(to));
            if position.hunters & bit(from) == 0 {
                return Err(
                    MoveError::illegal(format!("there is no tiger on {f} to move")).rule("V1"),
                );
            }
            if (position.occupied() & !seen) & bit(to) != 0 {
                return Err(MoveError::illegal(format!(
                    "{t} is occupied: after the removals a tiger may move to an empty point"
                ))
                .rule("V1"));
            }
        }
        let mut removed = removed.to_vec();
        removed.sort();
        Ok(Move::Opening {
            removed,
            relocation,
        })
    }

    // ----- playing -----

    /// Plays a resolved or generated move, and records the position reached for the
    /// repetition rule.
    pub fn apply(&self, position: &mut Position, mv: &Move) {
        let me = position.to_move;
        let hunters = self.hunters_move(position);
        match mv {
            Move::Drop(to) => {
                position.prey |= bit(*to);
                Placement::take(&mut position.hand);
            }
            Move::Step { from, to } => {
                let pieces = if hunters {
                    &mut position.hunters
                } else {
                    &mut position.prey
                };
                *pieces = (*pieces & !bit(*from)) | bit(*to);
            }
            Move::Capture {
                from,
                landings,
                captured,
            } => {
                let to = *landings.last().expect("a capture lands");
                position.hunters = (position.hunters & !bit(*from)) | bit(to);
                for &c in captured {
                    position.prey &= !bit(c);
                }
                position.captured = position.captured.saturating_add(captured.len() as u8);
            }
            Move::Opening {
                removed,
                relocation,
            } => {
                for &p in removed {
                    position.prey &= !bit(p);
                }
                position.captured = position.captured.saturating_add(removed.len() as u8);
                if let Some((from, to)) = relocation {
                    position.hunters = (position.hunters & !bit(*from)) | bit(*to);
                }
            }
        }
        if hunters {
            position.opening = false;
        }
        position.to_move = me.opponent();
        // Bagh-chal R7: a drop or a capture is never undone, so no position before it
        // can occur again.
        let irreversible = !matches!(mv, Move::Step { .. });
        let key = position.key();
        if let Some(history) = &mut position.history {
            history.push(key, irreversible);
            position.repeated = history.occurrences() >= 3;
        }
    }

    /// What a move did, for `annotate`: `prince e5xc3xa1 takes 2 lamas (d4, b2); 3
    /// captured`.
    pub fn description(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let w = self.words;
        let name = |p: Point| self.geo.name(p).to_string();
        let write = super::notation::write(self, mv);
        let mut text = match mv {
            Move::Drop(to) => format!(
                "a {} from hand on {} ({} left in hand)",
                w.prey,
                name(*to),
                after.hand
            ),
            Move::Step { .. } => {
                let piece = if self.hunters_move(before) {
                    w.hunter
                } else {
                    w.prey
                };
                format!("{piece} {write}")
            }
            Move::Capture { captured, .. } => format!(
                "{} {write} takes {} ({}); {} {}",
                w.hunter,
                count(captured.len(), w.prey, w.preys),
                captured
                    .iter()
                    .map(|&p| name(p))
                    .collect::<Vec<_>>()
                    .join(", "),
                after.captured,
                w.taken
            ),
            Move::Opening {
                removed,
                relocation,
            } => {
                let mut text = format!(
                    "the tigers remove the men on {} (V1)",
                    removed
                        .iter()
                        .map(|&p| name(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                if let Some((from, to)) = relocation {
                    text.push_str(&format!(
                        " and move the tiger {}-{}",
                        name(*from),
                        name(*to)
                    ));
                }
                text.push_str(&format!("; {} {}", after.captured, w.taken));
                text
            }
        };
        if let Some(end) = self.end(after) {
            text.push_str(&format!("; {}", end.sentence(self)));
        }
        text
    }
}

/// A chain found by the shared search, as a move.
fn chain_move(chain: Chain) -> Move {
    Move::Capture {
        from: chain.from,
        landings: chain.landings,
        captured: chain.captured,
    }
}

fn in_full(m: &Move, written: &[Point]) -> bool {
    match m {
        Move::Capture { from, landings, .. } => written_in_full(*from, landings, written),
        _ => false,
    }
}

fn shortens(m: &Move, written: &[Point]) -> bool {
    match m {
        Move::Capture { from, landings, .. } => written_short(*from, landings, written),
        _ => false,
    }
}

/// Whether the written points name the capture, in full or short.
fn matches_capture(m: &Move, written: &[Point]) -> bool {
    in_full(m, written) || shortens(m, written)
}

fn captured_count(m: &Move) -> usize {
    match m {
        Move::Capture { captured, .. } => captured.len(),
        _ => 0,
    }
}

/// `1 man`, `3 men`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How a game ended (Kungser R7–R9, V5, §5; Bagh-chal R5–R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// R7 / §5 / Bagh-chal R5: this many prey taken, the target or more: the hunters
    /// win.
    Target(u8),
    /// `capture-all`: no man is left on the board or in hand: the tigers win.
    NoneLeft,
    /// R8, V5, Bagh-chal R6: the hunters, to move, have no legal move: the prey win.
    Blocked,
    /// R9, Bagh-chal R6: the prey, to move, have no legal move: the hunters win.
    Stuck,
    /// Bagh-chal R7: the position has occurred for the third time: drawn.
    Repetition,
}

/// The side that wins an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Winner {
    Hunters,
    Prey,
    Nobody,
}

impl End {
    fn winner(self) -> Winner {
        match self {
            End::Target(_) | End::NoneLeft | End::Stuck => Winner::Hunters,
            End::Blocked => Winner::Prey,
            End::Repetition => Winner::Nobody,
        }
    }

    pub fn result(self, hunt: &Hunt) -> GameResult {
        match self.winner() {
            Winner::Hunters => GameResult::win_for(hunt.hunters()),
            Winner::Prey => GameResult::win_for(hunt.prey_side()),
            Winner::Nobody => GameResult::Draw,
        }
    }

    /// What happened, with the rule: `16 lamas captured (R7)`.
    fn what(self, hunt: &Hunt) -> String {
        let w = hunt.words;
        match self {
            End::Target(n) => match hunt.variant.opening {
                Opening::Removal { .. } => format!(
                    "{n} {} {}, the opening removals included ({})",
                    w.preys, w.taken, w.target
                ),
                _ => format!("{n} {} {} ({})", w.preys, w.taken, w.target),
            },
            End::NoneLeft => format!("every {} {} (capture-all)", w.prey, w.taken),
            End::Blocked => format!(
                "{} has no legal move: {} blocked ({})",
                hunt.side(hunt.hunters()),
                match hunt.geo.hunters.count_ones() {
                    2 => format!("both {} are", w.hunters),
                    _ => format!("every {} is", w.hunter),
                },
                w.blocked
            ),
            End::Stuck => format!(
                "{} has no legal move ({})",
                hunt.side(hunt.prey_side()),
                w.stuck
            ),
            End::Repetition => format!("the same position for the third time ({})", w.repetition),
        }
    }

    /// Why, in the list every game shares, and the rule the variant names for it
    /// (none for `capture-all`, an option, or a repetition the variant does not number).
    fn ending(self, hunt: &Hunt) -> (Ending, Option<&'static str>) {
        let w = hunt.words;
        let named = |rule: &'static str| (!rule.is_empty()).then_some(rule);
        match self {
            End::Target(_) => (Ending::CapturedEnough, named(w.target)),
            End::NoneLeft => (Ending::CapturedEnough, None),
            End::Blocked => (Ending::NoMoves, named(w.blocked)),
            End::Stuck => (Ending::NoMoves, named(w.stuck)),
            End::Repetition => (Ending::Repetition, named(w.repetition)),
        }
    }

    pub fn outcome(self, hunt: &Hunt) -> Outcome {
        let (ending, rule) = self.ending(hunt);
        Outcome::new(self.result(hunt), ending, rule, self.what(hunt))
    }

    /// `16 lamas captured (R7): the princes win`.
    pub fn sentence(self, hunt: &Hunt) -> String {
        let winners = match self.winner() {
            Winner::Hunters => hunt.words.hunters,
            Winner::Prey => hunt.words.preys,
            Winner::Nobody => return format!("{}: drawn", self.what(hunt)),
        };
        format!("{}: the {winners} win", self.what(hunt))
    }
}
