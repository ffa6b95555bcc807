//! Tests of the mill engine: the board, the notation, one test per rule (named after
//! it), every worked example of `morabaraba.md` §6, the options, the position string.

use super::moves::{Action, Victims};
use super::*;
use crate::games::{GameResult, Rule};

fn engine(id: &str, tags: &[(&str, &str)]) -> Mill {
    let info = Mill::GAMES
        .iter()
        .find(|g| g.id == id)
        .expect("a mill game");
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Mill::configure(&Setup::new(info, &tags, &[])).expect("valid options")
}

fn morabaraba() -> Mill {
    engine(MORABARABA, &[])
}

fn nmm() -> Mill {
    engine(NINE_MENS_MORRIS, &[])
}

fn fen(m: &Mill, text: &str) -> Position {
    m.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Parses and resolves one token.
fn try_token(m: &Mill, p: &Position, text: &str) -> Result<Move, MoveError> {
    let token = m
        .parse_token(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    m.resolve(p, &token)
}

/// Plays space-separated tokens, panicking on the first that fails.
fn play(m: &Mill, mut p: Position, moves: &str) -> Position {
    for text in moves.split_whitespace() {
        assert!(m.outcome(&p).is_none(), "{text} after the end");
        let mv = try_token(m, &p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        m.play(&mut p, &mv);
    }
    p
}

/// The error of the last token after playing the others.
fn error_of(m: &Mill, p: Position, moves: &str) -> MoveError {
    let mut texts: Vec<&str> = moves.split_whitespace().collect();
    let last = texts.pop().expect("a move");
    let p = play(m, p, &texts.join(" "));
    try_token(m, &p, last).expect_err(last)
}

/// The sentence of an illegal move with the rule it cites, as the message ends.
fn illegal(e: MoveError) -> String {
    match e {
        MoveError::Illegal { .. } => e.to_string()["illegal move: ".len()..].to_string(),
        other => panic!("expected an illegal move, got {other}"),
    }
}

fn points(m: &Mill, mask: u32) -> Vec<String> {
    geometry::spots(mask)
        .map(|s| m.config.board.name(s))
        .collect()
}

fn spot(m: &Mill, name: &str) -> geometry::Spot {
    m.config.board.parse_name(name).expect("a point")
}

// ---------------------------------------------------------------------------------
// Section 1: the board.

const SPEC_MILLS: [&str; 20] = [
    "a1 d1 g1", "g1 g4 g7", "a7 d7 g7", "a1 a4 a7", "b2 d2 f2", "f2 f4 f6", "b6 d6 f6", "b2 b4 b6",
    "c3 d3 e3", "e3 e4 e5", "c5 d5 e5", "c3 c4 c5", "d1 d2 d3", "a4 b4 c4", "e4 f4 g4", "d5 d6 d7",
    "a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5",
];

fn mill_names(m: &Mill) -> Vec<String> {
    let board = m.config.board;
    let mut names: Vec<String> = board.mills().iter().map(|&x| board.mill_name(x)).collect();
    names.sort();
    names
}

#[test]
fn board_has_the_20_mills_of_the_spec() {
    let mut expected: Vec<String> = SPEC_MILLS.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(mill_names(&morabaraba()), expected);
}

#[test]
fn nine_mens_morris_has_16_mills_without_diagonals() {
    let mut expected: Vec<String> = SPEC_MILLS[..16].iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(mill_names(&nmm()), expected);
}

#[test]
fn adjacency_has_40_edges_and_32_without_diagonals() {
    for (m, edges, corner_degree) in [(morabaraba(), 40, 3), (nmm(), 32, 2)] {
        let board = m.config.board;
        let degrees: Vec<u32> = geometry::spots(board.all())
            .map(|s| board.neighbours(s).count_ones())
            .collect();
        assert_eq!(degrees.iter().sum::<u32>(), 2 * edges);
        for s in geometry::spots(board.all()) {
            let name = board.name(s);
            let middle = ["b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4"].contains(&name.as_str());
            let corner = board.coords(s).0 != 4 && board.coords(s).1 != 4;
            let expected = match (middle, corner) {
                (true, false) => 4,
                (true, true) if edges == 40 => 4,
                (_, true) => corner_degree,
                (false, false) => 3,
            };
            assert_eq!(board.neighbours(s).count_ones(), expected, "{name}");
        }
    }
    let m = morabaraba();
    assert_eq!(
        points(&m, m.config.board.neighbours(spot(&m, "b2"))),
        ["a1", "d2", "c3", "b4"]
    );
    let n = nmm();
    assert_eq!(
        points(&n, n.config.board.neighbours(spot(&n, "a1"))),
        ["d1", "a4"]
    );
}

#[test]
fn numeric_points_follow_the_table() {
    let m = morabaraba();
    let board = m.config.board;
    for (n, name) in geometry::NUMERIC.iter().enumerate() {
        let s = board.from_number(n as u32 + 1).expect("numbered");
        assert_eq!(&board.name(s), name);
        assert_eq!(board.number(s) as usize, n + 1);
    }
    assert_eq!(board.from_number(0), None);
    assert_eq!(board.from_number(25), None);
    assert_eq!(board.name(board.from_number(12).unwrap()), "c4");
}

// ---------------------------------------------------------------------------------
// Notation.

#[test]
fn tokens_of_every_form_parse() {
    let m = morabaraba();
    let s = |n: &str| spot(&m, n);
    let place = |to, removals| Token::Turn {
        action: Action::Place(to),
        removals,
    };
    let step = |from, to, removals| Token::Turn {
        action: Action::Move { from, to },
        removals,
    };
    let read = |t: &str| m.parse_token(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    assert_eq!(read("d2"), place(s("d2"), vec![]));
    assert_eq!(read("c5xd7"), place(s("c5"), vec![s("d7")]));
    assert_eq!(read("d1-d2"), step(s("d1"), s("d2"), vec![]));
    assert_eq!(read("d1-d2xe4"), step(s("d1"), s("d2"), vec![s("e4")]));
    assert_eq!(read("D1-D2XE4"), read("d1-d2xe4"));
    assert_eq!(read("xd7"), Token::Removal(vec![s("d7")]));
    assert_eq!(read("a1xd7xb6"), place(s("a1"), vec![s("d7"), s("b6")]));
    // Numeric: 12 = c4, 13 = e4, 5 = d6.
    assert_eq!(read("12"), place(s("c4"), vec![]));
    assert_eq!(read("12-13"), step(s("c4"), s("e4"), vec![]));
    assert_eq!(read("x12"), Token::Removal(vec![s("c4")]));
    assert_eq!(read("12-13x5"), step(s("c4"), s("e4"), vec![s("d6")]));
}

#[test]
fn bad_tokens_say_what_was_expected() {
    let m = morabaraba();
    for bad in [
        "", "d4", "h1", "a0", "d1-", "d1-d2x", "-d2", "d1d2", "0", "25", "x", "d1–d2",
    ] {
        assert!(m.parse_token(bad).is_err(), "{bad:?} parsed");
    }
    let e = m.parse_token("d4").unwrap_err().to_string();
    assert_eq!(
        e,
        "expected a point of the board, a1-g7 or 1-24 (\"d4\" is not one)"
    );
    let e = m.parse_token("12-d2").unwrap_err().to_string();
    assert!(e.contains("points all written one way"), "{e}");
    let e = m.parse_token("d1=d2").unwrap_err().to_string();
    assert!(
        e.starts_with("expected a placement (d2), a move (d1-d2)"),
        "{e}"
    );
}

#[test]
fn moves_are_written_in_the_configured_notation() {
    let m = morabaraba();
    let numeric = engine(MORABARABA, &[("Notation", "numeric")]);
    let p = fen(&m, "W=a1,g1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W");
    let mv = try_token(&m, &p, "d1-d2xe4").unwrap();
    assert_eq!(m.write_move(&p, &mv), "d1-d2xe4");
    assert_eq!(numeric.write_move(&p, &mv), "23-20x13");
    // Both engines read both notations.
    assert_eq!(try_token(&m, &p, "23-20x13"), Ok(mv));
    assert_eq!(try_token(&numeric, &p, "d1-d2xe4"), Ok(mv));
    let p = play(&m, p, "d1-d2");
    assert_eq!(
        numeric.write_move(&p, &Move::Removal(spot(&m, "e4"))),
        "x13"
    );
}

// ---------------------------------------------------------------------------------
// The rules, one test (or more) each.

#[test]
fn r1_players_alternate() {
    let m = morabaraba();
    let p = m.start_position();
    assert_eq!(m.to_move(&p), Player::First);
    let p = play(&m, p, "d2");
    assert_eq!(m.to_move(&p), Player::Second);
    let p = play(&m, p, "d6");
    assert_eq!(m.to_move(&p), Player::First);
    assert_eq!(p.hand, [11, 11]);
}

#[test]
fn r2_placing_on_an_occupied_point_is_refused() {
    let m = morabaraba();
    let e = error_of(&m, m.start_position(), "d1 d1");
    assert_eq!(illegal(e), "d1 is occupied (R2)");
    // While pieces are in hand, moving is not a turn.
    let e = error_of(&m, m.start_position(), "d1 d6 d1-d2");
    assert_eq!(
        illegal(e),
        "W still has 11 in hand and must place a piece (R2)"
    );
}

#[test]
fn r3_moves_go_along_a_line_to_a_neighbour() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,b2,d2,g4 B=a7,d7,f6,c5 hand=0,0 turn=W");
    assert!(try_token(&m, &p, "b2-c3").is_ok(), "diagonal line");
    assert!(try_token(&m, &p, "b2-b4").is_ok());
    let e = try_token(&m, &p, "b2-c4").unwrap_err();
    assert_eq!(e.cited(), Some(Rule("R3, R4")));
    let e = illegal(e);
    assert!(
        e.starts_with("b2-c4 is not along a line to a neighbouring point;"),
        "{e}"
    );
    let e = illegal(try_token(&m, &p, "a1-a7").unwrap_err());
    assert_eq!(e, "a7 is occupied (R3)");
    let e = illegal(try_token(&m, &p, "c3-c4").unwrap_err());
    assert_eq!(e, "there is no W piece on c3 (R3)");
    let e = illegal(try_token(&m, &p, "a7-a4").unwrap_err());
    assert_eq!(e, "there is no W piece on a7 (R3)");
    let e = illegal(try_token(&m, &p, "c3").unwrap_err());
    assert_eq!(e, "W has no piece in hand and must move one (R3)");
    // Nine Men's Morris has no diagonals.
    let n = nmm();
    let p = fen(&n, "W=a1,b2,d2,g4 B=a7,d7,f6,c5 hand=0,0 turn=W");
    assert!(illegal(try_token(&n, &p, "b2-c3").unwrap_err()).contains("(R3"));
}

#[test]
fn r4_three_pieces_fly_and_the_other_side_does_not() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,b4 B=a7,d7,c3,e5 hand=0,0 turn=W");
    assert!(m.flies(&p, Player::First));
    assert!(!m.flies(&p, Player::Second));
    let p = play(&m, p, "b4-f6");
    let e = illegal(try_token(&m, &p, "c3-g4").unwrap_err());
    assert!(
        e.contains("B has 4 pieces and flies only with 3 (R3, R4)"),
        "{e}"
    );
    // Three on the board but one in hand: still placing, no flying.
    let p = fen(&m, "W=a1,d1,b4 B=a7,d7,c3,e5 hand=1,0 turn=W");
    assert!(!m.flies(&p, Player::First));
}

#[test]
fn r5_only_new_mills_count_and_a_remade_mill_is_new() {
    let m = morabaraba();
    // W's mill a1 d1 g1 exists; moving another piece forms nothing.
    let p = fen(&m, "W=a1,d1,g1,b4 B=a7,d7,f6,c5 hand=0,0 turn=W");
    let mv = try_token(&m, &p, "b4-b6").unwrap();
    assert_eq!(
        mv,
        Move::Turn {
            action: Action::Move {
                from: spot(&m, "b4"),
                to: spot(&m, "b6")
            },
            removals: Victims::NONE
        }
    );
    let e = try_token(&m, &p, "b4-b6xa7").unwrap_err();
    assert_eq!(
        e,
        MoveError::wrong_mark("the turn forms no mill, so nothing may be removed").rule("R5")
    );
    // Breaking it and making it again counts (Nine Men's Morris, no R8).
    let n = nmm();
    let p = fen(&n, "W=a1,d1,g1,b4 B=a7,d7,f6,c5 hand=0,0 turn=W");
    let p = play(&n, p, "d1-d2 f6-f4");
    assert!(try_token(&n, &p, "d2-d1xc5").is_ok());
}

#[test]
fn r6_removal_is_compulsory_and_spares_pieces_in_mills() {
    let m = morabaraba();
    // Ex. 1 position after B's 10th ply: B's a7 d7 g7 is a mill, d2 is free.
    let p = play(&m, m.start_position(), "a1 a7 g4 d7 f4 g7xa1 b2 d2");
    let e = illegal(try_token(&m, &p, "e4xa7").unwrap_err());
    assert_eq!(
        e,
        "a7 is in the mill a7 d7 g7 and B has pieces outside mills (R6)"
    );
    let e = illegal(try_token(&m, &p, "e4xb2").unwrap_err());
    assert_eq!(e, "cannot remove one's own piece: b2 is W's (R6)");
    let e = illegal(try_token(&m, &p, "e4xc3").unwrap_err());
    assert_eq!(e, "there is no B piece on c3 to remove (R6)");
    let mut legal: Vec<String> = m
        .legal_moves(&p)
        .iter()
        .map(|mv| m.write_move(&p, mv))
        .collect();
    legal.retain(|t| t.starts_with("e4"));
    assert_eq!(legal, ["e4xd2"]);
}

#[test]
fn r6_any_piece_when_all_stand_in_mills() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,b4,f4 B=a7,d7,g7 hand=0,0 turn=W");
    assert!(
        try_token(&m, &p, "b4-b2").is_ok(),
        "no mill, nothing to remove"
    );
    let p = fen(&m, "W=a1,d1,f2,f4 B=a7,d7,g7 hand=0,0 turn=W");
    assert!(try_token(&m, &p, "f2-g1xd7").is_ok());
}

#[test]
fn r6_a_mill_without_its_removal_waits_for_it() {
    let m = morabaraba();
    let p = play(&m, m.start_position(), "a1 a7 g4 d7 f4 g7");
    assert_eq!(m.to_move(&p), Player::Second, "B still owes the removal");
    assert!(m.outcome(&p).is_none());
    assert_eq!(
        m.unfinished_turn(&p).as_deref(),
        Some("the mill a7 d7 g7 obliges B to remove a W piece (R6)")
    );
    let legal: Vec<String> = m
        .legal_moves(&p)
        .iter()
        .map(|mv| m.write_move(&p, mv))
        .collect();
    assert_eq!(legal, ["xa1", "xf4", "xg4"]);
    let e = illegal(try_token(&m, &p, "b2").unwrap_err());
    assert_eq!(
        e,
        "no removal after the mill a7 d7 g7: B must remove a W piece first, e.g. xa1 (R6)"
    );
    let e = illegal(try_token(&m, &p, "xa7").unwrap_err());
    assert_eq!(e, "cannot remove one's own piece: a7 is B's (R6)");
    let p = play(&m, p, "xa1");
    assert_eq!(m.to_move(&p), Player::First);
    assert_eq!(m.unfinished_turn(&p), None);
    let e = illegal(try_token(&m, &p, "xd7").unwrap_err());
    assert_eq!(e, "nothing to remove: no mill was just formed (R5)");
    // Same position as with the removal appended.
    let q = play(&m, m.start_position(), "a1 a7 g4 d7 f4 g7xa1");
    assert_eq!(m.write_position(&p), m.write_position(&q));
}

#[test]
fn r6_nothing_to_remove_when_the_opponent_has_no_piece_on_the_board() {
    // §4.5: only from a set-up position (B has placed nothing yet).
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1 B=- hand=10,12 turn=W");
    let p2 = play(&m, p.clone(), "g1");
    assert_eq!(m.to_move(&p2), Player::Second, "no removal owed");
    assert_eq!(m.unfinished_turn(&p2), None);
    let e = try_token(&m, &p, "g1xd7").unwrap_err();
    assert_eq!(
        e,
        MoveError::wrong_mark("B has no piece on the board, so nothing may be removed").rule("R6")
    );
}

#[test]
fn r7_two_mills_remove_one_piece() {
    let m = morabaraba();
    let p = play(&m, m.start_position(), "b2 d7 c3 b6 d1 f6 g1 a4");
    let e = illegal(try_token(&m, &p, "a1xd7xb6").unwrap_err());
    assert_eq!(e, "only one piece is removed even when two mills form (R7)");
    let e = illegal(error_of(&m, m.start_position(), "a1 xd7xb6"));
    assert!(e.starts_with("nothing to remove"), "{e}");
}

#[test]
fn r8_a_piece_may_not_go_straight_back() {
    let m = morabaraba();
    let p = play(
        &m,
        fen(&m, "W=a1,b4,f4,g1 B=a7,d7,c5,e5,c3 hand=0,0 turn=W"),
        "b4-b2 c3-c4",
    );
    let e = illegal(try_token(&m, &p, "b2-b4").unwrap_err());
    assert_eq!(e, "b2-b4 returns the piece to the point it just left (R8)");
    // Another piece may go there, and after one more turn the piece may return.
    let p = play(&m, p, "a1-a4 e5-e4 b2-b4");
    assert_eq!(p.on_board(Player::First), 4);
}

#[test]
fn r8_applies_to_flights() {
    // §4.9.
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,b4 B=a7,d7,c3,e5 hand=0,0 turn=W");
    let p = play(&m, p, "b4-f6 c3-c4");
    let e = illegal(try_token(&m, &p, "f6-b4").unwrap_err());
    assert_eq!(e, "f6-b4 returns the piece to the point it just left (R8)");
    assert!(try_token(&m, &p, "f6-b6").is_ok());
}

#[test]
fn r8_a_blocked_return_as_only_move_loses() {
    // §4.2: W's only piece that can move may not go back, so W cannot move (R10).
    let m = morabaraba();
    let blocked = "W=a1,d1,g1,a4 B=b2,d2,f2,g4,b4 hand=0,0 turn=W last=W:a7-a4";
    let p = fen(&m, blocked);
    // a4's neighbours: a1 (W), a7 (the point it left), b4 (B); the others are hemmed in.
    assert_eq!(
        m.outcome(&p).map(|o| o.result),
        Some(GameResult::SecondWins)
    );
    assert_eq!(m.outcome(&p).unwrap().reason, "W cannot move (R10)");
    let off = engine(MORABARABA, &[("NoReturn", "off")]);
    let p = fen(&off, blocked);
    assert!(off.outcome(&p).is_none());
}

#[test]
fn r8_option_mill_forbids_only_a_return_that_remakes_a_mill() {
    let gar = engine(MORABARABA, &[("NoReturn", "mill")]);
    // Ex. 4 under the narrower rule: d1-d2 broke a1 d1 g1 to form b2 d2 f2.
    let p = fen(&gar, "W=a1,g1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W");
    let p = play(&gar, p, "d1-d2xe4 c5-c4");
    assert_eq!(
        gar.write_position(&p),
        "W=a1,g1,b2,d2,f2 B=c4,f6,a7,d7 hand=0,0 turn=W last=W:d1-d2*,B:c5-c4"
    );
    let e = illegal(try_token(&gar, &p, "d2-d1xf6").unwrap_err());
    assert_eq!(
        e,
        "d2-d1 returns the piece to the point it just left to re-form a mill, which no-return=mill forbids (R8)"
    );
    // A plain back-and-forth is allowed: B's c5-c4 made no mill.
    let p = play(&gar, p, "a1-a4 c4-c5");
    assert_eq!(p.last[1].map(|m| m.formed_mill), Some(false));
    // And a return that re-forms nothing is allowed even after a mill.
    let q = fen(&gar, "W=a1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W");
    let q = play(&gar, q, "d1-d2xe4 c5-c4");
    assert!(try_token(&gar, &q, "d2-d1").is_ok());
}

#[test]
fn r8_option_off_and_nine_mens_morris_allow_the_shuttle() {
    let off = engine(MORABARABA, &[("NoReturn", "off")]);
    let p = fen(&off, "W=a1,g1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W");
    let p = play(&off, p, "d1-d2xe4 c5-c4 d2-d1xa7");
    assert_eq!(
        off.write_position(&p),
        "W=a1,d1,g1,b2,f2 B=c4,f6,d7 hand=0,0 turn=B"
    );
    // Nine Men's Morris can turn R8 on.
    let strict = engine(NINE_MENS_MORRIS, &[("NoReturn", "all")]);
    let p = fen(&strict, "W=a1,g1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W");
    let e = error_of(&strict, p, "d1-d2xe4 c5-c4 d2-d1xa7");
    assert!(illegal(e).ends_with("(R8)"));
}

#[test]
fn r9_two_pieces_lose_counting_the_hand() {
    let m = morabaraba();
    // §4.4: two on the board but more in hand is no loss.
    let p = fen(&m, "W=a1,d1,b2,d2 B=a7,d7 hand=8,8 turn=B");
    assert!(m.outcome(&p).is_none());
    let p = fen(&m, "W=a1,d1,f4 B=a7,d7 hand=0,0 turn=B");
    let o = m.outcome(&p).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (GameResult::FirstWins, "B has 2 pieces (R9)")
    );
}

