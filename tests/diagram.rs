//! `tgn diagram`: every game's SVG, read back with an XML parser, shows the engine's
//! position — each piece on its point in its colour and kind, each pit with its count —
//! at every ply of a sample record and of a random game; and the command writes SVG
//! and PNG.

use std::path::Path;

use crate::common::picture::{from_scene, from_state, from_svg, sample, states};
use assert_cmd::Command;
use tgn::internals::random_record;
use tgn::output::svg;
use tgn::record::parse_games;
use tgn::registry::{self, Found};
use tgn::replay::Settings;
use tgn::replay::diagram::{Stop, diagram};

/// Plies checked per record: enough for captures, chains and sowings to show.
const PLIES: u32 = 12;

fn check_record(found: Found, text: &str, what: &str) {
    check_plies(found, text, what, 0..=PLIES as usize);
}

/// [`check_record`] at the plies of `plies` the main line reaches.
fn check_plies(found: Found, text: &str, what: &str, plies: std::ops::RangeInclusive<usize>) {
    let record = parse_games(text, Default::default()).remove(0);
    let states = states(text);
    for (ply, state) in states
        .iter()
        .enumerate()
        .filter(|(ply, _)| plies.contains(ply))
    {
        let drawn = diagram(found, &record, &Settings::default(), Stop::Ply(ply as u32))
            .unwrap_or_else(|e| panic!("{what} ply {ply}: {e}"));
        let picture = svg::write(found.info.id, &drawn.diagram);
        let scene = from_scene(&drawn.diagram);
        assert_eq!(from_svg(&picture), scene, "{what} at ply {ply}:\n{picture}");
        if let Some(in_state) = from_state(found.info.id, state) {
            assert_eq!(scene, in_state, "{what} at ply {ply}:\n{picture}");
        }
        if ply > 0 {
            assert!(
                !drawn.diagram.marks.is_empty() || found.info.id == "pasang",
                "{what} at ply {ply}: the last move is not shown"
            );
        }
    }
}

#[test]
fn every_games_diagram_shows_the_engines_position_at_every_ply() {
    for found in registry::all_games() {
        let id = found.info.id;
        if let Some(text) = sample(id) {
            check_record(found, &text, &format!("{id} sample"));
        }
        for seed in 0..3 {
            let text = random_record(found, seed, PLIES as usize).unwrap();
            check_record(found, &text, &format!("{id} random game {seed}"));
        }
    }
}

#[test]
fn a_ply_past_the_end_of_the_main_line_is_an_error() {
    let text = "[Game \"toguz-kumalak\"]\n\n1. 43(10) *\n";
    let found = registry::find("toguz-kumalak").unwrap();
    let record = parse_games(text, Default::default()).remove(0);
    let error = diagram(found, &record, &Settings::default(), Stop::Ply(5)).unwrap_err();
    assert_eq!(error, "the main line has 1 plies, not 5");
}

#[test]
fn a_bad_move_stops_the_drawing_at_the_position_before_it() {
    let text = "[Game \"toguz-kumalak\"]\n\n1. 43(10) 11(10) 2. 97 *\n";
    let found = registry::find("toguz-kumalak").unwrap();
    let record = parse_games(text, Default::default()).remove(0);
    let drawn = diagram(found, &record, &Settings::default(), Stop::End).unwrap();
    assert_eq!(drawn.ply, 2);
    assert!(
        drawn
            .stopped
            .unwrap()
            .to_string()
            .starts_with("ply 3 (97): wrong mark")
    );
}

