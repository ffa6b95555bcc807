//! One row per game, for spreadsheets and data frames (`tgn convert --to csv`): the
//! data model's per-game columns ([`COLUMNS`], documented in docs/format.md), then a
//! column per tag the records carry beyond the standard seven ([`Table`]), and the
//! moves if asked; quoted as RFC 4180 says by the `csv` crate.

use std::collections::BTreeSet;

use super::Item;
use super::json::outcome;
use crate::record::GameRecord;

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
pub const STANDARD_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The most tags given a column of their own when every tag found is (`--tags all`):
/// past them an archive is not a table, and the run asks for `--tags LIST`.
pub const MOST_TAG_COLUMNS: usize = 1_000;

/// Which tags have a column after the fixed ones (`--tags`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TagColumns {
    /// Every tag the input holds outside the standard seven, sorted by name: what the
    /// records say is kept (a first pass over the input finds them).
    #[default]
    All,
    /// These tags, in this order (the standard seven, columns already, are left out).
    Listed(Vec<String>),
    /// No more: the fixed columns alone.
    None,
}

/// The tags of `record` that a column of [`TagColumns::All`] would hold: none of a
/// game that reads with a syntax error, whose tags may be anything (one broken game of
/// 100,000 tags must not turn an archive's table into a refusal); its row still has
/// its cells in the columns the other games make.
pub fn extra_tags(record: &GameRecord) -> impl Iterator<Item = &str> {
    record
        .tags
        .iter()
        .filter(|_| record.errors.is_empty())
        .map(|tag| tag.name.as_str())
        .filter(|name| !STANDARD_TAGS.contains(name))
}

/// The columns of one table: the fixed [`COLUMNS`], a column per tag in `tags`
/// (named as the tag is), and `moves` (the main line as written) if asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub tags: Vec<String>,
    pub moves: bool,
}

impl Table {
    /// A table with these tags' columns: every tag of `found` when all are asked for.
    pub fn new(columns: &TagColumns, found: BTreeSet<String>, moves: bool) -> Table {
        let tags = match columns {
            TagColumns::All => found.into_iter().collect(),
            TagColumns::Listed(names) => {
                let mut seen = BTreeSet::new();
                names
                    .iter()
                    .filter(|name| !STANDARD_TAGS.contains(&name.as_str()))
                    .filter(|name| seen.insert(name.as_str()))
                    .cloned()
                    .collect()
            }
            TagColumns::None => Vec::new(),
        };
        Table { tags, moves }
    }

    /// The header's cells.
    pub fn header(&self) -> Vec<String> {
        let mut cells: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
        cells.extend(self.tags.iter().map(|tag| self.tag_column(tag)));
        if self.moves {
            cells.push("moves".to_string());
        }
        cells
    }

    /// The column of tag `tag`: its name, or `tag:NAME` where that is the name of
    /// another column (a tag `[file "…"]`, or `[moves "…"]` beside `--moves`), so that
    /// no two columns share a name and a data frame keeps both.
    pub fn tag_column(&self, tag: &str) -> String {
        let taken = COLUMNS.contains(&tag) || (self.moves && tag == "moves");
        if taken {
            format!("tag:{tag}")
        } else {
            tag.to_string()
        }
    }

    /// One game's cells: [`row`], its value of each tag (the first, of a tag given
    /// twice; empty where it has none) and its moves.
    pub fn row(&self, item: &Item) -> Vec<Cell> {
        let mut cells = row(item);
        let record = &item.record;
        cells.extend(
            self.tags
                .iter()
                .map(|tag| Cell::text(record.tag(tag).filter(|v| !v.is_empty()))),
        );
        if self.moves {
            let moves = moves(record);
            cells.push(Cell::text(Some(moves.as_str()).filter(|m| !m.is_empty())));
        }
        cells
    }
}

/// The main line's moves as written, one space between them (no numbers, NAGs,
/// comments or variations): the `moves` column.
pub fn moves(record: &GameRecord) -> String {
    let mut text = String::new();
    for node in &record.moves {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&node.text);
    }
    text
}

