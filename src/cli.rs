//! The command line: clap definitions, turned into each subcommand's plain
//! `Options` and handed to [`crate::commands`], which knows nothing of clap's structs. The
//! definitions live in the library so the man pages in `man/` can be generated from
//! them (and checked against them by a test).

// The doc comments below are the help text users read, where `[Game]` names a record
// tag, not a Rust item.
#![allow(rustdoc::broken_intra_doc_links)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::analysis::{Budget, DEFAULT_GAME_NODES, DEFAULT_NODES, Limits, MAX_PLY};
use crate::commands::analyze::AnalyzeFormat;
use crate::commands::annotate::{DiagramOptions, DiagramPlies, Positions};
use crate::commands::check::CheckFormat;
use crate::commands::convert::{ConvertFrom, ConvertTo};
use crate::commands::diagram::Format as DiagramFormat;
use crate::commands::diff::DiffFormat;
use crate::commands::duplicates::{DuplicatesSettings, Likeness};
use crate::commands::filter::FilterSettings;
use crate::commands::fix::{FixSettings, Fixes, Target};
use crate::commands::select::{
    Decided, Output, PgnDate, ResultTest, Selection, TagTest, move_tokens,
};
use crate::commands::split::{SplitBy, SplitSettings};
use crate::commands::summarize::SummaryFormat;
use crate::commands::summarize::{By, BySettings};
use crate::commands::{self, Links, Reading};
use crate::output::csv::TagColumns;
use crate::output::json;
use crate::record::Encoding;
use crate::record::writer::NagStyle;
use crate::registry;
use crate::replay::Settings;
use crate::suggest;

const EXAMPLES: &str = "\
Examples:
  tgn check records/                          validate every record under records/
  tgn check --game toguz-kumalak playok.pgn   read records that carry no [Game] tag
  tgn convert --to json game.pgn > game.json  records as JSON with the position after every move
  tgn annotate --positions game.pgn           canonical moves with what each one did
  tgn analyze game.pgn                        every move judged by a search: ?!, ?, ??
  tgn diff white-sheet.pgn black-sheet.pgn    compare two score sheets of one game
  tgn summarize archive/                      a report over a whole collection
  tgn filter --player Asanova archive/        the games of one player, as written
  tgn duplicates archive/                     copies of the same game, across files
  tgn split --by Event archive.pgn -d events  one file per event
  tgn fix --dry-run archive.pgn               what fix would change (Result tags, numbers)
  tgn games                                   the games tgn knows, their aliases and options

Exit status: 0 when every game is valid (diff: the records agree), 1 when some game is
invalid (diff: they differ), 2 on a usage or I/O error, or when the paths hold no game
at all (unless --allow-empty).";

/// Validate, convert, annotate and compare records of traditional board games.
#[derive(Debug, Parser)]
#[command(name = "tgn", version, after_help = EXAMPLES, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Colour for people: auto (on a terminal only, never in a pipe or a file; NO_COLOR
    /// or CLICOLOR=0 turn it off, CLICOLOR_FORCE on), always or never. JSON and GitHub
    /// output are never coloured.
    // Last of every subcommand's options (before --help), however many there are.
    #[arg(long, global = true, value_name = "WHEN", default_value_t = clap::ColorChoice::Auto, display_order = 900)]
    pub color: clap::ColorChoice,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every move of every game and report what is wrong.
    #[command(after_help = "Examples:
  tgn check records/
  tgn check --format json archive.pgn | jq 'select(.valid | not)'
  tgn check --game toguz-kumalak --option play-out playok.pgn
  cat game.pgn | tgn check --game zamma -
  tgn check --strict score-sheets/

Warnings (a wrong move number, a Result tag that disagrees with the movetext's *, a tag
given twice) are shown and counted but leave a game valid; --strict makes them errors.

Exit status: 0 if every game is valid, 1 if any is invalid, 2 on a usage or I/O error
(also when the paths hold no game at all, unless --allow-empty). When the reader of the
output goes away (tgn check archive/ | head), tgn stops writing but checks every game,
and exits with the status of them all.")]
    Check(CheckArgs),
    /// Convert records to JSON, JSON Lines or PGN-style text (and JSON back to text).
    #[command(after_help = "Examples:
  tgn convert --to json game.pgn > game.json
  tgn convert --to json --states --pretty game.pgn
  tgn convert --to jsonl archive/ > archive.jsonl
  tgn convert --from json --to pgn game.json > game.pgn

A game whose text has a syntax error is written as read, never repaired (in JSON, its
text is kept in \"text\"). A JSON game that text cannot hold as it is (a tag value with
a line break, a move that is not one token, no game at all) is refused, naming its line.

Exit status: 0 if every game is valid, 1 if any is invalid (it is still converted), 2
on a usage or I/O error, or a JSON game refused (the others are still converted). A line
on stderr says how many games were converted.")]
    Convert(ConvertArgs),
    /// Write records back in canonical notation with a comment after every move.
    #[command(after_help = "Examples:
  tgn annotate game.pgn
  tgn annotate --positions game.pgn > annotated.pgn
  tgn annotate --positions --every 10 game.pgn   a [%pos] checkpoint every 10 plies

Exit status: 0 if every game is valid, 1 if any is invalid (it is still written, its
bad move commented), 2 on a usage or I/O error.")]
    Annotate(AnnotateArgs),
    /// Draw one position of a game on its own board, as SVG or PNG.
    #[command(after_help = "Examples:
  tgn diagram -o end.svg game.pgn
  tgn diagram --index 3 --ply 17 -o move17.svg archive.pgn
  tgn diagram --format png -o start.png --ply 0 game.pgn

Every game on its board: pits with their counts (kazans, stores, tuzdyks marked), points
with their pieces, coordinates as the notation names them, the last move highlighted
(from, to, the chain's landings, the pieces taken, the pit sown from) and who is to move.
The SVG names every piece and pit in data- attributes (data-point, data-pit,
data-count). PNG text uses the system's fonts. Without --ply the main line's end is
drawn; a bad move stops it there (said on stderr).

Exit status: 0 when drawn, 2 on a usage or I/O error, or a ply past the end.")]
    Diagram(DiagramArgs),
    /// Write the games as one HTML page to step through in a browser: the list of
    /// games, and each game's board, moves, comments, variations and errors.
    #[command(after_help = "Examples:
  tgn view -o games.html archive/
  tgn view --game toguz-kumalak -o playok.html playok.pgn
  xdg-open 'games.html#game=3&ply=17'

The page is self-contained (its style, script and data inline; nothing is fetched), so
it opens from a file. Click a game in the list (or filter it), then step with the
buttons, the keys (Left, Right, Home, End) or a click on a move; the last move is
highlighted on the board and in the list. An invalid game shows its error (line:column
and message) at its ply, over the position before the bad move. Variations are shown in
the list, not stepped through. The fragment #game=G&ply=K opens game G (from 1, counted
over the page) at ply K, and follows every step. The page holds the moves and, per ply,
only what changes on the board: an archive of a thousand games stays a few megabytes.

