//! Tests: every worked example of §7 (exact move sets and scores), one per rule, the
//! notation, the position string and the options.

use super::*;
use crate::games::testing::{error, legal, play};

fn configured(tags: &[(&str, &str)]) -> Result<Pasang, SetupError> {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    Pasang::configure(&Setup::new(&Pasang::GAMES[0], &tags, &[]))
}

fn emas() -> Pasang {
    configured(&[]).unwrap()
}

fn played(r: &Pasang, tokens: &[&str]) -> Position {
    let mut p = r.start_position();
    for t in tokens {
        play(r, &mut p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    p
}

fn sq(name: &str) -> Sq {
    let file = i32::from(name.as_bytes()[0] - b'a' + 1);
    Sq::at(file, name[1..].parse().unwrap()).unwrap()
}

/// First's score points for taking each half-file in the start position.
fn file_values(r: &Pasang) -> Vec<u32> {
    (1..=11u8)
        .map(|f| {
            (1..=5)
                .map(|rank| {
                    r.start_position()
                        .get(Sq::at(i32::from(f), rank).unwrap())
                        .value()
                })
                .sum()
        })
        .collect()
}

// ---- §7: the worked examples ----

#[test]
fn ex1_default_setup() {
    let r = emas();
    let p = r.start_position();
    // Full, balanced and unchanged by a half-turn: the checks of §2, which
    // `configure` leaves out for this setup.
    assert_eq!(p.stones(), (60, 60));
    assert!(position::symmetries(&p.cells)[0]);
    assert_eq!(file_values(&r), [10, 9, 8, 7, 6, 5, 10, 9, 8, 7, 6]);
    assert_eq!(p.get(sq("f6")), Cell::Centre);
    assert_eq!(
        legal(&r, &p),
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]
    );
}

#[test]
fn ex2_the_seeds_opening() {
    let r = emas();
    let p = played(&r, &["c"]);
    assert_eq!(p.scores, [8, 0]);
    assert_eq!(legal(&r, &p), ["g", "h", "i", "j", "k"]);
    assert_eq!(
        error(&r, &p, "b"),
        "illegal move: Second cannot open file b: it must take one of g-k, the sector \
         diagonally opposite First's file c (E2)"
    );
    let p = played(&r, &["c", "j"]);
    assert_eq!(p.scores, [8, 9]);
}

#[test]
fn ex3_entering_the_kas() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6"]);
    assert_eq!(p.scores, [11, 9]);
    assert_eq!(p.get(sq("c4")), Cell::Ka(Player::First));
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7"]);
    assert_eq!(p.scores, [11, 15]);
    for cell in ["g7", "h7", "i7"] {
        assert_eq!(p.get(sq(cell)), Cell::Empty, "{cell}");
    }
    // Had First entered with b1-c1, three lines would be valid: the x part is needed.
    let p = played(&r, &["c", "j"]);
    let e = r.resolve(&p, &r.parse_token("b1-c1").unwrap()).unwrap_err();
    let MoveError::Ambiguous { mut candidates } = e else {
        panic!("{e}")
    };
    candidates.sort();
    assert_eq!(candidates, ["b1-c1xa1", "b1-c1xc6", "b1-c1xd1"]);
    for (x, points) in [("xa1", 2), ("xd1", 3), ("xc6", 3)] {
        let mut q = p.clone();
        play(&r, &mut q, &format!("b1-c1{x}")).unwrap();
        assert_eq!(q.scores[0], 8 + points, "{x}");
    }
    // The x part may be left out where one valid line exists, and the whole line
    // may be listed.
    let mut q = p.clone();
    let mv = play(&r, &mut q, "b4-c4").unwrap();
    assert_eq!(r.write_move(&p, &mv), "b4-c4xc6");
    let mut q = p.clone();
    play(&r, &mut q, "b4-c4xc8,c6,c7").unwrap();
    assert_eq!(q.scores, [11, 9]);
}

#[test]
fn ex4_right_angle_captures() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7"]);
    assert_eq!(
        legal(&r, &p),
        ["c4-b4xb3", "c4-c2xd2", "c4-c3xd3", "c4-c6xb6", "c4-c7xb7"]
    );
    let scores = |t: &str| {
        let mut q = p.clone();
        play(&r, &mut q, t).unwrap();
        q.scores[0] - 11
    };
    assert_eq!(scores("c4-b4xb2"), 6);
    assert_eq!(scores("c4-c6"), 9);
    assert_eq!(scores("c4-c7xa7"), 3);
    assert_eq!(scores("c4-c3"), 3);
    assert_eq!(scores("c4-c2"), 3);
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7", "c4-c7xa7"]);
    assert_eq!(p.scores, [14, 15]);
    let mut q = p.clone();
    play(&r, &mut q, "j7-k7xk2").unwrap();
    assert_eq!(q.scores, [14, 20]);
    // The white run k8-k11 is even: not valid.
    assert_eq!(
        error(&r, &p, "j7-k7xk9"),
        "illegal move: the line of k9 is k8, k9, k10, k11 (4 W): an even line cannot be captured (E7)"
    );
}

