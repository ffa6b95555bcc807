//! `tgn duplicates`: a copy is the same game — the same moves from the same start,
//! the same result, the same players and date — not merely the same opening moves.

use crate::common;

/// A Toguz Kumalak game of one ply with the tags given.
fn game(tags: &[(&str, &str)], result: &str) -> String {
    let mut text: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
        .collect();
    text += &format!("[Game \"toguz-kumalak\"]\n\n1. 54(10) {result}\n\n");
    text
}

const A_V_B: &[(&str, &str)] = &[("White", "A"), ("Black", "B"), ("Date", "2025.01.01")];

/// (copies found, games with copies) and the exit status of `tgn duplicates ARGS -`.
fn duplicates(args: &[&str], input: &str) -> ((usize, usize), i32) {
    let out = common::tgn()
        .arg("duplicates")
        .args(args)
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let words: Vec<&str> = err.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "found").expect(&err);
    let count = |i: usize| words[at + i].parse().unwrap();
    ((count(1), count(4)), out.status.code().unwrap())
}

#[test]
fn the_same_moves_by_other_players_are_another_game() {
    let other = &[("White", "C"), ("Black", "D"), ("Date", "2025.01.01")];
    let input = game(A_V_B, "*") + &game(other, "*");
    assert_eq!(duplicates(&[], &input), ((0, 0), 0));
    assert_eq!(duplicates(&["--moves-only"], &input), ((1, 1), 1));
}

#[test]
fn the_same_moves_with_another_result_or_date_are_another_game() {
    let input = game(A_V_B, "1-0") + &game(A_V_B, "0-1");
    assert_eq!(duplicates(&[], &input).0, (0, 0));
    let other_day = &[("White", "A"), ("Black", "B"), ("Date", "2025.01.02")];
    let input = game(A_V_B, "*") + &game(other_day, "*");
    assert_eq!(duplicates(&[], &input).0, (0, 0));
}

#[test]
fn the_same_game_in_two_files_is_a_copy_whatever_its_event_unless_same_tags() {
    let mut first = A_V_B.to_vec();
    first.push(("Event", "Club"));
    let mut second = A_V_B.to_vec();
    second.push(("Event", "Club archive"));
    let input = game(&first, "1-0") + &game(&second, "1-0");
    assert_eq!(duplicates(&[], &input), ((1, 1), 1));
    assert_eq!(duplicates(&["--same-tags"], &input).0, (0, 0));
}

#[test]
fn two_identical_games_without_moves_are_copies() {
    let empty =
        "[Event \"Adjourned\"]\n[White \"A\"]\n[Black \"B\"]\n[Game \"toguz-kumalak\"]\n\n*\n\n";
    let input = empty.repeat(2);
    assert_eq!(duplicates(&[], &input), ((1, 1), 1));
    assert_eq!(duplicates(&["--moves-only"], &input).0, (0, 0));
    let other = empty.replace("Adjourned", "Forfeit");
    assert_eq!(duplicates(&[], &(empty.to_string() + &other)).0, (0, 0));
}