Exit status: 0 if every game is valid, 1 if any is invalid (it is still shown), 2 on a
usage or I/O error.")]
    View(ViewArgs),
    /// Judge every move with a search: the evaluation before and after it, the best
    /// move, and ?!, ? or ?? where it loses.
    #[command(after_help = "Examples:
  tgn analyze game.pgn
  tgn analyze --depth 8 game.pgn > analyzed.pgn
  tgn analyze --nodes 100000 --format json archive/ > analysis.jsonl
  tgn analyze --movetime 200 --hash 64 game.pgn

Scores are the mover's lead in the game's own whole unit, never hundredths or a
percentage: stones in Toguz Kumalak, seeds, points, pieces, men or prey taken
elsewhere (`tgn games ID` names each game's; docs/guide.md#analysis). A forced result
reads \"wins in N\" or \"loses in N\" (plies), a proved draw \"draws\". A move is
marked ?! ($6), ? ($2) or ?? ($4) when it drops the mover's expected score (a win 1, a
draw 1/2, a loss 0) by at least 5, 10 or 15 points; --glyphs writes the marks as
glyphs (by default on a terminal only). Only the main line is searched, up to a
record's first error. With --depth or --nodes the output is the same on every run and
every number of threads; --movetime is not. Without a budget: --nodes 5000.

Exit status: 0 if every game is valid, 1 if any is invalid (it is analyzed up to its
error), 2 on a usage or I/O error.")]
    Analyze(AnalyzeArgs),
    /// Compare two records of the same games (e.g. the two players' score sheets).
    #[command(after_help = "Examples:
  tgn diff white-sheet.pgn black-sheet.pgn
  tgn diff --game toguz-kumalak round1-a.pgn round1-b.pgn
  tgn diff --format json white-sheet.pgn black-sheet.pgn

Games are paired by their Event, Round, White and Black tags when these tell them
apart, else in order. The moves of each pair are aligned as written: plies missing
from B, extra in B, written differently, and where the sheets agree again. A and B
are two files (a directory is a usage error).

Exit status: 0 if the records agree, 1 if they differ, 2 on a usage or I/O error.")]
    Diff(DiffArgs),
    /// Report on a collection: games, validity, results, lengths, openings, errors.
    #[command(after_help = "Examples:
  tgn summarize archive/
  tgn summarize --format json archive/ > summary.json
  tgn summarize --by player archive/
  tgn summarize --by event --format json archive/

Exit status: 0 if every game is valid, 1 if any is invalid (it is counted in the
report), 2 on a usage or I/O error.")]
    Summarize(SummarizeArgs),
    /// Write the games that match: by tag, player, result, validity, game, length, date,
    /// a position reached or the first moves.
    #[command(after_help = "Examples:
  tgn filter --tag White=Asanova archive/ > asanova-white.pgn
  tgn filter --player '^asanova' --result 1-0 --result 0-1 archive/
  tgn filter --tag Event='Open 2025' --tag Site=Almaty --any archive/
  tgn filter --invalid archive/ > to-check.pgn
  tgn filter --game toguz-kumalak --moves '1. 76 76' playok.pgn
  tgn filter --reaching 'S:9,9,9,9,1,10,10,10,10/N:10,10,10,0,9,9,9,9,9/K:10,0/T:-,-/M:N' a.pgn
  tgn filter --since 2025.03 --until 2025.06.30 --min-plies 20 --format jsonl archive/

Every test given must pass; --any makes the --tag and --player tests pass when one of them
does. --tag Name=REGEX matches a regular expression anywhere in the value (write ^…$ for
the whole value; (?i) ignores case), --tag Name only asks for the tag; tag names compare in
any case, unknown tags included. --player matches White or Black, ignoring case. Records
are written exactly as read (comments, tags, layout) unless --canonical. A position for
--reaching is compared on its board part (move counters do not matter), written as tgn
annotate --positions shows it.

Exit status: 0 if every game read is valid, 1 if any is invalid (invalid games are
selected like any other: --valid leaves them out), 2 on a usage or I/O error. A line on
stderr says how many games were written.")]
    Filter(FilterArgs),
    /// Find copies of the same game, across files (or write the collection without
    /// them).
    #[command(after_help = "Examples:
  tgn duplicates archive/
  tgn duplicates --same-tags club-2024.pgn club-2025.pgn
  tgn duplicates --drop archive/ > archive-unique.pgn

Two games are copies when they are the same game: of the same game from the same start,
their main lines with the same moves (compared in canonical notation, so 76 and 76(10)
are one move), the same declared result and the same White, Black and Date tags (a tag
one game has and the other lacks is a difference). --same-tags also asks for the same
Event, Site and Round; --moves-only asks for the moves alone (other players, dates or
results do not matter). Games without moves are copies when all their tags and result
agree (never with --moves-only). Only a 128-bit hash of each game is kept, so a million
games need some tens of megabytes. --drop writes every game but the later copies,
exactly as written, and names each copy dropped on stderr.

Exit status: 0 if no copies were found and every game is valid, 1 if copies were found
or a game is invalid, 2 on a usage or I/O error.")]
    Duplicates(DuplicatesArgs),
    /// Write a collection as one file per game, per N games or per value of a tag.
    #[command(after_help = "Examples:
  tgn split archive.pgn -d games                  games/game-000001.pgn, …
  tgn split --every 1000 archive.pgn -d parts
  tgn split --by Event archive/ -d events         events/Kazakhstan_Open_2025.pgn, …

Each game is written exactly as read (--canonical: export format with canonical moves).
File names keep letters and digits of any script, -, _ and .; every other run of
characters becomes _, Windows device names (CON, NUL…) get a leading _, names that
differ only in case get a number. Games without the --by tag go to no-<Tag>.pgn. An
existing file is never overwritten without --force.

Exit status: 0 if every game is valid, 1 if any is invalid (it is written all the
same), 2 on a usage or I/O error.")]
    Split(SplitArgs),
    /// Rewrite records in place: Result tags, move numbers, tag order, canonical moves.
    #[command(after_help = "Examples:
  tgn fix --dry-run archive.pgn               show what would change, as a diff
  tgn fix archive.pgn                         fix it in place
  tgn fix --results playok.pgn -o fixed.pgn   only the results, to a new file
  tgn fix --canonical --game toguz-kumalak sheet.pgn
  tgn fix --mend --dry-run sheets.pgn         what the sheets' slips would read as

