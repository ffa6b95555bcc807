//! Kungser: every rule (R1–R11), the decisions of §4 and those added after review,
//! every worked example (E1–E3) of `kungser.md` §5, the notation, the position string
//! and the drawing.

use super::{Games, Kungser, RULES};
use crate::games::common::capture::bit;
use crate::games::common::hunt::testing::{self, after, captures, codes, fen, moves_of, replay};
use crate::games::common::hunt::{Hunt, Move, Token};
use crate::games::testing::{error, legal, play, short_forms_replay};
use crate::games::{GameResult, Player, Rules, Setup};
use crate::replay::ErrorCode;

fn kungser() -> Kungser {
    Kungser::from(Hunt::new(&RULES))
}

// ----- the worked examples of §5 -----

#[test]
fn e1_kungser_opening_has_exactly_six_single_captures() {
    let k = kungser();
    assert_eq!(
        legal(&k, &k.start_position()),
        ["c3xa5", "c3xc5", "c3xe5", "c7xa5", "c7xc5", "c7xe5"]
    );
    // Each takes the lama it names in the spec.
    for (mv, taken) in [
        ("c3xa5", "b4"),
        ("c3xc5", "c4"),
        ("c3xe5", "d4"),
        ("c7xa5", "b6"),
        ("c7xc5", "c6"),
        ("c7xe5", "d6"),
    ] {
        let mut p = k.start_position();
        let m = play(&k, &mut p, mv).unwrap();
        let Move::Capture { captured, .. } = m else {
            panic!("{mv} is a capture")
        };
        assert_eq!(
            captured[..],
            [k.geo.board.parse_point(taken).unwrap()],
            "{mv}"
        );
        assert_eq!(p.captured(), 1);
    }
}

#[test]
fn e2_chain_into_a_triangle_may_stop_after_any_jump() {
    let k = kungser();
    let p = fen(&k, "P=e5,c9 L=d4,b2,c1 hand=0 captured=0 turn=P");
    let chains: Vec<String> = moves_of(&k, &p, "e5")
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect();
    assert_eq!(chains, ["e5xc3", "e5xc3xa1", "e5xc3xa1xe1"]);
    assert!(captures(&k, &p).iter().all(|m| m.starts_with("e5")));
    let mut q = p.clone();
    let m = play(&k, &mut q, "e5xc3xa1xe1").unwrap();
    let Move::Capture { captured, .. } = m else {
        panic!("a capture")
    };
    let names: Vec<String> = captured
        .iter()
        .map(|&c| k.geo.name(c).to_string())
        .collect();
    assert_eq!(names, ["d4", "b2", "c1"]);
    assert_eq!(q.captured(), 3);
}

#[test]
fn e3_lamas_win_by_blocking_both_princes() {
    let k = kungser();
    let lamas = "b8,c9,c7,e9,c1,d2,a1,c4,a3";
    // Before the move the princes could play e1xc3 or e1xc3xc5, and nothing else.
    let princes_turn = fen(&k, &format!("P=a9,e1 L={lamas} hand=0 captured=15 turn=P"));
    assert_eq!(legal(&k, &princes_turn), ["e1xc3", "e1xc3xc5"]);
    let p = fen(&k, &format!("P=a9,e1 L={lamas} hand=0 captured=15 turn=L"));
    assert!(k.outcome(&p).is_none());
    let q = after(&k, p, "c4-c3");
    assert!(legal(&k, &q).is_empty());
    let outcome = k.outcome(&q).expect("the game is over");
    assert_eq!(outcome.result, GameResult::SecondWins);
    assert!(outcome.reason.contains("both princes are blocked (R8)"));
}

// ----- R1–R11 -----

#[test]
fn r1_the_first_move_is_a_single_jump_capture() {
    let k = kungser();
    let start = k.start_position();
    // A step is refused, naming the rule and an example.
    let e = error(&k, &start, "c3-c2");
    assert!(
        e.contains("the princes' first move takes one lama by a single jump, e.g.")
            && e.ends_with("(R1)"),
        "{e}"
    );
    // A chain of two is refused though it is a legal chain later (§4.2).
    let e = error(&k, &start, "c3xc5xa5");
    assert!(
        e.contains("first move takes exactly one lama by a single jump: c3xc5xa5 takes 2 (R1)"),
        "{e}"
    );
    // The same chain is fine on a later turn.
    let later = fen(
        &k,
        "P=c3,c7 L=b4,c4,d4,b5,d5,b6,c6,d6 hand=16 captured=0 turn=P",
    );
    assert!(legal(&k, &later).contains(&"c3xc5xa5".to_string()));
    // The first move ends the opening.
    let p = after(&k, start, "c3xc5");
    assert!(!p.opening());
}

