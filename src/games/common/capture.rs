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

use super::board::{Board, Dir, Point};

/// A set of lattice points, bit `i` for the point with index `i`.
pub type Set = u128;

/// The one-point set of `p`.
pub fn bit(p: Point) -> Set {
    1u128 << p.0
}

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

    pub fn contains(self, d: Dir) -> bool {
        self.0 & (1 << d.index()) != 0
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
    next: Vec<[u8; 8]>,
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
        let mut next = vec![[Graph::NONE; 8]; board.lattice_size()];
        for p in board.points() {
            for (d, q) in board.neighbours(p) {
                next[p.index()][d.index()] = q.0 as u8;
            }
        }
        Graph { next }
    }

    /// The next point from `p` towards direction index `d`.
    #[inline]
    fn step(&self, p: u8, d: usize) -> Option<u8> {
        match self.next.get(p as usize) {
            Some(n) if n[d] != Graph::NONE => Some(n[d]),
            _ => None,
        }
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
    pub landings: Vec<Point>,
    pub captured: Vec<Point>,
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

    /// The taken pieces as a set.
    pub fn captured_set(&self) -> Set {
        self.captured.iter().fold(0, |s, &p| s | bit(p))
    }
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Chains {
    /// The most pieces any chain takes (0: no capture at all).
    pub best: usize,
    /// The chains kept under the search's [`Stop`], movers in the order given.
    pub chains: Vec<Chain>,
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

/// A written chain checked jump by jump (see [`Search::follow`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Followed {
    /// The pieces taken, in order.
    pub captured: Vec<Point>,
    /// Whether a further jump exists from the last landing point.
    pub can_continue: bool,
}

impl Search<'_> {
    /// The chains of `movers` (each a point with how its piece jumps) on `field`.
    ///
    /// Under [`Stop::Maximum`] the best count found so far (over all movers) prunes
    /// every branch that cannot reach it even by taking every piece left.
    pub fn run(&self, field: Field, movers: impl IntoIterator<Item = (Point, Jump)>) -> Chains {
        let mut found = Chains::default();
        for (from, jump) in movers {
            let Some(state) = self.start(field, from, jump) else {
                continue;
            };
            let mut path = Path::new(state.from);
            state.walk(self.stop, state.from, 0, &mut path, &mut found);
        }
        found
    }

    /// Whether some chain of `movers` takes more than `count` pieces: the question the
    /// maximum-capture rule asks of a chain already followed. Nothing is kept, the
    /// first such chain ends the search, and every branch that cannot take more than
    /// `count` is cut from the start.
    pub fn exceeds(
        &self,
        field: Field,
        movers: impl IntoIterator<Item = (Point, Jump)>,
        count: usize,
    ) -> bool {
        movers.into_iter().any(|(from, jump)| {
            self.start(field, from, jump)
                .is_some_and(|state| state.longer_than(count, state.from, 0, 0))
        })
    }

    /// The movers that have at least one jump (whether or not it is the best).
    pub fn capturers(&self, field: Field, movers: impl IntoIterator<Item = (Point, Jump)>) -> Set {
        movers
            .into_iter()
            .filter(|&(from, jump)| self.start(field, from, jump).is_some_and(|s| s.has_leg()))
            .fold(0, |set, (from, _)| set | bit(from))
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
        let mut captured = Vec::with_capacity(landings.len());
        for &to in landings {
            let (victim, to) = state.legs(at, taken).find(|&(_, l)| l as u16 == to.0)?;
            captured.push(Point(victim as u16));
            taken |= 1u128 << victim;
            at = to;
        }
        if captured.is_empty() {
            return None;
        }
        Some(Followed {
            captured,
            can_continue: state.legs(at, taken).next().is_some(),
        })
    }

    fn start(&self, field: Field, from: Point, jump: Jump) -> Option<State<'_>> {
        if from.index() >= 128 || self.graph.next.get(from.index()).is_none() {
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

impl<'g> State<'g> {
    /// The jumps from `at` once the pieces in `taken` have been jumped.
    fn legs(&self, at: u8, taken: Set) -> Legs<'g> {
        let occupied = match self.removal {
            Removal::Deferred => self.occupied,
            Removal::Immediate => self.occupied & !taken,
        };
        Legs {
            graph: self.graph,
            jump: self.jump,
            at,
            occupied,
            live: self.enemy & !taken,
            dir: 0,
            current: 0,
            victim: 0,
            landing: None,
        }
    }

    /// Whether the mover has a first jump: `legs(from, 0).next().is_some()`, asked
    /// of every piece before most moves, line by line without the iterator's state.
    fn has_leg(&self) -> bool {
        let legs = self.legs(self.from, 0);
        (0..8).any(|d| {
            self.jump.dirs.0 & (1 << d) != 0
                && legs.victim(d).is_some_and(|victim| {
                    legs.live & (1u128 << victim) != 0
                        && self
                            .graph
                            .step(victim, d)
                            .is_some_and(|to| legs.occupied & (1u128 << to) == 0)
                })
        })
    }

    /// Every chain from `at` kept under `stop`, `path` being the chain so far.
    fn walk(&self, stop: Stop, at: u8, taken: Set, path: &mut Path, found: &mut Chains) {
        if stop == Stop::Maximum && path.len > 0 && !self.may_reach(taken, path.len, found.best) {
            return;
        }
        if stop == Stop::Anywhere && path.len > 0 {
            path.keep(found);
        }
        let mut extended = false;
        for (victim, to) in self.legs(at, taken) {
            extended = true;
            if path.push(victim, to) {
                self.walk(stop, to, taken | 1u128 << victim, path, found);
                path.len -= 1;
            }
        }
        if extended || path.len == 0 {
            return;
        }
        match stop {
            Stop::Complete => path.keep(found),
            Stop::Maximum if path.len > found.best => {
                found.chains.clear();
                path.keep(found);
            }
            Stop::Maximum if path.len == found.best => path.keep(found),
            _ => {}
        }
    }

    /// Whether a chain that has taken `depth` pieces, `taken`, and stands at `at` can
    /// go on to take more than `count`.
    fn longer_than(&self, count: usize, at: u8, taken: Set, depth: usize) -> bool {
        if depth > count {
            return true;
        }
        if !self.may_reach(taken, depth, count + 1) {
            return false;
        }
        self.legs(at, taken)
            .any(|(victim, to)| self.longer_than(count, to, taken | 1u128 << victim, depth + 1))
    }

    /// Whether a chain that has taken `depth` pieces may still reach `best`: even
    /// taking every live piece left must get there. (A tighter bound — the pieces
    /// reachable from `at` — costs more than it saves: the longest chains take nearly
    /// everything in reach, and every tie must be found.)
    fn may_reach(&self, taken: Set, depth: usize, best: usize) -> bool {
        depth + (self.enemy & !taken).count_ones() as usize >= best
    }
}

/// The jumps from one point, direction by direction, landing by landing; allocates
/// nothing.
struct Legs<'g> {
    graph: &'g Graph,
    jump: Jump,
    at: u8,
    occupied: Set,
    live: Set,
    /// Next direction to look in.
    dir: usize,
    /// Direction of the landings being listed.
    current: usize,
    victim: u8,
    landing: Option<u8>,
}

