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