#[test]
fn ex5_losing_while_ahead() {
    let r = emas();
    let before = played(&r, &["f", "b"]);
    assert_eq!(before.scores, [5, 7]);
    let mut q = before.clone();
    play(&r, &mut q, "g5-f5xa5").unwrap();
    assert_eq!(q.scores[0], 15, "the rank alternative gives 10");
    let mut p = before.clone();
    play(&r, &mut p, "g5-f5xf7").unwrap();
    assert_eq!(p.scores, [10, 7]);
    play(&r, &mut p, "c11-b11xb6").unwrap();
    assert_eq!(p.scores, [10, 8]);
    play(&r, &mut p, "f5-g5xg6").unwrap();
    assert_eq!(p.scores, [11, 8]);
    let mut q = p.clone();
    play(&r, &mut q, "b11-b10xc10").unwrap();
    assert_eq!(q.scores, [11, 14], "xc10 would give 6");
    play(&r, &mut p, "b11-b10xa10").unwrap();
    assert_eq!(p.scores, [11, 9]);
    assert!(legal(&r, &p).is_empty());
    let outcome = r.outcome(&p).unwrap();
    assert_eq!(outcome.result, GameResult::SecondWins);
    assert_eq!(
        outcome.reason,
        "First has no legal turn while stones remain, and loses whatever the score 11:9 (E10b)"
    );
}

const BELL_SETUP: &str = "...B.W.B.BW/.........../.........../.........../....###..../....###..../....###..../.........../.........../.........../WB.B.W.B...";

fn bell() -> Pasang {
    configured(&[("Rules", "bell"), ("Setup", BELL_SETUP)]).unwrap()
}

#[test]
fn ex6_bell() {
    let r = bell();
    let start = r.start_position();
    assert_eq!(legal(&r, &start), ["xa1", "xk11"]);
    let p = played(&r, &["xk11"]);
    assert_eq!(p.scores, [2, 0]);
    let mut q = p.clone();
    play(&r, &mut q, "a1-c1-e1-g1").unwrap();
    assert_eq!(q.scores, [2, 4]);
    assert!(error(&r, &p, "a1-c1-e1-g1-i1").contains("must be odd (B3)"));
    let mut one = p.clone();
    play(&r, &mut one, "a1-c1").unwrap();
    assert_eq!(one.scores, [2, 1]);
    // First's replies: h1-f1 takes g1 (W) and ends the game 4:4; g1-i1 takes h1: 3:4.
    let mut draw = q.clone();
    play(&r, &mut draw, "h1-f1").unwrap();
    assert_eq!(draw.scores, [4, 4]);
    let o = r.outcome(&draw).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (GameResult::Draw, "no jump is left (B4): 4:4, a draw")
    );
    let mut lose = q.clone();
    play(&r, &mut lose, "g1-i1").unwrap();
    assert_eq!(lose.scores, [3, 4]);
    assert_eq!(r.outcome(&lose).unwrap().result, GameResult::SecondWins);
}

// ---- the rules ----

#[test]
fn e1_first_may_take_any_file_and_opening_free_lifts_e2() {
    let r = configured(&[("Opening", "free")]).unwrap();
    let p = played(&r, &["c"]);
    assert_eq!(legal(&r, &p).len(), 11);
    let r = emas();
    let p = played(&r, &["f"]);
    assert_eq!(
        legal(&r, &p),
        ["a", "b", "c", "d", "e", "g", "h", "i", "j", "k"]
    );
    let p = played(&r, &["h"]);
    assert_eq!(legal(&r, &p), ["a", "b", "c", "d", "e"]);
}

#[test]
fn e3_entry_slide_and_jump() {
    let r = emas();
    let p = played(&r, &["c", "j"]);
    assert!(error(&r, &p, "a4-c4").contains("(Entry slide)"));
    assert!(error(&r, &p, "b4-d4").contains("not d4 (E3)"));
    assert!(error(&r, &p, "b7-c7").contains("passage c1-c5"));
    let r = configured(&[("Entry", "jump")]).unwrap();
    let p = played(&r, &["c", "j"]);
    let moves = legal(&r, &p);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with('a') || m.starts_with('e')),
        "{moves:?}"
    );
    let mut q = p.clone();
    play(&r, &mut q, &moves[0]).unwrap();
    // The jumped stone stays.
    let from_file = moves[0].as_bytes()[0];
    let middle = Sq::at(
        if from_file == b'a' { 2 } else { 4 },
        i32::from(moves[0].as_bytes()[1] - b'0'),
    )
    .unwrap();
    assert!(q.get(middle).is_stone());
}