#[test]
fn r10_no_legal_move_loses() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,g1,a4 B=b2,d2,f2,g4,b4,a7 hand=0,0 turn=W");
    let o = m.outcome(&p).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (GameResult::SecondWins, "W cannot move (R10)")
    );
    // With three pieces W flies, and is never blocked while a point is empty.
    let p = fen(&m, "W=a1,d1,g1 B=b2,d2,f2,g4,b4,a7,a4 hand=0,0 turn=W");
    assert!(m.outcome(&p).is_none());
}

#[test]
fn r11_full_board_is_a_draw_before_r10() {
    let m = morabaraba();
    let p = fen(
        &m,
        "W=a1,d1,g1,b2,d2,f2,c3,d3,e3,a4,b4,c4 B=e4,f4,g4,c5,d5,e5,b6,d6,f6,a7,d7,g7 hand=0,0 turn=W",
    );
    let o = m.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.reason, "the board is full with no piece removed (R11)");
}

#[test]
fn r12_the_game_has_ended_for_the_driver() {
    // The driver refuses moves once `outcome` is Some; see records/invalid.
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,b4,f4 B=a7,d7,c3 hand=0,0 turn=B");
    let p = play(&m, p, "c3-g7xf4 b4-g1xg7");
    assert!(m.outcome(&p).is_some());
}

