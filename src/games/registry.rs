//! The registry: the one place that names every game (re-exported at the crate root
//! as `tgn::registry`). It knows games and nothing else: their ids and aliases, the
//! options and presets of their rules, and how to reach a game's [`Rules`] type from
//! its name.
//!
//! That last is [`dispatch`]: a caller that wants to do something with "the game of
//! this record" writes a [`GameVisitor`], whose one generic method receives the
//! game's `Rules` type, and the registry calls it with the right one. Each layer
//! above keeps its own visitors beside its own code (the replay driver, the quick
//! path, the diagrams, the analysis, the random playouts), so a new capability adds a
//! visitor where it lives and nothing here.

use std::fmt;

use super::options::Setup;
use super::{GameInfo, NotationError, OptionSpec, PositionError, Rules, SetupError};
use crate::record::GameRecord;

/// Something to do with one game's [`Rules`], whichever game it is: what
/// [`dispatch`] runs.
pub trait GameVisitor {
    /// What the visit gives back.
    type Output;
    /// Does it with `R`, the rules type that plays `game` (one of `R::GAMES`).
    fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output;
}

/// A game found by name: its facts, and which rules type plays it.
#[derive(Clone, Copy)]
pub struct Found {
    pub info: &'static GameInfo,
    /// The rules type's place in [`every_game`](super::every_game)'s list.
    rules: usize,
}

impl fmt::Debug for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Found").field(&self.info.id).finish()
    }
}

/// What the registry knows of one rules type without playing it: plain data, read
/// from the type once (the mill rules serve two games, so a type has several).
struct Family {
    games: &'static [GameInfo],
    options: &'static [OptionSpec],
    option_applies: fn(&GameInfo, &OptionSpec) -> bool,
    presets: fn() -> Vec<String>,
    board_part: fn(&str) -> String,
    score_unit: &'static str,
}

/// [`GameVisitor::visit`] as a plain function of the rules type, for [`dispatch`]'s
/// table.
fn visit<V: GameVisitor, R: Rules>(visitor: V, game: &'static GameInfo) -> V::Output {
    visitor.visit::<R>(game)
}

/// The family of each rules type `every_game` lists, and [`dispatch`] over them.
macro_rules! families {
    ($($folder:ident $(:: $rest:ident)+),* $(,)?) => {
        /// Every rules type tgn knows, in registry order.
        static FAMILIES: &[Family] = &[$(Family {
            games: <super::$folder $(:: $rest)+ as Rules>::GAMES,
            options: <super::$folder $(:: $rest)+ as Rules>::OPTIONS,
            option_applies: <super::$folder $(:: $rest)+ as Rules>::option_applies,
            presets: <super::$folder $(:: $rest)+ as Rules>::presets,
            board_part: <super::$folder $(:: $rest)+ as Rules>::board_part,
            score_unit: <super::$folder $(:: $rest)+ as Rules>::SCORE_UNIT,
        }),*];

        /// Runs `visitor` with the rules type that plays `game`.
        pub fn dispatch<V: GameVisitor>(game: Found, visitor: V) -> V::Output {
            let visits: &[fn(V, &'static GameInfo) -> V::Output] =
                &[$(visit::<V, super::$folder $(:: $rest)+>),*];
            visits[game.rules](visitor, game.info)
        }
    };
}
super::every_game!(families);

impl Found {
    /// Runs `visitor` with the rules type that plays this game: see [`dispatch`].
    pub fn dispatch<V: GameVisitor>(self, visitor: V) -> V::Output {
        dispatch(self, visitor)
    }

    fn family(&self) -> &'static Family {
        &FAMILIES[self.rules]
    }

    /// The options its rules read from tags and `--option`, those of every game they
    /// serve.
    pub fn options(&self) -> &'static [OptionSpec] {
        self.family().options
    }

    /// The options that concern this game (see [`Rules::option_applies`]).
    pub fn options_of(&self) -> Vec<&'static OptionSpec> {
        let family = self.family();
        family
            .options
            .iter()
            .filter(|o| (family.option_applies)(self.info, o))
            .collect()
    }

    /// What `tgn analyze` scores count (see [`Rules::SCORE_UNIT`]).
    pub fn score_unit(&self) -> &'static str {
        self.family().score_unit
    }

    /// The rule presets its rules play (see [`Rules::presets`]).
    pub fn presets(&self) -> Vec<String> {
        (self.family().presets)()
    }

    /// The board part of one of its position strings (see [`Rules::board_part`]).
    pub fn board_part(&self, position: &str) -> String {
        (self.family().board_part)(position)
    }

    /// Whether `text` is a move of this game's notation, as written (its syntax only:
    /// no position is asked), for arguments such as `tgn filter --moves`.
    ///
    /// # Errors
    /// What the notation expected.
    pub fn reads_move(self, text: &str) -> Result<(), NotRead> {
        self.dispatch(ReadsMove { text })
    }

    /// Whether `text` is a position string of this game with the options `record`
    /// and `overrides` give it (a Mig Mang board's size is one), for arguments such
    /// as `tgn filter --reaching`.
    ///
    /// # Errors
    /// What is wrong with the string, or with the options.
    pub fn reads_position(
        self,
        record: &GameRecord,
        overrides: &[(String, String)],
        text: &str,
    ) -> Result<(), NotRead> {
        self.dispatch(ReadsPosition {
            record,
            overrides,
            text,
        })
    }
}

