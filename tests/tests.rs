//! The integration tests: one crate, one binary, as ripgrep lays its tests out. Each
//! module is one concern (a command, an output, a family of inputs); what they share
//! is in [`common`]. One crate links the library once instead of forty times, and its
//! tests run side by side on every core.
//!
//! `cargo test --test integration MODULE::` runs one module (`golden::`, `mend::`);
//! the ignored tests (real archives in `../shared/data/`, headless Chromium, the
//! installed Python package and pre-commit) run with `-- --include-ignored`, after
//! `scripts/test` has installed what they need (docs/testing.md).

mod common;

mod action;
mod analyze_summary;
mod annotate_diagrams;
mod archive;
mod arguments;
mod cli;
mod colour;
mod completions;
mod convert;
mod copies;
mod diagram;
mod diff;
mod escapes;
mod first_use;
mod fix_bytes;
mod fix_identity;
mod fix_lock;
mod glyphs;
mod golden;
mod hostile;
mod input;
mod layers;
mod man;
mod memory;
mod mend;
mod no_game_lost;
mod one_step;
mod options;
mod outputs_agree;
mod pipes;
mod properties;
mod python;
mod quick_path;
mod readme;
mod readme_diagrams;
mod records;
mod registry_docs;
mod rules_docs;
mod schema;
mod split;
mod view;
mod view_browser;
