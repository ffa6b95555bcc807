//! The printers: how a replayed game is shown — to people ([`human`]), to machines
//! ([`json`], whose schema docs/format.md documents and keeps stable) and to GitHub
//! Actions ([`github`]). Every subcommand prints through these; none builds its own
//! format.

pub mod csv;
pub mod github;
pub mod html;
pub mod human;
pub mod json;
pub mod mend;
pub mod schema;
pub mod style;
pub mod svg;

use std::sync::Arc;

use crate::record::GameRecord;
use crate::replay::Replay;

/// A game read and replayed, with where it came from: what every printer prints.
pub struct Item {
    /// The input's name.
    pub file: Arc<str>,
    /// 0-based position of the game in its file.
    pub index: usize,
    pub record: GameRecord,
    pub replay: Replay,
}