Without a choice of fixes, fix sets missing or wrong [Result] tags (from the board
when it decided the game, else from the movetext's result; a movetext that lacks or
contradicts the board's result gets it too), renumbers move numbers and puts the Seven
Tag Roster first in its order; --canonical also writes moves in canonical notation.
A move is never changed (but by --mend, which says so in a comment at the move; a mended
game gets no other fix in that run), and a game with a syntax error is left as it is. Everything
not fixed is kept byte for byte, and a file with nothing to fix is not touched. Files
are written to a temporary file in the same directory, then renamed over the original,
so an interrupted run loses nothing (SIGINT and SIGTERM remove the temporary file).
The fixed file keeps the owner, group and mode of the original; a symbolic link's
target is fixed, the link stays a link. A file with other names (hard links), a
read-only one (unless --force) and one whose owner could not be kept are left as they
are. Standard input goes to standard output.

Exit status: 0 if every game is valid, 1 if any is invalid (the fixes that can be made
are made; --dry-run: also when something would change), 2 on a usage or I/O error, or
when a file is refused.")]
    Fix(FixArgs),
    /// List the games tgn knows and their aliases, or one game's options, presets and
    /// rules document.
    #[command(after_help = "Examples:
  tgn games                    every game: its id, name and aliases
  tgn games morabaraba         one game: its options, presets and rules document
  tgn games --format json      every game in full, for programs

The list is wrapped to the terminal's width (COLUMNS when set; 80 in a pipe).

Exit status: 0, or 2 for a game tgn does not know.")]
    Games(GamesArgs),
    /// Print the JSON Schema of an output, self-contained, for any validator.
    #[command(after_help = "Examples:
  tgn schema                the schemas and what each validates
  tgn schema check          the schema of a check line (> check.schema.json)

then, for example: python3 -m jsonschema -i line.json check.schema.json

The files in docs/schema/ refer to each other (a check line's outcome is defined in
game.schema.json), which a validator follows only with a registry built by hand. The
schema printed holds in its own $defs every definition it refers to: a validator
needs nothing else.

Exit status: 0, or 2 for a name no schema has.")]
    Schema {
        /// The schema: game, check, summary, diff, analysis-summary or games.
        #[arg(value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(
            crate::output::schema::SCHEMAS.map(|(name, _, _)| name)))]
        name: Option<String>,
    },
    /// Write the completion script of a shell (bash, zsh, fish, powershell, elvish).
    #[command(after_help = "Examples:
  tgn completions bash     for bash: source it from ~/.bashrc
  tgn completions zsh      for zsh: save it as _tgn in a directory of $fpath
  tgn completions fish     for fish: save it as ~/.config/fish/completions/tgn.fish

Exit status: 0, or 2 when the script cannot be written.")]
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// How records are read: shared by every subcommand that reads records.
#[derive(Debug, Args, Clone)]
pub struct ReadArgs {
    /// Game of records without a [Game], [Variant] or [GameType] tag (an id or alias).
    #[arg(long, value_name = "GAME", value_parser = GameName(parse_game), hide_possible_values = true)]
    pub game: Option<String>,
    /// Set a game option for every record, overriding its tag (repeatable):
    /// `--option play-out`, `--option no-return=mill`. See `tgn games`.
    #[arg(short = 'O', long = "option", value_name = "NAME[=VALUE]", value_parser = OptionName,
          hide_possible_values = true)]
    pub options: Vec<String>,
    /// Character encoding of the input: utf-8 (default), windows-1251, latin-1.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding, default_value = "utf-8")]
    pub encoding: Encoding,
    /// Treat every warning (a wrong move number, a Result tag that disagrees with the
    /// movetext's `*`, a tag given twice) as an error: what an arbiter wants.
    #[arg(long)]
    pub strict: bool,
    /// Accept paths that hold no game at all (by default that is an error, exit 2: a
    /// mistyped path must not pass CI), and directories without a record file (alone,
    /// an error; beside other records, a warning).
    #[arg(long)]
    pub allow_empty: bool,
    /// Skip the symbolic links met inside a directory, and say on stderr how many (by
    /// default they are followed; a loop, or a record's link that leads nowhere, is an
    /// error naming it). A path named on the command line is always read.
    #[arg(long)]
    pub no_follow: bool,
}

impl ReadArgs {
    /// The reading these flags ask for.
    pub fn reading(&self) -> Reading {
        Reading {
            replay: Settings {
                game: self.game.clone(),
                options: self
                    .options
                    .iter()
                    .map(|o| match o.split_once('=') {
                        Some((name, value)) => (name.trim().to_string(), value.trim().to_string()),
                        None => (o.trim().to_string(), String::new()),
                    })
                    .collect(),
                detail: Default::default(),
                strict: self.strict,
            },
            encoding: self.encoding,
            allow_empty: self.allow_empty,
            links: if self.no_follow {
                Links::Skip
            } else {
                Links::Follow
            },
        }
    }
}

impl Command {
    /// The reading flags of a command that reads records.
    fn read_args(&self) -> Option<&ReadArgs> {
        match self {
            Command::Check(a) => Some(&a.read),
            Command::Convert(a) => Some(&a.read),
            Command::Annotate(a) => Some(&a.read),
            Command::Diagram(a) => Some(&a.read),
            Command::View(a) => Some(&a.read),
            Command::Analyze(a) => Some(&a.read),
            Command::Diff(a) => Some(&a.read),
            Command::Summarize(a) => Some(&a.read),
            Command::Filter(a) => Some(&a.read),
            Command::Duplicates(a) => Some(&a.read),
            Command::Split(a) => Some(&a.read),
            Command::Fix(a) => Some(&a.read),
            Command::Games(_) | Command::Completions { .. } | Command::Schema { .. } => None,
        }
    }
}

impl ReadArgs {
    /// An `--option` value no game takes, or one the `--game` does not read: a usage
    /// error before any record is read, not every game invalid (issue 57).
    fn refused_option(&self) -> Option<String> {
        let game = self.game.as_deref().and_then(registry::find);
        registry::refused_option(game, &self.reading().replay.options)
    }
}

/// `--game` must name a game tgn knows: a typo is a usage error, not 1,000 bad games.
fn parse_game(name: &str) -> Result<String, String> {
    if registry::find(name).is_some() {
        return Ok(name.to_string());
    }
    Err(match registry::suggest(name) {
        Some(id) => {
            format!("unknown game {name:?}; did you mean {id:?}? (tgn games lists them all)")
        }
        None => {
            let known: Vec<&str> = registry::all_games().map(|g| g.info.id).collect();
            format!("unknown game {name:?}; tgn knows {}", known.join(", "))
        }
    })
}

/// Every option some game reads, once each, in order of name.
fn option_names() -> Vec<&'static crate::games::OptionSpec> {
    let mut known: Vec<_> = registry::every_option().collect();
    known.sort_by_key(|o| o.name);
    known.dedup_by_key(|o| o.name);
    known
}

/// `--option` must name an option some game reads (values are checked per record).
fn parse_option(text: &str) -> Result<String, String> {
    let name = text.split_once('=').map_or(text, |(n, _)| n).trim();
    let known: Vec<&str> = option_names().iter().map(|o| o.name).collect();
    if known.contains(&name) {
        return Ok(text.to_string());
    }
    Err(match suggest::nearest(name, known.iter().copied()) {
        Some(near) => format!(
            "unknown option {name:?}; did you mean {near:?}? (tgn games ID lists a game's options)"
        ),
        None => format!(
            "unknown option {name:?}; the games read {}",
            known.join(", ")
        ),
    })
}

