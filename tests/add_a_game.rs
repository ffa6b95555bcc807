//! The add-a-game check (issue 34), run by `.ci/run` with the ignored tests: a throwaway
//! game copied from the hunt template passes the suite's game-generic tests, and what
//! was written by hand outside its folder is its registry line and its rules document
//! (`scripts/add-a-game-check`, which says what it does). It builds the crate again in
//! a directory of its own and takes minutes, so a plain `cargo test` leaves it out.

use std::process::Command;

#[test]
#[ignore = "builds a copy of the crate with a throwaway game (minutes); .ci/run runs it"]
fn a_new_game_is_its_folder_its_registry_line_and_its_rules_document() {
    let root = env!("CARGO_MANIFEST_DIR");
    let output = Command::new("bash")
        .arg(format!("{root}/scripts/add-a-game-check"))
        .env_remove("INSTA_UPDATE")
        .output()
        .expect("bash runs the check");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{text}");
    assert!(text.contains("add-a-game check: passed"), "{text}");
}