#[test]
fn r2_a_prince_steps_along_a_line_to_a_neighbouring_empty_point() {
    let k = kungser();
    let p = fen(&k, "P=c3,a9 L=c4,d4 hand=0 captured=0 turn=P");
    let steps: Vec<String> = moves_of(&k, &p, "c3")
        .into_iter()
        .filter(|m| m.contains('-'))
        .collect();
    assert_eq!(
        steps,
        ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3-d3"]
    );
    assert!(
        error(&k, &p, "c3-c1")
            .contains("a prince steps to a neighbouring point along a line, and c1")
    );
    assert!(error(&k, &p, "a9-e9").contains("e9 is not next to a9"));
    assert!(error(&k, &p, "c3-c4").contains("c4 is occupied (R2)"));
    assert_eq!(
        error(&k, &p, "b5-b6"),
        "illegal move: there is no piece on b5"
    );
    // A capture written as a step is a wrong mark.
    assert_eq!(
        error(&k, &p, "c3-c5"),
        "wrong mark: c3-c5 is a capture: write it c3xc5"
    );
}

#[test]
fn r3_a_prince_jumps_an_adjacent_lama_along_a_line_only() {
    let k = kungser();
    // Into the triangle along the c-line and its diagonals, and along the base.
    let p = fen(&k, "P=c4,e9 L=c3,a1,d2 hand=0 captured=0 turn=P");
    assert_eq!(captures(&k, &p), ["c4xc2"]);
    let p = fen(&k, "P=a1,e9 L=c1,b2,c8 hand=0 captured=0 turn=P");
    assert_eq!(captures(&k, &p), ["a1xc3", "a1xe1"]);
    // No jump off the end of a line, over a prince, or onto a taken point.
    let p = fen(&k, "P=d2,e9 L=e1,c2,b2 hand=0 captured=0 turn=P");
    assert!(captures(&k, &p).is_empty());
    let p = fen(&k, "P=c3,c4 L=c5,c6 hand=0 captured=0 turn=P");
    assert!(captures(&k, &p).is_empty());
    let e = error(&k, &p, "c3xc5");
    assert!(
        e.contains("c3xc5: no lama to jump between c3 and c5: c4 holds a prince, not a lama (R3)"),
        "{e}"
    );
    let e = error(&k, &p, "c3xe5");
    assert!(
        e.contains("c3xe5: no lama to jump between c3 and e5: d4 is empty (R3)"),
        "{e}"
    );
    let e = error(&k, &p, "c3xe4");
    assert_eq!(e, "illegal move: the prince on c3 has no capture (R3)");
    // The lama leaves at once (§4.3).
    let p = fen(&k, "P=c3,a9 L=c4 hand=0 captured=0 turn=P");
    let q = after(&k, p, "c3xc5");
    assert_eq!(q.prey(), 0);
    assert_eq!(q.captured(), 1);
}

#[test]
fn r4_chains_go_on_in_any_direction_stop_anywhere_and_revisit_points() {
    let k = kungser();
    // Back to the start point: a5 over b5, b4, a4 and home again.
    let p = fen(&k, "P=a5,e9 L=b5,b4,a4 hand=0 captured=0 turn=P");
    let chains = moves_of(&k, &p, "a5");
    for c in [
        "a5xc5",
        "a5xc5xa3",
        "a5xc5xa3xa5",
        "a5xa3",
        "a5xa3xc5",
        "a5xa3xc5xa5",
    ] {
        assert!(chains.contains(&c.to_string()), "{c} in {chains:?}");
    }
    // Landing on the point of a lama taken earlier in the same chain (§4.3): c1 is
    // taken on the first jump and landed on by the third.
    let p = fen(&k, "P=a1,e9 L=c1,d2,c2 hand=0 captured=0 turn=P");
    let mut q = p.clone();
    let m = play(&k, &mut q, "a1xe1xc3xc1").unwrap();
    let Move::Capture { captured, .. } = m else {
        panic!("a capture")
    };
    assert_eq!(captured.len(), 3);
    assert_eq!(
        q.hunters() & bit(k.geo.board.parse_point("c1").unwrap()),
        bit(k.geo.board.parse_point("c1").unwrap())
    );
    // A taken lama cannot be jumped twice.
    let e = error(&k, &p, "a1xe1xc3xc1xc3");
    assert!(e.contains("already taken in this chain"), "{e}");
    // One prince per turn: the other prince's move is the lama side's error.
    let p = fen(&k, "P=c3,c7 L=c4,c6 hand=1 captured=0 turn=P");
    let q = after(&k, p, "c3xc5");
    assert_eq!(
        error(&k, &q, "c7xc5"),
        "illegal move: c7 holds a prince, and the lama side is to move: one prince acts per turn (R4)"
    );
}

