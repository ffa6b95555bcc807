//! "Did you mean" on a stack of broken score sheets: `cargo bench --bench mend`.
//!
//! 200 sheets (`TGN_BENCH_SHEETS`) of seeded random Toguz Kumalak games, each with
//! one slip of the pen (`mend::slips`, the kinds in turn), checked as `tgn check`
//! checks them: once without suggestions and once with, in one run through the
//! pipeline, so that the run's budget for suggestions is spent as in `tgn check`.
//! Prints the best of 5 runs of each, the time per sheet of the search, and how many
//! sheets got a suggestion (the run's budget reaches every one of real play).

use std::time::{Duration, Instant};

use tgn::commands::{Input, Pipeline, Reading};
use tgn::internals::{SplitMix, random_record};
use tgn::record::parse_games;
use tgn::registry;
use tgn::replay::mend::Cut;
use tgn::replay::mend::slips::{self, Slip};
use tgn::replay::{Detail, Settings, replay};

fn main() {
    let sheets = std::env::var("TGN_BENCH_SHEETS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let text = broken_sheets(sheets);
    let dir = std::env::temp_dir().join(format!("tgn-bench-mend-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("sheets.pgn");
    std::fs::write(&path, &text).expect("write the sheets");
    let (plain, _, _) = best_of(5, &path, false);
    let (with, helped, skipped) = best_of(5, &path, true);
    let searched = with.saturating_sub(plain).as_secs_f64();
    println!(
        "{sheets} broken Toguz Kumalak sheets ({:.0} KB): check {:.3} s without \
         suggestions, {:.3} s with ({:.2} ms a sheet for the search); {helped} got a \
         suggestion, {skipped} were stopped short by the run's budget",
        text.len() as f64 / 1e3,
        plain.as_secs_f64(),
        with.as_secs_f64(),
        searched * 1e3 / sheets as f64,
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `count` random Toguz Kumalak sheets, each with one slip that breaks it.
fn broken_sheets(count: usize) -> String {
    let found = registry::find("toguz-kumalak").expect("toguz-kumalak");
    let info = found.info;
    let settings = Settings {
        game: Some(info.id.to_string()),
        detail: Detail::MOVES,
        ..Settings::default()
    };
    let mut out = String::new();
    let mut made = 0;
    for seed in 0.. {
        if made == count {
            break;
        }
        let text = random_record(found, seed, 150).expect("a random game");
        let record = parse_games(&text, Default::default()).remove(0);
        let tokens: Vec<String> = record.moves.iter().map(|m| m.text.to_string()).collect();
        let kind = Slip::ALL[made % Slip::ALL.len()];
        let mut rng = SplitMix::new(seed);
        let Some((slipped, _)) = slips::make(&tokens, kind, &mut rng) else {
            continue;
        };
        let sheet = format!("[Game \"toguz-kumalak\"]\n\n{} *\n\n", slipped.join(" "));
        let broken = parse_games(&sheet, Default::default()).remove(0);
        if replay(&broken, &settings).is_valid() {
            continue;
        }
        out.push_str(&sheet);
        made += 1;
    }
    out
}

/// The best wall time of `runs` checks of `path`, how many games got suggestions,
/// and how many the run's budget stopped short.
fn best_of(runs: u32, path: &std::path::Path, suggestions: bool) -> (Duration, usize, usize) {
    let read = Reading::default();
    let pipeline = Pipeline {
        read: &read,
        detail: Detail {
            suggestions,
            ..Detail::COUNTS
        },
        json: Some(false),
        progress: false,
    };
    let mut best = Duration::MAX;
    let (mut helped, mut skipped) = (0, 0);
    for _ in 0..runs {
        (helped, skipped) = (0, 0);
        let started = Instant::now();
        pipeline
            .run(&[Input::File(path.to_path_buf())], |item| {
                let mend = item.replay.mend.as_deref();
                helped += usize::from(mend.is_some_and(|m| !m.suggestions.is_empty()));
                skipped += usize::from(mend.is_some_and(|m| m.cut == Some(Cut::Run)));
                Ok(())
            })
            .expect("check the sheets");
        best = best.min(started.elapsed());
    }
    (best, helped, skipped)
}
