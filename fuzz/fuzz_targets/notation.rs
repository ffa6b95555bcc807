//! Every game's move notation and position string on any text: they never panic, and
//! a position string that reads is written back to a string that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tgn::internals::check_notation;
use tgn::registry::all_games;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let games: Vec<_> = all_games().collect();
    let found = &games[pick as usize % games.len()];
    if let Err(broken) = check_notation(*found, text) {
        panic!("{}: {broken}", found.info.id);
    }
});