// ---- decision 5: the short-jump method, by default only the way a KA enters ----

/// First's KA on a1 beside stones b1, d1 and e2; Second's KA on a2.
const KA_JUMPS: &str = ".........../.........../.........../.........../.........../.....#...../.........../.........../.........../k...W....../KW.B.......";

#[test]
fn d5_by_default_the_short_jump_only_enters_the_ka_and_lines_are_captured() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6"]);
    // Phase 3 captures lines at right angles (E6), never by jumping.
    assert_eq!(legal(&r, &p).iter().filter(|m| !m.contains('x')).count(), 0);
    assert!(error(&r, &p, "h7-j7").contains("(E3)"));
    let r = configured(&[("Entry", "jump")]).unwrap();
    let p = played(&r, &["c", "j", "a4-c4xc6"]);
    assert_eq!(p.scores, [11, 9], "the jumped b4 stays, c6-c8 are taken");
    assert!(p.get(sq("b4")).is_stone());
}

#[test]
fn d5_capture_jump_enters_by_a_short_jump_that_captures() {
    let r = configured(&[("Capture", "jump")]).unwrap();
    let p = played(&r, &["c", "j"]);
    assert_eq!(
        legal(&r, &p),
        [
            "a1-c1", "a2-c2", "a3-c3", "a4-c4", "a5-c5", "e1-c1", "e2-c2", "e3-c3", "e4-c4",
            "e5-c5"
        ]
    );
    let q = played(&r, &["c", "j", "a4-c4"]);
    assert_eq!(q.scores, [10, 9], "b4 (W) is captured");
    assert_eq!(q.get(sq("b4")), Cell::Empty);
    assert_eq!(q.ka(Player::First), Some(sq("c4")));
    assert!(error(&r, &p, "b4-c4").contains("(Capture jump)"));
    assert!(error(&r, &p, "a4-c4xc6").contains("(Capture jump)"));
    // Second enters too; then First's KA on c4 has no jump: it loses (E10b).
    let q = played(&r, &["c", "j", "a4-c4", "h7-j7"]);
    assert_eq!(r.outcome(&q).unwrap().result, GameResult::SecondWins);
    // Entry slide contradicts the method; Entry jump is what it means.
    assert!(configured(&[("Capture", "jump"), ("Entry", "slide")]).is_err());
    assert!(configured(&[("Capture", "jump"), ("Entry", "jump")]).is_ok());
}

#[test]
fn d5_capture_jump_the_ka_makes_an_odd_chain_of_short_jumps_all_game() {
    let r = configured(&[("Capture", "jump")]).unwrap();
    let p = r.parse_position(&format!("{KA_JUMPS} 1 10:9 c,j")).unwrap();
    assert_eq!(legal(&r, &p), ["a1-c1", "a1-c1-e1-e3"]);
    assert!(error(&r, &p, "a1-c1-e1").contains("2 jumps"));
    assert!(error(&r, &p, "a1-c1-e1").contains("(C3)"));
    // A KA is never jumped (E3: it is never captured).
    assert!(error(&r, &p, "a1-a3").contains("not a jump"));
    // Only the KA jumps.
    assert!(error(&r, &p, "b1-d1").contains("KA"));
    // A short form names the one chain ending there.
    let mut q = p.clone();
    let mv = play(&r, &mut q, "a1-e3").unwrap();
    assert_eq!(r.write_move(&p, &mv), "a1-c1-e1-e3");
    assert_eq!(q.scores, [15, 9]);
    assert_eq!(
        r.outcome(&q).unwrap().reason,
        "no stone is left (E10a): 15:9, First wins"
    );
    // By default the same position plays lines, and a1-c1 is no KA move (E5).
    let plain = emas();
    let p = plain
        .parse_position(&format!("{KA_JUMPS} 1 10:9 c,j"))
        .unwrap();
    assert!(error(&plain, &p, "a1-c1").contains("(E5)"));
}