// ---------------------------------------------------------------------------------
// §6, the worked examples.

#[test]
fn ex1_protected_pieces() {
    let m = morabaraba();
    let e = illegal(error_of(&m, m.start_position(), "a1 a7 g4 d7 f4 g7 b2"));
    assert!(
        e.starts_with("no removal after the mill a7 d7 g7:") && e.ends_with("(R6)"),
        "{e}"
    );
    let e = illegal(error_of(
        &m,
        m.start_position(),
        "a1 a7 g4 d7 f4 g7xa1 b2 d2 e4xa7",
    ));
    assert!(e.starts_with("a7 is in the mill a7 d7 g7"), "{e}");
    let p = play(&m, m.start_position(), "a1 a7 g4 d7 f4 g7xa1 b2 d2 e4xd2");
    assert_eq!((p.on_board(Player::First), p.hand[0]), (4, 7));
    assert_eq!((p.on_board(Player::Second), p.hand[1]), (3, 8));
    assert_eq!(p.total(Player::First), 11);
    assert_eq!(p.total(Player::Second), 11);
}

#[test]
fn ex2_double_mill_single_removal() {
    let m = morabaraba();
    let p = play(&m, m.start_position(), "b2 d7 c3 b6 d1 f6 g1 a4 a1xd7");
    assert_eq!(p.on_board(Player::First) + p.on_board(Player::Second), 8);
    let e = illegal(error_of(
        &m,
        m.start_position(),
        "b2 d7 c3 b6 d1 f6 g1 a4 a1xd7xb6",
    ));
    assert_eq!(e, "only one piece is removed even when two mills form (R7)");
    let before = play(&m, m.start_position(), "b2 d7 c3 b6 d1 f6 g1 a4");
    let mv = try_token(&m, &before, "a1xd7").unwrap();
    let after = play(&m, before.clone(), "a1xd7");
    assert_eq!(
        m.describe(&before, &mv, &after),
        "W places a1, forms mills a1 d1 g1 and a1 b2 c3 (one removal, R7), removes d7"
    );
}

