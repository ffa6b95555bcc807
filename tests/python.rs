//! The Python package (python/, issue 38), built and tested as a user gets it: a fresh
//! virtual environment, `pip install ./python` (maturin from PyPI builds it), then its
//! pytest suite (python/tests), which holds the package to this build's `tgn` binary:
//! the same JSON, CSV, PGN and diagrams for every shipped record, and the tour of
//! docs/python.md run as written.
//!
//! Ignored by a plain `cargo test`: it needs Python's venv module and PyPI, and takes
//! minutes (the package is a release build of the library). `.ci/run` runs it, after
//! installing python3-venv from Debian when it is missing.

mod common;

use std::path::Path;
use std::process::{Command, Output};

/// Runs `command`, failing the test with its output and `what` when it fails.
fn run(command: &mut Command, what: &str) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: could not run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed ({}): {command:?}\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A command of the environment, with none of the variables this test's own cargo
/// set (the package's build runs a cargo of its own).
fn clean(program: &Path) -> Command {
    let mut command = Command::new(program);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let cargos = name == "CARGO" || name.starts_with("CARGO_") || name == "RUSTC_WRAPPER";
        if cargos && name != "CARGO_HOME" {
            command.env_remove(&*name);
        }
    }
    command.current_dir(common::root());
    command
}

#[test]
#[ignore = "builds the Python package into a venv and runs pytest; .ci/run runs it"]
fn the_python_package_installs_with_pip_and_passes_its_suite() {
    let root = common::root();
    let scratch = tempfile::tempdir().expect("a temporary directory");
    let venv = scratch.path().join("venv");
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output();
    match made {
        Ok(output) if output.status.success() => {}
        Ok(output) => panic!(
            "`python3 -m venv` failed: Python's venv module is missing (on Debian: apt-get \
             install python3-venv; .ci/run installs it)\n{}",
            String::from_utf8_lossy(&output.stderr)
        ),
        Err(e) => panic!("python3 is not installed ({e}): the Python package needs it"),
    }
    let bin = venv.join("bin");
    run(
        clean(&bin.join("pip"))
            .args(["install", "--quiet", "--upgrade", "pip"])
            .args(["maturin", "pytest", "jsonschema"]),
        "installing maturin, pytest and jsonschema from PyPI",
    );
    // A target directory of its own: this test's cargo holds the workspace's.
    run(
        clean(&bin.join("pip"))
            .args(["install", "--quiet", "./python"])
            .env("CARGO_TARGET_DIR", root.join("target/python-package")),
        "pip install ./python",
    );
    let tested = run(
        clean(&bin.join("python"))
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "python/tests",
            ])
            .env("TGN_BIN", env!("CARGO_BIN_EXE_tgn")),
        "pytest python/tests",
    );
    let said = String::from_utf8_lossy(&tested.stdout);
    println!("{said}");
    assert!(said.contains(" passed"), "pytest ran no test:\n{said}");
}
