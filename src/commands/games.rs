//! `tgn games`: the games tgn knows, their aliases, options and rules documents.

use std::io::{self, Write};

use super::{RunStatus, table};
use crate::registry;

pub fn run() -> io::Result<RunStatus> {
    let mut table = table(&["game", "name", "aliases", "options", "rules"]);
    for found in registry::all_games() {
        let options: Vec<String> = found
            .engine
            .options_of(found.info)
            .into_iter()
            .map(|o| format!("{}{}: {}", o.name, o.values_shown(), o.help))
            .collect();
        table.add_row([
            found.info.id.to_string(),
            found.info.name.to_string(),
            found.info.aliases.join(", "),
            options.join("\n"),
            two_lines(&found.info.rules_document()),
        ]);
    }
    let mut out = super::Stdout::new();
    writeln!(out, "{table}")?;
    writeln!(
        out,
        "Options are set by tag ([PlayOut \"yes\"]) or with --option play-out."
    )?;
    for engine in registry::ENGINES {
        let presets = engine.presets();
        if !presets.is_empty() {
            writeln!(out)?;
            for line in presets {
                writeln!(out, "{line}")?;
            }
        }
    }
    writeln!(
        out,
        "The rules documents (in the repository) number each rule as the messages cite it: \
         R6, E5, decision 3; docs/rules/README.md holds what every game shares."
    )?;
    Ok(RunStatus::Clean)
}

/// `docs/rules/zamma.md` as `docs/rules/` over `zamma.md`: a narrow column then wraps
/// the path where it can be read, not inside the file's name.
fn two_lines(path: &str) -> String {
    match path.rsplit_once('/') {
        Some((folder, file)) => format!("{folder}/\n{file}"),
        None => path.to_string(),
    }
}
