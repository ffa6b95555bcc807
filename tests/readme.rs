//! The documents' examples are run and their output compared, so that they can never go
//! stale: every ```console block of the README, `CONTRIBUTING.md` and `docs/*.md`
//! (`$ tgn …`, `? STATUS`, then what it prints, stdout and stderr together; `...` stands
//! for lines left out, `[..]` for part of a line). Each document's examples run in a
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
        fs::copy(&doc, &case).unwrap();
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
            fs::copy(case, doc).unwrap();
        }
    }
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
