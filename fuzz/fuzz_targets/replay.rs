//! The whole replay of a record of every game on any text: it never panics, and a
//! valid game stays valid, with the same moves, after it is written and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tgn::registry::all_games;
use tgn::record::parser::{Origin, parse_games};
use tgn::record::writer::write_game;
use tgn::replay::{Detail, Settings, replay};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(movetext) = std::str::from_utf8(rest) else {
        return;
    };
    let games: Vec<_> = all_games().collect();
    let found = &games[pick as usize % games.len()];
    let text = format!("[Game \"{}\"]\n{movetext}", found.info.id);
    let settings = Settings {
        detail: Detail::MOVES,
        ..Settings::default()
    };
    for game in parse_games(&text, Origin::default()) {
        let first = replay(&game, &settings);
        if !first.is_valid() {
            continue;
        }
        let written = write_game(&game);
        let back = parse_games(&written, Origin::default());
        assert_eq!(back.len(), 1, "{written}");
        let second = replay(&back[0], &settings);
        assert!(second.is_valid(), "{:?}\n{written}", second.errors);
        assert_eq!(first.plies, second.plies, "{written}");
        assert_eq!(
            first.end.map(|e| e.position),
            second.end.map(|e| e.position),
            "{written}"
        );
    }
});