/// `--game`'s parser: [`parse_game`], and the game ids as the values a shell's
/// completion offers (`tgn check --game <TAB>`); hidden from `--help`, which would
/// list them for every subcommand.
#[derive(Clone)]
struct GameName<T>(fn(&str) -> Result<T, String>);

impl<T: Clone + Send + Sync + 'static> TypedValueParser for GameName<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        self.0.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(registry::all_games().map(|found| {
            PossibleValue::new(found.info.id).help(found.info.name)
        })))
    }
}

/// `--option`'s parser: [`parse_option`], and every option's name as the values a
/// shell's completion offers (`-O <TAB>`), each with its help.
#[derive(Clone)]
struct OptionName;

impl TypedValueParser for OptionName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        parse_option.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            option_names()
                .into_iter()
                .map(|o| PossibleValue::new(o.name).help(o.help)),
        ))
    }
}

fn parse_encoding(name: &str) -> Result<Encoding, String> {
    Encoding::from_name(name)
        .ok_or_else(|| format!("unknown encoding {name:?}; use utf-8, windows-1251 or latin-1"))
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Record files, directories (searched for .pgn, .tgn, .pdn files) or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Output: human diagnostics, JSON Lines (one object per game), or GitHub annotations.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
    /// Print only the summary line (human format).
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print a line per game: its result, how it ended and the final position.
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    /// Input format: pgn-style text, or JSON / JSON Lines written by `tgn convert`.
    /// Default: json for files ending in .json or .jsonl, else pgn.
    #[arg(long, value_enum)]
    pub from: Option<ConvertFrom>,
    /// JSON: also the game's structured state at the start and after every move (most
    /// of the size; the position string after every move is always there).
    #[arg(long)]
    pub states: bool,
    /// JSON: indented for people (--to json only; else one line per game).
    #[arg(long)]
    pub pretty: bool,
    /// CSV: the tags with a column of their own after the fixed columns: all (every tag
    /// the records hold beyond the standard seven, sorted by name; the default), none,
    /// or a comma-separated list (WhiteElo,BlackElo,TimeControl), in its order.
    #[arg(long, value_name = "all|none|LIST", value_parser = parse_tag_columns)]
    pub tags: Option<TagColumns>,
    /// CSV: a last column, `moves`, with the main line's moves as written, separated by
    /// spaces.
    #[arg(long)]
    pub moves: bool,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// `--tags all`, `--tags none` or `--tags WhiteElo,BlackElo`.
fn parse_tag_columns(text: &str) -> Result<TagColumns, String> {
    match text {
        "all" => return Ok(TagColumns::All),
        "none" => return Ok(TagColumns::None),
        _ => {}
    }
    let names: Vec<String> = text.split(',').map(|n| n.trim().to_string()).collect();
    if let Some(bad) = names.iter().find(|name| {
        name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    }) {
        return Err(format!(
            "'{bad}' is not a tag name: all, none, or tag names separated by commas \
             (WhiteElo,BlackElo)"
        ));
    }
    Ok(TagColumns::Listed(names))
}

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Add the position string after every move.
    #[arg(long)]
    pub positions: bool,
    /// With --positions: write the position only every N plies, as a checkpoint
    /// `[%pos POSITION]` that `check` holds the moves to.
    #[arg(long, value_name = "N", requires = "positions",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,
    /// Write SVG diagrams of the start and the plies of the main line into DIR (made if
    /// missing; as FILE-GAME-PLY.svg; FILE gets .2, .3… when an earlier input had its name) and
    /// name each in a comment after its move. By default every ply, or a game's plies
    /// spread as far as its limits allow (1,000 diagrams and 20 MB a game, 10,000 and
    /// 200 MB a run).
    #[arg(long, value_name = "DIR")]
    pub diagrams: Option<PathBuf>,
    /// Draw only these plies: numbers and `end`, comma-separated (0 is the start).
    #[arg(long, value_name = "LIST", requires = "diagrams", value_parser = parse_plies)]
    pub diagram_plies: Option<DiagramPlies>,
    /// Draw the start, every Nth ply and the last.
    #[arg(long, value_name = "N", requires = "diagrams", conflicts_with = "diagram_plies",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub diagram_every: Option<u32>,
    /// Replace diagram files that exist (else an existing file is an error).
    #[arg(long, requires = "diagrams")]
    pub force: bool,
    /// NAGs as people read them: `?`, `?!`, `??`, `!`, `!?` after the move (auto: on a
    /// terminal only; in a file or a pipe `$2`, `$6`… as PGN's export format writes
    /// them), always or never. Both read back as the same NAG.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = Glyphs::Auto)]
    pub glyphs: Glyphs,
    #[command(flatten)]
    pub read: ReadArgs,
}

impl AnnotateArgs {
    fn diagram_options(&self) -> Option<DiagramOptions> {
        let plies = match (&self.diagram_plies, self.diagram_every) {
            (Some(plies), _) => plies.clone(),
            (None, Some(n)) => DiagramPlies::Every(n),
            (None, None) => DiagramPlies::All,
        };
        Some(DiagramOptions {
            dir: self.diagrams.clone()?,
            plies,
            force: self.force,
        })
    }
}

/// When NAGs are written as glyphs (`--glyphs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Glyphs {
    Auto,
    Always,
    Never,
}

impl Glyphs {
    /// Auto: glyphs for a terminal, where people read the records; codes for a file
    /// or a pipe, where the next reader may be any PGN program.
    fn style(self) -> NagStyle {
        let glyphs = match self {
            Glyphs::Auto => std::io::IsTerminal::is_terminal(&std::io::stdout()),
            Glyphs::Always => true,
            Glyphs::Never => false,
        };
        if glyphs {
            NagStyle::Glyphs
        } else {
            NagStyle::Codes
        }
    }
}

