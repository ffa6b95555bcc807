//! `tgn completions SHELL`: a completion script for each shell clap_complete knows,
//! offering every subcommand, and the man page that says so.

use assert_cmd::Command;
use clap::CommandFactory;

/// Every subcommand's name, from the definitions: a subcommand added later is
/// checked too.
fn subcommands() -> Vec<String> {
    tgn::cli::Cli::command()
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect()
}

#[test]
fn every_shell_gets_a_script_naming_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = Command::cargo_bin("tgn")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for sub in subcommands() {
            assert!(script.contains(&sub), "{shell}: {sub} missing");
        }
        // The flags of a subcommand are offered too.
        assert!(script.contains("allow-empty"), "{shell}");
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    Command::cargo_bin("tgn")
        .unwrap()
        .args(["completions", "tcsh"])
        .assert()
        .code(2);
}

#[test]
fn the_man_pages_name_the_completions_subcommand() {
    let pages = tgn::cli::man_pages();
    let page = |name: &str| {
        let (_, page) = pages.iter().find(|(n, _)| n == name).unwrap();
        String::from_utf8_lossy(page).into_owned()
    };
    assert!(page("tgn.1").contains("tgn\\-completions(1)"));
    assert!(page("tgn-completions.1").contains("tgn completions fish"));
}
