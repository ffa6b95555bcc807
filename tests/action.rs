//! The GitHub Action (`action.yml`) and the pre-commit hook (`.pre-commit-hooks.yaml`)
//! shipped at the repository's root (issue 37).
//!
//! The action's check step is run as GitHub runs it: its script and its environment
//! (each input's value through an `env:` entry) read out of `action.yml`, the script
//! given to bash with `tgn` on the PATH and a `GITHUB_STEP_SUMMARY` of the test's. The
//! hook's `entry` is run on the files its `files` pattern picks, as pre-commit passes
//! them; and `pre-commit` itself validates the hook's manifest and the README's
//! configuration (an ignored test: it needs pre-commit from PyPI, which
//! `scripts/python-env` installs in target/python-venv; `TGN_PRE_COMMIT` may name
//! another).

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::common::Run;

/// A YAML block's lines: those after `lines[at]` indented more than it, with the
/// block's own indentation removed (what a literal block scalar `|` or a mapping
/// nested under a key holds). Enough YAML for the two files read here.
fn block(lines: &[&str], at: usize) -> Vec<String> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let parent = indent(lines[at]);
    let body: Vec<&str> = lines[at + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > parent)
        .copied()
        .collect();
    let inner = body
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    let mut out: Vec<String> = body
        .iter()
        .map(|l| l.get(inner..).unwrap_or("").to_string())
        .collect();
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// The check step of `action.yml`: its script, and its environment as `NAME → input`.
fn check_step() -> (String, BTreeMap<String, String>) {
    let text = std::fs::read_to_string(common::root().join("action.yml")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let step = lines
        .iter()
        .position(|l| l.trim() == "- id: check")
        .expect("action.yml has a step `id: check`");
    let steps = block(&lines, step);
    let steps: Vec<&str> = steps.iter().map(String::as_str).collect();
    let at = |key: &str| {
        steps
            .iter()
            .position(|l| l.trim() == key)
            .unwrap_or_else(|| panic!("the check step has no `{key}`"))
    };
    let script = block(&steps, at("run: |")).join("\n") + "\n";
    let env = block(&steps, at("env:"))
        .iter()
        .map(|l| {
            let (name, value) = l.split_once(": ").expect("NAME: ${{ inputs.x }}");
            let input = value
                .trim()
                .strip_prefix("${{ inputs.")
                .and_then(|v| v.strip_suffix(" }}"))
                .expect("an input's value");
            (name.to_string(), input.to_string())
        })
        .collect();
    (script, env)
}

/// Runs the check step with these inputs (the others as `action.yml`'s defaults say)
/// and `summary` as the job summary.
fn run_step(inputs: &[(&str, &str)], summary: &Path) -> Run {
    let (script, env) = check_step();
    let defaults = [
        ("paths", "."),
        ("strict", "false"),
        ("format", "github"),
        ("allow-empty", "false"),
        ("game", ""),
        ("options", ""),
        ("encoding", ""),
        ("args", ""),
    ];
    let tgn = Path::new(env!("CARGO_BIN_EXE_tgn"));
    let path = format!(
        "{}:{}",
        tgn.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut bash = Command::new("bash");
    bash.arg("-c")
        .arg(script)
        .current_dir(common::root())
        .env("PATH", path)
        .env("GITHUB_STEP_SUMMARY", summary);
    for (name, input) in env {
        let value = inputs
            .iter()
            .chain(&defaults)
            .find(|(i, _)| *i == input)
            .unwrap_or_else(|| panic!("action.yml reads an input the test does not know: {input}"))
            .1;
        bash.env(name, value);
    }
    let out = bash.output().expect("bash runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

#[test]
fn the_action_declares_its_inputs_and_reads_each_through_the_environment() {
    let text = std::fs::read_to_string(common::root().join("action.yml")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let inputs = lines.iter().position(|l| *l == "inputs:").unwrap();
    let declared: Vec<String> = block(&lines, inputs)
        .iter()
        .filter(|l| !l.starts_with(' ') && l.ends_with(':'))
        .map(|l| l.trim_end_matches(':').to_string())
        .collect();
    assert_eq!(
        declared,
        [
            "paths",
            "strict",
            "format",
            "allow-empty",
            "game",
            "options",
            "encoding",
            "args"
        ]
    );
    let (script, env) = check_step();
    let mut read: Vec<&String> = env.values().collect();
    read.sort();
    assert_eq!(
        read,
        [
            "allow-empty",
            "args",
            "encoding",
            "format",
            "game",
            "options",
            "paths",
            "strict"
        ]
    );
    // No input's text is spliced into the script (a path could hold `$(…)`).
    assert!(!script.contains("${{"), "{script}");
    assert!(text.contains("uses: actions/cache@"), "the build is cached");
    assert!(text.contains("cargo install --locked --path"));
}

#[test]
fn the_action_checks_the_paths_and_writes_the_totals_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    let out = run_step(&[("paths", "records/invalid/")], &summary);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stdout.starts_with("::error file=records/invalid/"));
    assert!(
        out.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("::notice title=tgn check::checked 191 games in 163 files"),
        "{}",
        out.stdout
    );
    let summary = std::fs::read_to_string(&summary).unwrap();
    assert!(summary.contains("| file:line | game | players | first error |"));
}

#[test]
fn the_actions_inputs_become_options() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    // Several paths, on lines or blanks, none expanded by the shell.
    let out = run_step(
        &[("paths", "records/zamma\nrecords/kungser  records/dooz")],
        &summary,
    );
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let files = |dir: &str| std::fs::read_dir(common::root().join(dir)).unwrap().count();
    let total = files("records/zamma") + files("records/kungser") + files("records/dooz");
    assert!(
        out.stdout.contains(&format!("in {total} files")),
        "{}",
        out.stdout
    );
    let out = run_step(&[("paths", "records/*")], &summary);
    assert_eq!(
        out.code, 2,
        "a glob is a path, not expanded: {}",
        out.stdout
    );
    // A warning fails only with strict.
    let warned = "records/invalid/toguz-kumalak-move-number.pgn";
    assert_eq!(run_step(&[("paths", warned)], &summary).code, 0);
    assert_eq!(
        run_step(&[("paths", warned), ("strict", "true")], &summary).code,
        1
    );
    let empty = tempfile::tempdir().unwrap();
    let empty = empty.path().to_str().unwrap();
    assert_eq!(run_step(&[("paths", empty)], &summary).code, 2);
    assert_eq!(
        run_step(&[("paths", empty), ("allow-empty", "true")], &summary).code,
        0
    );
    let out = run_step(&[("paths", "records/zamma"), ("format", "json")], &summary);
    assert_eq!(out.code, 0);
    assert!(
        out.stdout.starts_with("{\"schema\":\"tgn/1\",\"file\":"),
        "{}",
        out.stdout
    );
    let out = run_step(&[("strict", "yes please")], &summary);
    assert_eq!(out.code, 2);
    assert!(
        out.stdout
            .contains("::error title=tgn check::strict: expected true or false")
    );
}

/// Issue 52, item 11: a repository of PlayOK exports (no game tag, perhaps in
/// windows-1251) is checked through the inputs `game`, `options`, `encoding` and
/// `args`, each passed to `tgn check` as one word, never expanded.
#[test]
fn issue52_the_actions_game_options_encoding_and_args_reach_tgn_check() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    // A PlayOK Toguz export: no game tag, the players' names in windows-1251.
    let sheet = dir.path().join("playok.pgn");
    let mut bytes = b"[White \"".to_vec();
    bytes.extend([0xC0, 0xE9, 0xE3, 0xE5, 0xF0, 0xE8, 0xEC]); // Айгерим
    bytes.extend(b"\"]\n[Black \"B\"]\n\n1. 43(10) 11(10) *\n");
    std::fs::write(&sheet, bytes).unwrap();
    let sheet = sheet.to_str().unwrap();
    let without = run_step(&[("paths", sheet)], &summary);
    assert_eq!(without.code, 1, "{}{}", without.stdout, without.stderr);
    let with_game = [("paths", sheet), ("game", "toguz")];
    let out = run_step(&with_game, &summary);
    assert_eq!(out.code, 1, "not UTF-8: {}", out.stdout);
    let read = [with_game[0], with_game[1], ("encoding", "windows-1251")];
    let out = run_step(&read, &summary);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    // Options, one word each, on lines or blanks: one that Toguz Kumalak does not
    // take is a usage error, so the words reached tgn.
    let with = |extra: (&'static str, &'static str)| {
        let mut inputs = read.to_vec();
        inputs.push(extra);
        run_step(&inputs, &summary)
    };
    assert_eq!(with(("options", "play-out")).code, 0);
    let out = with(("options", "play-out\n play-out=maybe"));
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("expected yes or no"), "{}", out.stderr);
    // More arguments: --strict makes a warning fail; a word that looks like a
    // command substitution is one argument, never run.
    let warned = "records/invalid/toguz-kumalak-move-number.pgn";
    assert_eq!(run_step(&[("paths", warned)], &summary).code, 0);
    let strict = run_step(&[("paths", warned), ("args", "--strict")], &summary);
    assert_eq!(strict.code, 1, "{}", strict.stdout);
    let out = run_step(
        &[("paths", warned), ("args", "$(exit 0) --strict")],
        &summary,
    );
    assert_eq!(
        out.code, 2,
        "'$(exit' is an argument tgn refuses: {}",
        out.stdout
    );
}

