//! Kungser and Rimau-rimau: every rule (R1–R11, V1–V5), the decisions of §4, §5 and
//! those added after review, every worked example (E1–E4) of `kungser.md` §7, the
//! notation, the position string and the drawing.

use super::{HUNTERS, KUNGSER_RULES, Kungser, PREY_SIDE, RIMAU_RULES};
use crate::games::common::hunt::*;
use crate::games::common::capture::{bit, points};
use crate::games::{GameResult, Rules, Setup};
use crate::games::testing::{error, legal, play, short_forms_replay};
use crate::record::parser::{Origin, parse_games};
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

fn kungser() -> Kungser {
    Kungser::from(Hunt::new(&KUNGSER_RULES))
}

fn rimau() -> Kungser {
    Kungser::from(Hunt::new(&RIMAU_RULES))
}

fn fen(hunt: &Kungser, text: &str) -> Position {
    hunt.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays space-separated tokens from `position`, panicking on the first that fails.
fn after(hunt: &Kungser, mut position: Position, moves: &str) -> Position {
    for text in moves.split_whitespace() {
        assert!(hunt.outcome(&position).is_none(), "{text} after the end");
        play(hunt, &mut position, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    position
}

/// The legal moves of the hunter on `from`, in canonical notation, sorted.
fn moves_of(hunt: &Kungser, position: &Position, from: &str) -> Vec<String> {
    legal(hunt, position)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.starts_with('@'))
        .collect()
}

fn captures(hunt: &Kungser, position: &Position) -> Vec<String> {
    legal(hunt, position)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect()
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    let info = crate::registry::find(record.tag("Game").unwrap())
        .unwrap()
        .info;
    replay_with::<Kungser>(info, &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<(ErrorCode, Option<u32>)> {
    r.errors.iter().map(|e| (e.code, e.ply)).collect()
}

// ----- the worked examples of §7 -----

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

#[test]
fn e4_rimau_tigers_jump_odd_runs_only() {
    let r = rimau();
    // Men c4 c5 c6, c7 empty: c3xc7 takes all three.
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6 hand=0 captured=3 turn=T");
    assert_eq!(
        moves_of(&r, &p, "c3")
            .iter()
            .filter(|m| m.contains('x'))
            .count(),
        1
    );
    let mut q = p.clone();
    let m = play(&r, &mut q, "c3xc7").unwrap();
    let Move::Capture { captured, .. } = m else {
        panic!("a capture")
    };
    assert_eq!(captured.len(), 3);
    assert_eq!(q.prey(), 0);
    assert_eq!(q.captured(), 6);
    // Men c4 c5 only: no capture along that line.
    let p = fen(&r, "T=c3,a9 M=c4,c5 hand=0 captured=3 turn=T");
    assert!(captures(&r, &p).is_empty());
    assert!(error(&r, &p, "c3xc6").contains("a run of 2 men (c4, c5) cannot be jumped"));
    // Men c4 to c8, c9 empty: c3xc9 takes five, crossing the apex into the triangle.
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6,c7,c8 hand=0 captured=3 turn=T");
    assert_eq!(captures(&r, &p), ["c3xc9"]);
    let mut q = p.clone();
    play(&r, &mut q, "c3xc9").unwrap();
    assert_eq!(q.captured(), 8);
    assert_eq!(q.prey(), 0);
}

// ----- Kungser: R1–R11 -----

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
    let r = replay(
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
    let r = replay("[Game \"kungser\"]\n\n1. c3xc5 @a1 0-1\n");
    assert!(r.is_valid(), "{:?}", r.errors);
    assert!(r.outcome.is_none());
    // A result that contradicts the board is an error.
    let r = replay(
        "[Game \"kungser\"]\n[SetUp \"1\"]\n[FEN \"P=a9,e1 L=b8,c9,c7,e9,c1,d2,a1,c4,a3 hand=0 captured=15 turn=L\"]\n\n1... c4-c3 1-0\n",
    );
    assert_eq!(codes(&r), [(ErrorCode::Result, None)]);
    // No rule draws the game: a draw by agreement is only declared.
    let r = replay("[Game \"kungser\"]\n\n1. c7xc5 1/2-1/2\n");
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

// ----- Kungser notation -----

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
    let r = rimau();
    assert!(r.parse_token("*b4,c5,d6/c7-a1").is_ok());
    assert!(r.parse_token("*B4,C5,D6").is_ok());
    for bad in ["*", "*b4,", "*b4,c5,d6/c7", "*b4,c5,d6/c7xa1", "*b4 c5"] {
        assert!(r.parse_token(bad).is_err(), "{bad}");
    }
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

// ----- Rimau-rimau: V1–V5 and the decisions of §5 -----

#[test]
fn v1_opening_removes_three_central_men_in_any_order() {
    let r = rimau();
    let start = r.start_position();
    let openings = legal(&r, &start);
    // C(9,3) = 84 removals, each with no relocation or one of 2 tigers to one of the
    // 29 empty points.
    assert_eq!(openings.len(), 84 * (1 + 2 * 29));
    assert!(openings.iter().all(|m| m.starts_with('*')));
    for written in ["*b4,c5,d6", "*d6,b4,c5", "*c5,d6,b4"] {
        let mut p = start.clone();
        let m = play(&r, &mut p, written).unwrap();
        assert_eq!(r.write_move(&start, &m), "*b4,c5,d6");
        assert_eq!(p.captured(), 3);
        assert_eq!(p.prey_on_board(), 6);
        assert_eq!(r.to_move(&p), PREY_SIDE);
        assert!(!p.opening());
    }
    // Errors, each naming V1.
    assert_eq!(
        error(&r, &start, "*b4,c5,b4"),
        "illegal move: b4 is listed twice: the opening removes 3 different men (V1)"
    );
    assert_eq!(
        error(&r, &start, "*b4,c5"),
        "illegal move: the opening removes exactly 3 of the nine central men, not 2 (V1)"
    );
    assert_eq!(
        error(&r, &start, "*b4,c5,d6,d5"),
        "illegal move: the opening removes exactly 3 of the nine central men, not 4 (V1)"
    );
    assert_eq!(
        error(&r, &start, "*a3,c5,d6"),
        "illegal move: a3 is not one of the nine central points b4-d6 (V1)"
    );
    // Anything else on the first turn.
    for other in ["c3-c2", "c3xc5", "@a1"] {
        let e = error(&r, &start, other);
        assert!(
            e.contains("V1") || e.contains("never enter from hand"),
            "{other}: {e}"
        );
    }
    assert!(
        error(&r, &start, "c3-c2")
            .contains("the tigers' first turn removes 3 of the nine central men, e.g. *")
    );
    // Only once.
    let p = after(&r, start, "*b4,c5,d6 @a1");
    assert_eq!(
        error(&r, &p, "*c4,d4,b5"),
        "illegal move: the opening removal is the tigers' first turn only (V1)"
    );
}

#[test]
fn v1_a_tiger_may_move_anywhere_empty_after_the_removals() {
    let r = rimau();
    let start = r.start_position();
    let mut p = start.clone();
    let m = play(&r, &mut p, "*b4,c5,d6/c7-a1").unwrap();
    assert_eq!(r.write_move(&start, &m), "*b4,c5,d6/c7-a1");
    assert_eq!(
        r.write_position(&p),
        "T=a1,c3 M=c4,d4,b5,d5,b6,c6 hand=15 captured=3 turn=M"
    );
    // Onto a point just emptied (decision after review).
    let mut p = start.clone();
    play(&r, &mut p, "*b4,c5,d6/c3-c5").unwrap();
    assert_eq!(
        r.write_position(&p),
        "T=c5,c7 M=c4,d4,b5,d5,b6,c6 hand=15 captured=3 turn=M"
    );
    assert_eq!(
        error(&r, &start, "*b4,c5,d6/c7-c6"),
        "illegal move: c6 is occupied: after the removals a tiger may move to an empty point (V1)"
    );
    assert_eq!(
        error(&r, &start, "*b4,c5,d6/c6-a1"),
        "illegal move: there is no tiger on c6 to move (V1)"
    );
}

#[test]
fn v2_men_are_placed_then_step_as_lamas() {
    let r = rimau();
    let p = after(&r, r.start_position(), "*b4,c5,d6");
    assert_eq!(p.hand(), 15);
    assert!(legal(&r, &p).iter().all(|m| m.starts_with('@')));
    assert_eq!(
        error(&r, &p, "c4-c5"),
        "illegal move: the men's side still has 15 in hand and must place a man (V2)"
    );
    assert_eq!(error(&r, &p, "@c4"), "illegal move: c4 is occupied (V2)");
    let q = fen(&r, "T=a1,e1 M=c4 hand=0 captured=3 turn=M");
    assert_eq!(legal(&r, &q), ["c4-b4", "c4-c3", "c4-c5", "c4-d4"]);
    assert_eq!(
        error(&r, &q, "@c5"),
        "illegal move: the men's side has no man in hand and must move one (V2)"
    );
    assert_eq!(
        error(&r, &q, "c4xc2"),
        "illegal move: men never jump or capture (V2)"
    );
}

#[test]
fn v3_a_tiger_jumps_an_odd_run_of_one_three_five_or_seven_men() {
    let r = rimau();
    // Seven men on the c-line from c2: c1 over c2..c8 to c9.
    let p = fen(
        &r,
        "T=c1,a5 M=c2,c3,c4,c5,c6,c7,c8 hand=0 captured=3 turn=T",
    );
    assert_eq!(captures(&r, &p), ["c1xc9"]);
    let mut q = p.clone();
    play(&r, &mut q, "c1xc9").unwrap();
    assert_eq!(q.captured(), 10);
    // One man, along a diagonal.
    let p = fen(&r, "T=a3,e9 M=b4 hand=0 captured=3 turn=T");
    assert_eq!(captures(&r, &p), ["a3xc5"]);
    // An even run (4) followed by an empty point cannot be jumped, nor split.
    let p = fen(&r, "T=a5,e9 M=b5,c5,d5,e5 hand=0 captured=3 turn=T");
    assert!(captures(&r, &p).is_empty());
    let e = error(&r, &p, "a5xc5");
    assert!(
        e.contains("a5xc5: the run of 4 men (b5, c5, d5, e5) has no empty point"),
        "{e}"
    );
    let p = fen(&r, "T=a5,e9 M=b5,c5,d5 hand=0 captured=3 turn=T");
    let e = error(&r, &p, "a5xc5");
    assert!(
        e.contains("the tiger lands right after the run of 3 men (b5, c5, d5), on e5: a5xe5 (V3)"),
        "{e}"
    );
    // A run up to a tiger has nowhere to land.
    let p = fen(&r, "T=a5,c5 M=b5 hand=0 captured=3 turn=T");
    assert!(error(&r, &p, "a5xc5").contains("no empty point right after it"));
    // No man next to the tiger.
    let p = fen(&r, "T=a5,e9 M=c5 hand=0 captured=3 turn=T");
    let e = error(&r, &p, "a5xd5");
    assert!(
        e.contains("no man stands next to the tiger on a5 towards d5 to jump (V3)"),
        "{e}"
    );
    assert!(error(&r, &p, "a5xc4").contains("are not on one line (V3)"));
    assert_eq!(
        error(&r, &p, "a5xb5"),
        "wrong mark: a5xb5 takes nothing: write it a5-b5"
    );
    // A jump written as a step is a wrong mark.
    let p = fen(&r, "T=a5,e9 M=b5 hand=0 captured=3 turn=T");
    assert_eq!(
        error(&r, &p, "a5-c5"),
        "wrong mark: a5-c5 is a capture: write it a5xc5"
    );
}

#[test]
fn v4_one_capture_per_turn_no_chains_and_captures_optional() {
    let r = rimau();
    // After c3xc5 a second jump c5xc7 would be possible, but the turn is over.
    let p = fen(&r, "T=c3,a9 M=c4,c6 hand=0 captured=3 turn=T");
    assert_eq!(captures(&r, &p), ["c3xc5"]);
    assert_eq!(
        error(&r, &p, "c3xc5xc7"),
        "illegal move: c3xc5xc7: a tiger captures once per turn, with one jump and no chain (V4)"
    );
    let q = after(&r, p.clone(), "c3xc5");
    assert_eq!(r.to_move(&q), PREY_SIDE);
    // A step while a capture exists.
    play(&r, &mut p.clone(), "c3-c2").unwrap();
}

#[test]
fn v5_men_win_by_blocking_both_tigers() {
    let r = rimau();
    let p = fen(&r, "T=a1,e1 M=b2,c1,d2,c2,c3 hand=0 captured=3 turn=T");
    let o = r.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert_eq!(
        o.reason,
        "the tiger side has no legal move: both tigers are blocked (V5)"
    );
}

#[test]
fn tigers_win_at_16_men_eliminated_counting_the_opening_removals() {
    let r = rimau();
    // 13 taken (3 of them at the opening); a run of 3 makes 16.
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6,e9 hand=0 captured=13 turn=T");
    let q = after(&r, p, "c3xc7");
    let o = r.outcome(&q).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert_eq!(
        o.reason,
        "16 men eliminated, the opening removals included (§5)"
    );
}

#[test]
fn capture_all_makes_the_tigers_eliminate_every_man() {
    let info = &Kungser::GAMES[1];
    let tags = vec![("CaptureAll".to_string(), "yes".to_string())];
    let r = Kungser::configure(&Setup::new(info, &tags, &[])).unwrap();
    assert!(r.capture_all);
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6,e9 hand=0 captured=13 turn=T");
    let q = after(&r, p, "c3xc7");
    assert!(r.outcome(&q).is_none(), "16 taken, one man left");
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6 hand=0 captured=21 turn=T");
    let q = after(&r, p, "c3xc7");
    assert_eq!(
        r.outcome(&q).unwrap().reason,
        "every man eliminated (capture-all)"
    );
    // Men still in hand are not eliminated.
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6 hand=1 captured=20 turn=T");
    assert!(r.outcome(&after(&r, p, "c3xc7")).is_none());
    // Kungser has no such option.
    let k_info = &Kungser::GAMES[0];
    let e = Kungser::configure(&Setup::new(k_info, &tags, &[]))
        .err()
        .unwrap();
    assert!(
        e.message
            .starts_with("option capture-all: a Rimau-rimau option")
    );
}

// ----- position string, drawing, JSON -----

#[test]
fn start_positions_and_their_strings() {
    let k = kungser();
    assert_eq!(
        k.write_position(&k.start_position()),
        "P=c3,c7 L=b4,c4,d4,b5,d5,b6,c6,d6 hand=16 captured=0 turn=P opening"
    );
    let r = rimau();
    assert_eq!(
        r.write_position(&r.start_position()),
        "T=c3,c7 M=b4,c4,d4,b5,c5,d5,b6,c6,d6 hand=15 captured=0 turn=T opening"
    );
    for hunt in [&k, &r] {
        let start = hunt.start_position();
        let text = hunt.write_position(&start);
        assert_eq!(fen(hunt, &text), start);
        assert_eq!(hunt.to_move(&start), HUNTERS);
    }
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
    let r = rimau();
    for (hunt, text, message) in [
        (
            &k,
            "P=c3,c7 L=b4 hand=16 captured=0",
            "field turn is missing",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=16 turn=P",
            "field captured is missing",
        ),
        (
            &k,
            "P=c3 L=b4 hand=0 captured=0 turn=P",
            "P: expected the 2 princes, found 1",
        ),
        (&k, "P=c3,c7,c5 L=b4 hand=0 captured=0 turn=P", "found 3"),
        (
            &k,
            "P=c3,c7 L=c3 hand=0 captured=0 turn=P",
            "c3 holds both a prince and a lama",
        ),
        (
            &k,
            "P=c3,c7 L=b4,b4 hand=0 captured=0 turn=P",
            "L: b4 is listed twice",
        ),
        (
            &k,
            "P=c3,c7 L=b1 hand=0 captured=0 turn=P",
            "L: \"b1\" is not a point of the board",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=16 captured=8 turn=P",
            "lamas on the board (1), in hand (16) and captured (8) make 25, more than 24",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=x captured=0 turn=P",
            "hand: expected a count 0-24",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=0 captured=0 turn=X",
            "turn: expected P or L",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=0 captured=0 turn=L opening",
            "opening: the first turn is the princes'",
        ),
        (
            &k,
            "T=c3,c7 M=b4 hand=0 captured=0 turn=T",
            "unknown field \"T\" (expected P, L, hand, captured, turn, opening)",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=0 hand=1 captured=0 turn=P",
            "field hand is given twice",
        ),
        (
            &k,
            "P=c3,c7 L=b4 hand=0 captured=0 turn=P foo",
            "expected key=value or opening, found \"foo\"",
        ),
        (
            &r,
            "T=c3,c7 M=b4,c4 hand=15 captured=0 turn=T opening",
            "opening: fewer than 3 men on the nine central points b4-d6 to remove (V1)",
        ),
    ] {
        let e = hunt.parse_position(text).unwrap_err();
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
    let r = rimau();
    assert!(r.draw(&r.start_position()).ends_with(
        "T to move; men in hand 15, eliminated 0 (the tigers win at 16); first turn: remove 3 of the central men, then a tiger may move (V1)"
    ));
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
    let r = rimau();
    let s = r.state(&r.start_position());
    assert_eq!(s["first"], serde_json::json!(["c3", "c7"]));
    assert_eq!(s["second"].as_array().unwrap().len(), 9);
    assert_eq!(s["to_move"], "first");
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
    let r = rimau();
    let start = r.start_position();
    let m = r
        .resolve(&start, &r.parse_token("*d6,b4,c5/c7-a1").unwrap())
        .unwrap();
    let mut q = start.clone();
    r.play(&mut q, &m);
    assert_eq!(
        r.describe(&start, &m, &q),
        "the tigers remove the men on b4, c5, d6 (V1) and move the tiger c7-a1; 3 eliminated"
    );
    let m = r.resolve(&q, &r.parse_token("@e5").unwrap()).unwrap();
    let mut q2 = q.clone();
    r.play(&mut q2, &m);
    assert_eq!(
        r.describe(&q, &m, &q2),
        "a man from hand on e5 (14 left in hand)"
    );
}

#[test]
fn errors_are_reported_at_their_ply() {
    let r = replay("[Game \"rimau-rimau\"]\n\n1. *b4,c5,d6 @a1 2. c3xc6 *\n");
    assert_eq!(codes(&r), [(ErrorCode::Illegal, Some(3))]);
    let r = replay("[Game \"kungser\"]\n\n1. c3xc5 @a1 2. c7xc5 *\n");
    assert_eq!(codes(&r), [(ErrorCode::Illegal, Some(3))]);
    let r = replay("[Game \"kungser\"]\n\n1. c3xc5 d3 *\n");
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
    use crate::games::playout::random_game;
    for (info, hunt) in [
        (&Kungser::GAMES[0], kungser()),
        (&Kungser::GAMES[1], rimau()),
    ] {
        for seed in 0..12u64 {
            let game = random_game::<Kungser>(info, seed, 150, false).unwrap();
            let record = |moves: &[String]| {
                let mut text = format!("[Game \"{}\"]\n\n", info.id);
                for (i, m) in moves.iter().enumerate() {
                    if i % 2 == 0 {
                        text += &format!("{}. ", i / 2 + 1);
                    }
                    text += m;
                    text.push(' ');
                }
                text + "*\n"
            };
            assert!(replay(&record(&game.moves)).is_valid());
            // A drop on a hunter's point is illegal for either side, at any ply.
            let k = (seed as usize * 7) % game.moves.len();
            let mut position = hunt.start_position();
            for m in &game.moves[..k] {
                play(&hunt, &mut position, m).unwrap();
            }
            let hunter = points(position.hunters()).next().unwrap();
            let mut broken = game.moves.clone();
            broken[k] = format!("@{}", hunt.geo.name(hunter));
            let r = replay(&record(&broken));
            assert_eq!(
                codes(&r),
                [(ErrorCode::Illegal, Some(k as u32 + 1))],
                "{} seed {seed}",
                info.id
            );
            // The first capture written with `-`: a wrong mark (one jump) or not the
            // notation at all (a chain), at its ply.
            if let Some(c) = game.moves.iter().position(|m| m.contains('x')) {
                let mut broken = game.moves.clone();
                broken[c] = broken[c].replace('x', "-");
                let code = if broken[c].matches('-').count() == 1 {
                    ErrorCode::WrongMark
                } else {
                    ErrorCode::Notation
                };
                let r = replay(&record(&broken));
                assert_eq!(codes(&r), [(code, Some(c as u32 + 1))], "{}", broken[c]);
            }
        }
    }
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
    // Rimau-rimau takes one run a turn (V4): no chain to shorten.
    let shortened = short_forms_replay::<Kungser>(&Kungser::GAMES[0], 150, 300);
    assert!(shortened > 100, "{shortened}");
}

#[test]
fn the_scenes_status_is_the_drawings_last_line() {
    // The scene writes its status line itself rather than drawing the whole board
    // for it (a view of 99,000 plies drew 99,000 boards); the two must agree.
    for hunt in [kungser(), rimau()] {
        let start = hunt.start_position();
        let later = after(&hunt, start.clone(), &legal(&hunt, &start)[0]);
        for position in [start, later] {
            let drawing = hunt.draw(&position);
            assert_eq!(
                hunt.diagram(&position, None).status,
                drawing.lines().last().unwrap()
            );
        }
    }
}
