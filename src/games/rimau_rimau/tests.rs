//! Rimau-rimau: every rule (V1–V5) and the end of §5, the option `capture-all`, the
//! worked examples (E1–E3) of `rimau-rimau.md` §6, the notation, the position string
//! and the drawing.

use super::{Games, RULES, RimauRimau};
use crate::games::common::hunt::testing::{self, after, captures, codes, fen, moves_of, replay};
use crate::games::common::hunt::{Hunt, Move};
use crate::games::testing::{error, legal, play};
use crate::games::{GameResult, Player, Rules, Setup};
use crate::replay::ErrorCode;

fn rimau() -> RimauRimau {
    RimauRimau::from(Hunt::new(&RULES))
}

/// The tigers are the first player.
const HUNTERS: Player = Player::First;
/// The men are the second player.
const PREY_SIDE: Player = Player::Second;

// ----- the worked examples of §6 -----

#[test]
fn e1_e2_e3_tigers_jump_odd_runs_only() {
    let r = rimau();
    // E1: men c4 c5 c6, c7 empty: c3xc7 takes all three.
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
    // E2: men c4 c5 only: no capture along that line.
    let p = fen(&r, "T=c3,a9 M=c4,c5 hand=0 captured=3 turn=T");
    assert!(captures(&r, &p).is_empty());
    assert!(error(&r, &p, "c3xc6").contains("a run of 2 men (c4, c5) cannot be jumped"));
    // E3: men c4 to c8, c9 empty: c3xc9 takes five, crossing the apex into the triangle.
    let p = fen(&r, "T=c3,a9 M=c4,c5,c6,c7,c8 hand=0 captured=3 turn=T");
    assert_eq!(captures(&r, &p), ["c3xc9"]);
    let mut q = p.clone();
    play(&r, &mut q, "c3xc9").unwrap();
    assert_eq!(q.captured(), 8);
    assert_eq!(q.prey(), 0);
}

// ----- V1–V5, the end of §5 and the option capture-all -----

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
    let info = &RimauRimau::GAMES[0];
    let tags = vec![("CaptureAll".to_string(), "yes".to_string())];
    let r = RimauRimau::configure(&Setup::new(info, &tags, &[])).unwrap();
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
}

// ----- notation, position string, drawing, JSON -----

#[test]
fn notation_is_read_and_written_back() {
    let r = rimau();
    assert!(r.parse_token("*b4,c5,d6/c7-a1").is_ok());
    assert!(r.parse_token("*B4,C5,D6").is_ok());
    for bad in ["*", "*b4,", "*b4,c5,d6/c7", "*b4,c5,d6/c7xa1", "*b4 c5"] {
        assert!(r.parse_token(bad).is_err(), "{bad}");
    }
}

#[test]
fn start_positions_and_their_strings() {
    let r = rimau();
    assert_eq!(
        r.write_position(&r.start_position()),
        "T=c3,c7 M=b4,c4,d4,b5,c5,d5,b6,c6,d6 hand=15 captured=0 turn=T opening"
    );
    let start = r.start_position();
    let text = r.write_position(&start);
    assert_eq!(fen(&r, &text), start);
    assert_eq!(r.to_move(&start), HUNTERS);
}

#[test]
fn position_strings_are_validated() {
    let r = rimau();
    let text = "T=c3,c7 M=b4,c4 hand=15 captured=0 turn=T opening";
    let e = r.parse_position(text).unwrap_err();
    assert!(
        e.contains("opening: fewer than 3 men on the nine central points b4-d6 to remove (V1)"),
        "{text}: {e}"
    );
}

#[test]
fn the_drawing_ends_with_the_counts_and_the_opening() {
    let r = rimau();
    assert!(r.draw(&r.start_position()).ends_with(
        "T to move; men in hand 15, eliminated 0 (the tigers win at 16); first turn: remove 3 of the central men, then a tiger may move (V1)"
    ));
}

#[test]
fn json_state_keys_the_hunters_first() {
    let r = rimau();
    let s = r.state(&r.start_position());
    assert_eq!(s["first"], serde_json::json!(["c3", "c7"]));
    assert_eq!(s["second"].as_array().unwrap().len(), 9);
    assert_eq!(s["to_move"], "first");
}

#[test]
fn descriptions_say_what_was_removed_and_placed() {
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
    let r = replay::<Games>("[Game \"rimau-rimau\"]\n\n1. *b4,c5,d6 @a1 2. c3xc6 *\n");
    assert_eq!(codes(&r), [(ErrorCode::Illegal, Some(3))]);
}

#[test]
fn broken_random_games_are_judged_at_the_exact_ply() {
    testing::broken_random_games_are_judged_at_the_exact_ply::<Games>();
}

#[test]
fn the_scenes_status_is_the_drawings_last_line() {
    testing::the_scenes_status_is_the_drawings_last_line(&rimau());
}
