//! Speed of the analysis search: `cargo bench --bench search`.
//!
//! For every game, on one core: the positions of a few seeded random games (every
//! tenth ply), each searched with a fixed node budget (`TGN_BENCH_NODES`, default
//! the default of `tgn analyze`), and prints nodes per second, the nodes
//! searched, positions and the mean depth reached. A node is a position the search
//! entered (the rules asked for its end, its moves or its evaluation).

use std::time::Instant;

use comfy_table::Table;
use tgn::analysis::{Budget, MAX_PLY, Searcher};
use tgn::games::{GameInfo, Rules, Setup};
use tgn::internals::{
    BaghChal, Kungser, MigMang, Mill, NeiPatKono, OlindaKeliya, Pasang, PinoyDama, RimauRimau,
    SplitMix, ToguzKumalak, Zamma,
};

/// Seeded random games per game, and their longest.
const GAMES: u64 = 4;
const PLIES: usize = 200;

/// The positions of a few random games of `info`, every tenth ply.
fn positions<R: Rules>(rules: &R) -> Vec<R::Position> {
    let mut positions = Vec::new();
    for seed in 0..GAMES {
        let mut rng = SplitMix::new(seed);
        let mut position = rules.start_position();
        for ply in 0..PLIES {
            if rules.outcome(&position).is_some() {
                break;
            }
            if ply % 10 == 0 {
                positions.push(position.clone());
            }
            let moves = rules.legal_moves(&position);
            rules.play(&mut position, &moves[rng.below(moves.len())]);
        }
    }
    positions
}

/// One row: the game, nodes per second, nodes, positions, mean depth.
fn row<R: Rules>(info: &'static GameInfo, nodes: u64) -> Vec<String> {
    let rules = R::configure(&Setup::new(info, &[], &[])).expect("default options");
    let positions = positions(&rules);
    let budget = Budget {
        depth: MAX_PLY as u32 - 1,
        nodes: Some(nodes),
        time: None,
        most: None,
    };
    let mut searcher = Searcher::new(&rules, 16 << 20).expect("a table of 16 MB");
    let (mut total, mut depths) = (0u64, 0u64);
    let started = Instant::now();
    for position in &positions {
        let found = searcher.search(position, budget, None);
        total += found.nodes;
        depths += u64::from(found.depth);
    }
    let secs = started.elapsed().as_secs_f64();
    let count = positions.len().max(1) as f64;
    vec![
        info.name.to_string(),
        format!("{:.0}", total as f64 / secs),
        total.to_string(),
        positions.len().to_string(),
        format!("{:.1}", depths as f64 / count),
    ]
}

fn main() {
    let nodes = std::env::var("TGN_BENCH_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(tgn::analysis::DEFAULT_NODES);
    let mut table = Table::new();
    table.set_header(["game", "nodes/s", "nodes", "positions", "mean depth"]);
    macro_rules! rows {
        ($($rules:ty),*) => {$(
            for info in <$rules>::GAMES {
                table.add_row(row::<$rules>(info, nodes));
            }
        )*};
    }
    rows!(
        ToguzKumalak,
        Mill,
        PinoyDama,
        Zamma,
        Kungser,
        RimauRimau,
        BaghChal,
        MigMang,
        NeiPatKono,
        OlindaKeliya,
        Pasang
    );
    println!("{table}");
}
