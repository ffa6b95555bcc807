//! `tgn view` in a real browser: headless Chromium, driven through the DevTools
//! protocol, opens one page holding a game of every kind and an invalid game. At
//! several plies of each (`#game=N&ply=K`) the board the page draws, read back with
//! the diagram test's reader, shows the engine's position; the keys (→ ← Home End)
//! and a click on a move step through the game; the invalid game shows its error at
//! its ply. A screenshot of each game's board goes to `target/view-screenshots/`.
//!
//! Ignored by a plain `cargo test` (it needs `chromium`; `.ci/run` installs it and
//! runs the ignored tests): `cargo test --test integration view_browser:: -- --ignored`.

use crate::common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::picture::{from_state, from_svg, sample, states};
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use tgn::internals::random_record;
use tgn::record::parse_games;
use tgn::registry;
use tgn::replay::diagram::{Stop, diagram};
use tgn::replay::{Settings, replay};

/// The invalid record of the page: a goat placed on an occupied point.
const INVALID: &str = "records/invalid/bagh-chal-occupied.pgn";

/// A game on the page: its number there, its game id and its file's text (whose
/// first game it is).
struct OnPage {
    number: usize,
    id: String,
    text: String,
}

/// Writes one file per game kind (the first sample record, or a random game when the
/// repository has none) and the invalid record into `dir`, in the order of their
/// names; gives each one's first game as it is numbered on the page.
fn write_records(dir: &Path) -> Vec<OnPage> {
    let mut games = Vec::new();
    let mut number = 1;
    let mut texts: Vec<(String, String)> = registry::all_games()
        .map(|found| {
            let id = found.info.id.to_string();
            let text =
                sample(&id).unwrap_or_else(|| random_record(found, 1, 30).expect("a random game"));
            (id, text)
        })
        .collect();
    let invalid = std::fs::read_to_string(common::root().join(INVALID)).unwrap();
    texts.push(("bagh-chal".to_string(), invalid));
    for (i, (id, text)) in texts.into_iter().enumerate() {
        std::fs::write(dir.join(format!("{i:02}-{id}.pgn")), &text).unwrap();
        let count = parse_games(&text, Default::default()).len();
        games.push(OnPage { number, id, text });
        number += count;
    }
    games
}

fn browser() -> Browser {
    let profile = tempfile::tempdir().unwrap().keep();
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let chromium = which("chromium").expect("chromium on PATH (.ci/run installs it)");
    let options = LaunchOptions::default_builder()
        .path(Some(chromium))
        .sandbox(false)
        .headless(true)
        .window_size(Some((1280, 1800)))
        .user_data_dir(Some(profile))
        .args(args)
        .idle_browser_timeout(Duration::from_secs(120))
        .build()
        .unwrap();
    Browser::new(options).expect("chromium starts headless")
}

fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A page of the records in `dir`, written by `tgn view`.
fn page(dir: &Path) -> PathBuf {
    let page = dir.join("page.html");
    let run = common::run(&["view", "-o", page.to_str().unwrap(), dir.to_str().unwrap()]);
    // The invalid record makes the status 1; the page is written all the same.
    assert_eq!(run.code, 1, "{}", run.stderr);
    page
}

