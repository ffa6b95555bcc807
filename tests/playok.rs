//! The real PlayOK Toguz Kumalak archive in `../shared/data/toguz/` (1,199 games
//! written by real players): every game must be accepted, and every `(N)` mark — the
//! mover's kazan after the move — must agree with the kazans of the replayed position.
//!
//! The data lives outside the project; where it is absent the test says so and passes.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use tgn::games::Player;
use tgn::record::{Encoding, Reader};
use tgn::replay::{Detail, Settings, Status, replay};

#[test]
fn playok_archive_is_accepted_and_every_kazan_mark_agrees() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/toguz/playok-2025.pgn");
    let Ok(file) = File::open(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    let settings = Settings {
        game: Some("toguz-kumalak".into()),
        detail: Detail::FULL,
        ..Settings::default()
    };
    let (mut games, mut marks, mut decided) = (0, 0, 0);
    let mut problems = Vec::new();
    for record in Reader::new(BufReader::new(file), Encoding::Utf8) {
        let record = record.unwrap();
        games += 1;
        let replay = replay(&record, &settings);
        decided += usize::from(replay.outcome.is_some());
        for e in &replay.errors {
            problems.push(format!(
                "game {games} {}:{}: {}",
                e.span.line, e.span.column, e.message
            ));
        }
        let last = replay.main.nodes.len();
        for (i, (node, replayed)) in record.moves.iter().zip(&replay.main.nodes).enumerate() {
            let Some(mark) = kazan_mark(&node.text) else {
                continue;
            };
            let Status::Played(played) = &replayed.status else {
                continue;
            };
            let state = &played.detail.as_ref().unwrap().state;
            let side = match played.mover {
                Player::First => 0,
                Player::Second => 1,
            };
            let mut kazan = state["kazans"][side].as_u64().unwrap();
            let description = &played.detail.as_ref().unwrap().description;
            if i + 1 == last {
                // The mover may have collected their own row at once (R11).
                kazan -= collected(description).unwrap_or(0);
            }
            marks += 1;
            if kazan != mark {
                problems.push(format!(
                    "game {games} ply {}: {} but the kazans are {}",
                    played.ply, node.text, state["kazans"]
                ));
            }
        }
    }
    assert_eq!(games, 1199);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(marks > 10_000, "only {marks} kazan marks checked");
    eprintln!("{games} games, {marks} kazan marks, {decided} decided on the board");
}

/// The stones collected by R11, from a move's description ("… collects 5 (R11) …").
fn collected(description: &str) -> Option<u64> {
    let before = description.split(" (R11)").next()?;
    before.rsplit(' ').next()?.parse().ok()
}

/// The `N` of a PlayOK `(N)` mark.
fn kazan_mark(token: &str) -> Option<u64> {
    let open = token.find('(')?;
    token[open + 1..].strip_suffix(')')?.parse().ok()
}