/// `--diagram-plies 0,10,20,end`.
fn parse_plies(text: &str) -> Result<DiagramPlies, String> {
    let mut plies = Vec::new();
    let mut end = false;
    for part in text.split(',').map(str::trim) {
        match part {
            "end" => end = true,
            number => plies.push(number.parse::<u32>().map_err(|_| {
                format!("'{part}' is not a ply: plies are numbers (0 is the start) or end")
            })?),
        }
    }
    Ok(DiagramPlies::Plies { plies, end })
}

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Search each position this many plies deep (at most).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=255))]
    pub depth: Option<u32>,
    /// Search each position at most this many nodes (the first ply is always searched).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search each position at most this many milliseconds (not reproducible).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search each game at most this many nodes over all its positions; past them
    /// the rest of the game is not analyzed, and the output says from which ply.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAME_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub game_nodes: u64,
    /// Stop the whole run's analysis after this many seconds: the games and plies
    /// not reached by then are written without analysis, and stderr says from which
    /// ply (not reproducible, as --movetime).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time_limit: Option<u64>,
    /// The transposition table of each game searched at once, in MB (one per thread).
    #[arg(long, value_name = "MB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// Output: the records with comments and NAGs, or JSON Lines (one game a line, each
    /// move with its "eval").
    #[arg(long, value_enum, default_value_t = AnalyzeFormat::Pgn)]
    pub format: AnalyzeFormat,
    /// Instead of the records: per player the moves judged, the average loss, the ?!, ?
    /// and ?? and an accuracy (moves losing nothing against the best), per game how
    /// often the first player played the best move (tables, or one JSON object).
    #[arg(long)]
    pub summary: bool,
    /// NAGs as people read them: `?`, `?!`, `??`, `!`, `!?` after the move (auto: on a
    /// terminal only; in a file or a pipe `$2`, `$6`… as PGN's export format writes
    /// them), always or never. Both read back as the same NAG.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = Glyphs::Auto)]
    pub glyphs: Glyphs,
    #[command(flatten)]
    pub read: ReadArgs,
}

impl AnalyzeArgs {
    /// The search's limits: what was given; nothing given, [`DEFAULT_NODES`].
    fn limits(&self) -> Limits {
        let none = self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none();
        Limits {
            budget: Budget {
                depth: self.depth.unwrap_or(MAX_PLY as u32 - 1),
                nodes: self.nodes.or(none.then_some(DEFAULT_NODES)),
                time: self.movetime.map(Duration::from_millis),
                most: None,
            },
            game_nodes: Some(self.game_nodes),
            hash_bytes: usize::try_from(self.hash << 20).unwrap_or(usize::MAX),
            deadline: self
                .time_limit
                .and_then(|s| Instant::now().checked_add(Duration::from_secs(s))),
        }
    }
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first record file (or - for stdin).
    pub a: PathBuf,
    /// The second record file.
    pub b: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Output: a report for people, or JSON: per game pair, the tags and the moves
    /// aligned as a list of steps (equal, missing, extra, changed).
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    pub format: DiffFormat,
}

#[derive(Debug, Args)]
pub struct SummarizeArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Output: tables for people, or JSON with the same data.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Table)]
    pub format: SummaryFormat,
    /// How many openings and errors to list.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    /// A line per player (games, score, results as White and as Black) or per event
    /// (games, validity, results, dates, players) instead of the overall report.
    #[arg(long, value_enum, value_name = "GROUP")]
    pub by: Option<SummaryBy>,
}

/// Lets clap read a subcommand's own enum by the names the command line writes (the
/// commands know nothing of clap; the names and their help are the command line's).
macro_rules! value_enum {
    ($type:ty { $($variant:ident => $name:literal $(: $help:literal)?),* $(,)? }) => {
        impl ValueEnum for $type {
            fn value_variants<'a>() -> &'a [Self] {
                &[$(Self::$variant),*]
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(match self {
                    $(Self::$variant => clap::builder::PossibleValue::new($name)$(.help($help))?,)*
                })
            }
        }
    };
}

/// `tgn games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// One game (an id or alias): its options, presets and rules document.
    #[arg(value_name = "GAME", value_parser = GameName(parse_game), hide_possible_values = true)]
    pub game: Option<String>,
    /// Output: text for people, or JSON (every game, or the one named, in full).
    #[arg(long, value_enum, default_value_t = GamesListFormat::Text)]
    pub format: GamesListFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GamesListFormat {
    Text,
    Json,
}

/// `tgn diagram`.
#[derive(Debug, Args)]
pub struct DiagramArgs {
    /// The record file (or - for stdin).
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub index: usize,
    /// The position after this many plies of the main line (0: the start).
    #[arg(long, value_name = "K", conflicts_with = "end")]
    pub ply: Option<u32>,
    /// The position at the end of the main line (the default).
    #[arg(long)]
    pub end: bool,
    /// Write the picture to FILE (else to stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// SVG, or PNG rendered from it.
    #[arg(long, value_enum, default_value_t = DiagramFormat::Svg)]
    pub format: DiagramFormat,
    /// The PNG's longer side in pixels, 16 to 4096 (else the SVG's own size; an SVG
    /// scales by itself).
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(16..=i64::from(commands::diagram::MAX_PNG_SIZE)))]
    pub size: Option<u32>,
    #[command(flatten)]
    pub read: ReadArgs,
}

impl DiagramArgs {
    /// The options these flags ask for.
    pub fn options(self) -> commands::diagram::Options {
        commands::diagram::Options {
            read: self.read.reading(),
            path: self.path,
            index: self.index,
            stop: self.ply.map_or(
                crate::replay::diagram::Stop::End,
                crate::replay::diagram::Stop::Ply,
            ),
            output: self.output,
            format: self.format,
            size: self.size,
        }
    }
}

/// `tgn view`.
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write the page to FILE (else to stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
}

value_enum!(CheckFormat { Human => "human", Json => "json", Github => "github" });
value_enum!(DiffFormat { Human => "human", Json => "json" });
value_enum!(AnalyzeFormat { Pgn => "pgn", Json => "json" });
value_enum!(SummaryFormat { Table => "table", Json => "json" });
value_enum!(ConvertTo {
    Json => "json": "One JSON array of games",
    Jsonl => "jsonl": "One JSON object per game per line",
    Pgn => "pgn": "PGN-style text",
    Csv => "csv": "One row per game (RFC 4180): tags, verdict, outcome, first error",
});
value_enum!(ConvertFrom { Pgn => "pgn", Json => "json" });
value_enum!(DiagramFormat {
    Svg => "svg": "SVG text: scalable, printable, its pieces and pits named in `data-` attributes",
    Png => "png": "A PNG image of the SVG (coordinates in the system's fonts, if it has any)",
});

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SummaryBy {
    Player,
    Event,
}

