//! The library's layers (CONTRIBUTING.md): `record` knows no game, `games` (and
//! their registry) know no driver, the driver knows no search, the search knows no
//! printer, the printers know no command. Only
//! tests reach up (a game's tests replay records through the driver). This reads the
//! source and fails on any production `crate::` path that points at a layer above.

use std::path::{Path, PathBuf};

/// Each layer, and the layers above it that its code must not name.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "record",
        &[
            "games", "registry", "replay", "analysis", "output", "commands", "cli",
        ],
    ),
    (
        "games",
        &["replay", "analysis", "output", "commands", "cli"],
    ),
    ("replay", &["analysis", "output", "commands", "cli"]),
    ("analysis", &["output", "commands", "cli"]),
    ("output", &["commands", "cli"]),
];

fn sources(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        // Test files: a game's `tests.rs` (or `preset_tests.rs`), shared test helpers.
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !(name.ends_with("tests.rs") || name == "testing.rs")
        })
        .collect()
}

/// The production code of a file: without comments and without its test module
/// (`#[cfg(test)]` then `mod tests`, at the end of a file by this crate's habit).
fn production(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].contains("mod tests"))
        .unwrap_or(lines.len());
    lines[..end]
        .iter()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split("//").next().unwrap_or("")))
        .collect()
}

#[test]
fn no_module_names_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for (layer, above) in LAYERS {
        for path in sources(&src.join(layer)) {
            let text = std::fs::read_to_string(&path).unwrap();
            for (number, code) in production(&text) {
                for upper in *above {
                    if code.contains(&format!("crate::{upper}")) {
                        wrong.push(format!("{}:{number}: {}", path.display(), code.trim()));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a layer names one above it:\n{}",
        wrong.join("\n")
    );
}
