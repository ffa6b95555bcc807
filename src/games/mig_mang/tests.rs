//! Mig Mang: every rule (R1–R11), the decisions of §4 that add behaviour, every worked
//! example (E1–E5) of the spec, and random games on boards of many sizes checked
//! against a slow reference written straight from R2–R5.

use std::collections::BTreeSet;

use super::*;
use crate::games::IllegalKind;
use crate::games::playout::SplitMix;
use crate::games::testing::{error, kind_and_rule, legal, play, refusal};
use crate::record::parser::{Origin, parse_games};
use crate::registry;
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

const B: Colour = Colour::Black;
const W: Colour = Colour::White;

fn mig_mang() -> MigMang {
    MigMang::new(17, 17, false)
}

/// A position from lists of points.
fn at(rules: &MigMang, black: &[&str], white: &[&str], to_move: Colour) -> Position {
    Position::from_names(&rules.grid, black, white, to_move).unwrap()
}

fn points(rules: &MigMang, position: &Position, colour: Colour) -> Vec<String> {
    position
        .men(colour)
        .iter()
        .map(|p| rules.name(p).to_string())
        .collect()
}

/// The groups a move converts, by name.
fn converted(rules: &MigMang, mv: &Move) -> Vec<Vec<String>> {
    rules
        .converted(mv)
        .iter()
        .map(|g| g.iter().map(|&p| rules.name(p).to_string()).collect())
        .collect()
}

fn capturing(rules: &MigMang, position: &Position) -> Vec<String> {
    rules
        .legal_moves(position)
        .iter()
        .filter(|m| m.captures())
        .map(|m| rules.write(m))
        .collect()
}

fn replay(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    let info = registry::find("mig-mang").unwrap().info;
    replay_with::<MigMang>(info, &record, &Settings::default())
}

fn codes(r: &Replay) -> Vec<ErrorCode> {
    r.errors.iter().map(|e| e.code).collect()
}

fn configure(tags: &[(&str, &str)]) -> Result<MigMang, SetupError> {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let info = registry::find("mig-mang").unwrap().info;
    MigMang::configure(&Setup::new(info, &tags, &[]))
}

// ----- worked examples -----

#[test]
fn e1_start_has_450_first_moves_and_none_captures() {
    let rules = mig_mang();
    let start = rules.start_position();
    let mut expected = Vec::new();
    for file in 'b'..='p' {
        for rank in 2..=16 {
            expected.push(format!("{file}17-{file}{rank}"));
        }
    }
    for rank in 2..=16 {
        for file in 'b'..='p' {
            expected.push(format!("q{rank}-{file}{rank}"));
        }
    }
    expected.sort();
    assert_eq!(expected.len(), 450);
    assert_eq!(legal(&rules, &start), expected);
    assert!(capturing(&rules, &start).is_empty());
    // White, by symmetry, also has 450.
    let white = Position {
        to_move: W,
        ..start.clone()
    };
    assert_eq!(rules.legal_moves(&white).len(), 450);
    assert!(capturing(&rules, &white).is_empty());
}

#[test]
fn e2_filling_a_gap_converts_both_sides() {
    let rules = mig_mang();
    let black = ["d9", "e9", "g9", "h9", "i9", "a17"];
    let mut p = at(&rules, &black, &["c9", "j9", "f3"], W);
    let mv = play(&rules, &mut p, "f3-f9").unwrap();
    assert_eq!(
        converted(&rules, &mv),
        [vec!["g9", "h9", "i9"], vec!["e9", "d9"]]
    );
    assert_eq!(points(&rules, &p, W).len(), 8);
    assert_eq!(points(&rules, &p, B), ["a17"]);

    // Black filling the same gap captures nothing, and is safe there (R7).
    let black = ["d9", "e9", "g9", "h9", "i9", "f14"];
    let mut p = at(&rules, &black, &["c9", "j9", "f3"], B);
    let mv = play(&rules, &mut p, "f14-f9").unwrap();
    assert!(!mv.captures());
    assert_eq!(p.count(B), 6);
    assert!(
        capturing(&rules, &p).is_empty(),
        "White has no capturing move"
    );
}

