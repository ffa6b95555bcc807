//! Tests of Sanmill's presets (`preset.rs`), one per parameter of Sanmill's rule table,
//! named after it: each replays a position against what the table (and Sanmill's
//! move generator, where the table is not enough) implies. The sample records of
//! `records/<preset>/` are tgn's own random playouts written as Sanmill writes them.

use super::*;
use crate::games::testing::legal;

/// The engine of a Sanmill preset (for the two games the seed also defines, with
/// `rules=sanmill`).
fn sanmill(id: &str) -> Mill {
    engine(id, &[("Rules", "sanmill")])
}

fn reason(m: &Mill, p: &Position) -> Option<String> {
    m.outcome(p).map(|o| format!("{} {}", o.result, o.reason))
}

/// A full board without a mill, on either board: W's twelve pieces and B's eleven,
/// B to place the last on g4.
const FULL_BUT_G4: &str = "W=a7,b2,c4,d1,d3,d5,d6,e4,f2,f6,g1,g7 \
                           B=a1,a4,b4,b6,c3,c5,d2,d7,e3,e5,f4 hand=0,1 turn=B";

#[test]
fn every_preset_is_found_by_sanmills_variant_name() {
    for preset in &preset::SANMILL {
        let text = format!("[Variant \"{}\"]\n\n1. d2 *\n", preset.name);
        let r = replay_record(&text);
        assert_eq!(r.game.map(|g| g.id), Some(preset.id), "{}", preset.name);
        assert!(r.is_valid(), "{}: {:?}", preset.name, r.errors);
    }
}

#[test]
fn rules_sanmill_selects_sanmills_morabaraba_over_the_seeds() {
    // A double mill: Sanmill's Morabaraba removes two pieces, the seed's one (R7).
    let text = |rules: &str| {
        format!(
            "[Variant \"Morabaraba\"]{rules}\n[FEN \"W=d1,g1,a4,a7 B=b4,c4,d7,g7,e5 hand=8,7 turn=W\"]\n\n1. a1 xb4 xc4 *\n"
        )
    };
    let seed = replay_record(&text(""));
    assert!(seed.errors[0].message.contains("nothing to remove"));
    let sanmill = replay_record(&text("\n[Rules \"sanmill\"]"));
    assert!(sanmill.is_valid(), "{:?}", sanmill.errors);
}

#[test]
fn piece_count_and_fly_piece_count() {
    for (id, pieces) in [
        ("nine-mens-morris", 9),
        ("twelve-mens-morris", 12),
        ("lasker-morris", 10),
        ("el-filja", 12),
    ] {
        let m = sanmill(id);
        assert_eq!(m.start_position().hand, [pieces, pieces], "{id}");
    }
    // Three pieces fly (fly piece count 3) but not in Cheng San Qi, Da San Qi, El Filja.
    let three = "W=a1,d1,a7 B=g7,g4,d5,d3 hand=0,0 turn=W";
    let flies = legal(
        &sanmill("nine-mens-morris"),
        &fen(&sanmill(NINE_MENS_MORRIS), three),
    );
    assert_eq!(flies.len(), 3 * 17);
    let m = sanmill("cheng-san-qi");
    assert_eq!(
        legal(&m, &fen(&m, three)),
        ["a1-a4", "a7-a4", "a7-d7", "d1-d2", "d1-g1"]
    );
}

#[test]
fn has_diagonal_lines() {
    let p = "W=b2 B=g7 hand=11,11 turn=W";
    let twelve = sanmill("twelve-mens-morris");
    let moves = legal(
        &twelve,
        &fen(&twelve, "W=b2,d1,a7,g1 B=g7,g4,d5,d3 hand=0,0 turn=W"),
    );
    assert!(moves.contains(&"b2-a1".to_string()) && moves.contains(&"b2-c3".to_string()));
    // Dooz, Morabaraba, Da San Qi and Zhi Qi have them; El Filja does not.
    assert!(sanmill("el-filja").parse_position(p).is_ok());
    let filja = sanmill("el-filja");
    let moves = legal(
        &filja,
        &fen(&filja, "W=b2,d1,a7,g1 B=g7,g4,d5,d3 hand=0,0 turn=W"),
    );
    assert!(!moves.contains(&"b2-a1".to_string()));
}

