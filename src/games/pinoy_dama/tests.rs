//! Pinoy Dama: every rule (R1–R15) and every worked example (E1–E6) of the spec.

use super::*;
use crate::games::IllegalKind;
use crate::games::testing::{error, kind_and_rule, legal, play, refusal, short_forms_replay};
use crate::record::parser::{Origin, parse_games};
use crate::registry;
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

fn dama() -> PinoyDama {
    PinoyDama::new(false, false, false, Side::Lower)
}

fn at(rules: &PinoyDama, fen: &str) -> Position {
    rules.parse_position(fen).unwrap()
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    replay_with::<PinoyDama>(&PinoyDama::GAMES[0], &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<ErrorCode> {
    r.errors.iter().map(|e| e.code).collect()
}

// ----- worked examples -----

#[test]
fn e1_opening_has_seven_moves() {
    let rules = dama();
    let start = rules.start_position();
    assert_eq!(
        legal(&rules, &start),
        [
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
        ]
    );
}

#[test]
fn e2_maximum_capture_with_a_backward_jump() {
    let rules = dama();
    let p = at(&rules, "W:Wd4,f4:Be5,g5,a7");
    assert_eq!(legal(&rules, &p), ["d4xf6xh4"]);
    for short in ["f4xd6", "f4xh6"] {
        let e = refusal(&rules, &p, short);
        assert_eq!(kind_and_rule(&e), (IllegalKind::NotMaximum, Some("R9")));
        let e = e.to_string();
        assert!(
            e.contains(&format!(
                "the capture must take the most pieces: {short} takes 1, but d4xf6xh4 takes 2 (R9)"
            )),
            "{e}"
        );
    }
}

#[test]
fn e3_flying_king_must_pick_the_continuing_landing_point() {
    let rules = dama();
    let p = at(&rules, "W:WKb2,a3:Bd4,e7,h8");
    assert_eq!(legal(&rules, &p), ["b2xf6xd8"]);
    for short in ["b2xe5", "b2xg7"] {
        assert!(error(&rules, &p, short).contains("takes 1, but b2xf6xd8 takes 2"));
    }
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "a3-b4")),
        (IllegalKind::CaptureCompulsory, Some("R8"))
    );
}

#[test]
fn e4_no_promotion_in_mid_chain() {
    let rules = dama();
    let mut p = at(&rules, "W:Wd6:Be7,g7,a1");
    assert_eq!(legal(&rules, &p), ["d6xf8xh6"]);
    let mv = play(&rules, &mut p, "d6xf8xh6").unwrap();
    assert!(!mv.crowned);
    assert_eq!(rules.write_position(&p), "B:Wh6:Ba1");
    let mut p = at(&rules, "W:Wd6:Be7,a1");
    assert_eq!(legal(&rules, &p), ["d6xf8"]);
    play(&rules, &mut p, "d6xf8").unwrap();
    assert_eq!(rules.write_position(&p), "B:WKf8:Ba1");
}

#[test]
fn e5_captured_pieces_block_under_deferred_removal() {
    let fen = "W:WKa1:Bc3,f4,f2,b4";
    let rules = dama();
    let p = at(&rules, fen);
    assert_eq!(legal(&rules, &p), ["a1xe5xg3xe1"]);
    assert!(error(&rules, &p, "a1xe5xg3xe1xa5").contains("is not a legal capture"));
    let immediate = PinoyDama::new(true, false, false, Side::Lower);
    let p = at(&immediate, fen);
    assert_eq!(legal(&immediate, &p), ["a1xe5xg3xe1xa5"]);
}

/// Plays the lone king and the three kings without any capture, as long as possible.
fn quiet_move(rules: &PinoyDama, p: &Position) -> Move {
    let moves = rules.legal_moves(p);
    moves
        .iter()
        .find(|m| {
            let mut after = p.clone();
            rules.play(&mut after, m);
            !m.is_capture() && rules.legal_moves(&after).iter().all(|r| !r.is_capture())
        })
        .or(moves.first())
        .expect("a move")
        .clone()
}

