//! Throughput of `tgn check` on a generated archive: `cargo bench --bench throughput`.
//!
//! Generates GAMES random Toguz Kumalak games (seeded, so every run reads the same
//! archive) into a temporary file, then times (1) reading and parsing the records and
//! (2) the whole check pipeline (parse + replay on all cores), and prints games/s and
//! MB/s for each, with the process's peak memory. Set `TGN_BENCH_GAMES` to change the
//! number of games (default 100000).

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;

use tgn::commands::{Input, Pipeline, Reading};
use tgn::record::{Encoding, Reader};
use tgn::registry;
use tgn::replay::Detail;

fn main() {
    let games: u64 = std::env::var("TGN_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let game = registry::find("toguz-kumalak").expect("toguz-kumalak is registered");
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("archive.pgn");
    let started = Instant::now();
    {
        let mut out = BufWriter::new(File::create(&path).expect("create archive"));
        for seed in 0..games {
            let record = game
                .engine
                .random_record(game.info, seed, 400)
                .expect("random game");
            out.write_all(record.as_bytes()).expect("write archive");
        }
    }
    let bytes = std::fs::metadata(&path).expect("archive").len();
    let mb = bytes as f64 / 1e6;
    println!(
        "archive: {games} games, {mb:.1} MB, generated in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let file = BufReader::new(File::open(&path).expect("open archive"));
    let mut parsed = 0u64;
    let mut moves = 0usize;
    for record in Reader::new(file, Encoding::Utf8) {
        let record = record.expect("read archive");
        parsed += 1;
        moves += record.moves.len();
    }
    report("parse", parsed, mb, started.elapsed().as_secs_f64());
    assert_eq!(parsed, games);

    let read = Reading::default();
    let pipeline = Pipeline {
        read: &read,
        detail: Detail::ERRORS,
        json: Some(false),
        progress: false,
    };
    let started = Instant::now();
    let mut checked = 0u64;
    let mut invalid = 0u64;
    pipeline
        .run(&[Input::File(path.clone())], |item| {
            checked += 1;
            invalid += u64::from(!item.replay.is_valid());
            Ok(())
        })
        .expect("check archive");
    report(
        "check (parse + replay)",
        checked,
        mb,
        started.elapsed().as_secs_f64(),
    );
    assert_eq!(invalid, 0, "generated games must be valid");
    println!("plies replayed: {moves}");
    if let Some(peak) = peak_memory() {
        println!("peak memory (VmHWM): {peak}");
    }
}

fn report(what: &str, games: u64, mb: f64, seconds: f64) {
    println!(
        "{what:<24} {:>10.0} games/s {:>8.1} MB/s ({seconds:.2} s)",
        games as f64 / seconds,
        mb / seconds
    );
}

/// The process's peak resident memory, from /proc (Linux only).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM"))
        .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
}
