//! `convert --from json` on any bytes: it never panics, and a game it reads is written
//! as JSON and read back to the same JSON (JSON → record → JSON is stable).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use tgn::output::Item;
use tgn::output::json::{Form, game_in};
use tgn::record::json::read_records;
use tgn::replay::{Detail, Settings, replay};

fn as_json(record: tgn::record::GameRecord) -> serde_json::Value {
    let settings = Settings {
        detail: Detail::FULL,
        ..Settings::default()
    };
    let replay = replay(&record, &settings);
    let item = Item {
        file: Arc::from("fuzz"),
        index: 0,
        record,
        replay,
    };
    game_in(&item, Form { states: true })
}

fuzz_target!(|data: &[u8]| {
    let Ok(records) = read_records(std::io::Cursor::new(data.to_vec())) else {
        return;
    };
    for record in records {
        let Ok(record) = record else { continue };
        let first = as_json(record);
        let line = serde_json::to_vec(&first).expect("JSON");
        let mut back = read_records(std::io::Cursor::new(line)).expect("reads its own JSON");
        let again = back.next().expect("one game").expect("reads its own game");
        assert_eq!(as_json(again), first);
    }
});
