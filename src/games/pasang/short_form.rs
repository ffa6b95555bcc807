//! bell: the chains a short form `from-to` names (B2, B3), found without listing
//! every chain of the stone.
//!
//! A stone among many has countless chains: on a board of stones with empty cells
//! between them every trail of the grid of empty cells is one, far too many to list
//! or even count. So the search asks only for chains ending on `to`, rules out at once
//! the short forms no odd chain can match (see [`odd_chains_possible`]), keeps the
//! first [`LISTED`] chains it meets and counts the others, and follows at most
//! [`SEARCH_BUDGET`] jumps in all the short forms of one game: past that it stops and
//! says so (a chain written with every landing is followed, never searched).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::per_centre;
use super::position::{CELLS, Centre, Position, Sq};
use crate::games::common::{Point, allowance};
use crate::games::common::capture::{Chain, Points};
use crate::games::common::listing::LISTED;

/// Jumps the short forms of one game may follow in all before they are refused: some
/// 30 ms of search in a release build, where a real short form needs a few hundred
/// jumps. A budget for the game, not for one move, so that a record of many
/// variations, each a short form on a crowded board, is answered as quickly. The
/// jumps are also drawn from the run's allowance
/// ([`allowance`](crate::games::common::allowance)), which bounds a file of such games.
pub const SEARCH_BUDGET: u64 = 2_000_000;

/// The jumps still allowed to the short forms of one game (see [`SEARCH_BUDGET`]).
#[derive(Debug)]
pub struct Budget(AtomicU64);

impl Budget {
    pub fn new() -> Budget {
        Budget(AtomicU64::new(SEARCH_BUDGET))
    }

    /// A budget of `jumps`: in tests, what the budget does without what it costs.
    #[cfg(test)]
    pub fn of(jumps: u64) -> Budget {
        Budget(AtomicU64::new(jumps))
    }

    /// The jumps still allowed.
    #[cfg(test)]
    pub fn left(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

impl Clone for Budget {
    fn clone(&self) -> Budget {
        Budget(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
}

/// What the search found for a short form.
#[derive(Debug, Default)]
pub struct Ending {
    /// The first chains found ending on the cell, at most [`LISTED`].
    pub first: Vec<Chain>,
    /// Every chain found ending there, the first included.
    pub count: usize,
    /// The search stopped at the budget: there may be more.
    pub cut: bool,
}

/// Whether a chain of an odd number of jumps (B3) can lead from `from` to `to`: each
/// jump moves the stone two cells along a file or a rank, so the file and the rank
/// keep their parity, and half the distance walked changes by one each jump: the
/// number of jumps is even exactly when half the (file plus rank) distance is.
pub fn odd_chains_possible(from: Sq, to: Sq) -> bool {
    let df = i32::from(to.file()) - i32::from(from.file());
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    df % 2 == 0 && dr % 2 == 0 && ((df + dr) / 2) % 2 != 0
}

/// For each cell, towards north, east, south and west: the cell a jump passes over
/// and the usable cell it lands on, if both are on the board.
type Jumps = [[Option<(u8, u8)>; 4]; CELLS];

fn jumps(centre: Centre) -> &'static Jumps {
    static BUILT: [OnceLock<Jumps>; 2] = [OnceLock::new(), OnceLock::new()];
    per_centre(centre, &BUILT, || {
        let mut table = [[None; 4]; CELLS];
        for sq in Sq::all() {
            for (k, (df, dr)) in [(0, 1), (1, 0), (0, -1), (-1, 0)].into_iter().enumerate() {
                let land = sq.offset(2 * df, 2 * dr).filter(|&l| !centre.contains(l));
                table[sq.index()][k] = sq.offset(df, dr).zip(land).map(|(o, l)| (o.0, l.0));
            }
        }
        table
    })
}

/// The chains of the stone on `from` ending on `to` (B2), with an odd number of
/// jumps (B3), searched within what is left of `budget`.
pub fn chains_ending(
    position: &Position,
    centre: Centre,
    budget: &Budget,
    from: Sq,
    to: Sq,
) -> Ending {
    // What is left of the game's budget, or less when the run's allowance has less.
    let game_left = budget.0.load(Ordering::Relaxed);
    let granted = allowance::grant(game_left);
    let mut walk = Walk {
        jumps: jumps(centre),
        from,
        to: to.0,
        left: granted,
        landings: Points::new(),
        captured: Points::new(),
        found: Ending::default(),
    };
    if odd_chains_possible(from, to) {
        let stones = Sq::all()
            .filter(|&sq| sq != from && position.get(sq).is_stone())
            .fold(0u128, |set, sq| set | 1 << sq.0);
        walk.follow_from(from.0, stones);
    }
    let taken = granted - walk.left;
    budget.0.store(game_left - taken, Ordering::Relaxed);
    allowance::spend(taken);
    if walk.found.cut && granted < game_left {
        allowance::stopped_short();
    }
    walk.found
}

/// One search: the chain followed so far and what was found.
struct Walk {
    jumps: &'static Jumps,
    from: Sq,
    to: u8,
    /// Jumps the search may still follow.
    left: u64,
    landings: Points,
    captured: Points,
    found: Ending,
}

impl Walk {
    /// Follows every jump from `at` while `stones` stand (jumped stones leave at once,
    /// B2); false once the budget is spent.
    fn follow_from(&mut self, at: u8, stones: u128) -> bool {
        for (over, land) in self.jumps[usize::from(at)].into_iter().flatten() {
            if stones & 1 << over == 0 || stones & 1 << land != 0 {
                continue;
            }
            if self.left == 0 {
                self.found.cut = true;
                return false;
            }
            self.left -= 1;
            self.landings.push(Point(u16::from(land)));
            self.captured.push(Point(u16::from(over)));
            if land == self.to {
                self.keep();
            }
            let going_on = self.follow_from(land, stones & !(1 << over));
            self.landings.pop();
            self.captured.pop();
            if !going_on {
                return false;
            }
        }
        true
    }

    /// Counts the chain followed so far, which ends on the cell asked for, and keeps
    /// it while fewer than [`LISTED`] are kept.
    fn keep(&mut self) {
        self.found.count += 1;
        if self.found.first.len() < LISTED {
            self.found.first.push(Chain {
                from: Point(u16::from(self.from.0)),
                landings: self.landings.clone(),
                captured: self.captured.clone(),
            });
        }
    }
}
