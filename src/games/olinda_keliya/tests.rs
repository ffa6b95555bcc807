//! Tests: one per worked example of §5, one per rule (named after it), the notation,
//! the position string and the options.

use super::*;
use crate::games::testing::{error, legal, play};
use crate::games::{GameResult, Setup};

fn rules() -> OlindaKeliya {
    OlindaKeliya::default()
}

fn configured(tags: &[(&str, &str)]) -> Result<OlindaKeliya, SetupError> {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    OlindaKeliya::configure(&Setup::new(&OlindaKeliya::GAMES[0], &tags, &[]))
}

/// A position from the spec's `S=[…] N=[…] stores=[…]` layout, unchecked.
fn board(s: [u8; 7], n: [u8; 7], stores: [u8; 2], to_move: Side) -> Position {
    let mut pits = [0; 14];
    pits[..7].copy_from_slice(&s);
    pits[7..].copy_from_slice(&n);
    Position::new(pits, stores, to_move)
}

fn layout(p: &Position) -> ([u8; 7], [u8; 7], [u8; 2]) {
    (p.row(Side::South), p.row(Side::North), p.stores())
}

fn pit(side: Side, n: u8) -> Pit {
    Pit::new(side, n).unwrap()
}

fn laps(r: &OlindaKeliya, p: &Position, from: Pit) -> Vec<(String, u8, String)> {
    r.turn(p, from)
        .unwrap()
        .laps
        .iter()
        .map(|l| (l.lifted.to_string(), l.seeds, l.last.to_string()))
        .collect()
}

fn lap(lifted: &str, seeds: u8, last: &str) -> (String, u8, String) {
    (lifted.to_string(), seeds, last.to_string())
}

// ---- §5: the worked examples ----

#[test]
fn ex1_the_seeds_opening_move() {
    let r = rules();
    let start = r.start_position();
    assert_eq!(
        laps(&r, &start, pit(Side::South, 5)),
        [
            lap("S5", 4, "N2"),
            lap("N3", 4, "N7"),
            lap("S1", 4, "S5"),
            lap("S6", 5, "N4"),
            lap("N5", 5, "S3"),
            lap("S4", 5, "N2"),
            lap("N3", 1, "N4"),
        ]
    );
    let mut p = start.clone();
    let mv = play(&r, &mut p, "5x6").unwrap();
    assert_eq!(r.write_move(&start, &mv), "5x6");
    assert_eq!(
        layout(&p),
        ([1, 6, 6, 0, 2, 1, 7], [7, 7, 0, 7, 0, 0, 6], [6, 0])
    );
    assert_eq!(r.to_move(&p), Player::Second);
}

#[test]
fn ex2_reply_clockwise_and_empty_capture() {
    let r = rules();
    let mut p = r.start_position();
    play(&r, &mut p, "5").unwrap();
    let before = p.clone();
    assert_eq!(
        laps(&r, &before, pit(Side::North, 2)),
        [lap("N2", 7, "S2"), lap("S1", 1, "N7")]
    );
    let mv = play(&r, &mut p, "2x0").unwrap();
    assert_eq!(r.write_move(&before, &mv), "2x0");
    assert_eq!(
        layout(&p),
        ([0, 7, 7, 1, 3, 2, 8], [8, 0, 0, 7, 0, 0, 7], [6, 0])
    );
    // Had N played 7: seven laps, then S7 (2 seeds, on S's row) is captured.
    let turn = r.turn(&before, pit(Side::North, 7)).unwrap();
    assert_eq!(turn.laps.len(), 7);
    assert_eq!((turn.capture_pit, turn.captured), (pit(Side::South, 7), 2));
    assert_eq!(
        layout(&turn.after),
        ([4, 1, 9, 3, 5, 4, 0], [0, 11, 4, 2, 0, 2, 3], [6, 2])
    );
}

