//! The chain-capture search shared by the draughts-like games and meant for the hunt
//! games too: which capture chains a side can make on a point graph.
//!
//! A chain is a sequence of jumps by one piece; each jump takes exactly one opposing
//! piece lying on a straight line. What differs between games is a few parameters:
//!
//! - [`Jump`]: for one kind of piece, how far away the jumped piece may lie
//!   ([`Reach`]), where the jumper may land ([`Landing`]) and along which directions.
//! - [`Removal`]: whether jumped pieces stay on the board, marked, until the chain ends
//!   (they block and cannot be jumped twice) or leave it at once.
//! - [`Stop`]: which chains count — only those taking the most pieces anywhere (the
//!   maximum-capture rule), every chain that cannot go on, or every prefix of one.
//!
//! The search is a depth-first walk from each mover. The board is a [`Graph`]: for
//! each point (a lattice index below 128) and direction, the next point on a line.
//! Occupancy, opposing pieces and marks are `u128` bit sets passed by value, so a node
//! of the walk costs no allocation; a [`Chain`] is allocated only when it is kept. The
//! point a mover starts from counts as empty for the rest of its own chain.
//!
//! Two chains with the same landing points are the same chain: each leg joins two
//! points of one straight line, and exactly one unmarked opposing piece may lie between
//! them, so the landings determine every captured piece. Chains are therefore told
//! apart, matched and written by their landing points alone.

use std::collections::HashMap;

use super::allowance;

use super::board::{Board, Dir, Point};

/// A set of lattice points, bit `i` for the point with index `i`.
pub type Set = u128;

/// The one-point set of `p`.
pub fn bit(p: Point) -> Set {
    one(p.0 as u8)
}

/// The one-point set of the lattice index `i` (below 128), read from a table: a
/// shift of a 128-bit number by a variable amount takes several instructions, and
/// the search asks for such sets at every point it looks at.
#[inline]
fn one(i: u8) -> Set {
    ONE[usize::from(i & 127)]
}

const ONE: [Set; 128] = {
    let mut table = [0; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = 1 << i;
        i += 1;
    }
    table
};

/// The points of a set, lowest index first.
pub fn points(mut set: Set) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros();
        set &= set - 1;
        Some(Point(i as u16))
    })
}

/// A set of directions, bit `d.index()` for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dirs(pub u8);

impl Dirs {
    /// All eight directions (the board's lines decide which exist at a point).
    pub const ALL: Dirs = Dirs(0xFF);

    /// The set of the given directions.
    pub const fn of(dirs: &[Dir]) -> Dirs {
        let mut mask = 0u8;
        let mut i = 0;
        while i < dirs.len() {
            mask |= 1 << dirs[i] as u8;
            i += 1;
        }
        Dirs(mask)
    }

    /// The direction indexes of the set, lowest first.
    fn indexes(self) -> impl Iterator<Item = usize> {
        let mut mask = self.0;
        std::iter::from_fn(move || {
            let d = mask.trailing_zeros() as usize;
            mask &= mask.wrapping_sub(1);
            (d < 8).then_some(d)
        })
    }

    /// Whether the set holds the direction of index `d`.
    fn has(self, d: usize) -> bool {
        self.0 & (1 << (d & 7)) != 0
    }

    pub fn contains(self, d: Dir) -> bool {
        self.has(d.index())
    }
}

/// How far from the jumper the jumped piece may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// On the next point of the line (men).
    Adjacent,
    /// Anywhere along the line, past empty points only (flying kings, sultans).
    Flying,
}

/// Where the jumper lands behind the jumped piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// On the point immediately behind it, which must be empty.
    Next,
    /// On any point of the run of empty points behind it.
    Beyond,
}

/// How one kind of piece captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    pub reach: Reach,
    pub landing: Landing,
    /// The directions the piece may jump in.
    pub dirs: Dirs,
}

/// When jumped pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// At the end of the chain; until then they block and cannot be jumped again.
    Deferred,
    /// At once, so the jumper may later pass over or land on their points.
    Immediate,
}

/// Which chains the search keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Only the chains taking the most pieces over all movers (maximum capture).
    Maximum,
    /// Every chain that cannot be continued.
    Complete,
    /// Every chain of one or more jumps, including those that could go on.
    Anywhere,
}

/// A board as the search sees it: for each lattice point and direction, the next point
/// along a line, or [`Graph::NONE`].
#[derive(Clone, Debug)]
pub struct Graph {
    /// For each lattice index below 128, the next point towards each direction: a
    /// table of that fixed size is read without a bounds check.
    next: Box<[[u8; 8]; 128]>,
    /// The lattice's number of points.
    size: usize,
    /// For each direction, its [`Line`] if every step that way is one lattice offset
    /// (the directions of `on_lattice`).
    lines: [Line; 8],
    on_lattice: Dirs,
    /// For each point and each [`Reach`], the points a piece there could jump in some
    /// direction: those within reach along a line with a point behind them. A piece
    /// with no live opposing piece among them has no jump, which most pieces the
    /// search looks at are told at once.
    jumpable: Box<[[Set; 2]; 128]>,
    /// For each two points `p` and `q`, the direction index of the line from `p` that
    /// reaches `q`, or [`Graph::NONE`]: a written jump's direction, and the direction
    /// of a piece next to a jumper, looked up rather than searched for.
    toward: Box<[[u8; 128]; 128]>,
}

/// The steps of a graph towards one direction when all of them move by one lattice
/// offset, as they do on every board drawn on a lattice: one shift of a set then moves
/// every piece of it one step that way, which finds the first jumps of all the men of
/// a side at once.
#[derive(Clone, Copy, Debug)]
struct Line {
    /// Whether a step raises the lattice index (else it lowers it).
    up: bool,
    /// By how much a step changes the lattice index: below 32, so that a step and a
    /// jump (two steps) are each one shift by less than 64, which a 128-bit number
    /// does in a few instructions without the case of a shift past its half.
    by: u32,
    /// The points with a next point that way.
    from: Set,
}

impl Line {
    /// No step at all.
    const NONE: Line = Line {
        up: true,
        by: 0,
        from: 0,
    };

    /// The points one step on from those of `set` that have a next point.
    fn step(self, set: Set) -> Set {
        shift(set & self.from, self.up, self.by)
    }

    /// The landing points of the men's jumps from the points of `set` this way: over
    /// the next point, an opposing piece, to the one behind it, empty.
    fn jumps(self, set: Set, field: Field) -> Set {
        self.step(self.step(set) & field.enemy) & !field.occupied
    }