/// Opens `page` at `fragment`, a fresh load, and waits for the viewer to show it.
/// (Each load has its own query string, so that the page waited for is the new one;
/// the crate's `wait_until_navigated` waits for the network to go idle, a second
/// more per load.)
fn open(tab: &Tab, page: &Path, fragment: &str) {
    static LOADS: AtomicUsize = AtomicUsize::new(0);
    let load = LOADS.fetch_add(1, Ordering::Relaxed);
    let url = format!("file://{}?load={load}{fragment}", page.display());
    tab.navigate_to(&url).unwrap();
    let ready = format!(
        "location.search === '?load={load}' && document.documentElement.dataset.shownAt !== undefined"
    );
    for _ in 0..1000 {
        if eval(tab, &ready) == Value::Bool(true) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("{url} did not show a game in 10 s");
}

fn eval(tab: &Tab, expression: &str) -> Value {
    tab.evaluate(expression, false)
        .unwrap()
        .value
        .unwrap_or(Value::Null)
}

/// The board the page shows, as XML, and the game and ply it says it shows (one
/// call: each call to the browser costs up to 100 ms, the crate's socket timeout).
fn shown(tab: &Tab) -> (String, usize, usize) {
    let shown = eval(
        tab,
        "(() => { const viewer = document.getElementById('viewer'); \
         const svg = new XMLSerializer().serializeToString(document.querySelector('#board svg')); \
         return JSON.stringify([svg, Number(viewer.dataset.game), Number(viewer.dataset.ply)]); })()",
    );
    serde_json::from_str(shown.as_str().unwrap()).unwrap()
}

/// Checks that the page shows `game` at `ply` and that its board is the engine's
/// position there.
fn check_board(tab: &Tab, game: &OnPage, states: &[Value], ply: usize, how: &str) {
    let (svg, number, at) = shown(tab);
    assert_eq!(
        (number, at),
        (game.number, ply),
        "{} ({how}): the page shows game {number} at ply {at}",
        game.id
    );
    let document = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(
        document.root_element().attribute("data-game"),
        Some(game.id.as_str()),
        "{how}"
    );
    let engine = engine_svg(game, ply);
    assert_eq!(
        from_svg(&svg),
        from_svg(&engine),
        "{} at ply {ply} ({how}):\n{svg}",
        game.id
    );
    if let Some(in_state) = from_state(&game.id, &states[ply]) {
        assert_eq!(
            from_svg(&svg),
            in_state,
            "{} at ply {ply} ({how}):\n{svg}",
            game.id
        );
    }
    // Who is to move, or once the game is over its result (issue 37), as the
    // diagram command's SVG says it.
    assert_eq!(
        turn(document.root_element()),
        turn(roxmltree::Document::parse(&engine).unwrap().root_element()),
        "{} at ply {ply} ({how})",
        game.id
    );
}

/// The SVG root's `data-to-move` and `data-result`.
fn turn(root: roxmltree::Node) -> (Option<String>, Option<String>) {
    let attribute = |name| root.attribute(name).map(str::to_string);
    (attribute("data-to-move"), attribute("data-result"))
}

/// The position of `game` after `ply` plies as `tgn diagram` draws it.
fn engine_svg(game: &OnPage, ply: usize) -> String {
    let record = parse_games(&game.text, Default::default()).remove(0);
    let found = registry::find(&game.id).unwrap();
    let drawn = diagram(found, &record, &Settings::default(), Stop::Ply(ply as u32)).unwrap();
    tgn::output::svg::write(&game.id, &drawn.diagram)
}

fn screenshot(tab: &Tab, name: &str) {
    let dir = common::root().join("target/view-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let png = tab
        .find_element("#board svg")
        .unwrap()
        .capture_screenshot(CaptureScreenshotFormatOption::Png)
        .unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

fn press(tab: &Tab, key: &str) {
    tab.press_key(key).unwrap();
}

/// The page of every game kind.
struct Session {
    games: Vec<OnPage>,
    page: PathBuf,
    // Kept until the test ends: the page's directory.
    _dir: tempfile::TempDir,
}

impl Session {
    fn new() -> Session {
        let dir = tempfile::tempdir().unwrap();
        let games = write_records(dir.path());
        let page = page(dir.path());
        Session {
            games,
            page,
            _dir: dir,
        }
    }
}

/// A headless browser and its tab (keep the browser: its process ends with it).
fn browser_tab() -> (Browser, Arc<Tab>) {
    let browser = browser();
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(20));
    (browser, tab)
}

/// Browsers driven at once: each call to a browser waits up to 100 ms (the crate's
/// socket timeout), so the games are shared between browsers on threads of their own
/// (one tab each: a tab in the background does not scroll a move into view to click
/// it).
const BROWSERS: usize = 3;

#[test]
#[ignore = "needs chromium: .ci/run installs it"]
fn every_games_board_in_the_browser_is_the_engines_position_and_steps_with_keys_and_clicks() {
    let session = Session::new();
    let valid: Vec<&OnPage> = session
        .games
        .iter()
        .filter(|g| !g.text.contains("ExpectError"))
        .collect();
    std::thread::scope(|scope| {
        for share in valid.chunks(valid.len().div_ceil(BROWSERS)) {
            let page = &session.page;
            scope.spawn(move || {
                let (_browser, tab) = browser_tab();
                for game in share {
                    check_game(&tab, page, game);
                }
            });
        }
    });
}

/// Opens `game` at several plies, steps through it with the keys and clicks a move,
/// checking the board each time; takes a screenshot of its board.
fn check_game(tab: &Tab, page: &Path, game: &OnPage) {
    let states = states(&game.text);
    let last = states.len() - 1;
    let middle = last / 2;
    for ply in [0, middle, last] {
        open(tab, page, &format!("#game={}&ply={ply}", game.number));
        check_board(tab, game, &states, ply, "opened at its fragment");
    }
    open(tab, page, &format!("#game={}&ply=0", game.number));
    let steps = [
        ("ArrowRight", 1.min(last)),
        ("ArrowRight", 2.min(last)),
        ("ArrowLeft", 1.min(last)),
        ("End", last),
        ("ArrowLeft", last.saturating_sub(1)),
        ("Home", 0),
    ];
    for (key, ply) in steps {
        press(tab, key);
        check_board(tab, game, &states, ply, key);
    }
    // The fragment follows the steps.
    let hash = eval(tab, "location.hash");
    assert_eq!(hash, format!("#game={}&ply=0", game.number));
    // A click on a move goes to the position after it; the move is highlighted.
    let target = middle.max(1).min(last);
    if target > 0 {
        let selector = format!("#moves .move[data-ply=\"{target}\"]");
        tab.find_element(&selector).unwrap().click().unwrap();
        check_board(tab, game, &states, target, "a click on its move");
        let current = eval(
            tab,
            "document.querySelector('#moves .move.current').dataset.ply",
        );
        assert_eq!(current, target.to_string());
        screenshot(tab, &format!("{:02}-{}-ply{target}", game.number, game.id));
    }
}

#[test]
#[ignore = "needs chromium: .ci/run installs it"]
fn an_invalid_game_shows_its_error_at_its_ply_over_the_position_before_it() {
    let session = Session::new();
    let (_browser, tab) = browser_tab();
    let (tab, page) = (&tab, &session.page);
    let game = session.games.last().unwrap();
    let record = parse_games(&game.text, Default::default()).remove(0);
    let replayed = replay(&record, &Settings::default());
    let error = replayed.errors.first().expect("the record is invalid");
    let before = error.ply.expect("a move's error") as usize - 1;
    let states = states(&game.text);
    assert_eq!(
        states.len(),
        before + 1,
        "the states stop before the bad move"
    );

    for how in ["fragment", "End"] {
        if how == "fragment" {
            open(tab, page, &format!("#game={}&ply={before}", game.number));
        } else {
            open(tab, page, &format!("#game={}&ply=0", game.number));
            assert_eq!(
                eval(tab, "document.querySelectorAll('#errors .error').length"),
                0
            );
            press(tab, "End");
        }
        check_board(tab, game, &states, before, how);
        let shown = eval(tab, "document.getElementById('errors').textContent");
        let expected = format!(
            "line {}:{} {}",
            error.span.line, error.span.column, error.message
        );
        assert_eq!(shown, expected, "{how}");
        let bad = eval(
            tab,
            "document.querySelector('#moves .move.bad').textContent",
        );
        assert_eq!(bad, error.written.clone().unwrap_or_default());
        // Issue 37 item 7: the header says where the game fails, the bad move's ply.
        let title = eval(tab, "document.getElementById('title').textContent");
        let at = format!("invalid at ply {}: {}", before + 1, error.message);
        assert!(
            title.as_str().is_some_and(|t| t.ends_with(&at)),
            "{how}: {title}"
        );
    }
    screenshot(tab, &format!("{:02}-invalid-ply{before}", game.number));
}

/// Issue 37 item 8: at 360, 768 and 1920 px nothing of the page is cut or wider than
/// the window: no cell of the game list (but the event, ellipsised on purpose) hides
/// text, the move list does not scroll sideways, and the page does not either. A
/// screenshot of each width goes to a temporary directory, printed.
#[test]
#[ignore = "needs chromium: .ci/run installs it"]
fn the_page_fits_every_width_from_a_phone_to_a_desktop() {
    let session = Session::new();
    let (_browser, tab) = browser_tab();
    let (tab, page) = (&tab, &session.page);
    let shots = tempfile::tempdir().unwrap().keep();
    let overflow = "(() => {
        const width = document.documentElement.clientWidth;
        const cut = [];
        if (document.documentElement.scrollWidth > width) cut.push('page ' + document.documentElement.scrollWidth);
        for (const e of document.querySelectorAll('#list td:not(.event), #list th, #moves, #side, #title, #steps, header, header *')) {
            if (e.scrollWidth > e.clientWidth + 1) cut.push(e.id || e.className || e.tagName);
        }
        if (document.getElementById('filter').clientWidth < 150) cut.push('filter squeezed');
        for (const e of document.querySelectorAll('#viewer, #viewer *:not(svg *), header, header *')) {
            if (e.getBoundingClientRect().right > width + 1) cut.push('wider: ' + (e.id || e.className || e.tagName));
        }
        return cut.join(', ');
    })()";
    for width in [360, 768, 1920] {
        let bounds = headless_chrome::types::Bounds::Normal {
            left: None,
            top: None,
            width: Some(f64::from(width)),
            height: Some(900.0),
        };
        tab.set_bounds(bounds).unwrap();
        for game in &session.games {
            open(tab, page, &format!("#game={}&ply=0", game.number));
            assert_eq!(eval(tab, overflow), "", "{width} px, game {}", game.number);
        }
        let png = tab
            .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
            .unwrap();
        let path = shots.join(format!("view-{width}px.png"));
        std::fs::write(&path, png).unwrap();
        eprintln!("screenshot: {}", path.display());
    }
}
