//! Colour as ripgrep and rustc give it: `--color always` colours anywhere, `never`
//! nowhere, and `auto` (the default) only a terminal, where `NO_COLOR` and `CLICOLOR=0`
//! turn it off; `CLICOLOR_FORCE` turns it on in a pipe. Coloured output is the plain
//! output with escapes added, nothing else; JSON and GitHub output are never coloured.

use assert_cmd::Command;

const INVALID: &str = "records/invalid/kungser-occupied.pgn";

/// The colour variables, all unset: each test sets only those it is about.
const COLOUR_VARIABLES: [&str; 4] = ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM"];

fn tgn(args: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    let mut command = Command::cargo_bin("tgn").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    for name in COLOUR_VARIABLES {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().unwrap().stdout
}

fn has_escapes(bytes: &[u8]) -> bool {
    bytes.contains(&0x1b)
}

#[test]
fn color_always_writes_ansi_escapes_into_a_pipe() {
    let out = tgn(&["check", "--color", "always", INVALID], &[]);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("\x1b[1m\x1b[31merror[illegal]\x1b[0m"),
        "{text}"
    );
    // The pieces on the board drawn under the error: a lama (second side) on a1.
    assert!(text.contains("1 \x1b[1m\x1b[36mL\x1b[0m---.---."), "{text}");
}

#[test]
fn a_verbose_line_says_invalid_in_red() {
    let out = tgn(&["check", "--verbose", "--color", "always", INVALID], &[]);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("): \x1b[1m\x1b[31mINVALID\x1b[0m, "),
        "{text}"
    );
}

#[test]
fn color_never_and_a_pipe_give_no_escapes() {
    assert!(!has_escapes(&tgn(&["check", INVALID], &[])));
    assert!(!has_escapes(&tgn(
        &["check", "--color", "auto", INVALID],
        &[]
    )));
    let forced = [("CLICOLOR_FORCE", "1")];
    assert!(!has_escapes(&tgn(
        &["check", "--color", "never", INVALID],
        &forced
    )));
}

#[test]
fn clicolor_force_colours_a_pipe() {
    let out = tgn(&["check", INVALID], &[("CLICOLOR_FORCE", "1")]);
    assert!(has_escapes(&out));
}

#[test]
fn no_color_wins_over_clicolor_force() {
    let env = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    assert!(!has_escapes(&tgn(&["check", INVALID], &env)));
}

#[test]
fn color_is_a_flag_of_every_subcommand() {
    for sub in ["convert", "annotate", "summarize", "games"] {
        let mut command = Command::cargo_bin("tgn").unwrap();
        command
            .args([sub, "--color", "never", "--help"])
            .assert()
            .code(0);
    }
}

#[test]
fn json_and_github_formats_are_never_coloured() {
    for format in ["json", "github"] {
        let out = tgn(
            &["check", "--color", "always", "--format", format, INVALID],
            &[],
        );
        assert!(!out.is_empty() && !has_escapes(&out), "{format}");
    }
}

/// The invalid samples, but those that exhaust a search budget (slow in a debug build).
fn invalid_samples() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records/invalid");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".pgn") && !name.contains("limit"))
        .map(|name| format!("records/invalid/{name}"))
        .collect();
    files.sort();
    files
}

/// Every invalid sample's report, coloured then stripped of its escapes, is the plain
/// report byte for byte: colour adds styles and changes no text.
#[test]
fn coloured_output_is_the_plain_output_with_escapes_added() {
    let samples = invalid_samples();
    for args in [&["check"][..], &["check", "--verbose"]] {
        let mut plain: Vec<&str> = args.to_vec();
        plain.extend(samples.iter().map(String::as_str));
        let mut coloured = plain.clone();
        coloured.extend(["--color", "always"]);
        let coloured = String::from_utf8(tgn(&coloured, &[])).unwrap();
        let plain = String::from_utf8(tgn(&plain, &[])).unwrap();
        assert!(has_escapes(coloured.as_bytes()));
        assert_eq!(anstream::adapter::strip_str(&coloured).to_string(), plain);
    }
}

/// `tgn diff` in colour: what only A has red, what only B has green, as diff tools
/// show it; stripped of its escapes, the plain report.
#[test]
fn diff_colours_what_only_one_sheet_has() {
    const SHEET: &str = "records/toguz-kumalak/score-sheet.pgn";
    let sheet =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SHEET))
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let short = dir.path().join("short.pgn");
    std::fs::write(&short, sheet.replacen(" 10. 91 5 ", " ", 1)).unwrap();
    let short = short.to_str().unwrap();
    let coloured = tgn(&["diff", "--color", "always", SHEET, short], &[]);
    let coloured = String::from_utf8(coloured).unwrap();
    assert!(coloured.contains("\x1b[31m--- A: "), "{coloured}");
    assert!(coloured.contains("\x1b[32m+++ B: "), "{coloured}");
    assert!(
        coloured.contains("\x1b[31m  - plies 19–20 of A missing from B"),
        "{coloured}"
    );
    let plain = String::from_utf8(tgn(&["diff", SHEET, short], &[])).unwrap();
    assert_eq!(anstream::adapter::strip_str(&coloured).to_string(), plain);
}

/// A terminal, as auto sees it: the output of `tgn` run with a pseudo-terminal as its
/// standard output.
#[cfg(unix)]
mod terminal {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::process::Stdio;

    use super::{COLOUR_VARIABLES, INVALID, has_escapes};

    fn on_a_terminal(env: &[(&str, &str)]) -> Vec<u8> {
        let (mut leader, mut follower) = (0, 0);
        let opened = unsafe {
            libc::openpty(
                &mut leader,
                &mut follower,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(opened, 0, "openpty");
        let (leader, follower) =
            unsafe { (OwnedFd::from_raw_fd(leader), OwnedFd::from_raw_fd(follower)) };
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tgn"));
        command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["check", INVALID])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .stdout(Stdio::from(follower));
        for name in COLOUR_VARIABLES {
            command.env_remove(name);
        }
        command
            .env("TERM", "xterm-256color")
            .envs(env.iter().copied());
        let mut child = command.spawn().unwrap();
        // The parent's copy of the follower went into the command, dropped with it:
        // the leader reads to the end (EIO on Linux) once the child has exited.
        drop(command);
        let mut out = Vec::new();
        let _ = std::fs::File::from(leader).read_to_end(&mut out);
        child.wait().unwrap();
        out
    }

    #[test]
    fn a_terminal_gets_colour_by_default() {
        let out = on_a_terminal(&[]);
        assert!(out.len() > 100 && has_escapes(&out), "{out:?}");
    }

    #[test]
    fn no_color_wins_over_auto() {
        let out = on_a_terminal(&[("NO_COLOR", "1")]);
        assert!(out.len() > 100 && !has_escapes(&out));
    }

    #[test]
    fn clicolor_0_turns_auto_off() {
        let out = on_a_terminal(&[("CLICOLOR", "0")]);
        assert!(out.len() > 100 && !has_escapes(&out));
    }
}