    /// The points two steps back from those of `set` (where a jump to them started).
    fn back_two(self, set: Set) -> Set {
        shift(set, !self.up, 2 * self.by)
    }
}

/// `set` moved `by` lattice indexes up or down; `by` is below 64.
#[inline]
fn shift(set: Set, up: bool, by: u32) -> Set {
    if up {
        set << (by & 63)
    } else {
        set >> (by & 63)
    }
}

impl Graph {
    /// No point in that direction.
    pub const NONE: u8 = u8::MAX;

    /// The search graph of a board.
    ///
    /// # Panics
    /// If the board's lattice has more than 128 points: boards are built by the games
    /// from constants, never from input.
    pub fn new(board: &Board) -> Graph {
        assert!(
            board.lattice_size() <= 128,
            "capture search needs at most 128 points"
        );
        let mut next = Box::new([[Graph::NONE; 8]; 128]);
        for p in board.points() {
            for (d, q) in board.neighbours(p) {
                next[p.index()][d.index()] = q.0 as u8;
            }
        }
        let lines: [Option<Line>; 8] = std::array::from_fn(|d| Graph::line(&next[..], d));
        let on_lattice = Dirs(
            (0..8)
                .filter(|&d| lines[d].is_some())
                .fold(0, |m, d| m | 1 << d),
        );
        let lines = lines.map(|line| line.unwrap_or(Line::NONE));
        Graph {
            jumpable: Graph::jumpable(&next),
            toward: Graph::toward_table(&next),
            next,
            size: board.lattice_size(),
            lines,
            on_lattice,
        }
    }

    /// The [`Line`] of direction index `d`, unless two of its steps differ (or a
    /// step is 32 indexes or more, which no board of 26 files has).
    fn line(next: &[[u8; 8]], d: usize) -> Option<Line> {
        let mut line: Option<Line> = None;
        for (p, n) in next.iter().enumerate().filter(|(_, n)| n[d] != Graph::NONE) {
            let offset = i32::from(n[d]) - p as i32;
            let (up, by) = (offset > 0, offset.unsigned_abs());
            if by >= 32 || line.is_some_and(|l| (l.up, l.by) != (up, by)) {
                return None;
            }
            let from = line.map_or(0, |l| l.from) | 1u128 << p;
            line = Some(Line { up, by, from });
        }
        Some(line.unwrap_or(Line::NONE))
    }

    /// The table of [`Graph::toward`]: each ray walked from its start (at most the
    /// lattice's size of points, in case a board's line were a ring), the first
    /// direction reaching a point kept.
    fn toward_table(next: &[[u8; 8]; 128]) -> Box<[[u8; 128]; 128]> {
        let mut table = Box::new([[Graph::NONE; 128]; 128]);
        for (toward, firsts) in table.iter_mut().zip(next.iter()) {
            for (d, &first) in firsts.iter().enumerate() {
                let mut q = first;
                for _ in 0..128 {
                    if q == Graph::NONE {
                        break;
                    }
                    let seen = &mut toward[usize::from(q & 127)];
                    if *seen == Graph::NONE {
                        *seen = d as u8;
                    }
                    q = next[usize::from(q & 127)][d];
                }
            }
        }
        table
    }

    /// The [`Line`]s of the directions of `dirs`. (Filtered from all eight, which the
    /// compiler unrolls: cheaper here than [`Dirs::indexes`].)
    fn lines_of(&self, dirs: Dirs) -> impl Iterator<Item = Line> + '_ {
        let lines = self.lines.iter().enumerate();
        lines
            .filter(move |&(d, _)| dirs.has(d))
            .map(|(_, &line)| line)
    }

    /// The direction index of the line from `p` that reaches `q`, if one does.
    #[inline]
    fn toward(&self, p: u8, q: u8) -> Option<usize> {
        let d = self.toward[usize::from(p & 127)][usize::from(q & 127)];
        (d != Graph::NONE).then_some(usize::from(d))
    }

    /// The table of [`Graph::jumpable`]'s sets.
    fn jumpable(next: &[[u8; 8]; 128]) -> Box<[[Set; 2]; 128]> {
        let step = |p: u8, d: usize| Some(next[usize::from(p)][d]).filter(|&q| q != Graph::NONE);
        let mut table = Box::new([[0; 2]; 128]);
        for (p, sets) in table.iter_mut().enumerate() {
            for d in 0..8 {
                let mut near = step(p as u8, d);
                let mut reach = Reach::Adjacent;
                while let Some(q) = near {
                    let behind = step(q, d);
                    if behind.is_some() {
                        for r in [reach, Reach::Flying] {
                            sets[r as usize] |= one(q);
                        }
                    }
                    (near, reach) = (behind, Reach::Flying);
                }
            }
        }
        table
    }

    /// Whether a point of `from` has a next point in `to` towards one of `dirs`: told
    /// for all the points at once along lattice lines, point by point along others.
    pub fn any_step(&self, from: Set, dirs: Dirs, to: Set) -> bool {
        dirs.indexes().any(|d| {
            if self.on_lattice.has(d) {
                self.lines[d].step(from) & to != 0
            } else {
                points(from).any(|p| self.step(p.0 as u8, d).is_some_and(|q| to & one(q) != 0))
            }
        })
    }

    /// The next point from `p` towards direction index `d`.
    #[inline]
    fn step(&self, p: u8, d: usize) -> Option<u8> {
        let q = self.next[usize::from(p & 127)][d & 7];
        (q != Graph::NONE).then_some(q)
    }
}

/// What the board holds when a side looks for captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Every occupied point, both sides.
    pub occupied: Set,
    /// The points of the pieces that may be captured (the opponent's).
    pub enemy: Set,
}

/// One capture chain: the mover's start, its landing points and the pieces it takes,
/// in order (`captured[i]` is jumped on the way to `landings[i]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chain {
    pub from: Point,
    pub landings: Points,
    pub captured: Points,
}

impl Chain {
    /// Number of pieces taken.
    pub fn count(&self) -> usize {
        self.captured.len()
    }

