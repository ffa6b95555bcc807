//! The record reader on any bytes: it never panics, and a game read without error
//! is written and read back to the same text (text → record → text is stable).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tgn::record::parser::{Origin, parse_games};
use tgn::record::writer::write_game;
use tgn::record::{Encoding, ReadError, Reader};

fuzz_target!(|data: &[u8]| {
    // The streaming reader, on the raw bytes (invalid UTF-8 included).
    // Reading from memory fails only on what is not text at all.
    for game in Reader::new(data, Encoding::Utf8) {
        if let Err(e) = game {
            assert!(matches!(e, ReadError::NotText { .. }), "{e}");
            break;
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in parse_games(text, Origin::default()) {
        if !game.errors.is_empty() {
            continue;
        }
        let written = write_game(&game);
        let back = parse_games(&written, Origin::default());
        assert_eq!(back.len(), 1, "one game written, {} read back:\n{written}", back.len());
        assert!(back[0].errors.is_empty(), "{:?}\n{written}", back[0].errors);
        assert_eq!(write_game(&back[0]), written, "not stable:\n{written}");
    }
});
