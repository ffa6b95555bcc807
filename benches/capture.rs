//! Speed of the chain-capture search: `cargo bench --bench capture`.
//!
//! Times `legal_moves` (which runs the maximum-capture search over every piece of the
//! side to move and lists every maximal chain) on a few hard positions of Pinoy Dama
//! and Zamma, and prints positions per second with the longest chain and the number of
//! maximal chains. Set `TGN_BENCH_SECONDS` to change the time spent per position
//! (default 1).
//!
//! The positions: flying kings and sultans with a dozen or more pieces in reach (found
//! by a seeded random search for the longest chains), the start positions, and the
//! positions of seeded random games (the everyday case).
//!
//! Then Mig Mang on its 17×17 board: the time to replay a whole random game of 500
//! plies (reading every token, resolving it, converting, and testing at every ply
//! whether the player to move can move at all), and `legal_moves` on its positions.
//!
//! Last, what two unit tests once asserted in milliseconds (they now assert the work,
//! not the time): `legal_moves` on the positions of random Pasang games on a dense
//! bell board, and Kungser's prince among 22 lamas playing a chain written in full.
//!
//! The search is exact, so its cost grows with the number of ways a chain can go: a
//! Zamma sultan among 20–24 men on the 81 points (chains of 20–24 pieces, hundreds of
//! maximal chains) takes milliseconds to tenths of a second, where a dozen pieces in
//! reach take tens of microseconds.

use std::time::{Duration, Instant};

use tgn::games::{Rules, Setup};
use tgn::internals::{MigMang, Pasang, PinoyDama, SplitMix, Zamma, random_record};
use tgn::record::GameRecord;
use tgn::record::parser::{Origin, parse_games};
use tgn::registry;
use tgn::replay::{Detail, Settings, replay};

fn rules<R: Rules>(game: &str) -> R {
    configured(game, &[])
}

/// The rules of `game` under the option tags `tags`.
fn configured<R: Rules>(game: &str, tags: &[(&str, &str)]) -> R {
    let info = registry::find(game).expect("registered").info;
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
    R::configure(&Setup::new(info, &tags, &[])).expect("valid options")
}

/// Runs `legal_moves` on `position` repeatedly for about `budget`; prints the rate.
fn time<R: Rules>(rules: &R, label: &str, positions: &[R::Position], budget: Duration) {
    let mut calls = 0u64;
    let mut longest = 0;
    let mut chains = 0;
    let started = Instant::now();
    while started.elapsed() < budget {
        for p in positions {
            let moves = rules.legal_moves(p);
            calls += 1;
            if calls as usize <= positions.len() {
                chains += moves.len();
                longest = longest.max(
                    moves
                        .iter()
                        .map(|m| rules.write_move(p, m).matches('x').count())
                        .max()
                        .unwrap_or(0),
                );
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{label:<44} {:>12.0} positions/s  {:>10.1} µs/position  longest chain {longest:>2}, moves {chains}",
        calls as f64 / secs,
        secs * 1e6 / calls as f64,
    );
}

/// Positions of seeded random games, every ply.
fn playout_positions<R: Rules>(rules: &R, games: u64, plies: usize) -> Vec<R::Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = SplitMix::new(seed);
        let mut p = rules.start_position();
        for _ in 0..plies {
            if rules.outcome(&p).is_some() {
                break;
            }
            out.push(p.clone());
            let moves = rules.legal_moves(&p);
            let mv = &moves[rng.below(moves.len())];
            rules.play(&mut p, mv);
        }
    }
    out
}