#[test]
fn ex3_own_row_capture_and_end_of_game() {
    let r = rules();
    let mut p = board([2, 0, 0, 0, 3, 0, 1], [0; 7], [28, 22], Side::South);
    play(&r, &mut p, "1x3").unwrap();
    assert_eq!(layout(&p), ([0, 1, 1, 0, 0, 0, 1], [0; 7], [31, 22]));
    let outcome = r.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(
        outcome.reason,
        "N has no legal move (R8), S adds 3 (R10); final 34:22, S wins (R11)"
    );
    assert_eq!(r.state(&p)["final"], serde_json::json!([34, 22]));
}

#[test]
fn ex4_repetition_draws() {
    let r = rules();
    let start = board([0, 0, 0, 0, 0, 0, 1], [0; 7], [27, 28], Side::South);
    let mut p = start.clone();
    for (i, text) in ["7x0", "1x0", "7x0", "1x0"].iter().enumerate() {
        assert!(r.outcome(&p).is_none(), "ply {}", i + 1);
        play(&r, &mut p, text).unwrap();
    }
    assert_eq!(layout(&p), layout(&start));
    assert_eq!(p.occurrences(), 3);
    let outcome = r.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(
        outcome.reason,
        "the position occurs for the third time (R9), S adds 1 (R10); final 28:28, a draw (R11)"
    );
}

#[test]
fn ex4_a_fifth_move_is_after_the_end() {
    let text = "[Game \"olinda-keliya\"]\n[SetUp \"1\"]\n\
                [FEN \"S:0,0,0,0,0,0,1/N:0,0,0,0,0,0,0/K:27,28/M:S\"]\n\n\
                1. 7 1 2. 7 1 3. 7 1/2-1/2";
    let record = crate::record::parser::parse_games(text, Default::default()).remove(0);
    let replay = crate::replay::replay(&record, &Default::default());
    assert_eq!(replay.errors.len(), 1, "{:?}", replay.errors);
    assert_eq!(replay.errors[0].code, crate::replay::ErrorCode::AfterEnd);
    assert_eq!(replay.errors[0].ply, Some(5));
}

#[test]
fn ex5_endless_relay_is_illegal() {
    let r = configured(&[("Mode", "same")]).unwrap();
    let p = board(
        [0, 1, 0, 1, 0, 1, 0],
        [2, 1, 1, 0, 1, 0, 1],
        [20, 24],
        Side::North,
    );
    let message = error(&r, &p, "3");
    assert!(message.contains("never ends"), "{message}");
    assert!(message.ends_with("(R7)"), "{message}");
    assert_eq!(legal(&r, &p), ["1x1", "2x1", "5x0", "7x1"]);
    assert_eq!(r.turn(&p, pit(Side::North, 5)).unwrap().laps.len(), 6);
    assert_eq!(r.turn(&p, pit(Side::North, 7)).unwrap().laps.len(), 5);
    assert!(
        p.count(pit(Side::North, 3)) > 0,
        "3 is refused though not empty"
    );
}

// ---- the rules ----

#[test]
fn r1_directions_by_mode() {
    let r = rules();
    assert_eq!(r.direction_of(Side::South), Direction::Ccw);
    assert_eq!(r.direction_of(Side::North), Direction::Cw);
    let r = configured(&[("Direction", "cw"), ("Mode", "same")]).unwrap();
    assert_eq!(r.direction_of(Side::South), Direction::Cw);
    assert_eq!(r.direction_of(Side::North), Direction::Cw);
    let r = configured(&[("Direction", "cw")]).unwrap();
    assert_eq!(r.direction_of(Side::North), Direction::Ccw);
}