#[test]
fn e3_three_groups_at_once_and_white_loses() {
    let rules = mig_mang();
    let p = at(
        &rules,
        &["e9", "k9", "h12", "h4"],
        &["f9", "g9", "i9", "j9", "h10", "h11"],
        B,
    );
    assert_eq!(capturing(&rules, &p), ["h4-h9x"]);
    let mut after = p.clone();
    let mv = play(&rules, &mut after, "h4-h9").unwrap();
    assert_eq!(
        converted(&rules, &mv),
        [vec!["h10", "h11"], vec!["i9", "j9"], vec!["g9", "f9"]]
    );
    assert_eq!(after.count(B), 10);
    assert_eq!(after.count(W), 0);
    let outcome = rules.outcome(&after).unwrap();
    assert_eq!(outcome.result, GameResult::FirstWins);
    assert_eq!(outcome.reason, "white has no pieces left (R9)");
    assert_eq!(
        rules.describe(&p, &mv, &after),
        "black h4-h9x and converts h10 h11, i9 j9, g9 f9 to black (6 pieces, R4); \
         black 10, white 0; game over: 1-0 (white has no pieces left (R9))"
    );
}

#[test]
fn e4_edges_and_corners() {
    let rules = mig_mang();
    let mut p = at(&rules, &["d1", "a5"], &["b1", "c1"], B);
    let mv = play(&rules, &mut p, "a5-a1").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["b1", "c1"]]);
    // The run a1-c1 touches the corner: nothing captures it.
    let p = at(&rules, &["d1", "a5"], &["a1", "b1", "c1"], B);
    assert!(capturing(&rules, &p).is_empty());
}

#[test]
fn e5_delayed_custody() {
    let rules = mig_mang();
    let mut p = at(&rules, &["d5", "f5", "q17"], &["e5", "a1"], B);
    assert!(capturing(&rules, &p).is_empty());
    play(&rules, &mut p, "f5-f8").unwrap();
    play(&rules, &mut p, "a1-a2").unwrap();
    let mv = play(&rules, &mut p, "f8-f5").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["e5"]]);
    assert_eq!(points(&rules, &p, W), ["a2"]);
}

// ----- rules -----

#[test]
fn r1_only_the_player_to_move_moves_and_must_move() {
    let rules = mig_mang();
    let start = rules.start_position();
    assert_eq!(
        error(&rules, &start, "a2-b2"),
        "illegal move: a2 holds a white piece, and black is to move (R1)"
    );
    assert_eq!(
        error(&rules, &start, "h8-h9"),
        "illegal move: there is no piece on h8 (R1)"
    );
}

#[test]
fn r2_slides_like_a_rook_through_empty_points() {
    let rules = mig_mang();
    let start = rules.start_position();
    assert_eq!(
        error(&rules, &start, "b17-c16"),
        "illegal move: b17-c16 is not along a file or a rank: pieces move orthogonally, \
         never diagonally (R2)"
    );
    assert_eq!(
        error(&rules, &start, "b17-b1"),
        "illegal move: b1 is occupied: a piece stops on an empty point (R2)"
    );
    assert_eq!(
        error(&rules, &start, "b17-b17"),
        "illegal move: b17-b17 goes nowhere: a piece moves at least one point (R2)"
    );
    let p = at(&rules, &["c3", "a17"], &["c5", "q1"], B);
    assert_eq!(
        error(&rules, &p, "c3-c7"),
        "illegal move: c5 stands between c3 and c7: a piece slides through empty points \
         only and never jumps (R2)"
    );
    let mut sorted = legal(&rules, &p);
    sorted.retain(|m| m.starts_with("c3"));
    assert_eq!(sorted.len(), 16 + 1 + 2, "16 along rank 3, c4, c2 and c1");
}

#[test]
fn r3_runs_must_be_unbroken_and_closed_by_the_mover() {
    let rules = mig_mang();
    // A gap in the run: nothing.
    let p = at(&rules, &["a9", "g9", "q17"], &["c9", "e9", "a1"], B);
    assert!(capturing(&rules, &p).is_empty());
    // A run ending on an empty point: nothing; ending on the mover: taken.
    let mut p = at(&rules, &["a9", "f3", "q17"], &["b9", "c9", "d9", "a1"], B);
    assert!(
        rules
            .find(&p, pt(&rules, "f3"), pt(&rules, "f9"))
            .is_ok_and(|m| !m.captures())
    );
    let mv = play(&rules, &mut p, "f3-e3").unwrap();
    assert!(!mv.captures());
    play(&rules, &mut p, "a1-a2").unwrap();
    let mv = play(&rules, &mut p, "e3-e9").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["d9", "c9", "b9"]]);
}

