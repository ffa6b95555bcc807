//! tgn reads, validates, converts and compares the game records of traditional board
//! games written in a PGN-style format.
//!
//! The library is layered; each layer knows only those below it:
//!
//! - [`record`] — the text format and nothing about any game: tags, movetext,
//!   comments, NAGs, variations, results, with a span on every token; a streaming
//!   [`Reader`](record::Reader) and a writer.
//! - [`games`] — the rules: one module per game behind the [`Rules`](games::Rules)
//!   trait, and the machinery they share in [`games::common`].
//! - [`replay`] — the one replay driver: a record through its game's rules, every
//!   error and warning with its ply, mover and position; beside it the [`registry`],
//!   the one place that names every game, and the object-safe
//!   [`Engine`](registry::Engine) through which the rest reaches a game by name.
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
//! assert!(found.engine.options().iter().any(|o| o.name == "no-return"));
//! ```
//!
//! The command line (`cli`) and the subcommands (`commands`) are public for the
//! `tgn` binary, its man pages and its tests; they are not part of the library's API.

pub mod analysis;
#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod commands;
pub mod games;
pub mod output;
pub mod record;
pub mod replay;
#[cfg(test)]
mod testing;

pub use replay::registry;
