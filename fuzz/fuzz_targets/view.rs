//! The viewer page (`tgn view`) of any text of any game, as the command writes it: it
//! never panics, always ends the page, and stays within its bounds (the fuzz run's
//! time and memory limits catch a page that grows with the plies × the board).
#![no_main]

use std::ops::ControlFlow;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use tgn::commands::last_ply_to_draw;
use tgn::output::Item;
use tgn::output::html::Viewer;
use tgn::record::parser::{Origin, parse_games};
use tgn::registry::{all_games, find};
use tgn::replay::diagram::each_diagram;
use tgn::replay::{Detail, Settings, replay};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let games: Vec<_> = all_games().collect();
    let settings = Settings {
        // Half the inputs name their game with --game, half with a tag of their own.
        game: (pick & 0x80 != 0).then(|| games[pick as usize % games.len()].info.id.to_string()),
        detail: Detail::ERRORS,
        ..Settings::default()
    };
    let mut viewer = Viewer::new(Vec::new(), "{{title}}").expect("a Vec takes every write");
    for (index, record) in parse_games(text, Origin::default()).into_iter().enumerate() {
        let replayed = replay(&record, &settings);
        let item = Item { file: Arc::from("{{script}}.pgn"), index, record, replay: replayed };
        let mut game = viewer.game(&item);
        if let Some(found) = item.replay.game.and_then(|info| find(info.id)) {
            // As `tgn view` walks: never past a move whose search stopped at a limit.
            let last = last_ply_to_draw(&item);
            let _ = each_diagram(found, &item.record, &settings, &mut |ply, draw| {
                match game.ply(draw) {
                    ControlFlow::Continue(()) if Some(ply) == last => ControlFlow::Break(()),
                    flow => flow,
                }
            });
        }
        game.finish().expect("a Vec takes every write");
    }
    let page = viewer.finish().expect("a Vec takes every write");
    assert!(page.ends_with(b"</html>\n"), "the page is not ended");
});
