//! Bagh-chal: every rule (R1–R8) and worked example (E1–E5) of `bagh-chal.md`, the
//! options, the notation, the position string, the drawing and the JSON state.

use super::*;
use crate::games::testing::{error, legal, play};
use crate::games::{GameResult, Player, Rules};
use crate::record::parser::{Origin, parse_games};
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

fn bagh_chal() -> BaghChal {
    configured(&[])
}

fn configured(tags: &[(&str, &str)]) -> BaghChal {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    BaghChal::configure(&Setup::new(&Games::GAMES[0], &tags, &[])).expect("valid options")
}

fn fen(game: &BaghChal, text: &str) -> crate::games::common::hunt::Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    replay_with::<BaghChal>(&Games::GAMES[0], &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<(ErrorCode, Option<u32>)> {
    r.errors.iter().map(|e| (e.code, e.ply)).collect()
}

/// A record of `movetext` from `position` (the start if empty).
fn record(position: &str, movetext: &str) -> String {
    let setup = if position.is_empty() {
        String::new()
    } else {
        format!("[SetUp \"1\"]\n[FEN \"{position}\"]\n")
    };
    format!("[Game \"bagh-chal\"]\n{setup}\n{movetext}\n")
}

// ----- worked examples -----

#[test]
fn e1_opening_steps_are_legal_and_a_capture_needs_a_goat_between() {
    let game = bagh_chal();
    let mut p = game.start_position();
    for text in ["c3", "a1-b2", "b3", "b2-a1"] {
        play(&game, &mut p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let mut p = game.start_position();
    play(&game, &mut p, "c3").unwrap();
    assert_eq!(
        error(&game, &p, "a1xc3"),
        "illegal move: a1xc3: no goat stands next to the tiger on a1 towards c3 to jump (R4)"
    );
    assert_eq!(
        error(&game, &p, "b2-b1"),
        "illegal move: there is no piece on b2"
    );
}

#[test]
fn e2_a_tiger_captures_the_goat_between_along_a_diagonal() {
    let game = bagh_chal();
    let p = fen(&game, "T3T/5/5/1G3/T3T t 19 0");
    let mut q = p.clone();
    play(&game, &mut q, "a1xc3").unwrap();
    assert_eq!(game.write_position(&q), "T3T/5/2T2/5/4T g 19 1");
    play(&game, &mut p.clone(), "e1-d1").unwrap();
    assert_eq!(
        error(&game, &p, "a1xa3"),
        "illegal move: a1xa3: no goat stands next to the tiger on a1 towards a3 to jump (R4)"
    );
}

#[test]
fn e3_no_diagonal_off_the_pattern() {
    let game = bagh_chal();
    let p = fen(&game, "T3T/5/1G3/T4/4T t 19 0");
    assert_eq!(
        error(&game, &p, "a2xc4"),
        "illegal move: a2xc4: a2 and c4 are not on one line (R4)"
    );
    assert!(!legal(&game, &p).iter().any(|m| m.starts_with("a2x")));
}

#[test]
fn e4_goats_may_not_move_during_placement() {
    let game = bagh_chal();
    let mut p = game.start_position();
    play(&game, &mut p, "c3").unwrap();
    play(&game, &mut p, "a1-b1").unwrap();
    assert_eq!(
        error(&game, &p, "c3-c4"),
        "illegal move: the goat side still has 19 in hand and must place a goat (R2)"
    );
}

#[test]
fn e5_goats_win_when_no_tiger_can_step_or_jump() {
    let game = bagh_chal();
    let p = fen(&game, "TGGGT/GG1GG/G1G1G/GG1GG/TGG1T g 4 0");
    assert!(game.outcome(&p).is_none());
    let mut q = p.clone();
    play(&game, &mut q, "d1").unwrap();
    assert!(legal(&game, &q).is_empty());
    let o = game.outcome(&q).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert_eq!(
        o.reason,
        "the tiger side has no legal move: every tiger is blocked (R6)"
    );
    let r = replay(&record("TGGGT/GG1GG/G1G1G/GG1GG/TGG1T g 4 0", "1. d1 1-0"));
    assert!(r.is_valid(), "{:?}", r.errors);
}

// ----- rules -----

#[test]
fn r1_tigers_on_the_corners_twenty_goats_in_hand_goats_first() {
    let game = bagh_chal();
    let start = game.start_position();
    assert_eq!(game.write_position(&start), "T3T/5/5/5/T3T g 20 0");
    assert_eq!(game.to_move(&start), Player::First);
    assert_eq!(start.hand(), 20);
    assert_eq!(legal(&game, &start).len(), 21, "a goat on any empty point");
}

#[test]
fn r2_goats_are_placed_on_any_empty_point_while_any_is_in_hand() {
    let game = bagh_chal();
    let mut p = game.start_position();
    play(&game, &mut p, "c3").unwrap();
    assert_eq!(
        error(&game, &p, "d4"),
        "illegal move: the tiger side is to move, and tigers never enter from hand: d4 drops a goat (R2)"
    );
    play(&game, &mut p, "a1-b1").unwrap();
    assert_eq!(error(&game, &p, "c3"), "illegal move: c3 is occupied (R2)");
    assert_eq!(error(&game, &p, "b1"), "illegal move: b1 is occupied (R2)");
}

#[test]
fn r3_goats_step_along_a_line_once_all_are_placed_and_never_jump() {
    let game = bagh_chal();
    let p = fen(&game, "T3T/5/1G3/1G3/T3T g 0 0");
    play(&game, &mut p.clone(), "b3-b4").unwrap();
    play(&game, &mut p.clone(), "b2-c3").unwrap();
    assert_eq!(
        error(&game, &p, "b3-c4"),
        "illegal move: b3-c4: a goat steps to a neighbouring point along a line, and c4 is not next to b3 (R3)"
    );
    assert_eq!(
        error(&game, &p, "b2xb4"),
        "illegal move: goats never jump or capture (R3)"
    );
    assert_eq!(
        error(&game, &p, "c4"),
        "illegal move: the goat side has no goat in hand and must move one (R3)"
    );
}

#[test]
fn r4_a_tiger_steps_or_jumps_one_goat_once_per_turn_never_a_tiger() {
    let game = bagh_chal();
    // Goats on b2 and d4: a1xc3 is a capture, a1xc3xe5 a chain, which is not allowed.
    let p = fen(&game, "T3T/3G1/5/1G3/T3T t 18 0");
    let captures: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(captures, ["a1xc3", "e5xc3"]);
    assert_eq!(
        error(&game, &p, "a1xc3xe5"),
        "illegal move: a1xc3xe5: a tiger captures once per turn, with one jump and no chain (R4)"
    );
    // Capturing is not compulsory.
    play(&game, &mut p.clone(), "e1-d1").unwrap();
    // Two goats in a row are not jumped.
    let p = fen(&game, "T3T/5/2G2/1G3/T3T t 18 0");
    assert_eq!(
        error(&game, &p, "a1xd4"),
        "illegal move: a1xd4: a tiger jumps one goat only, not a run of 2 goats (b2, c3) (R4)"
    );
    // A tiger never jumps a tiger.
    let p = fen(&game, "5/5/T4/T4/T3T t 20 0");
    assert_eq!(
        error(&game, &p, "a1xa3"),
        "illegal move: a1xa3: no goat stands next to the tiger on a1 towards a3 to jump (R4)"
    );
    // A capture written with -, and a step written with x, are wrong marks.
    let p = fen(&game, "T3T/5/5/1G3/T3T t 19 0");
    assert!(error(&game, &p, "a1-c3").starts_with("wrong mark: a1-c3 is a capture"));
    assert!(error(&game, &p, "e1xd1").starts_with("wrong mark: e1xd1 takes nothing"));
}

#[test]
fn r5_the_tigers_win_at_five_captured_or_the_number_the_option_says() {
    let game = bagh_chal();
    let p = fen(&game, "T3T/5/5/1G3/T3T t 15 4");
    let mut q = p.clone();
    play(&game, &mut q, "a1xc3").unwrap();
    let o = game.outcome(&q).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert_eq!(o.reason, "5 goats captured (R5)");
    let six = configured(&[("TigerCaptures", "6")]);
    let mut q = p.clone();
    play(&six, &mut q, "a1xc3").unwrap();
    assert!(six.outcome(&q).is_none());
    assert!(six.draw(&q).ends_with("(the tigers win at 6)"));
    for bad in ["0", "21", "five"] {
        let tags = [("TigerCaptures".to_string(), bad.to_string())];
        let e = BaghChal::configure(&Setup::new(&Games::GAMES[0], &tags, &[]))
            .err()
            .unwrap();
        assert!(e.message.contains("expected a number 1-20"), "{bad}: {e}");
    }
}

#[test]
fn r6_a_side_without_a_move_loses() {
    let game = bagh_chal();
    // The goats fill the board but a1, and only tigers stand next to it.
    let p = fen(&game, "GGGGT/GGGGG/GGGGG/TTGGG/1TGGG g 0 0");
    assert!(legal(&game, &p).is_empty());
    let o = game.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert_eq!(o.reason, "the goat side has no legal move (R6)");
}

/// `1. c2-c1 a1-b1 2. c1-c2 b1-a1`, twice: the start position comes back twice.
const SHUFFLE: &str = "T3T/GGGGG/GGGGG/GGGGG/T3T g 0 0";
const TWICE: &str = "1. c2-c1 a1-b1 2. c1-c2 b1-a1 3. c2-c1 a1-b1 4. c1-c2 b1-a1";

#[test]
fn r7_the_third_occurrence_of_a_position_draws() {
    let game = bagh_chal();
    let mut p = fen(&game, SHUFFLE);
    for (ply, text) in TWICE
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .enumerate()
    {
        assert!(game.outcome(&p).is_none(), "over before ply {ply}");
        play(&game, &mut p, text).unwrap();
    }
    let o = game.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, "the same position for the third time (R7)");
    let r = replay(&record(SHUFFLE, &format!("{TWICE} 1/2-1/2")));
    assert!(r.is_valid(), "{:?}", r.errors);
    // With repetition=off play goes on.
    let off = configured(&[("Repetition", "off")]);
    let mut p = fen(&off, SHUFFLE);
    for text in TWICE.split_whitespace().filter(|t| !t.ends_with('.')) {
        play(&off, &mut p, text).unwrap();
    }
    assert!(off.outcome(&p).is_none());
}

#[test]
fn r8_no_move_after_the_end_and_a_declared_result_must_match_the_board() {
    let r = replay(&record(SHUFFLE, &format!("{TWICE} 5. c2-c1 *")));
    assert_eq!(codes(&r), [(ErrorCode::AfterEnd, Some(9))]);
    let r = replay(&record("T3T/5/5/1G3/T3T t 15 4", "1... a1xc3 1-0"));
    assert_eq!(codes(&r), [(ErrorCode::Result, None)]);
    // Where the board has not decided, a declared result is accepted.
    let r = replay(&record("", "1. c3 a1-b1 0-1"));
    assert!(r.is_valid(), "{:?}", r.errors);
}

// ----- notation, position string, drawing, state -----

#[test]
fn notation_is_read_and_written_back() {
    let game = bagh_chal();
    let start = game.start_position();
    let m = game
        .resolve(&start, &game.parse_token("C3").unwrap())
        .unwrap();
    assert_eq!(game.write_move(&start, &m), "c3");
    for bad in ["@c3", "c6", "c3-c4-c5", "f1"] {
        assert!(game.parse_token(bad).is_err(), "{bad}");
    }
    let expected = |text: &str| game.parse_token(text).unwrap_err().to_string();
    assert!(expected("c3x").contains("a placement (c3), a step (c3-c4) or a capture (a1xc3)"));
    assert!(expected("z9").contains("a point of the board (a1-e5), not \"z9\""));
}

#[test]
fn position_strings_are_validated() {
    let game = bagh_chal();
    for (text, message) in [
        ("T3T/5/5/5/T3T g 20", "expected 4 fields"),
        ("T3T/5/5/5 g 20 0", "expected 5 ranks"),
        ("T3T/5/5/5/T4T g 20 0", "rank 1 has more than 5 points"),
        ("T3T/5/5/5/T2T g 20 0", "rank 1 has 4 points, not 5"),
        (
            "T3T/5/5/5/T3x g 20 0",
            "expected T, G or a digit 1-5, found \"x\"",
        ),
        (
            "T3T/5/5/5/T0T g 20 0",
            "rank 1: expected T, G or a digit 1-5, found \"0\"",
        ),
        (
            "T3T/5/5/5/999999999999999999999999999999T g 20 0",
            "rank 1 has more than 5 points",
        ),
        ("T3T/5/5/5/4T g 20 0", "expected the 4 tigers, found 3"),
        ("T3T/5/5/5/T3T x 20 0", "turn: expected t or g"),
        ("T3T/5/5/5/T3T g 21 0", "hand: expected a count 0-20"),
        ("T3T/GGGGG/5/5/T3T g 16 0", "make 21, more than 20"),
    ] {
        let e = game.parse_position(text).unwrap_err();
        assert!(e.contains(message), "{text}: {e}");
    }
    let p = fen(&game, "T3T/5/2G2/5/T3T t 19 0");
    assert_eq!(game.write_position(&p), "T3T/5/2G2/5/T3T t 19 0");
    // Letters in either case; written in upper case, the side in lower case.
    let p = fen(&game, "t3t/5/2g2/5/t3T T 19 0");
    assert_eq!(game.write_position(&p), "T3T/5/2G2/5/T3T t 19 0");
}

#[test]
fn the_drawing_shows_the_square_its_diagonals_and_counts() {
    let game = bagh_chal();
    let expected = "\
5 T-.-.-.-T
  |\\|/|\\|/|
4 .-.-.-.-.
  |/|\\|/|\\|
3 .-.-.-.-.
  |\\|/|\\|/|
2 .-.-.-.-.
  |/|\\|/|\\|
1 T-.-.-.-T
  a b c d e
G to move; goats in hand 20, captured 0 (the tigers win at 5)";
    assert_eq!(game.draw(&game.start_position()), expected);
}

#[test]
fn json_state_keys_the_goats_first_and_the_tigers_second() {
    let game = bagh_chal();
    let s = game.state(&fen(&game, "T3T/5/5/1G3/T3T t 19 0"));
    assert_eq!(s["first"], serde_json::json!(["b2"]));
    assert_eq!(s["second"], serde_json::json!(["a1", "e1", "a5", "e5"]));
    assert_eq!(s["hand"], 19);
    assert_eq!(s["captured"], 0);
    assert_eq!(s["to_move"], "second");
    assert!(s.get("opening").is_none(), "no first turn of their own");
}

#[test]
fn random_games_round_trip_their_notation_and_positions() {
    for seed in 0..30 {
        crate::games::playout::random_game::<BaghChal>(&Games::GAMES[0], seed, 300, true)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