#[test]
fn mill_formation_action_remove_from_hand_then_opponents_turn_in_dooz() {
    let m = sanmill("dooz");
    let before = fen(&m, "W=a1,d1 B=a7,d7 hand=10,10 turn=W");
    let p = play(&m, before.clone(), "g1");
    assert_eq!(m.write_position(&p), "W=a1,d1,g1 B=a7,d7 hand=9,9 turn=B");
    let mv = try_token(&m, &before, "g1").unwrap();
    assert_eq!(
        m.describe(&before, &mv, &p),
        "W places g1, forms mill a1 d1 g1, takes a piece from B's hand"
    );
    // With the opponent's hand empty, the removal is from the board.
    let p = play(&m, fen(&m, "W=a1,d1 B=a7,d7,g7,b4 hand=1,0 turn=W"), "g1");
    assert!(p.owes() && p.to_move == Player::First);
    let p = play(&m, p, "xb4");
    assert_eq!(
        m.write_position(&p),
        "W=a1,d1,g1 B=a7,d7,g7 hand=0,0 turn=B"
    );
}

#[test]
fn mill_formation_action_mark_and_delay_removing_pieces_in_da_san_qi() {
    let m = sanmill("da-san-qi");
    let p = play(&m, fen(&m, "W=a1,d1 B=a7,d7 hand=10,10 turn=W"), "g1 xa7");
    assert_eq!(
        m.write_position(&p),
        "W=a1,d1,g1 B=d7 hand=9,10 turn=B marked=a7"
    );
    assert!(illegal(try_token(&m, &p, "a7").unwrap_err()).contains("a7 is occupied"));
    assert!(!legal(&m, &p).contains(&"a7".to_string()));
}

#[test]
fn is_defender_move_first_in_da_san_qi() {
    // B places the last piece; placing ends, the marks go and B moves first.
    let m = sanmill("da-san-qi");
    let p = fen(
        &m,
        "W=a7,b2,c4,d1,d3,d5,d6,e4,f2,f6,g1 B=a1,a4,b4,b6,c3,c5,d2,d7,e3,e5 hand=0,1 turn=B marked=g7",
    );
    let p = play(&m, p, "f4");
    assert_eq!(p.to_move, Player::Second);
    assert_eq!(p.marked, 0);
    assert!(legal(&m, &p).iter().all(|mv| mv.contains('-')));
}

#[test]
fn may_move_in_placing_phase_in_lasker_morris() {
    let m = sanmill("lasker-morris");
    let p = play(&m, m.start_position(), "a1 a7");
    let moves = legal(&m, &p);
    assert!(moves.contains(&"a1-a4".to_string()) && moves.contains(&"d2".to_string()));
    let p = play(&m, p, "a1-d1");
    let written = m.write_position(&p);
    assert!(
        written.starts_with("W=d1 B=a7 hand=9,9 turn=B plies=1 seen="),
        "{written}"
    );
    // Elsewhere a move while pieces are in hand is refused.
    let nine = sanmill(NINE_MENS_MORRIS);
    let p = play(&nine, nine.start_position(), "a1 a7");
    assert!(try_token(&nine, &p, "a1-d1").is_err());
}

#[test]
fn may_remove_multiple_one_removal_per_mill_in_sanmills_morabaraba() {
    let m = sanmill(MORABARABA);
    let start = fen(&m, "W=d1,g1,a4,a7 B=b4,c4,d7,g7,e5 hand=8,7 turn=W");
    let split = play(&m, start.clone(), "a1 xb4 xc4");
    let joined = play(&m, start.clone(), "a1xb4xc4");
    assert_eq!(m.write_position(&split), m.write_position(&joined));
    assert_eq!(
        m.write_position(&split),
        "W=a1,d1,g1,a4,a7 B=e5,d7,g7 hand=7,7 turn=B"
    );
    let after_one = play(&m, start, "a1 xb4");
    assert!(after_one.owes() && m.unfinished_turn(&after_one).is_some());
}

#[test]
fn may_remove_from_mills_always() {
    // B's mill a7 d7 g7 is open to removal although B has a piece outside it.
    let position = "W=a1,d1,a4 B=a7,d7,g7,e5 hand=2,2 turn=W";
    let filja = sanmill("da-san-qi");
    let p = play(&filja, fen(&filja, position), "g1");
    assert_eq!(legal(&filja, &p), ["xa7", "xd7", "xe5", "xg7"]);
    let twelve = sanmill("twelve-mens-morris");
    let p = play(&twelve, fen(&twelve, position), "g1");
    assert_eq!(legal(&twelve, &p), ["xe5"]);
}