/// The hook's `entry`, `files` pattern and language, from `.pre-commit-hooks.yaml`.
fn hook() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(common::root().join(".pre-commit-hooks.yaml")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "- id: tgn-check")
        .expect("a hook with id tgn-check");
    let mut hook: BTreeMap<String, String> = block(&lines, at)
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    hook.insert("id".into(), "tgn-check".into());
    hook
}

#[test]
fn the_hooks_entry_checks_the_files_its_pattern_picks() {
    let hook = hook();
    assert_eq!(hook["language"], "rust");
    let pattern = regex::Regex::new(&hook["files"]).unwrap();
    for name in ["a.pgn", "b/c.tgn", "d.pdn", "e.pgn.gz", "f.pgn.zst"] {
        assert!(pattern.is_match(name), "{name}");
    }
    for name in ["a.json", "pgn", "a.pgn.bak", "a.gz"] {
        assert!(!pattern.is_match(name), "{name}");
    }
    let picked: Vec<String> = common::record_files()
        .into_iter()
        .map(|p| p.display().to_string())
        .filter(|p| pattern.is_match(p) && p.starts_with("records/zamma/"))
        .collect();
    assert!(!picked.is_empty());
    let (program, args) = hook["entry"].split_once(' ').unwrap();
    assert_eq!(program, "tgn");
    let out = Run::of(common::tgn().args(args.split_whitespace()).args(&picked));
    assert_eq!(out.code, 0, "{}", out.stdout);
    let bad = Run::of(
        common::tgn()
            .args(args.split_whitespace())
            .arg("records/invalid/zamma-wrong-mark.pgn"),
    );
    assert_eq!(bad.code, 1);
}

