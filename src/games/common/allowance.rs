//! The search work a game may do, drawn from what the run it is read in may spend.
//!
//! Each bounded search of a game (capture chains, Pasang's short forms, Olinda
//! Keliya's relays) stops at its own limit, a few tenths of a second at most. That
//! bounds one position, not a file: 50 copies of a game whose first move meets such a
//! position took 10 s to check, and a megabyte of them would take minutes. So the
//! searches of a run also draw their steps from one allowance, which the replay driver
//! sets for each game ([`within`]) from what the run has read; a search granted less
//! than its own limit that stops there says so ([`stopped_short`]), and the driver
//! tells that game's limit error apart.
//!
//! Outside [`within`] (analysis, tests, the library used alone) the allowance is
//! unbounded and every search has its own limit only.
//!
//! A step is what each search counts: a jump followed or a position looked at of a
//! capture search, a jump of Pasang's short-form search, a lap of an Olinda Keliya
//! relay. They cost about the same, a tenth of a microsecond or so.

use std::cell::Cell;

thread_local! {
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    static STOPPED_SHORT: Cell<bool> = const { Cell::new(false) };
}

/// What a search that may take up to `limit` steps may take now.
pub fn grant(limit: u64) -> u64 {
    LEFT.get().min(limit)
}

/// A search took `steps` (no more than it was granted).
pub fn spend(steps: u64) {
    LEFT.set(LEFT.get().saturating_sub(steps));
}

/// A search stopped at its grant, which was less than its own limit: the allowance,
/// not the position, stopped it.
pub fn stopped_short() {
    STOPPED_SHORT.set(true);
}

/// What the work of [`within`] spent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    pub steps: u64,
    /// Some search stopped short for want of allowance ([`stopped_short`]).
    pub stopped_short: bool,
}

/// Runs `work` with an allowance of `steps` for its searches, and says what it spent.
/// Nested, the outer allowance pays for the inner work too.
pub fn within<T>(steps: u64, work: impl FnOnce() -> T) -> (T, Spent) {
    let outer = LEFT.replace(steps);
    let outer_stopped = STOPPED_SHORT.replace(false);
    let done = work();
    let spent = Spent {
        steps: steps - LEFT.get(),
        stopped_short: STOPPED_SHORT.get(),
    };
    LEFT.set(outer.saturating_sub(spent.steps));
    STOPPED_SHORT.set(outer_stopped);
    (done, spent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_granted_the_smaller_of_its_limit_and_the_allowance() {
        assert_eq!(grant(100), 100);
        let (granted, spent) = within(50, || {
            let first = grant(30);
            spend(first);
            let second = grant(30);
            spend(second);
            stopped_short();
            [first, second]
        });
        assert_eq!(granted, [30, 20]);
        assert_eq!(
            spent,
            Spent {
                steps: 50,
                stopped_short: true
            }
        );
        // Outside, unbounded again.
        assert_eq!(grant(100), 100);
    }

    #[test]
    fn nested_work_is_paid_by_both_allowances() {
        let ((_, inner), outer) = within(100, || within(40, || spend(25)));
        assert_eq!(inner.steps, 25);
        assert_eq!(outer.steps, 25);
        assert!(!outer.stopped_short);
    }
}