#[test]
fn r1_clockwise_first_player_goes_from_s1_to_n7() {
    let r = configured(&[("Direction", "cw")]).unwrap();
    let p = board(
        [1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 2, 0, 0],
        [25, 28],
        Side::South,
    );
    let turn = r.turn(&p, pit(Side::South, 1)).unwrap();
    assert_eq!(turn.laps[0].last, pit(Side::North, 7));
    // N7's next pit clockwise is N6, empty: N5 (2 seeds) is captured.
    assert_eq!(
        (turn.stop, turn.capture_pit, turn.captured),
        (pit(Side::North, 6), pit(Side::North, 5), 2)
    );
}

#[test]
fn r2_empty_pit_is_illegal_and_single_seeds_may_move() {
    let r = rules();
    let p = board(
        [1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 3, 0, 0, 0],
        [25, 27],
        Side::South,
    );
    assert_eq!(error(&r, &p, "2"), "illegal move: pit S2 is empty (R2)");
    assert_eq!(legal(&r, &p), ["1x0"]);
}

#[test]
fn r3_fourteen_seeds_pass_the_emptied_pit() {
    let r = rules();
    let p = board([14, 0, 0, 0, 0, 0, 0], [0; 7], [21, 21], Side::South);
    let turn = r.turn(&p, pit(Side::South, 1)).unwrap();
    // 14 seeds: one in every pit, the last back into S1 itself.
    assert_eq!(turn.laps[0].last, pit(Side::South, 1));
    // Then S2 holds a seed: relay.
    assert_eq!(turn.laps[1].lifted, pit(Side::South, 2));
}

#[test]
fn r4_relay_lifts_from_the_opponents_row() {
    let r = rules();
    let turn = r.turn(&r.start_position(), pit(Side::South, 5)).unwrap();
    assert_eq!(turn.laps[1].lifted, pit(Side::North, 3));
}

#[test]
fn r5_capture_on_either_row_or_nothing() {
    let r = rules();
    let mut p = r.start_position();
    play(&r, &mut p, "5").unwrap();
    assert_eq!(
        error(&r, &p, "2x1"),
        "wrong mark: N2 captures nothing (N5 is empty), not 1 (R5)"
    );
    assert_eq!(
        error(&r, &p, "7x3"),
        "wrong mark: N7 captures 2 seeds from S7, not 3 (R5)"
    );
}

#[test]
fn r8_r10_r11_stuck_player_and_final_count() {
    // N's only pit relays for ever in same mode: N has no legal move though it has seeds,
    // and keeps them in the final count (R10).
    let r = configured(&[("Mode", "same")]).unwrap();
    let p = board(
        [0, 1, 0, 1, 0, 1, 0],
        [2, 1, 1, 0, 1, 0, 1],
        [20, 24],
        Side::North,
    );
    assert!(r.outcome(&p).is_none());
    let p = board([0, 0, 0, 0, 0, 0, 0], [0; 7], [30, 26], Side::South);
    let outcome = r.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(
        outcome.reason,
        "S has no legal move (R8); final 30:26, S wins (R11)"
    );
}

#[test]
fn r9_a_capture_forgets_earlier_positions() {
    let r = rules();
    let mut p = r.start_position();
    play(&r, &mut p, "5x6").unwrap();
    assert_eq!(p.occurrences(), 1);
}

// ---- notation, position string, options, drawing ----

#[test]
fn tokens_are_read_and_refused() {
    let r = rules();
    assert_eq!(
        r.parse_token("5x6").unwrap(),
        Token {
            pit: 5,
            captured: Some(6)
        }
    );
    assert_eq!(
        r.parse_token("3").unwrap(),
        Token {
            pit: 3,
            captured: None
        }
    );
    for bad in ["8", "0", "x3", "5x", "5-6", "", "55"] {
        assert!(r.parse_token(bad).is_err(), "{bad}");
    }
    assert!(r.parse_token("8").unwrap_err().to_string().contains("1-7"));
}

