//! One row per game, for spreadsheets and data frames (`tgn convert --to csv`): the
//! data model's per-game columns ([`COLUMNS`], documented in docs/format.md), quoted as
//! RFC 4180 says by the `csv` crate.

use super::Item;
use super::json::outcome;

/// The columns, in order: where the game is, the seven standard tags, the verdict,
/// the outcome and the first error.
pub const COLUMNS: [&str; 17] = [
    "file",
    "index",
    "game",
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "result_tag",
    "valid",
    "plies",
    "result",
    "winner",
    "reason",
    "error_code",
    "error_ply",
];

/// The seven standard tags of PGN, in the order of [`COLUMNS`].
const STANDARD_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The cells of one game's row: an empty cell where the model says null.
pub fn row(item: &Item) -> Vec<String> {
    let replay = &item.replay;
    let outcome = outcome(item);
    let first_error = replay.errors.first();
    let mut cells = vec![
        item.file.to_string(),
        item.index.to_string(),
        replay.game.map_or(String::new(), |g| g.id.to_string()),
    ];
    cells.extend(
        STANDARD_TAGS
            .iter()
            .map(|tag| item.record.tag(tag).unwrap_or_default().to_string()),
    );
    cells.extend([
        replay.is_valid().to_string(),
        replay.plies.to_string(),
        outcome
            .as_ref()
            .map_or(String::new(), |o| o.result.as_str().to_string()),
        outcome
            .as_ref()
            .and_then(|o| o.winner())
            .map_or(String::new(), |p| p.as_str().to_string()),
        outcome
            .as_ref()
            .map_or(String::new(), |o| o.ending.as_str().to_string()),
        first_error.map_or(String::new(), |e| e.code.as_str().to_string()),
        first_error
            .and_then(|e| e.ply)
            .map_or(String::new(), |ply| ply.to_string()),
    ]);
    cells
}

/// Turns games into CSV lines, one at a time, so that a command writes them where it
/// writes everything else and the table streams.
pub struct Rows {
    builder: csv::WriterBuilder,
    line: Vec<u8>,
}

impl Default for Rows {
    fn default() -> Rows {
        let mut builder = csv::WriterBuilder::new();
        builder.terminator(csv::Terminator::CRLF);
        Rows {
            builder,
            line: Vec::new(),
        }
    }
}

impl Rows {
    /// The header line.
    ///
    /// # Errors
    /// None in practice: the writer writes to memory.
    pub fn header(&mut self) -> std::io::Result<&[u8]> {
        self.line(COLUMNS.iter().map(|c| c.to_string()).collect())
    }

    /// One game's line.
    ///
    /// # Errors
    /// None in practice: the writer writes to memory.
    pub fn row(&mut self, item: &Item) -> std::io::Result<&[u8]> {
        self.line(row(item))
    }

    fn line(&mut self, cells: Vec<String>) -> std::io::Result<&[u8]> {
        self.line.clear();
        let mut writer = self.builder.from_writer(&mut self.line);
        writer.write_record(&cells).map_err(std::io::Error::other)?;
        writer.flush()?;
        drop(writer);
        Ok(&self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_a_cell_per_column() {
        let item = Item {
            file: "a.pgn".into(),
            index: 0,
            record: crate::record::GameRecord::default(),
            replay: crate::replay::Replay::default(),
        };
        assert_eq!(row(&item).len(), COLUMNS.len());
    }
}