    /// Where the mover ends.
    pub fn to(&self) -> Point {
        *self.landings.last().expect("a chain has at least one jump")
    }
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Chains {
    /// The most pieces any chain takes (0: no capture at all).
    pub best: usize,
    /// The chains kept under the search's [`Stop`] (and [`Ends`]), movers in the order
    /// given.
    pub chains: Vec<Chain>,
    /// The first chain kept under the [`Stop`] alone, whatever its ends: the example a
    /// message gives.
    pub first: Option<Chain>,
    /// The search stopped at [`SEARCH_BUDGET`], [`MEMO_POSITIONS`] or [`MAX_LISTED`]:
    /// `best` is a lower bound and `chains` may miss some.
    pub exhausted: bool,
}

impl Chains {
    /// Adds what the search found for one more mover: under [`Stop::Maximum`], only
    /// chains as long as the longest of every mover stay.
    fn merge(&mut self, other: Chains, stop: Stop) {
        self.exhausted |= other.exhausted;
        if stop == Stop::Maximum && other.best < self.best {
            return;
        }
        if stop == Stop::Maximum && other.best > self.best {
            self.chains.clear();
            self.first = None;
        }
        self.best = self.best.max(other.best);
        self.first = self.first.take().or(other.first);
        self.chains.extend(other.chains);
        if self.chains.len() > MAX_LISTED {
            self.chains.truncate(MAX_LISTED);
            self.exhausted = true;
        }
    }
}

/// Which chains a search lists (it looks at every chain all the same, to find the
/// longest): those of one mover ending on one point, as a written capture names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ends(Option<(u8, u8)>);

impl Ends {
    /// Every chain.
    pub const ALL: Ends = Ends(None);

    /// The chains from `from` whose last landing point is `to`.
    pub fn of(from: Point, to: Point) -> Ends {
        let index = |p: Point| u8::try_from(p.0).unwrap_or(Graph::NONE);
        Ends(Some((index(from), index(to))))
    }

    /// Whether the chains of the mover on `from` may be listed at all.
    fn lists(self, from: u8) -> bool {
        self.0.is_none_or(|(f, _)| f == from)
    }

    /// Whether a chain of the mover on `from` ending on `to` is listed.
    fn admits(self, from: u8, to: u8) -> bool {
        self.0.is_none_or(|ends| ends == (from, to))
    }
}

/// The most steps one search may take, a step being a jump followed or a position
/// of a chain looked at; past it the search stops and says so
/// ([`Chains::exhausted`], [`Exhausted`]). Two million steps of the plain walk take
/// about a tenth of a second. No position of play comes near it (a prince among 24
/// lamas, every prefix of a chain being one, stays within it); positions built to
/// have millions of chains meet it (three sultans among 44 men on the 81 points),
/// and are refused rather than searched for seconds. A search is granted less when
/// the run's allowance ([`allowance`]) has less left: what bounds a file of them.
pub const SEARCH_BUDGET: u32 = 2_000_000;

/// The most positions of chains the maximum rule's search remembers (see
/// [`State::longest`]), some 10 MB and a few tenths of a second; past it the search
/// stops as at [`SEARCH_BUDGET`]. A sultan among 40 men on every other point of the
/// board, whose chains are the trails of a grid, needs more than 900,000.
pub const MEMO_POSITIONS: usize = 300_000;

/// The most chains one search lists; past it the search stops and says so, as at
/// [`SEARCH_BUDGET`]. Each chain listed is kept in memory (with its landings and the
/// pieces it takes) and every one becomes a move, so this, not the steps, bounds the
/// memory a search takes: a prince among 24 lamas placed to have the most chains,
/// every prefix of one being one, listed 2 million of them in 500 MB. No position of
/// play comes near it (thousands at most in random dense positions of every game).
pub const MAX_LISTED: usize = 100_000;

/// The steps the plain walk (no memory of positions) takes for one mover before the
/// maximum rule's search starts again with memory: the walk costs a fraction of what
/// a step from memory does, and meets no position twice on the chains of play. The
/// bench's sultan among 24 men (a 24-piece chain, 18 maximal chains) takes 663,415
/// steps plainly (285,674 from memory, but twice the time); as Srand, with removal at
/// once, 11.9 million plainly and 2.6 million from memory (29,053 maximal chains).
const PLAIN_STEPS: u32 = 1_000_000;

/// A search gave up at [`SEARCH_BUDGET`] steps or [`MEMO_POSITIONS`] before it could
/// answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// The steps a search may still take.
#[derive(Clone, Copy, Debug)]
struct Steps(u32);

/// The steps one search is granted: [`SEARCH_BUDGET`], or less when the run's
/// allowance has less left ([`allowance`]).
struct Grant(u32);

impl Grant {
    fn new() -> Grant {
        Grant(allowance::grant(u64::from(SEARCH_BUDGET)) as u32)
    }

    fn steps(&self) -> Steps {
        Steps(self.0)
    }

    /// Pays the run's allowance for the steps taken, `left` being what is left of
    /// them; `exhausted`: the search stopped at its steps.
    fn settle(self, left: Steps, exhausted: bool) {
        allowance::spend(u64::from(self.0 - left.0));
        if exhausted && self.0 < SEARCH_BUDGET {
            allowance::stopped_short();
        }
    }
}

impl Steps {
    /// Takes one step; `None` when none is left.
    #[inline]
    fn take(&mut self) -> Option<()> {
        self.0 = self.0.checked_sub(1)?;
        Some(())
    }
}

/// The parameters of a search that do not change between positions of one game.
#[derive(Clone, Copy, Debug)]
pub struct Search<'g> {
    pub graph: &'g Graph,
    pub removal: Removal,
    pub stop: Stop,
}

/// Longest chain the fixed-size path buffers hold: each jump takes a different piece
/// of a board of at most 128 points.
const MAX_CHAIN: usize = 128;

/// The points of one move, held in place up to eight of them (a step, a chain of up
/// to seven jumps): most moves of a record allocate nothing.
pub type Points = smallvec::SmallVec<[Point; 8]>;

/// A written chain checked jump by jump (see [`Search::follow`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Followed {
    /// The pieces taken, in order.
    pub captured: Points,
    /// Whether a further jump exists from the last landing point.
    pub can_continue: bool,
}

