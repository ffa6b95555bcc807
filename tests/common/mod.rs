//! What the integration tests share: running the binary, the records shipped in
//! `records/`, scratch directories and FIFOs. Each file in `tests/` is a crate of its
//! own that says `mod common;` and uses a part of these, hence `allow(dead_code)`.
#![allow(dead_code)]

pub mod picture;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The repository: where `records/` is, and where tgn runs in these tests.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The binary under test, run from the repository's root.
pub fn tgn() -> Command {
    let mut command = Command::cargo_bin("tgn").expect("cargo builds tgn for its tests");
    command.current_dir(root());
    command
}

/// The binary, killed after two minutes: for runs that once hung (FIFOs, devices,
/// locks), so that a regression fails instead of waiting for ever. No test asserts
/// how long a run takes.
pub fn tgn_bounded() -> Command {
    let mut command = tgn();
    command.timeout(std::time::Duration::from_secs(120));
    command
}

/// What a run of tgn gave: its exit status (-1 if a signal ended it) and its output.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Runs `command` to its end. tgn writes UTF-8 whatever it reads (it shows what is
    /// not), so output that is not UTF-8 fails the test.
    pub fn of(command: &mut Command) -> Run {
        let out = command.output().expect("tgn runs");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        }
    }
}

/// `tgn ARGS`, from the repository's root.
pub fn run(args: &[&str]) -> Run {
    Run::of(tgn().args(args))
}

/// `tgn ARGS` reading `input` on its standard input (say `-` in `args`).
pub fn run_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Run {
    Run::of(tgn().args(args).write_stdin(input.as_ref()))
}

/// The JSON values of a run's output, one a line (`--format json`, `--to jsonl`).
pub fn json_lines(run: &Run) -> Vec<serde_json::Value> {
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON value a line"))
        .collect()
}

/// Every record file under `records/` (`.pgn`, in every folder), as paths from the
/// repository's root, sorted.
pub fn record_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root().join("records"))
        .into_iter()
        .map(|e| e.expect("records/ is readable").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    files.sort();
    files
}

/// The real records the ignored tests read: `$TGN_DATA`, else `../shared/data` beside
/// the repository (docs/testing.md says where they come from).
pub fn data_dir() -> PathBuf {
    std::env::var_os("TGN_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/data"))
}

/// PlayOK's 1,199 Toguz Kumalak games (`toguz/playok-2025.pgn` under [`data_dir`]),
/// as a path string; a clear failure when it is absent.
pub fn playok() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let path = data_dir().join("toguz/playok-2025.pgn");
        assert!(
            path.exists(),
            "{} is absent: this test reads PlayOK's Toguz archive; set TGN_DATA to a directory \
         holding toguz/playok-2025.pgn (docs/testing.md)",
            path.display()
        );
        path.to_str().expect("a UTF-8 path").to_string()
    })
}

/// A FIFO at `path` (`mkfifo(1)`).
pub fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}
