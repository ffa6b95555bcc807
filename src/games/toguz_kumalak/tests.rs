//! Tests: one per rule (named after it), one per worked example of §5, the notation,
//! the position string, the options, random playouts, PlayOK's 1,199 real games and
//! the sample records.

use super::notation::TuzdykMark;
use super::*;
use crate::games::{GameResult, IllegalKind, Rule};

fn rules() -> ToguzKumalak {
    ToguzKumalak::default()
}

fn pos(text: &str) -> Position {
    rules()
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn board(p: &Position) -> ([u8; 9], [u8; 9], [u8; 2]) {
    (p.row(Side::South), p.row(Side::North), p.kazans())
}

/// Plays tokens from `p` with `r`, panicking with the token on any error.
fn play_with(r: &ToguzKumalak, mut p: Position, tokens: &[&str]) -> Position {
    for text in tokens {
        let token = r
            .parse_token(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let mv = r
            .resolve(&p, &token)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        r.play(&mut p, &mv);
    }
    p
}

fn play(p: Position, tokens: &[&str]) -> Position {
    play_with(&rules(), p, tokens)
}

/// The error resolving `text` in `p`.
fn error(p: &Position, text: &str) -> MoveError {
    let r = rules();
    let token = r.parse_token(text).unwrap();
    r.resolve(p, &token).expect_err(text)
}

/// The canonical form of `text` played in `p`.
fn canonical(p: &Position, text: &str) -> String {
    let r = rules();
    let mv = r.resolve(p, &r.parse_token(text).unwrap()).unwrap();
    r.write_move(p, &mv)
}

fn describe(p: &Position, text: &str) -> String {
    let r = rules();
    let mv = r.resolve(p, &r.parse_token(text).unwrap()).unwrap();
    let mut after = *p;
    r.play(&mut after, &mv);
    r.describe(p, &mv, &after)
}

const START: &str = "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:S";

// ---- §2 and the rules R1–R12 ----

#[test]
fn start_position_is_section_2() {
    let r = rules();
    assert_eq!(r.write_position(&r.start_position()), START);
    assert_eq!(pos(START), r.start_position());
}

#[test]
fn r1_empty_pit_is_illegal() {
    // S1 keeps one stone after S's opening 1 (R2); S later plays that single stone
    // on, and S1 is empty.
    let p = play(Position::start(), &["1", "1", "1", "1"]);
    assert_eq!(p.row(Side::South)[0], 0);
    assert_eq!(
        error(&p, "1").to_string(),
        "illegal move: pit S1 is empty (R1)"
    );
    assert!(matches!(
        error(&p, "1"),
        MoveError::Illegal {
            kind: IllegalKind::NoPiece { point },
            rule: Some(Rule("R1")),
            ..
        } if point == "S1"
    ));
}

#[test]
fn r1_turns_alternate() {
    let p = play(Position::start(), &["1"]);
    assert_eq!(rules().to_move(&p), Player::Second);
    let p = play(p, &["1"]);
    assert_eq!(rules().to_move(&p), Player::First);
}

#[test]
fn r2_single_stone_goes_to_next_pit() {
    let p = pos("S:1,0,0,0,0,0,0,0,80/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:S");
    let after = play(p, &["12"]);
    assert_eq!(after.row(Side::South)[..2], [0, 1]);
}

#[test]
fn r2_first_stone_back_into_emptied_pit() {
    let after = play(Position::start(), &["19"]);
    assert_eq!(after.row(Side::South), [1, 10, 10, 10, 10, 10, 10, 10, 10]);
}

#[test]
fn r3_sowing_lands_n_minus_1_pits_on() {
    // Ex. 2's rule of thumb: opening k lands in N(k-1) for k = 2..9.
    for k in 2..=9u8 {
        let text = format!("{k}{}({})", k - 1, 10);
        let after = play(Position::start(), &[&text]);
        assert_eq!(after.kazans(), [10, 0], "{text}");
    }
}

#[test]
fn r3_long_move_drops_into_the_starting_pit_again() {
    // §4.9: 20 stones from S1 go S1..S9, N1..N9, S1 (again), S2.
    let p = pos("S:20,0,0,0,0,0,0,0,0/N:9,9,9,9,9,9,9,9,7/K:32,31/T:-,-/M:S");
    let after = play(p, &["12"]);
    assert_eq!(after.row(Side::South), [2, 2, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(after.row(Side::North), [10, 10, 10, 10, 10, 10, 10, 10, 8]);
    // 37 stones: two whole laps (36) and one more, back in S1: lands in S1.
    let p = pos("S:37,0,0,0,0,0,0,0,0/N:9,9,9,9,9,9,9,9,9/K:20,24/T:-,-/M:S");
    let after = play(p, &["11"]);
    assert_eq!(after.row(Side::South), [3, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(after.row(Side::North), [11; 9]);
}

#[test]
fn r4_stones_dropped_into_a_tuzdyk_go_to_its_owner() {
    // N's tuzdyk is S1; S's move from S9 with 12 stones passes S1 once.
    let p = pos("S:0,9,9,9,9,9,9,9,12/N:9,9,9,9,9,9,9,9,9/K:3,3/T:-,1/M:S");
    let after = play(p, &["92"]);
    assert_eq!(after.row(Side::South)[0], 0);
    assert_eq!(after.kazan(Side::North), 4);
    assert!(describe(&p, "92").contains("1 stone into N's tuzdyk (R4)"));
}

#[test]
fn r5_no_event_on_own_side() {
    // S2's single stone makes S3 even, but S3 is S's own pit: no capture.
    let p = pos("S:0,1,1,0,0,0,0,0,0/N:9,9,9,9,9,9,9,9,9/K:41,38/T:-,-/M:S");
    let after = play(p, &["23"]);
    assert_eq!(after.row(Side::South)[..3], [0, 0, 2]);
    assert_eq!(after.kazans(), [41, 38]);
    assert_eq!(canonical(&p, "2"), "23");
}

#[test]
fn r5_landing_in_a_tuzdyk_is_no_event() {
    // S owns N3; S9 with 4 stones: S9, N1, N2, N3 → the last stone goes to S's kazan.
    let p = pos("S:9,9,9,9,9,9,9,9,4/N:9,9,0,9,9,9,9,9,9/K:14,0/T:3,-/M:S");
    let after = play(p, &["93"]);
    assert_eq!(after.kazans(), [15, 0]);
    assert_eq!(after.row(Side::North)[..3], [10, 10, 0]);
    assert_eq!(canonical(&p, "9"), "93");
    assert_eq!(
        error(&p, "93X").to_string(),
        "wrong mark: the move makes no tuzdyk: the last stone lands in the tuzdyk N3 (R5)"
    );
    assert!(describe(&p, "9").starts_with("S sows 4 from S9, lands in N3, a tuzdyk (R5)"));
}

#[test]
fn r5_landing_in_the_opponents_tuzdyk_in_ones_own_row() {
    // S owns N3; N1's 3 stones go N1, N2, N3: the last one is S's (R4).
    let p = pos("S:1,10,1,3,12,12,12,3,1/N:3,13,0,11,11,11,11,11,1/K:13,22/T:3,-/M:N");
    let after = play(p, &["13"]);
    assert_eq!(after.kazans(), [14, 22]);
    assert_eq!(
        describe(&p, "13"),
        "N sows 3 from N1, lands in N3, a tuzdyk (R5); 1 stone into S's tuzdyk (R4); kazans 14:22"
    );
    assert_eq!(
        error(&p, "13X").to_string(),
        "wrong mark: the move makes no tuzdyk: the last stone lands in the tuzdyk N3 (R5)"
    );
}

#[test]
fn r6_even_capture() {
    let after = play(Position::start(), &["98(10)"]);
    assert_eq!(after.row(Side::North)[7], 0);
    assert_eq!(after.kazans(), [10, 0]);
}

#[test]
fn r7_tuzdyk_creation() {
    let p = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,11,11,11,11,11/K:2,11/T:-,-/M:S");
    let after = play(p, &["91X"]);
    assert_eq!(after.tuzdyk(Side::South), Pit::new(Side::North, 1));
    assert_eq!(after.kazans(), [5, 11]);
    assert_eq!(canonical(&p, "91"), "91X");
    for mark in ["91x", "91х"] {
        assert_eq!(play(p, &[mark]), after, "{mark}");
    }
}

#[test]
fn r7a_one_tuzdyk_per_player() {
    // S already owns N5; landing on 3 in N1 makes nothing.
    let p = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,0,11,11,11,11/K:13,11/T:5,-/M:S");
    let after = play(p, &["91"]);
    assert_eq!(after.row(Side::North)[0], 3);
    assert_eq!(after.kazans(), [13, 11]);
    assert_eq!(
        error(&p, "91X").to_string(),
        "wrong mark: the move makes no tuzdyk: S already has a tuzdyk, at N5: one per player (R7a)"
    );
    assert_eq!(error(&p, "91X").cited(), Some(Rule("R7a")));
}

#[test]
fn r7b_tuzdyk_not_in_pit_9() {
    let p = pos("S:0,0,0,0,0,0,0,0,10/N:9,9,9,9,9,9,9,9,2/K:60,18/T:-,-/M:S");
    let after = play(p, &["99"]);
    assert_eq!(after.row(Side::North)[8], 3);
    assert_eq!(after.tuzdyk(Side::South), None);
    assert_eq!(
        error(&p, "99X").to_string(),
        "wrong mark: the move makes no tuzdyk: N9 is N's pit 9 (R7b)"
    );
    assert!(describe(&p, "99").contains("lands in N9 (3): no tuzdyk (R7b)"));
}

#[test]
fn r7c_no_tuzdyk_mirroring_the_opponents() {
    let p = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,11,11,11,11,11/K:2,11/T:-,1/M:S");
    let after = play(p, &["91"]);
    assert_eq!(after.row(Side::North)[0], 3);
    assert_eq!(
        error(&p, "91X").to_string(),
        "wrong mark: the move makes no tuzdyk: N1 has the number of N's tuzdyk S1 (R7c)"
    );
}

#[test]
fn r7_tuzdyk_mark_on_an_odd_or_even_landing() {
    let p = Position::start();
    assert_eq!(
        error(&p, "98X").to_string(),
        "wrong mark: the move makes no tuzdyk: N8 holds 10 stones, not 3 (R7)"
    );
    assert_eq!(
        error(&p, "19x").to_string(),
        "wrong mark: the move makes no tuzdyk: the last stone lands in S9, in S's own row (R5)"
    );
}

#[test]
fn r8_tuzdyk_cannot_be_played() {
    let p = pos("S:0,1,11,11,11,11,11,11,11/N:1,11,1,11,11,11,11,11,11/K:2,3/T:-,1/M:S");
    assert_eq!(
        error(&p, "1").to_string(),
        "illegal move: pit S1 is N's tuzdyk and cannot be played (R8)"
    );
    let moves = rules().legal_moves(&p);
    assert_eq!(moves.len(), 8);
    assert!(moves.iter().all(|m| m.from.number() != 1));
}

#[test]
fn r9_only_the_landing_pit_decides() {
    // S8 with 3 stones: S8, S9, N1. N1 becomes 2 (captured); S9's even count is not.
    let p = pos("S:9,9,9,9,9,9,9,3,1/N:1,9,9,9,9,9,9,9,9/K:12,10/T:-,-/M:S");
    let after = play(p, &["81(14)"]);
    assert_eq!(after.row(Side::South)[8], 2);
    assert_eq!(after.kazans(), [14, 10]);
    assert_eq!(rules().to_move(&after), Player::Second);
}

#[test]
fn r10_early_end_at_82() {
    let p = pos("S:0,0,0,0,0,0,0,0,3/N:5,3,0,0,0,0,0,0,0/K:78,73/T:-,-/M:S");
    let after = play(p, &["92(82)"]);
    let outcome = rules().outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(outcome.reason, "S has 82 stones (R10), 82:73");
    assert!(describe(&p, "92").ends_with("; kazans 82:73; S has 82 stones (R10): game over"));
}

#[test]
fn r10_play_out_disables_the_early_end() {
    let r = ToguzKumalak::new(Direction::Ccw, true);
    let p = pos("S:0,0,0,0,0,0,0,0,3/N:5,3,0,0,0,0,0,0,0/K:78,73/T:-,-/M:S");
    let after = play_with(&r, p, &["92(82)"]);
    assert_eq!(r.outcome(&after), None);
    assert!(describe(&p, "92").ends_with("(R10): game over"));
    // Play goes on: N1 sows N1..N6, S9's last stone captures N1, and N2's single
    // stone leaves S with none: N collects the 5 stones of N3..N6 (R11).
    let after = play_with(&r, after, &["16", "91(84)", "23"]);
    assert_eq!(after.kazans(), [84, 78]);
    let outcome = r.outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(
        outcome.reason,
        "S has no legal move (R11), 84:78, S wins (R12)"
    );
}

#[test]
fn r11_no_legal_move_the_other_collects_their_row() {
    let p = pos("S:0,0,0,0,0,0,0,4,1/N:1,0,0,0,0,0,0,0,0/K:60,96/T:-,-/M:S");
    // Already over by R10 (96): use play-out to test R11 alone.
    let r = ToguzKumalak::new(Direction::Ccw, true);
    let after = play_with(&r, p, &["91(62)"]);
    assert_eq!(board(&after), ([0; 9], [0; 9], [66, 96]));
    let outcome = r.outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::SecondWins);
    assert_eq!(
        outcome.reason,
        "N has no legal move (R11), 66:96, N wins (R12)"
    );
}

#[test]
fn r11_transfer_is_in_the_state_after_the_move() {
    let p = pos("S:0,0,5,0,0,0,0,0,1/N:1,0,0,0,0,0,0,0,0/K:74,81/T:-,-/M:S");
    let after = play(p, &["91(76)"]);
    let state = rules().state(&after);
    assert_eq!(state["kazans"], serde_json::json!([81, 81]));
    assert_eq!(
        state["pits"]["first"],
        serde_json::json!([0, 0, 0, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(state["to_move"], "second");
}

#[test]
fn r11_in_a_set_position_counts_the_row_still_on_the_board() {
    let p = pos("S:0,0,5,0,0,0,0,0,0/N:0,0,0,0,0,0,0,0,0/K:76,81/T:-,-/M:N");
    let outcome = rules().outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(
        outcome.reason,
        "N has no legal move (R11), 81:81, a draw (R12)"
    );
}

#[test]
fn r11_transfer_reaching_82_is_still_r11() {
    // S captures 2 and N is stuck: S collects 6 and reaches 84.
    let p = pos("S:0,0,6,0,0,0,0,0,1/N:1,0,0,0,0,0,0,0,0/K:76,78/T:-,-/M:S");
    let after = play(p, &["91(78)"]);
    assert_eq!(after.kazans(), [84, 78]);
    assert_eq!(
        rules().outcome(&after).unwrap().reason,
        "N has no legal move (R11), 84:78, S wins (R12)"
    );
}

#[test]
fn r12_more_stones_wins_81_81_draws() {
    let r = rules();
    let win = pos("S:0,0,0,0,0,0,0,0,0/N:1,0,0,0,0,0,0,0,0/K:80,81/T:-,-/M:S");
    assert_eq!(r.outcome(&win).unwrap().result, GameResult::SecondWins);
    let draw = pos("S:0,0,0,0,0,0,0,0,0/N:0,0,0,0,0,0,0,0,0/K:81,81/T:-,-/M:S");
    assert_eq!(r.outcome(&draw).unwrap().result, GameResult::Draw);
    assert_eq!(r.outcome(&Position::start()), None);
}

// ---- §5 worked examples ----

#[test]
fn ex1_quiet_move() {
    let after = play(Position::start(), &["1"]);
    assert_eq!(
        board(&after),
        ([1, 10, 10, 10, 10, 10, 10, 10, 10], [9; 9], [0, 0])
    );
    assert_eq!(rules().to_move(&after), Player::Second);
    assert_eq!(canonical(&Position::start(), "1"), "19");
}

#[test]
fn ex2_capture() {
    let start = Position::start();
    let after = play(start, &["9"]);
    assert_eq!(
        board(&after),
        (
            [9, 9, 9, 9, 9, 9, 9, 9, 1],
            [10, 10, 10, 10, 10, 10, 10, 0, 9],
            [10, 0]
        )
    );
    assert_eq!(canonical(&start, "9"), "98(10)");
    assert_eq!(
        describe(&start, "9"),
        "S sows 9 from S9, lands in N8 (10): captures 10; kazans 10:0"
    );
}

#[test]
fn ex3_tuzdyk_and_sowing_into_it() {
    let r = rules();
    let mut p = Position::start();
    // (pit played, canonical form, position after) as §5 Ex. 3 gives them.
    let steps = [
        (
            "1",
            "19",
            "S:1,10,10,10,10,10,10,10,10/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:N",
        ),
        (
            "3",
            "32",
            "S:2,11,10,10,10,10,10,10,10/N:9,9,1,10,10,10,10,10,10/K:0,0/T:-,-/M:S",
        ),
        (
            "2",
            "23(2)",
            "S:2,1,11,11,11,11,11,11,11/N:10,10,0,10,10,10,10,10,10/K:2,0/T:-,-/M:N",
        ),
        (
            "1",
            "11X",
            "S:0,1,11,11,11,11,11,11,11/N:1,11,1,11,11,11,11,11,11/K:2,3/T:-,1/M:S",
        ),
        (
            "3",
            "34(14)",
            "S:0,1,1,12,12,12,12,12,12/N:2,12,2,0,11,11,11,11,11/K:14,3/T:-,1/M:N",
        ),
        (
            "9",
            "91",
            "S:0,2,2,13,13,13,13,13,13/N:3,12,2,0,11,11,11,11,1/K:14,4/T:-,1/M:S",
        ),
    ];
    for (text, written, expected) in steps {
        assert_eq!(canonical(&p, text), written);
        p = play(p, &[written]);
        assert_eq!(r.write_position(&p), expected, "after {written}");
    }
    assert_eq!(p.tuzdyk(Side::North), Pit::new(Side::South, 1));
    assert_eq!(
        r.write_position(&p),
        "S:0,2,2,13,13,13,13,13,13/N:3,12,2,0,11,11,11,11,1/K:14,4/T:-,1/M:S"
    );
    let tuzdyk = play(Position::start(), &["1", "3", "2"]);
    assert_eq!(
        describe(&tuzdyk, "1"),
        "N sows 10 from N1, lands in S1 (3): tuzdyk at S1 for N; kazans 2:3"
    );
}

#[test]
fn ex4_refused_tuzdyks() {
    let refused = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,11,11,11,11,11/K:2,11/T:-,1/M:S");
    let after = play(refused, &["91"]);
    assert_eq!(after.row(Side::North)[0], 3);
    assert_eq!(after.kazans(), [2, 11]);
    let allowed = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,11,11,11,11,11/K:2,11/T:-,-/M:S");
    let after = play(allowed, &["91X"]);
    assert_eq!(after.kazans(), [5, 11]);
    assert_eq!(after.row(Side::North)[0], 0);
    let nine = pos("S:0,0,0,0,0,0,0,0,10/N:9,9,9,9,9,9,9,9,2/K:60,18/T:-,-/M:S");
    let after = play(nine, &["99"]);
    assert_eq!(after.row(Side::North)[8], 3);
    assert_eq!(after.kazans(), [60, 18]);
}

#[test]
fn ex5_end_by_no_legal_move_draw() {
    let p = pos("S:0,0,5,0,0,0,0,0,1/N:1,0,0,0,0,0,0,0,0/K:74,81/T:-,-/M:S");
    assert_eq!(canonical(&p, "9"), "91(76)");
    let after = play(p, &["91(76)"]);
    assert_eq!(after.kazans(), [81, 81]);
    let outcome = rules().outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(
        outcome.reason,
        "N has no legal move (R11), 81:81, a draw (R12)"
    );
    assert_eq!(
        describe(&p, "9"),
        "S sows 1 from S9, lands in N1 (2): captures 2; kazans 76:81; \
         N has no move: S collects 5 (R11); final 81:81"
    );
}

#[test]
fn ex6_early_end_at_82() {
    let p = pos("S:0,0,0,0,0,0,0,0,3/N:5,3,0,0,0,0,0,0,0/K:78,73/T:-,-/M:S");
    let after = play(p, &["9"]);
    assert_eq!(after.kazans(), [82, 73]);
    assert_eq!(after.row(Side::North)[0], 6);
    let outcome = rules().outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert!(
        !rules().legal_moves(&after).is_empty(),
        "N could move, but R10 ended it"
    );
}

// ---- notation (§1) ----

#[test]
fn tokens_parse_with_every_mark() {
    let r = rules();
    let t = r.parse_token("87(10)").unwrap();
    assert_eq!(
        t,
        Token {
            pit: 8,
            landing: Some(7),
            tuzdyk: None,
            kazan: Some(10)
        }
    );
    assert_eq!(r.parse_token("5").unwrap().landing, None);
    assert_eq!(
        r.parse_token("68х").unwrap().tuzdyk,
        Some(TuzdykMark::Cyrillic)
    );
    assert_eq!(
        r.parse_token("68x").unwrap().tuzdyk,
        Some(TuzdykMark::LatinSmall)
    );
    assert_eq!(r.parse_token("68X(14)").unwrap().kazan, Some(14));
}

#[test]
fn bad_tokens_say_what_was_expected() {
    let r = rules();
    let cases = [
        ("", "a move: the pit played"),
        ("0", "pits are numbered 1-9, not 0"),
        ("a1", "a move starting with the pit played"),
        ("10", "a landing pit 1-9 after \"1\""),
        (
            "87(",
            "the kazan count as digits in parentheses after \"87\"",
        ),
        ("87(10", "kazan count"),
        ("87(99999999999)", "kazan count"),
        ("876", "the end of the move after \"87\""),
        ("87XX", "the end of the move after \"87X\""),
        ("87(10)X", "the end of the move after \"87(10)\""),
    ];
    for (text, expected) in cases {
        let e = r.parse_token(text).expect_err(text).to_string();
        assert!(e.contains(expected), "{text}: {e}");
    }
}

#[test]
fn wrong_landing_digit_names_the_pit() {
    assert_eq!(
        error(&Position::start(), "97").to_string(),
        "wrong mark: the last stone lands in N8, not N7"
    );
}

#[test]
fn wrong_kazan_count() {
    assert_eq!(
        error(&Position::start(), "98(12)").to_string(),
        "wrong mark: S's kazan holds 10 after the move, not 12"
    );
    // A true count on a move PlayOK would not mark is accepted.
    assert!(
        rules()
            .resolve(&Position::start(), &rules().parse_token("19(0)").unwrap())
            .is_ok()
    );
}

#[test]
fn missing_marks_are_not_errors() {
    let p = pos("S:0,1,11,11,11,11,11,11,2/N:2,11,1,11,11,11,11,11,11/K:2,11/T:-,-/M:S");
    assert_eq!(play(p, &["91"]), play(p, &["91X"]));
    assert_eq!(play(p, &["9"]), play(p, &["91X(5)"]));
}

#[test]
fn kazan_mark_is_before_the_r11_collection() {
    // PlayOK writes 91(76) here, not 91(81) (checked on its records).
    let p = pos("S:0,0,5,0,0,0,0,0,1/N:1,0,0,0,0,0,0,0,0/K:74,81/T:-,-/M:S");
    assert_eq!(
        error(&p, "91(81)").to_string(),
        "wrong mark: S's kazan holds 76 after the move, not 81"
    );
}

// ---- position string ----

#[test]
fn write_token_writes_every_kazan_count() {
    assert_eq!(notation::write_token(9, 8, false, Some(10)), "98(10)");
    assert_eq!(notation::write_token(6, 8, true, None), "68X");
    for k in [0u8, 7, 10, 99, 100, 162] {
        let text = notation::write_token(1, 2, false, Some(k));
        assert_eq!(text, format!("12({k})"));
        assert_eq!(
            rules().parse_token(&text).unwrap().kazan,
            Some(u32::from(k))
        );
    }
}

#[test]
fn position_string_round_trips() {
    for text in [
        START,
        "S:0,2,2,13,13,13,13,13,13/N:3,12,2,0,11,11,11,11,1/K:14,4/T:-,1/M:S",
        "S:0,0,5,0,0,0,0,0,1/N:1,0,0,0,0,0,0,0,0/K:74,81/T:-,-/M:N",
        "S:0,1,0,11,11,11,11,11,11/N:2,11,1,11,0,11,11,11,11/K:13,13/T:5,3/M:S",
    ] {
        assert_eq!(rules().write_position(&pos(text)), text);
    }
}

#[test]
fn position_string_errors() {
    let r = rules();
    let cases = [
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:1,0/T:-,-/M:S",
            "163 stones, not 162",
        ),
        (
            "S:9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:9,0/T:-,-/M:S",
            "8 counts, not 9",
        ),
        (
            "S:9,9,9,9,9,9,9,9,0/N:9,9,9,9,9,9,9,9,9/K:9,0/T:-,9/M:S",
            "never pit 9 (R7b)",
        ),
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,1/M:S",
            "holds 9 stones: a tuzdyk always holds 0 (R4)",
        ),
        (
            "S:0,9,9,9,9,9,9,9,9/N:0,9,9,9,9,9,9,9,9/K:9,9/T:1,1/M:S",
            "mirrors N's tuzdyk S1",
        ),
        (
            "S:0,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:9,0/T:-,0/M:S",
            "tuzdyk pit 0 does not exist",
        ),
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:W",
            "the side to move, S or N",
        ),
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-",
            "missing the M: section",
        ),
        (
            "N:9,9,9,9,9,9,9,9,9/S:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:S",
            "expected the S: section",
        ),
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:S/x",
            "unexpected \"/x\"",
        ),
        (
            "S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0/T:-,-/M:S",
            "cannot read the K: section",
        ),
        ("", "expected the S: section"),
        (
            "S:4294967295,4294967295,4294967295,0,0,0,0,0,0/N:0,0,0,0,0,0,0,0,0/K:0,0/T:-,-/M:S",
            "12884901885 stones, not 162",
        ),
    ];
    for (text, expected) in cases {
        let e = r.parse_position(text).expect_err(text);
        assert!(e.contains(expected), "{text}: {e}");
    }
}

// ---- options, drawing, state ----

fn configured(tags: &[(&str, &str)], cli: &[(&str, &str)]) -> Result<ToguzKumalak, SetupError> {
    let own = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let (tags, cli) = (own(tags), own(cli));
    ToguzKumalak::configure(&Setup::new(&ToguzKumalak::GAMES[0], &tags, &cli))
}

#[test]
fn options_are_read_from_tags_and_the_command_line() {
    let r = configured(&[], &[]).unwrap();
    assert_eq!((r.direction, r.play_out), (Direction::Ccw, false));
    let r = configured(&[("Direction", "cw"), ("PlayOut", "yes")], &[]).unwrap();
    assert_eq!((r.direction, r.play_out), (Direction::Cw, true));
    let r = configured(&[("PlayOut", "yes")], &[("play-out", "no")]).unwrap();
    assert!(!r.play_out);
    assert!(configured(&[("Direction", "left")], &[]).is_err());
    assert!(configured(&[("PlayOut", "maybe")], &[]).is_err());
}

#[test]
fn names_and_aliases_find_the_game() {
    use crate::registry::find;
    for name in [
        "toguz-kumalak",
        "Toguz Kumalak",
        "togyz-kumalak",
        "togyzkumalak",
        "toguz-korgool",
        "Togyz Qumalaq",
        "toguz",
        "togyz",
    ] {
        assert_eq!(
            find(name).map(|f| f.info.id),
            Some("toguz-kumalak"),
            "{name}"
        );
    }
}

#[test]
fn draw_shows_both_rows_as_seen_from_south() {
    let p = play(Position::start(), &["1", "3", "2", "1"]);
    let drawing = rules().draw(&p);
    assert_eq!(
        drawing,
        [
            "               N9  N8  N7  N6  N5  N4  N3  N2  N1",
            "N kazan   3 |  11  11  11  11  11  11   1  11   1",
            "S kazan   2 |   X   1  11  11  11  11  11  11  11",
            "               S1  S2  S3  S4  S5  S6  S7  S8  S9",
            "S to move; S1 is N's tuzdyk",
        ]
        .join("\n")
    );
}

#[test]
fn direction_cw_is_the_mirror_image() {
    // §4.6: the same tokens mean the same sowing; only the picture is mirrored.
    let ccw = rules();
    let cw = configured(&[("Direction", "cw")], &[]).unwrap();
    let tokens = ["1", "3", "2", "11X", "34(14)", "91"];
    let a = play_with(&ccw, Position::start(), &tokens);
    let b = play_with(&cw, Position::start(), &tokens);
    assert_eq!(a, b);
    assert_eq!(ccw.write_position(&a), cw.write_position(&b));
    let drawing = cw.draw(&b);
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines[0].trim(), "N1  N2  N3  N4  N5  N6  N7  N8  N9");
    assert_eq!(lines[3].trim(), "S9  S8  S7  S6  S5  S4  S3  S2  S1");
    assert!(
        lines[2].ends_with("  X"),
        "S1, N's tuzdyk, is at S's right: {drawing}"
    );
}

#[test]
fn state_json_fields() {
    let p = pos("S:0,2,2,13,13,13,13,13,13/N:3,12,2,0,11,11,11,11,1/K:14,4/T:-,1/M:S");
    assert_eq!(
        rules().state(&p),
        serde_json::json!({
            "pits": {
                "first": [0, 2, 2, 13, 13, 13, 13, 13, 13],
                "second": [3, 12, 2, 0, 11, 11, 11, 11, 1],
            },
            "kazans": [14, 4],
            "tuzdyks": {"first": null, "second": 1},
            "to_move": "first",
        })
    );
}

// ---- random playouts ----

/// A small deterministic generator (no dependency needed for a test).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn random_playouts_round_trip_and_keep_162_stones() {
    let mut rng = Lcg(7);
    let mut ended = [0usize; 3];
    for game in 0..400 {
        let r = ToguzKumalak::new(Direction::Ccw, game % 4 == 0);
        let mut p = r.start_position();
        for _ in 0..2000 {
            if r.outcome(&p).is_some() {
                break;
            }
            let moves = r.legal_moves(&p);
            assert!(
                !moves.is_empty(),
                "a player with no move has ended the game"
            );
            let mv = moves[rng.below(moves.len())];
            let written = r.write_move(&p, &mv);
            let token = r.parse_token(&written).unwrap();
            assert_eq!(r.resolve(&p, &token), Ok(mv), "{written}");
            let bare = r.parse_token(&written[..1]).unwrap();
            assert_eq!(r.resolve(&p, &bare), Ok(mv));
            let before = p;
            r.play(&mut p, &mv);
            let total: u32 = p
                .row(Side::South)
                .iter()
                .chain(p.row(Side::North).iter())
                .chain(p.kazans().iter())
                .map(|&c| u32::from(c))
                .sum();
            assert_eq!(total, 162);
            assert_eq!(r.parse_position(&r.write_position(&p)), Ok(p));
            assert!(!r.describe(&before, &mv, &p).is_empty());
        }
        let outcome = r.outcome(&p).expect("every game ends within 2000 plies");
        let index = match outcome.result {
            GameResult::FirstWins => 0,
            GameResult::SecondWins => 1,
            GameResult::Draw => 2,
        };
        ended[index] += 1;
    }
    assert!(ended[0] > 0 && ended[1] > 0, "{ended:?}");
}

#[test]
fn shared_random_game_check_passes() {
    use crate::games::playout::random_game;
    for seed in 0..50 {
        let game = random_game::<ToguzKumalak>(&ToguzKumalak::GAMES[0], seed, 1000, true)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_ne!(
            game.result, "*",
            "seed {seed}: every game ends within 1000 plies"
        );
    }
}

// ---- the real games ----

/// Replays PlayOK's 1,199 games (shared/data/toguz) through the streaming reader, the
/// driver and these rules, and checks every mark PlayOK writes against the replay: the
/// one place the tests read the archive for the rules. Ignored by a plain `cargo test`
/// (the data set lies beside the repository, not in it); `.ci/run` runs it, and an
/// absent archive fails it.
#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn playok_2025_replays() {
    use crate::record::{Encoding, Reader};
    use crate::replay::{Settings, Status, replay};

    // `$TGN_DATA` (docs/testing.md), else beside the repository.
    let data = std::env::var_os("TGN_DATA").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        std::path::PathBuf::from,
    );
    let path = data.join("toguz/playok-2025.pgn");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (PlayOK's archive beside the repository)",
            path.display()
        )
    });
    let games: Vec<_> = Reader::new(std::io::BufReader::new(file), Encoding::Utf8)
        .map(|g| g.expect("the archive reads"))
        .collect();
    assert_eq!(games.len(), 1199);
    let settings = Settings {
        game: Some("toguz-kumalak".to_string()),
        ..Settings::default()
    };
    let r = rules();
    let (mut moves, mut kazan_marks, mut captures, mut tuzdyks) = (0, 0, 0, 0);
    let (mut by_r10, mut by_r11, mut zero, mut marks_before_collection) = (0, 0, 0, 0);
    for game in &games {
        let replayed = replay(game, &settings);
        assert!(
            replayed.errors.is_empty(),
            "{:?} {:?}: {:?}",
            game.tag("Event"),
            game.tag("Round"),
            replayed.errors
        );
        assert!(
            replayed
                .main
                .nodes
                .iter()
                .all(|n| matches!(n.status, Status::Played(_))),
        );
        // Walk the moves again to count what PlayOK marks.
        let mut p = r.start_position();
        for node in &game.moves {
            let token = r.parse_token(&node.text).unwrap();
            let mv = r.resolve(&p, &token).unwrap();
            let turn = r.turn(&p, mv.from);
            moves += 1;
            match turn.sowing.event {
                position::Event::Capture { .. } => {
                    captures += 1;
                    assert!(
                        token.kazan.is_some(),
                        "PlayOK marks every even capture: {}",
                        node.text
                    );
                }
                position::Event::Tuzdyk => {
                    tuzdyks += 1;
                    assert!(
                        token.tuzdyk.is_some(),
                        "PlayOK marks every tuzdyk: {}",
                        node.text
                    );
                    assert!(token.kazan.is_none(), "PlayOK writes no (N) on a tuzdyk");
                }
                _ => assert!(token.kazan.is_none(), "(N) only on captures: {}", node.text),
            }
            if let Some(k) = token.kazan {
                kazan_marks += 1;
                if turn.collected.is_some_and(|c| c > 0) {
                    // (N) counts the capture, not the R11 collection after it.
                    assert_eq!(k, u32::from(turn.kazan_after_move()));
                    marks_before_collection += 1;
                }
            }
            r.play(&mut p, &mv);
        }
        let outcome = replayed.outcome.as_ref();
        if outcome.is_some_and(|o| o.reason.contains("(R10)")) {
            by_r10 += 1;
        }
        if outcome.is_some_and(|o| o.reason.contains("(R11)")) {
            by_r11 += 1;
        }
        if game.trailing.iter().any(|c| c.text.trim() == "zero") {
            zero += 1;
            assert!(
                outcome.is_some_and(|o| o.reason.contains("(R11)")),
                "a {{zero}} game ends by R11: {:?}",
                game.tag("Event")
            );
        }
    }
    println!(
        "PlayOK 2025: {} games, {moves} moves, {captures} even captures all marked (N), \
         {kazan_marks} (N) marks all agreeing, {tuzdyks} tuzdyks all marked X; \
         {by_r10} ended by R10, {by_r11} by R11 ({zero} marked {{zero}}); \
         {marks_before_collection} (N) written before an R11 collection",
        games.len()
    );
    assert_eq!(zero, 332);
    assert_eq!(kazan_marks, captures);
}

