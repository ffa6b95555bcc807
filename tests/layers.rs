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
        // An inline `mod tests {`, not a declaration `mod tests;` (often at the top).
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].contains("mod tests {"))
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

/// The unit of the module map a module belongs to: its layer, or below `games` the
/// registry, a game's folder, `common`, or a family of `common` with a folder of its
/// own (`common/draughts`).
fn unit(src: &Path, module: &[String]) -> String {
    match module {
        [games, common, family, ..] if games == "games" && common == "common" => {
            if src.join("games/common").join(family).is_dir() {
                format!("games/common/{family}")
            } else {
                "games/common".to_string()
            }
        }
        [games, sub, ..] if games == "games" => format!("games/{sub}"),
        [top, ..] => top.clone(),
        [] => "lib".to_string(),
    }
}

/// The module path of a source file: `src/games/mill/rules.rs` is
/// `games::mill::rules`, `src/games/mill/mod.rs` is `games::mill`.
fn module_of(src: &Path, path: &Path) -> Vec<String> {
    let relative = path.strip_prefix(src).unwrap().with_extension("");
    let mut module: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if module
        .last()
        .is_some_and(|m| m == "mod" || m == "lib" || m == "main")
    {
        module.pop();
    }
    module
}

/// The paths `code` names through `crate::` or `super::`, resolved from `module`.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(['c', 's']) {
        let text = &rest[at..];
        let boundary = rest[..at]
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let start: Option<(Vec<String>, &str)> = if !boundary {
            None
        } else if let Some(after) = text.strip_prefix("crate::") {
            Some((Vec::new(), after))
        } else if text.starts_with("super::") {
            let mut base = module.to_vec();
            let mut after = text;
            while let Some(next) = after.strip_prefix("super::") {
                base.pop();
                after = next;
            }
            Some((base, after))
        } else {
            None
        };
        match start {
            Some((mut path, after)) => {
                let mut tail = after;
                loop {
                    let end = tail
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(tail.len());
                    let name = &tail[..end];
                    if name.is_empty() || name == "self" {
                        break;
                    }
                    path.push(name.to_string());
                    match tail[end..].strip_prefix("::") {
                        Some(next) => tail = next,
                        None => break,
                    }
                }
                paths.push(path);
                rest = &text[1..];
            }
            None => rest = &text[1..],
        }
    }
    paths
}

/// The part of a named path that is modules (`games::mill::Mill` is in
/// `games::mill`): as far as a folder or a file of that name exists.
fn module_part(src: &Path, path: &[String]) -> Vec<String> {
    let mut dir = src.to_path_buf();
    let mut module = Vec::new();
    for name in path {
        let folder = dir.join(name);
        if !(folder.is_dir() || folder.with_extension("rs").is_file()) {
            break;
        }
        module.push(name.clone());
        dir = folder;
    }
    module
}

/// Which unit names which, from the production code of every module.
fn module_map() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut map: std::collections::BTreeMap<_, std::collections::BTreeSet<_>> = Default::default();
    for path in sources(&src) {
        let module = module_of(&src, &path);
        let from = unit(&src, &module);
        if from == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let names = map.entry(from.clone()).or_default();
        for (_, code) in production(&text) {
            for named in named_paths(&module, code) {
                // An item of the crate root (`crate::registry`, `crate::internals`)
                // is the module it re-exports.
                let to = match named.first().map(String::as_str) {
                    Some("registry") => "games/registry".to_string(),
                    _ => unit(&src, &module_part(&src, &named)),
                };
                if to != from && to != "lib" {
                    names.insert(to);
                }
            }
        }
    }
    map
}

/// The module map as `docs/architecture.md` shows it: each unit, then what it names.
fn module_map_text() -> String {
    module_map()
        .iter()
        .map(|(from, to)| {
            let to: Vec<&str> = to.iter().map(String::as_str).collect();
            format!("{from:<22} → {}\n", to.join(", "))
        })
        .collect()
}

/// `cargo test --test integration layers::module_map -- --nocapture` prints which module names
/// which; docs/architecture.md holds the same map (`TGN_UPDATE_ARCHITECTURE=1`
/// rewrites it there).
#[test]
fn module_map_is_the_one_docs_architecture_shows() {
    let map = module_map_text();
    println!("{map}");
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap();
    let (begin, end) = (
        "<!-- module map: begin -->\n```text\n",
        "```\n<!-- module map: end -->",
    );
    let from = doc
        .find(begin)
        .expect("docs/architecture.md has the module map's markers")
        + begin.len();
    let to = doc[from..].find(end).unwrap() + from;
    if doc[from..to] != map {
        if std::env::var_os("TGN_UPDATE_ARCHITECTURE").is_some() {
            std::fs::write(&doc_path, format!("{}{map}{}", &doc[..from], &doc[to..])).unwrap();
        } else {
            panic!(
                "docs/architecture.md's module map is stale; rerun with \
                 TGN_UPDATE_ARCHITECTURE=1 and check the diff"
            );
        }
    }
}

/// No game's folder names another game's: what games share lives in `common` (the
/// mill presets are one folder; a family's games share its engine there).
#[test]
fn no_game_names_another() {
    let folders = ["common", "registry", "options", "playout", "testing"];
    let is_game = |unit: &str| {
        unit.strip_prefix("games/")
            .is_some_and(|rest| !rest.contains('/') && !folders.contains(&rest))
    };
    let wrong: Vec<String> = module_map()
        .iter()
        .filter(|(from, _)| is_game(from))
        .flat_map(|(from, to)| {
            to.iter()
                .filter(|to| is_game(to))
                .map(move |to| format!("{from} → {to}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "a game names another:\n{}",
        wrong.join("\n")
    );
}
