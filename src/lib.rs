//! tgn reads, validates, converts and compares the game records of traditional board
//! games written in a PGN-style format.
//!
//! - [`record`] knows the text format and nothing about any game.
//! - [`games`] holds one module per game behind the [`games::Rules`] trait, and the
//!   registry that maps names to games.

pub mod cli;
pub mod commands;
pub mod games;
pub mod output;
pub mod record;
pub mod registry;
pub mod replay;
