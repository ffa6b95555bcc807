//! The README's examples are run and their output compared, so that they can never go
//! stale: every ```console block (`$ tgn …`, `? STATUS`, then what it prints, stdout
//! and stderr together; `...` stands for lines left out, `[..]` for part of a line).
//! They run in a scratch directory holding a copy of `records/`, so that examples that
//! write files (split) write nowhere else.
//!
//! `TRYCMD=overwrite cargo test --test readme` writes the outputs into the README
//! (elided lines too): check the diff by hand and elide again what should be.

use std::fs;
use std::path::Path;

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

#[test]
fn the_readmes_examples_print_what_it_shows() {
    let scratch = tempfile::tempdir().unwrap();
    // trycmd runs a case `X.md` in `X.in/` when that directory exists.
    copy_dir(
        Path::new("records"),
        &scratch.path().join("README.in/records"),
    );
    let readme = scratch.path().join("README.md");
    fs::copy("README.md", &readme).unwrap();
    trycmd::TestCases::new()
        .register_bin("tgn", trycmd::cargo::cargo_bin!("tgn"))
        .default_bin_name("tgn")
        .case(&readme)
        .run();
    if std::env::var_os("TRYCMD").is_some_and(|v| v == "overwrite") {
        fs::copy(&readme, "README.md").unwrap();
    }
}
