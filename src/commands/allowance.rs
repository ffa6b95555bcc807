//! What the searches of one run may spend ([`crate::games::common::allowance`]): a
//! start, and so many steps more for each byte read. A run's search work is then
//! bounded by the size of what it reads, whatever the positions: a file of 50 copies
//! of a game whose first move meets a search at its limit took 10 s to check before,
//! a megabyte of them minutes.
//!
//! The allowance is spent in the order of the games, so every run of a file gives
//! the same verdicts. The games of a batch are replayed at once, though, before those
//! ahead of them have spent theirs: each is granted at most [`SPECULATIVE_PER_BYTE`]
//! steps per byte of its text (and never more than the run could have left for it).
//! When the games are handed over in order, a game that spent no more than the run
//! has left stands; so does one stopped short for want of allowance whose grant was
//! no less than what the run has left, as it would have been stopped short with that
//! too (it takes all that is left). Any other is replayed again, with what is left.
//! Real games spend a small part of their grant and are never replayed again; a file
//! of hard positions soon has nothing left, and each of its games is stopped short
//! at its first long search.

use smallvec::SmallVec;

use super::Pending;
use crate::games::common::allowance::{self, Spent};
use crate::record::{Chunk, GameRecord};
use crate::replay::{Diagnostic, ErrorCode, Replay, Settings, mend, replay};

/// What a run may spend before it has read anything: two searches at the limit of any
/// game's search, so that a file of one hard position is searched in full.
pub const START: u64 = 4_000_000;

/// Steps a run may spend more for each byte it reads: a megabyte of games that each
/// meet a search at its limit is checked in about a second.
pub const PER_BYTE: u64 = 2;

/// The most a game replayed alongside others is granted per byte of its text, before
/// it is known what the games ahead of it spent.
const SPECULATIVE_PER_BYTE: u64 = 4;

/// The bytes a record read from JSON is counted for: about those of a game's text.
const JSON_RECORD_BYTES: u64 = 4096;

/// The allowance of a run, as the games are handed over in order.
#[derive(Debug)]
pub struct RunAllowance {
    /// What the games handed over so far have left.
    left: u64,
    /// The credit of games replayed (or being replayed) but not yet handed over.
    in_flight: u64,
    /// Where the run asks what invalid sheets most likely say: the settings that
    /// ask it, and what its budget for them has left.
    suggestions: Option<Suggestions>,
}

/// A run's budget for "did you mean" ([`mend`]): the searches run as the games are
/// handed over, in order, each granted what the budget has left, so that a file of
/// broken sheets costs time in proportion to its size and every run says the same.
#[derive(Debug)]
struct Suggestions {
    settings: Settings,
    left: u64,
}

/// The games of one chunk of text, replayed: nearly always one, held in place.
pub type Games = SmallVec<[(GameRecord, Replay); 1]>;

/// The games of one chunk replayed with a grant, and what the grant paid for.
pub struct Replayed {
    pub games: Games,
    bytes: u64,
    grant: u64,
    spent: Spent,
    /// The text, kept when the games were read the quick way (which keeps no record)
    /// and spent on searches: what a replay again needs.
    text: Option<Chunk>,
}

impl Default for RunAllowance {
    fn default() -> RunAllowance {
        RunAllowance {
            left: START,
            in_flight: 0,
            suggestions: None,
        }
    }
}

impl RunAllowance {
    /// The allowance of a run replaying with `settings`: one that asks for
    /// suggestions has them searched as the games are handed over, and its replays
    /// (`settings` as it returns) do not search them.
    pub fn new(settings: &mut Settings) -> RunAllowance {
        let suggestions = settings.detail.suggestions.then(|| Suggestions {
            settings: settings.clone(),
            left: mend::RUN_START,
        });
        settings.detail.suggestions = false;
        RunAllowance {
            suggestions,
            ..RunAllowance::default()
        }
    }

