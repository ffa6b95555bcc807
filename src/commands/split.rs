//! `tgn split`: a collection as one file per game, per N games, or per value of a
//! tag, each game exactly as written. File names are safe on every file system:
//! letters, digits, `-`, `_` and `.` only, no reserved Windows name, no leading `-`
//! (an option to the next command), no two names that differ only in case. A file is
//! only ever created anew: a link planted in the directory is never written through.

use std::collections::{HashMap, HashSet};
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use super::select::game_text;
use super::{Item, Pipeline, RunStatus, Tally, conclude, expand, plural, report, shown};
use super::{Reading, open_output};
use crate::replay::Detail;

/// How the games are shared out among files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitBy {
    /// One file per game.
    Game,
    /// A new file every N games.
    Every(usize),
    /// One file per value of the tag (games without it: `no-<Tag>.pgn`).
    Tag(String),
}

/// What `tgn split` is asked to do.
#[derive(Clone, Debug)]
pub struct SplitSettings {
    pub paths: Vec<PathBuf>,
    pub read: Reading,
    pub by: SplitBy,
    /// The directory the files go to (created if missing).
    pub dir: PathBuf,
    /// The start of numbered file names (`game-000001.pgn`).
    pub prefix: String,
    /// Overwrite files that exist already (by default that is an error).
    pub force: bool,
    /// Canonical moves instead of the records as written.
    pub canonical: bool,
}

/// Most files kept open at once when splitting by tag.
const OPEN_FILES: usize = 32;

/// The files of one run.
struct Files<'a> {
    settings: &'a SplitSettings,
    /// File names used so far, lower-cased (names differing only in case collide on
    /// Windows and macOS).
    used: HashSet<String>,
    /// Each tag value's file name (`None`: games without the tag).
    names: HashMap<Option<String>, String>,
    /// Per stem (lower-cased), the suffix its next colliding value tries first: many
    /// values that clean up to one stem cost one try each, not all the taken ones
    /// again (issue 57: 20,000 such games took 78 s).
    next_suffix: HashMap<String, u32>,
    open: HashMap<String, BufWriter<File>>,
    /// Files written.
    created: usize,
}

impl Files<'_> {
    /// The file name of a tag value (`None`: the tag is missing), made unique.
    /// `no-<Tag>.pgn` is kept for games without the tag, so that a game whose value
    /// is literally `no-<Tag>` goes to a file of its own.
    fn name_for_value(&mut self, tag: &str, value: Option<&str>) -> String {
        let key = value.map(str::to_string);
        if let Some(name) = self.names.get(&key) {
            return name.clone();
        }
        let missing = format!("{}.pgn", safe_name(&format!("no-{tag}")));
        let name = match value {
            None => missing,
            Some(value) => {
                let stem = safe_name(value);
                let taken = |name: &str| {
                    let name = name.to_lowercase();
                    self.used.contains(&name) || name == missing.to_lowercase()
                };
                let mut name = format!("{stem}.pgn");
                let next = self.next_suffix.entry(stem.to_lowercase()).or_insert(2);
                while taken(&name) {
                    name = format!("{stem}-{next}.pgn");
                    *next += 1;
                }
                name
            }
        };
        self.names.insert(key, name.clone());
        name
    }

    /// Writes a game to file `name`: created (never over an existing file unless
    /// `--force`) on its first game, appended to after it, games a blank line apart.
    fn write(&mut self, name: &str, text: &str) -> io::Result<()> {
        let numbered = !matches!(self.settings.by, SplitBy::Tag(_));
        if numbered && !self.open.contains_key(name) {
            // Numbered names never come back: forget the last one (memory stays flat).
            self.used.clear();
        }
        let first = self.used.insert(name.to_lowercase());
        if !self.open.contains_key(name) {
            if numbered || self.open.len() >= OPEN_FILES {
                for (_, mut file) in self.open.drain() {
                    file.flush()?;
                }
            }
            let path = self.settings.dir.join(name);
            let file = open_output(&path, first, self.settings.force)?;
            self.created += usize::from(first);
            self.open.insert(name.to_string(), BufWriter::new(file));
        }
        let file = self
            .open
            .get_mut(name)
            .ok_or_else(|| io::Error::other("no file"))?;
        if !first {
            writeln!(file)?;
        }
        writeln!(file, "{text}")
    }

    fn finish(&mut self) -> io::Result<()> {
        for (_, mut file) in self.open.drain() {
            file.flush()?;
        }
        Ok(())
    }
}