fn pt(rules: &MigMang, name: &str) -> Point {
    rules.grid.board().parse_point(name).unwrap()
}

#[test]
fn r4_captured_pieces_change_colour_and_the_total_stays() {
    let rules = mig_mang();
    let mut p = at(&rules, &["d1", "a5", "q17"], &["b1", "c1", "q16"], B);
    play(&rules, &mut p, "a5-a1").unwrap();
    assert_eq!(points(&rules, &p, B), ["a1", "b1", "c1", "d1", "q17"]);
    assert_eq!(points(&rules, &p, W), ["q16"]);
    assert_eq!(p.count(B) + p.count(W), 6);
}

#[test]
fn r5_several_groups_judged_on_the_position_after_arrival() {
    // The corner of an angle (seed case 2): two groups, and the point the mover
    // left is empty when the runs are judged.
    let rules = mig_mang();
    let mut p = at(&rules, &["e8", "h5", "e2"], &["e6", "e7", "f5", "g5"], B);
    let mv = play(&rules, &mut p, "e2-e5").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["e6", "e7"], vec!["f5", "g5"]]);
    assert_eq!(p.count(W), 0);
}

#[test]
fn r6_no_chain_reaction() {
    let rules = mig_mang();
    let mut p = at(&rules, &["c9", "b11", "a3", "q17"], &["b9", "b10", "a1"], B);
    // a3-a9 converts b9 (between a9 and c9); b10 is then between the new black b9 and
    // b11, yet stays white.
    let mv = play(&rules, &mut p, "a3-a9").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["b9"]]);
    assert!(p.men(W).contains(pt(&rules, "b10")));
}

#[test]
fn r7_entering_a_sandwich_is_safe() {
    let rules = mig_mang();
    let mut p = at(&rules, &["e3", "a17"], &["d5", "f5", "q1"], B);
    let mv = play(&rules, &mut p, "e3-e5").unwrap();
    assert!(!mv.captures());
    assert!(p.men(B).contains(pt(&rules, "e5")));
    // White can take it only by re-creating the custody: f5 leaves and comes back.
    assert!(capturing(&rules, &p).is_empty());
    play(&rules, &mut p, "f5-f8").unwrap();
    play(&rules, &mut p, "a17-a16").unwrap();
    let mv = play(&rules, &mut p, "f8-f5").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["e5"]]);
}

#[test]
fn r8_corners_and_runs_to_the_edge_cannot_be_taken() {
    let rules = mig_mang();
    // A corner piece: nothing lies beyond it on either line.
    let p = at(&rules, &["c1", "a3", "q9"], &["a1", "b1", "a2", "q17"], B);
    assert!(capturing(&rules, &p).is_empty());
    // A run along the top edge reaching the corner.
    let p = at(&rules, &["a10", "m3"], &["n17", "o17", "p17", "q17"], B);
    assert!(
        rules
            .legal_moves(&p)
            .iter()
            .any(|m| rules.write(m) == "m3-m17")
    );
    assert!(capturing(&rules, &p).is_empty());
    // A piece moving into a corner still captures (E4).
}

#[test]
fn r9_no_piece_or_no_move_loses() {
    let rules = mig_mang();
    // Black to move is walled in: a1 by white a2 and b1, which are themselves safe.
    let p = at(&rules, &["a1"], &["a2", "b1"], B);
    let outcome = rules.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::SecondWins);
    assert_eq!(
        outcome.reason,
        "black cannot move: every piece is blocked (R9)"
    );
    assert!(rules.legal_moves(&p).is_empty());
    // A full board: nobody can move.
    let rules3 = MigMang::new(3, 3, false);
    let full = rules3.read_position("bbb/bwb/www w").unwrap();
    assert_eq!(
        rules3.outcome(&full).unwrap().reason,
        "white cannot move: every piece is blocked (R9)"
    );
}

#[test]
fn r10_no_draw_on_the_board_any_declared_result_stands_before_the_end() {
    let r = replay("[Game \"mig-mang\"]\n1. b17-b10 a2-h2 1/2-1/2");
    assert!(r.is_valid(), "{:?}", r.errors);
    assert!(r.outcome.is_none());
}

#[test]
fn r11_pieces_never_jump_without_lone_jump() {
    let rules = mig_mang();
    let p = at(&rules, &["e5"], &["e6", "q17", "a1"], B);
    assert!(error(&rules, &p, "e5-e7").contains("e6 stands between e5 and e7"));
    assert!(rules.legal_moves(&p).iter().all(|m| m.jumped.is_none()));
}