#[test]
fn ex3_full_board_draw() {
    let m = morabaraba();
    let moves = "a1 d1 g1 g4 g7 d7 a7 a4 d2 b2 f4 f2 d6 f6 b4 b6 c3 d3 e3 e4 e5 d5 c5 c4";
    let mut p = m.start_position();
    for (i, t) in moves.split_whitespace().enumerate() {
        assert!(m.outcome(&p).is_none(), "ended before ply {}", i + 1);
        let mv = try_token(&m, &p, t).unwrap();
        assert_eq!(
            mv,
            Move::Turn {
                action: Action::Place(spot(&m, t)),
                removals: Victims::NONE
            },
            "no mill at {t}"
        );
        m.play(&mut p, &mv);
    }
    let o = m.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert!(o.reason.ends_with("(R11)"));
}

#[test]
fn ex4_no_immediate_return() {
    let m = morabaraba();
    let start = "W=a1,g1,b2,f2,d1 B=a7,d7,f6,c5,e4 hand=0,0 turn=W";
    let p = play(&m, fen(&m, start), "d1-d2xe4 c5-c4");
    let e = illegal(try_token(&m, &p, "d2-d1").unwrap_err());
    assert_eq!(e, "d2-d1 returns the piece to the point it just left (R8)");
    let p = play(&m, p, "a1-a4");
    let e = illegal(try_token(&m, &p, "c4-c5").unwrap_err());
    assert_eq!(e, "c4-c5 returns the piece to the point it just left (R8)");
    let p = play(&m, p, "f6-f4");
    let mv = try_token(&m, &p, "d2-d1").unwrap();
    assert_eq!(
        mv,
        Move::Turn {
            action: Action::Move {
                from: spot(&m, "d2"),
                to: spot(&m, "d1")
            },
            removals: Victims::NONE
        },
        "no mill: a1 is empty"
    );
    // Nine Men's Morris: the shuttle re-forms a1 d1 g1 at once.
    let n = nmm();
    let p = play(&n, fen(&n, start), "d1-d2xe4 c5-c4 d2-d1xa7");
    assert_eq!(p.on_board(Player::Second), 3);
}