/// One cell, typed as the data model types it: what the CSV writes as text, and the
/// Python package gives as a value (a count as an int, a flag as a bool, an empty
/// cell, the model's null, as None).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    Text(String),
    Count(u64),
    Flag(bool),
    /// Where the model says null (and a tag the game does not have).
    Empty,
}

impl Cell {
    /// Text, or [`Cell::Empty`] where there is none.
    fn text(text: Option<&str>) -> Cell {
        text.map_or(Cell::Empty, |t| Cell::Text(t.to_string()))
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cell::Text(text) => f.write_str(text),
            Cell::Count(n) => write!(f, "{n}"),
            Cell::Flag(flag) => write!(f, "{flag}"),
            Cell::Empty => Ok(()),
        }
    }
}

/// The cells of one game's fixed columns ([`COLUMNS`]).
pub fn row(item: &Item) -> Vec<Cell> {
    let replay = &item.replay;
    let outcome = outcome(item);
    let first_error = replay.errors.first();
    let mut cells = vec![
        Cell::Text(item.file.to_string()),
        Cell::Count(item.index as u64),
        Cell::text(replay.game.map(|g| g.id)),
    ];
    cells.extend(
        STANDARD_TAGS
            .iter()
            .map(|tag| Cell::text(item.record.tag(tag).filter(|v| !v.is_empty()))),
    );
    cells.extend([
        Cell::Flag(replay.is_valid()),
        Cell::Count(u64::from(replay.plies)),
        Cell::text(outcome.as_ref().map(|o| o.result.as_str())),
        Cell::text(
            outcome
                .as_ref()
                .and_then(|o| o.winner())
                .map(|p| p.as_str()),
        ),
        Cell::text(outcome.as_ref().map(|o| o.ending.as_str())),
        Cell::text(first_error.map(|e| e.code.as_str())),
        first_error
            .and_then(|e| e.ply)
            .map_or(Cell::Empty, |ply| Cell::Count(u64::from(ply))),
    ]);
    cells
}

/// Turns games into CSV lines of a [`Table`], one at a time, so that a command writes
/// them where it writes everything else and the table streams.
pub struct Rows {
    table: Table,
    builder: csv::WriterBuilder,
    line: Vec<u8>,
}

impl Rows {
    pub fn new(table: Table) -> Rows {
        let mut builder = csv::WriterBuilder::new();
        builder.terminator(csv::Terminator::CRLF);
        Rows {
            table,
            builder,
            line: Vec::new(),
        }
    }

    /// The header line.
    ///
    /// # Errors
    /// None in practice: the writer writes to memory.
    pub fn header(&mut self) -> std::io::Result<&[u8]> {
        let cells = self.table.header();
        self.line(&cells)
    }

    /// One game's line.
    ///
    /// # Errors
    /// None in practice: the writer writes to memory.
    pub fn row(&mut self, item: &Item) -> std::io::Result<&[u8]> {
        let cells: Vec<String> = self.table.row(item).iter().map(Cell::to_string).collect();
        self.line(&cells)
    }

    fn line(&mut self, cells: &[String]) -> std::io::Result<&[u8]> {
        self.line.clear();
        let mut writer = self.builder.from_writer(&mut self.line);
        writer.write_record(cells).map_err(std::io::Error::other)?;
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
        let table = Table::new(
            &TagColumns::Listed(vec!["WhiteElo".into(), "Event".into(), "WhiteElo".into()]),
            BTreeSet::new(),
            true,
        );
        assert_eq!(
            table.tags,
            ["WhiteElo"],
            "a standard tag or a repeat is no column"
        );
        assert_eq!(table.row(&item).len(), table.header().len());
        let clashing = Table::new(
            &TagColumns::Listed(vec!["file".into(), "moves".into(), "Moves".into()]),
            BTreeSet::new(),
            true,
        );
        let header = clashing.header();
        assert_eq!(
            header[COLUMNS.len()..],
            ["tag:file", "tag:moves", "Moves", "moves"]
        );
    }
}