#[test]
fn d5_capture_jump_a_short_form_past_the_search_budget_is_refused_in_one_line() {
    // First's KA on a1 among white stones on every cell with an even file or rank:
    // its chains are the trails of the grid of empty cells, countless (issue 23).
    let rows: Vec<String> = (1..=11u8)
        .rev()
        .map(|rank| {
            (1..=11u8)
                .map(|file| match (file, rank) {
                    (1, 1) => 'K',
                    (11, 11) => 'k',
                    (6, 6) => '#',
                    _ if file % 2 == 0 || rank % 2 == 0 => 'W',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let r = configured(&[("Capture", "jump")]).unwrap();
    let p = r
        .parse_position(&format!("{} 1 10:9 c,j", rows.join("/")))
        .unwrap();
    let e = error(&r, &p, "a1-k1");
    assert!(
        e.starts_with("move not checked: the chains of the KA on a1"),
        "{e}"
    );
    assert!(e.len() < 300, "{e}");
    // Written with every landing, a chain is followed, not searched.
    let mut q = p.clone();
    play(&r, &mut q, "a1-c1-e1-g1").unwrap();
    assert_eq!(q.scores, [16, 9]);
}

#[test]
fn d5_capture_is_an_option_tgn_games_lists() {
    let spec = Pasang::OPTIONS
        .iter()
        .find(|o| o.name == "capture")
        .unwrap();
    let values = match spec.kind {
        crate::games::OptionKind::Choice { values, .. } => values,
        _ => panic!("capture is a choice"),
    };
    assert_eq!(values, ["approach", "jump"]);
    assert!(spec.help.contains("decision 5"));
}

#[test]
fn e5_the_ka_crosses_empty_cells_only() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7"]);
    assert!(error(&r, &p, "c4-c9").contains("lands on c9"));
    assert!(error(&r, &p, "c4-d5").contains("neither (E5)"));
    assert!(error(&r, &p, "b3-b4").contains("only the KA moves"));
    assert!(
        error(&r, &p, "c4-c5xb5").contains("E9"),
        "{}",
        error(&r, &p, "c4-c5xb5")
    );
}

#[test]
fn e6_right_angle_rule_is_enforced() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7"]);
    // c4-b4 moves along the rank: a4 lies along the rank too, not along file b.
    let e = error(&r, &p, "c4-b4xa4");
    assert_eq!(
        e,
        "illegal move: after a move along the rank the captured line must lie along file b (E6)"
    );
}

#[test]
fn e7_lines_skip_gaps_and_the_centre_and_stop_at_a_ka() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6", "k7-j7xi7"]);
    // c4-c6: nine B of rank 6, read across the centre, the KA inside.
    let mut q = p.clone();
    let mv = play(&r, &mut q, "c4-c6").unwrap();
    let Move::Ka { line, .. } = &mv else { panic!() };
    assert_eq!(line.stones.len(), 9);
    assert!(line.split);
    // A KA stops a run: Second's KA on j7 ends rank 7 for the line from c7 (d7 only).
    let Move::Ka { line, .. } = r.resolve(&p, &r.parse_token("c4-c7xd7").unwrap()).unwrap() else {
        panic!()
    };
    assert_eq!(notation::join(&line.sorted(), ","), "a7,b7,d7");
}

#[test]
fn e8_a_line_is_taken_whole() {
    let r = emas();
    let p = played(&r, &["c", "j"]);
    assert_eq!(
        error(&r, &p, "b4-c4xc6,c7"),
        "illegal move: xc6,c7 is only part of the line c6, c7, c8 (3 B): a line is taken whole (E8)"
    );
    assert!(error(&r, &p, "b4-c4xc6,c6").contains("listed twice"));
    assert!(error(&r, &p, "b4-c4xc6,c7,c8,c9").contains("not a line"));
}

#[test]
fn e10a_no_stone_left_ends_on_points() {
    let r = emas();
    let text = format!(
        "{} 2 90:88 c,j",
        ".........../.........../.........../.........../.........../.....#...../.........../.........../.........../..K...k..../..........."
    );
    let p = r.parse_position(&text).unwrap();
    let o = r.outcome(&p).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (
            GameResult::FirstWins,
            "no stone is left (E10a): 90:88, First wins"
        )
    );
}

#[test]
fn b1_corner_only_at_first() {
    let r = bell();
    let p = r.start_position();
    assert!(error(&r, &p, "a1-c1").contains("(B1)"));
    assert!(error(&r, &p, "xb1").contains("not a corner"));
    assert!(error(&r, &p, "xk1").contains("holds no stone"));
    let p = played(&r, &["xa1"]);
    assert!(error(&r, &p, "xk11").contains("only First's first turn"));
}

/// A bell setup, symmetric by a left-right mirror, with jumps (b1 over c1, c1 over
/// b1, and their mirror images) but no stone on a corner.
const NO_CORNER: &str = ".........../.........../.........../.........../....###..../....###..../....###..../.........../.........../.........../.WB.....BW.";

