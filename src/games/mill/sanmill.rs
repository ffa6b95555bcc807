//! Sanmill's FEN, as the open-source Sanmill program writes it in `[FEN]` when it
//! exports a game that starts from a set position:
//!
//! `<inner>/<middle>/<outer> <side> <phase> <action> <W on board> <W in hand>
//! <B on board> <B in hand> …`
//!
//! Each ring is eight characters, clockwise from the point at the top centre of the
//! ring (`d5`, `d6`, `d7`): `O` a white piece, `@` a black piece, `*` an empty point,
//! `X` the point of a piece removed while placing in Da San Qi (taken until placing
//! ends). The side is `w` or `b`; the phase `p` (placing) or `m` (moving); the
//! action `p` (place), `s` (select a piece to move) or `r` (remove). Newer versions
//! go on with the pieces each side must remove (negative: of its own, El Filja), each
//! side's last mill (from, to squares: which mill a pending removal belongs to, 0
//! when Sanmill does not keep it), the points of the mills each side has formed (W's
//! squares shifted 32 bits up, for Russian Mill's one-time-use mills), the plies since
//! the last placement or removal (n-move rule) and the move number; older ones with
//! one count of pieces to remove. Later fields (captures of rules tgn does not have)
//! are ignored.
//!
//! A Sanmill FEN is translated into tgn's own position string, so it is checked by the
//! same rules as any other.

use crate::games::PositionError;

/// The points of each ring in Sanmill's order: squares 8–15 (inner), 16–23 (middle)
/// and 24–31 (outer).
const RINGS: [[&str; 8]; 3] = [
    ["d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5"],
    ["d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6"],
    ["d7", "g7", "g4", "g1", "d1", "a1", "a4", "a7"],
];

/// Whether `text` is written the Sanmill way (three rings of eight characters).
pub fn is_sanmill(text: &str) -> bool {
    let Some(board) = text.split_whitespace().next() else {
        return false;
    };
    let rings: Vec<&str> = board.split('/').collect();
    rings.len() == 3
        && rings
            .iter()
            .all(|r| r.len() == 8 && r.bytes().all(|b| matches!(b, b'O' | b'@' | b'*' | b'X')))
}

/// The point Sanmill numbers `square` (8–31).
fn point(square: &str) -> Option<&'static str> {
    let n: usize = square.parse().ok()?;
    let index = n.checked_sub(8)?;
    RINGS.get(index / 8).map(|ring| ring[index % 8])
}

/// Translates a Sanmill FEN into tgn's position string.
///
/// # Errors
/// A field missing or out of range, or a pending removal whose count or mill the FEN
/// does not give.
pub fn translate(text: &str) -> Result<String, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 8 {
        return Err(PositionError::syntax(format!(
            "a Sanmill FEN has at least 8 fields (rings, side, phase, action, pieces on board and in hand), found {}",
            fields.len()
        )));
    }
    let (mut white, mut black, mut marked) = (Vec::new(), Vec::new(), Vec::new());
    for (ring, text) in RINGS.iter().zip(fields[0].split('/')) {
        for (name, c) in ring.iter().zip(text.chars()) {
            match c {
                'O' => white.push(*name),
                '@' => black.push(*name),
                'X' => marked.push(*name),
                _ => {}
            }
        }
    }
    let turn = match fields[1] {
        "w" => "W",
        "b" => "B",
        other => return Err(PositionError::syntax(format!("side to move: expected w or b, found \"{other}\""))),
    };
    let count = |i: usize, what: &str| -> Result<i64, PositionError> {
        fields[i]
            .parse()
            .map_err(|_| PositionError::syntax(format!("{what}: expected a number, found \"{}\"", fields[i])))
    };
    for (list, i, side) in [(&white, 4, "white"), (&black, 6, "black")] {
        let on_board = count(i, &format!("{side} pieces on the board"))?;
        if on_board != list.len() as i64 {
            return Err(PositionError::syntax(format!(
                "the FEN counts {on_board} {side} pieces on the board but the rings hold {}",
                list.len()
            )));
        }
    }
    let hands = (
        count(5, "white pieces in hand")?,
        count(7, "black pieces in hand")?,
    );
    let list = |l: &[&str]| {
        if l.is_empty() {
            "-".to_string()
        } else {
            l.join(",")
        }
    };
    let mut tgn = format!(
        "W={} B={} hand={},{} turn={turn}",
        list(&white),
        list(&black),
        hands.0,
        hands.1
    );
    if fields[3] == "r" {
        removal(&fields, turn, &mut tgn)?;
    }
    if fields[2] == "p" && hands == (0, 0) {
        tgn.push_str(" phase=placing");
    }
    if !marked.is_empty() {
        tgn.push_str(&format!(" marked={}", marked.join(",")));
    }
    if let Some(formed) = fields.get(14).and_then(|f| f.parse::<u64>().ok())
        && formed != 0
    {
        let points = |bits: u64| -> Vec<&'static str> {
            (8..32)
                .filter(|n| bits & 1 << n != 0)
                .filter_map(|n| point(&n.to_string()))
                .collect()
        };
        let (w, b) = (points(formed >> 32), points(formed & 0xffff_ffff));
        tgn.push_str(&format!(" used={};{}", w.join(","), b.join(",")));
    }
    if let Some(plies) = fields.get(15).and_then(|f| f.parse::<u16>().ok())
        && plies > 0
    {
        tgn.push_str(&format!(" plies={plies}"));
    }
    Ok(tgn)
}

