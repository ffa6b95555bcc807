//! The JSON Schemas of tgn's outputs (`docs/schema/`), as `tgn schema NAME` prints them:
//! each self-contained. The published files share their definitions (a `check` line's
//! `outcome` is `game.schema.json#/$defs/outcome`), which a validator resolves only
//! with a registry built by hand; printed, a schema carries the definitions it
//! refers to in its own `$defs`, so any validator reads it alone.

use serde_json::Value;

/// Every schema: its name (`tgn schema NAME`, the file `docs/schema/NAME.schema.json`),
/// what it validates, and its text as published.
pub const SCHEMAS: [(&str, &str, &str); 6] = [
    (
        "game",
        "a game: convert --to json (each element), --to jsonl (each line)",
        include_str!("../../docs/schema/game.schema.json"),
    ),
    (
        "check",
        "a line of check --format json",
        include_str!("../../docs/schema/check.schema.json"),
    ),
    (
        "summary",
        "summarize --format json",
        include_str!("../../docs/schema/summary.schema.json"),
    ),
    (
        "diff",
        "diff --format json",
        include_str!("../../docs/schema/diff.schema.json"),
    ),
    (
        "analysis-summary",
        "analyze --summary --format json",
        include_str!("../../docs/schema/analysis-summary.schema.json"),
    ),
    (
        "games",
        "games --format json",
        include_str!("../../docs/schema/games.schema.json"),
    ),
];

/// The schema `name`, self-contained: every `$ref` into another schema file points
/// into its own `$defs` instead, which holds the definitions it needs (and those they
/// need). `None` for a name no schema has.
pub fn bundled(name: &str) -> Option<Value> {
    let mut schema = parse(text_of(name)?);
    let mut wanted = Vec::new();
    localize(&mut schema, &mut wanted);
    let mut defs = schema
        .get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    while let Some((file, def)) = wanted.pop() {
        if defs.contains_key(&def) {
            continue;
        }
        let Some(mut found) = definition(&file, &def) else {
            continue;
        };
        // The definition's own references, inside its file or into others.
        localize(&mut found, &mut wanted);
        internal_refs(&found, &file, &mut wanted);
        defs.insert(def, found);
    }
    if !defs.is_empty() {
        schema["$defs"] = Value::Object(defs);
    }
    Some(schema)
}

/// The published text of schema `name`.
fn text_of(name: &str) -> Option<&'static str> {
    SCHEMAS
        .iter()
        .find(|(known, _, _)| *known == name)
        .map(|(_, _, text)| *text)
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("the schemas shipped are JSON (tests/schema.rs)")
}

/// Definition `def` of schema file `file` (`game.schema.json`).
fn definition(file: &str, def: &str) -> Option<Value> {
    let name = file.strip_suffix(".schema.json")?;
    parse(text_of(name)?).get("$defs")?.get(def).cloned()
}

/// Rewrites every `"$ref": "FILE#/$defs/NAME"` under `value` to `"#/$defs/NAME"`, and
/// notes `(FILE, NAME)` as wanted.
fn localize(value: &mut Value, wanted: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get_mut("$ref")
                && let Some((file, def)) = split_ref(reference)
                && !file.is_empty()
            {
                wanted.push((file.to_string(), def.to_string()));
                *reference = format!("#/$defs/{def}");
            }
            map.values_mut().for_each(|v| localize(v, wanted));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| localize(v, wanted)),
        _ => {}
    }
}

/// Notes the definitions of `file` that `value` refers to within that file
/// (`"#/$defs/NAME"`): copied out of it, they must come along.
fn internal_refs(value: &Value, file: &str, wanted: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref")
                && let Some(("", def)) = split_ref(reference)
            {
                wanted.push((file.to_string(), def.to_string()));
            }
            map.values().for_each(|v| internal_refs(v, file, wanted));
        }
        Value::Array(items) => items.iter().for_each(|v| internal_refs(v, file, wanted)),
        _ => {}
    }
}

/// `"game.schema.json#/$defs/outcome"` → `("game.schema.json", "outcome")`;
/// `"#/$defs/outcome"` → `("", "outcome")`.
fn split_ref(reference: &str) -> Option<(&str, &str)> {
    let (file, pointer) = reference.split_once('#')?;
    let def = pointer.strip_prefix("/$defs/")?;
    (!def.contains('/')).then_some((file, def))
}

/// Whether `value` refers to another file anywhere (what [`bundled`] removes).
pub fn refers_outside(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            map.get("$ref")
                .and_then(Value::as_str)
                .is_some_and(|r| !r.starts_with('#'))
                || map.values().any(refers_outside)
        }
        Value::Array(items) => items.iter().any(refers_outside),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_bundled_refers_to_nothing_outside_and_finds_each_reference() {
        for (name, _, _) in SCHEMAS {
            let schema = bundled(name).unwrap();
            assert!(!refers_outside(&schema), "{name}");
            let mut wanted = Vec::new();
            internal_refs(&schema, "", &mut wanted);
            for (_, def) in wanted {
                assert!(schema["$defs"].get(&def).is_some(), "{name}: {def}");
            }
        }
        assert!(bundled("nothing").is_none());
    }
}