impl Search<'_> {
    /// The chains of `movers` (each a point with how its piece jumps) on `field`.
    pub fn run(&self, field: Field, movers: impl IntoIterator<Item = (Point, Jump)>) -> Chains {
        self.run_listing(field, movers, Ends::ALL)
    }

    /// As [`Search::run`], listing only the chains `ends` admits; `best` and `first`
    /// are those of every chain.
    ///
    /// A mover's chains are first walked plainly. The walk cuts no branch by a bound
    /// on what it could still take (a chain that has taken `n` pieces has `n` fewer
    /// left, so "every piece left" bounds every branch alike, and the longest chains
    /// take nearly everything in reach), and it meets no position twice on the chains
    /// of play. Past [`PLAIN_STEPS`] the maximum rule's search starts again from
    /// memory of positions ([`State::maximal`]); the other stops list every chain or
    /// prefix, so they can only walk on, up to [`SEARCH_BUDGET`].
    pub fn run_listing(
        &self,
        field: Field,
        movers: impl IntoIterator<Item = (Point, Jump)>,
        ends: Ends,
    ) -> Chains {
        let mut found = Chains::default();
        let grant = Grant::new();
        let mut budget = grant.steps();
        for (from, jump) in movers {
            // Most pieces have no jump at all: told before any chain is set up.
            let Some(state) = self.start(field, from, jump).filter(State::may_jump) else {
                continue;
            };
            found.merge(state.chains(self.stop, ends, &mut budget), self.stop);
            if found.exhausted {
                break;
            }
        }
        grant.settle(budget, found.exhausted);
        found
    }

    /// Whether some chain of the pieces of `movers`, all jumping as `jump`, takes more
    /// than `count` pieces: the question the maximum-capture rule asks of a chain
    /// already followed. Nothing is kept, the first such chain ends the search, no
    /// chain is looked at when there are no more than `count` pieces to take, and of
    /// men only those with a first jump (found for all of them at once) are searched;
    /// other pieces find their first jumps as the search's first step.
    ///
    /// # Errors
    /// [`Exhausted`] when the search for a longer chain needs more than
    /// [`SEARCH_BUDGET`] steps.
    pub fn exceeds(
        &self,
        field: Field,
        movers: Set,
        jump: Jump,
        count: usize,
    ) -> Result<bool, Exhausted> {
        if field.enemy.count_ones() as usize <= count {
            return Ok(false);
        }
        if count == 1
            && let Some(found) = self.men_jump_twice(field, movers, jump)
        {
            return Ok(found);
        }
        let searched = self.men_capturers(field, movers, jump).unwrap_or(movers);
        let grant = Grant::new();
        let mut budget = grant.steps();
        let mut search = || {
            for from in points(searched) {
                if let Some(state) = self.start(field, from, jump)
                    && state.exceeds(count, &mut budget)?
                {
                    return Ok(true);
                }
            }
            Ok(false)
        };
        let found = search();
        grant.settle(budget, found.is_err());
        found
    }

    /// The movers that have at least one jump (whether or not it is the best).
    pub fn capturers(&self, field: Field, movers: impl IntoIterator<Item = (Point, Jump)>) -> Set {
        movers
            .into_iter()
            .filter(|&(from, jump)| self.start(field, from, jump).is_some_and(|s| s.has_leg()))
            .fold(0, |set, (from, _)| set | bit(from))
    }

    /// The pieces of `movers`, all jumping as `jump`, that have at least one jump. Men
    /// (a jump over the next point to the one behind it) are looked at all at once,
    /// direction by direction, where the board's lines allow it.
    pub fn capturers_among(&self, field: Field, movers: Set, jump: Jump) -> Set {
        self.men_capturers(field, movers, jump)
            .unwrap_or_else(|| self.capturers(field, points(movers).map(|p| (p, jump))))
    }

    /// [`Search::capturers_among`] for men on lattice lines, all at once; `None` for
    /// other pieces or boards.
    fn men_capturers(&self, field: Field, movers: Set, jump: Jump) -> Option<Set> {
        let lines = self.first_jumps(field, movers, jump)?;
        Some(
            lines
                .map(|(line, landings)| line.back_two(landings))
                .fold(0, |set, found| set | found),
        )
    }

    /// Whether some man of `movers` has a chain of two jumps or more (takes more than
    /// one piece), told for all of them at once; `None` for other pieces or boards.
    ///
    /// After a first jump from `p` over `v` to `q` the board differs from the one
    /// before only at those three points, and a second jump from `q` neither takes nor
    /// lands on one of them unless it turns straight back, over `v` again to `p`. So
    /// the second jumps are the jumps of the board as it stands from the first jumps'
    /// landing points: where taken pieces leave at once or at the end alike, and
    /// without the jump back, which lands on `p`, a point the board as it stands holds.
    fn men_jump_twice(&self, field: Field, movers: Set, jump: Jump) -> Option<bool> {
        let landings = self
            .first_jumps(field, movers, jump)?
            .fold(0, |set, (_, landings)| set | landings);
        let mut lines = self.graph.lines_of(jump.dirs);
        Some(landings != 0 && lines.any(|line| line.jumps(landings, field) != 0))
    }

    /// Whether some piece of `movers`, all jumping as `jump`, has a jump: as
    /// [`Search::capturers_among`], and done at the first one found.
    pub fn any_capturer_among(&self, field: Field, movers: Set, jump: Jump) -> bool {
        match self.first_jumps(field, movers, jump) {
            Some(mut lines) => lines.any(|(_, landings)| landings != 0),
            None => self.capturers(field, points(movers).map(|p| (p, jump))) != 0,
        }
    }

    /// For men on lattice lines, the landing points of the first jumps of `movers`
    /// towards each direction they jump in; `None` for other pieces or boards.
    fn first_jumps(
        &self,
        field: Field,
        movers: Set,
        jump: Jump,
    ) -> Option<impl Iterator<Item = (Line, Set)> + '_> {
        let adjacent = jump.reach == Reach::Adjacent && jump.landing == Landing::Next;
        if !adjacent || jump.dirs.0 & !self.graph.on_lattice.0 != 0 {
            return None;
        }
        Some(
            self.graph
                .lines_of(jump.dirs)
                .map(move |line| (line, line.jumps(movers, field))),
        )
    }

    /// Checks a chain written as landing points, jump by jump: the pieces it takes, or
    /// `None` if some leg is not a legal jump.
    pub fn follow(
        &self,
        field: Field,
        from: Point,
        jump: Jump,
        landings: &[Point],
    ) -> Option<Followed> {
        let state = self.start(field, from, jump)?;
        let (mut at, mut taken) = (state.from, 0u128);
        let mut captured = Points::new();
        for &to in landings {
            // Only the line from `at` through `to` can hold a jump landing there.
            let to = u8::try_from(to.0)
                .ok()
                .filter(|&to| usize::from(to) < self.graph.size)?;
            let d = self.graph.toward(at, to).filter(|&d| jump.dirs.has(d))?;
            let mut jumped = None;
            state.legs_toward(state.view(at, taken)?, at, d, |victim, l| {
                jumped = Some(victim).filter(|_| l == to);
                jumped.is_some()
            });
            let victim = jumped?;
            captured.push(Point(u16::from(victim)));
            taken |= one(victim);
            at = to;
        }
        if captured.is_empty() {
            return None;
        }
        Some(Followed {
            captured,
            can_continue: state.some_leg(at, taken, |_, _| true),
        })
    }

    fn start(&self, field: Field, from: Point, jump: Jump) -> Option<State<'_>> {
        if from.index() >= self.graph.size {
            return None;
        }
        Some(State {
            graph: self.graph,
            removal: self.removal,
            jump,
            from: from.0 as u8,
            // The start point counts as empty for the mover's own chain.
            occupied: field.occupied & !bit(from),
            enemy: field.enemy & !bit(from),
        })
    }
}