#[test]
fn the_command_writes_svg_to_stdout_and_png_to_a_file() {
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("records/zamma/huff.pgn");
    let output = Command::cargo_bin("tgn")
        .unwrap()
        .args(["diagram", "--ply", "2"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox="));
    assert!(!text.contains("href"), "no external resources");

    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    Command::cargo_bin("tgn")
        .unwrap()
        .args(["diagram", "--format", "png", "-o"])
        .arg(&png)
        .arg(&record)
        .assert()
        .success();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

/// A PNG's width and height, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn issue_37_png_size_scales_the_picture_to_its_longer_side() {
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("records/zamma/huff.pgn");
    let png = |extra: &[&str]| {
        let output = Command::cargo_bin("tgn")
            .unwrap()
            .args(["diagram", "--format", "png"])
            .args(extra)
            .arg(&record)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        png_size(&output.stdout)
    };
    let (width, height) = png(&[]);
    let (w, h) = png(&["--size", "1200"]);
    assert_eq!(w.max(h), 1200);
    let ratio = |a: u32, b: u32| f64::from(a) / f64::from(b);
    assert!((ratio(w, h) - ratio(width, height)).abs() < 0.01);
    for refused in [
        &["--size", "8"][..],
        &["--size", "100000"],
        &["--size", "500", "--format", "svg"],
    ] {
        Command::cargo_bin("tgn")
            .unwrap()
            .arg("diagram")
            .args(refused)
            .arg(&record)
            .assert()
            .code(2);
    }
}

#[test]
fn annotate_diagrams_writes_one_svg_per_ply_and_names_each_after_its_move() {
    let dir = tempfile::tempdir().unwrap();
    // `3. g1 xa4`: a removal written as its own token shares the ply of its move.
    let text = "[Game \"nine-mens-morris\"]\n\n1. a1 a4 2. d1 b4 3. g1 xa4 *\n";
    let output = Command::cargo_bin("tgn")
        .unwrap()
        .args(["annotate", "--diagrams"])
        .arg(dir.path())
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    let annotated = String::from_utf8(output.stdout).unwrap();
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let expected: Vec<String> = (0..=5).map(|ply| format!("stdin-1-{ply:03}.svg")).collect();
    assert_eq!(files, expected, "{annotated}");
    for file in &files {
        assert_eq!(annotated.matches(file.as_str()).count(), 1, "{annotated}");
    }
    // The last diagram shows the position after the removal: a4 is empty.
    let last = std::fs::read_to_string(dir.path().join(&files[5])).unwrap();
    let shown = from_svg(&last);
    assert_eq!(shown.pieces.len(), 4, "{last}");
    assert!(!shown.pieces.contains_key("a4"));
    let after_g1 = annotated.find("g1").unwrap();
    assert!(
        annotated[after_g1..].contains("stdin-1-005.svg"),
        "{annotated}"
    );
}

#[test]
fn morabarabas_board_has_the_diagonals_nine_mens_morris_lacks() {
    let lines = |game: &str| {
        let found = registry::find(game).unwrap();
        let text = format!("[Game \"{game}\"]\n\n*\n");
        let record = parse_games(&text, Default::default()).remove(0);
        let drawn = diagram(found, &record, &Settings::default(), Stop::End).unwrap();
        svg::write(game, &drawn.diagram).matches("<line ").count()
    };
    // 32 segments of three rings and four spokes; Morabaraba adds 4 diagonals of 2.
    assert_eq!(lines("nine-mens-morris"), 32);
    assert_eq!(lines("morabaraba"), 40);
}

#[test]
fn a_move_after_the_end_of_the_game_is_not_drawn() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("records/invalid/kungser-after-end.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let found = registry::find("kungser").unwrap();
    let record = parse_games(&text, Default::default()).remove(0);
    let drawn = diagram(found, &record, &Settings::default(), Stop::End).unwrap();
    assert_eq!(drawn.ply, 1);
    let stopped = drawn.stopped.unwrap().to_string();
    assert!(
        stopped.starts_with("ply 2 (e7-e6): move after the end of the game: it ended 1-0"),
        "{stopped}"
    );
}

#[test]
fn da_san_qis_marked_points_are_drawn_where_its_state_has_them() {
    let found = registry::find("da-san-qi").unwrap();
    let text = sample("da-san-qi").unwrap();
    // Its sample's first game marks points from ply 16 (seen: 2 at ply 16, 3 at 20).
    let at_20 = diagram(
        found,
        &parse_games(&text, Default::default()).remove(0),
        &Settings::default(),
        Stop::Ply(20),
    )
    .unwrap();
    assert_eq!(
        at_20
            .diagram
            .pieces
            .iter()
            .filter(|p| p.kind == "marked")
            .count(),
        3
    );
    check_plies(found, &text, "da-san-qi sample", 14..=24);
}