#[test]
fn b1_a_setup_without_a_corner_stone_is_refused_not_drawn() {
    // Issue 26: it ended at once, 0:0, although jumps exist; the first turn has no
    // legal move at all, so the setup is not a bell start.
    let e = configured(&[("Rules", "bell"), ("Setup", NO_CORNER)]).unwrap_err();
    assert_eq!(e.option.as_deref(), Some("setup"));
    assert!(
        e.message.contains("a1, k1, a11 and k11 are empty"),
        "{}",
        e.message
    );
    assert!(e.message.contains("(B1)"), "{}", e.message);
    // The same board as a position string: refused while the corner turn is to come,
    // played from once it is over.
    let r = bell();
    let e = r
        .parse_position(&format!("{NO_CORNER} 1 0:0 corner"))
        .unwrap_err();
    assert!(e.contains("(B1)"), "{e}");
    let p = r.parse_position(&format!("{NO_CORNER} 2 2:0 -")).unwrap();
    assert_eq!(r.outcome(&p), None);
    assert_eq!(legal(&r, &p), ["b1-d1", "c1-a1", "i1-k1", "j1-h1"]);
}

#[test]
fn b2_b3_short_forms_and_stops() {
    let r = bell();
    let p = played(&r, &["xk11"]);
    // a1-g1 names the three-jump chain; a1-e1 (two jumps) is even.
    let mut q = p.clone();
    let mv = play(&r, &mut q, "a1-g1").unwrap();
    assert_eq!(r.write_move(&p, &mv), "a1-c1-e1-g1");
    assert!(error(&r, &p, "a1-c1-e1").contains("2 jumps"));
    assert!(error(&r, &p, "a1-b1").contains("a1-b1 is not a jump"));
    assert!(error(&r, &p, "c1-e1").contains("holds no stone"));
}

// ---- options, notation, position string ----

#[test]
fn setups_are_checked() {
    assert!(
        configured(&[("Rules", "bell")])
            .unwrap_err()
            .message
            .contains("no default setup")
    );
    let lopsided = DEFAULT_SETUP.replacen("WWWWWBBBBBW", "WWWWWBBBBBB", 1);
    assert!(
        configured(&[("Setup", &lopsided)])
            .unwrap_err()
            .message
            .contains("59 W and 61 B")
    );
    // Swap two cells: same counts, no half-turn symmetry. A warning, an error if strict.
    let swapped = DEFAULT_SETUP.replacen("WWWWWBBBBBW", "WWWWBWBBBBW", 1);
    let r = configured(&[("Setup", &swapped)]).unwrap();
    assert_eq!(
        r.setup_warnings(),
        ["the setup is not unchanged by a half-turn (§2)"]
    );
    assert!(configured(&[("Setup", &swapped), ("Strict", "yes")]).is_err());
    assert!(
        configured(&[("Setup", "WWW")])
            .unwrap_err()
            .message
            .contains("11 ranks")
    );
    let holed = DEFAULT_SETUP.replacen('#', "W", 1);
    assert!(
        configured(&[("Setup", &holed)])
            .unwrap_err()
            .message
            .contains("must be '#'")
    );
    // A bell setup symmetric only by a left-right mirror is fine.
    let mirror = "W.........W/.........../.........../.........../....###..../....###..../....###..../.........../.........../.........../BW.......WB";
    assert!(configured(&[("Rules", "bell"), ("Setup", mirror), ("Strict", "yes")]).is_ok());
    assert!(configured(&[("Centre", "3")]).is_err());
}

#[test]
fn position_strings_round_trip_and_are_checked() {
    let r = emas();
    let p = played(&r, &["c", "j", "b4-c4xc6"]);
    let text = r.write_position(&p);
    assert!(text.ends_with(" 2 11:9 c,j"), "{text}");
    assert_eq!(r.parse_position(&text).unwrap(), p);
    let start = r.write_position(&r.start_position());
    assert_eq!(start, format!("{DEFAULT_SETUP} 1 0:0 -,-"));
    assert!(
        r.parse_position(&format!("{DEFAULT_SETUP} 2 0:0 -,-"))
            .unwrap_err()
            .contains("First's turn")
    );
    assert!(
        r.parse_position(&format!("{DEFAULT_SETUP} 1 0:0 -,c"))
            .is_err()
    );
    assert!(
        r.parse_position(&format!("{DEFAULT_SETUP} 1 0-0 -,-"))
            .is_err()
    );
    assert!(r.parse_position(&format!("{DEFAULT_SETUP} 1 0:0")).is_err());
    let b = bell();
    let bs = b.write_position(&b.start_position());
    assert!(bs.ends_with(" 1 0:0 corner"));
    assert_eq!(b.parse_position(&bs).unwrap(), b.start_position());
    assert!(b.parse_position(&bs.replace("###", "#K#")).is_err());
}