/// One mover's chain search: everything but the state of the chain.
#[derive(Clone, Copy)]
struct State<'g> {
    graph: &'g Graph,
    removal: Removal,
    jump: Jump,
    from: u8,
    occupied: Set,
    enemy: Set,
}

impl State<'_> {
    /// Whether `leg` answers true for some jump from `at` once the pieces in `taken`
    /// have been jumped: the jumps are handed to it (the piece jumped, the landing
    /// point) direction by direction, landing by landing, until it does.
    fn any_leg(&self, at: u8, taken: Set, mut leg: impl FnMut(u8, u8) -> bool) -> bool {
        let Some(view) = self.view(at, taken) else {
            return false;
        };
        self.jump
            .dirs
            .indexes()
            .any(|d| self.legs_toward(view, at, d, &mut leg))
    }

    /// As [`State::any_leg`], for questions the order of the jumps does not change:
    /// a man's jumps are looked at only over the live pieces next to it, most often
    /// one or two, not along all eight directions.
    fn some_leg(&self, at: u8, taken: Set, mut leg: impl FnMut(u8, u8) -> bool) -> bool {
        if self.jump.reach == Reach::Flying {
            return self.any_leg(at, taken, leg);
        }
        let Some(view) = self.view(at, taken) else {
            return false;
        };
        points(view.near).any(|victim| {
            self.graph
                .toward(at, victim.0 as u8)
                .is_some_and(|d| self.jump.dirs.has(d) && self.legs_toward(view, at, d, &mut leg))
        })
    }

    /// The board as a jump from `at` sees it once the pieces of `taken` have been
    /// jumped; `None` when no live opposing piece lies where a jump from `at` could
    /// take it, which ends most questions at once.
    #[inline]
    fn view(&self, at: u8, taken: Set) -> Option<View> {
        let occupied = match self.removal {
            Removal::Deferred => self.occupied,
            Removal::Immediate => self.occupied & !taken,
        };
        let live = self.enemy & !taken;
        let near = live & self.graph.jumpable[usize::from(at & 127)][self.jump.reach as usize];
        (near != 0).then_some(View {
            occupied,
            live,
            near,
        })
    }

    /// Whether `leg` answers true for some jump from `at` towards direction index `d`.
    #[inline]
    fn legs_toward(
        &self,
        view: View,
        at: u8,
        d: usize,
        mut leg: impl FnMut(u8, u8) -> bool,
    ) -> bool {
        let empty = |p: u8| view.occupied & one(p) == 0;
        // The first occupied point within reach must be a live opposing piece: an
        // own piece, or one already taken in this chain, blocks the line.
        let Some(victim) = self.victim(at, d, empty) else {
            return false;
        };
        if view.live & one(victim) == 0 {
            return false;
        }
        let mut landing = self.graph.step(victim, d);
        while let Some(to) = landing.filter(|&to| empty(to)) {
            if leg(victim, to) {
                return true;
            }
            landing = match self.jump.landing {
                Landing::Next => None,
                Landing::Beyond => self.graph.step(to, d),
            };
        }
        false
    }

    /// The first occupied point from `at` towards `d` within the jumper's reach.
    fn victim(&self, at: u8, d: usize, empty: impl Fn(u8) -> bool) -> Option<u8> {
        let mut q = self.graph.step(at, d)?;
        if self.jump.reach == Reach::Flying {
            while empty(q) {
                q = self.graph.step(q, d)?;
            }
        }
        (!empty(q)).then_some(q)
    }

    /// Whether a live opposing piece lies where the mover could jump it (it may
    /// still be blocked or have nowhere to land).
    fn may_jump(&self) -> bool {
        self.view(self.from, 0).is_some()
    }

    /// Whether the mover has a first jump.
    fn has_leg(&self) -> bool {
        self.some_leg(self.from, 0, |_, _| true)
    }

    /// The mover's chains kept under `stop`, those `ends` admits listed, spending
    /// steps of `budget` (see [`Search::run_listing`]).
    fn chains(&self, stop: Stop, ends: Ends, budget: &mut Steps) -> Chains {
        let allowed = match stop {
            Stop::Maximum => Steps(PLAIN_STEPS.min(budget.0)),
            Stop::Complete | Stop::Anywhere => *budget,
        };
        let mut walk = Walk {
            stop,
            ends,
            steps: allowed,
        };
        let mut found = Chains::default();
        let mut path = Path::new(self.from);
        let done = self.walk(&mut walk, self.from, 0, &mut path, &mut found);
        budget.0 -= allowed.0 - walk.steps.0;
        match (done, stop) {
            (Some(()), _) => found,
            (None, Stop::Maximum) => self.maximal(ends, budget),
            (None, _) => Chains {
                exhausted: true,
                ..found
            },
        }
    }

    /// Every chain from `at` kept under the walk's stop, `path` being the chain so
    /// far; `None` when the walk's steps run out.
    fn walk(
        &self,
        walk: &mut Walk,
        at: u8,
        taken: Set,
        path: &mut Path,
        found: &mut Chains,
    ) -> Option<()> {
        walk.steps.take()?;
        if walk.stop == Stop::Anywhere && path.len > 0 {
            path.keep(found, walk.ends)?;
        }
        let mut extended = false;
        let mut done = Some(());
        self.any_leg(at, taken, |victim, to| {
            extended = true;
            if path.push(victim, to) {
                done = self.walk(walk, to, taken | one(victim), path, found);
                path.len -= 1;
            }
            done.is_none()
        });
        done?;
        if extended || path.len == 0 {
            return Some(());
        }
        match walk.stop {
            Stop::Complete => path.keep(found, walk.ends),
            Stop::Maximum if path.len > found.best => {
                found.chains.clear();
                found.first = None;
                path.keep(found, walk.ends)
            }
            Stop::Maximum if path.len == found.best => path.keep(found, walk.ends),
            _ => Some(()),
        }
    }

    /// The maximum rule's chains of the mover, found from memory of positions: the
    /// most it can take ([`State::longest`]), then the chains that take it, following
    /// only jumps after which the rest can still be taken. Every step of the second
    /// part lies on a chain listed, so its cost is that of the list; of a mover whose
    /// chains `ends` does not list, only the first is made.
    fn maximal(&self, ends: Ends, budget: &mut Steps) -> Chains {
        let mut memo = Memo {
            longest: HashMap::new(),
            steps: *budget,
            ends,
        };
        let mut found = Chains::default();
        match self.longest(self.from, 0, &mut memo) {
            Some(0) => {}
            Some(best) => {
                found.best = best;
                let mut path = Path::new(self.from);
                let listed = self.optimal(self.from, 0, best, &mut path, &mut found, &mut memo);
                found.exhausted = listed.is_none();
            }
            None => found.exhausted = true,
        }
        *budget = memo.steps;
        found
    }

    /// The most pieces a chain standing on `at`, having taken `taken`, can still take;
    /// `None` when the steps run out. Remembered in `memo`, as what a chain can still
    /// do depends on those two alone, in every game here: the board is the one the
    /// chain started from but for the pieces taken, which either left at once or
    /// stay, marked and blocking, until the end (`taken` says which either way); the
    /// mover's start is empty throughout; a landing point may be met again; a man is
    /// crowned only when the chain ends; and a flying jump sees the same line from the
    /// same point whenever it is made.
    fn longest(&self, at: u8, taken: Set, memo: &mut Memo) -> Option<usize> {
        if let Some(&n) = memo.longest.get(&Spot { taken, at }) {
            return Some(usize::from(n));
        }
        if memo.longest.len() >= MEMO_POSITIONS {
            return None;
        }
        memo.steps.take()?;
        // No chain takes more than the pieces left: one that takes them all is the
        // longest, and the other jumps from here need not be looked at.
        let left = (self.enemy & !taken).count_ones() as usize;
        let (mut most, mut exhausted) = (0, false);
        self.any_leg(at, taken, |victim, to| {
            match self.longest(to, taken | one(victim), memo) {
                Some(n) => most = most.max(n + 1),
                None => exhausted = true,
            }
            exhausted || most == left
        });
        if exhausted {
            return None;
        }
        // At most 128 pieces: a chain's length fits a byte.
        memo.longest.insert(Spot { taken, at }, most as u8);
        Some(most)
    }

    /// Keeps the chains from `at` that take `left` more pieces, the most there is,
    /// `path` being the chain so far; `None` when the steps run out.
    fn optimal(
        &self,
        at: u8,
        taken: Set,
        left: usize,
        path: &mut Path,
        found: &mut Chains,
        memo: &mut Memo,
    ) -> Option<()> {
        if left == 0 {
            return path.keep(found, memo.ends);
        }
        memo.steps.take()?;
        let listed = memo.ends.lists(self.from);
        let mut done = Some(());
        self.any_leg(at, taken, |victim, to| {
            let taken = taken | one(victim);
            match self.longest(to, taken, memo) {
                None => done = None,
                Some(n) if n + 1 == left && path.push(victim, to) => {
                    done = self.optimal(to, taken, left - 1, path, found, memo);
                    path.len -= 1;
                }
                Some(_) => {}
            }
            done.is_none() || !listed && found.first.is_some()
        });
        done
    }

    /// Whether a chain of the mover takes more than `count` pieces: walked plainly
    /// first (done at the first such chain), then, past [`PLAIN_STEPS`], from memory
    /// of positions ([`State::longest`]).
    fn exceeds(&self, count: usize, budget: &mut Steps) -> Result<bool, Exhausted> {
        let allowed = Steps(PLAIN_STEPS.min(budget.0));
        let mut plain = allowed;
        let found = self.longer_than(count, self.from, 0, 0, &mut plain);
        budget.0 -= allowed.0 - plain.0;
        if let Some(found) = found {
            return Ok(found);
        }
        let mut memo = Memo {
            longest: HashMap::new(),
            steps: *budget,
            ends: Ends::ALL,
        };
        let most = self.longest(self.from, 0, &mut memo);
        *budget = memo.steps;
        most.map(|n| n > count).ok_or(Exhausted)
    }

    /// Whether a chain that has taken `depth` pieces, `taken`, and stands at `at` can
    /// go on to take more than `count`; `None` when the steps run out.
    fn longer_than(
        &self,
        count: usize,
        at: u8,
        taken: Set,
        depth: usize,
        steps: &mut Steps,
    ) -> Option<bool> {
        if depth > count {
            return Some(true);
        }
        // Bound by what is left to take.
        if depth + (self.enemy & !taken).count_ones() as usize <= count {
            return Some(false);
        }
        steps.take()?;
        let mut exhausted = false;
        let found = self.some_leg(at, taken, |victim, to| {
            let longer = self.longer_than(count, to, taken | one(victim), depth + 1, steps);
            exhausted = longer.is_none();
            longer.unwrap_or(true)
        });
        (!exhausted).then_some(found)
    }
}

