//! The documents' examples are run and their output compared, so that they can never go
//! stale: every ```console block of the README, `CONTRIBUTING.md` and `docs/*.md`
//! (`$ tgn …`, then what it prints, stdout and stderr together; `...` stands for lines
//! left out, `[..]` for part of a line). A command that does not exit 0 is followed,
//! as in a terminal, by `$ echo $?` and its status, which the test hands trycmd as its
//! `? STATUS` line (issue 52: a reader is shown what a shell shows). Each document's examples run in a
//! scratch directory holding a copy of `records/`, so that examples that write files
//! (split) write nowhere else. And every relative link of every document (the rules
//! documents too) leads to a file that exists and, with `#anchor`, to a heading in it.
//!
//! `TRYCMD=overwrite cargo test --test integration readme::` writes the outputs into the documents
//! (elided lines too): check the diff by hand and elide again what should be.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The Markdown files of `dir` (not below it), sorted.
fn markdown_in(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// Every document a reader is sent to.
fn documents() -> Vec<PathBuf> {
    let mut all = vec![PathBuf::from("README.md"), PathBuf::from("CONTRIBUTING.md")];
    all.extend(markdown_in("docs"));
    all.extend(markdown_in("docs/rules"));
    all
}

#[test]
fn the_documents_examples_print_what_they_show() {
    let scratch = tempfile::tempdir().unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("tgn", trycmd::cargo::cargo_bin!("tgn"))
        .default_bin_name("tgn");
    let mut copies = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        if !text.contains("```console") {
            continue;
        }
        // One scratch folder per document, named after its path (`docs-guide.md`).
        let name = doc.to_string_lossy().replace('/', "-");
        let case = scratch.path().join(&name);
        fs::write(&case, to_trycmd(&text)).unwrap();
        // trycmd runs a case `X.md` in `X.in/` when that directory exists.
        let stem = name.trim_end_matches(".md");
        copy_dir(
            Path::new("records"),
            &scratch.path().join(format!("{stem}.in/records")),
        );
        cases.case(&case);
        copies.push((case, doc));
    }
    cases.run();
    if std::env::var_os("TRYCMD").is_some_and(|v| v == "overwrite") {
        for (case, doc) in copies {
            fs::write(doc, from_trycmd(&fs::read_to_string(case).unwrap())).unwrap();
        }
    }
}

/// The exit status a `$ echo $?` line and the line after it show, if `lines` start so.
fn echoed_status(lines: &[&str]) -> Option<String> {
    match lines {
        ["$ echo $?", status, ..] if status.parse::<i32>().is_ok() => Some(status.to_string()),
        _ => None,
    }
}

/// A document as trycmd reads it: each `$ echo $?` and the status after it, in a
/// ```console block, become the `? STATUS` line of the command before them.
fn to_trycmd(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut command = None; // where the block's last command stands in `out`
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("```") {
            command = None;
        } else if let (Some(at), Some(status)) = (command, echoed_status(&lines[i..])) {
            out.insert(at + 1, format!("? {status}"));
            command = None;
            i += 2;
            continue;
        } else if line.starts_with("$ ") {
            command = Some(out.len());
        }
        out.push(line.to_string());
        i += 1;
    }
    out.join("\n") + if text.ends_with('\n') { "\n" } else { "" }
}

/// [`to_trycmd`] undone, for `TRYCMD=overwrite`: each `? STATUS` line after a command
/// becomes `$ echo $?` and the status after the command's output.
fn from_trycmd(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut pending: Option<String> = None;
    let mut previous = "";
    for line in text.lines() {
        let status = line
            .strip_prefix("? ")
            .filter(|_| previous.starts_with("$ "));
        if let Some(status) = status {
            pending = Some(status.to_string());
            previous = line;
            continue;
        }
        if (line.starts_with("$ ") || line.starts_with("```"))
            && let Some(status) = pending.take()
        {
            out.push("$ echo $?".to_string());
            out.push(status);
        }
        out.push(line.to_string());
        previous = line;
    }
    out.join("\n") + if text.ends_with('\n') { "\n" } else { "" }
}

#[test]
fn an_echoed_status_is_trycmds_status_line_and_back() {
    let shown = "```console\n$ tgn check x.pgn\nerror\n\nchecked\n$ echo $?\n1\n```\n";
    let run = "```console\n$ tgn check x.pgn\n? 1\nerror\n\nchecked\n```\n";
    assert_eq!(to_trycmd(shown), run);
    assert_eq!(from_trycmd(run), shown);
}

/// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped,
/// spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.insert(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of a Markdown text's inline links `[text](target)` outside code.
fn links(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_relative_link_of_the_documents_resolves() {
    let mut broken = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        let base = doc.parent().unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                doc.clone()
            } else {
                base.join(path)
            };
            if !file.exists() {
                broken.push(format!("{}: {target} (no such file)", doc.display()));
                continue;
            }
            if !fragment.is_empty() {
                let heads = anchors(&fs::read_to_string(&file).unwrap_or_default());
                if !heads.contains(fragment) {
                    broken.push(format!("{}: {target} (no such heading)", doc.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The README is a front door: what tgn is, the quick start, a tour, the games; the
/// rest is in `docs/` and `CONTRIBUTING.md`.
#[test]
fn the_readme_fits_in_a_few_screens() {
    let lines = fs::read_to_string("README.md").unwrap().lines().count();
    assert!(
        lines <= 400,
        "README.md has {lines} lines; move detail to docs/"
    );
}
