//! Issue 36: how often the "did you mean" search gives back the sheet as played.
//!
//! Slips are made on real and generated sheets (`tgn::replay::mend::slips`: one of
//! each kind per game, at a random token, with a fixed seed); a suggestion gives back
//! the sheet when the sheet it reads replays without error through the same plies,
//! in canonical notation, to the same final position. Counted over the slips that
//! break the sheet (a slip that leaves a valid sheet — the last move of an
//! unfinished game left out — cannot be seen by anyone).
//!
//! - On PlayOK's 1,199 real Toguz Kumalak sheets (`../shared/data`, an ignored test
//!   that `.ci/run` runs): at least 90% top-1 and 98% top-3, the goals of the issue.
//! - In a plain `cargo test`: the same on Toguz sheets of random games, and the
//!   figures of the mill and draughts games, whose notations mark less, printed.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use tgn::internals::{SplitMix, random_record};
use tgn::record::{GameRecord, parse_games};
use tgn::registry;
use tgn::replay::mend;
use tgn::replay::mend::slips::{self, Slip};
use tgn::replay::{Detail, Replay, Settings, Status, replay};

/// A sheet: its tags, its tokens and its end, to write back with a slip.
struct Sheet {
    tags: String,
    tokens: Vec<String>,
    result: String,
    /// The game as played: its canonical moves and final position.
    moves: Vec<String>,
    end: String,
}

impl Sheet {
    fn of(record: &GameRecord, settings: &Settings) -> Option<Sheet> {
        let played = replay(record, settings);
        if !played.is_valid() {
            return None;
        }
        let tags: String = record
            .tags
            .iter()
            .map(|t| format!("[{} \"{}\"]\n", t.name, t.value.replace('"', "\\\"")))
            .collect();
        Some(Sheet {
            tags,
            tokens: record.moves.iter().map(|m| m.text.to_string()).collect(),
            result: record
                .result
                .as_ref()
                .map_or("*".to_string(), |r| r.text.clone()),
            moves: canonical(&played),
            end: played.end.as_ref()?.position.clone(),
        })
    }

    fn text(&self, tokens: &[String]) -> String {
        format!("{}\n{} {}\n", self.tags, tokens.join(" "), self.result)
    }

    /// Whether `tokens` read as this sheet gives back the game as played.
    fn gives_back(&self, tokens: &[String], settings: &Settings) -> bool {
        let record = parse_games(&self.text(tokens), Default::default()).remove(0);
        let again = replay(&record, settings);
        again.is_valid()
            && canonical(&again) == self.moves
            && again.end.as_ref().is_some_and(|e| e.position == self.end)
    }
}

fn canonical(replay: &Replay) -> Vec<String> {
    replay
        .main
        .nodes
        .iter()
        .filter_map(|n| match &n.status {
            Status::Played(p) => Some(p.canonical.clone()),
            _ => None,
        })
        .collect()
}

/// What the slips of one kind came to.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    made: usize,
    /// Slips that left a valid sheet.
    unseen: usize,
    top1: usize,
    top3: usize,
    /// Games where the top suggestion was the only reading in which everything
    /// agrees (what `fix --mend` applies), and of those, where it gave the sheet back.
    unique: usize,
    unique_right: usize,
    seconds: f64,
}

impl Tally {
    fn seen(&self) -> usize {
        self.made - self.unseen
    }

    fn percent(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.seen().max(1) as f64
    }

    fn add(&mut self, other: &Tally) {
        self.made += other.made;
        self.unseen += other.unseen;
        self.top1 += other.top1;
        self.top3 += other.top3;
        self.unique += other.unique;
        self.unique_right += other.unique_right;
        self.seconds += other.seconds;
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name:<30} {:>5} slips {:>4} unseen  top-1 {:>5.1}%  top-3 {:>5.1}%  \
             unique {:>5} ({} wrong)  {:.2} ms a sheet",
            self.made,
            self.unseen,
            self.percent(self.top1),
            self.percent(self.top3),
            self.unique,
            self.unique - self.unique_right,
            1000.0 * self.seconds / self.seen().max(1) as f64,
        )
    }
}