/// What a plain walk keeps and how far it may go.
struct Walk {
    stop: Stop,
    ends: Ends,
    steps: Steps,
}

/// What the memoised search remembers and may spend.
struct Memo {
    /// For each position of a chain, the most it can still take.
    longest: HashMap<Spot, u8>,
    steps: Steps,
    ends: Ends,
}

/// A position of a chain: the pieces it has taken and where the piece stands. Packed
/// in 17 bytes, not 32, as the memory of a large search holds up to
/// [`MEMO_POSITIONS`] of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed)]
struct Spot {
    taken: Set,
    at: u8,
}

/// What a jump from one point sees (see [`State::view`]).
#[derive(Clone, Copy)]
struct View {
    /// The points that block a line.
    occupied: Set,
    /// The opposing pieces not yet taken.
    live: Set,
    /// Those of them a jump from the point could take, ignoring what blocks.
    near: Set,
}

/// The chain being built, in fixed buffers.
struct Path {
    from: u8,
    landings: [u8; MAX_CHAIN],
    captured: [u8; MAX_CHAIN],
    len: usize,
}

impl Path {
    fn new(from: u8) -> Path {
        Path {
            from,
            landings: [0; MAX_CHAIN],
            captured: [0; MAX_CHAIN],
            len: 0,
        }
    }

