//! `tgn duplicates`: copies of the same game, across files.
//!
//! A game is known by a 128-bit hash of what makes it that game ([`Likeness`]): its
//! game, start position and main-line moves (canonical where they were replayed, as
//! written after a bad move), its result, players and date; never by its text. Each distinct game costs a
//! few dozen bytes however long it is, so a million games fit in tens of megabytes;
//! only the copies found are listed in full.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

use super::select::{GameWriter, Output};
use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, plural, report};
use super::{Reading, Stdout};
use crate::output::human::shown;
use crate::replay::{Detail, Status};

/// What `tgn duplicates` is asked to do.
#[derive(Clone, Debug)]
pub struct DuplicatesSettings {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    /// What two games must share to be copies.
    pub likeness: Likeness,
    /// Write the collection without its copies (keeping the first of each game)
    /// instead of listing them.
    pub drop: bool,
    /// How `--drop` writes the games it keeps.
    pub output: Output,
}

/// What two games must share to be copies of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Likeness {
    /// The same game: the same moves from the same start, the same declared result,
    /// and the same White, Black and Date tags (a tag one game lacks and the other
    /// has is a difference). Games without moves are copies when all their tags and
    /// their result agree: there is nothing else to tell them apart.
    #[default]
    Game,
    /// [`Likeness::Game`], and also the same Event, Site and Round.
    AllTags,
    /// Only the moves from the same start (`--moves-only`): the same line played by
    /// other players, in another event or with another result is a copy. Games
    /// without moves are never copies.
    Moves,
}

impl Likeness {
    /// The tags two copies share.
    fn tags(self) -> &'static [&'static str] {
        match self {
            Likeness::Game => &["White", "Black", "Date"],
            Likeness::AllTags => &["White", "Black", "Date", "Event", "Site", "Round"],
            Likeness::Moves => &[],
        }
    }
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
    fn add(&mut self, item: &Item, likeness: Likeness) -> Option<Place> {
        let key = key(item, likeness)?;
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
            shown(&self.files[place.file as usize]),
            place.line,
            place.index + 1
        )
    }
}

/// The hash a game is known by (see [`Likeness`]); `None` for a game that is never a
/// copy (without moves, when only moves count).
fn key(item: &Item, likeness: Likeness) -> Option<u128> {
    let record = &item.record;
    if record.moves.is_empty() && likeness == Likeness::Moves {
        return None;
    }
    let feed = |hasher: &mut DefaultHasher| {
        item.replay.game.map(|g| g.id).hash(hasher);
        item.replay.start.as_ref().map(|s| &s.position).hash(hasher);
        for (written, replayed) in record.moves.iter().zip(&item.replay.main.nodes) {
            match &replayed.status {
                Status::Played(p) => p.canonical.hash(hasher),
                _ => written.text.hash(hasher),
            }
        }
        record.moves.len().hash(hasher);
        if likeness == Likeness::Moves {
            return;
        }
        record.declared_result().hash(hasher);
        for tag in likeness.tags() {
            record.tag(tag).hash(hasher);
        }
        if record.moves.is_empty() {
            for tag in &record.tags {
                (&tag.name, &tag.value).hash(hasher);
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
    let inputs = expand(&settings.paths, &settings.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    let pipeline = Pipeline {
        read: &settings.read,
        detail: super::filter::most(Detail::MOVES, settings.output.detail()),
        json: None,
        progress: true,
    };
    let mut copies = Copies::default();
    let output = (|| {
        if settings.drop {
            let mut out = GameWriter::new(Stdout::new(), settings.output);
            tally.io_errors += pipeline.run(&inputs, |item| {
                tally.add(&item);
                match copies.add(&item, settings.likeness) {
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
            copies.add(&item, settings.likeness);
            Ok(())
        })?;
        let mut out = Stdout::new();
        for group in &copies.groups {
            writeln!(
                out,
                "{} with the same {} ({}):",
                plural(group.places.len(), "copy"),
                plural(group.plies as usize, "ply"),
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
    report(&format!("duplicates {what} among"), &tally);
    let status = conclude(output, &tally)?;
    Ok(if extra > 0 {
        status.max(RunStatus::Findings)
    } else {
        status
    })
}