/// The README's configuration for pre-commit: the YAML block that names the hook.
fn readme_config() -> String {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    readme
        .split("```yaml\n")
        .skip(1)
        .filter_map(|block| block.split_once("```").map(|(b, _)| b))
        .find(|b| b.contains("id: tgn-check"))
        .expect("the README shows the hook's configuration")
        .to_string()
}

#[test]
#[ignore = "needs pre-commit from PyPI (scripts/python-env installs it); scripts/test runs this"]
fn pre_commit_accepts_the_hooks_manifest_and_the_readmes_configuration() {
    let installed = common::root().join("target/python-venv/bin/pre-commit");
    let pre_commit = match std::env::var("TGN_PRE_COMMIT") {
        Ok(named) => named,
        Err(_) if installed.exists() => installed.display().to_string(),
        Err(_) => "pre-commit".into(),
    };
    let validate = |what: &str, file: &Path| {
        let out = Command::new(&pre_commit)
            .arg(what)
            .arg(file)
            .current_dir(common::root())
            .output()
            .unwrap_or_else(|e| panic!("{pre_commit} runs: {e}"));
        assert!(
            out.status.success(),
            "pre-commit {what} {}: {}{}",
            file.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    };
    validate(
        "validate-manifest",
        &common::root().join(".pre-commit-hooks.yaml"),
    );
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join(".pre-commit-config.yaml");
    std::fs::write(&config, readme_config()).unwrap();
    validate("validate-config", &config);
}

#[test]
fn the_readme_shows_the_workflow_step_and_the_hook() {
    let config = readme_config();
    assert!(config.contains("- id: tgn-check"), "{config}");
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    assert!(readme.contains("GITHUB_STEP_SUMMARY"));
    assert!(readme.contains("paths: records/"), "the workflow step");
}