#[test]
fn r5_lamas_are_dropped_anywhere_and_placed_lamas_wait() {
    let k = kungser();
    let p = after(&k, k.start_position(), "c3xc5");
    let drops = legal(&k, &p);
    assert_eq!(drops.len(), 37 - 2 - 7);
    assert!(drops.iter().all(|m| m.starts_with('@')));
    // Anywhere, also in a triangle and next to a prince (§4.6).
    for ok in ["@a1", "@c3", "@d8", "@c4"] {
        play(&k, &mut p.clone(), ok).unwrap();
    }
    assert_eq!(error(&k, &p, "@b4"), "illegal move: b4 is occupied (R5)");
    assert_eq!(
        error(&k, &p, "b4-a3"),
        "illegal move: the lama side still has 16 in hand and must place a lama (R5)"
    );
    let q = after(&k, p, "@a1");
    assert_eq!(q.hand(), 15);
    assert!(q.prey() & bit(k.geo.board.parse_point("a1").unwrap()) != 0);
    // Points off the board are not points: a notation error.
    assert!(k.parse_token("@a2").is_err());
    assert_eq!(
        error(&k, &q, "@d3"),
        "illegal move: the prince side is to move, and princes never enter from hand: @d3 \
         drops a lama (R5)"
    );
}

#[test]
fn r6_with_an_empty_hand_lamas_step_and_never_jump() {
    let k = kungser();
    let p = fen(&k, "P=a1,e1 L=c4,c5 hand=0 captured=0 turn=L");
    let moves = legal(&k, &p);
    assert!(moves.iter().all(|m| m.contains('-')));
    assert!(moves.contains(&"c4-c3".to_string()));
    assert_eq!(
        error(&k, &p, "@d3"),
        "illegal move: the lama side has no lama in hand and must move one (R6)"
    );
    assert_eq!(error(&k, &p, "c4-c5"), "illegal move: c5 is occupied (R6)");
    assert!(
        error(&k, &p, "c5-c7")
            .contains("a lama steps to a neighbouring point along a line, and c7")
    );
    assert_eq!(
        error(&k, &p, "c5xc3"),
        "illegal move: lamas never jump or capture (R6)"
    );
}

#[test]
fn r7_the_princes_win_at_16_captured_when_the_move_ends() {
    let k = kungser();
    // 14 taken; a chain of three takes the 15th, 16th and 17th: the prince goes on
    // jumping after the 16th, and the win is decided when the chain ends.
    let p = fen(&k, "P=e5,a9 L=d4,b2,c1,e7 hand=0 captured=14 turn=P");
    assert!(legal(&k, &p).contains(&"e5xc3xa1xe1".to_string()));
    let mut q = p.clone();
    play(&k, &mut q, "e5xc3xa1xe1").unwrap();
    assert_eq!(q.captured(), 17);
    let o = k.outcome(&q).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert_eq!(o.reason, "17 lamas captured (R7)");
    // Stopping at the 16th wins too.
    let mut q = p.clone();
    play(&k, &mut q, "e5xc3xa1").unwrap();
    assert_eq!(k.outcome(&q).unwrap().reason, "16 lamas captured (R7)");
    // One lama short: play goes on.
    let mut q = p;
    play(&k, &mut q, "e5xc3").unwrap();
    assert!(k.outcome(&q).is_none());
    // A move after the win is an error at its ply.
    let r = replay::<Games>(
        "[Game \"kungser\"]\n[SetUp \"1\"]\n[FEN \"P=e5,a9 L=d4,b2,c1,e7 hand=0 captured=14 turn=P\"]\n\n1. e5xc3xa1 e7-e6 1-0\n",
    );
    assert_eq!(codes(&r), [(ErrorCode::AfterEnd, Some(2))]);
}

