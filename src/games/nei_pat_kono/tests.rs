//! Nei Pat Kono: every rule (R1–R11), the decisions of §4 that add behaviour and every
//! worked example (E1–E4) of the spec.

use super::*;
use crate::games::IllegalKind;
use crate::games::testing::{error, kind_and_rule, legal, play, refusal};
use crate::record::parser::{Origin, parse_games};
use crate::registry;
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

const B: Colour = Colour::Black;
const W: Colour = Colour::White;

fn kono() -> NeiPatKono {
    NeiPatKono::new(false, B)
}

/// A position from lists of points.
fn at(rules: &NeiPatKono, black: &[&str], white: &[&str], to_move: Colour) -> Position {
    Position::from_names(&rules.grid, black, white, to_move).unwrap()
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    let info = registry::find("nei-pat-kono").unwrap().info;
    replay_with::<NeiPatKono>(info, &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<ErrorCode> {
    r.errors.iter().map(|e| e.code).collect()
}

// ----- worked examples -----

#[test]
fn e1_opening_four_captures_and_no_step() {
    let rules = kono();
    let start = rules.start_position();
    assert_eq!(legal(&rules, &start), ["a1xa3", "b1xb3", "c1xc3", "d1xd3"]);
    let mut p = start.clone();
    play(&rules, &mut p, "a1xa3").unwrap();
    assert_eq!(rules.write_position(&p), "wwww/bwww/bbbb/1bbb w");
}

#[test]
fn e2_reply_after_b1xb3() {
    let rules = kono();
    let mut p = rules.start_position();
    play(&rules, &mut p, "b1xb3").unwrap();
    assert_eq!(legal(&rules, &p), ["a4xa2", "c4xc2", "d3xb3", "d4xd2"]);
    assert_eq!(
        error(&rules, &p, "b4xb2"),
        "illegal move: b4xb2 jumps over the black piece on b3: a capture passes over a piece \
         of one's own colour, never an enemy's (R4)"
    );
}

#[test]
fn e3_win_by_reduction() {
    let rules = kono();
    let mut p = at(&rules, &["c2", "c3"], &["c4", "a1"], B);
    assert_eq!(
        legal(&rules, &p),
        ["c2-b2", "c2-c1", "c2-d2", "c2xc4", "c3-b3", "c3-d3"]
    );
    let before = p.clone();
    let mv = play(&rules, &mut p, "c2xc4").unwrap();
    let outcome = rules.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(outcome.reason, "white has only one piece left (R8)");
    assert_eq!(
        rules.describe(&before, &mv, &p),
        "black c2xc4 jumps over c3 and takes the white piece on c4 (R3); black 2, white 1; \
         game over: 1-0 (white has only one piece left (R8))"
    );
}

#[test]
fn e4_win_by_blocking() {
    let rules = kono();
    let p = at(&rules, &["a1", "c1"], &["a2", "b1", "c2", "d1"], B);
    assert!(rules.legal_moves(&p).is_empty());
    let outcome = rules.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::SecondWins);
    assert_eq!(
        outcome.reason,
        "black cannot move: no step and no capture (R9)"
    );
}

// ----- rules -----

#[test]
fn r1_the_player_to_move_moves_his_own_piece() {
    let rules = kono();
    let start = rules.start_position();
    assert_eq!(
        error(&rules, &start, "a4xa2"),
        "illegal move: a4 holds a white piece, and black is to move (R1)"
    );
    let mut p = start.clone();
    play(&rules, &mut p, "a1xa3").unwrap();
    assert_eq!(
        error(&rules, &p, "a1-b1"),
        "illegal move: there is no piece on a1 (R1)"
    );
}

#[test]
fn r2_a_step_goes_to_an_adjacent_empty_point() {
    let rules = kono();
    let p = at(&rules, &["b2", "c2"], &["b3", "d4"], B);
    let mut q = p.clone();
    play(&rules, &mut q, "b2-a2").unwrap();
    assert_eq!(
        error(&rules, &p, "b2-c2"),
        "illegal move: c2 holds a black piece: a step goes to an empty point (R2)"
    );
    assert_eq!(
        error(&rules, &p, "b2-b3"),
        "illegal move: b3 holds a white piece: a step goes to an empty point, and a capture \
         jumps over a piece of one's own colour onto the enemy behind it (R2, R3)"
    );
}

#[test]
fn r3_capture_jumps_a_friend_onto_a_foe_which_leaves() {
    let rules = kono();
    let mut p = at(&rules, &["a1", "a2"], &["a3", "d4", "c4"], B);
    play(&rules, &mut p, "a1xa3").unwrap();
    assert_eq!(rules.write_position(&p), "2ww/b3/b3/4 w");
    assert_eq!(p.count(W), 2);
}

#[test]
fn r4_forbidden_moves() {
    let rules = kono();
    let p = at(&rules, &["a1", "b2", "a2"], &["c3", "a4", "b3", "d4"], B);
    assert_eq!(
        error(&rules, &p, "b2-c3"),
        "illegal move: b2-c3 is diagonal: pieces move along files and ranks only (R4)"
    );
    assert_eq!(
        error(&rules, &p, "b2xd4"),
        "illegal move: b2xd4 is diagonal: pieces move along files and ranks only (R4)"
    );
    assert_eq!(
        error(&rules, &p, "a1-b3"),
        "illegal move: a1-b3 is not along a file or a rank (R2, R3, R4)"
    );
    // Over a friend onto an empty point, or onto a friend.
    assert_eq!(
        error(&rules, &p, "a2xc2"),
        "illegal move: a2xc2 lands on the empty point c2: a capture lands on an enemy \
         piece (R3, R4)"
    );
    assert_eq!(
        error(&rules, &p, "b2xb4"),
        "illegal move: b2xb4 jumps over the white piece on b3: a capture passes over a \
         piece of one's own colour, never an enemy's (R4)"
    );
    assert_eq!(
        error(&rules, &p, "a1xa4"),
        "illegal move: a1xa4 goes 3 points: a step goes one point, a capture two (R4)"
    );
    assert_eq!(
        error(&rules, &p, "b2xd2"),
        "illegal move: b2xd2 passes over the empty point c2: a capture jumps over a piece \
         of one's own colour (R3, R4)"
    );
    let q = at(&rules, &["a1", "a2", "a3"], &["d4", "c4"], B);
    assert_eq!(
        error(&rules, &q, "a1xa3"),
        "illegal move: a3 holds a black piece: a capture lands on an enemy piece (R3, R4)"
    );
}

#[test]
fn r5_one_capture_a_turn() {
    let rules = kono();
    // No chain: after one capture the turn passes, and a chain cannot be written.
    let mut p = at(&rules, &["a1", "a2", "b3"], &["a3", "c3", "d4"], B);
    assert!(rules.parse_token("a1xa3xc3").is_err());
    play(&rules, &mut p, "a1xa3").unwrap();
    assert_eq!(p.to_move, W);
}

#[test]
fn r6_captures_are_optional() {
    let rules = kono();
    let mut p = at(&rules, &["a1", "a2"], &["a3", "d4", "c4"], B);
    play(&rules, &mut p, "a1-b1").unwrap();
}

#[test]
fn r7_the_first_move_is_a_capture() {
    let rules = kono();
    let start = rules.start_position();
    assert!(rules.legal_moves(&start).iter().all(|m| m.capture));
}

#[test]
fn r8_a_player_with_one_piece_has_lost() {
    let r = replay(
        "[Game \"nei-pat-kono\"]\n[SetUp \"1\"]\n[FEN \"2w1/2b1/2b1/w3 b\"]\n\
         1. c2xc4 b3-b2 1-0",
    );
    assert_eq!(codes(&r), [ErrorCode::AfterEnd]);
    assert_eq!(r.errors[0].ply, Some(2));
}

#[test]
fn r9_no_move_loses_and_is_judged_at_the_end() {
    let r = replay("[Game \"nei-pat-kono\"]\n[SetUp \"1\"]\n[FEN \"4/4/w1w1/bwbw b\"]\n1/2-1/2");
    assert_eq!(codes(&r), [ErrorCode::Result]);
    assert!(
        r.errors[0]
            .message
            .contains("black cannot move: no step and no capture (R9)")
    );
}

#[test]
fn r10_declared_results_before_the_end_stand() {
    let r = replay("[Game \"nei-pat-kono\"]\n1. b1xb3 a4xa2 0-1");
    assert!(r.is_valid(), "{:?}", r.errors);
}

#[test]
fn marks_are_checked() {
    let rules = kono();
    let start = rules.start_position();
    assert_eq!(
        error(&rules, &start, "a1-a3"),
        "wrong mark: a1-a3 is a capture: write it a1xa3"
    );
    let p = at(&rules, &["b2", "c2"], &["b4", "d4"], B);
    assert_eq!(
        error(&rules, &p, "b2xb3"),
        "wrong mark: b2xb3 is a step, not a capture: write it b2-b3"
    );
    assert!(rules.parse_token("a1xa3x").is_err());
    assert!(rules.parse_token("a1-e1").is_err());
    assert!(rules.parse_token("A1XA3").is_ok());
}

#[test]
fn decision3_forced_capture() {
    let rules = NeiPatKono::new(true, B);
    let p = at(&rules, &["a1", "a2"], &["a3", "d4", "c4"], B);
    assert_eq!(legal(&rules, &p), ["a1xa3"]);
    assert_eq!(
        error(&rules, &p, "a1-b1"),
        "illegal move: with forced-capture, a capture must be made when one exists: a1xa3 \
         (decision 3)"
    );
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "a1-b1")),
        (IllegalKind::CaptureCompulsory, Some("decision 3"))
    );
    assert_eq!(legal(&kono(), &p), ["a1-b1", "a1xa3", "a2-b2"]);
}

