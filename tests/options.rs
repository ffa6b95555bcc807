//! Every game's options, as declared in its `Rules::OPTIONS` (the one table that
//! `configure` reads and `tgn games` lists): every declared value is accepted, by
//! `--option` and by tag, and everything else is refused — a value not declared, an
//! option the game does not have.

use tgn::games::{OptionKind, OptionSpec};
use tgn::record::parse_games;
use tgn::registry::all_games;
use tgn::replay::{ErrorCode, Settings, replay};

/// The setup errors of an empty game of `id` read with `options` on the command line
/// and `tags` in the record.
fn setup_errors(id: &str, options: &[(&str, &str)], tags: &str) -> Vec<String> {
    let text = format!("[Game \"{id}\"]\n{tags}\n*\n");
    let record = &parse_games(&text, Default::default())[0];
    let settings = Settings {
        options: options
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        ..Settings::default()
    };
    replay(record, &settings)
        .errors
        .into_iter()
        .filter(|e| e.code == ErrorCode::Setup)
        .map(|e| e.message)
        .collect()
}

/// What a declared option accepts.
fn accepted(spec: &OptionSpec) -> Vec<&'static str> {
    match spec.kind {
        OptionKind::Switch => vec!["yes", "no", "on", "off", "1", "0", ""],
        OptionKind::Choice { values, .. } => values.to_vec(),
        OptionKind::Text { example, .. } => vec![example],
    }
}

/// Whether an error is this option's own (another option's requirement, such as
/// Pasang's bell rules needing a start, is not).
fn about(errors: &[String], name: &str) -> bool {
    errors.iter().any(|e| e.contains(&format!("option {name}")))
}

/// `play-out` → `PlayOut`.
fn tag(name: &str) -> String {
    name.split('-')
        .map(|part| part[..1].to_uppercase() + &part[1..])
        .collect()
}

#[test]
fn every_declared_value_of_every_option_is_accepted() {
    for found in all_games() {
        let id = found.info.id;
        for spec in found.options_of() {
            for value in accepted(spec) {
                let errors = setup_errors(id, &[(spec.name, value)], "");
                assert!(
                    !about(&errors, spec.name),
                    "{id} --option {}={value}: {errors:?}",
                    spec.name
                );
                let tags = format!("[{} \"{value}\"]", tag(spec.name));
                let errors = setup_errors(id, &[], &tags);
                assert!(!about(&errors, spec.name), "{id} {tags}: {errors:?}");
            }
        }
    }
}

#[test]
fn a_value_not_declared_is_refused() {
    for found in all_games() {
        let id = found.info.id;
        for spec in found.options_of() {
            let wrong = match spec.kind {
                OptionKind::Switch => "maybe",
                OptionKind::Choice { .. } => "no-such-value",
                OptionKind::Text { .. } => "?",
            };
            let errors = setup_errors(id, &[(spec.name, wrong)], "");
            assert!(
                about(&errors, spec.name),
                "{id} --option {}={wrong}: {errors:?}",
                spec.name
            );
        }
    }
}

#[test]
fn an_option_the_game_does_not_have_is_refused() {
    let every: Vec<&str> = all_games()
        .flat_map(|found| found.options().iter().map(|o| o.name))
        .chain(["no-such-option"])
        .collect();
    for found in all_games() {
        let theirs: Vec<&str> = found.options_of().iter().map(|o| o.name).collect();
        for name in every.iter().filter(|n| !theirs.contains(n)) {
            let errors = setup_errors(found.info.id, &[(name, "")], "");
            assert!(
                errors.iter().any(|e| e.contains("does not concern")),
                "{} --option {name}: {errors:?}",
                found.info.id
            );
        }
    }
}

#[test]
fn a_choice_declares_its_default_among_its_values() {
    for found in all_games() {
        for spec in found.options() {
            if let OptionKind::Choice { values, default } = spec.kind {
                assert!(values.contains(&default), "{}: {default}", spec.name);
            }
        }
    }
}