#[test]
fn r8_the_lamas_win_when_the_princes_have_no_move() {
    let k = kungser();
    let p = fen(&k, "P=a1,e1 L=b2,c1,d2,c2,c3 hand=0 captured=0 turn=P");
    assert!(legal(&k, &p).is_empty());
    let o = k.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert_eq!(
        o.reason,
        "the prince side has no legal move: both princes are blocked (R8)"
    );
}

#[test]
fn r9_lamas_without_a_move_lose() {
    let k = kungser();
    // Every lama boxed in by the princes and by each other.
    let boxed = fen(&k, "P=b2,c3 L=a1,c1,e1,c2,d2 hand=0 captured=10 turn=L");
    assert!(legal(&k, &boxed).is_empty());
    let o = k.outcome(&boxed).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert_eq!(o.reason, "the lama side has no legal move (R9)");
    // One free point is enough to go on: c2 may step to c3.
    let open = fen(&k, "P=b2,d3 L=a1,c1,e1,c2,d2 hand=0 captured=10 turn=L");
    assert!(k.outcome(&open).is_none());
    // No lama left at all (a composed position short of 16 captured).
    let none = fen(&k, "P=a1,e1 L=- hand=0 captured=10 turn=L");
    assert_eq!(k.outcome(&none).unwrap().result, GameResult::FirstWins);
    // While lamas are in hand there is always a drop.
    let dropping = fen(&k, "P=b2,c3 L=a1,c1,e1,c2,d2 hand=1 captured=10 turn=L");
    assert!(k.outcome(&dropping).is_none());
}

#[test]
fn r10_declared_results_stand_only_where_the_board_has_not_decided() {
    // Resignation in the middle of the game: any result is accepted.
    let r = replay::<Games>("[Game \"kungser\"]\n\n1. c3xc5 @a1 0-1\n");
    assert!(r.is_valid(), "{:?}", r.errors);
    assert!(r.outcome.is_none());
    // A result that contradicts the board is an error.
    let r = replay::<Games>(
        "[Game \"kungser\"]\n[SetUp \"1\"]\n[FEN \"P=a9,e1 L=b8,c9,c7,e9,c1,d2,a1,c4,a3 hand=0 captured=15 turn=L\"]\n\n1... c4-c3 1-0\n",
    );
    assert_eq!(codes(&r), [(ErrorCode::Result, None)]);
    // No rule draws the game: a draw by agreement is only declared.
    let r = replay::<Games>("[Game \"kungser\"]\n\n1. c7xc5 1/2-1/2\n");
    assert!(r.is_valid());
}

#[test]
fn r11_captures_are_optional_and_never_the_most() {
    let k = kungser();
    let p = fen(&k, "P=e5,c9 L=d4,b2,c1 hand=0 captured=0 turn=P");
    // A step while a capture exists, and the shortest chain, are both legal.
    play(&k, &mut p.clone(), "e5-e4").unwrap();
    play(&k, &mut p.clone(), "e5xc3").unwrap();
    play(&k, &mut p.clone(), "c9-c8").unwrap();
}

// ----- notation -----

#[test]
fn short_forms_name_the_one_chain_ending_there_else_ambiguous() {
    let k = kungser();
    let p = fen(&k, "P=e5,c9 L=d4,b2,c1 hand=0 captured=0 turn=P");
    // e5xe1: exactly one chain from e5 ends on e1.
    let mut q = p.clone();
    let m = play(&k, &mut q, "e5xe1").unwrap();
    assert_eq!(k.write_move(&p, &m), "e5xc3xa1xe1");
    assert_eq!(
        k.write_move(
            &p,
            &k.resolve(&p, &k.parse_token("E5XA1").unwrap()).unwrap()
        ),
        "e5xc3xa1"
    );
    // A token that is itself a complete chain is read as that chain.
    let m = k.resolve(&p, &k.parse_token("e5xc3").unwrap()).unwrap();
    assert_eq!(k.write_move(&p, &m), "e5xc3");
    // Two chains from a5 end back on a5: the short form is ambiguous.
    let p = fen(&k, "P=a5,e9 L=b5,b4,a4 hand=0 captured=0 turn=P");
    assert_eq!(
        error(&k, &p, "a5xa5"),
        "ambiguous move: it matches a5xc5xa3xa5, a5xa3xc5xa5"
    );
    // Middle points must tell them apart; here only the full form does.
    assert!(error(&k, &p, "a5xc5xa5").starts_with("ambiguous move"));
    let m = k
        .resolve(&p, &k.parse_token("a5xc5xa3xa5").unwrap())
        .unwrap();
    assert_eq!(k.write_move(&p, &m), "a5xc5xa3xa5");
    // From the second point on, a5xc5xe5 ... a middle point that picks one chain:
    let e2 = fen(&k, "P=e5,c9 L=d4,b2,c1 hand=0 captured=0 turn=P");
    let m = k.resolve(&e2, &k.parse_token("e5xa1xe1").unwrap()).unwrap();
    assert_eq!(k.write_move(&e2, &m), "e5xc3xa1xe1");
    // A short form no chain matches.
    let e = error(&k, &p, "a5xe5");
    assert!(
        e.contains("no capture chain of the prince on a5 ends on e5 (R3, R4)"),
        "{e}"
    );
}