#[test]
fn ex5_flying_and_win_by_reduction() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,b4,f4 B=a7,d7,c3 hand=0,0 turn=B");
    let before = play(&m, p, "c3-g7xf4");
    let mv = try_token(&m, &before, "b4-g1xg7").unwrap();
    let after = play(&m, before.clone(), "b4-g1xg7");
    let o = m.outcome(&after).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (GameResult::FirstWins, "B has 2 pieces (R9)")
    );
    assert_eq!(
        m.describe(&before, &mv, &after),
        "W flies b4-g1, forms mill a1 d1 g1, removes g7; B has 2 pieces: W wins (R9)"
    );
}

#[test]
fn ex6_win_by_blockade() {
    let m = morabaraba();
    let p = fen(&m, "W=b2,d2,g1,a7,b6,c3 B=a1,d1,a4,b4 hand=0,0 turn=W");
    assert!(m.outcome(&p).is_none());
    let p = play(&m, p, "c3-c4");
    let o = m.outcome(&p).unwrap();
    assert_eq!(
        (o.result, o.reason.as_str()),
        (GameResult::FirstWins, "B cannot move (R10)")
    );
    assert!(m.legal_moves(&p).is_empty());
}

// ---------------------------------------------------------------------------------
// §4.6 and the position string.

#[test]
fn ten_move_draw_counts_twenty_quiet_turns_at_three_pieces() {
    let m = engine(MORABARABA, &[("TenMoveDraw", "yes")]);
    let mut p = fen(&m, "W=a1,d1,b4 B=a7,d7,c3,e5 hand=0,0 turn=W");
    // W flies to and fro between b4/f6 and b6/f2, B steps c3-c4-c3 (never straight back).
    let cycle = [
        "b4-f6", "c3-c4", "f6-b6", "e5-e4", "b6-f2", "c4-c3", "f2-b4", "e4-e5",
    ];
    for i in 0..20 {
        assert!(m.outcome(&p).is_none(), "ended after {i}");
        p = play(&m, p, cycle[i % cycle.len()]);
    }
    assert_eq!(p.quiet, 20);
    let o = m.outcome(&p).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert!(o.reason.ends_with("(ten-move-draw)"));
    assert!(m.write_position(&p).ends_with("quiet=20"));
    // Without the option the game goes on.
    let plain = morabaraba();
    let mut p = fen(&plain, "W=a1,d1,b4 B=a7,d7,c3,e5 hand=0,0 turn=W");
    for i in 0..20 {
        p = play(&plain, p, cycle[i % cycle.len()]);
    }
    assert!(plain.outcome(&p).is_none());
}