fn main() {
    let seconds: f64 = std::env::var("TGN_BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let budget = Duration::from_secs_f64(seconds);

    let dama: PinoyDama = rules("pinoy-dama");
    let fen = |f: &str| dama.parse_position(f).expect("FEN");
    for (label, f) in [
        // A king with twelve men around it: a nine-piece chain, 18 ways to take it.
        (
            "dama: king v 12 men, 9-chain",
            "W:WK4:B21,17,23,25,7,16,9,26,19,15,8,24",
        ),
        (
            "dama: king v 12 men, 9-chain (corner)",
            "W:WK29:B7,6,17,25,26,27,16,32,18,19,10,1",
        ),
        (
            "dama: two kings v 12 men",
            "W:WK32,K13:B7,8,18,27,16,20,4,17,9,1,15,25",
        ),
    ] {
        time(&dama, label, &[fen(f)], budget);
    }
    time(
        &dama,
        "dama: start position",
        &[dama.start_position()],
        budget,
    );
    let positions = playout_positions(&dama, 20, 200);
    time(
        &dama,
        &format!("dama: {} positions of random games", positions.len()),
        &positions,
        budget,
    );

    let zamma: Zamma = rules("zamma");
    let pos = |s: &str| zamma.parse_position(s).expect("position");
    for (label, s) in [
        (
            "zamma: sultan v 12 men, 12-chain",
            "7n1/3n3n1/5n2S/4n2nn/4n4/7n1/3n5/2n5n/9 s",
        ),
        (
            "zamma: sultan v 16 men, 16-chain",
            "1n7/5n2n/9/n8/5n3/4nnnn1/3nSn3/nn1n2n2/3n5 s",
        ),
        (
            "zamma: sultan v 20 men, 20-chain",
            "5n3/1n1n4n/9/4n1nn1/7n1/5n2n/3n1n1nS/nnnnn1n2/5n3 s",
        ),
        (
            "zamma: sultan v 24 men, 24-chain",
            "2S6/1nnnn1n1n/1n1n2nn1/nn4n2/1n1n5/nn3n1n1/3n5/1n1n5/5n1n1 s",
        ),
    ] {
        time(&zamma, label, &[pos(s)], budget);
    }
    time(
        &zamma,
        "zamma: start position",
        &[zamma.start_position()],
        budget,
    );
    let positions = playout_positions(&zamma, 10, 400);
    time(
        &zamma,
        &format!("zamma: {} positions of random games", positions.len()),
        &positions,
        budget,
    );

    let mig: MigMang = rules("mig-mang");
    let positions = playout_positions(&mig, 4, 500);
    time(
        &mig,
        &format!(
            "mig-mang 17x17: {} positions of random games",
            positions.len()
        ),
        &positions,
        budget,
    );
    replay_random_games("mig-mang", 500, budget);

    // The board of pasang's test `dense_bell_games_list_few_moves_and_end`.
    let dense = "WWBBWWBB.WW/WWWWBWWWBBB/BWBBBBBBWB./BBB.BBWBWWW/WB.W###BWBB/BWWB###BWWB/BBWB###W.BW/WWWBWBB.BBB/.BWBBBBBBWB/BBBWWWBWWWW/WW.BBWWBBWW";
    let pasang: Pasang = configured("pasang", &[("Rules", "bell"), ("Setup", dense)]);
    let positions = playout_positions(&pasang, 20, 500);
    time(
        &pasang,
        &format!("pasang bell, dense: {} positions", positions.len()),
        &positions,
        budget,
    );

    // The position of hunt's test `a_prince_among_many_lamas_plays_a_written_chain_…`:
    // a chain written in full among hundreds of thousands.
    let lamas = "b2,c2,d2,b3,d3,a4,b4,c4,d4,e4,b5,d5,a6,b6,c6,d6,e6,b7,d7,b8,c8,d8";
    let record = format!(
        "[Game \"kungser\"]\n[SetUp \"1\"]\n\
         [FEN \"P=c5,e9 L={lamas} hand=0 captured=0 turn=P\"]\n\n1. c5xa3xa5xa7xc7xc9 *\n"
    );
    time_replays(
        "kungser: prince v 22 lamas, 5-chain written",
        &[parse_games(&record, Origin::default()).remove(0)],
        budget,
    );
}

/// Replays seeded random games of `plies` plies as `tgn check` does (errors only) and
/// prints the time per game.
fn replay_random_games(game: &str, plies: usize, budget: Duration) {
    let found = registry::find(game).expect("registered");
    let records: Vec<_> = (0..8)
        .map(|seed| {
            let text = random_record(found, seed, plies).expect("a random game");
            parse_games(&text, Origin::default()).remove(0)
        })
        .collect();
    time_replays(
        &format!("{game}: replay a random game (check)"),
        &records,
        budget,
    );
}

/// Replays `records` as `tgn check` does (errors only), each of them valid, for about
/// `budget`; prints the time per game.
fn time_replays(label: &str, records: &[GameRecord], budget: Duration) {
    let settings = Settings {
        detail: Detail::ERRORS,
        ..Settings::default()
    };
    let mut games = 0u64;
    let mut played = 0u64;
    let started = Instant::now();
    while started.elapsed() < budget {
        for record in records {
            let r = replay(record, &settings);
            assert!(r.is_valid(), "{label}");
            played += u64::from(r.plies);
            games += 1;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{label:<44} {:>12.1} µs/game     {:>10.0} plies/game",
        secs * 1e6 / games as f64,
        played as f64 / games as f64,
    );
}