/// Why a text given for a game is not one of its moves or position strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotRead {
    /// The options the game was given are wrong.
    Setup(SetupError),
    /// Not a move of the notation.
    Notation(NotationError),
    /// Not a position string of the game.
    Position(PositionError),
}

impl fmt::Display for NotRead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotRead::Setup(e) => e.fmt(f),
            NotRead::Notation(e) => e.fmt(f),
            NotRead::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotRead {}

/// The visit of [`Found::reads_move`].
struct ReadsMove<'a> {
    text: &'a str,
}

impl GameVisitor for ReadsMove<'_> {
    type Output = Result<(), NotRead>;
    fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
        let rules = R::configure(&Setup::new(game, &[], &[])).map_err(NotRead::Setup)?;
        rules
            .parse_token(self.text)
            .map(drop)
            .map_err(NotRead::Notation)
    }
}

/// The visit of [`Found::reads_position`].
struct ReadsPosition<'a> {
    record: &'a GameRecord,
    overrides: &'a [(String, String)],
    text: &'a str,
}

impl GameVisitor for ReadsPosition<'_> {
    type Output = Result<(), NotRead>;
    fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
        let setup = Setup::of_record(game, &self.record.tags, self.overrides);
        let rules = R::configure(&setup).map_err(NotRead::Setup)?;
        rules
            .parse_position(self.text)
            .map(drop)
            .map_err(NotRead::Position)
    }
}

/// Looks a game up by id or alias, in any case and spelling
/// (`Toguz Kumalak`, `togyz_kumalak`, `Nine Men's Morris`).
pub fn find(name: &str) -> Option<Found> {
    // The id as tgn writes it (what `--game` and generated records say) needs no
    // normalising: this runs for every game read.
    if let Some(found) = all_games().find(|g| g.info.id == name) {
        return Some(found);
    }
    let wanted = normalize_name(name);
    if wanted.is_empty() {
        return None;
    }
    all_games().find(|g| {
        normalize_name(g.info.id) == wanted
            || normalize_name(g.info.name) == wanted
            || g.info.aliases.iter().any(|a| normalize_name(a) == wanted)
    })
}

/// The games PlayOK's exports name by a number in `[GameType "70,0"]` (the code, then
/// the variant), as the PDN standard numbers draughts: only those tgn knows.
pub const PLAYOK_GAME_TYPES: &[(&str, &str)] = &[("70", "nine-mens-morris")];

/// The game a `[GameType]` value names by its number ([`PLAYOK_GAME_TYPES`]):
/// `70,0` and `70` are Nine Men's Morris.
pub fn find_game_type(value: &str) -> Option<Found> {
    let code = value.split(',').next()?.trim();
    let (_, id) = PLAYOK_GAME_TYPES.iter().find(|(c, _)| *c == code)?;
    find(id)
}

/// The id of the game whose id, name or alias is nearest to `name`, a name [`find`]
/// does not know: what "did you mean" suggests.
pub fn suggest(name: &str) -> Option<&'static str> {
    let names: Vec<(String, &'static str)> = all_games()
        .flat_map(|g| {
            let info = g.info;
            [info.id, info.name]
                .into_iter()
                .chain(info.aliases.iter().copied())
                .map(move |n| (normalize_name(n), info.id))
        })
        .collect();
    let near =
        crate::suggest::nearest(&normalize_name(name), names.iter().map(|(n, _)| n.as_str()))?;
    names.iter().find(|(n, _)| n == near).map(|&(_, id)| id)
}

/// Every game, in registry order.
pub fn all_games() -> impl Iterator<Item = Found> {
    FAMILIES
        .iter()
        .enumerate()
        .flat_map(|(rules, family)| family.games.iter().map(move |info| Found { info, rules }))
}

/// Every option of every game, each once (a rules type serving two games lists its
/// options once).
pub fn every_option() -> impl Iterator<Item = &'static OptionSpec> {
    FAMILIES.iter().flat_map(|family| family.options)
}