#[test]
fn one_time_use_mill_in_russian_mill() {
    let position = "W=a1,d1,g1,d6 B=b2,f2,c5,e5 hand=0,0 turn=W";
    let russian = sanmill("russian-mill");
    // The mill a1 d1 g1 was formed before: formed again, it removes nothing.
    let used = format!("{position} used=a1,d1,g1;");
    let p = play(&russian, fen(&russian, &used), "g1-g4 c5-c4 g4-g1");
    assert!(!p.owes() && p.to_move == Player::Second);
    let nine = sanmill(NINE_MENS_MORRIS);
    let p = play(&nine, fen(&nine, position), "g1-g4 c5-c4 g4-g1");
    assert!(p.owes());
    // A mill formed for the first time does remove, and is used up.
    let p = play(&russian, fen(&russian, position), "g1-g4 c5-c4 g4-g1 xb2");
    assert_eq!(
        p.used[0],
        spot(&russian, "a1").bit() | spot(&russian, "d1").bit() | spot(&russian, "g1").bit()
    );
}

#[test]
fn board_full_action_first_player_loses() {
    for id in ["twelve-mens-morris", "dooz", MORABARABA, "da-san-qi"] {
        let m = sanmill(id);
        let p = play(&m, fen(&m, FULL_BUT_G4), "g4");
        assert_eq!(
            reason(&m, &p).as_deref(),
            Some("0-1 the board is full with no piece removed (board-full action)"),
            "{id}"
        );
    }
    // The seed's Morabaraba draws (R11).
    let seed = morabaraba();
    let p = play(&seed, fen(&seed, FULL_BUT_G4), "g4");
    assert_eq!(
        reason(&seed, &p).as_deref(),
        Some("1/2-1/2 the board is full with no piece removed (R11)")
    );
}

#[test]
fn board_full_action_first_and_second_player_remove_piece_in_zhi_qi() {
    let m = sanmill("zhi-qi");
    let p = play(&m, fen(&m, FULL_BUT_G4), "g4");
    assert_eq!((p.owed, p.to_move), ([1, 1], Player::First));
    assert!(m.outcome(&p).is_none());
    assert_eq!(
        m.unfinished_turn(&p).as_deref(),
        Some("the full board (board-full action) obliges W to remove a B piece (R6)")
    );
    // W cannot move on a full board: its removal is a blocked player's, of a piece
    // next to its own, mills or not.
    let p = play(&m, p, "xg4");
    assert_eq!((p.owed, p.to_move), ([0, 1], Player::Second));
    let p = play(&m, p, "xa7");
    assert_eq!((p.owed, p.to_move), ([0, 0], Player::First));
    assert_eq!(legal(&m, &p), ["g1-g4", "g7-g4"]);
}

#[test]
fn stalemate_action_remove_opponents_piece_and_make_next_move_in_zhi_qi() {
    let m = sanmill("zhi-qi");
    let p = fen(
        &m,
        "W=a1,a4,d1,g7 B=b2,d2,f2,a7,b4,g1,d7,g4,c5,e5 hand=0,0 turn=B",
    );
    let p = play(&m, p, "e5-f6");
    // W is blocked: it removes a B piece next to one of its own (b2 and d2 although
    // they stand in the mill b2 d2 f2; not f2 or c5), then moves.
    assert!(p.owes() && p.stalemate && p.to_move == Player::First);
    assert!(
        m.unfinished_turn(&p)
            .unwrap()
            .starts_with("the blocked position (stalemate action)")
    );
    assert_eq!(
        legal(&m, &p),
        ["xa7", "xb2", "xb4", "xd2", "xd7", "xf6", "xg1", "xg4"]
    );
    let p = play(&m, p, "xb2");
    assert_eq!(p.to_move, Player::First);
    assert_eq!(legal(&m, &p), ["a1-b2"]);
    // Elsewhere the blocked player loses.
    let twelve = sanmill("twelve-mens-morris");
    let q = fen(
        &twelve,
        "W=a1,a4,d1,g7 B=b2,d2,f2,a7,b4,g1,d7,g4,c5,e5 hand=0,0 turn=B",
    );
    let q = play(&twelve, q, "e5-f6");
    assert_eq!(
        reason(&twelve, &q).as_deref(),
        Some("0-1 W cannot move (R10)")
    );
}