#[derive(Debug, Args)]
pub struct FilterArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// A tag test (repeatable): `Name=REGEX` (the value matches) or `Name` (the tag is
    /// there).
    #[arg(long, value_name = "NAME[=REGEX]", value_parser = TagTest::parse)]
    pub tag: Vec<TagTest>,
    /// A player in either colour, a regular expression ignoring case (repeatable: all
    /// must play).
    #[arg(long, value_name = "REGEX", value_parser = parse_player)]
    pub player: Vec<regex::Regex>,
    /// Combine the --tag and --player tests with "or" instead of "and".
    #[arg(long)]
    pub any: bool,
    /// The declared result (repeatable): 1-0, 0-1, 1/2-1/2, * or none.
    #[arg(long, value_name = "RESULT", value_parser = ResultTest::parse)]
    pub result: Vec<ResultTest>,
    /// How the result came about (repeatable).
    #[arg(long, value_enum, value_name = "HOW")]
    pub decided: Vec<DecidedArg>,
    /// Only valid games.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,
    /// Only invalid games.
    #[arg(long)]
    pub invalid: bool,
    /// Only games of this game (an id or alias; repeatable).
    #[arg(long, value_name = "GAME", value_parser = GameName(parse_game_id), hide_possible_values = true)]
    pub only_game: Vec<&'static str>,
    /// At least this many main-line plies replayed.
    #[arg(long, value_name = "N")]
    pub min_plies: Option<u32>,
    /// At most this many main-line plies replayed.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<u32>,
    /// [Date] on or after this day (2025, 2025.03 or 2025.03.14).
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub since: Option<PgnDate>,
    /// [Date] on or before this day.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    pub until: Option<PgnDate>,
    /// Games whose main line reaches this position (a position string).
    #[arg(long, value_name = "POSITION")]
    pub reaching: Option<String>,
    /// Games whose main line starts with these moves (as written or canonical).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Write the games that do not match.
    #[arg(long)]
    pub invert: bool,
    /// Write records in export format with canonical moves instead of as written.
    #[arg(long)]
    pub canonical: bool,
    /// Output: records (as written), JSON or JSON Lines (as `convert` writes them).
    #[arg(long, value_enum, default_value_t = GamesFormat::Records)]
    pub format: GamesFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DecidedArg {
    /// The position ended the game.
    Board,
    /// A result the position does not decide (resignation, time, agreement).
    Declared,
    /// No result.
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GamesFormat {
    Records,
    Json,
    Jsonl,
}

impl GamesFormat {
    fn output(self, canonical: bool) -> Output {
        match self {
            GamesFormat::Records if canonical => Output::Canonical,
            GamesFormat::Records => Output::Records,
            GamesFormat::Json => Output::Json,
            GamesFormat::Jsonl => Output::Jsonl,
        }
    }
}

impl FilterArgs {
    /// The filter these flags ask for.
    ///
    /// # Errors
    /// A `--moves` that no game in question reads (a usage error: it would match
    /// nothing). (A `--reaching` position is read with each record's options, so
    /// `filter` judges it as it reads: see [`Selection::reaching_read_by`].)
    pub fn settings(&self) -> Result<FilterSettings, String> {
        let moves = self.moves.as_deref().map(move_tokens).unwrap_or_default();
        if self.moves.is_some() {
            self.read_by_a_game("--moves", |found| {
                if moves.is_empty() {
                    return Err("no move given".to_string());
                }
                moves
                    .iter()
                    .try_for_each(|m| found.reads_move(m).map_err(|e| format!("`{m}`: {e}")))
            })?;
        }
        Ok(self.selection(moves))
    }

    /// Whether `reads` accepts the value of `flag` for one of the games in question
    /// (`--only-game`, else `--game`, else every game); else the usage error naming
    /// what the game (or each game) said.
    fn read_by_a_game(
        &self,
        flag: &str,
        reads: impl Fn(registry::Found) -> Result<(), String>,
    ) -> Result<(), String> {
        let named: Vec<&str> = if self.only_game.is_empty() {
            self.read.game.iter().map(String::as_str).collect()
        } else {
            self.only_game.clone()
        };
        let games: Vec<registry::Found> = if named.is_empty() {
            registry::all_games().collect()
        } else {
            named.iter().filter_map(|g| registry::find(g)).collect()
        };
        let mut refusals = Vec::new();
        for found in &games {
            match reads(*found) {
                Ok(()) => return Ok(()),
                Err(e) => refusals.push(format!("{}: {e}", found.info.id)),
            }
        }
        Err(match refusals.as_slice() {
            [one] => format!("{flag}: {one}"),
            _ => format!(
                "{flag}: no game tgn knows reads it (name the game with --game or --only-game to see why)"
            ),
        })
    }

    fn selection(&self, moves: Vec<String>) -> FilterSettings {
        let selection = Selection {
            tags: self.tag.clone(),
            players: self.player.clone(),
            any: self.any,
            results: self.result.clone(),
            decided: self
                .decided
                .iter()
                .map(|d| match d {
                    DecidedArg::Board => Decided::Board,
                    DecidedArg::Declared => Decided::Declared,
                    DecidedArg::None => Decided::None,
                })
                .collect(),
            valid: match (self.valid, self.invalid) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            games: self.only_game.clone(),
            min_plies: self.min_plies,
            max_plies: self.max_plies,
            since: self.since,
            until: self.until,
            reaching: self.reaching.clone(),
            moves,
            invert: self.invert,
        };
        FilterSettings {
            paths: self.paths.clone(),
            read: self.read.reading(),
            selection,
            output: self.format.output(self.canonical),
        }
    }
}

fn parse_player(text: &str) -> Result<regex::Regex, String> {
    regex::RegexBuilder::new(text)
        .case_insensitive(true)
        .build()
        .map_err(|e| format!("bad regular expression {text:?}: {e}"))
}

fn parse_game_id(name: &str) -> Result<&'static str, String> {
    parse_game(name)?;
    registry::find(name)
        .map(|found| found.info.id)
        .ok_or_else(|| format!("unknown game {name:?}"))
}

fn parse_date(text: &str) -> Result<PgnDate, String> {
    PgnDate::parse_exact(text).ok_or_else(|| {
        format!("{text:?} is no date: write 2025, 2025.03 or 2025.03.14 (a month 1-12, a day the month has)")
    })
}

#[derive(Debug, Args)]
pub struct DuplicatesArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Copies must also have the same Event, Site and Round tags.
    #[arg(long, conflicts_with = "moves_only")]
    pub same_tags: bool,
    /// Copies need only the same moves from the same start: other players, dates or
    /// results do not matter.
    #[arg(long)]
    pub moves_only: bool,
    /// Write the collection without the later copies instead of listing them.
    #[arg(long)]
    pub drop: bool,
    /// With --drop: records in export format with canonical moves.
    #[arg(long, requires = "drop")]
    pub canonical: bool,
    /// With --drop: records (as written), JSON or JSON Lines.
    #[arg(long, value_enum, default_value_t = GamesFormat::Records, requires = "drop")]
    pub format: GamesFormat,
}

impl DuplicatesArgs {
    pub fn settings(&self) -> DuplicatesSettings {
        DuplicatesSettings {
            paths: self.paths.clone(),
            read: self.read.reading(),
            likeness: match (self.same_tags, self.moves_only) {
                (true, _) => Likeness::AllTags,
                (_, true) => Likeness::Moves,
                _ => Likeness::Game,
            },
            drop: self.drop,
            output: self.format.output(self.canonical),
        }
    }
}