#[test]
fn e6_the_count_starts_and_counts_only_the_lone_kings_moves() {
    let rules = dama();
    let mut p = at(&rules, "B:WKa1,Kc1,Ke1:BKh8");
    assert_eq!(p.lone_count, Some(0));
    // Here the black king cannot keep the long diagonal: a1 takes it wherever it goes.
    play(&rules, &mut p, "h8-d4").unwrap();
    assert_eq!(p.lone_count, Some(1));
    assert_eq!(legal(&rules, &p), ["a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
    play(&rules, &mut p, "a1xh8").unwrap();
    assert_eq!(p.lone_count, None);
    assert_eq!(rules.outcome(&p).unwrap().result, GameResult::FirstWins);
}

/// The three kings and the lone king, played without any capture from
/// `B:WKc1,Ke1,Kg1:BKh8` (the lone king holds the long diagonal).
fn twelve_lone_moves(rules: &PinoyDama) -> (Position, Vec<String>) {
    let mut p = at(rules, "B:WKc1,Ke1,Kg1:BKh8");
    let mut moves = Vec::new();
    let mut black_moves = 0;
    while black_moves < 12 {
        assert_eq!(rules.outcome(&p), None, "after {black_moves} black moves");
        let mover = p.to_move;
        let mv = quiet_move(rules, &p);
        assert!(!mv.is_capture(), "{moves:?}");
        moves.push(rules.write_move(&p, &mv));
        rules.play(&mut p, &mv);
        if mover == Side::Upper {
            black_moves += 1;
        }
        assert_eq!(p.lone_count, Some(black_moves));
    }
    (p, moves)
}

#[test]
fn e6_draw_after_the_lone_kings_twelfth_move() {
    let rules = dama();
    let (p, _) = twelve_lone_moves(&rules);
    let outcome = rules.outcome(&p).expect("drawn");
    assert_eq!(outcome.result, GameResult::Draw);
    assert!(outcome.reason.contains("(R14)"));
    // The count survives the position string.
    assert!(rules.write_position(&p).ends_with(":C12"));
    assert_eq!(rules.parse_position(&rules.write_position(&p)).unwrap(), p);
}

#[test]
fn e6_a_move_after_the_draw_is_an_error() {
    let rules = dama();
    let (p, moves) = twelve_lone_moves(&rules);
    let next = rules.write_move(&p, &rules.legal_moves(&p)[0]);
    let head = "[Game \"pinoy-dama\"]\n[SetUp \"1\"]\n[FEN \"B:WKc1,Ke1,Kg1:BKh8\"]\n\n1...";
    let record = format!("{head} {} {next} *", moves.join(" "));
    assert_eq!(codes(&replay(&record)), [ErrorCode::AfterEnd]);
    let drawn = format!("{head} {} 1/2-1/2", moves.join(" "));
    assert_eq!(codes(&replay(&drawn)), []);
    let lost = format!("{head} {} 1-0", moves.join(" "));
    assert_eq!(codes(&replay(&lost)), [ErrorCode::Result]);
}

// ----- rules -----

#[test]
fn r1_players_alternate_one_move_each() {
    let rules = dama();
    let mut p = rules.start_position();
    assert_eq!(rules.to_move(&p), Player::First);
    play(&rules, &mut p, "c3-d4").unwrap();
    assert_eq!(rules.to_move(&p), Player::Second);
    assert!(error(&rules, &p, "d4-e5").contains("d4 holds a white piece, and black is to move"));
    assert!(rules.parse_token("pass").is_err());
    assert!(rules.parse_token("--").is_err());
}

#[test]
fn r2_men_step_forward_only() {
    let rules = dama();
    let p = at(&rules, "W:Wd4:Bh8");
    assert_eq!(legal(&rules, &p), ["d4-c5", "d4-e5"]);
    assert!(
        error(&rules, &p, "d4-c3").contains("a man moves only forward unless it captures (R2)")
    );
    assert!(error(&rules, &p, "d4-f6").contains("a man moves one point at a time (R2)"));
    let p = at(&rules, "B:Wa1:Bd4");
    assert_eq!(legal(&rules, &p), ["d4-c3", "d4-e3"]);
}

#[test]
fn r3_kings_fly_over_empty_points() {
    let rules = dama();
    let p = at(&rules, "W:WKc3,a1:Bb8");
    let moves = legal(&rules, &p);
    for far in ["c3-h8", "c3-a5", "c3-e1", "c3-b2"] {
        assert!(moves.contains(&far.to_string()), "{far}");
    }
    assert!(!moves.contains(&"c3-a1".to_string()));
    assert!(error(&rules, &p, "c3-a1").contains("a1 is not empty"));
    let p = at(&rules, "W:WKc3,d4:Bh8");
    assert!(error(&rules, &p, "c3-f6").contains("the way from c3 to f6 is blocked at d4 (R3)"));
    assert!(error(&rules, &p, "c3-c5").contains("c3 and c5 are not on one line (R3)"));
}

#[test]
fn r4_men_capture_forward_or_backward_landing_just_behind() {
    let rules = dama();
    let p = at(&rules, "W:Wd4:Bc3,h8");
    assert_eq!(legal(&rules, &p), ["d4xb2"]);
    let p = at(&rules, "W:Wd4:Bc3,b2,h8");
    assert_eq!(legal(&rules, &p), ["d4-c5", "d4-e5"]);
}

#[test]
fn r5_king_lands_on_any_empty_point_beyond() {
    let rules = dama();
    let p = at(&rules, "W:WKa1:Bc3,a7,h6");
    assert_eq!(
        legal(&rules, &p),
        ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    );
    // Never two pieces in one leap, never its own pieces.
    let p = at(&rules, "W:WKa1:Bc3,d4");
    assert!(rules.legal_moves(&p).iter().all(|m| !m.is_capture()));
    let p = at(&rules, "W:WKa1,b2:Bd4");
    assert!(rules.legal_moves(&p).iter().all(|m| !m.is_capture()));
}

#[test]
fn r6_chains_go_on_in_the_same_or_a_perpendicular_direction() {
    let rules = dama();
    let p = at(&rules, "W:Wa1:Bb2,d4,d6");
    assert_eq!(legal(&rules, &p), ["a1xc3xe5xc7"]);
}

#[test]
fn r7_marked_pieces_block_and_cannot_be_jumped_twice() {
    let rules = dama();
    // Reversing over the piece just taken is impossible.
    let p = at(&rules, "W:WKa1:Bc3");
    assert!(
        legal(&rules, &p)
            .iter()
            .all(|m| m.matches('x').count() == 1)
    );
    // The start point counts as empty: the man comes back to d4 round the square.
    let p = at(&rules, "W:Wd4:Be5,g5,g3,e3");
    assert_eq!(legal(&rules, &p), ["d4xf2xh4xf6xd4", "d4xf6xh4xf2xd4"]);
}

#[test]
fn r8_a_capture_is_compulsory() {
    let rules = dama();
    let p = at(&rules, "W:Wc3,a1:Bd4");
    assert_eq!(legal(&rules, &p), ["c3xe5"]);
    assert_eq!(
        error(&rules, &p, "a1-b2"),
        "illegal move: a capture is compulsory: e.g. c3xe5 takes 1 (R8)"
    );
}

#[test]
fn r9_the_most_pieces_anywhere_no_preference_for_kings_or_promotion() {
    let rules = dama();
    // A king's two-piece capture beats a man's one-piece capture that would promote.
    let p = at(&rules, "W:WKb2,h6:Bd4,d6,g7,a7");
    let moves = legal(&rules, &p);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("b2x") && m.matches('x').count() == 2)
    );
    assert!(moves.contains(&"b2xe5xc7".to_string()), "{moves:?}");
    assert!(error(&rules, &p, "h6xf8").contains("h6xf8 takes 1, but b2x"));
    // Ties: any maximal chain, by any piece.
    let p = at(&rules, "W:Wc3,g3:Bd4,h4,a7");
    assert_eq!(legal(&rules, &p), ["c3xe5"]);
    let p = at(&rules, "W:Wa3,g3:Bb4,f4,a7");
    assert_eq!(legal(&rules, &p), ["a3xc5", "g3xe5"]);
}