    /// Adds a jump; false if the buffers are full (cannot happen: each jump takes a
    /// different piece).
    fn push(&mut self, victim: u8, to: u8) -> bool {
        if self.len >= MAX_CHAIN {
            return false;
        }
        self.captured[self.len] = victim;
        self.landings[self.len] = to;
        self.len += 1;
        true
    }

    fn chain(&self) -> Chain {
        let as_points = |s: &[u8]| s.iter().map(|&p| Point(p as u16)).collect();
        Chain {
            from: Point(self.from as u16),
            landings: as_points(&self.landings[..self.len]),
            captured: as_points(&self.captured[..self.len]),
        }
    }

    /// Keeps the chain so far: listed if `ends` admits it, the first example if
    /// there is none yet. `None` when the list is full ([`MAX_LISTED`]).
    fn keep(&self, found: &mut Chains, ends: Ends) -> Option<()> {
        found.best = found.best.max(self.len);
        if ends.admits(self.from, self.landings[self.len - 1]) {
            if found.chains.len() >= MAX_LISTED {
                return None;
            }
            found.chains.push(self.chain());
        }
        if found.first.is_none() {
            found.first = Some(self.chain());
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAN: Jump = Jump {
        reach: Reach::Adjacent,
        landing: Landing::Next,
        dirs: Dirs::ALL,
    };
    const FLYING_KING: Jump = Jump {
        reach: Reach::Flying,
        landing: Landing::Beyond,
        dirs: Dirs::ALL,
    };

    fn set(board: &Board, names: &[&str]) -> Set {
        names
            .iter()
            .map(|n| bit(board.parse_point(n).unwrap()))
            .fold(0, |a, b| a | b)
    }

    fn written(board: &Board, c: &Chain) -> String {
        let mut s = board.name(c.from).to_string();
        for &l in &c.landings {
            s += &format!("x{}", board.name(l));
        }
        s
    }

    fn run(
        board: &Board,
        removal: Removal,
        stop: Stop,
        movers: &[(&str, Jump)],
        enemy: &[&str],
        own: &[&str],
    ) -> (usize, Vec<String>) {
        let graph = Graph::new(board);
        let enemy = set(board, enemy);
        let own = set(board, own) | set(board, &movers.iter().map(|m| m.0).collect::<Vec<_>>());
        let search = Search {
            graph: &graph,
            removal,
            stop,
        };
        let movers = movers
            .iter()
            .map(|(n, j)| (board.parse_point(n).unwrap(), *j));
        let field = Field {
            occupied: enemy | own,
            enemy,
        };
        let found = search.run(field, movers.clone());
        // `exceeds` answers what the maximum rule asks of a chain of any length.
        for count in 0..=found.best + 1 {
            let exceeds =
                (movers.clone()).any(|(p, j)| search.exceeds(field, bit(p), j, count) == Ok(true));
            assert_eq!(
                exceeds,
                count < found.best,
                "exceeds({count}), best {}",
                found.best
            );
        }
        let mut chains: Vec<String> = found.chains.iter().map(|c| written(board, c)).collect();
        chains.sort();
        (found.best, chains)
    }

    #[test]
    fn a_man_jumps_backward_and_the_longest_chain_wins() {
        let b = Board::draughts(8, 8);
        let (best, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("d4", MAN), ("f4", MAN)],
            &["e5", "g5", "a7"],
            &[],
        );
        assert_eq!((best, chains), (2, vec!["d4xf6xh4".to_string()]));
    }

    #[test]
    fn complete_and_anywhere_keep_shorter_chains() {
        let b = Board::draughts(8, 8);
        let movers = [("d4", MAN), ("f4", MAN)];
        let (_, complete) = run(
            &b,
            Removal::Deferred,
            Stop::Complete,
            &movers,
            &["e5", "g5"],
            &[],
        );
        assert_eq!(complete, ["d4xf6xh4", "f4xd6", "f4xh6"]);
        let (best, anywhere) = run(
            &b,
            Removal::Deferred,
            Stop::Anywhere,
            &movers,
            &["e5", "g5"],
            &[],
        );
        assert_eq!(best, 2);
        assert_eq!(anywhere, ["d4xf6", "d4xf6xh4", "f4xd6", "f4xh6"]);
    }

    #[test]
    fn marked_pieces_block_until_the_chain_ends() {
        // A man taken on c3 still stands on the diagonal e1-a5 when the king gets to e1.
        let b = Board::draughts(8, 8);
        let enemy = ["c3", "f4", "f2", "b4"];
        let (best, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("a1", FLYING_KING)],
            &enemy,
            &[],
        );
        assert_eq!((best, chains), (3, vec!["a1xe5xg3xe1".to_string()]));
        let (best, chains) = run(
            &b,
            Removal::Immediate,
            Stop::Maximum,
            &[("a1", FLYING_KING)],
            &enemy,
            &[],
        );
        assert_eq!((best, chains), (4, vec!["a1xe5xg3xe1xa5".to_string()]));
    }