#[test]
fn tokens_are_read_and_refused() {
    for good in [
        "c",
        "b4-c4xc6",
        "b4-c4",
        "b4-c4xc6,c7,c8",
        "xk11",
        "a1-c1-e1-g1",
        "k11-k9",
    ] {
        assert!(notation::parse_token(good).is_ok(), "{good}");
    }
    for bad in [
        "",
        "l",
        "b4",
        "b4-",
        "b4-c4x",
        "a12-a10",
        "a0-a2",
        "B4-c4",
        "c4-c6xc7,",
    ] {
        assert!(notation::parse_token(bad).is_err(), "{bad}");
    }
}

#[test]
fn describe_gives_captures_and_scores() {
    let r = emas();
    let p = played(&r, &["c", "j"]);
    let mv = r.resolve(&p, &r.parse_token("b4-c4").unwrap()).unwrap();
    let mut after = p.clone();
    r.play(&mut after, &mv);
    assert_eq!(
        r.describe(&p, &mv, &after),
        "First's KA enters c4 from b4 (E3) and captures along file c: c6, c7, c8 (B, B, B = 3 points, E4); score 11:9"
    );
    let state = r.state(&after);
    assert_eq!(state["scores"], serde_json::json!([11, 9]));
    assert_eq!(state["kas"]["first"], "c4");
    assert_eq!(state["phase"], "enter");
}

#[test]
fn random_games_under_every_option() {
    use crate::games::playout::SplitMix;
    let mirror = "WB.BBW.BBW./BWBW.WWBW.B/WW.BBWBB.WW/.B.WW.WW.B./BBWW###WWBB/WB.B###B.BW/BBWW###WWBB/.B.WW.WW.B./WW.BBWBB.WW/BWBW.WWBW.B/WB.BBW.BBW.";
    let configs: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("Entry", "jump")],
        vec![("Opening", "free"), ("Entry", "jump")],
        vec![("Rules", "bell"), ("Setup", mirror)],
        vec![("Capture", "jump")],
    ];
    for tags in configs {
        let r = configured(&tags).unwrap();
        for seed in 0..10 {
            let mut rng = SplitMix::new(seed);
            let mut p = r.start_position();
            let mut plies = 0;
            while r.outcome(&p).is_none() {
                let moves = r.legal_moves(&p);
                assert!(!moves.is_empty());
                let mv = moves[rng.below(moves.len())].clone();
                let text = r.write_move(&p, &mv);
                let back = r
                    .resolve(&p, &r.parse_token(&text).unwrap())
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, mv, "{text}");
                r.play(&mut p, &mv);
                let s = r.write_position(&p);
                assert_eq!(
                    r.parse_position(&s).map(|q| r.write_position(&q)),
                    Ok(s.clone())
                );
                plies += 1;
                assert!(plies < 500);
            }
        }
    }
}

