//! The Python package (python/, issue 38) and its pytest suite (python/tests), which
//! holds the package to this build's `tgn` binary: the same JSON, CSV, PGN and diagrams
//! for every shipped record, and the tour of docs/python.md run as written.
//!
//! The package is built outside `cargo test` (issue 50): `scripts/python-env` makes
//! the virtual environment target/python-venv and runs `maturin develop` there, which
//! builds the package into this workspace's target/ with the dependencies this build
//! already compiled (a build inside a test could not share target/: this test's cargo
//! holds its lock). Ignored by a plain `cargo test`; `scripts/test` (and so `.ci/run`)
//! makes the environment, then runs it with the other ignored tests.

use std::path::PathBuf;
use std::process::Command;

use crate::common;

/// The environment `scripts/python-env` makes, or the one `TGN_PYTHON_VENV` names.
fn venv() -> PathBuf {
    std::env::var_os("TGN_PYTHON_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| common::root().join("target/python-venv"))
}

#[test]
#[ignore = "needs the package installed by scripts/python-env; scripts/test runs both"]
fn the_python_package_installs_with_pip_and_passes_its_suite() {
    let python = venv().join("bin/python");
    assert!(
        python.exists(),
        "no Python environment at {}: run scripts/python-env (scripts/test does), which \
         installs the package there with maturin develop",
        python.display()
    );
    let output = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .env("TGN_BIN", env!("CARGO_BIN_EXE_tgn"))
        .current_dir(common::root())
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", python.display()));
    let said = String::from_utf8_lossy(&output.stdout);
    println!("{said}");
    assert!(
        output.status.success(),
        "pytest python/tests failed ({}):\n{said}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(said.contains(" passed"), "pytest ran no test:\n{said}");
}