/// Makes one slip of each kind on every sheet and measures the search on them.
fn measure(sheets: &[Sheet], settings: &Settings, seed: u64) -> BTreeMap<Slip, Tally> {
    let mut with = settings.clone();
    with.detail.suggestions = true;
    let mut tallies = BTreeMap::new();
    for (n, sheet) in sheets.iter().enumerate() {
        for (k, kind) in Slip::ALL.into_iter().enumerate() {
            let mut rng = SplitMix::new(seed ^ (n as u64 * 8 + k as u64));
            let Some((slipped, _)) = slips::make(&sheet.tokens, kind, &mut rng) else {
                continue;
            };
            let tally: &mut Tally = tallies.entry(kind).or_default();
            tally.made += 1;
            let record = parse_games(&sheet.text(&slipped), Default::default()).remove(0);
            let started = Instant::now();
            let broken = replay(&record, &with);
            tally.seconds += started.elapsed().as_secs_f64();
            if broken.is_valid() {
                tally.unseen += 1;
                continue;
            }
            let Some(mend) = broken.mend.as_deref() else {
                continue;
            };
            let texts: Vec<&str> = slipped.iter().map(String::as_str).collect();
            let right = |i: usize| {
                mend.suggestions
                    .get(i)
                    .is_some_and(|s| sheet.gives_back(&mend::apply(&texts, s), settings))
            };
            let rights: Vec<bool> = (0..3).map(right).collect();
            tally.top1 += usize::from(rights[0]);
            tally.top3 += usize::from(rights.iter().any(|&r| r));
            if mend.unique().is_some() {
                tally.unique += 1;
                tally.unique_right += usize::from(rights[0]);
            }
        }
    }
    tallies
}

/// The tallies, a line per kind and one for all, printed; the one for all.
fn report(title: &str, tallies: &BTreeMap<Slip, Tally>) -> Tally {
    println!("{title}");
    let mut all = Tally::default();
    for (kind, tally) in tallies {
        println!("  {}", tally.line(kind.name()));
        all.add(tally);
    }
    println!("  {}", all.line("all"));
    all
}

fn settings(game: &str) -> Settings {
    Settings {
        game: Some(game.to_string()),
        detail: Detail::MOVES,
        ..Settings::default()
    }
}

/// Sheets of seeded random games of `game`, at most `plies` plies long.
fn random_sheets(game: &str, games: u64, plies: usize) -> Vec<Sheet> {
    let found = registry::find(game).unwrap();
    let settings = settings(game);
    (0..games)
        .filter_map(|seed| {
            let text = random_record(found, seed, plies).unwrap();
            Sheet::of(&parse_games(&text, Default::default()).remove(0), &settings)
        })
        .filter(|s| s.tokens.len() >= 6)
        .collect()
}

fn assert_goals(all: &Tally) {
    assert!(all.percent(all.top1) >= 90.0, "top-1 below 90%: {all:?}");
    assert!(all.percent(all.top3) >= 98.0, "top-3 below 98%: {all:?}");
    assert_eq!(
        all.unique, all.unique_right,
        "fix --mend would apply a wrong reading"
    );
}

#[test]
#[ignore = "reads ../shared/data (PlayOK's archive); .ci/run runs it"]
fn issue_36_playok_sheets_are_mended_as_played() {
    let path = crate::common::playok();
    let text = std::fs::read_to_string(path).unwrap();
    let settings = settings("toguz-kumalak");
    let sheets: Vec<Sheet> = parse_games(&text, Default::default())
        .iter()
        .filter_map(|r| Sheet::of(r, &settings))
        .collect();
    assert_eq!(sheets.len(), 1199);
    let all = report(
        "PlayOK's Toguz Kumalak sheets",
        &measure(&sheets, &settings, 36),
    );
    assert_goals(&all);
}

#[test]
fn issue_36_random_toguz_sheets_are_mended_as_played() {
    let sheets = random_sheets("toguz-kumalak", 60, 400);
    let settings = settings("toguz-kumalak");
    let all = report(
        "random Toguz Kumalak sheets",
        &measure(&sheets, &settings, 36),
    );
    assert_goals(&all);
}

/// The games whose notations mark less: measured and printed (`cargo test --test integration mend::
/// -- --nocapture`), with a floor well below Toguz's that only a broken search fails.
#[test]
fn issue_36_mill_and_draughts_sheets_are_measured() {
    for game in ["nine-mens-morris", "morabaraba", "pinoy-dama", "zamma"] {
        let sheets = random_sheets(game, 30, 150);
        let all = report(game, &measure(&sheets, &settings(game), 36));
        assert!(all.percent(all.top3) >= 50.0, "{game}: {all:?}");
    }
}