#[test]
fn the_diagram_marks_both_tuzdyks_and_the_pit_sown_from() {
    let p = pos("S:0,1,0,11,11,11,11,11,11/N:2,11,1,11,0,11,11,11,11/K:13,13/T:5,3/M:S");
    let sown = Move {
        from: Pit::new(Side::South, 4).unwrap(),
    };
    let diagram = rules().diagram(&p, Some(&sown));
    let tuzdyks: Vec<&str> = diagram
        .pits
        .iter()
        .filter(|pit| pit.kind == "tuzdyk")
        .map(|pit| pit.name.as_str())
        .collect();
    assert_eq!(tuzdyks, ["N5", "S3"]);
    let kazans: Vec<(&str, u32)> = diagram
        .pits
        .iter()
        .filter(|pit| pit.kind == "store")
        .map(|pit| (pit.name.as_str(), pit.count))
        .collect();
    assert_eq!(kazans, [("S kazan", 13), ("N kazan", 13)]);
    assert_eq!(diagram.marks.len(), 1);
    assert_eq!(diagram.marks[0].point, "S4");
}

/// A position string's fault comes as a kind a program can test, with the sentence.
#[test]
fn position_string_faults_have_a_kind() {
    use crate::games::PositionErrorKind::{Impossible, Syntax};
    let r = rules();
    let kind = |text: &str| r.parse_position(text).unwrap_err().kind;
    assert_eq!(kind("S:9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,-/M:S"), Syntax);
    assert_eq!(kind("S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/M:S"), Syntax);
    assert_eq!(
        kind("S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:0,0/T:-,10/M:S"),
        Impossible
    );
    assert_eq!(
        kind("S:9,9,9,9,9,9,9,9,9/N:9,9,9,9,9,9,9,9,9/K:5,0/T:-,-/M:S"),
        Impossible
    );
}
