//! `tgn schema [NAME]`: a JSON output's schema, self-contained
//! ([`crate::output::schema::bundled`]), or the list of them.

use std::io::{self, Write};

use super::{RunStatus, Stdout};
use crate::output::schema::{SCHEMAS, bundled};

pub fn run(name: Option<&str>) -> io::Result<RunStatus> {
    let mut out = Stdout::new();
    match name {
        None => {
            for (name, validates, _) in SCHEMAS {
                writeln!(out, "{name:<18}{validates}")?;
            }
        }
        Some(name) => {
            let schema = bundled(name)
                .ok_or_else(|| io::Error::other(format!("no schema is named {name:?}")))?;
            serde_json::to_writer_pretty(&mut out, &schema)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(RunStatus::Clean)
}