#[test]
fn decision3_lone_jump() {
    let rules = MigMang::new(17, 17, true);
    let mut p = at(&rules, &["e5"], &["e6", "d5", "q17", "a1"], B);
    let jumps: Vec<String> = rules
        .legal_moves(&p)
        .iter()
        .filter(|m| m.jumped.is_some())
        .map(|m| rules.write(m))
        .collect();
    assert_eq!(jumps, ["e5-e7x", "e5-c5x"]);
    let before = p.clone();
    let mv = play(&rules, &mut p, "e5-e7").unwrap();
    assert_eq!(converted(&rules, &mv), [vec!["e6"]]);
    assert_eq!(points(&rules, &p, B), ["e6", "e7"]);
    assert_eq!(
        rules.describe(&before, &mv, &p),
        "black e5-e7x jumps over e6 (lone-jump) and converts e6 to black (1 piece, R4); \
         black 2, white 3"
    );
    // With two pieces, no jump.
    let p = at(&rules, &["e5", "q1"], &["e6", "q17", "a1"], B);
    assert!(error(&rules, &p, "e5-e7").contains("only a lone piece may jump"));
    // A lone piece surrounded but able to jump is not blocked (R9).
    let p = at(&rules, &["a1"], &["a2", "b1"], B);
    assert!(rules.outcome(&p).is_none());
    assert_eq!(legal(&rules, &p), ["a1-a3x", "a1-c1x"]);
}

// ----- board sizes -----

#[test]
fn start_layout_on_every_size_fills_the_perimeter() {
    for (w, h, each) in [
        (17, 17, 32),
        (8, 8, 14),
        (19, 19, 36),
        (17, 18, 33),
        (3, 3, 4),
    ] {
        let rules = MigMang::new(w, h, false);
        let start = rules.start_position();
        assert_eq!(start.count(B), each, "{w}x{h}");
        assert_eq!(start.count(W), each, "{w}x{h}");
        // 180° rotation maps Black onto White.
        for p in start.men(B).iter() {
            let (f, r) = rules.grid.coords(p);
            let q = rules.grid.point(w + 1 - f, h + 1 - r).unwrap();
            assert!(start.men(W).contains(q));
        }
        assert_eq!(
            rules.legal_moves(&start).len(),
            2 * (w as usize - 2) * (h as usize - 2)
        );
    }
    let rules = MigMang::new(8, 8, false);
    assert_eq!(
        rules.write_position(&rules.start_position()),
        "bbbbbbbb/w6b/w6b/w6b/w6b/w6b/w6b/wwwwwwww b"
    );
}

#[test]
fn board_option_sets_and_checks_the_size() {
    assert_eq!(configure(&[]).unwrap().grid.size(), "17x17");
    assert_eq!(
        configure(&[("Board", "19x19")]).unwrap().grid.size(),
        "19x19"
    );
    assert_eq!(
        configure(&[("Board", "17 × 18")]).unwrap().grid.size(),
        "17x18"
    );
    assert_eq!(
        configure(&[("Board", "26x99")]).unwrap().grid.size(),
        "26x99"
    );
    let err = |v: &str| configure(&[("Board", v)]).err().unwrap().message;
    assert_eq!(
        err("big"),
        "option board: expected the board as WxH, like 17x17, found \"big\""
    );
    assert_eq!(
        err("2x9"),
        "option board: 2x9: a board has at least 3 files and 3 ranks (§1)"
    );
    assert!(err("27x9").contains("files are lettered a-z, so a board has at most 26"));
    assert!(err("9x100").contains("at most 99"));
    // Without [Board], a set-up position gives the size.
    let rules = configure(&[("SetUp", "1"), ("FEN", "9/9/9/4b4/9/9/9/9/w8 w")]).unwrap();
    assert_eq!(rules.grid.size(), "9x9");
}

// ----- notation and marks -----