    #[test]
    fn a_flying_king_may_land_on_any_empty_point_beyond() {
        let b = Board::draughts(8, 8);
        let (best, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("b2", FLYING_KING)],
            &["d4"],
            &[],
        );
        assert_eq!(best, 1);
        assert_eq!(chains, ["b2xe5", "b2xf6", "b2xg7", "b2xh8"]);
    }

    #[test]
    fn a_sultan_lands_only_immediately_beyond() {
        let b = Board::alquerque(9, 9);
        let sultan = Jump {
            landing: Landing::Next,
            ..FLYING_KING
        };
        let (_, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("a1", sultan)],
            &["e5", "i1"],
            &[],
        );
        assert_eq!(chains, ["a1xf6"]);
    }

    #[test]
    fn own_pieces_block_and_no_capture_gives_nothing() {
        let b = Board::draughts(8, 8);
        let (best, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("b2", FLYING_KING)],
            &["e5"],
            &["c3"],
        );
        assert_eq!((best, chains.len()), (0, 0));
    }

    #[test]
    fn the_start_point_counts_as_empty() {
        // The king leaves d4 and, three jumps later, flies back over d4 to take c5.
        let b = Board::draughts(8, 8);
        let (best, chains) = run(
            &b,
            Removal::Deferred,
            Stop::Maximum,
            &[("d4", FLYING_KING)],
            &["e5", "g5", "g3", "c5"],
            &[],
        );
        assert_eq!(best, 4);
        assert!(chains.contains(&"d4xf6xh4xf2xb6".to_string()), "{chains:?}");
    }

    /// Fields drawn by a fixed xorshift from `seed`: each point is the mover's with
    /// odds `own` in `out_of`, else the opponent's with odds `enemy`, else empty.
    /// Returns the mover's points and the field.
    fn random_fields(
        board: &Board,
        mut seed: u64,
        (own, enemy, out_of): (u64, u64, u64),
    ) -> impl Iterator<Item = (Set, Field)> + '_ {
        std::iter::repeat_with(move || {
            let (mut mine, mut theirs) = (0, 0);
            for p in board.points() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                match seed % out_of {
                    r if r < own => mine |= bit(p),
                    r if r < own + enemy => theirs |= bit(p),
                    _ => {}
                }
            }
            let field = Field {
                occupied: mine | theirs,
                enemy: theirs,
            };
            (mine, field)
        })
    }

    #[test]
    fn men_and_steps_found_all_at_once_are_those_found_one_by_one() {
        for board in [Board::draughts(8, 8), Board::alquerque(9, 9)] {
            let graph = Graph::new(&board);
            let search = Search {
                graph: &graph,
                removal: Removal::Deferred,
                stop: Stop::Complete,
            };
            let dirs = [Dirs::ALL, Dirs::of(&[Dir::N, Dir::NE, Dir::NW])];
            for (own, field) in random_fields(&board, 0x9E37_79B9_7F4A_7C15, (1, 1, 3)).take(500) {
                for dirs in dirs {
                    let jump = Jump { dirs, ..MAN };
                    let one_by_one = search.capturers(field, points(own).map(|p| (p, jump)));
                    assert_eq!(search.capturers_among(field, own, jump), one_by_one);
                    let any = search.any_capturer_among(field, own, jump);
                    assert_eq!(any, one_by_one != 0);
                    // A step to an empty point, asked of every point at once.
                    let empty = !field.occupied;
                    let stepping = points(own).any(|p| {
                        (0..8).any(|d| {
                            dirs.0 & (1 << d) != 0
                                && graph
                                    .step(p.0 as u8, d)
                                    .is_some_and(|q| empty & one(q) != 0)
                        })
                    });
                    assert_eq!(graph.any_step(own, dirs, empty), stepping);
                }
            }
        }
    }

    #[test]
    fn men_looked_at_all_at_once_miss_no_longer_chain() {
        for board in [Board::draughts(8, 8), Board::alquerque(9, 9)] {
            let graph = Graph::new(&board);
            for removal in [Removal::Deferred, Removal::Immediate] {
                let search = Search {
                    graph: &graph,
                    removal,
                    stop: Stop::Maximum,
                };
                // Few men of one side among many of the other: long chains.
                let fields = random_fields(&board, 0x2545_F491_4F6C_DD1D, (1, 3, 8));
                // Men jumping every way, forward only, and diagonally only: the test of
                // two jumps at once must look for second jumps only the ways men go.
                let forward = Dirs::of(&[Dir::N, Dir::NE, Dir::E, Dir::W, Dir::NW]);
                let diagonal = Dirs::of(&Dir::DIAGONAL);
                let men = [
                    MAN,
                    Jump {
                        dirs: forward,
                        ..MAN
                    },
                    Jump {
                        dirs: diagonal,
                        ..MAN
                    },
                ];
                for ((own, field), man) in fields.take(900).zip(men.into_iter().cycle()) {
                    let best = search.run(field, points(own).map(|p| (p, man))).best;
                    for count in 0..=best + 1 {
                        assert_eq!(search.exceeds(field, own, man, count), Ok(count < best));
                    }
                }
            }
        }
    }

    #[test]
    fn the_search_from_memory_finds_the_chains_the_walk_finds() {
        for board in [Board::draughts(8, 8), Board::alquerque(9, 9)] {
            let graph = Graph::new(&board);
            let pieces = [
                MAN,
                FLYING_KING,
                Jump {
                    landing: Landing::Next,
                    ..FLYING_KING
                },
            ];
            for removal in [Removal::Deferred, Removal::Immediate] {
                let search = Search {
                    graph: &graph,
                    removal,
                    stop: Stop::Maximum,
                };
                let fields = random_fields(&board, 0x5851_F42D_4C95_7F2D, (1, 2, 8));
                for ((own, field), jump) in fields.take(200).zip(pieces.into_iter().cycle()) {
                    for from in points(own) {
                        let state = search.start(field, from, jump).unwrap();
                        // Memory takes at most a step per position and one per jump
                        // of a chain listed, each no more than the walk takes.
                        let mut walk = Walk {
                            stop: Stop::Maximum,
                            ends: Ends::ALL,
                            steps: Steps(MEMO_POSITIONS as u32),
                        };
                        let mut walked = Chains::default();
                        let mut path = Path::new(state.from);
                        let walked_all =
                            state.walk(&mut walk, state.from, 0, &mut path, &mut walked);
                        if walked_all.is_none() {
                            continue;
                        }
                        let found = state.maximal(Ends::ALL, &mut Steps(SEARCH_BUDGET));
                        assert!(!found.exhausted);
                        assert_eq!(found.best, walked.best);
                        assert_eq!(found.chains, walked.chains);
                        assert_eq!(found.first, walked.first);
                    }
                }
            }
        }
    }

    #[test]
    fn a_search_past_its_budget_says_so() {
        // A sultan among 40 men on every other point of the 9×9 lattice: its chains
        // are the trails of a grid, far more than the budget's steps.
        let b = Board::alquerque(9, 9);
        let graph = Graph::new(&b);
        let men = b
            .points()
            .filter(|&p| {
                let (f, r) = b.coords(p);
                (f + r) % 2 == 1
            })
            .fold(0, |set, p| set | bit(p));
        let sultan = b.parse_point("a1").unwrap();
        let field = Field {
            occupied: men | bit(sultan),
            enemy: men,
        };
        let jump = Jump {
            landing: Landing::Next,
            ..FLYING_KING
        };
        for stop in [Stop::Maximum, Stop::Anywhere] {
            let search = Search {
                graph: &graph,
                removal: Removal::Deferred,
                stop,
            };
            let found = search.run(field, [(sultan, jump)]);
            assert!(found.exhausted, "{stop:?}");
            assert!(found.chains.len() <= SEARCH_BUDGET as usize);
        }
    }
}