#[test]
fn dense_bell_games_are_quick() {
    use crate::games::playout::SplitMix;
    let dense = "WWBBWWBB.WW/WWWWBWWWBBB/BWBBBBBBWB./BBB.BBWBWWW/WB.W###BWBB/BWWB###BWWB/BBWB###W.BW/WWWBWBB.BBB/.BWBBBBBBWB/BBBWWWBWWWW/WW.BBWWBBWW";
    let r = configured(&[("Rules", "bell"), ("Setup", dense)]).unwrap();
    let started = std::time::Instant::now();
    let mut most = 0;
    for seed in 0..20 {
        let mut rng = SplitMix::new(seed);
        let mut p = r.start_position();
        while r.outcome(&p).is_none() {
            let moves = r.legal_moves(&p);
            most = most.max(moves.len());
            let mv = moves[rng.below(moves.len())].clone();
            r.play(&mut p, &mv);
        }
    }
    eprintln!("dense bell: at most {most} moves, {:?}", started.elapsed());
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn a_written_chain_is_followed_not_searched() {
    // Stones on every cell with exactly one even coordinate, and one on a1: the empty
    // cells of odd file and rank form a grid whose jump trails are countless. A chain
    // written in full, and the end test, never list them.
    let (r, p) = bell_board("3", "2 2:0 -", |file, rank| {
        (file % 2 == 0) != (rank % 2 == 0) || (file, rank) == (1, 1)
    });
    assert!(r.outcome(&p).is_none());
    let mut q = p.clone();
    play(&r, &mut q, "a1-c1-e1-e3").unwrap();
    assert_eq!(q.scores, [2, 6]);
    assert!(error(&r, &p, "a1-c1-e1").contains("must be odd (B3)"));
    assert!(error(&r, &p, "a1-c1-c2").contains("c1-c2 is not a jump"));
    assert_eq!(r.budget.left(), SEARCH_BUDGET);
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
    let bell_setup = "WB.BBW.BBW./BWBW.WWBW.B/WW.BBWBB.WW/.B.WW.WW.B./BBWW###WWBB/WB.B###B.BW/BBWW###WWBB/.B.WW.WW.B./WW.BBWBB.WW/BWBW.WWBW.B/WB.BBW.BBW.";
    let configs: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("Entry", "jump"), ("Opening", "free")],
        vec![("Rules", "bell"), ("Setup", bell_setup)],
        vec![("Capture", "jump")],
    ];
    for tags in configs {
        let r = configured(&tags).unwrap();
        let header: String = tags
            .iter()
            .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
            .collect();
        for seed in 0..8 {
            let mut rng = SplitMix::new(seed);
            let mut p = r.start_position();
            let (mut moves, mut broken) = (Vec::new(), Vec::new());
            while r.outcome(&p).is_none() {
                let legal = r.legal_moves(&p);
                let mv = legal[rng.below(legal.len())].clone();
                let text = r.write_move(&p, &mv);
                // The same move made illegal: a list that is no line, a jump to
                // where the stone already stands, a file that was taken.
                broken.push(match &mv {
                    Move::Ka { from, to, line } => {
                        format!("{from}-{to}x{},{from}", notation::join(&line.stones, ","))
                    }
                    Move::Chain(_) => {
                        let last = text.rsplit('-').next().unwrap().to_string();
                        format!("{text}-{last}")
                    }
                    Move::Corner(_) => "xb1".to_string(),
                    Move::Open(_) => "f6-f7".to_string(),
                });
                moves.push(text);
                r.play(&mut p, &mv);
            }
            let result = r.outcome(&p).unwrap().result;
            let [a, b] = p.scores;
            let record = |moves: &[String], result: &str, score: &str| {
                format!(
                    "[Game \"pasang\"]\n{header}[Score \"{score}\"]\n\n{} {result}",
                    moves.join(" ")
                )
            };
            let score = format!("{a}:{b}");
            assert!(judged(&record(&moves, result.as_str(), &score)).is_empty());
            let k = rng.below(moves.len());
            let mut bad = moves.clone();
            bad[k] = broken[k].clone();
            let errors = judged(&record(&bad, "*", &score));
            assert_eq!(errors.len(), 1, "{:?} {}", errors, bad[k]);
            assert_eq!(errors[0].1, Some(k as u32 + 1), "{}", bad[k]);
            assert!(matches!(errors[0].0, ErrorCode::Illegal), "{:?}", errors);
            let wrong_score = format!("{a}:{}", b + 1);
            assert_eq!(
                judged(&record(&moves, result.as_str(), &wrong_score)),
                [(ErrorCode::Result, None)]
            );
            let mut longer = moves.clone();
            longer.push(moves[moves.len() - 1].clone());
            assert_eq!(
                judged(&record(&longer, "*", &score)),
                [(ErrorCode::AfterEnd, Some(moves.len() as u32 + 1))]
            );
        }
    }
}

/// `Sq::ray` walks the cells `Sq::offset` reaches one step at a time.
#[test]
fn a_ray_is_offset_repeated() {
    for at in Sq::all() {
        for (df, dr) in [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ] {
            let stepped: Vec<Sq> =
                std::iter::successors(at.offset(df, dr), |q| q.offset(df, dr)).collect();
            assert_eq!(
                at.ray(df, dr).collect::<Vec<_>>(),
                stepped,
                "{at} {df} {dr}"
            );
        }
    }
}

// ---- bell short forms on crowded boards (issue 23) ----