#[test]
fn decision1_first_player_white() {
    let info = registry::find("four-field-kono").unwrap().info;
    let tags = vec![("FirstPlayer".to_string(), "white".to_string())];
    let rules = NeiPatKono::configure(&Setup::new(info, &tags, &[])).unwrap();
    let start = rules.start_position();
    assert_eq!(rules.to_move(&start), Player::First);
    assert_eq!(legal(&rules, &start), ["a4xa2", "b4xb2", "c4xc2", "d4xd2"]);
    // The data model names White's side first, and keys its pieces `first`.
    assert_eq!(rules.sides(info), Sides::new("White", "Black"));
    assert_eq!(kono().sides(info), Sides::new("Black", "White"));
    let state = rules.state(&start);
    assert_eq!(state["to_move"], "first");
    assert_eq!(state["first"][0], "a3");
    let tags = vec![("FirstPlayer".to_string(), "red".to_string())];
    assert!(NeiPatKono::configure(&Setup::new(info, &tags, &[])).is_err());
}

// ----- position strings and drawing -----

#[test]
fn position_strings_are_validated() {
    let rules = kono();
    let start = rules.start_position();
    assert_eq!(rules.write_position(&start), "wwww/wwww/bbbb/bbbb b");
    assert_eq!(
        rules.parse_position("wwww/wwww/bbbb/bbbb b").unwrap(),
        start
    );
    let err = |t: &str| rules.parse_position(t).unwrap_err();
    assert_eq!(
        err("wwww/wwww/bbbb b"),
        "field 1 (the board): 3 ranks separated by /, but the 4x4 board has 4"
    );
    assert_eq!(
        err("wwww/wwwww/bbbb/bbbb b"),
        "field 1 (the board): rank 3 (\"wwwww\") runs off the 4x4 board: it has only 4 files"
    );
    assert_eq!(
        err("wwww/wwbb/bbbb/bbbb w"),
        "field 1 (the board): black has 10 pieces, but a side starts with 8 (§2)"
    );
    assert_eq!(
        err("4/4/bbbb/bbbb w"),
        "field 1 (the board): white has no piece, but the game ends when a side is down to \
         one (R8)"
    );
    assert_eq!(
        err("w3/4/bbbb/bbbb b"),
        "field 1 (the board): white has one piece, yet black is to move: white lost when \
         it was reduced to one (R8)"
    );
    assert!(rules.parse_position("w3/4/bbbb/bbbb w").is_ok());
    assert_eq!(
        err("wwww/wwww/bbbb/bbbb"),
        "field 2 (the side to move) is missing: add b or w"
    );
}

#[test]
fn drawing_and_state() {
    let rules = kono();
    let start = rules.start_position();
    assert_eq!(
        rules.draw(&start),
        " 4 w w w w\n 3 w w w w\n 2 b b b b\n 1 b b b b\n   a b c d\nblack to move; black 8, white 8"
    );
    assert_eq!(
        rules.state(&start)["second"].to_string(),
        r#"["a3","b3","c3","d3","a4","b4","c4","d4"]"#
    );
}
