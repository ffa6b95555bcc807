//! `tgn duplicates`: games with the same moves, across files.
//!
//! A game is known by a 128-bit hash of its game, start position and main-line moves
//! (canonical where they were replayed, as written after a bad move), and with
//! `--same-tags` its players and event: never by its text. Each distinct game costs a
//! few dozen bytes however long it is, so a million games fit in tens of megabytes;
//! only the copies found are listed in full.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

use super::Reading;
use super::select::{GameWriter, Output};
use super::{Item, Pipeline, RunStatus, Tally, conclude, expand_links, plural, report};
use crate::replay::{Detail, Status};

/// What `tgn duplicates` is asked to do.
#[derive(Clone, Debug)]
pub struct DuplicatesSettings {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    /// Copies must also have the same White, Black and Event tags.
    pub same_tags: bool,
    /// Write the collection without its copies (keeping the first of each game)
    /// instead of listing them.
    pub drop: bool,
    /// How `--drop` writes the games it keeps.
    pub output: Output,
}

/// Where one game stands: which input, its first line and its place in the file.
#[derive(Clone, Copy, Debug)]
struct Place {
    file: u32,
    line: u32,
    index: u32,
}

/// The first copy of a game seen, and its group once a second copy turns up.
struct Seen {
    first: Place,
    group: Option<u32>,
}

/// The copies of one game.
struct Group {
    game: &'static str,
    plies: u32,
    places: Vec<Place>,
}

/// What the run keeps: the files' names and every distinct game's hash.
#[derive(Default)]
struct Copies {
    files: Vec<Arc<str>>,
    seen: HashMap<u128, Seen>,
    groups: Vec<Group>,
    dropped: usize,
}

impl Copies {
    fn place(&mut self, item: &Item) -> Place {
        if self
            .files
            .last()
            .is_none_or(|f| !Arc::ptr_eq(f, &item.file))
        {
            self.files.push(item.file.clone());
        }
        Place {
            file: (self.files.len() - 1) as u32,
            line: item.record.span.line,
            index: item.index as u32,
        }
    }

    /// Counts one game; gives the first copy when it is a copy.
    fn add(&mut self, item: &Item, same_tags: bool) -> Option<Place> {
        let key = key(item, same_tags)?;
        let place = self.place(item);
        match self.seen.entry(key) {
            Entry::Vacant(entry) => {
                entry.insert(Seen {
                    first: place,
                    group: None,
                });
                None
            }
            Entry::Occupied(mut entry) => {
                let seen = entry.get_mut();
                let group = *seen.group.get_or_insert_with(|| {
                    self.groups.push(Group {
                        game: item.replay.game.map_or("unknown", |g| g.id),
                        plies: item.record.moves.len() as u32,
                        places: vec![seen.first],
                    });
                    (self.groups.len() - 1) as u32
                });
                self.groups[group as usize].places.push(place);
                Some(seen.first)
            }
        }
    }

    /// `records/a.pgn:12 (game 3)`.
    fn name(&self, place: Place) -> String {
        format!(
            "{}:{} (game {})",
            self.files[place.file as usize],
            place.line,
            place.index + 1
        )
    }
}

/// The hash a game is known by; `None` for a game without moves (nothing to compare).
fn key(item: &Item, same_tags: bool) -> Option<u128> {
    if item.record.moves.is_empty() {
        return None;
    }
    let feed = |hasher: &mut DefaultHasher| {
        item.replay.game.map(|g| g.id).hash(hasher);
        item.replay.start.as_ref().map(|s| &s.position).hash(hasher);
        for (written, replayed) in item.record.moves.iter().zip(&item.replay.main.nodes) {
            match &replayed.status {
                Status::Played(p) => p.canonical.hash(hasher),
                _ => written.text.hash(hasher),
            }
        }
        item.record.moves.len().hash(hasher);
        if same_tags {
            for tag in ["White", "Black", "Event"] {
                item.record.tag(tag).hash(hasher);
            }
        }
    };
    // Two differently seeded 64-bit hashes: collisions among 10⁹ games stay unlikely.
    let half = |seed: u8| {
        let mut hasher = DefaultHasher::new();
        seed.hash(&mut hasher);
        feed(&mut hasher);
        hasher.finish()
    };
    Some((u128::from(half(1)) << 64) | u128::from(half(2)))
}

pub fn run(settings: &DuplicatesSettings) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand_links(&settings.paths, settings.read.links, &mut tally.io_errors);
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: super::filter::most(Detail::MOVES, settings.output.detail()),
        json: None,
        progress: true,
    };
    let mut copies = Copies::default();
    let stdout = io::stdout();
    let output = (|| {
        if settings.drop {
            let mut out = GameWriter::new(io::BufWriter::new(stdout.lock()), settings.output);
            tally.io_errors += pipeline.run(&inputs, |item| {
                tally.add(&item);
                match copies.add(&item, settings.same_tags) {
                    Some(first) => {
                        copies.dropped += 1;
                        let this = copies.place(&item);
                        eprintln!(
                            "tgn: dropped {}, a copy of {}",
                            copies.name(this),
                            copies.name(first)
                        );
                        Ok(())
                    }
                    None => out.write(&item),
                }
            })?;
            return out.finish();
        }
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            copies.add(&item, settings.same_tags);
            Ok(())
        })?;
        let mut out = io::BufWriter::new(stdout.lock());
        for group in &copies.groups {
            writeln!(
                out,
                "{} with the same {} ({}):",
                plural(group.places.len(), "copy").replace("copys", "copies"),
                plural(group.plies as usize, "ply").replace("plys", "plies"),
                group.game
            )?;
            for place in &group.places {
                writeln!(out, "  {}", copies.name(*place))?;
            }
        }
        out.flush()
    })();
    let extra: usize = copies.groups.iter().map(|g| g.places.len() - 1).sum();
    let what = if settings.drop {
        format!("dropped {}", plural(copies.dropped, "copy"))
    } else {
        format!(
            "found {} of {}",
            plural(extra, "copy"),
            plural(copies.groups.len(), "game")
        )
    };
    report(
        &format!("duplicates {} among", what.replace("copys", "copies")),
        &tally,
    );
    let status = conclude(output, &tally)?;
    Ok(if extra > 0 {
        status.max(RunStatus::Findings)
    } else {
        status
    })
}
