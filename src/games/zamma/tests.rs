//! Zamma: every rule (R1–R12), the decisions of §4 that add behaviour, and every worked
//! example (E1–E4) of the spec.

use super::*;
use crate::games::IllegalKind;
use crate::games::testing::{error, kind_and_rule, legal, play, refusal, short_forms_replay};
use crate::record::parser::{Origin, parse_games};
use crate::registry;
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

fn zamma() -> Zamma {
    Zamma::new(false, false, false)
}

/// A position from lists of points: South men and sultans, North men and sultans.
fn at(rules: &Zamma, pieces: [&[&str]; 4], to_move: Side) -> Position {
    let mut set = Pieces::default();
    for (i, names) in pieces.iter().enumerate() {
        let side = if i < 2 { Side::Lower } else { Side::Upper };
        let kind = if i % 2 == 0 { Kind::Man } else { Kind::King };
        for n in *names {
            set.put(rules.rules.board.parse_point(n).unwrap(), side, kind);
        }
    }
    rules.fresh(set, to_move, 0, false)
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    let info = registry::find(record.tag("Game").unwrap()).unwrap().info;
    replay_with::<Zamma>(info, &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<ErrorCode> {
    r.errors.iter().map(|e| e.code).collect()
}

const S: Side = Side::Lower;
const N: Side = Side::Upper;

// ----- worked examples -----

#[test]
fn e1_opening_three_moves_and_the_forced_replies() {
    let rules = zamma();
    let start = rules.start_position();
    assert_eq!(legal(&rules, &start), ["d4-e5", "e4-e5", "f4-e5"]);
    for (first, replies) in [
        ("e4-e5", vec!["e6xe4"]),
        ("d4-e5", vec!["f6xd4"]),
        ("f4-e5", vec!["d6xf4", "f6xf4", "h6xf4"]),
    ] {
        let mut p = start.clone();
        play(&rules, &mut p, first).unwrap();
        assert_eq!(legal(&rules, &p), replies, "after {first}");
    }
}

#[test]
fn e2_maximum_capture() {
    let rules = zamma();
    let p = at(
        &rules,
        [&["c3", "g3"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    assert_eq!(legal(&rules, &p), ["c3xe5xc7"]);
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "g3xi5")),
        (IllegalKind::NotMaximum, Some("R6"))
    );
}

#[test]
fn e3_no_promotion_mid_chain() {
    let rules = zamma();
    let mut p = at(&rules, [&["c7"], &[], &["d8", "f8", "b1"], &[]], S);
    assert_eq!(legal(&rules, &p), ["c7xe9xg7"]);
    play(&rules, &mut p, "c7xe9xg7").unwrap();
    assert!(rules.write_position(&p).starts_with("9/9/6s2/"));
    let mut p = at(&rules, [&["c7"], &[], &["d8", "b1"], &[]], S);
    assert_eq!(legal(&rules, &p), ["c7xe9"]);
    play(&rules, &mut p, "c7xe9").unwrap();
    assert!(rules.write_position(&p).starts_with("4S4/9/"));
}

#[test]
fn e4_sultan_captures_at_a_distance_landing_immediately_beyond() {
    let rules = zamma();
    let p = at(&rules, [&["h1"], &["a1"], &["e5", "g7", "i9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["a1xf6xh8"]);
    let p = at(&rules, [&[], &["a1"], &["e5", "i1"], &[]], S);
    assert_eq!(legal(&rules, &p), ["a1xf6"]);
    for far in ["a1xg7", "a1xh8", "a1xi9"] {
        assert!(
            error(&rules, &p, far).contains("is not a legal capture"),
            "{far}"
        );
    }
}

// ----- rules -----

#[test]
fn r1_one_action_per_turn_players_alternate() {
    let rules = zamma();
    let mut p = rules.start_position();
    assert_eq!(rules.to_move(&p), Player::First);
    play(&rules, &mut p, "e4-e5").unwrap();
    assert_eq!(rules.to_move(&p), Player::Second);
    assert!(rules.parse_token("pass").is_err());
}

#[test]
fn r2_men_step_forward_three_ways_from_strong_points_one_from_weak() {
    let rules = zamma();
    let p = at(&rules, [&["e5"], &[], &["a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["e5-d6", "e5-e6", "e5-f6"]);
    let p = at(&rules, [&["d5"], &[], &["a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["d5-d6"]);
    assert!(error(&rules, &p, "d5-e5").contains("only forward unless it captures (R2)"));
    assert!(error(&rules, &p, "d5-e6").contains("d5 and e6 are not on one line (R2)"));
    let p = at(&rules, [&["a1"], &[], &["e5"], &[]], N);
    assert_eq!(legal(&rules, &p), ["e5-d4", "e5-e4", "e5-f4"]);
}

#[test]
fn r3_men_capture_along_any_line_in_any_direction() {
    let rules = zamma();
    // Sideways on a weak point, backward on a strong one.
    let p = at(&rules, [&["d5"], &[], &["e5", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["d5xf5"]);
    let p = at(&rules, [&["e5"], &[], &["d4", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["e5xc3"]);
    // No diagonal through a weak point.
    let p = at(&rules, [&["d5"], &[], &["e6", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["d5-d6"]);
}

#[test]
fn r4_chains_go_on_in_new_directions() {
    let rules = zamma();
    let p = at(&rules, [&["a1"], &[], &["a2", "b3", "d3", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["a1xa3xc3xe3"]);
}

#[test]
fn r5_marked_pieces_block_until_the_chain_ends() {
    // The sultan goes round the a1 corner and comes back to a1; b1, taken first,
    // still stands in the way of d1.
    let pieces = [
        &[][..],
        &["a1"][..],
        &["b1", "c2", "b3", "a2", "d1"][..],
        &[][..],
    ];
    let rules = zamma();
    let p = at(&rules, pieces, S);
    let deferred = rules.rules.captures(&p.pieces, S);
    let immediate = Zamma::new(true, false, false);
    let q = at(&immediate, pieces, S);
    let found = immediate.rules.captures(&q.pieces, S);
    assert_eq!((deferred.best, found.best), (4, 5));
}

#[test]
fn r6_capture_is_compulsory_and_maximal() {
    let rules = zamma();
    let p = at(
        &rules,
        [&["c3", "g3"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    assert_eq!(
        error(&rules, &p, "g3-g4"),
        "illegal move: a capture is compulsory: e.g. c3xe5xc7 takes 2 (R6)"
    );
    assert!(error(&rules, &p, "c3xe5").contains("c3xe5 takes 1, but c3xe5xc7 takes 2"));
    // Equal maxima: free choice between men and sultans.
    let p = at(&rules, [&["c3"], &["g1"], &["b3", "g3", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["c3xa3", "g1xg4"]);
}

/// Issue 26's record, after 42 plies: South's man on e5 may take five pieces by
/// e5xg7xe7xc7xa5xc5 (f6, f7, d7, b6, b5), or six by e5xg7xe7xe9xc7xa5xc5 (e8 and d8
/// instead of d7).
const FIVE_OR_SIX: &str = "9/3nn4/3n1n3/1n3n3/1n2s4/9/9/9/s8 s";

#[test]
fn r6_a_chain_written_in_full_is_the_chain_played_not_a_longer_one_through_its_points() {
    let rules = zamma();
    let p = rules.parse_position(FIVE_OR_SIX).unwrap();
    assert_eq!(legal(&rules, &p), ["e5xg7xe7xe9xc7xa5xc5"]);
    assert_eq!(
        error(&rules, &p, "e5xg7xe7xc7xa5xc5"),
        "illegal move: the capture must take the most pieces: e5xg7xe7xc7xa5xc5 takes 5, but \
         e5xg7xe7xe9xc7xa5xc5 takes 6 (R6)"
    );
    // A chain that skips landing points still names the longer chain it shortens.
    let mut short = p.clone();
    play(&rules, &mut short, "e5xc5").unwrap();
    let mut full = p.clone();
    play(&rules, &mut full, "e5xg7xe7xe9xc7xa5xc5").unwrap();
    assert_eq!(short, full);
    // With huff the short chain is played as written: a fault, not the longer chain.
    let huff = Zamma::new(false, true, false);
    let p = huff.parse_position(FIVE_OR_SIX).unwrap();
    let ZammaMove::Play(mv) = huff
        .resolve(&p, &huff.parse_token("e5xg7xe7xc7xa5xc5").unwrap())
        .unwrap()
    else {
        panic!("a move, not a blow")
    };
    assert_eq!(mv.captured.len(), 5);
}

#[test]
fn d3_srand_a_chain_written_in_full_is_the_chain_played() {
    let srand = Zamma::new(true, false, false);
    let p = srand.parse_position(FIVE_OR_SIX).unwrap();
    let best = legal(&srand, &p);
    assert!(best.iter().all(|m| m.matches('x').count() >= 6), "{best:?}");
    let e = error(&srand, &p, "e5xg7xe7xc7xa5xc5");
    assert!(e.contains("takes 5, but"), "{e}");
}

#[test]
fn r6_issue_26_record_is_refused_at_ply_43_naming_the_maximum() {
    let text = format!(
        "[Game \"zamma\"]\n[SetUp \"1\"]\n[FEN \"{FIVE_OR_SIX}\"]\n\n22. e5xg7xe7xc7xa5xc5 *"
    );
    let r = replay(&text);
    assert_eq!(codes(&r), [ErrorCode::Illegal]);
    assert!(
        r.errors[0].message.contains("takes 6"),
        "{}",
        r.errors[0].message
    );
}

#[test]
fn r7_promotion_only_when_the_move_ends_on_the_far_rank() {
    let rules = zamma();
    let mut p = at(&rules, [&["e8"], &[], &["a1"], &[]], S);
    let ZammaMove::Play(mv) = play(&rules, &mut p, "e8-e9").unwrap() else {
        panic!()
    };
    assert!(mv.crowned);
    let mut p = at(&rules, [&["a9"], &[], &["e2"], &[]], N);
    play(&rules, &mut p, "e2-e1").unwrap();
    assert!(rules.write_position(&p).starts_with("s8/"));
    assert!(rules.write_position(&p).contains("4N4 s"));
}

#[test]
fn r8_sultans_slide_any_distance_in_any_direction() {
    let rules = zamma();
    let p = at(&rules, [&[], &["e5"], &["b9"], &[]], S);
    let moves = legal(&rules, &p);
    assert_eq!(moves.len(), 8 * 4);
    assert!(moves.contains(&"e5-a1".to_string()));
    assert!(moves.contains(&"e5-e1".to_string()));
    let p = at(&rules, [&["e3"], &["e5"], &["a9"], &[]], S);
    assert!(error(&rules, &p, "e5-e1").contains("the way from e5 to e1 is blocked at e3 (R8)"));
    assert!(error(&rules, &p, "e5-f7").contains("not on one line (R8)"));
}

#[test]
fn r9_sultan_lands_immediately_beyond() {
    let rules = zamma();
    let p = at(&rules, [&[], &["a5"], &["e5", "a9"], &[]], S);
    assert_eq!(legal(&rules, &p), ["a5xf5"]);
    let p = at(&rules, [&[], &["a5"], &["e5", "f5", "a9"], &[]], S);
    assert!(
        rules
            .legal_moves(&p)
            .iter()
            .all(|m| !matches!(m, ZammaMove::Play(m) if m.is_capture()))
    );
}

#[test]
fn r10_no_legal_move_loses() {
    let rules = zamma();
    let bare = at(&rules, [&["e5"], &[], &[], &[]], N);
    let o = rules.outcome(&bare).unwrap();
    assert_eq!(o.result, GameResult::FirstWins);
    assert!(o.reason.contains("north has no pieces left (R10)"));
    let blocked = at(&rules, [&["a9"], &[], &["a1"], &[]], S);
    let o = rules.outcome(&blocked).unwrap();
    assert_eq!(o.result, GameResult::SecondWins);
    assert!(o.reason.contains("every piece is blocked (R10)"));
}

#[test]
fn r11_adjudicated_results_follow_the_piece_counts() {
    let head = "[Game \"zamma\"]\n[Termination \"adjudicated\"]\n";
    // After 1. e4-e5 e6xe4 South has 39 pieces, North 40: North wins on count.
    assert_eq!(codes(&replay(&format!("{head}\n1. e4-e5 e6xe4 0-1"))), []);
    let r = replay(&format!("{head}\n1. e4-e5 e6xe4 1-0"));
    assert_eq!(codes(&r), [ErrorCode::Result]);
    assert!(
        r.errors[0]
            .message
            .contains("south has 39, north 40, so the result is 0-1")
    );
    assert_eq!(codes(&replay(&format!("{head}\n1. e4-e5 1/2-1/2"))), []);
    // Resignation: any result stands.
    assert_eq!(codes(&replay("[Game \"zamma\"]\n\n1. e4-e5 e6xe4 1-0")), []);
    let p = zamma().start_position();
    assert!(check_declared(&p, GameResult::Draw, true).is_ok());
    assert!(check_declared(&p, GameResult::FirstWins, true).is_err());
}

#[test]
fn r12_strict_by_default_blowing_needs_huff() {
    let rules = zamma();
    let p = at(
        &rules,
        [&["c3", "g3"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "g3-g4")),
        (IllegalKind::CaptureCompulsory, Some("R6"))
    );
    let p = at(&rules, [&["c3"], &[], &["a9"], &[]], N);
    assert!(error(&rules, &p, "*c3").contains("only the huff option allows (R12)"));
}

#[test]
fn r12_huff_a_step_while_a_capture_exists_lets_any_capturing_piece_be_blown() {
    let rules = Zamma::new(false, true, false);
    let mut p = at(
        &rules,
        [&["c3", "g3", "a1"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    play(&rules, &mut p, "a1-a2").unwrap();
    assert_eq!(
        rules.write_position(&p).split(' ').nth(2),
        Some("blow:c3,g3")
    );
    assert!(
        error(&rules, &p, "*a2").contains("only the faulty piece may be blown: c3 or g3 (R12)")
    );
    play(&rules, &mut p, "*c3").unwrap();
    assert_eq!(rules.to_move(&p), Player::Second);
    assert!(
        rules
            .unfinished_turn(&p)
            .unwrap()
            .contains("north has blown a piece")
    );
    assert!(error(&rules, &p, "*g3").contains("blown this turn already"));
    play(&rules, &mut p, "h4xf2").unwrap();
    assert_eq!(rules.unfinished_turn(&p), None);
    assert!(rules.write_position(&p).ends_with(" s"));
}

#[test]
fn r12_huff_a_short_chain_lets_the_mover_be_blown_and_the_blow_may_be_skipped() {
    let rules = Zamma::new(false, true, false);
    let mut p = at(
        &rules,
        [&["c3", "g3"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    // Written in full, a stopped chain is that chain, not the short form of c3xe5xc7.
    play(&rules, &mut p, "c3xe5").unwrap();
    assert!(rules.write_position(&p).ends_with(" n blow:e5"));
    let mut skipped = p.clone();
    let best = rules.rules.captures(&p.pieces, N).moves.remove(0);
    rules.play(&mut skipped, &ZammaMove::Play(best));
    assert!(rules.write_position(&skipped).ends_with(" s"));
    // The short form still names the maximal chain.
    let mut q = at(
        &rules,
        [&["c3", "g3"], &[], &["d4", "d6", "h4", "a9"], &[]],
        S,
    );
    play(&rules, &mut q, "c3xc7").unwrap();
    assert!(rules.write_position(&q).ends_with(" n"));
    // Blows are legal moves, and round-trip through the position string.
    assert!(legal(&rules, &p).contains(&"*e5".to_string()));
    let text = rules.write_position(&p);
    assert_eq!(
        rules.write_position(&rules.parse_position(&text).unwrap()),
        text
    );
}

// ----- decisions -----

#[test]
fn d3_srand_removes_at_once_by_default() {
    let srand = registry::find("dhamet").unwrap().info;
    assert_eq!(srand.id, "srand");
    let rules = Zamma::configure(&Setup::new(srand, &[], &[])).unwrap();
    assert_eq!(rules.rules.removal, Removal::Immediate);
    let off = vec![("ImmediateRemoval".to_string(), "no".to_string())];
    let rules = Zamma::configure(&Setup::new(srand, &off, &[])).unwrap();
    assert_eq!(rules.rules.removal, Removal::Deferred);
    let zamma = registry::find("damma").unwrap().info;
    let rules = Zamma::configure(&Setup::new(zamma, &[], &[])).unwrap();
    assert_eq!(rules.rules.removal, Removal::Deferred);
}

#[test]
fn d8_repetition_draw_on_the_third_occurrence() {
    let rules = Zamma::new(false, false, true);
    let mut p = at(&rules, [&[], &["a1"], &[], &["i9"]], S);
    let shuffle = ["a1-a2", "i9-i8", "a2-a1", "i8-i9"];
    for (i, mv) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(rules.outcome(&p), None, "before ply {}", i + 1);
        play(&rules, &mut p, mv).unwrap();
    }
    let o = rules.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    // Without the option the game goes on.
    let plain = zamma();
    let mut p = at(&plain, [&[], &["a1"], &[], &["i9"]], S);
    for mv in shuffle.iter().chain(shuffle.iter()) {
        play(&plain, &mut p, mv).unwrap();
    }
    assert_eq!(plain.outcome(&p), None);
}

// ----- notation and position strings -----

#[test]
fn start_position_string() {
    let rules = zamma();
    let text = rules.write_position(&rules.start_position());
    assert_eq!(
        text,
        "nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnn1ssss/sssssssss/sssssssss/sssssssss/sssssssss s"
    );
    assert_eq!(rules.parse_position(&text).unwrap(), rules.start_position());
}

#[test]
fn bad_position_strings_say_what_is_wrong() {
    let rules = zamma();
    for (text, why) in [
        ("", "empty"),
        ("9/9/9/9/9/9/9/9 s", "expected 9 ranks"),
        ("9/9/9/9/9/9/9/9/8 s", "has 8 points"),
        ("9/9/9/9/9/9/9/9/8x s", "found 'x'"),
        ("9/9/9/9/9/9/9/9/9 w", "expected s or n"),
        ("9/9/9/9/9/9/9/9/9", "side to move"),
        ("9/9/9/9/9/9/9/9/s8 n blow:a1", "needs the huff option"),
        ("9/9/9/9/9/9/9/9/9 s extra", "expected blow:"),
    ] {
        let e = rules.parse_position(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let huff = Zamma::new(false, true, false);
    assert!(huff.parse_position("9/9/9/9/9/9/9/9/s8 n blow:a1").is_ok());
    assert!(huff.parse_position("9/9/9/9/9/9/9/9/s8 s blow:a1").is_err());
}

/// The parts of the position string the draughts family shares (the board rank by
/// rank, the side's letter, the count of pieces, a point of the blow field) fault
/// each string in the words and of the kind Zamma's own reader did (issue 34).
#[test]
fn the_board_side_and_blow_fields_say_their_faults_word_for_word() {
    use crate::games::PositionErrorKind::{Impossible, Syntax};
    let huff = Zamma::new(false, true, false);
    for (text, kind, sentence) in [
        (
            "9/9/9/9/4S4/4N4/9/9 s",
            Syntax,
            "expected 9 ranks separated by /, found 8",
        ),
        (
            "9/9/9/9/4S5/4N4/9/9/9 s",
            Syntax,
            "rank 5 (\"4S5\") has 10 points, not 9",
        ),
        (
            "9/9/9/9/0S8/4N4/9/9/9 s",
            Syntax,
            "rank 5: expected s, S, n, N or a digit, found '0'",
        ),
        (
            "nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/nnnnnnnnn/9/9/9/9 n",
            Impossible,
            "north has 45 pieces; a side has at most 40",
        ),
        (
            "9/9/9/9/4s4/9/9/9/9 n blow:z9",
            Impossible,
            "\"z9\" is not a point of the board",
        ),
    ] {
        let e = huff.parse_position(text).unwrap_err();
        assert_eq!((e.kind, e.reason.as_str()), (kind, sentence), "{text}");
    }
    // Sides in either case; blown points written in the record's order.
    for (text, written) in [
        ("9/9/9/9/4S4/4N4/9/9/9 N", "9/9/9/9/4S4/4N4/9/9/9 n"),
        (
            "9/9/9/9/3ss4/9/9/9/9 n blow:e5,d5",
            "9/9/9/9/3ss4/9/9/9/9 n blow:d5,e5",
        ),
    ] {
        let p = huff.parse_position(text).unwrap();
        assert_eq!(huff.write_position(&p), written);
    }
}

#[test]
fn describe_names_captures_promotion_and_faults() {
    let rules = Zamma::new(false, true, false);
    let p = at(&rules, [&["c7", "a1"], &[], &["d8", "f8", "b1"], &[]], S);
    let ZammaMove::Play(mv) = rules
        .resolve(&p, &rules.parse_token("c7xe9").unwrap())
        .unwrap()
    else {
        panic!()
    };
    let mv = ZammaMove::Play(mv);
    let mut after = p.clone();
    rules.play(&mut after, &mv);
    assert_eq!(
        rules.describe(&p, &mv, &after),
        "south man c7xe9 takes 1 (man d8); crowned sultan on e9 (R7); \
         a fault: south could take 2 (R6), so north may blow e9 (R12)"
    );
}

#[test]
fn random_games_round_trip() {
    for info in Zamma::GAMES {
        for seed in 0..6 {
            crate::games::playout::random_game::<Zamma>(info, seed, 400, true).unwrap();
        }
    }
}

#[test]
fn huff_random_games_round_trip() {
    // The shared playout uses default options; play huffing games here.
    let rules = Zamma::new(false, true, false);
    let mut rng = crate::games::playout::SplitMix::new(7);
    let mut p = rules.start_position();
    for _ in 0..300 {
        if rules.outcome(&p).is_some() {
            break;
        }
        let moves = rules.legal_moves(&p);
        for mv in &moves {
            let text = rules.write_move(&p, mv);
            let back = rules
                .resolve(&p, &rules.parse_token(&text).unwrap())
                .unwrap();
            assert_eq!(rules.write_move(&p, &back), text);
        }
        let mv = &moves[rng.below(moves.len())];
        rules.play(&mut p, mv);
        let text = rules.write_position(&p);
        assert_eq!(
            rules.write_position(&rules.parse_position(&text).unwrap()),
            text
        );
    }
}

// ----- the capture search's budget -----

#[test]
fn the_hardest_positions_of_the_bench_fit_the_search_budget() {
    // The sultans of `benches/capture.rs`: chains of 12 to 24 men, found in full
    // (663,415 steps of the plain walk for the 24; as Srand, with removal at once,
    // it has 29,053 maximal chains and takes 2.6 million from memory, past the
    // budget).
    {
        let rules = zamma();
        for (fen, best) in [
            ("7n1/3n3n1/5n2S/4n2nn/4n4/7n1/3n5/2n5n/9 s", 12),
            ("1n7/5n2n/9/n8/5n3/4nnnn1/3nSn3/nn1n2n2/3n5 s", 16),
            ("5n3/1n1n4n/9/4n1nn1/7n1/5n2n/3n1n1nS/nnnnn1n2/5n3 s", 20),
            (
                "2S6/1nnnn1n1n/1n1n2nn1/nn4n2/1n1n5/nn3n1n1/3n5/1n1n5/5n1n1 s",
                24,
            ),
        ] {
            let p = rules.parse_position(fen).unwrap();
            let found = rules.rules.captures(&p.pieces, p.to_move);
            assert!(!found.exhausted, "{fen}");
            assert_eq!(found.best, best, "{fen}");
            assert!(!found.moves.is_empty());
        }
    }
}

#[test]
fn a_search_past_its_budget_refuses_the_move_in_one_line() {
    // Three sultans among 44 men (Zamma and Srand): more ways to capture than the
    // search looks at.
    let fen = "nS1n1S2n/nn1nnn2S/1n5n1/1nSn1n3/3n1nnnn/1nnnn1n2/1n3n3/nnnnnn1nS/1n1n2nn1 s";
    for immediate in [false, true] {
        let rules = Zamma::new(immediate, false, false);
        let p = rules.parse_position(fen).unwrap();
        assert!(rules.rules.captures(&p.pieces, p.to_move).exhausted);
        let e = error(&rules, &p, "b9xb9");
        assert_eq!(
            e,
            "move not checked: b9xb9: this position has more capture chains than tgn's \
             search looks at (a limit of tgn, not a rule)"
        );
    }
}

#[test]
fn a_short_capture_matching_many_chains_names_ten() {
    // A sultan among 24 men on every other point of ranks 1-5: a1xe1xc1 (a1-e1 is no
    // jump) shortens 24 chains of 17, and so does a1xc1, a jump short of the maximum
    // and so no legal chain itself (issue 33).
    let rules = zamma();
    let p = rules
        .parse_position("9/9/9/9/1n1n1n1n1/n1n1n1n1n/1n1n1n1n1/n1n1n1n1n/Sn1n1n1n1 s")
        .unwrap();
    for short in ["a1xc1", "a1xe1xc1"] {
        let e = error(&rules, &p, short);
        assert!(e.starts_with("ambiguous move: it matches a1xc1xc3"), "{e}");
        assert!(e.ends_with(", and 14 more"), "{e}");
        assert_eq!(e.matches(", ").count(), 10, "{e}");
    }
}

#[test]
fn r2_refusals_say_their_kind_and_rule_as_data() {
    let rules = zamma();
    let p = at(&rules, [&["e5", "e6"], &[], &["a9"], &[]], S);
    let point = |p: &str| p.to_string();
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "e5-e6")),
        (IllegalKind::Occupied { point: point("e6") }, Some("R2"))
    );
    assert_eq!(
        error(&rules, &p, "e5-e6"),
        "illegal move: e6 is not empty (R2)"
    );
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "c3-c4")),
        (IllegalKind::NoPiece { point: point("c3") }, None)
    );
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "a9-a8")),
        (IllegalKind::NotYours { point: point("a9") }, None)
    );
    assert_eq!(
        kind_and_rule(&refusal(&rules, &p, "e5-e7")),
        (IllegalKind::Other, Some("R2"))
    );
}

// ----- short capture forms (the rules' README; issue 33, item 1) -----

#[test]
fn r6_two_points_a_jump_apart_name_the_maximal_chain_between_them() {
    // Issue 33: a sultan on f1 may jump h1 alone (f1xi1), but the maximum is seven
    // pieces by f1xc1xa1xa5xc7xc3xe1xi1, which ends on i1 too. f1xi1 is no legal
    // chain, so it is the first-and-last form of the seven-piece one (the rules'
    // README, "Short capture forms"); as Srand too.
    let seven = "f1xc1xa1xa5xc7xc3xe1xi1";
    let north = ["d1", "b1", "a4", "b6", "c4", "d2", "h1"];
    let rules = zamma();
    let p = at(&rules, [&[], &["f1"], &north, &[]], S);
    assert_eq!(legal(&rules, &p), [seven]);
    let (mut short, mut full) = (p.clone(), p.clone());
    play(&rules, &mut short, "f1xi1").unwrap();
    play(&rules, &mut full, seven).unwrap();
    assert_eq!(short, full);
    // Three points whose every leg is a jump stay the chain they say: illegal.
    assert_eq!(
        error(&rules, &p, "f1xc1xa1"),
        format!(
            "illegal move: the capture must take the most pieces: f1xc1xa1 takes 2, but \
             {seven} takes 7 (R6)"
        )
    );
    // Srand removes each piece at once, so the sultan may also cross c1-i1 after
    // taking d1: three chains of seven, one of them ending on i1.
    let srand = Zamma::new(true, false, false);
    let p = at(&srand, [&[], &["f1"], &north, &[]], S);
    assert_eq!(legal(&srand, &p).len(), 3);
    let (mut short, mut full) = (p.clone(), p.clone());
    play(&srand, &mut short, "f1xi1").unwrap();
    play(&srand, &mut full, seven).unwrap();
    assert_eq!(short, full);
    assert!(error(&srand, &p, "f1xc1xa1").contains("f1xc1xa1 takes 2, but"));
    // With huff, a jump short of the maximum is a legal move, a fault: the jump.
    let huff = Zamma::new(false, true, false);
    let p = at(&huff, [&[], &["f1"], &north, &[]], S);
    let ZammaMove::Play(mv) = huff.resolve(&p, &huff.parse_token("f1xi1").unwrap()).unwrap()
    else {
        panic!("a move, not a blow")
    };
    assert_eq!(mv.captured.len(), 1);
}

#[test]
fn short_forms_of_random_games_are_read_as_their_one_legal_chain() {
    // 600 games of each of Zamma and Srand. TGN_SHORT_FORM_GAMES sets another number
    // (the campaign of issue 33 ran 1,200 Zamma games: 15 were refused before).
    let games = std::env::var("TGN_SHORT_FORM_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(600);
    for info in Zamma::GAMES {
        let shortened = short_forms_replay::<Zamma>(info, games, 400);
        assert!(shortened > games as usize, "{shortened}");
    }
}