#[test]
fn position_strings_round_trip_and_are_checked() {
    let r = rules();
    let start = "S:4,4,4,4,4,4,4/N:4,4,4,4,4,4,4/K:0,0/M:S";
    assert_eq!(r.write_position(&r.start_position()), start);
    assert_eq!(r.parse_position(start).unwrap(), r.start_position());
    let e = r
        .parse_position("S:4,4,4,4,4,4,4/N:4,4,4,4,4,4,3/K:0,0/M:S")
        .unwrap_err();
    assert_eq!(
        e,
        "the pits and stores hold 55 seeds, not 56 (14 pits × 4 seeds, the Seeds tag)"
    );
    assert!(
        r.parse_position("S:4,4,4,4,4,4/N:4,4,4,4,4,4,4/K:0,4/M:S")
            .unwrap_err()
            .contains("6 counts")
    );
    assert!(
        r.parse_position("S:4,4,4,4,4,4,4/N:4,4,4,4,4,4,4/K:0,0/M:X")
            .is_err()
    );
    assert!(
        r.parse_position("S:4,4,4,4,4,4,4/N:4,4,4,4,4,4,4/K:0,0/M:S/x")
            .is_err()
    );
    let five = configured(&[("Seeds", "5")]).unwrap();
    assert_eq!(five.start_position().row(Side::North), [5; 7]);
    assert!(five.parse_position(start).is_err());
}

#[test]
fn options_are_checked() {
    assert!(configured(&[("Seeds", "8")]).is_err());
    assert!(configured(&[("Direction", "up")]).is_err());
    assert!(configured(&[("Mode", "mirror")]).is_err());
    assert_eq!(configured(&[("Seeds", "7")]).unwrap().seeds, 7);
}

#[test]
fn drawing_shows_both_rows_and_stores() {
    let r = rules();
    let mut p = r.start_position();
    play(&r, &mut p, "5").unwrap();
    assert_eq!(
        r.draw(&p),
        [
            "               N7  N6  N5  N4  N3  N2  N1",
            "N store   0 |   6   0   0   7   0   7   7",
            "S store   6 |   1   6   6   0   2   1   7",
            "               S1  S2  S3  S4  S5  S6  S7",
            "N to move; S sows ccw, N sows cw",
        ]
        .join("\n")
    );
}

#[test]
fn describe_names_laps_capture_and_end() {
    let r = rules();
    let p = board([2, 0, 0, 0, 3, 0, 1], [0; 7], [28, 22], Side::South);
    let mv = r.resolve(&p, &r.parse_token("1").unwrap()).unwrap();
    let mut after = p.clone();
    r.play(&mut after, &mv);
    assert_eq!(
        r.describe(&p, &mv, &after),
        "S plays S1 (1 lap: S1 2 → S3); S4 is empty: captures 3 from S5 (R5); stores 31:22; \
         game over: N has no legal move (R8), S adds 3 (R10); final 34:22, S wins (R11)"
    );
}

#[test]
fn names_and_aliases_find_the_game() {
    use crate::registry::find;
    for name in ["olinda-keliya", "Olinda Keliya", "olinda"] {
        assert_eq!(
            find(name).map(|f| f.info.id),
            Some("olinda-keliya"),
            "{name}"
        );
    }
}

#[test]
fn random_games_under_every_option() {
    use crate::games::playout::SplitMix;
    for seeds in 4..=7u8 {
        for direction in [Direction::Ccw, Direction::Cw] {
            for mode in [Mode::Opposite, Mode::Same] {
                let r = OlindaKeliya::new(seeds, direction, mode);
                for seed in 0..8 {
                    let mut rng = SplitMix::new(seed);
                    let mut p = r.start_position();
                    let mut plies = 0;
                    while r.outcome(&p).is_none() {
                        let moves = r.legal_moves(&p);
                        assert!(!moves.is_empty());
                        let mv = moves[rng.below(moves.len())];
                        let text = r.write_move(&p, &mv);
                        let back = r.resolve(&p, &r.parse_token(&text).unwrap()).unwrap();
                        assert_eq!(back, mv);
                        r.play(&mut p, &mv);
                        let again = r.parse_position(&r.write_position(&p)).unwrap();
                        assert_eq!(r.write_position(&again), r.write_position(&p));
                        plies += 1;
                        assert!(plies < 5000, "no end");
                    }
                    let [s, n] = p.final_count();
                    assert_eq!(s + n, 14 * u32::from(seeds));
                }
            }
        }
    }
}