/// The first sheet of PlayOK's archive (as `src/replay/mend/tests.rs` has it), with a
/// slip: `47(55)` for `74(55)` at ply 22.
const SLIPPED: &str = "[Game \"toguz-kumalak\"]\n[Result \"0-1\"]\n\n1. 87(10) 87(10) 2. 22 \
99(22) 3. 23 12(24) 4. 68X 25 5. 79 36(26) 6. 78 93(42) 7. 16 49(46) 8. 86 91X 9. 41 91 \
10. 53 16 11. 92 47(55) 12. 36 92(64) 13. 81 13 14. 89 29 15. 92(22) 49 16. 34 31 17. 91 \
34 18. 71(28) 46 19. 61 12 20. 56 23 21. 56 34 22. 78 45 23. 81 45 24. 92 23 25. 68 34 \
26. 78 12 27. 81(30) 23 28. 91 12 29. 91 12 30. 89 45 31. 91 34 32. 45 45 33. 78 23 34. \
56 12 35. 45 23 36. 56 23 37. 68 35 38. 78 45 39. 81 34 40. 89 12 41. 91 12 42. 91 12 \
43. 67 24 44. 78 23 45. 89 34 46. 91 12 0-1\n";

fn tgn(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tgn"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn issue_36_check_says_what_the_sheet_most_likely_says() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pgn");
    std::fs::write(&path, SLIPPED).unwrap();
    let path = path.to_str().unwrap();
    let human = String::from_utf8(tgn(&["check", path]).stdout).unwrap();
    assert!(
        human.contains(
            "help: did you mean `74(55)` at ply 22 (written `47(55)`)? The sheet then replays \
             to the end (70 more plies) and every mark agrees; it is the only reading"
        ),
        "{human}"
    );
    let json = String::from_utf8(tgn(&["check", "--format", "json", path]).stdout).unwrap();
    let game: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(
        game["suggestions"][0],
        serde_json::json!({"ply": 22, "edit": "replace", "written": "47(55)",
            "correction": "74(55)", "replays_to_end": true, "marks_agree": true,
            "plies_replayed": 92, "then": null})
    );
}

#[test]
fn issue_36_fix_mend_applies_the_one_reading_and_says_so_at_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pgn");
    std::fs::write(&path, SLIPPED).unwrap();
    let path = path.to_str().unwrap();
    let dry = tgn(&["fix", "--mend", "--dry-run", path]);
    let diff = String::from_utf8(dry.stdout).unwrap();
    assert!(
        diff.lines().any(|l| l.starts_with('+')
            && l.contains("11. 92 74(55) {tgn: written 47(55), read as 74(55)} 12. 36")),
        "{diff}"
    );
    assert_eq!(std::fs::read_to_string(path).unwrap(), SLIPPED);
    tgn(&["fix", "--mend", path]);
    let fixed = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        fixed,
        SLIPPED.replace("47(55)", "74(55) {tgn: written 47(55), read as 74(55)}")
    );
    assert!(tgn(&["check", path]).status.success());
}

#[test]
fn issue_36_fix_mend_leaves_a_game_with_several_readings_and_lists_it() {
    // The last move wrong: many readings replay such a short sheet to its end.
    let record =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("records/invalid/toguz-kumalak-wrong-kazan.pgn");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pgn");
    std::fs::copy(&record, &path).unwrap();
    let run = tgn(&["fix", "--mend", "--renumber", path.to_str().unwrap()]);
    let said = String::from_utf8(run.stderr).unwrap();
    assert!(said.contains("game 1 is left as it is by --mend"), "{said}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&record).unwrap()
    );
}