    /// The grants of a batch about to be replayed, in its order.
    pub fn grants(&mut self, batch: &[Pending]) -> Vec<u64> {
        batch
            .iter()
            .map(|pending| {
                let bytes = bytes(pending);
                self.in_flight += PER_BYTE * bytes;
                // No game ahead has spent anything yet: the most it could have.
                let most = self.left + self.in_flight;
                most.min(SPECULATIVE_PER_BYTE * bytes)
            })
            .collect()
    }

    /// The games of `replayed`, as the run spending in order makes them: replayed
    /// again with what the run has left when their grant was not it.
    pub fn hand_over(&mut self, replayed: Replayed, settings: &Settings) -> Games {
        let bytes = replayed.bytes;
        let mut games = self.settle(replayed, settings);
        if let Some(suggestions) = &mut self.suggestions {
            suggestions.left += mend::RUN_PER_BYTE * bytes;
            for (record, replay) in &mut games {
                suggestions.mend(record, replay);
            }
        }
        games
    }

    /// The games of `replayed`, each with the verdict the run spending in order gives.
    fn settle(&mut self, replayed: Replayed, settings: &Settings) -> Games {
        let credit = PER_BYTE * replayed.bytes;
        self.in_flight -= credit;
        self.left += credit;
        let Replayed {
            mut games,
            grant,
            spent,
            text,
            ..
        } = replayed;
        if !spent.stopped_short && spent.steps <= self.left {
            self.left -= spent.steps;
            return searched(games, spent);
        }
        if spent.stopped_short && grant >= self.left {
            self.left = 0;
            for (record, replay) in &mut games {
                say_allowance_spent(record, replay);
            }
            return searched(games, spent);
        }
        let (mut games, spent) = allowance::within(self.left, || match text {
            Some(chunk) => replay_chunk(Pending::Text(chunk), settings),
            None => {
                for (record, replayed) in &mut games {
                    *replayed = replay(record, settings);
                }
                games
            }
        });
        self.left = self.left.saturating_sub(spent.steps);
        if spent.stopped_short {
            for (record, replay) in &mut games {
                say_allowance_spent(record, replay);
            }
        }
        searched(games, spent)
    }
}

impl Suggestions {
    /// Searches what `record`, invalid, most likely says, within what the budget has
    /// left. The game is replayed again for it, searching no more than it did: the
    /// same verdict, with the search at its end.
    fn mend(&mut self, record: &GameRecord, replay: &mut Replay) {
        if replay.errors.is_empty() || !record.errors.is_empty() {
            return;
        }
        let again = walk(replay, || {
            mend::with_grant(self.left, || crate::replay::replay(record, &self.settings))
        });
        if let Some(found) = again.mend {
            self.left = self.left.saturating_sub(found.spent);
            replay.mend = Some(found);
        }
    }
}

/// The games of a chunk, each told what the chunk's searches took.
fn searched(mut games: Games, spent: Spent) -> Games {
    for (_, replay) in &mut games {
        replay.searched = spent.steps;
    }
    games
}

/// Walks a game replayed before (`replay`) within what its replay's searches took:
/// a walk makes the same moves, and must not search on where the replay was stopped
/// short (a file of copies of an endless relay drew each one's 10,000 laps again).
pub fn walk<T>(replay: &Replay, work: impl FnOnce() -> T) -> T {
    allowance::within(replay.searched, work).0
}

/// Replays the games of `pending` within `grant`.
pub fn replay_granted(pending: Pending, grant: u64, settings: &Settings) -> Replayed {
    let bytes = bytes(&pending);
    let text = match &pending {
        Pending::Text(chunk) if quick_way(chunk, settings) => Some(chunk.clone()),
        _ => None,
    };
    let (games, spent) = allowance::within(grant, || replay_chunk(pending, settings));
    Replayed {
        games,
        bytes,
        grant,
        spent,
        text: text.filter(|_| spent.steps > 0),
    }
}

/// Whether the games of `chunk` are read the quick way, keeping no record.
fn quick_way(chunk: &Chunk, settings: &Settings) -> bool {
    !settings.detail.record && chunk.clean_text().is_some()
}

