//! The diagrams the guide shows (docs/guide.md, Diagrams) are what `tgn diagram` draws today: each is drawn
//! again here and compared with the committed file. A drawing that changed on purpose
//! is written again with `TGN_UPDATE_README=1 cargo test --test integration readme_diagrams::`.

use crate::common;

/// The file under `docs/diagrams/`, and the arguments of `tgn diagram` that draw it.
const DIAGRAMS: &[(&str, &[&str])] = &[
    (
        "toguz-kumalak.svg",
        &["--ply", "20", "records/toguz-kumalak/score-sheet.pgn"],
    ),
    (
        "morabaraba.svg",
        &["--end", "records/morabaraba/club-championship.pgn"],
    ),
];

#[test]
fn the_readme_diagrams_are_what_tgn_draws() {
    let update = std::env::var_os("TGN_UPDATE_README").is_some();
    let mut stale = Vec::new();
    for (file, args) in DIAGRAMS {
        let out = common::tgn()
            .current_dir(common::root())
            .arg("diagram")
            .args(*args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = common::root().join("docs/diagrams").join(file);
        if std::fs::read(&path).ok().as_deref() == Some(&out.stdout[..]) {
            continue;
        }
        if update {
            std::fs::write(&path, &out.stdout).unwrap();
        } else {
            stale.push(*file);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/diagrams/{stale:?} differ from what tgn draws: write them again with \
         TGN_UPDATE_README=1 cargo test --test integration readme_diagrams::"
    );
}