/// The removal owed when the action is `r`: the counts (negative: of one's own
/// pieces), and the point of the mill the side to move made, when the FEN keeps it.
fn removal(fields: &[&str], turn: &str, tgn: &mut String) -> Result<(), PositionError> {
    let counts: Vec<i64> = fields[8..fields.len().min(10)]
        .iter()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    // The side to move's last mill: its "to" square is where the mill was made.
    let to = if turn == "W" { 11 } else { 13 };
    let made = fields.get(to).and_then(|s| point(s));
    match (counts.as_slice(), made) {
        ([w, b], made) => {
            let mine = if turn == "W" { *w } else { *b };
            if mine == 0 {
                return Err(PositionError::syntax("the FEN is in the middle of a removal but owes none"));
            }
            tgn.push_str(&format!(" owe={},{}", w.unsigned_abs(), b.unsigned_abs()));
            let own: Vec<&str> = [(*w, "W"), (*b, "B")]
                .iter()
                .filter(|(n, _)| *n < 0)
                .map(|(_, side)| *side)
                .collect();
            if !own.is_empty() {
                tgn.push_str(&format!(" own={}", own.join(",")));
            }
            if let Some(made) = made.filter(|_| mine > 0) {
                tgn.push_str(&format!(" remove={made}"));
            }
            Ok(())
        }
        _ => Err(
            PositionError::impossible(
                "the FEN is in the middle of a removal but does not say which mill was made",
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_run_clockwise_from_the_top_centre() {
        let fen = "O*******/**@*****/*****O** w p p 2 10 1 11 0 0 0 0 0 0 0 0 1";
        assert!(is_sanmill(fen));
        assert_eq!(translate(fen).unwrap(), "W=d5,a1 B=f4 hand=10,11 turn=W");
    }

    #[test]
    fn a_pending_removal_names_the_mill_just_made() {
        // White has just closed d1 d2 d3 (the move ended on d2, square 20).
        let fen = "****O***/****O***/****O@@* w p r 3 9 2 10 1 0 0 20 0 0 0 0 5";
        assert_eq!(
            translate(fen).unwrap(),
            "W=d3,d2,d1 B=a1,a4 hand=9,10 turn=W owe=1,0 remove=d2"
        );
        let old_format = "****O***/****O***/****O@@* w p r 3 9 2 10 1";
        assert!(translate(old_format).unwrap_err().contains("which mill"));
    }

    #[test]
    fn inconsistent_or_foreign_fens_are_errors() {
        assert!(!is_sanmill("W=a1 B=a7 hand=0,0 turn=W"));
        assert!(
            translate("O*******/********/******** w p p 2 8 0 9")
                .unwrap_err()
                .contains("but the rings hold 1")
        );
        assert_eq!(
            translate("X*******/********/******** w p p 0 9 0 9").unwrap(),
            "W=- B=- hand=9,9 turn=W marked=d5"
        );
        assert!(translate("********/********/******** x p p 0 9 0 9").is_err());
    }
}
