//! The registry: the one place that names every game, and the object-safe face
//! ([`Engine`]) through which the driver and the subcommands reach a game without
//! knowing it. It lives beside the driver: the erasure replays a record, and the
//! driver finds a record's game here, so the two are one layer (re-exported at the
//! crate root as `tgn::registry`).

use std::marker::PhantomData;

use super::diagram::{Drawn, EachPly, Stop};
use super::quick::Quick;
use super::{Replay, Settings, replay_with};
use crate::analysis::{self, Analysis, Limits, TableRefused};
use crate::games::options::Setup;
use crate::games::{self, GameInfo, OptionSpec, Rules};
use crate::record::GameRecord;
use crate::record::plain::Plain;

/// A game engine as the subcommands see it: a [`Rules`] implementation with its
/// associated types erased.
pub trait Engine: Sync {
    /// The games this engine serves (the mill engine serves two).
    fn games(&self) -> &'static [GameInfo];
    /// The options the engine reads from tags and `--option`.
    fn options(&self) -> &'static [OptionSpec];
    /// The options that concern `game`, one of [`Engine::games`].
    fn options_of(&self, game: &GameInfo) -> Vec<&'static OptionSpec>;
    /// The rule presets the engine plays (see [`Rules::presets`]).
    fn presets(&self) -> Vec<String>;
    /// A random game of `game` as record text (see `games::playout`).
    ///
    /// # Errors
    /// A rule that broke a property during the game.
    fn random_record(
        &self,
        game: &'static GameInfo,
        seed: u64,
        max_plies: usize,
    ) -> Result<String, String>;
    /// Plays a random game checking the notation and position round trips at every ply.
    ///
    /// # Errors
    /// The first broken property.
    fn check_random_game(
        &self,
        game: &'static GameInfo,
        seed: u64,
        max_plies: usize,
    ) -> Result<(), String>;
    /// Reads arbitrary text as a move and as a position string of `game` (see
    /// `games::playout::check_notation`): what the fuzz campaign drives.
    ///
    /// # Errors
    /// The first broken property.
    fn check_notation(&self, game: &'static GameInfo, text: &str) -> Result<(), String>;
    /// Replays a record of `game` (one of [`Engine::games`]).
    fn replay(&self, game: &'static GameInfo, record: &GameRecord, settings: &Settings) -> Replay;
    /// The quick path: see [`quick`](super::quick::quick).
    fn quick(
        &self,
        game: &'static GameInfo,
        plain: &Plain<'_>,
        settings: &Settings,
    ) -> Option<Quick>;
    /// The main line of a record of `game`, replayed as `replay`, judged move by move
    /// by the search (see [`analysis`]).
    ///
    /// # Errors
    /// The search's table could not be allocated.
    fn analyze(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        replay: &Replay,
        limits: &Limits,
    ) -> Result<Analysis, TableRefused>;
    /// The board part of a position string (see [`Rules::board_part`]).
    fn board_part(&self, position: &str) -> String;
    /// The position of `record` at `stop` as a scene (see [`Rules::diagram`]).
    ///
    /// # Errors
    /// A setup the rules refuse, or a ply past the end of the main line.
    fn diagram(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        stop: Stop,
    ) -> Result<Drawn, String>;
    /// Shows `visit` the start and every legal ply of the main line in order, each
    /// with a way to draw its scene (see
    /// [`each_diagram_with`](super::diagram::each_diagram_with)); `visit` may stop.
    ///
    /// # Errors
    /// A setup the rules refuse.
    fn each_diagram(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        visit: &mut EachPly<'_>,
    ) -> Result<(), String>;
    /// Whether `text` is a move of `game`'s notation, as written (its syntax only: no
    /// position is asked), for arguments such as `tgn filter --moves`.
    ///
    /// # Errors
    /// What the notation expected.
    fn reads_move(&self, game: &'static GameInfo, text: &str) -> Result<(), String>;
    /// Whether `text` is a position string of `game` with the options `record` and
    /// `overrides` give it (a Mig Mang board's size is one), for arguments such as
    /// `tgn filter --reaching`.
    ///
    /// # Errors
    /// What is wrong with the string, or with the options.
    fn reads_position(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        overrides: &[(String, String)],
        text: &str,
    ) -> Result<(), String>;
}

/// The [`Engine`] of a [`Rules`] type.
pub struct EngineOf<R>(PhantomData<fn() -> R>);

impl<R: Rules> EngineOf<R> {
    pub const NEW: EngineOf<R> = EngineOf(PhantomData);
}

impl<R: Rules> Engine for EngineOf<R> {
    fn games(&self) -> &'static [GameInfo] {
        R::GAMES
    }

    fn options(&self) -> &'static [OptionSpec] {
        R::OPTIONS
    }

    fn presets(&self) -> Vec<String> {
        R::presets()
    }

    fn options_of(&self, game: &GameInfo) -> Vec<&'static OptionSpec> {
        R::OPTIONS
            .iter()
            .filter(|o| R::option_applies(game, o))
            .collect()
    }

