//! `tgn view` without a browser: the page is self-contained, every game's data block
//! parses and holds a state per ply of its main line (up to a bad move, whose error
//! names its line, column and ply), a record's text cannot end a script element, and
//! PlayOK's archive stays small (no drawing per ply). What the page shows in a
//! browser is `tests/view_browser.rs`'s business.

use crate::common;

use crate::common::{run, run_stdin};
use serde_json::Value;

/// The data block `id` of `page`, parsed.
fn block(page: &str, id: &str) -> Value {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open).unwrap_or_else(|| panic!("no block {id}")) + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// The data blocks of `class` in `page`, parsed, in order.
fn blocks(page: &str, class: &str) -> Vec<Value> {
    let open = format!("<script type=\"application/json\" class=\"{class}\"");
    page.split(&open)
        .skip(1)
        .map(|rest| {
            let start = rest.find('>').unwrap() + 1;
            let end = rest.find("</script>").unwrap();
            serde_json::from_str(&rest[start..end]).unwrap()
        })
        .collect()
}

/// The list's rows of `page`.
fn rows(page: &str) -> Vec<Value> {
    blocks(page, "rows")
        .into_iter()
        .flat_map(|rows| rows.as_array().unwrap().clone())
        .collect()
}

#[test]
fn the_page_is_self_contained_and_holds_a_state_per_ply_of_every_game() {
    let out = run(&["view", "records/zamma/huff.pgn", "records/toguz-kumalak"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = &out.stdout;
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Nothing fetched: no link, script or style from elsewhere (the only URL is the
    // SVG namespace, written by the script).
    for outside in ["src=", "href=", "@import", "url("] {
        assert!(!page.contains(outside), "{outside}");
    }
    assert_eq!(
        page.matches("http").count(),
        page.matches("http://www.w3.org/2000/svg").count()
    );
    let rows = rows(page);
    assert!(rows.len() > 2);
    for (i, row) in rows.iter().enumerate() {
        let game = block(page, &format!("game-{}", i + 1));
        let last = game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m["p"].as_u64())
            .max()
            .unwrap_or(0);
        assert_eq!(
            game["plies"].as_array().unwrap().len() as u64,
            last + 1,
            "{row}"
        );
        assert!(game["board"].as_u64().is_some());
    }
}

#[test]
fn an_invalid_game_names_its_error_with_line_column_and_the_ply_before_it() {
    let out = run(&["view", "records/invalid/bagh-chal-occupied.pgn"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let game = block(&out.stdout, "game-1");
    let error = &game["errors"][0];
    // [ExpectAt "13:16"]: the third ply, b1, placed where a tiger stands.
    assert_eq!(
        (error["l"].as_u64(), error["c"].as_u64()),
        (Some(13), Some(16))
    );
    assert_eq!(error["p"], 2);
    assert_eq!(error["m"], "illegal move: b1 is occupied (R2)");
    assert_eq!(game["plies"].as_array().unwrap().len(), 3);
    let bad: Vec<&Value> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["e"] == true)
        .collect();
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0]["t"], "b1");
}

#[test]
fn comments_nags_and_variations_are_kept_and_no_record_text_ends_a_script() {
    let text = "[Game \"toguz-kumalak\"]\n\n1. 43(10) $2 {</script><script>alert(1)</script>} \
                (1. 76(10) {<!-- a variation}) 11(10) *\n";
    let out = run_stdin(&["view", "-"], text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = &out.stdout;
    assert_eq!(
        page.matches("<script").count(),
        page.matches("</script>").count()
    );
    assert!(!page.contains("alert(1)</script>"));
    let game = block(page, "game-1");
    let first = &game["moves"][0];
    assert_eq!(first["g"][0], 2);
    assert_eq!(first["c"][0], "</script><script>alert(1)</script>");
    assert_eq!(first["v"][0]["m"][0]["t"], "76(10)");
    assert_eq!(first["v"][0]["m"][0]["c"][0], "<!-- a variation");
    assert_eq!(game["plies"].as_array().unwrap().len(), 3);
}

#[test]
fn the_page_is_written_to_the_file_given() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("games.html");
    let out = run(&["view", "-o", page.to_str().unwrap(), "records/nei-pat-kono"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("id=\"game-1\"")
    );
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn playoks_archive_makes_a_page_of_its_moves_not_of_a_drawing_per_ply() {
    let path = crate::common::playok();
    let out = run(&["view", "--game", "toguz-kumalak", path]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = &out.stdout;
    assert_eq!(rows(page).len(), 1199);
    // One board for all the games; no SVG element in the page as written (the one
    // `<svg` is the script's, which draws the ply shown).
    assert_eq!(blocks(page, "board").len(), 1);
    assert_eq!(page.matches("<svg").count(), 1);
    // Measured: 11.1 MB for the 111,527 positions of 1,199 games, 99 bytes each
    // (moves, comments and the list included).
    let plies: usize = page
        .split("<script type=\"application/json\" id=\"game-")
        .skip(1)
        .map(|rest| {
            let start = rest.find('>').unwrap() + 1;
            let end = rest.find("</script>").unwrap();
            let game: Value = serde_json::from_str(&rest[start..end]).unwrap();
            game["plies"].as_array().unwrap().len()
        })
        .sum();
    assert!(
        page.len() / plies < 160,
        "{} bytes for {plies} plies",
        page.len()
    );
}

#[test]
fn issue_33_a_file_named_like_a_placeholder_stays_text_in_the_page() {
    let dir = std::env::temp_dir().join(format!("tgn-view-{{{{data}}}}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("{{script}}.pgn");
    std::fs::copy(
        common::root().join("records/toguz-kumalak/clockwise.pgn"),
        &file,
    )
    .unwrap();
    let out = run(&["view", file.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = &out.stdout;
    let script = page.matches("<script").count();
    let h1 = &page[page.find("<h1>").unwrap()..page.find("</h1>").unwrap()];
    assert!(!h1.contains("<script"), "{h1}");
    assert!(!h1.contains("function"), "{h1}");
    assert!(script > 0);
}

/// A Mig Mang game on the largest board, 26×99, of `plies` plies: two pieces going
/// back and forth.
fn shuttle_on_the_largest_board(plies: usize) -> String {
    let steps = [("a1", "a2"), ("z99", "z98")];
    let moves: Vec<String> = (0..plies)
        .map(|i| {
            let (from, to) = steps[i % 2];
            if (i / 2) % 2 == 0 {
                format!("{from}-{to}")
            } else {
                format!("{to}-{from}")
            }
        })
        .collect();
    let movetext: Vec<String> = moves
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| format!("{}. {}", n + 1, pair.join(" ")))
        .collect();
    format!(
        "[Game \"mig-mang\"]\n[Board \"26x99\"]\n[SetUp \"1\"]\n[FEN \"black:a1 white:z99 b\"]\n\n{} *\n",
        movetext.join("\n")
    )
}

#[test]
fn issue_33_a_page_grows_with_the_moves_not_with_the_moves_times_the_board() {
    // Drawn in full, 2,000 plies of a board of 2,574 points are 5 million places; the
    // page holds the board once and per ply what changed.
    let out = run_stdin(&["view", "-"], shuttle_on_the_largest_board(2_000));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let game = block(&out.stdout, "game-1");
    assert_eq!(game["plies"].as_array().unwrap().len(), 2_001);
    let board = blocks(&out.stdout, "board").remove(0).to_string().len();
    let plies = out.stdout.len() - board;
    assert!(plies < 2_000 * 200, "{} bytes for 2,000 plies", plies);
}

#[test]
fn issue_33_past_what_a_game_may_draw_the_board_stops_with_a_notice() {
    // 10,000,000 places a game: 3,885 plies of a 26×99 board.
    let out = run_stdin(&["view", "-"], shuttle_on_the_largest_board(4_000));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let notice = "The board is drawn up to ply 3884 of 4000";
    assert!(out.stderr.contains(notice), "{}", out.stderr);
    assert!(out.stdout.contains(notice));
    let game = block(&out.stdout, "game-1");
    assert_eq!(game["plies"].as_array().unwrap().len(), 3_885);
    assert_eq!(game["moves"].as_array().unwrap().len(), 4_000);
}

#[test]
fn issue_37_a_finished_games_last_ply_gives_its_result_not_who_is_to_move() {
    let out = run(&["view", "records/toguz-kumalak/r10-early-end.pgn"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let game = block(&out.stdout, "game-1");
    let plies = game["plies"].as_array().unwrap();
    // A ply's first item is its turn: a player's index, or the result once over.
    assert_eq!(plies.last().unwrap()[0], "1-0");
    assert!(plies[..plies.len() - 1].iter().all(|ply| ply[0].is_u64()));
    let status = &game["status"][plies.last().unwrap()[1].as_u64().unwrap() as usize];
    assert!(status.to_string().contains("1-0"), "{status}");
}

#[test]
fn issue_33_a_move_stopped_at_a_search_limit_is_not_searched_again_for_the_page() {
    // Found by the `view` fuzz target: the walk drawing the plies ran the capture
    // search of the bad move a second time (twice the time of `check`). It now stops
    // at the ply before; the page is what it was: the start, and the error over it.
    let out = run(&["view", "records/invalid/zamma-search-limit.pgn"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let game = block(&out.stdout, "game-1");
    assert_eq!(game["plies"].as_array().unwrap().len(), 1);
    let error = &game["errors"][0];
    assert_eq!(error["p"], 0);
    assert!(
        error["m"].as_str().unwrap().contains("a limit of tgn"),
        "{error}"
    );
}