#[test]
fn removal_based_on_mill_counts_in_el_filja() {
    let m = sanmill("el-filja");
    // Mills made while placing remove nothing.
    let p = play(&m, fen(&m, "W=a1,d1 B=a7,d7 hand=10,10 turn=W"), "g1");
    assert!(!p.owes() && p.to_move == Player::Second);
    // No mill when placing ends: each side removes one of its own pieces, W first.
    let p = play(&m, fen(&m, FULL_BUT_G4), "g4");
    assert_eq!(
        (p.owed, p.own, p.to_move),
        ([1, 1], [true, true], Player::First)
    );
    assert_eq!(
        m.unfinished_turn(&p).as_deref(),
        Some("the mill count when placing ends obliges W to remove a W piece (R6)")
    );
    assert_eq!(legal(&m, &p).len(), 12);
    assert!(legal(&m, &p).contains(&"xa7".to_string()));
    let p = play(&m, p, "xa7 xa1");
    assert_eq!(m.write_position(&p).split(' ').nth(3), Some("turn=W"));
    assert_eq!((p.total(Player::First), p.total(Player::Second)), (11, 11));
    // One side alone with mills removes two, the other one.
    assert_eq!(Preset::end_of_placing_removals(1, 0), ([2, 1], false));
    assert_eq!(Preset::end_of_placing_removals(3, 1), ([2, 1], false));
    assert_eq!(Preset::end_of_placing_removals(2, 2), ([2, 2], false));
}

#[test]
fn n_move_rule_draws_after_100_plies_of_moves() {
    let m = sanmill(NINE_MENS_MORRIS);
    let p = play(
        &m,
        fen(&m, "W=a1,g1,a7 B=g7,d5,d3,b4 hand=0,0 turn=W plies=99"),
        "a1-a4",
    );
    assert_eq!(
        reason(&m, &p).as_deref(),
        Some("1/2-1/2 100 plies of moves without a placement or removal (n-move rule)")
    );
    let p = play(
        &m,
        fen(&m, "W=a1,g1,a7 B=g7,d5,d3,b4 hand=0,0 turn=W plies=98"),
        "a1-a4",
    );
    assert!(m.outcome(&p).is_none());
}

#[test]
fn threefold_repetition_draws_at_the_third_occurrence() {
    let m = sanmill(NINE_MENS_MORRIS);
    let start = fen(&m, "W=a1,d2,f4,b6 B=g7,d5,d3,b4 hand=0,0 turn=W");
    let cycle = "a1-d1 g7-d7 d1-a1 d7-g7";
    let p = play(&m, start.clone(), &format!("{cycle} {cycle}"));
    assert!(m.outcome(&p).is_none());
    let p = play(&m, p, "a1-d1");
    assert_eq!(
        reason(&m, &p).as_deref(),
        Some("1/2-1/2 the position has occurred three times (threefold repetition)")
    );
    // The seed's rules have no such draw.
    let seed = nmm();
    let p = play(
        &seed,
        fen(&seed, "W=a1,d2,f4,b6 B=g7,d5,d3,b4 hand=0,0 turn=W"),
        &format!("{cycle} {cycle} a1-d1"),
    );
    assert!(seed.outcome(&p).is_none());
}

#[test]
fn sanmill_fen_is_read_for_every_preset() {
    let empty = "********/********/******** w p p 0 12 0 12 0 0 0 0 0 0 0 0 1";
    assert!(sanmill("twelve-mens-morris").parse_position(empty).is_ok());
    assert!(
        sanmill(NINE_MENS_MORRIS)
            .parse_position(empty)
            .unwrap_err()
            .to_string()
            .contains("more than 9")
    );
    // Da San Qi: a marked point; Morabaraba: two removals owed; El Filja: its own.
    let m = sanmill("da-san-qi");
    let p = m
        .parse_position("X*******/********/******O* b p p 1 11 0 11 0 0 0 0 0 0 0 0 1")
        .unwrap();
    assert_eq!(m.write_position(&p), "W=a4 B=- hand=11,11 turn=B marked=d5");
    let m = sanmill(MORABARABA);
    let p = m
        .parse_position("********/********/OOO*O*@@ w p r 4 8 2 10 2 0 0 0 0 0 0 0 5")
        .unwrap();
    assert_eq!(p.owed, [2, 0]);
    let m = sanmill("el-filja");
    let p = m
        .parse_position("********/********/OOO***@@ b m r 3 0 2 0 -1 -1 0 0 0 0 0 0 20")
        .unwrap();
    assert_eq!((p.owed, p.own), ([1, 1], [true, true]));
    for preset in &preset::SANMILL {
        let m = sanmill(preset.id);
        let p = m.start_position();
        let written = m.write_position(&p);
        assert_eq!(
            m.write_position(&fen(&m, &written)),
            written,
            "{}",
            preset.id
        );
    }
}