    fn random_record(
        &self,
        game: &'static GameInfo,
        seed: u64,
        max_plies: usize,
    ) -> Result<String, String> {
        games::playout::random_record::<R>(game, seed, max_plies)
    }

    fn check_random_game(
        &self,
        game: &'static GameInfo,
        seed: u64,
        max_plies: usize,
    ) -> Result<(), String> {
        games::playout::random_game::<R>(game, seed, max_plies, true).map(|_| ())
    }

    fn check_notation(&self, game: &'static GameInfo, text: &str) -> Result<(), String> {
        games::playout::check_notation::<R>(game, text)
    }

    fn replay(&self, game: &'static GameInfo, record: &GameRecord, settings: &Settings) -> Replay {
        replay_with::<R>(game, record, settings)
    }

    fn quick(
        &self,
        game: &'static GameInfo,
        plain: &Plain<'_>,
        settings: &Settings,
    ) -> Option<Quick> {
        super::quick::quick_with::<R>(game, plain, settings)
    }

    fn analyze(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        replay: &Replay,
        limits: &Limits,
    ) -> Result<Analysis, TableRefused> {
        analysis::analyze_with::<R>(game, record, settings, replay, limits)
    }

    fn board_part(&self, position: &str) -> String {
        R::board_part(position)
    }

    fn diagram(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        stop: Stop,
    ) -> Result<Drawn, String> {
        super::diagram::diagram_with::<R>(game, record, settings, stop)
    }

    fn each_diagram(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        settings: &Settings,
        visit: &mut EachPly<'_>,
    ) -> Result<(), String> {
        super::diagram::each_diagram_with::<R>(game, record, settings, visit)
    }

    fn reads_move(&self, game: &'static GameInfo, text: &str) -> Result<(), String> {
        let rules = R::configure(&Setup::new(game, &[], &[])).map_err(|e| e.message)?;
        rules.parse_token(text).map(drop).map_err(|e| e.to_string())
    }

    fn reads_position(
        &self,
        game: &'static GameInfo,
        record: &GameRecord,
        overrides: &[(String, String)],
        text: &str,
    ) -> Result<(), String> {
        let rules = R::configure(&Setup::of_record(game, &record.tags, overrides))
            .map_err(|e| e.message)?;
        rules
            .parse_position(text)
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

/// An engine of each rules type `games::every_game` lists.
macro_rules! engines {
    ($($folder:ident $(:: $rest:ident)+),* $(,)?) => {
        /// Every engine tgn knows, one per game of `games::every_game`: adding a game
        /// is adding it there, and nowhere else outside its own folder.
        pub static ENGINES: &[&dyn Engine] = &[
            $(&EngineOf::<games::$folder $(:: $rest)+>::NEW),*
        ];
    };
}
games::every_game!(engines);

/// A game found by name: which engine plays it, and which of its games it is.
#[derive(Clone, Copy)]
pub struct Found {
    pub engine: &'static dyn Engine,
    pub info: &'static GameInfo,
}

impl std::fmt::Debug for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Found").field(&self.info.id).finish()
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
    ENGINES.iter().find_map(|&engine| {
        engine
            .games()
            .iter()
            .find(|g| {
                normalize_name(g.id) == wanted
                    || normalize_name(g.name) == wanted
                    || g.aliases.iter().any(|a| normalize_name(a) == wanted)
            })
            .map(|info| Found { engine, info })
    })
}

/// The id of the game whose id, name or alias is nearest to `name`, a name [`find`]
/// does not know: what "did you mean" suggests (see [`crate::suggest`]).
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
    ENGINES.iter().flat_map(|&engine| {
        engine
            .games()
            .iter()
            .map(move |info| Found { engine, info })
    })
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
}

#[cfg(test)]
mod playout_tests {
    //! The shared random-playout property test, run over every registered game.
    use super::*;

    #[test]
    fn every_game_round_trips_its_notation_in_random_games() {
        for found in all_games() {
            for seed in 0..20 {
                if let Err(e) = found.engine.check_random_game(found.info, seed, 400) {
                    panic!("seed {seed}: {e}");
                }
            }
        }
    }

    #[test]
    fn random_records_replay_without_error() {
        use crate::record::parser::{Origin, parse_games};
        use crate::replay::{Settings, replay};
        for found in all_games() {
            for seed in 0..10 {
                let text = found.engine.random_record(found.info, seed, 400).unwrap();
                let record = parse_games(&text, Origin::default()).remove(0);
                let replay = replay(&record, &Settings::default());
                assert!(
                    replay.is_valid(),
                    "{}: {:?}\n{text}",
                    found.info.id,
                    replay.errors
                );
            }
        }
    }
}