#[test]
fn notation_is_read_and_written_back() {
    let k = kungser();
    for bad in [
        "d3",
        "@",
        "c3-",
        "c3-c2-c1",
        "c3xc5-c7",
        "*b4,c5,d6",
        "f3-f4",
        "a2-a3",
        "@b1",
    ] {
        assert!(k.parse_token(bad).is_err(), "{bad}");
    }
    assert_eq!(
        k.parse_token("@D3").unwrap(),
        Token::Drop(k.geo.board.parse_point("d3").unwrap())
    );
    let e = k.parse_token("c3-c2-c1").unwrap_err().to_string();
    assert!(e.contains("a step with two points"), "{e}");
    let e = k.parse_token("b1-c1").unwrap_err().to_string();
    assert!(e.contains("not \"b1\""), "{e}");
}

#[test]
fn a_quiet_step_written_with_x_is_a_wrong_mark() {
    let k = kungser();
    let p = fen(&k, "P=e5,c9 L=d4 hand=0 captured=0 turn=P");
    assert_eq!(
        error(&k, &p, "c9xc8"),
        "wrong mark: c9xc8 takes nothing: write it c9-c8"
    );
    // A step written as a capture when the prince has a capture elsewhere.
    let e = error(&k, &p, "e5xe4");
    assert!(
        e.contains("no capture chain of the prince on e5 ends on e4"),
        "{e}"
    );
}

// ----- Rimau-rimau's option -----

#[test]
fn capture_all_is_refused_as_a_rimau_rimau_option() {
    // Kungser lists no option; a record that sets Rimau-rimau's by its tag is told
    // whose it is, and a value that is no switch's is refused as a switch's.
    assert!(Kungser::OPTIONS.is_empty());
    let setup = |value: &str| {
        let tags = vec![("CaptureAll".to_string(), value.to_string())];
        Kungser::configure(&Setup::new(&Kungser::GAMES[0], &tags, &[])).err()
    };
    let e = setup("yes").unwrap();
    assert_eq!(e.option.as_deref(), Some("capture-all"));
    assert_eq!(
        e.message,
        "option capture-all: a Rimau-rimau option; Kungser's princes win at 16 lamas \
         captured (R7)"
    );
    assert_eq!(
        setup("maybe").unwrap().message,
        "option capture-all: expected yes or no, found \"maybe\""
    );
    assert!(setup("no").is_none());
}

// ----- position string, drawing, JSON -----

#[test]
fn start_positions_and_their_strings() {
    let k = kungser();
    assert_eq!(
        k.write_position(&k.start_position()),
        "P=c3,c7 L=b4,c4,d4,b5,d5,b6,c6,d6 hand=16 captured=0 turn=P opening"
    );
    let start = k.start_position();
    let text = k.write_position(&start);
    assert_eq!(fen(&k, &text), start);
    // The princes move first.
    assert_eq!(k.to_move(&start), Player::First);
    // Fields in any order, letters in any case.
    let p = fen(&k, "turn=l hand=0 captured=1 p=a1,e1 l=c1");
    assert_eq!(
        k.write_position(&p),
        "P=a1,e1 L=c1 hand=0 captured=1 turn=L"
    );
}

