//! `tgn games`: the games tgn knows, their aliases and options.

use std::io::{self, Write};

use super::{RunStatus, table};
use crate::registry;

pub fn run() -> io::Result<RunStatus> {
    let mut table = table(&["game", "name", "aliases", "options"]);
    for found in registry::all_games() {
        let options: Vec<String> = found
            .engine
            .options_of(found.info)
            .into_iter()
            .map(|o| {
                let values = if o.values.is_empty() {
                    String::new()
                } else {
                    format!("={}", o.values.join("|"))
                };
                format!("{}{values}: {}", o.name, o.help)
            })
            .collect();
        table.add_row([
            found.info.id.to_string(),
            found.info.name.to_string(),
            found.info.aliases.join(", "),
            options.join("\n"),
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
    Ok(RunStatus::Clean)
}