/// The usage names `--dir`, optional: where the files go is the first thing to know,
/// and the current directory when it is not given.
#[derive(Debug, Args)]
#[command(override_usage = "tgn split [OPTIONS] [--dir <DIR>] <PATH>...")]
pub struct SplitArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// The directory to write to (created if missing).
    #[arg(short, long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
    /// A file per N games (default: a file per game).
    #[arg(long, value_name = "N", conflicts_with = "by", value_parser = clap::value_parser!(u64).range(1..))]
    pub every: Option<u64>,
    /// A file per value of this tag (e.g. Event).
    #[arg(long, value_name = "TAG")]
    pub by: Option<String>,
    /// The start of numbered file names.
    #[arg(long, default_value = "game")]
    pub prefix: String,
    /// Replace files that exist already (a link is replaced, never written through).
    #[arg(long)]
    pub force: bool,
    /// Write records in export format with canonical moves instead of as written.
    #[arg(long)]
    pub canonical: bool,
}

impl SplitArgs {
    pub fn settings(&self) -> SplitSettings {
        let by = match (&self.by, self.every) {
            (Some(tag), _) => SplitBy::Tag(tag.clone()),
            (None, Some(n)) => SplitBy::Every(usize::try_from(n).unwrap_or(usize::MAX)),
            (None, None) => SplitBy::Game,
        };
        SplitSettings {
            paths: self.paths.clone(),
            read: self.read.reading(),
            by,
            dir: self.dir.clone(),
            prefix: self.prefix.clone(),
            force: self.force,
            canonical: self.canonical,
        }
    }
}

#[derive(Debug, Args)]
pub struct FixArgs {
    /// Record files, directories or - for stdin (fixed to stdout).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Set missing or wrong [Result] tags from the board or the movetext.
    #[arg(long)]
    pub results: bool,
    /// Rewrite move numbers that disagree with the moves.
    #[arg(long)]
    pub renumber: bool,
    /// Put the Seven Tag Roster first, in its order.
    #[arg(long)]
    pub order_tags: bool,
    /// Write every move in canonical notation.
    #[arg(long)]
    pub canonical: bool,
    /// Also correct an invalid game's slip of the pen when exactly one reading (see
    /// check's `help:` lines) replays the sheet to the end with every mark agreeing,
    /// leaving `{tgn: written 67, read as 76}` at the move; other games are listed.
    #[arg(long)]
    pub mend: bool,
    /// Write every input, fixed, to this file instead of in place (- for stdout; a
    /// device or FIFO is written through; an existing file only with --force).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Show a unified diff of what would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Rewrite read-only files; overwrite an existing --output file.
    #[arg(long)]
    pub force: bool,
}

impl FixArgs {
    pub fn settings(&self) -> FixSettings {
        // No fix named: the safe ones (canonical moves only when asked).
        let chosen = self.results || self.renumber || self.order_tags;
        let all = !chosen;
        FixSettings {
            paths: self.paths.clone(),
            read: self.read.reading(),
            fixes: Fixes {
                results: self.results || all,
                renumber: self.renumber || all,
                tag_order: self.order_tags || all,
                canonical: self.canonical,
                mend: self.mend,
            },
            target: match &self.output {
                Some(path) if path.as_os_str() == "-" => Target::Stdout,
                Some(path) => Target::File(path.clone()),
                None => Target::InPlace,
            },
            dry_run: self.dry_run,
            force: self.force,
        }
    }
}

/// A usage error found after parsing (values that depend on each other), said as clap
/// says its own: exit status 2.
fn usage_error(message: &str) -> i32 {
    let _ = clap::Error::raw(
        clap::error::ErrorKind::ValueValidation,
        format!("{}\n", commands::shown(message)),
    )
    .print();
    2
}

/// Runs a parsed command line; gives the process exit status.
pub fn run(cli: Cli) -> i32 {
    anstream::ColorChoice::write_global(match cli.color {
        clap::ColorChoice::Auto => anstream::ColorChoice::Auto,
        clap::ColorChoice::Always => anstream::ColorChoice::Always,
        clap::ColorChoice::Never => anstream::ColorChoice::Never,
    });
    if let Some(message) = cli.command.read_args().and_then(ReadArgs::refused_option) {
        return usage_error(&message);
    }
    let result = match cli.command {
        Command::Check(args)
            if args.format != CheckFormat::Human && (args.quiet || args.verbose) =>
        {
            return usage_error(&format!(
                "--{} shapes the human format only; --format {} prints every game its own way",
                if args.quiet { "quiet" } else { "verbose" },
                if args.format == CheckFormat::Json {
                    "json"
                } else {
                    "github"
                }
            ));
        }
        Command::Check(args) => commands::check::run(&commands::check::Options {
            read: args.read.reading(),
            paths: args.paths,
            format: args.format,
            quiet: args.quiet,
            verbose: args.verbose,
        }),
        Command::Convert(args)
            if (args.pretty && args.to != ConvertTo::Json)
                || (args.states && matches!(args.to, ConvertTo::Pgn | ConvertTo::Csv)) =>
        {
            Err(std::io::Error::other(
                "--states is for JSON output, --pretty for --to json (JSON Lines hold one game a line)",
            ))
        }
        Command::Convert(args)
            if (args.tags.is_some() || args.moves) && args.to != ConvertTo::Csv =>
        {
            Err(std::io::Error::other(
                "--tags and --moves choose the columns of --to csv; the other outputs keep \
                 every tag and move",
            ))
        }
        Command::Convert(args) => commands::convert::run(&commands::convert::Options {
            read: args.read.reading(),
            paths: args.paths,
            to: args.to,
            from: args.from,
            form: json::Form {
                states: args.states,
            },
            pretty: args.pretty,
            tags: args.tags.unwrap_or_default(),
            moves: args.moves,
        }),
        Command::Annotate(args) => commands::annotate::run(&commands::annotate::Options {
            read: args.read.reading(),
            positions: match (args.positions, args.every) {
                (false, _) => Positions::None,
                (true, None) => Positions::EveryMove,
                (true, Some(n)) => Positions::Checkpoints(n),
            },
            diagrams: args.diagram_options(),
            nags: args.glyphs.style(),
            paths: args.paths,
        }),
        Command::Analyze(args) if args.nodes.is_some_and(|n| n >= args.game_nodes) => {
            return usage_error(&format!(
                "--nodes {} leaves nothing to search within --game-nodes {}: each position \
                 would spend the game's whole budget (raise --game-nodes above --nodes)",
                args.nodes.unwrap_or_default(),
                args.game_nodes
            ));
        }
        Command::Analyze(args) => commands::analyze::run(&commands::analyze::Options {
            read: args.read.reading(),
            limits: args.limits(),
            paths: args.paths,
            format: args.format,
            summary: args.summary,
            nags: args.glyphs.style(),
        }),
        Command::Diff(args) => {
            if let Some(dir) = [&args.a, &args.b].into_iter().find(|p| p.is_dir()) {
                return usage_error(&format!(
                    "tgn diff compares two record files; {} is a directory (name a file in it)",
                    dir.display()
                ));
            }
            commands::diff::run(&commands::diff::Options {
                read: args.read.reading(),
                a: args.a,
                b: args.b,
                format: args.format,
            })
        }
        Command::Summarize(args) => match args.by {
            Some(by) => commands::summarize::run_by(&BySettings {
                paths: args.paths.clone(),
                read: args.read.reading(),
                by: match by {
                    SummaryBy::Player => By::Player,
                    SummaryBy::Event => By::Event,
                },
                json: args.format == SummaryFormat::Json,
            }),
            None => commands::summarize::run(&commands::summarize::Options {
                read: args.read.reading(),
                paths: args.paths,
                format: args.format,
                top: args.top,
            }),
        },
        Command::Filter(args) => match args.settings() {
            Ok(settings) => commands::filter::run(&settings),
            Err(message) => return usage_error(&message),
        },
        Command::Duplicates(args) => commands::duplicates::run(&args.settings()),
        Command::Split(args) => commands::split::run(&args.settings()),
        Command::Fix(args) => commands::fix::run(&args.settings()),
        Command::Games(args) => commands::games::run(&commands::games::Options {
            game: args.game,
            json: args.format == GamesListFormat::Json,
            width: commands::games::width(),
        }),
        Command::Completions { shell } => completions(shell),
        Command::Schema { name } => commands::schema::run(name.as_deref()),
        Command::Diagram(args) => commands::diagram::run(&args.options()),
        Command::View(args) => commands::view::run(&commands::view::Options {
            read: args.read.reading(),
            paths: args.paths,
            output: args.output,
        }),
    };
    match result {
        Ok(status) => status.code(),
        Err(e) => {
            eprintln!("tgn: {}", commands::shown(&e.to_string()));
            2
        }
    }
}