/// `tgn` with `input` on standard input.
fn tgn_stdin(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tgn"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

/// `check` finds a checkpoint of `record` that disagrees.
fn fails_a_checkpoint(record: &str) {
    let checked = tgn_stdin(&["check", "--format", "json", "-"], record);
    assert_eq!(checked.status.code(), Some(1));
    let said = text(&checked);
    assert!(said.contains("\"code\":\"checkpoint\""), "{said}");
}

fn text(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn issue_36_convert_keeps_checkpoint_commands_both_ways() {
    let record =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("records/invalid/toguz-kumalak-checkpoint.pgn");
    let record = record.to_str().unwrap();
    let json = text(&tgn(&["convert", "--to", "jsonl", record]));
    assert!(json.contains("[%kazans 10 12]"), "{json}");
    let pgn = text(&tgn_stdin(
        &["convert", "--from", "json", "--to", "pgn", "-"],
        &json,
    ));
    assert!(pgn.contains("{[%kazans 10 12]}"), "{pgn}");
    // The commands still hold the moves to them after the round trip.
    fails_a_checkpoint(&pgn);
}

#[test]
fn issue_36_annotate_every_n_plies_writes_checkpoints_that_check_holds() {
    let record =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("records/toguz-kumalak/score-sheet.pgn");
    let annotated = text(&tgn(&[
        "annotate",
        "--positions",
        "--every",
        "10",
        record.to_str().unwrap(),
    ]));
    let checkpoints: Vec<&str> = annotated
        .match_indices("[%pos ")
        .map(|(i, _)| &annotated[i..])
        .collect();
    assert!(checkpoints.len() >= 3, "{annotated}");
    assert!(!annotated.contains("start: "), "{annotated}");
    assert!(tgn_stdin(&["check", "-"], &annotated).status.success());
    // A checkpoint changed by one seed is a checkpoint error at its ply.
    let at = annotated.find("[%pos S:").unwrap() + "[%pos S:".len();
    let digit = annotated[at..].find(|c: char| c.is_ascii_digit()).unwrap() + at;
    let mut wrong = annotated.clone();
    let changed = if &annotated[digit..=digit] == "1" {
        "2"
    } else {
        "1"
    };
    wrong.replace_range(digit..=digit, changed);
    fails_a_checkpoint(&wrong);
}

#[test]
fn issue_36_a_runs_budget_for_suggestions_is_spent_in_order_and_said() {
    // Copies of a crowded Pasang board whose every search takes the most it may: the
    // first ones are searched, the rest told the budget was spent, alike on every run.
    let ranks: Vec<String> = (1..=11u8)
        .rev()
        .map(|rank| {
            (1..=11u8)
                .map(|file| match (file, rank) {
                    (6, 6) => '#',
                    (1, 1) => 'W',
                    _ if file % 2 == 0 || rank % 2 == 0 => 'W',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let game = format!(
        "[Game \"pasang\"]\n[Rules \"bell\"]\n[Centre \"1\"]\n[SetUp \"1\"]\n\
         [FEN \"{} 1 0:0 -\"]\n\n1. a1-a1 *\n\n",
        ranks.join("/")
    );
    let file = game.repeat(60);
    let first = tgn_stdin(&["check", "-"], &file);
    let again = tgn_stdin(&["check", "-"], &file);
    assert_eq!(first.stdout, again.stdout);
    let said = text(&first);
    let searched = "note: the search stopped at its budget before trying every edit";
    let skipped = "help: no suggestions: this run's budget for them was spent";
    assert!(said.find(searched) < said.find(skipped), "{said}");
    let skipped = said.matches(skipped).count();
    assert!((1..60).contains(&skipped), "{skipped}");
    // Checked alone, a game is searched as far as a game may be.
    assert!(text(&tgn_stdin(&["check", "-"], &game)).contains(searched));
}

/// SLIPPED as played: the sheet every other slip below is made from.
fn played_sheet() -> String {
    SLIPPED.replace("47(55)", "74(55)")
}

/// `fix --mend` on `sheet`: the file as mended, and what fix said.
fn mended(sheet: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pgn");
    std::fs::write(&path, sheet).unwrap();
    let run = tgn(&["fix", "--mend", path.to_str().unwrap()]);
    let said = String::from_utf8(run.stderr).unwrap();
    let fixed = std::fs::read_to_string(&path).unwrap();
    let strict = tgn(&["check", "--strict", path.to_str().unwrap()]);
    assert!(
        strict.status.success(),
        "the mended sheet fails check --strict:\n{fixed}\n{}",
        String::from_utf8_lossy(&strict.stdout)
    );
    (fixed, said)
}

#[test]
fn issue52_a_ply_inserted_by_mend_is_numbered_as_if_written() {
    let sheet = played_sheet().replace("5. 79 36(26) 6. 78", "5. 79 6. 78");
    let (fixed, said) = mended(&sheet);
    assert!(
        fixed.contains("5. 79 36(26) {tgn: not written, read as 36(26)} 6. 78 93(42)"),
        "{fixed}"
    );
    // Only the numbers the insertion shifted: the rest of the sheet as written.
    assert!(fixed.contains("11. 92 74(55) 12. 36 92(64)"), "{fixed}");
    // The summary counts the games as the fix left them.
    assert!(said.contains("1 valid, 0 invalid"), "{said}");
}

#[test]
fn issue52_a_ply_left_out_by_mend_leaves_the_numbers_right() {
    let sheet = played_sheet().replace("9. 41 91 10.", "9. 41 91 41 10.");
    let (fixed, said) = mended(&sheet);
    assert!(
        fixed.contains("9. 41 91 {tgn: written 41, left out} 10. 53"),
        "{fixed}"
    );
    assert!(said.contains("1 valid, 0 invalid"), "{said}");
}