#[test]
fn position_strings_are_validated() {
    let k = kungser();
    for (text, message) in [
        (
            "P=c3,c7 L=b4 hand=16 captured=0",
            "field turn is missing",
        ),
        (
            "P=c3,c7 L=b4 hand=16 turn=P",
            "field captured is missing",
        ),
        (
            "P=c3 L=b4 hand=0 captured=0 turn=P",
            "P: expected the 2 princes, found 1",
        ),
        ("P=c3,c7,c5 L=b4 hand=0 captured=0 turn=P", "found 3"),
        (
            "P=c3,c7 L=c3 hand=0 captured=0 turn=P",
            "c3 holds both a prince and a lama",
        ),
        (
            "P=c3,c7 L=b4,b4 hand=0 captured=0 turn=P",
            "L: b4 is listed twice",
        ),
        (
            "P=c3,c7 L=b1 hand=0 captured=0 turn=P",
            "L: \"b1\" is not a point of the board",
        ),
        (
            "P=c3,c7 L=b4 hand=16 captured=8 turn=P",
            "lamas on the board (1), in hand (16) and captured (8) make 25, more than 24",
        ),
        (
            "P=c3,c7 L=b4 hand=x captured=0 turn=P",
            "hand: expected a count 0-24",
        ),
        (
            "P=c3,c7 L=b4 hand=0 captured=0 turn=X",
            "turn: expected P or L",
        ),
        (
            "P=c3,c7 L=b4 hand=0 captured=0 turn=L opening",
            "opening: the first turn is the princes'",
        ),
        (
            "T=c3,c7 M=b4 hand=0 captured=0 turn=T",
            "unknown field \"T\" (expected P, L, hand, captured, turn, opening)",
        ),
        (
            "P=c3,c7 L=b4 hand=0 hand=1 captured=0 turn=P",
            "field hand is given twice",
        ),
        (
            "P=c3,c7 L=b4 hand=0 captured=0 turn=P foo",
            "expected key=value or opening, found \"foo\"",
        ),
    ] {
        let e = k.parse_position(text).unwrap_err();
        assert!(e.contains(message), "{text}: {e}");
    }
}

#[test]
fn the_drawing_shows_the_triangles_diagonals_and_counts() {
    let k = kungser();
    let text = k.draw(&k.start_position());
    let expected = "\
9 .---.---.
   \\  |  /
8   .-.-.
     \\|/
7 .-.-P-.-.
  |\\|/|\\|/|
6 .-L-L-L-.
  |/|\\|/|\\|
5 .-L-.-L-.
  |\\|/|\\|/|
4 .-L-L-L-.
  |/|\\|/|\\|
3 .-.-P-.-.
     /|\\
2   .-.-.
   /  |  \\
1 .---.---.
  a b c d e
P to move; lamas in hand 16, captured 0 (the princes win at 16); first turn: one lama taken by a single jump (R1)";
    assert_eq!(text, expected);
}

#[test]
fn json_state_keys_the_hunters_first() {
    let k = kungser();
    let s = k.state(&k.start_position());
    assert_eq!(s["first"], serde_json::json!(["c3", "c7"]));
    assert_eq!(s["second"].as_array().unwrap().len(), 8);
    assert_eq!(s["hand"], 16);
    assert_eq!(s["captured"], 0);
    assert_eq!(s["to_move"], "first");
    assert_eq!(s["opening"], true);
}

#[test]
fn descriptions_say_what_was_taken_and_how_the_game_ended() {
    let k = kungser();
    let p = fen(&k, "P=e5,a9 L=d4,b2,c1,e7 hand=0 captured=14 turn=P");
    let m = k.resolve(&p, &k.parse_token("e5xe1").unwrap()).unwrap();
    let mut q = p.clone();
    k.play(&mut q, &m);
    assert_eq!(
        k.describe(&p, &m, &q),
        "prince e5xc3xa1xe1 takes 3 lamas (d4, b2, c1); 17 captured; 17 lamas captured (R7): the princes win"
    );
}

#[test]
fn errors_are_reported_at_their_ply() {
    let r = replay::<Games>("[Game \"kungser\"]\n\n1. c3xc5 @a1 2. c7xc5 *\n");
    assert_eq!(codes(&r), [(ErrorCode::Illegal, Some(3))]);
    let r = replay::<Games>("[Game \"kungser\"]\n\n1. c3xc5 d3 *\n");
    assert_eq!(codes(&r), [(ErrorCode::Notation, Some(2))]);
}

