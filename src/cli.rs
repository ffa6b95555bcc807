//! The command line: clap definitions and the dispatch to the subcommands.
//!
//! Flags become plain values here; the work is done by [`crate::commands`]. The
//! definitions live in the library so the man pages in `man/` can be generated from
//! them (and checked against them by a test).

// The doc comments below are the help text users read, where `[Game]` names a record
// tag, not a Rust item.
#![allow(rustdoc::broken_intra_doc_links)]

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::commands;
use crate::games::registry;
use crate::record::Encoding;
use crate::replay::Settings;

const EXAMPLES: &str = "\
Examples:
  tgn check records/                          validate every record under records/
  tgn check --game toguz-kumalak playok.pgn   read records that carry no [Game] tag
  tgn convert --to json game.pgn > game.json  records as JSON with the state after every move
  tgn annotate --positions game.pgn           canonical moves with what each one did
  tgn diff white-sheet.pgn black-sheet.pgn    compare two score sheets of one game
  tgn summarize archive/                      a report over a whole collection
  tgn games                                   the games tgn knows, their aliases and options";

/// Validate, convert, annotate and compare records of traditional board games.
#[derive(Debug, Parser)]
#[command(name = "tgn", version, after_help = EXAMPLES, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every move of every game and report what is wrong.
    #[command(after_help = "Examples:
  tgn check records/
  tgn check --format json archive.pgn | jq 'select(.valid | not)'
  tgn check --game toguz-kumalak --option play-out playok.pgn
  cat game.pgn | tgn check --game zamma -

Exit status: 0 if every game is valid, 1 if any is invalid, 2 on a usage or I/O error.")]
    Check(CheckArgs),
    /// Convert records to JSON, JSON Lines or PGN-style text (and JSON back to text).
    #[command(after_help = "Examples:
  tgn convert --to json game.pgn > game.json
  tgn convert --to jsonl archive/ > archive.jsonl
  tgn convert --from json --to pgn game.json > game.pgn")]
    Convert(ConvertArgs),
    /// Write records back in canonical notation with a comment after every move.
    #[command(after_help = "Examples:
  tgn annotate game.pgn
  tgn annotate --positions game.pgn > annotated.pgn")]
    Annotate(AnnotateArgs),
    /// Compare two records of the same games (e.g. the two players' score sheets).
    #[command(after_help = "Examples:
  tgn diff white-sheet.pgn black-sheet.pgn
  tgn diff --game toguz-kumalak round1-a.pgn round1-b.pgn

Games are paired by their Event, Round, White and Black tags when these tell them
apart, else in order. Exit status: 0 if the records agree, 1 if they differ, 2 on
a usage or I/O error.")]
    Diff(DiffArgs),
    /// Report on a collection: games, validity, results, lengths, openings, errors.
    #[command(after_help = "Examples:
  tgn summarize archive/
  tgn summarize --format json archive/ > summary.json")]
    Summarize(SummarizeArgs),
    /// List the games tgn knows, with their aliases and options.
    #[command(after_help = "Example:
  tgn games")]
    Games,
}

/// How records are read: shared by every subcommand that reads records.
#[derive(Debug, Args, Clone)]
pub struct ReadArgs {
    /// Game of records without a [Game], [Variant] or [GameType] tag (an id or alias).
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    pub game: Option<String>,
    /// Set a game option for every record, overriding its tag (repeatable):
    /// `--option play-out`, `--option no-return=mill`. See `tgn games`.
    #[arg(short = 'O', long = "option", value_name = "NAME[=VALUE]", value_parser = parse_option)]
    pub options: Vec<String>,
    /// Character encoding of the input: utf-8 (default), windows-1251, latin-1.
    #[arg(long, value_name = "ENCODING", value_parser = parse_encoding, default_value = "utf-8")]
    pub encoding: Encoding,
}

impl ReadArgs {
    /// The replay settings these flags ask for.
    pub fn settings(&self) -> Settings {
        Settings {
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
        }
    }
}

/// `--game` must name a game tgn knows: a typo is a usage error, not 1,000 bad games.
fn parse_game(name: &str) -> Result<String, String> {
    match registry::find(name) {
        Some(_) => Ok(name.to_string()),
        None => {
            let known: Vec<&str> = registry::all_games().map(|g| g.info.id).collect();
            Err(format!(
                "unknown game {name:?}; tgn knows {}",
                known.join(", ")
            ))
        }
    }
}

/// `--option` must name an option some game reads (values are checked per record).
fn parse_option(text: &str) -> Result<String, String> {
    let name = text.split_once('=').map_or(text, |(n, _)| n).trim();
    let mut known: Vec<&str> = registry::ENGINES
        .iter()
        .flat_map(|e| e.options())
        .map(|o| o.name)
        .collect();
    if known.contains(&name) {
        return Ok(text.to_string());
    }
    known.sort_unstable();
    known.dedup();
    Err(format!(
        "unknown option {name:?}; the games read {}",
        known.join(", ")
    ))
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
    Github,
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
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// One JSON array of games.
    Json,
    /// One JSON object per game per line.
    Jsonl,
    /// PGN-style text.
    Pgn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertFrom {
    Pgn,
    Json,
}

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// Record files, directories or - for stdin.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Add the position string after every move.
    #[arg(long)]
    pub positions: bool,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first record file (or - for stdin).
    pub a: PathBuf,
    /// The second record file.
    pub b: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SummaryFormat {
    Table,
    Json,
}

/// Runs a parsed command line; gives the process exit status.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Command::Check(args) => commands::check::run(&args),
        Command::Convert(args) => commands::convert::run(&args),
        Command::Annotate(args) => commands::annotate::run(&args),
        Command::Diff(args) => commands::diff::run(&args),
        Command::Summarize(args) => commands::summarize::run(&args),
        Command::Games => commands::games::run(),
    };
    match result {
        Ok(status) => status.code(),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("tgn: {e}");
            2
        }
    }
}

/// The man pages, generated from the definitions above: `tgn.1` and one page per
/// subcommand (`tgn-check.1`…), as (file name, contents).
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    use clap::CommandFactory;
    let command = Cli::command();
    let mut pages = Vec::new();
    let mut render = |name: String, command: clap::Command| {
        let mut page = Vec::new();
        clap_mangen::Man::new(command)
            .render(&mut page)
            .expect("writing to memory");
        pages.push((format!("{name}.1"), page));
    };
    render("tgn".to_string(), command.clone());
    for sub in command.get_subcommands() {
        let name = format!("tgn-{}", sub.get_name());
        let mut page = sub
            .clone()
            .name(name.clone())
            .version(env!("CARGO_PKG_VERSION"));
        if sub.get_name() == "games" {
            page = page.after_long_help(games_list());
        }
        render(name, page);
    }
    pages
}

/// What `tgn games` prints, as plain text for its man page: every game with its
/// aliases and options, from the registry.
fn games_list() -> String {
    let mut text = String::from("Example:\n  tgn games\n\nGames:\n");
    for found in registry::all_games() {
        text += &format!("  {} ({})", found.info.id, found.info.name);
        if !found.info.aliases.is_empty() {
            text += &format!(", also {}", found.info.aliases.join(", "));
        }
        text.push('\n');
        for option in found.engine.options() {
            let values = if option.values.is_empty() {
                String::new()
            } else {
                format!("={}", option.values.join("|"))
            };
            text += &format!("      --option {}{values}: {}\n", option.name, option.help);
        }
    }
    text
}
