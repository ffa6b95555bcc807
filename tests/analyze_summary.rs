//! `tgn analyze --summary`: per player the moves judged, the average loss, the marks
//! and an accuracy; per game how often the first player played the engine's best.

use crate::common;

use serde_json::Value;

#[test]
fn the_summary_counts_every_judged_move_of_each_player_once() {
    let out = common::tgn()
        .current_dir(common::root())
        .args(["analyze", "--summary", "--format", "json", "--depth", "2"])
        .arg("records/toguz-kumalak/score-sheet.pgn")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let players = summary["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{summary}");
    let moves: u64 = players.iter().map(|p| p["moves"].as_u64().unwrap()).sum();
    let check = common::tgn()
        .current_dir(common::root())
        .args([
            "check",
            "--format",
            "json",
            "records/toguz-kumalak/score-sheet.pgn",
        ])
        .output()
        .unwrap();
    let game: Value =
        serde_json::from_slice(check.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(
        moves,
        game["plies"].as_u64().unwrap(),
        "every ply judged once"
    );
    for player in players {
        let accuracy = player["accuracy"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&accuracy), "{player}");
        assert!(player["average_loss"].as_f64().unwrap() >= 0.0, "{player}");
        let marks: u64 = ["dubious", "mistakes", "blunders"]
            .iter()
            .map(|k| player[k].as_u64().unwrap())
            .sum();
        assert!(marks <= player["moves"].as_u64().unwrap(), "{player}");
    }
    let games = summary["games"].as_array().unwrap();
    assert_eq!(games[0]["game"], "toguz-kumalak");
    assert_eq!(
        games[0]["first_player_moves"].as_u64().unwrap(),
        moves.div_ceil(2)
    );
}

#[test]
fn the_summary_is_the_same_on_every_run() {
    let run = || {
        common::tgn()
            .current_dir(common::root())
            .args(["analyze", "--summary", "--nodes", "800", "records/zamma"])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run(), run());
}