#[test]
fn r10_no_huffing_a_short_chain_is_illegal() {
    let rules = dama();
    let p = at(&rules, "W:Wd4,f4:Be5,g5,a7");
    let e = error(&rules, &p, "d4xf6");
    assert!(e.contains("d4xf6 takes 1, but d4xf6xh4 takes 2"), "{e}");
    // The shortened form names the maximal chain and is accepted.
    assert!(
        rules
            .resolve(&p, &rules.parse_token("d4xh4").unwrap())
            .is_ok()
    );
}

#[test]
fn r9_a_chain_written_in_full_is_the_chain_played_not_a_longer_one_through_its_points() {
    // c3xe5xc7xa5 takes d4, d6, b6; c3xe1xg3xe5xc7xa5 takes d2, f2, f4 instead of d4,
    // and passes through every written point (issue 26).
    let rules = dama();
    let p = at(&rules, "W:Wc3:Bd2,f2,f4,d4,d6,b6");
    assert_eq!(legal(&rules, &p), ["c3xe1xg3xe5xc7xa5"]);
    let e = error(&rules, &p, "c3xe5xc7xa5");
    assert!(
        e.contains("the capture must take the most pieces: c3xe5xc7xa5 takes 3, but c3xe1xg3xe5xc7xa5 takes 5 (R9)"),
        "{e}"
    );
    // Skipping landing points (e1-e5 is no jump) still shortens the longer chain.
    assert!(
        rules
            .resolve(&p, &rules.parse_token("c3xe1xe5xa5").unwrap())
            .is_ok()
    );
}

