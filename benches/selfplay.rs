//! Self-played games, for fitting each game's curve from evaluation to expected score
//! where no archive of real games exists (issue 39): `cargo bench --bench selfplay`.
//!
//! For every game but Toguz Kumalak (fitted on PlayOK's games), `TGN_SELFPLAY_GAMES`
//! games (default 100) played by the analysis search against itself at
//! `TGN_SELFPLAY_NODES` nodes a move (default 1,000): the first two to seven plies at
//! random, then one move in eight at random, the rest the search's best, so that the
//! games differ and both sides err. A game not over after 300 plies is scored a draw.
//! The records are written to `TGN_SELFPLAY_DIR` (default `target/selfplay`), one file
//! per game, to be analyzed at the default budget and fitted:
//!
//! ```sh
//! cargo bench --bench selfplay
//! tgn analyze --format json target/selfplay/zamma.pgn > zamma.jsonl
//! scripts/fit-win-curve zamma.jsonl
//! ```

use std::path::{Path, PathBuf};
use std::time::Instant;

use tgn::analysis::{Budget, MAX_PLY, Searcher};
use tgn::games::{GameInfo, Rules, Setup};
use tgn::internals::{
    BaghChal, Kungser, MigMang, Mill, NeiPatKono, OlindaKeliya, Pasang, PinoyDama, RandomGame,
    SplitMix, Zamma, record_text,
};

/// The longest game; one not over by then is scored a draw.
const PLIES: usize = 300;
/// One move in this many, past the opening, is played at random.
const RANDOM_EVERY: usize = 8;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One self-played game of `info`.
fn play<R: Rules>(info: &'static GameInfo, seed: u64, nodes: u64) -> RandomGame {
    let rules = R::configure(&Setup::new(info, &[], &[])).expect("default options");
    let mut searcher = Searcher::new(&rules, 16 << 20).expect("a table of 16 MB");
    let budget = Budget {
        depth: MAX_PLY as u32 - 1,
        nodes: Some(nodes),
        time: None,
        most: None,
    };
    let mut rng = SplitMix::new(seed);
    let opening = 2 + rng.below(6);
    let mut position = rules.start_position();
    let mut game = RandomGame {
        moves: Vec::new(),
        turns: Vec::new(),
        result: "1/2-1/2",
    };
    while game.moves.len() < PLIES {
        if let Some(outcome) = rules.outcome(&position) {
            game.result = outcome.result.as_str();
            break;
        }
        let legal = rules.legal_moves(&position);
        let random = game.moves.len() < opening || rng.below(RANDOM_EVERY) == 0;
        let searched = (!random)
            .then(|| searcher.search(&position, budget, None).best)
            .flatten();
        let mv = searched.unwrap_or_else(|| legal[rng.below(legal.len())].clone());
        let continues = !game.moves.is_empty() && rules.unfinished_turn(&position).is_some();
        game.turns.push((rules.to_move(&position), !continues));
        game.moves.push(rules.write_move(&position, &mv));
        rules.play(&mut position, &mv);
    }
    game
}

/// Plays and writes the games of `R`'s first game; prints what it did.
fn games_of<R: Rules>(dir: &Path, games: u64, nodes: u64) {
    let info = &R::GAMES[0];
    let started = Instant::now();
    let mut text = String::new();
    let mut results = std::collections::BTreeMap::new();
    for seed in 0..games {
        let game = play::<R>(info, seed, nodes);
        *results.entry(game.result).or_insert(0) += 1;
        text.push_str(&record_text(info, seed, &game));
    }
    let path = dir.join(format!("{}.pgn", info.id));
    std::fs::write(&path, text).expect("the records written");
    println!(
        "{}: {games} games in {:.1} s, results {results:?}, written to {}",
        info.id,
        started.elapsed().as_secs_f64(),
        path.display()
    );
}

fn main() {
    let dir = PathBuf::from(
        std::env::var("TGN_SELFPLAY_DIR").unwrap_or_else(|_| "target/selfplay".to_string()),
    );
    std::fs::create_dir_all(&dir).expect("the directory of the records");
    let games = setting("TGN_SELFPLAY_GAMES", 100);
    let nodes = setting("TGN_SELFPLAY_NODES", 1_000);
    let only = std::env::var("TGN_SELFPLAY_ONLY").unwrap_or_default();
    macro_rules! each {
        ($($rules:ty),*) => {$(
            if only.is_empty() || only.split(',').any(|id| id == <$rules>::GAMES[0].id) {
                games_of::<$rules>(&dir, games, nodes);
            }
        )*};
    }
    each!(
        Mill,
        PinoyDama,
        Zamma,
        Kungser,
        BaghChal,
        MigMang,
        NeiPatKono,
        OlindaKeliya,
        Pasang
    );
}