/// `tgn completions SHELL`: the shell's completion script, generated from the
/// definitions above (clap_complete) so that it offers every subcommand and flag as
/// they are. Written through [`commands::Stdout`]: `tgn completions bash | head` is
/// not an error.
fn completions(shell: clap_complete::Shell) -> std::io::Result<commands::RunStatus> {
    use clap::CommandFactory;
    use std::io::Write;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "tgn", &mut script);
    let mut out = commands::Stdout::new();
    out.write_all(&script)?;
    out.flush()?;
    Ok(commands::RunStatus::Clean)
}

/// The man pages, generated from the definitions above: `tgn.1` and one page per
/// subcommand (`tgn-check.1`…), as (file name, contents).
///
/// clap_mangen draws the title, name, description, options and subcommands; the
/// synopsis is clap's own usage line, and the examples and exit status written after
/// each `--help` become the EXAMPLES and EXIT STATUS sections (kept as written, not
/// reflowed).
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    use clap::CommandFactory;
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let source = format!("tgn {}", env!("CARGO_PKG_VERSION"));
    let mut pages = vec![("tgn.1".to_string(), man_page(command.clone(), &source))];
    for sub in command.get_subcommands() {
        let name = format!("tgn-{}", sub.get_name());
        let mut sub = sub.clone().name(&name);
        if sub.get_name() == "tgn-games" {
            // The games page lists every game and option, from the registry.
            let example = sub
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            sub = sub.after_help(format!("{example}\n\n{}", games_list()));
        }
        pages.push((format!("{name}.1"), man_page(sub, &source)));
    }
    pages
}

/// One page; `command` comes from a built command tree, so that its usage line reads
/// as users type it (`tgn check [OPTIONS] <PATH>...`).
fn man_page(mut command: clap::Command, source: &str) -> Vec<u8> {
    let usage = command.render_usage().to_string();
    let usage = usage.trim_start_matches("Usage:").trim().to_string();
    let after = command
        .get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default();
    command = command.override_usage(usage).after_help(None::<&str>);
    let man = clap_mangen::Man::new(command.clone()).source(source);
    let mut page = Vec::new();
    let sections = [
        clap_mangen::Man::render_title,
        clap_mangen::Man::render_name_section,
        clap_mangen::Man::render_synopsis_section,
        clap_mangen::Man::render_description_section,
        clap_mangen::Man::render_options_section,
    ];
    for section in sections {
        section(&man, &mut page).expect("writing to memory");
    }
    if command.get_subcommands().next().is_some() {
        man.render_subcommands_section(&mut page)
            .expect("writing to memory");
    }
    page.extend(after_help_sections(&after).into_bytes());
    page
}

/// The text after `--help` as man page sections: the paragraph that starts with
/// `Examples:` as EXAMPLES (lines kept as they are), the one that starts with `Exit
/// status:` as EXIT STATUS, `Games:` (the games page) as GAMES, the others as NOTES.
fn after_help_sections(text: &str) -> String {
    let (mut examples, mut exit, mut notes) = (String::new(), String::new(), String::new());
    let mut games = String::new();
    for paragraph in text.split("\n\n") {
        if let Some(rest) = paragraph
            .strip_prefix("Examples:")
            .or_else(|| paragraph.strip_prefix("Example:"))
        {
            for line in rest.lines().filter(|l| !l.trim().is_empty()) {
                examples += &roff_line(line.strip_prefix("  ").unwrap_or(line));
            }
        } else if let Some(rest) = paragraph.strip_prefix("Games:") {
            for line in rest.lines().filter(|l| !l.trim().is_empty()) {
                games += &roff_line(line.strip_prefix("  ").unwrap_or(line));
            }
        } else if let Some(rest) = paragraph.strip_prefix("Exit status:") {
            exit += &roff_line(&rest.split_whitespace().collect::<Vec<_>>().join(" "));
        } else if !paragraph.trim().is_empty() {
            notes += &roff_line(&paragraph.split_whitespace().collect::<Vec<_>>().join(" "));
            notes += ".PP\n";
        }
    }
    let mut out = String::new();
    if !examples.is_empty() {
        out += &format!(".SH EXAMPLES\n.nf\n{examples}.fi\n");
    }
    if !games.is_empty() {
        out += &format!(".SH GAMES\n.nf\n{games}.fi\n");
    }
    if !notes.is_empty() {
        out += &format!(".SH NOTES\n{}", notes.trim_end_matches(".PP\n"));
    }
    if !exit.is_empty() {
        out += &format!(".SH \"EXIT STATUS\"\n{exit}");
    }
    out
}

/// One line of text as roff: backslashes and hyphens escaped, a leading `.` or `'`
/// protected.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}\n")
    } else {
        format!("{escaped}\n")
    }
}

/// Every game with its aliases and options, as `tgn games` prints them, for the
/// `tgn-games` page: generated from the registry, so the page names every game.
fn games_list() -> String {
    let mut text = String::from("Games:");
    for found in registry::all_games() {
        let info = found.info;
        text.push_str(&format!("\n  {} ({})", info.id, info.name));
        if !info.aliases.is_empty() {
            text.push_str(&format!(", also {}", info.aliases.join(", ")));
        }
        for option in found.options_of() {
            text.push_str(&format!(
                "\n    --option {}{}: {}",
                option.name,
                option.values_shown(),
                option.help
            ));
        }
    }
    text
}
