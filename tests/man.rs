//! The man pages in `man/` are generated from the clap definitions; this test fails
//! when they are stale. Regenerate with `TGN_UPDATE_MAN=1 cargo test --test integration man::`.

use std::path::Path;

#[test]
fn man_pages_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let update = std::env::var_os("TGN_UPDATE_MAN").is_some();
    let mut stale = Vec::new();
    for (name, page) in tgn::cli::man_pages() {
        let path = dir.join(&name);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &page).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(page.as_slice()) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "stale man pages {stale:?}: run `TGN_UPDATE_MAN=1 cargo test --test integration man::`"
    );
}

#[test]
fn issue_13_man_pages_have_examples_and_exit_status_sections() {
    let pages = tgn::cli::man_pages();
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for (name, page) in &pages {
        let page = String::from_utf8_lossy(page);
        assert!(!page.contains(".SH EXTRA"), "{name}");
        assert!(page.contains(".SH EXAMPLES\n.nf\n"), "{name}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{name}");
        // Every page it refers to is shipped.
        let references = page
            .lines()
            .filter(|l| l.starts_with("tgn\\-") && l.ends_with("(1)"));
        for line in references {
            let referred = line.replace("\\-", "-").replace("(1)", ".1");
            assert!(
                names.contains(&referred.as_str()),
                "{name} refers to {line}"
            );
        }
        if *name != "tgn.1" {
            assert!(!page.contains("\\-\\-version"), "{name} offers --version");
        }
    }
}

/// The words of a shell command line: spaces split, single and double quotes group.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut in_word) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, in_word) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                }
                in_word = false;
            }
            _ => (word.push(c), in_word = true).1,
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Every example of `--help` and the man pages (`  tgn …`, up to the comment after
/// it) is a command line tgn accepts: no flag renamed or value changed leaves a stale
/// example behind. (Their paths, such as `archive/`, are the reader's own.)
#[test]
fn every_help_and_man_page_example_is_a_valid_command_line() {
    use clap::{CommandFactory, Parser};
    let command = tgn::cli::Cli::command();
    let mut texts = vec![
        command
            .get_after_help()
            .map(|h| h.to_string())
            .unwrap_or_default(),
    ];
    for sub in command.get_subcommands() {
        texts.push(
            sub.get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default(),
        );
    }
    let mut examples = 0;
    for text in &texts {
        for line in text
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with("tgn "))
        {
            // The comment after an example stands three spaces or more away.
            let example = line.split("   ").next().unwrap();
            let cli = tgn::cli::Cli::try_parse_from(shell_words(example))
                .unwrap_or_else(|e| panic!("`{example}`: {e}"));
            if let tgn::cli::Command::Filter(args) = &cli.command {
                args.settings()
                    .unwrap_or_else(|e| panic!("`{example}`: {e}"));
            }
            examples += 1;
        }
    }
    assert!(examples > 20, "only {examples} examples found");
}