#[test]
fn r11_crowned_only_at_the_end_of_the_move() {
    let rules = dama();
    let mut p = at(&rules, "W:Wg7:Ba1");
    let mv = play(&rules, &mut p, "g7-h8").unwrap();
    assert!(mv.crowned);
    assert_eq!(rules.write_position(&p), "B:WKh8:Ba1");
    let mut p = at(&rules, "B:Wh8:Bb2");
    play(&rules, &mut p, "b2-a1").unwrap();
    assert_eq!(rules.write_position(&p), "W:Wh8:BKa1");
}

#[test]
fn r12_promotion_ends_the_turn() {
    let rules = dama();
    // A king on f8 could take d6 next; the newly crowned man may not.
    let mut p = at(&rules, "W:Wh6:Bg7,d6,a1");
    assert_eq!(legal(&rules, &p), ["h6xf8"]);
    play(&rules, &mut p, "h6xf8").unwrap();
    assert_eq!(rules.write_position(&p), "B:WKf8:Ba1,d6");
    assert_eq!(p.to_move, Side::Upper);
}

#[test]
fn r13_no_legal_move_loses_blocked_or_bare() {
    let rules = dama();
    let blocked = at(&rules, "W:Wa1:Bb2,c3");
    let o = rules.outcome(&blocked).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert!(o.reason.contains("every piece is blocked (R13)"));
    let bare = at(&rules, "B:Wa1:B");
    let o = rules.outcome(&bare).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert!(o.reason.contains("black has no pieces left (R13)"));
    assert!(rules.legal_moves(&bare).is_empty());
}