/// A bell position (`rest`: the player to move, the scores, `-`) of white stones
/// where `stone(file, rank)` says, the centre `centre` (1 or 3) apart.
fn bell_board(centre: &str, rest: &str, stone: impl Fn(u8, u8) -> bool) -> (Pasang, Position) {
    let centre_cells = if centre == "3" {
        Centre::Three
    } else {
        Centre::One
    };
    let rows: Vec<String> = (1..=11u8)
        .rev()
        .map(|rank| {
            (1..=11u8)
                .map(|file| {
                    if centre_cells.contains(Sq::at(i32::from(file), i32::from(rank)).unwrap()) {
                        '#'
                    } else if stone(file, rank) {
                        'W'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let fen = format!("{} {rest}", rows.join("/"));
    let r = configured(&[("Rules", "bell"), ("Centre", centre), ("FEN", &fen)]).unwrap();
    let p = r.parse_position(&fen).unwrap();
    (r, p)
}

/// White stones on every cell with an even file or rank within `files` × `ranks`
/// and on a1: a1's chains are the trails of the grid of empty cells of odd file and
/// rank, countless on the whole board (issue 23).
fn crowded(files: u8, ranks: u8, centre: &str) -> (Pasang, Position) {
    bell_board(centre, "1 0:0 -", |file, rank| {
        (file <= files && rank <= ranks && (file % 2 == 0 || rank % 2 == 0))
            || (file, rank) == (1, 1)
    })
}

#[test]
fn b3_a_short_form_no_odd_chain_can_match_is_refused_without_a_search() {
    // The record of issue 23: `a1-a1` made the search list every chain of a1.
    let (r, p) = crowded(11, 11, "1");
    // Back to its cell, or to a cell of odd distance: an even number of jumps (B3).
    for text in ["a1-a1", "a1-e1", "a1-c3", "a1-k11"] {
        assert!(error(&r, &p, text).contains("is not a jump"), "{text}");
    }
    // A cell of another parity is never reached by jumps.
    assert!(error(&r, &p, "a1-d1").contains("a1-d1 is not a jump"));
    assert_eq!(r.budget.left(), SEARCH_BUDGET);
}

#[test]
fn b2_an_ambiguous_short_form_names_ten_chains_and_counts_the_others() {
    let (r, p) = crowded(7, 7, "1");
    let every: Vec<String> = r
        .chains(&p, Some(sq("a1")))
        .iter()
        .filter(|c| c.to().0 == u16::from(sq("e3").0))
        .map(rules::chain_text)
        .collect();
    assert!(every.len() > 20, "{}", every.len());
    let Err(MoveError::Ambiguous { candidates }) = r.resolve(&p, &r.parse_token("a1-e3").unwrap())
    else {
        panic!("a1-e3 is ambiguous");
    };
    assert_eq!(candidates.len(), 11);
    assert!(candidates[..10].iter().all(|c| every.contains(c)));
    assert_eq!(candidates[10], format!("and {} more", every.len() - 10));
}

/// The crowded board of issue 23 with a budget of `jumps`, less than a game's.
fn crowded_with_budget(centre: &str, jumps: u64) -> (Pasang, Position) {
    let (mut r, p) = crowded(11, 11, centre);
    r.budget = short_form::Budget::of(jumps);
    (r, p)
}

#[test]
fn b2_a_short_form_past_the_search_budget_names_ten_chains_and_at_least_the_rest() {
    // `a1-k1` of issue 23: with the 3 x 3 centre, 6.9 MB of chains were listed; with
    // the 1 x 1 centre, the search grew to 23 GB.
    for centre in ["1", "3"] {
        let (r, p) = crowded(11, 11, centre);
        let e = error(&r, &p, "a1-k1");
        assert!(e.starts_with("ambiguous move: it matches a1-"), "{e}");
        assert!(e.contains("and at least "), "{e}");
        assert!(
            e.contains(&format!("budget of {SEARCH_BUDGET} jumps")),
            "{e}"
        );
        assert!(e.len() < 2_000, "{} bytes", e.len());
        assert_eq!(r.budget.left(), 0);
    }
}

#[test]
fn b2_a_short_form_the_budget_cannot_tell_is_refused() {
    let (r, p) = crowded_with_budget("1", 300_000);
    let e = error(&r, &p, "a1-k1");
    assert!(
        e.contains("too many to tell which one a1-k1 names")
            && e.contains("one found so far is a1-a3-a5-a7-a9-a11-"),
        "{e}"
    );
    assert_eq!(r.budget.left(), 0);
    // The game's budget is spent: the next short form is refused at once, and a
    // chain written in full is still followed.
    let e = error(&r, &p, "a1-e3");
    assert!(e.contains("none found so far ends on e3"), "{e}");
    let mut q = p.clone();
    play(&r, &mut q, "a1-c1-e1-e3").unwrap();
}

#[test]
fn b2_a_short_form_cut_by_the_budget_claims_no_chain_it_did_not_see() {
    let mut perhaps = 0;
    for jumps in 1..300 {
        let (mut r, p) = crowded(7, 7, "1");
        r.budget = short_form::Budget::of(jumps);
        let e = error(&r, &p, "a1-e3");
        assert!(!e.contains("at least 0"), "{e}");
        perhaps += usize::from(e.contains("and perhaps more (the search stopped"));
    }
    assert!(perhaps > 0);
}