/// Parses and replays the games of `pending`: the quick way when no record is asked
/// for and the text is plain, else in full.
fn replay_chunk(pending: Pending, settings: &Settings) -> Games {
    let records = match pending {
        Pending::Text(chunk) => {
            if quick_way(&chunk, settings)
                && let Some(quick) = chunk
                    .clean_text()
                    .and_then(|t| crate::replay::quick::quick(t, settings))
            {
                return smallvec::smallvec![quick];
            }
            chunk.parse()
        }
        Pending::Record(record) => vec![record],
    };
    records
        .into_iter()
        .map(|record| {
            let replay = replay(&record, settings);
            (record, replay)
        })
        .collect()
}

fn bytes(pending: &Pending) -> u64 {
    match pending {
        Pending::Text(chunk) => chunk.len() as u64,
        Pending::Record(_) => JSON_RECORD_BYTES,
    }
}

/// A game some search of which the run's allowance stopped is not fully checked,
/// whatever its rules made of the stop: its limit error says why, and a game without
/// one gets one.
fn say_allowance_spent(record: &GameRecord, replay: &mut Replay) {
    let why = format!(
        "this run's searches had spent what they may ({START} steps, and {PER_BYTE} more \
         per byte read); checked alone, the game may spend {START}"
    );
    match replay
        .errors
        .iter_mut()
        .find(|e| e.code == ErrorCode::Limit)
    {
        Some(error) => error.message.push_str(&format!("; {why}")),
        None => replay.errors.push(Diagnostic::new(
            ErrorCode::Limit,
            format!("game not fully checked: {why}"),
            record.span,
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replayed(bytes: u64, grant: u64, steps: u64, stopped_short: bool) -> Replayed {
        Replayed {
            games: smallvec::smallvec![(GameRecord::default(), Replay::default())],
            bytes,
            grant,
            spent: Spent {
                steps,
                stopped_short,
            },
            text: None,
        }
    }

    /// What a game spends within what the run has left stands; the run pays for it
    /// and is credited for its bytes.
    #[test]
    fn a_game_within_what_is_left_stands_and_is_paid_for() {
        let mut run = RunAllowance::default();
        let grants = run.grants(&[]);
        assert!(grants.is_empty());
        run.in_flight = PER_BYTE * 1000;
        let games = run.hand_over(replayed(1000, 8000, 5000, false), &Settings::default());
        assert!(games[0].1.errors.is_empty());
        assert_eq!(run.left, START + PER_BYTE * 1000 - 5000);
        assert_eq!(run.in_flight, 0);
    }

    /// A game stopped short with a grant no less than what is left would have been
    /// stopped short anyway: it stands, takes what is left, and gets a limit error.
    #[test]
    fn a_game_stopped_short_takes_what_is_left_and_is_not_fully_checked() {
        let mut run = RunAllowance {
            left: 10,
            in_flight: PER_BYTE * 100,
            suggestions: None,
        };
        let games = run.hand_over(replayed(100, 800, 800, true), &Settings::default());
        assert_eq!(run.left, 0);
        let error = &games[0].1.errors[0];
        assert_eq!(error.code, ErrorCode::Limit);
        assert!(
            error
                .message
                .starts_with("game not fully checked: this run's searches")
        );
    }

    /// A walk over a game replayed before searches no more than the replay did.
    #[test]
    fn a_walk_is_granted_what_its_replay_searched() {
        let replay = Replay {
            searched: 7,
            ..Replay::default()
        };
        assert_eq!(walk(&replay, || allowance::grant(100)), 7);
    }

    /// A limit error the rules gave already says why, once.
    #[test]
    fn a_limit_error_says_the_allowance_was_spent() {
        let mut replay = Replay::default();
        replay.errors.push(Diagnostic::new(
            ErrorCode::Limit,
            "move not checked: x",
            Default::default(),
        ));
        say_allowance_spent(&GameRecord::default(), &mut replay);
        assert_eq!(replay.errors.len(), 1);
        assert!(
            replay.errors[0]
                .message
                .starts_with("move not checked: x; this run's searches had spent")
        );
    }
}