#[test]
fn r14_the_count_starts_when_three_kings_face_one_and_stops_when_material_changes() {
    let rules = dama();
    // White takes the last man: 3K v 1K arises, counted from now.
    let mut p = at(&rules, "W:WKa1,Kc1,Ke1:BKh8,d2");
    assert_eq!(p.lone_count, None);
    play(&rules, &mut p, "c1xe3").unwrap();
    assert_eq!(p.lone_count, Some(0));
    // Only the lone side's moves count.
    play(&rules, &mut p, "h8-g7").unwrap();
    assert_eq!(p.lone_count, Some(1));
    // Other material: no count (two kings against one).
    let p = at(&rules, "B:WKa1,Kc1:BKh8");
    assert_eq!(p.lone_count, None);
    assert!(rules.parse_position("B:WKa1,Kc1:BKh8:C3").is_err());
    // A man among the three: no count.
    assert_eq!(at(&rules, "B:WKa1,Kc1,e1:BKh8").lone_count, None);
}

#[test]
fn r15_declared_results_against_the_board() {
    let text = "[Game \"pinoy-dama\"]\n[SetUp \"1\"]\n[FEN \"W:Wa1:Bb2,c3\"]\n\n";
    assert_eq!(codes(&replay(&format!("{text}0-1"))), []);
    assert_eq!(codes(&replay(&format!("{text}1-0"))), [ErrorCode::Result]);
    assert_eq!(
        codes(&replay(&format!("{text}1. a1-b2 0-1"))),
        [ErrorCode::AfterEnd]
    );
    // Not decided on the board: any result is accepted (resignation, agreement).
    assert_eq!(codes(&replay("[Game \"dama\"]\n1. c3-d4 f6-e5 1-0")), []);
}

// ----- notation, options, position strings -----