pub fn run(settings: &SplitSettings) -> io::Result<RunStatus> {
    let mut tally = Tally::default();
    let inputs = expand(&settings.paths, &settings.read, &mut tally.io_errors)?;
    tally.files = inputs.len();
    fs::create_dir_all(&settings.dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", settings.dir.display())))?;
    let pipeline = Pipeline {
        read: &settings.read,
        detail: if settings.canonical {
            Detail::MOVES
        } else {
            Detail::ERRORS
        },
        json: None,
        progress: true,
    };
    let mut files = Files {
        settings,
        used: HashSet::new(),
        names: HashMap::new(),
        next_suffix: HashMap::new(),
        open: HashMap::new(),
        created: 0,
    };
    let mut count = 0usize;
    let output = (|| {
        tally.io_errors += pipeline.run(&inputs, |item| {
            tally.add(&item);
            let name = file_name(settings, &mut files, &item, count);
            count += 1;
            files.write(&name, &game_text(&item, settings.canonical))
        })?;
        files.finish()
    })();
    report("split", &tally);
    eprintln!(
        "tgn: wrote {} in {}",
        plural(files.created, "file"),
        shown(&settings.dir.display().to_string())
    );
    conclude(output, &tally)
}

/// The file the `count`th game (from 0) goes to.
fn file_name(settings: &SplitSettings, files: &mut Files, item: &Item, count: usize) -> String {
    match &settings.by {
        SplitBy::Game => format!("{}-{:06}.pgn", safe_name(&settings.prefix), count + 1),
        SplitBy::Every(n) => format!(
            "{}-{:06}.pgn",
            safe_name(&settings.prefix),
            count / (*n).max(1) + 1
        ),
        SplitBy::Tag(tag) => {
            let value = item.record.tag(tag).filter(|v| !v.trim().is_empty());
            files.name_for_value(tag, value)
        }
    }
}

/// Names Windows keeps for devices, whatever the extension.
const RESERVED: &[&str] = &["con", "prn", "aux", "nul"];

/// Names Windows keeps for ports when a digit follows: 0 to 9 and the superscripts
/// ¹ ² ³ (Microsoft's "Naming Files, Paths, and Namespaces").
const PORTS: &[&str] = &["com", "lpt"];

/// Whether Windows keeps `stem` (lower-cased, before the first `.`) for a device.
fn reserved(stem: &str) -> bool {
    let port = PORTS.iter().find_map(|port| stem.strip_prefix(port));
    RESERVED.contains(&stem)
        || port.is_some_and(|digit| {
            let mut chars = digit.chars();
            matches!(
                (chars.next(), chars.next()),
                (Some('0'..='9' | '¹' | '²' | '³'), None)
            )
        })
}

/// Longest file name stem written, in bytes (file systems allow 255).
const MAX_STEM: usize = 100;

/// A file name stem from any text: letters and digits (of any script) kept, `-`, `_`
/// and `.` kept, every run of anything else one `_`; no leading or trailing `.` or
/// `_` (hidden files, names Windows trims), at most `MAX_STEM` bytes, never empty,
/// a reserved device name or starting with `-` (an option to `rm`, `mv`, `tgn`…:
/// those get a leading `_`).
pub fn safe_name(text: &str) -> String {
    let mut name = String::new();
    for c in text.chars() {
        let keep = c.is_alphanumeric() || matches!(c, '-' | '_' | '.');
        if keep && name.len() + c.len_utf8() <= MAX_STEM {
            name.push(c);
        } else if !keep && !name.ends_with('_') && name.len() < MAX_STEM {
            name.push('_');
        }
    }
    let name = name.trim_matches(['_', '.']).to_string();
    if name.is_empty() {
        return "_".to_string();
    }
    let device = name.split('.').next().unwrap_or("").to_ascii_lowercase();
    if reserved(&device) || name.starts_with('-') {
        format!("_{name}")
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_on_every_file_system() {
        assert_eq!(
            safe_name("Kazakhstan Open 2025/26: final"),
            "Kazakhstan_Open_2025_26_final"
        );
        assert_eq!(safe_name("Чемпионат РК"), "Чемпионат_РК");
        assert_eq!(safe_name("../../etc/passwd"), "etc_passwd");
        assert_eq!(safe_name("CON"), "_CON");
        assert_eq!(safe_name("nul.txt"), "_nul.txt");
        assert_eq!(safe_name("???"), "_");
        assert_eq!(safe_name("-rf"), "_-rf");
        assert_eq!(safe_name("COM¹.x"), "_COM¹.x");
        assert_eq!(safe_name("lpt0"), "_lpt0");
        assert_eq!(safe_name("COM10"), "COM10");
        assert_eq!(safe_name(&"x".repeat(300)).len(), MAX_STEM);
    }
}
