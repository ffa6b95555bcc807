//! GitHub Actions workflow commands: an `::error` or `::warning` annotation per
//! diagnostic, shown on the record's line in a pull request.

use std::io::{self, Write};

use super::Item;
use super::human::Severity;

/// GitHub Actions workflow commands: one `::error` annotation per diagnostic.
pub fn annotations(out: &mut impl Write, item: &Item) -> io::Result<()> {
    let errors = item.replay.errors.iter().map(|d| (d, Severity::Error));
    let warnings = item.replay.warnings.iter().map(|d| (d, Severity::Warning));
    for (d, kind) in errors.chain(warnings) {
        writeln!(
            out,
            "::{kind} file={},line={},col={},title=tgn {}::{}",
            escape_property(&item.file),
            d.span.line,
            d.span.column,
            d.code,
            escape_data(&format!("game {}: {}", item.index + 1, d.message))
        )?;
    }
    Ok(())
}

fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}