/// Replays record text and gives its errors as (code, ply).
fn judged(text: &str) -> Vec<(crate::replay::ErrorCode, Option<u32>)> {
    let record = crate::record::parser::parse_games(text, Default::default()).remove(0);
    crate::replay::replay(&record, &Default::default())
        .errors
        .iter()
        .map(|e| (e.code, e.ply))
        .collect()
}

#[test]
fn broken_random_records_fail_at_the_exact_ply() {
    use crate::games::playout::SplitMix;
    use crate::replay::ErrorCode;
    for (tags, r) in [
        ("", rules()),
        (
            "[Seeds \"6\"]\n[Direction \"cw\"]\n[Mode \"same\"]\n",
            OlindaKeliya::new(6, Direction::Cw, Mode::Same),
        ),
        (
            "[Seeds \"5\"]\n[Mode \"same\"]\n",
            OlindaKeliya::new(5, Direction::Ccw, Mode::Same),
        ),
    ] {
        for seed in 0..10 {
            let mut rng = SplitMix::new(seed);
            let mut p = r.start_position();
            let mut moves = Vec::new();
            while r.outcome(&p).is_none() {
                let legal = r.legal_moves(&p);
                let mv = legal[rng.below(legal.len())];
                moves.push(r.write_move(&p, &mv));
                r.play(&mut p, &mv);
            }
            let result = r.outcome(&p).unwrap().result;
            let record = |moves: &[String], result: &str| {
                format!(
                    "[Game \"olinda-keliya\"]\n{tags}\n{} {result}",
                    moves.join(" ")
                )
            };
            assert!(judged(&record(&moves, result.as_str())).is_empty());
            // A wrong capture count at ply k.
            let k = rng.below(moves.len());
            let mut broken = moves.clone();
            let (pit, count) = broken[k].split_once('x').unwrap();
            broken[k] = format!("{pit}x{}", count.parse::<u32>().unwrap() + 1);
            assert_eq!(
                judged(&record(&broken, "*")),
                [(ErrorCode::WrongMark, Some(k as u32 + 1))]
            );
            // A move after the end, and a wrong result.
            let mut longer = moves.clone();
            longer.push("1".into());
            assert_eq!(
                judged(&record(&longer, "*")),
                [(ErrorCode::AfterEnd, Some(moves.len() as u32 + 1))]
            );
            let wrong = if result == GameResult::Draw {
                "1-0"
            } else {
                "1/2-1/2"
            };
            assert_eq!(judged(&record(&moves, wrong)), [(ErrorCode::Result, None)]);
        }
    }
}

#[test]
fn r7_a_relay_longer_than_the_lap_limit_is_endless() {
    // Issue 23: this relay repeats no (pits, pit to lift) pair in 20 million laps.
    let r = configured(&[("Seeds", "7")]).unwrap();
    let p = r
        .parse_position("S:10,5,1,9,6,5,10/N:9,4,5,8,7,11,8/K:0,0/M:S")
        .unwrap();
    let from = pit(Side::South, 1);
    assert_eq!(p.sow(from, Direction::Ccw).unwrap_err(), Endless::TooLong);
    let message = error(&r, &p, "1");
    assert!(
        message.contains(&format!("does not end within {MAX_LAPS} laps")),
        "{message}"
    );
    assert!(message.ends_with("(R7)"), "{message}");
    // Refused as endless, the pit counts as no move (R7, R8).
    assert!(!legal(&r, &p).iter().any(|m| m.starts_with('1')));
}