/// The first `--option` value that no game which reads that option accepts, or that
/// `game` (`--game`, for records that name none) does not read or refuses: a usage
/// error, said with the values the option takes (issue 57: `-O play-out=maybe` had
/// marked every game invalid). A value some game accepts is checked again per record.
pub fn refused_option(game: Option<Found>, overrides: &[(String, String)]) -> Option<String> {
    for (name, value) in overrides {
        let shown = if value.is_empty() {
            name.clone()
        } else {
            format!("{name}={value}")
        };
        let readers: Vec<(Found, &'static OptionSpec)> = match game {
            Some(found) => found
                .options_of()
                .into_iter()
                .filter(|o| o.name == name)
                .map(|o| (found, o))
                .collect(),
            None => all_games()
                .flat_map(|g| {
                    g.options_of()
                        .into_iter()
                        .filter(|o| o.name == name)
                        .map(move |o| (g, o))
                })
                .collect(),
        };
        if readers.is_empty() {
            let found = game?;
            let theirs: Vec<&str> = found.options_of().iter().map(|o| o.name).collect();
            let theirs = match theirs.as_slice() {
                [] => "it has none".to_string(),
                names => format!("its options are {}", names.join(", ")),
            };
            return Some(format!(
                "--option {shown}: option {name} does not concern {} (--game): {theirs}",
                found.info.name
            ));
        }
        let one = [(name.clone(), value.clone())];
        let mut refusals = readers.iter().map(|(found, spec)| {
            found
                .dispatch(Configure { overrides: &one })
                .filter(|e| e.option.as_deref() == Some(name.as_str()))
                .map(|e| (e, *spec))
        });
        let Some(Some((first, spec))) = refusals.next() else {
            continue;
        };
        if refusals.all(|r| r.is_some()) {
            // A switch's and a choice's messages list their values; a text's says
            // what was wrong with it, and here its form follows.
            let form = match &spec.kind {
                super::OptionKind::Text { form, example } => {
                    format!("; it takes {form}, like {example}")
                }
                _ => String::new(),
            };
            return Some(format!(
                "--option {shown}: {}{form} (tgn games lists each game's options)",
                first.message
            ));
        }
    }
    None
}

/// Configures a game with the command line's options alone: the error, if any.
struct Configure<'a> {
    overrides: &'a [(String, String)],
}

impl GameVisitor for Configure<'_> {
    type Output = Option<SetupError>;
    fn visit<R: Rules>(self, game: &'static GameInfo) -> Option<SetupError> {
        R::configure(&Setup::new(game, &[], self.overrides)).err()
    }
}

/// Lowercase, apostrophes dropped, every run of other non-alphanumerics one `-`.
pub fn normalize_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        if c == '\'' || c == '’' {
            continue;
        }
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalized() {
        assert_eq!(normalize_name("Nine Men's Morris"), "nine-mens-morris");
        assert_eq!(normalize_name(" Toguz_Kumalak "), "toguz-kumalak");
        assert_eq!(normalize_name("--"), "");
    }

    /// Issue 37: a game misspelt by a letter or two is suggested by its id.
    #[test]
    fn a_misspelt_game_is_suggested_by_its_id() {
        assert_eq!(suggest("toguz-kumalakk"), Some("toguz-kumalak"));
        assert_eq!(suggest("toguz-kumalka"), Some("toguz-kumalak"));
        assert_eq!(suggest("Toguz Kumalk"), Some("toguz-kumalak"));
        assert_eq!(suggest("togys"), Some("toguz-kumalak"));
        assert_eq!(suggest("bagh chall"), Some("bagh-chal"));
        assert_eq!(suggest("Nine Mens Moris"), Some("nine-mens-morris"));
        assert_eq!(suggest("chess"), None);
        assert_eq!(suggest("board"), None);
    }

    #[test]
    fn game_ids_are_unique_and_found_by_id() {
        let ids: Vec<&str> = all_games().map(|g| g.info.id).collect();
        for id in &ids {
            assert_eq!(find(id).map(|g| g.info.id), Some(*id));
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len());
    }

    /// The visitor is handed the rules type that serves the game it is asked for.
    #[test]
    fn dispatch_hands_each_game_its_own_rules_type() {
        struct Serves;
        impl GameVisitor for Serves {
            type Output = bool;
            fn visit<R: Rules>(self, game: &'static GameInfo) -> bool {
                R::GAMES.iter().any(|g| g.id == game.id)
            }
        }
        for found in all_games() {
            assert!(found.dispatch(Serves), "{}", found.info.id);
        }
    }
}
