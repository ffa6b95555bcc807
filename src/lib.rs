//! tgn reads, validates, converts and compares the game records of traditional board
//! games written in a PGN-style format.
//!
//! The library is layered; each layer knows only those below it:
//!
//! - [`record`] — the text format and nothing about any game: tags, movetext,
//!   comments, NAGs, variations, results, with a span on every token; a streaming
//!   [`Reader`](record::Reader) and a writer.
//! - [`games`] — the rules: one module per game behind the [`Rules`](games::Rules)
//!   trait, the machinery they share in `games::common`, and the [`registry`], the
//!   one place that names every game: it finds a game by name and hands a
//!   [`GameVisitor`](registry::GameVisitor) the game's `Rules` type
//!   ([`dispatch`](registry::dispatch)).
//! - [`replay`] — the one replay driver: a record through its game's rules, every
//!   error and warning with its ply, mover and position; the quick path; diagrams of
//!   a record's positions.
//! - [`analysis`] — the search engine over any game's rules, and the judgement of
//!   every move of a record by it (`tgn analyze`).
//! - [`output`] — the printers: diagnostics for people, the JSON form, GitHub
//!   annotations.
//!
//! Replaying a record:
//!
//! ```
//! use tgn::record::parse_games;
//! use tgn::replay::{Settings, replay};
//!
//! let text = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) 2. 97 *\n";
//! let game = &parse_games(text, Default::default())[0];
//! let replayed = replay(game, &Settings::default());
//! assert_eq!(replayed.plies, 2);
//! let error = &replayed.errors[0];
//! assert_eq!(error.written.as_deref(), Some("97"));
//! assert_eq!((error.span.line, error.span.column), (3, 21));
//! assert!(error.message.starts_with("wrong mark"), "{}", error.message);
//! ```
//!
//! Looking a game up and reading one of its position strings:
//!
//! ```
//! let found = tgn::registry::find("Nine Men's Morris").expect("a known game");
//! assert_eq!(found.info.id, "nine-mens-morris");
//! assert!(found.options().iter().any(|o| o.name == "no-return"));
//! ```
//!
//! A replayed game in the JSON form `tgn convert` writes (and `record::json` reads
//! back):
//!
//! ```
//! use tgn::output::{Item, json};
//! use tgn::record::parse_games;
//! use tgn::replay::{Settings, replay};
//!
//! let text = "[Game \"bagh-chal\"]\n\n1. c3 a1-b2 *\n";
//! let record = parse_games(text, Default::default()).remove(0);
//! let form = json::Form::default();
//! let settings = Settings { detail: form.detail(), ..Settings::default() };
//! let replay = replay(&record, &settings);
//! let item = Item { file: "game.pgn".into(), index: 0, record, replay };
//! let game = json::game_in(&item, form);
//! assert_eq!(game["game"], "bagh-chal");
//! assert_eq!(game["moves"][1]["written"], "a1-b2");
//! assert_eq!(game["valid"], true);
//! ```
//!
//! The games themselves are reached through the registry, never by name: their
//! modules are the crate's own. The command line (`cli`) and the subcommands
//! (`commands`) are public for the `tgn` binary, its man pages, its tests and the
//! Python package in `python/` (which reads through the commands' pipeline), and
//! `internals` for the crate's benches and fuzz targets; none is part of the API.

#![forbid(unsafe_code)]

pub mod analysis;
#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod commands;
pub mod games;
pub mod output;
pub mod record;
pub mod replay;
mod suggest;
#[cfg(test)]
mod testing;

pub use games::registry;

/// What the crate's own tests, benches and fuzz targets reach below the API (the quick
/// path, to hold it to the full replay; engines a bench drives directly). Not part of
/// the API: it may change at any time.
#[doc(hidden)]
pub mod internals {
    pub use crate::games::common::repetition::History;
    pub use crate::games::playout::{
        RandomGame, SplitMix, check_notation, check_random_game, random_record, record_text,
        shuttling_record,
    };
    pub use crate::replay::quick::quick;

    /// Every rules type of the registry, by its own name (`internals::Mill`).
    macro_rules! rules_types {
        ($($folder:ident $(:: $rest:ident)+),* $(,)?) => {
            $(pub use crate::games::$folder $(:: $rest)+;)*
        };
    }
    crate::games::every_game!(rules_types);
}
