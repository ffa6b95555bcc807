//! The command line: clap definitions, turned into each subcommand's plain
//! `Options` and handed to [`crate::commands`], which knows nothing of clap's structs. The
//! definitions live in the library so the man pages in `man/` can be generated from
//! them (and checked against them by a test).

// The doc comments below are the help text users read, where `[Game]` names a record
// tag, not a Rust item.
#![allow(rustdoc::broken_intra_doc_links)]

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::commands::check::CheckFormat;
use crate::commands::convert::{ConvertFrom, ConvertTo};
use crate::commands::summarize::SummaryFormat;
use crate::commands::{self, Reading};
use crate::record::Encoding;
use crate::registry;
use crate::replay::Settings;

const EXAMPLES: &str = "\
Examples:
  tgn check records/                          validate every record under records/
  tgn check --game toguz-kumalak playok.pgn   read records that carry no [Game] tag
  tgn convert --to json game.pgn > game.json  records as JSON with the state after every move
  tgn annotate --positions game.pgn           canonical moves with what each one did
  tgn diff white-sheet.pgn black-sheet.pgn    compare two score sheets of one game
  tgn summarize archive/                      a report over a whole collection
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
output goes away (tgn check archive/ | head), tgn stops quietly with the status found so
far.")]
    Check(CheckArgs),
    /// Convert records to JSON, JSON Lines or PGN-style text (and JSON back to text).
    #[command(after_help = "Examples:
  tgn convert --to json game.pgn > game.json
  tgn convert --to jsonl archive/ > archive.jsonl
  tgn convert --from json --to pgn game.json > game.pgn

Exit status: 0 if every game is valid, 1 if any is invalid (it is still converted), 2
on a usage or I/O error. A line on stderr says how many games were converted.")]
    Convert(ConvertArgs),
    /// Write records back in canonical notation with a comment after every move.
    #[command(after_help = "Examples:
  tgn annotate game.pgn
  tgn annotate --positions game.pgn > annotated.pgn

Exit status: 0 if every game is valid, 1 if any is invalid (it is still written, its
bad move commented), 2 on a usage or I/O error.")]
    Annotate(AnnotateArgs),
    /// Compare two records of the same games (e.g. the two players' score sheets).
    #[command(after_help = "Examples:
  tgn diff white-sheet.pgn black-sheet.pgn
  tgn diff --game toguz-kumalak round1-a.pgn round1-b.pgn

Games are paired by their Event, Round, White and Black tags when these tell them
apart, else in order.

Exit status: 0 if the records agree, 1 if they differ, 2 on a usage or I/O error.")]
    Diff(DiffArgs),
    /// Report on a collection: games, validity, results, lengths, openings, errors.
    #[command(after_help = "Examples:
  tgn summarize archive/
  tgn summarize --format json archive/ > summary.json

Exit status: 0 if every game is valid, 1 if any is invalid (it is counted in the
report), 2 on a usage or I/O error.")]
    Summarize(SummarizeArgs),
    /// List the games tgn knows, with their aliases and options.
    #[command(after_help = "Example:
  tgn games

Exit status: 0.")]
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
    /// Treat every warning (a wrong move number, a Result tag that disagrees with the
    /// movetext's `*`, a tag given twice) as an error: what an arbiter wants.
    #[arg(long)]
    pub strict: bool,
    /// Accept paths that hold no game at all (by default that is an error, exit 2: a
    /// mistyped path must not pass CI).
    #[arg(long)]
    pub allow_empty: bool,
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

/// Runs a parsed command line; gives the process exit status.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Command::Check(args) => commands::check::run(&commands::check::Options {
            read: args.read.reading(),
            paths: args.paths,
            format: args.format,
            quiet: args.quiet,
            verbose: args.verbose,
        }),
        Command::Convert(args) => commands::convert::run(&commands::convert::Options {
            read: args.read.reading(),
            paths: args.paths,
            to: args.to,
            from: args.from,
        }),
        Command::Annotate(args) => commands::annotate::run(&commands::annotate::Options {
            read: args.read.reading(),
            paths: args.paths,
            positions: args.positions,
        }),
        Command::Diff(args) => commands::diff::run(&commands::diff::Options {
            read: args.read.reading(),
            a: args.a,
            b: args.b,
        }),
        Command::Summarize(args) => commands::summarize::run(&commands::summarize::Options {
            read: args.read.reading(),
            paths: args.paths,
            format: args.format,
            top: args.top,
        }),
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
        for option in found.engine.options() {
            let values = if option.values.is_empty() {
                String::new()
            } else {
                format!("={}", option.values.join("|"))
            };
            text.push_str(&format!(
                "\n    --option {}{values}: {}",
                option.name, option.help
            ));
        }
    }
    text
}