impl Iterator for Legs<'_> {
    /// (the piece jumped, the landing point)
    type Item = (u8, u8);

    fn next(&mut self) -> Option<(u8, u8)> {
        loop {
            if let Some(to) = self.landing {
                if self.occupied & (1u128 << to) == 0 {
                    self.landing = match self.jump.landing {
                        Landing::Next => None,
                        Landing::Beyond => self.graph.step(to, self.current),
                    };
                    return Some((self.victim, to));
                }
                self.landing = None;
            }
            if self.dir >= 8 {
                return None;
            }
            let d = self.dir;
            self.dir += 1;
            if self.jump.dirs.0 & (1 << d) == 0 {
                continue;
            }
            // The first occupied point within reach must be a live opposing piece: an
            // own piece, or one already taken in this chain, blocks the line.
            let Some(victim) = self.victim(d) else {
                continue;
            };
            if self.live & (1u128 << victim) != 0 {
                self.current = d;
                self.victim = victim;
                self.landing = self.graph.step(victim, d);
            }
        }
    }
}

impl Legs<'_> {
    /// The first occupied point from `at` towards `d` within the jumper's reach.
    fn victim(&self, d: usize) -> Option<u8> {
        let mut q = self.graph.step(self.at, d)?;
        if self.jump.reach == Reach::Flying {
            while self.occupied & (1u128 << q) == 0 {
                q = self.graph.step(q, d)?;
            }
        }
        (self.occupied & (1u128 << q) != 0).then_some(q)
    }
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

    fn keep(&self, found: &mut Chains) {
        found.best = found.best.max(self.len);
        found.chains.push(self.chain());
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
            let exceeds = search.exceeds(field, movers.clone(), count);
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
}