#[test]
fn a_prince_among_many_lamas_plays_a_written_chain_and_messages_stay_short() {
    // 22 lamas on every point a jump passes over, the prince on c5: hundreds of
    // thousands of chains. A chain written in full is checked jump by jump (how long
    // it takes is measured by `cargo bench --bench capture`, not asserted here); a
    // short form or a wrong chain names at most ten of the chains that match.
    let k = kungser();
    let mut lamas = Vec::new();
    for p in k.geo.board.points() {
        let (f, r) = k.geo.board.coords(p);
        if f % 2 == 0 || r % 2 == 0 {
            lamas.push(k.geo.name(p).to_string());
        }
    }
    let p = fen(
        &k,
        &format!("P=c5,e9 L={} hand=0 captured=0 turn=P", lamas.join(",")),
    );
    let mut q = p.clone();
    play(&k, &mut q, "c5xa3xa5xa7xc7xc9").unwrap();
    assert_eq!(q.captured(), 5);
    let e = error(&k, &p, "c5-a9");
    assert!(
        e.starts_with("wrong mark: c5-a9 is a capture: write it with x, as one of "),
        "{e}"
    );
    assert!(e.len() < 1000, "{e}");
    let e = error(&k, &p, "c5xa9");
    assert!(e.starts_with("ambiguous move: it matches "), "{e}");
    assert!(e.ends_with(" more"), "{e}");
    assert_eq!(e.matches(", ").count(), 10, "{e}");
    let e = error(&k, &p, "c5xa3xa5xa7xc7xc9xa9");
    assert!(
        e.contains("c5xa3xa5xa7xc7xc9xa9 matches no capture chain of the prince on c5"),
        "{e}"
    );
    assert!(e.len() < 1000, "{e}");
}

#[test]
fn broken_random_games_are_judged_at_the_exact_ply() {
    testing::broken_random_games_are_judged_at_the_exact_ply::<Games>();
}

#[test]
fn a_chain_written_in_full_is_the_chain_played_not_a_longer_one_through_its_points() {
    // Issue 26: a5xa3 is one jump (over a4); a5xc5xa3 also goes from a5 to a3. A token
    // whose every leg is a jump is the chain it says (captures are optional, R11).
    let k = kungser();
    let p = fen(&k, "P=a5,e9 L=b5,b4,a4 hand=0 captured=0 turn=P");
    assert!(moves_of(&k, &p, "a5").contains(&"a5xc5xa3".to_string()));
    let m = k.resolve(&p, &k.parse_token("a5xa3").unwrap()).unwrap();
    assert_eq!(k.write_move(&p, &m), "a5xa3");
    assert!(matches!(&m, Move::Capture { captured, .. } if captured.len() == 1));
}

#[test]
fn a_prince_with_more_chains_than_tgn_lists_gives_an_incomplete_list_said_so() {
    use crate::games::common::capture::MAX_LISTED;
    // Built to have millions of chains, every prefix of one being one (R3): listing
    // them all took 500 MB. The list stops at MAX_LISTED and says it is incomplete,
    // so that the analysis does not search it (see `Rules::complete_legal_moves`).
    let k = kungser();
    let lamas = "b2,c2,d2,b3,d3,a4,b4,c4,d4,e4,b5,d5,a6,b6,c6,d6,e6,b7,d7,b8,c8,d8,c1,c9";
    let position = fen(&k, &format!("P=c3,e9 L={lamas} hand=0 captured=0 turn=P"));
    let (moves, incomplete) = k.listing(&position);
    assert!(incomplete);
    // The chains listed, and the steps of two princes.
    assert!(moves.len() <= MAX_LISTED + 16, "{} moves", moves.len());
    assert_eq!(k.complete_legal_moves(&position), None);
    // A position of play is listed whole.
    let start = k.start_position();
    assert_eq!(k.complete_legal_moves(&start), Some(k.legal_moves(&start)));
}

#[test]
fn short_forms_of_random_games_are_read_as_their_one_legal_chain() {
    // The rules' README: first and last points name the one legal chain between them
    // (chains may stop after any jump, R4, so a jump is a legal chain itself).
    let shortened = short_forms_replay::<Kungser>(&Kungser::GAMES[0], 150, 300);
    assert!(shortened > 100, "{shortened}");
}

#[test]
fn the_scenes_status_is_the_drawings_last_line() {
    testing::the_scenes_status_is_the_drawings_last_line(&kungser());
}
