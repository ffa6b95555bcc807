//! The quick path against the full replay on any text of any game: a game the quick
//! path passes is valid the full way, with the same plies, outcome and JSON line.
#![no_main]

use std::io::Cursor;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use tgn::output::{Item, json};
use tgn::record::{Encoding, Reader};
use tgn::registry::all_games;
use tgn::internals::quick;
use tgn::replay::{Detail, Settings, replay};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let games: Vec<_> = all_games().collect();
    let settings = Settings {
        // Half the inputs name their game with --game, half with a tag of their own.
        game: (pick & 0x80 != 0).then(|| games[pick as usize % games.len()].info.id.to_string()),
        detail: Detail::SUMMARY,
        strict: pick & 0x40 != 0,
        ..Settings::default()
    };
    let mut reader = Reader::new(Cursor::new(rest.to_vec()), Encoding::Utf8);
    while let Some(Ok(chunk)) = reader.next_chunk() {
        let fast = chunk.clean_text().and_then(|t| quick(t, &settings));
        let records = chunk.parse();
        let Some((header, fast)) = fast else { continue };
        assert_eq!(records.len(), 1);
        let record = records.into_iter().next().unwrap();
        let full = replay(&record, &settings);
        assert!(full.is_valid() && full.warnings.is_empty(), "{:?}", full.errors);
        assert_eq!((fast.plies, &fast.outcome), (full.plies, &full.outcome));
        let line = |record, replay| {
            let item = Item { file: Arc::from("f"), index: 0, record, replay };
            serde_json::to_value(json::check_line(&item)).expect("JSON")
        };
        assert_eq!(line(header, fast), line(record, full));
    }
});