#[test]
fn position_strings_round_trip() {
    let m = morabaraba();
    for text in [
        "W=- B=- hand=12,12 turn=W",
        "W=a1,g1,b2 B=a7,d7 hand=3,5 turn=B",
        "W=a1,d1,g1 B=a7,d7 hand=5,6 turn=W remove=g1",
        "W=a1,g1,b2,d2,f2 B=c4,f6,a7,d7 hand=0,0 turn=W last=W:d1-d2,B:c5-c4",
    ] {
        assert_eq!(m.write_position(&fen(&m, text)), text);
    }
    // Numbers, other field order, `W=` empty.
    let p = fen(&m, "turn=B hand=11,12 B= W=22");
    assert_eq!(m.write_position(&p), "W=a1 B=- hand=11,12 turn=B");
}

#[test]
fn bad_position_strings_say_why() {
    let m = morabaraba();
    let n = nmm();
    for (rules, text, why) in [
        (
            &m,
            "W=a1 B=a1 hand=0,0 turn=W",
            "a1 holds both a W and a B piece",
        ),
        (&m, "W=a1 B=a7 hand=0,0", "field turn is missing"),
        (
            &m,
            "W=d4 B=a7 hand=0,0 turn=W",
            "W: \"d4\" is not a point of the board",
        ),
        (&m, "W=a1,a1 B=a7 hand=9,9 turn=W", "W: a1 is listed twice"),
        (
            &m,
            "W=a1 B=a7 hand=12,0 turn=W",
            "W has 13 pieces on the board and in hand, more than 12",
        ),
        (&n, "W=a1 B=a7 hand=9,0 turn=W", "more than 9"),
        (
            &m,
            "W=a1 B=a7 hand=1,1 turn=W",
            "both sides have fewer than 3 pieces",
        ),
        (&m, "W=a1 B=a7 hand=5,5 turn=X", "turn: expected W or B"),
        (
            &m,
            "W=a1,d1 B=a7 hand=5,5 turn=W remove=d1",
            "remove: d1 is not in a mill of W",
        ),
        (
            &m,
            "W=a1 B=a7 hand=5,5 turn=W W=d1",
            "field W is given twice",
        ),
        (
            &m,
            "W=a1 B=a7 hand=5,5 turn=W last=W:a1",
            "last: expected W:d1-d2",
        ),
        (
            &m,
            "W=a1 B=a7 hand=5,5 turn=W ply=3",
            "unknown field \"ply\"",
        ),
    ] {
        let e = rules.parse_position(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn draw_shows_the_board_of_section_1() {
    let m = morabaraba();
    let p = fen(&m, "W=a1,d1,g1 B=a7,d7 hand=5,6 turn=W remove=g1");
    let expected = "\
7 B-----B-----.
  |\\    |    /|
6 | .---.---. |
  | |\\  |  /| |
5 | | .-.-. | |
4 .-.-.   .-.-.
3 | | .-.-. | |
  | |/  |  \\| |
2 | .---.---. |
  |/    |    \\|
1 W-----W-----W
  a b c d e f g
W to move; in hand W 5, B 6; W must remove a B piece";
    assert_eq!(m.draw(&p), expected);
    let n = nmm();
    assert_eq!(n.draw(&n.start_position()).lines().count(), 9);
}

#[test]
fn state_has_the_documented_fields() {
    let m = morabaraba();
    let p = fen(
        &m,
        "W=a1,g1,b2,d2,f2 B=c4,f6,a7,d7 hand=0,0 turn=W last=W:d1-d2,B:c5-c4",
    );
    let state = m.state(&p);
    assert_eq!(
        state["first"],
        serde_json::json!(["a1", "g1", "b2", "d2", "f2"])
    );
    assert_eq!(state["second"], serde_json::json!(["c4", "f6", "a7", "d7"]));
    assert_eq!(state["hand"], serde_json::json!([0, 0]));
    assert_eq!(state["to_move"], "first");
    assert_eq!(state["pending_removal"], false);
    assert_eq!(
        state["last"],
        serde_json::json!({"first": "d1-d2", "second": "c5-c4"})
    );
    assert!(nmm().state(&nmm().start_position()).get("last").is_none());
}

#[test]
fn options_are_checked() {
    let info = &Mill::GAMES[0];
    for (tag, value) in [
        ("NoReturn", "sometimes"),
        ("Notation", "roman"),
        ("TenMoveDraw", "maybe"),
    ] {
        let tags = vec![(tag.to_string(), value.to_string())];
        assert!(
            Mill::configure(&Setup::new(info, &tags, &[])).is_err(),
            "{tag}"
        );
    }
    assert_eq!(morabaraba().config.no_return, NoReturn::All);
    assert_eq!(nmm().config.no_return, NoReturn::Off);
    assert_eq!(
        (
            morabaraba().config.preset.pieces,
            nmm().config.preset.pieces
        ),
        (12, 9)
    );
}

#[test]
fn games_are_found_by_their_names() {
    use crate::registry::find;
    for (name, id) in [
        ("Morabaraba", MORABARABA),
        ("morabaraba", MORABARABA),
        ("Umlabalaba", MORABARABA),
        ("Nine Men's Morris", NINE_MENS_MORRIS),
        ("Mühle", NINE_MENS_MORRIS),
        ("NMM", NINE_MENS_MORRIS),
    ] {
        assert_eq!(find(name).map(|f| f.info.id), Some(id), "{name}");
    }
    for preset in &preset::SANMILL {
        assert_eq!(find(preset.name).map(|f| f.info.id), Some(preset.id));
    }
    assert_eq!(
        find("twelve_mens_morris").map(|f| f.info.id),
        Some("twelve-mens-morris")
    );
}

#[test]
fn removals_as_their_own_tokens_give_the_same_games() {
    use crate::games::playout::random_game;
    for info in Mill::GAMES
        .iter()
        .filter(|g| Preset::seed_also_defines(g.id))
    {
        let m = engine(info.id, &[]);
        for seed in 0..20 {
            let game = random_game::<Mill>(info, seed, 300, false).unwrap();
            let (mut joined, mut split) = (m.start_position(), m.start_position());
            for text in &game.moves {
                joined = play(&m, joined, text);
                let (action, removal) = match text.split_once('x') {
                    Some((action, victim)) => (action.to_string(), Some(format!("x{victim}"))),
                    None => (text.clone(), None),
                };
                split = play(&m, split, &action);
                assert_eq!(
                    m.unfinished_turn(&split).is_some(),
                    removal.is_some(),
                    "{text}"
                );
                if let Some(removal) = removal {
                    split = play(&m, split, &removal);
                }
                assert_eq!(m.write_position(&split), m.write_position(&joined));
            }
            let end = m.outcome(&joined).map(|o| o.result);
            assert_eq!(end.map_or("*", |r| r.as_str()), game.result);
        }
    }
}

/// The sample records cover what the issue asks for: placement mills, flying, the
/// return rule, a blocked loss, the full-board draw, both removal styles, numeric
/// notation. Each game's ending on the board is checked here (the records harness
/// checks that they are valid).
#[test]
fn sample_records_end_as_their_comments_say() {
    use crate::record::parser::{Origin, parse_games};
    use crate::replay::{Settings, replay};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
    let expected: &[(&str, &[Option<&str>])] = &[
        (
            "morabaraba/club-championship.pgn",
            &[
                Some("W has 2 pieces (R9)"),
                Some("W cannot move (R10)"),
                Some("W has 2 pieces (R9)"),
            ],
        ),
        (
            "morabaraba/sanmill-export.pgn",
            &[Some("B has 2 pieces (R9)")],
        ),
        (
            "morabaraba/full-board-draws.pgn",
            &[Some("the board is full with no piece removed (R11)"); 2],
        ),
        (
            "morabaraba/worked-examples.pgn",
            &[
                None,
                None,
                None,
                Some("B has 2 pieces (R9)"),
                Some("B cannot move (R10)"),
                Some(
                    "ten moves each without a removal while a player has three pieces (ten-move-draw)",
                ),
            ],
        ),
        (
            "nine-mens-morris/club-games.pgn",
            &[Some("B has 2 pieces (R9)"); 2],
        ),
        (
            "nine-mens-morris/playok-numeric.pgn",
            &[Some("W cannot move (R10)"), Some("W has 2 pieces (R9)")],
        ),
        (
            "nine-mens-morris/sanmill-export.pgn",
            &[Some("B has 2 pieces (R9)")],
        ),
        ("nine-mens-morris/worked-examples.pgn", &[None]),
    ];
    for (file, endings) in expected {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let games = parse_games(&text, Origin::default());
        assert_eq!(games.len(), endings.len(), "{file}");
        for (game, ending) in games.iter().zip(endings.iter()) {
            let replay = replay(game, &Settings::default());
            assert!(replay.is_valid(), "{file}: {:?}", replay.errors);
            let reason = replay.outcome.map(|o| o.reason);
            assert_eq!(reason.as_deref(), *ending, "{file}");
        }
    }
    let sanmill = std::fs::read_to_string(root.join("morabaraba/sanmill-export.pgn")).unwrap();
    assert!(sanmill.contains("\r\n") && sanmill.contains(" xd3"));
    assert!(sanmill.contains("[Variant \"Morabaraba\"]") && !sanmill.contains("[Game"));
}

/// The replay of a record, as `tgn check` runs it.
fn replay_record(text: &str) -> crate::replay::Replay {
    let record = crate::record::parser::parse_games(text, Default::default()).remove(0);
    crate::replay::replay(&record, &crate::replay::Settings::default())
}

#[test]
fn r6_a_mill_without_its_removal_is_blamed_on_the_move_that_made_it() {
    // Issue 10: the error was reported on W's `b2` as "ply 7, second player".
    let r = replay_record("[Game \"morabaraba\"]\n1. a1 a7 2. g4 d7 3. f4 g7 4. b2 d2 *\n");
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    assert_eq!(e.written.as_deref(), Some("g7"));
    assert_eq!((e.ply, e.mover), (Some(6), Some(Player::Second)));
    assert_eq!((e.span.line, e.span.column), (2, 25));
    assert_eq!(
        e.message,
        "illegal move: `g7` closes the mill a7 d7 g7 but no removal follows: \
         write `g7xa1`, `g7xf4`, `g7xg4` (R6)"
    );
    assert_eq!(e.rule, Some(crate::games::Rule("R6")));
    // The position shown is the one before `g7`: B to move, the mill not yet made.
    let before = &e.position.as_ref().expect("a position").text;
    assert_eq!(before, "W=a1,f4,g4 B=a7,d7 hand=9,10 turn=B");
    assert_eq!(r.plies, 5);
}

#[test]
fn r6_a_removal_written_as_its_own_token_shares_the_ply_of_its_move() {
    let r =
        replay_record("[Game \"morabaraba\"]\n1. a1 a7 2. g4 d7 3. f4 g7 xa1 4. a1 b6 5. a7 *\n");
    let e = &r.errors[0];
    assert_eq!(e.written.as_deref(), Some("a7"));
    // `5. a7` is W's fifth move: ply 9, whatever the number of tokens before it.
    assert_eq!((e.ply, e.mover), (Some(9), Some(Player::First)));
    assert_eq!(r.plies, 8);
    // In numeric notation the suggestion is written in numbers too.
    let r = replay_record(
        "[Game \"morabaraba\"]\n[Notation \"numeric\"]\n1. 22 1 2. 15 2 3. 14 3 4. 19 *\n",
    );
    assert!(
        r.errors[0].message.starts_with(
            "illegal move: `3` closes the mill a7 d7 g7 but no removal follows: write `3x"
        ),
        "{}",
        r.errors[0].message
    );
}

#[test]
fn r6_a_mill_on_the_last_ply_without_its_removal_names_that_ply() {
    // Issue 26, item 5: the error had no ply ("ply": null in JSON).
    let r = replay_record("[Game \"morabaraba\"]\n1. a1 a7 2. g4 d7 3. f4 g7 *\n");
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    assert_eq!(e.code, crate::replay::ErrorCode::Unfinished);
    assert_eq!(e.written.as_deref(), Some("g7"));
    assert_eq!((e.ply, e.mover), (Some(6), Some(Player::Second)));
    assert_eq!((e.span.line, e.span.column), (2, 25));
    assert!(e.message.contains("mill a7 d7 g7"), "{}", e.message);
    let before = &e.position.as_ref().expect("a position").text;
    assert_eq!(before, "W=a1,f4,g4 B=a7,d7 hand=9,10 turn=B");
}

#[path = "preset_tests.rs"]
mod presets;
