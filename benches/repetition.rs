//! The threefold-repetition rules on long games: `cargo bench --bench repetition`.
//!
//! 1. Long shuttling games, one per game whose rules end a game at a threefold
//!    repetition: Bagh-chal (`repetition=draw`, its default) and Zamma (`[RepetitionDraw
//!    "yes"]`), each of `TGN_BENCH_PLIES` plies (default 99,000) of steps that never
//!    meet a position a third time (`playout::shuttling_record`), so the history is
//!    never forgotten; each replayed as `tgn check` does, and its time per ply printed.
//!    The time must grow linearly with the plies: compare `TGN_BENCH_PLIES=10000`.
//!    `TGN_BENCH_KEEP=dir` writes the records there (for `scripts/hostile-inputs`).
//! 2. What the search pays for the history: a position's history cloned and one
//!    position pushed onto the clone, as the search does at every node, after 100 and
//!    after 10,000 plies without an irreversible move.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tgn::internals::{BaghChal, History, Zamma, shuttling_record};
use tgn::record::parser::{Origin, parse_games};
use tgn::replay::{Detail, Settings, replay};

/// 16 goats (4 taken) and the 4 tigers, 5 points empty, the goats to move.
const BAGH_CHAL: &str = "TGGGT/GGGGG/GG1GG/G3G/TG1GT g 0 4";
/// Two sultans a side, no men.
const ZAMMA: &str = "N7N/9/9/9/9/9/9/9/S7S s";

fn main() {
    let plies = env("TGN_BENCH_PLIES").unwrap_or(99_000);
    let keep = std::env::var_os("TGN_BENCH_KEEP").map(PathBuf::from);
    let cases = [
        ("bagh-chal", long_game::<BaghChal>(&[], BAGH_CHAL, plies)),
        (
            "zamma",
            long_game::<Zamma>(&[("RepetitionDraw", "yes")], ZAMMA, plies),
        ),
    ];
    for (id, text) in &cases {
        if let Some(dir) = &keep {
            let path = dir.join(format!("{id}-shuttling.pgn"));
            std::fs::write(&path, text).expect("write the record");
        }
        time_check(id, text);
    }
    for length in [100, 10_000] {
        time_clone_and_push(length);
    }
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The shuttling game of the game `R` names first, from `fen` with `tags`.
fn long_game<R: tgn::games::Rules>(tags: &[(&str, &str)], fen: &str, plies: usize) -> String {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    shuttling_record::<R>(&R::GAMES[0], &tags, fen, 1, plies).expect("a shuttling game")
}

/// Replays the record `text` as `tgn check` does (errors only), best of three.
fn time_check(id: &str, text: &str) {
    let record = parse_games(text, Origin::default()).remove(0);
    let settings = Settings {
        detail: Detail::ERRORS,
        ..Settings::default()
    };
    let mut best = Duration::MAX;
    let mut plies = 0;
    for _ in 0..3 {
        let started = Instant::now();
        let r = replay(&record, &settings);
        best = best.min(started.elapsed());
        assert!(
            r.is_valid(),
            "{id}: {:?}",
            r.errors.first().map(|e| &e.message)
        );
        plies = r.plies;
    }
    println!(
        "{id:<10} {plies:>7} plies of shuttling: check {:>8.3} s, {:>7.3} µs per ply",
        best.as_secs_f64(),
        best.as_secs_f64() * 1e6 / f64::from(plies.max(1)),
    );
}

/// A history of `length` positions (a few dozen distinct ones, as in a shuttling
/// game), cloned and one position pushed onto the clone, a million times.
fn time_clone_and_push(length: u64) {
    let mut history = History::starting(0u64);
    for ply in 1..length {
        history.push(ply % 37, false);
    }
    const ROUNDS: u32 = 1_000_000;
    let started = Instant::now();
    for round in 0..ROUNDS {
        let mut child = history.clone();
        child.push(u64::from(round % 41), false);
        black_box(child.occurrences());
    }
    println!(
        "history of {length:>6} positions: clone + push + occurrences {:>7.1} ns",
        started.elapsed().as_secs_f64() * 1e9 / f64::from(ROUNDS),
    );
}
