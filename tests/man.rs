//! The man pages in `man/` are generated from the clap definitions; this test fails
//! when they are stale. Regenerate with `TGN_UPDATE_MAN=1 cargo test --test man`.

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
        "stale man pages {stale:?}: run `TGN_UPDATE_MAN=1 cargo test --test man`"
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