#[test]
fn capture_marks_are_checked() {
    let rules = mig_mang();
    let p = at(&rules, &["d1", "a5"], &["b1", "c1"], B);
    for text in ["a5-a1", "a5-a1x", "a5xa1", "A5-A1X"] {
        let mut q = p.clone();
        assert!(play(&rules, &mut q, text).is_ok(), "{text}");
    }
    assert_eq!(
        error(&rules, &p, "a5-a4x"),
        "wrong mark: a5-a4 is marked as a capture, but it converts nothing: write it a5-a4 (R3)"
    );
    assert_eq!(
        error(&rules, &p, "a5xa4"),
        "wrong mark: a5-a4 is marked as a capture, but it converts nothing: write it a5-a4 (R3)"
    );
    assert!(rules.parse_token("r1-r2").is_err());
    assert!(rules.parse_token("h4-h9-h10").is_err());
}

// ----- position strings -----

#[test]
fn position_strings_read_back_and_name_the_wrong_field() {
    let rules = mig_mang();
    let start = rules.start_position();
    let text = rules.write_position(&start);
    assert_eq!(
        text,
        "bbbbbbbbbbbbbbbbb/w15b/w15b/w15b/w15b/w15b/w15b/w15b/w15b/w15b/w15b/w15b/w15b/\
         w15b/w15b/w15b/wwwwwwwwwwwwwwwww b"
    );
    assert_eq!(rules.parse_position(&text).unwrap(), start);
    let err = |t: &str| rules.parse_position(t).unwrap_err();
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b"),
        "field 1 (the board): 9 ranks separated by /, but the 17x17 board has 17"
    );
    // A board of another size than the record's options is a fault of its own kind.
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b").kind,
        crate::games::PositionErrorKind::Options
    );
    let long = format!("{}/18b", "17/".repeat(16).trim_end_matches('/'));
    assert_eq!(
        err(&format!("{long} b")),
        "field 1 (the board): rank 1 (\"18b\") runs off the 17x17 board: it has only 17 files"
    );
    let row = "17/".repeat(16);
    assert_eq!(
        err(&format!("{row}b16 x")),
        "field 2 (the side to move): expected b or w, found \"x\""
    );
    assert_eq!(
        err(&format!("{row}b16")),
        "field 2 (the side to move) is missing: add b or w"
    );
    assert_eq!(
        err(&format!("{row}b16 b 3")),
        "unexpected \"3\" after the side to move: a position has 2 fields"
    );
    assert!(err(&format!("{row}b16 b")).contains(
        "white has no piece, yet black is to move: the side that has just moved keeps the \
         piece it moved"
    ));
    assert!(rules.parse_position(&format!("{row}b16 w")).is_ok());
    assert!(err("").contains("empty"));
}

#[test]
fn the_drawing_of_a_17x17_board() {
    let rules = mig_mang();
    let text = rules.draw(&rules.start_position());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 19);
    assert_eq!(lines[0], "17 b b b b b b b b b b b b b b b b b");
    assert_eq!(lines[1], "16 w . . . . . . . . . . . . . . . b");
    assert_eq!(lines[16], " 1 w w w w w w w w w w w w w w w w w");
    assert_eq!(lines[17], "   a b c d e f g h i j k l m n o p q");
    assert_eq!(lines[18], "black to move; black 32, white 32");
}

#[test]
fn state_lists_the_pieces() {
    let rules = MigMang::new(3, 3, false);
    let s = rules.state(&rules.start_position());
    assert_eq!(
        s.to_string(),
        r#"{"board":"3x3","to_move":"first","first":["c2","a3","b3","c3"],"second":["a1","b1","c1","a2"]}"#
    );
}

// ----- records -----

#[test]
fn records_on_other_boards_and_errors_at_the_exact_ply() {
    let r = replay("[Game \"mig-mang\"]\n[Board \"8x8\"]\n1. d8-d2 a2-c2 2. b8-b2x *");
    assert!(r.is_valid(), "{:?}", r.errors);
    let r = replay("[Game \"mig-mang\"]\n[Board \"8x8\"]\n1. d8-d2 a2-c2 2. b8-b2x b2-b9 *");
    assert_eq!(codes(&r), [ErrorCode::Notation]);
    assert_eq!(r.errors[0].ply, Some(4));
    let r = replay("[Game \"mig-mang\"]\n[Board \"8x2\"]\n1. b8-b2 *");
    assert_eq!(codes(&r), [ErrorCode::Setup]);
    assert_eq!(r.errors[0].span.line, 2, "the [Board] tag");
}

// ----- random games against a reference -----