#[test]
fn short_forms_and_ambiguity() {
    let rules = dama();
    let p = at(&rules, "W:Wd4:Be5,g5,g3,e3");
    for short in ["d4xd4", "d4xh4xd4", "d4xf6xd4"] {
        let Err(MoveError::Ambiguous { candidates }) =
            rules.resolve(&p, &rules.parse_token(short).unwrap())
        else {
            panic!("{short} should be ambiguous");
        };
        assert_eq!(candidates, ["d4xf6xh4xf2xd4", "d4xf2xh4xf6xd4"]);
    }
    match rules.resolve(&p, &rules.parse_token("d4xd4").unwrap()) {
        Err(MoveError::Ambiguous { candidates }) => {
            assert_eq!(candidates.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    let mv = rules
        .resolve(&p, &rules.parse_token("d4xf6xh4xd4").unwrap())
        .unwrap();
    assert_eq!(rules.write_move(&p, &mv), "d4xf6xh4xf2xd4");
    let e = rules
        .resolve(&p, &rules.parse_token("d4xf6").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("takes 1, but"), "{e}");
}

#[test]
fn wrong_marks_a_capture_with_a_dash_and_a_step_with_x() {
    let rules = dama();
    let p = at(&rules, "W:Wc3:Bd4,h8");
    assert_eq!(
        error(&rules, &p, "c3-e5"),
        "wrong mark: c3-e5 is a capture: write it c3xe5"
    );
    let p = at(&rules, "W:Wc3:Bh8");
    assert_eq!(
        error(&rules, &p, "c3xd4"),
        "wrong mark: c3xd4 takes nothing: write it c3-d4"
    );
    assert_eq!(
        error(&rules, &p, "c3xe5"),
        "illegal move: c3xe5 is not a capture: white has no capture in this position"
    );
}

#[test]
fn numeric_squares_and_pdn_fen() {
    let rules = PinoyDama::new(false, false, true, Side::Lower);
    let mut p = rules.start_position();
    assert_eq!(
        rules.write_position(&p),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(
        rules.parse_position("W:W21-32:B1-12").unwrap(),
        rules.start_position()
    );
    // 22-18 is c3-d4; algebraic is read too.
    play(&rules, &mut p, "22-18").unwrap();
    play(&rules, &mut p, "f6-e5").unwrap();
    let mv = rules.legal_moves(&p);
    assert_eq!(rules.write_move(&p, &mv[0]), "18x11");
    assert!(play(&rules, &mut p.clone(), "18:11").is_ok());
    assert!(play(&rules, &mut p.clone(), "d4xf6").is_ok());
}

#[test]
fn pdn_game_type_means_numeric_and_may_name_the_first_colour() {
    let info = &PinoyDama::GAMES[0];
    let tags = vec![("GameType".to_string(), "21,B,8,8,N1,0".to_string())];
    let rules = PinoyDama::configure(&Setup::new(info, &tags, &[])).unwrap();
    assert!(rules.rules.coords.numeric);
    assert_eq!(rules.first, Side::Upper);
    let tags = vec![("GameType".to_string(), "21,W,8,8,A0,0".to_string())];
    let rules = PinoyDama::configure(&Setup::new(info, &tags, &[])).unwrap();
    assert!(!rules.rules.coords.numeric);
    let tags = vec![("Notation".to_string(), "roman".to_string())];
    assert!(PinoyDama::configure(&Setup::new(info, &tags, &[])).is_err());
}

#[test]
fn first_player_black() {
    let info = &PinoyDama::GAMES[0];
    let tags = vec![("FirstPlayer".to_string(), "black".to_string())];
    let rules = PinoyDama::configure(&Setup::new(info, &tags, &[])).unwrap();
    let p = rules.start_position();
    assert_eq!(p.to_move, Side::Upper);
    assert_eq!(rules.to_move(&p), Player::First);
    assert!(legal(&rules, &p).contains(&"b6-a5".to_string()));
    // The data model names Black's side first, and keys Black's pieces `first`.
    assert_eq!(rules.sides(info), crate::games::Sides::new("Black", "White"));
    let state = rules.state(&p);
    assert_eq!(state["to_move"], "first");
    assert_eq!(state["first"]["men"][0], "b6");
    assert_eq!(state["second"]["men"][0], "a1");
}

#[test]
fn mirrored_records_are_read_and_written_mirrored() {
    let rules = PinoyDama::new(false, true, false, Side::Lower);
    let mut p = rules.start_position();
    // On the mirrored board White's men stand on b1, d1, …; our c3-d4 is their f3-e4.
    assert!(rules.write_position(&p).starts_with("W:Wb1,d1,f1,h1,a2,"));
    play(&rules, &mut p, "f3-e4").unwrap();
    assert_eq!(rules.draw(&p).lines().nth(4).unwrap(), " 4 .   .   w   .");
    let text = rules.write_position(&p);
    assert_eq!(
        rules.write_position(&rules.parse_position(&text).unwrap()),
        text
    );
}

#[test]
fn bad_position_strings_say_what_is_wrong() {
    let rules = dama();
    for (fen, why) in [
        ("X:W1:B2", "expected W or B"),
        ("W:W1:B1", "given twice"),
        ("W:W1", "black pieces are missing"),
        ("W:Wb1:B2", "not a square"),
        ("W:W1-13:B20", "at most 12"),
        ("W:W1:B2:Q", "unknown field"),
        ("W:WK1,K2,K3:BK20:C13", "count 0-12"),
    ] {
        let e = rules.parse_position(fen).unwrap_err();
        assert!(e.contains(why), "{fen}: {e}");
    }
    assert!(rules.parse_position("W:W21,22:B1,2:H0:F1.").is_ok());
}

/// The parts of the position string the draughts family shares (the colour's letter,
/// the piece lists and their ranges, the count of pieces) fault each string in the
/// words and of the kind Pinoy Dama's own reader did, and write the lists as it did,
/// mirrored or numbered (issue 34).
#[test]
fn the_piece_lists_say_their_faults_word_for_word() {
    use crate::games::PositionErrorKind::{Impossible, Syntax};
    let rules = dama();
    for (text, kind, sentence) in [
        ("W:W21,,22:B1", Syntax, "an empty square in the white list"),
        ("W:W21:B21", Syntax, "a3 is given twice"),
        (
            "W:Wa-b:B1-12",
            Impossible,
            "\"a-b\" is not a range of square numbers",
        ),
        (
            "W:W21-33:B1-12",
            Impossible,
            "\"21-33\" is not a range of square numbers 1-32",
        ),
        (
            "W:W0-3:B1-12",
            Impossible,
            "\"0-3\" is not a range of square numbers 1-32",
        ),
        ("W:Wi3:Bd4", Impossible, "\"i3\" is not a square of the board"),
        (
            "W:W21-32:B1-13",
            Impossible,
            "black has 13 pieces; a side has at most 12",
        ),
    ] {
        let e = rules.parse_position(text).unwrap_err();
        assert_eq!((e.kind, e.reason.as_str()), (kind, sentence), "{text}");
    }
    let mirror = PinoyDama::new(false, true, false, Side::Lower);
    let numeric = PinoyDama::new(false, false, true, Side::Lower);
    for (rules, text, written) in [
        (&rules, "w:w21:b1", "W:Wa3:Bb8"),
        (&mirror, "w:w21:b1", "W:Wb3:Ba8"),
        (&numeric, "W:Wk3,kd2:Bd4", "W:WK3,K26:B18"),
        (
            &rules,
            "W:W21-24,K25-28:B1-4",
            "W:WKb2,Kd2,Kf2,Kh2,a3,c3,e3,g3:Bb8,d8,f8,h8",
        ),
        (&numeric, "W:W:B", "W:W:B"),
    ] {
        let p = rules.parse_position(text).unwrap();
        assert_eq!(rules.write_position(&p), written, "{text}");
    }
}

#[test]
fn describe_names_the_captured_pieces() {
    let rules = dama();
    let p = at(&rules, "W:Wd6:Be7,c3");
    let mv = rules.legal_moves(&p).remove(0);
    let mut after = p.clone();
    rules.play(&mut after, &mv);
    assert_eq!(
        rules.describe(&p, &mv, &after),
        "white man d6xf8 takes 1 (man e7); crowned king on f8 (R11)"
    );
}

#[test]
fn random_games_round_trip() {
    for seed in 0..40 {
        crate::games::playout::random_game::<PinoyDama>(&PinoyDama::GAMES[0], seed, 300, true)
            .unwrap();
    }
    assert!(registry::find("filipino-dama").is_some());
}

#[test]
fn short_forms_of_random_games_are_read_as_their_one_legal_chain() {
    // The rules' README: first and last points name the one legal chain between them;
    // a jump short of the maximum (R9) is no legal chain, so no reading of them
    // (issue 33).
    let shortened = short_forms_replay::<PinoyDama>(&PinoyDama::GAMES[0], 300, 300);
    assert!(shortened > 100, "{shortened}");
}

#[test]
fn r9_two_points_a_jump_apart_name_the_maximal_chain_between_them() {
    // Issue 33: the king on a1 may fly over b2 alone to e5 (a1xe5), but every maximal
    // chain takes four, and one of them ends on e5: a1xe5 is its first-and-last form
    // (the rules' README, "Short capture forms"), not a jump short of the maximum.
    let rules = dama();
    let p = at(&rules, "W:WKa1:Bb2,b4,b6,d6,h8");
    assert!(legal(&rules, &p).contains(&"a1xc3xa5xc7xe5".to_string()));
    let (mut short, mut full) = (p.clone(), p.clone());
    play(&rules, &mut short, "a1xe5").unwrap();
    play(&rules, &mut full, "a1xc3xa5xc7xe5").unwrap();
    assert_eq!(short, full);
    // Three points whose every leg is a jump are the chain they say.
    let e = error(&rules, &p, "a1xc3xa5");
    assert!(e.contains("a1xc3xa5 takes 2, but"), "{e}");
}