/// A game of tgn's own random playout, written as Sanmill's export writes it.
fn sanmill_record(preset: &Preset, seed: u64) -> String {
    use crate::games::playout::SplitMix;
    let m = sanmill(preset.id);
    let mut rng = SplitMix::new(seed);
    let mut p = m.start_position();
    let mut halves: Vec<String> = Vec::new();
    while m.outcome(&p).is_none() && halves.len() < 300 {
        let moves = m.legal_moves(&p);
        let mv = moves[rng.below(moves.len())];
        let text = m.write_move(&p, &mv);
        match halves.last_mut() {
            Some(last) if matches!(mv, Move::Removal(_)) => *last = format!("{last} {text}"),
            _ => halves.push(text),
        }
        m.play(&mut p, &mv);
    }
    let result = m.outcome(&p).map_or("*", |o| o.result.as_str());
    let rules = if Preset::seed_also_defines(preset.id) {
        "[Rules \"sanmill\"]\r\n"
    } else {
        ""
    };
    let mut text = format!(
        "[Event \"Sanmill-Game\"]\r\n[Site \"Sanmill\"]\r\n[Date \"2026.11.26\"]\r\n\
         [Round \"{seed}\"]\r\n[White \"AI\"]\r\n[Black \"AI\"]\r\n[Result \"{result}\"]\r\n\
         [Variant \"{}\"]\r\n{rules}\r\n",
        preset.name
    );
    for (i, pair) in halves.chunks(2).enumerate() {
        let line = format!("{}. {}", i + 1, pair.join(" "));
        text.push_str(&line);
        text.push_str("\r\n");
    }
    text.push_str(&format!("{result}\r\n\r\n"));
    text
}

/// Where a preset's sample records are: `records/<id>/`, or beside the seed's
/// records for the two games the seed also defines.
fn sample_file(preset: &Preset) -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
    if Preset::seed_also_defines(preset.id) {
        root.join(preset.id).join("sanmill-rules-playouts.pgn")
    } else {
        root.join(preset.id).join("sanmill-playouts.pgn")
    }
}

/// The sample records are tgn's playouts (seeds 1–3) as Sanmill writes them;
/// `TGN_UPDATE_RECORDS=1` writes them again.
#[test]
fn sample_records_are_random_playouts_written_as_sanmill_writes() {
    for preset in &preset::SANMILL {
        let text: String = (1..=3).map(|seed| sanmill_record(preset, seed)).collect();
        let path = sample_file(preset);
        if std::env::var_os("TGN_UPDATE_RECORDS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "{}",
            path.display()
        );
        for game in crate::record::parser::parse_games(&text, Default::default()) {
            let r = crate::replay::replay(&game, &crate::replay::Settings::default());
            assert!(r.is_valid(), "{}: {:?}", preset.id, r.errors);
        }
    }
}

#[test]
fn removals_written_beyond_those_owed_say_which_rule_refuses_them() {
    let message = |id: &str, position: &str, moves: &str| {
        let m = sanmill(id);
        match error_of(&m, fen(&m, position), moves) {
            e @ (MoveError::Illegal { .. } | MoveError::WrongMark { .. }) => e.to_string(),
            other => panic!("{other:?}"),
        }
    };
    let double = "W=d1,g1,a4,a7 B=b4,c4,d7,g7,e5 hand=5,4 turn=W";
    assert!(message(NINE_MENS_MORRIS, double, "a1xb4xc4").contains("(R7)"));
    assert!(message(MORABARABA, double, "a1xb4xc4xe5").contains("one removal per mill"));
    let mill = "W=a1,d1 B=a7,d7 hand=10,10 turn=W";
    assert!(message("dooz", mill, "g1xa7").contains("from B's hand"));
    assert!(message("el-filja", mill, "g1xa7").contains("mill counts when placing ends"));
    assert!(message(MORABARABA, double, "a1 xb4xc4").contains("one removal to a token"));
}