/// R2–R5 written the slow way, straight from the spec: walk the point graph's rays.
fn reference_moves(rules: &MigMang, p: &Position) -> BTreeSet<(String, Vec<String>)> {
    let board = rules.grid.board();
    let colour = p.to_move;
    let owner = |q: Point, from: Point, to: Point| -> Option<Colour> {
        if q == to {
            Some(colour)
        } else if q == from {
            None
        } else {
            Colour::BOTH.into_iter().find(|c| p.men(*c).contains(q))
        }
    };
    let mut out = BTreeSet::new();
    for from in board.points().filter(|&q| p.men(colour).contains(q)) {
        for dir in Dir::ORTHOGONAL {
            for to in board.ray(from, dir) {
                if owner(to, from, from).is_some() {
                    break;
                }
                let mut taken = Vec::new();
                for d in Dir::ORTHOGONAL {
                    let mut run = Vec::new();
                    for q in board.ray(to, d) {
                        match owner(q, from, to) {
                            Some(c) if c != colour => run.push(rules.name(q).to_string()),
                            Some(_) => {
                                taken.append(&mut run);
                                break;
                            }
                            None => break,
                        }
                    }
                }
                taken.sort();
                out.insert((format!("{}-{}", rules.name(from), rules.name(to)), taken));
            }
        }
    }
    out
}

#[test]
fn random_games_of_every_size_agree_with_the_reference() {
    for (w, h) in [
        (3, 3),
        (3, 7),
        (5, 4),
        (8, 8),
        (9, 9),
        (11, 11),
        (17, 17),
        (17, 18),
        (19, 19),
        (26, 5),
    ] {
        let rules = MigMang::new(w, h, false);
        for seed in 0..3 {
            let mut rng = SplitMix::new(seed);
            let mut p = rules.start_position();
            for ply in 0..300 {
                let text = rules.write_position(&p);
                assert_eq!(
                    rules.parse_position(&text).as_ref(),
                    Ok(&p),
                    "{w}x{h} {text}"
                );
                let moves = rules.legal_moves(&p);
                let ours: BTreeSet<(String, Vec<String>)> = moves
                    .iter()
                    .map(|m| {
                        let mut taken: Vec<String> =
                            converted(&rules, m).into_iter().flatten().collect();
                        taken.sort();
                        (
                            format!("{}-{}", rules.name(m.from), rules.name(m.to)),
                            taken,
                        )
                    })
                    .collect();
                assert_eq!(
                    ours,
                    reference_moves(&rules, &p),
                    "{w}x{h} seed {seed} ply {ply}"
                );
                assert_eq!(moves.is_empty(), rules.outcome(&p).is_some());
                if moves.is_empty() {
                    break;
                }
                // Prefer captures, so that the games convert a lot.
                let captures: Vec<&Move> = moves.iter().filter(|m| m.captures()).collect();
                let mv = if !captures.is_empty() && rng.below(2) == 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let token = rules.parse_token(&rules.write(&mv)).unwrap();
                assert_eq!(rules.resolve(&p, &token), Ok(mv));
                let total = p.count(B) + p.count(W);
                rules.play(&mut p, &mv);
                assert_eq!(p.count(B) + p.count(W), total, "R4");
            }
        }
    }
}

/// A random game on a `w × h` board as record text with its `[Board]` tag, and the
/// position before each ply.
fn random_record(w: u8, h: u8, seed: u64, plies: usize) -> (String, Vec<Position>, Vec<Move>) {
    let rules = MigMang::new(w, h, false);
    let mut rng = SplitMix::new(seed);
    let mut p = rules.start_position();
    let (mut before, mut moves, mut words) = (Vec::new(), Vec::new(), Vec::new());
    while moves.len() < plies && rules.outcome(&p).is_none() {
        let legal = rules.legal_moves(&p);
        let mv = legal[rng.below(legal.len())];
        if moves.len() % 2 == 0 {
            words.push(format!("{}.", moves.len() / 2 + 1));
        }
        words.push(rules.write(&mv));
        before.push(p.clone());
        moves.push(mv);
        rules.play(&mut p, &mv);
    }
    let result = rules.outcome(&p).map_or("*", |o| o.result.as_str());
    let text = format!(
        "[Game \"mig-mang\"]\n[Board \"{w}x{h}\"]\n\n{} {result}\n",
        words.join(" ")
    );
    (text, before, moves)
}

#[test]
fn random_records_of_every_size_replay_and_broken_ones_fail_at_their_ply() {
    for (i, (w, h)) in [(3, 3), (4, 6), (8, 8), (9, 9), (13, 11), (17, 17), (19, 19)]
        .into_iter()
        .enumerate()
    {
        let rules = MigMang::new(w, h, false);
        let (text, before, moves) = random_record(w, h, i as u64, 200);
        let r = replay(&text);
        assert!(r.is_valid(), "{w}x{h}: {:?}\n{text}", r.errors);
        assert_eq!(r.plies as usize, moves.len());
        // Break one move in three ways, at a ply that depends on the board.
        let ply = moves.len() / 2;
        let mv = moves[ply];
        let quiet = moves
            .iter()
            .enumerate()
            .skip(ply)
            .find(|(_, m)| !m.captures())
            .map(|(k, m)| (k, rules.write(m)));
        let tokens: Vec<&str> = text.lines().nth(3).unwrap().split(' ').collect();
        let token_index = |ply: usize| ply + ply / 2 + 1;
        let broken = |ply: usize, replacement: String, code: ErrorCode| {
            let mut t = tokens.clone();
            t[token_index(ply)] = &replacement;
            let record = format!(
                "[Game \"mig-mang\"]\n[Board \"{w}x{h}\"]\n\n{}\n",
                t.join(" ")
            );
            let r = replay(&record);
            assert_eq!(codes(&r), [code], "{w}x{h} ply {ply}: {record}");
            assert_eq!(r.errors[0].ply, Some(ply as u32 + 1));
            assert_eq!(r.errors[0].written.as_deref(), Some(replacement.as_str()));
        };
        // The opponent's piece moves instead (R1).
        let enemy = before[ply]
            .men(before[ply].to_move.opponent())
            .iter()
            .next()
            .unwrap();
        broken(
            ply,
            format!("{}-{}", rules.name(enemy), rules.name(mv.to)),
            ErrorCode::Illegal,
        );
        // A point off the board.
        broken(
            ply,
            format!("{}-{}{}", rules.name(mv.from), char::from(b'a' + w), 1),
            ErrorCode::Notation,
        );
        // A quiet move marked as a capture.
        if let Some((k, quiet)) = quiet {
            broken(k, format!("{quiet}x"), ErrorCode::WrongMark);
        }
    }
}

#[test]
fn position_strings_may_list_the_points() {
    let rules = mig_mang();
    let p = rules
        .parse_position("black:e9,k9,h12,h4 white:f9,g9,i9,j9,h10,h11 b")
        .unwrap();
    assert_eq!(
        p,
        at(
            &rules,
            &["e9", "k9", "h12", "h4"],
            &["f9", "g9", "i9", "j9", "h10", "h11"],
            B
        )
    );
    assert_eq!(
        rules.write_position(&p),
        "17/17/17/17/17/7b9/7w9/7w9/4bww1wwb6/17/17/17/17/7b9/17/17/17 b"
    );
    assert!(
        rules.parse_position("White:a1 Black:- w").is_err(),
        "black has no piece"
    );
    assert!(rules.parse_position("white:a1 black:q17 w").is_ok());
    let err = |t: &str| rules.parse_position(t).unwrap_err();
    assert_eq!(
        err("black:r5 white:a1 b"),
        "field black: \"r5\" is not a point of the 17x17 board"
    );
    assert_eq!(err("black:a5 white:a5 b"), "field white: a5 is given twice");
    assert_eq!(err("black:a5 black:a6 b"), "field black is given twice");
    assert_eq!(
        err("black:a5 white:a6"),
        "field 3 (the side to move) is missing: add b or w"
    );
    assert_eq!(
        err("black:a5 white:a6 b x"),
        "unexpected \"x\" after the side to move: a position has 3 fields"
    );
}

#[test]
fn r1_r2_refusals_say_their_kind_and_rule_as_data() {
    let rules = mig_mang();
    let start = rules.start_position();
    let point = |p: &str| p.to_string();
    let cases = [
        ("a2-b2", IllegalKind::NotYours { point: point("a2") }, "R1"),
        ("h8-h9", IllegalKind::NoPiece { point: point("h8") }, "R1"),
        ("b17-b1", IllegalKind::Occupied { point: point("b1") }, "R2"),
        ("b17-c16", IllegalKind::Other, "R2"),
    ];
    for (text, kind, rule) in cases {
        assert_eq!(
            kind_and_rule(&refusal(&rules, &start, text)),
            (kind, Some(rule)),
            "{text}"
        );
    }
}
