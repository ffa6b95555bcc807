//! Random games, played by any [`Rules`]: a property check every game must pass, and a
//! source of generated archives for benchmarks.
//!
//! At every position of a random game the check asserts what the replay driver relies
//! on: every legal move written canonically reads back (`parse_token` → `resolve`) as a
//! move with the same canonical text and the same resulting position; the position
//! string round-trips; a position with no legal move has an outcome (unless the game is
//! over already); [`Rules::over_but_for_moves`] keeps its promise.

use std::fmt;

use super::registry::{Found, GameVisitor};
use super::{GameInfo, Player, Rules, Setup};

/// A property of the rules a random game found broken, described with the moves
/// that led to it; or the setup a playout was asked for, refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken(pub String);

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Broken {}

impl From<String> for Broken {
    fn from(what: String) -> Broken {
        Broken(what)
    }
}

impl From<&str> for Broken {
    fn from(what: &str) -> Broken {
        Broken(what.to_string())
    }
}

/// A random game of `game` as record text (see [`random_record_with`]).
///
/// # Errors
/// A rule that broke a property during the game.
pub fn random_record(game: Found, seed: u64, max_plies: usize) -> Result<String, Broken> {
    struct Visit(u64, usize);
    impl GameVisitor for Visit {
        type Output = Result<String, Broken>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            random_record_with::<R>(game, self.0, self.1)
        }
    }
    game.dispatch(Visit(seed, max_plies))
}

/// Plays a random game of `game`, checking the notation and position round trips at
/// every ply (see [`random_game`]).
///
/// # Errors
/// The first broken property.
pub fn check_random_game(game: Found, seed: u64, max_plies: usize) -> Result<(), Broken> {
    struct Visit(u64, usize);
    impl GameVisitor for Visit {
        type Output = Result<(), Broken>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            random_game::<R>(game, self.0, self.1, true).map(drop)
        }
    }
    game.dispatch(Visit(seed, max_plies))
}

/// Reads arbitrary text as a move and as a position string of `game` (see
/// [`check_notation_with`]): what the fuzz campaign drives.
///
/// # Errors
/// The first broken property.
pub fn check_notation(game: Found, text: &str) -> Result<(), Broken> {
    struct Visit<'a>(&'a str);
    impl GameVisitor for Visit<'_> {
        type Output = Result<(), Broken>;
        fn visit<R: Rules>(self, game: &'static GameInfo) -> Self::Output {
            check_notation_with::<R>(game, self.0)
        }
    }
    game.dispatch(Visit(text))
}

/// A small deterministic generator (SplitMix64): reproducible games without a
/// dependency.
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Most legal moves whose round trip is checked at one ply of a random game.
const CHECKED_PER_PLY: usize = 64;

/// A random game's moves (canonical) and result text.
pub struct RandomGame {
    pub moves: Vec<String>,
    /// For each move, its mover and whether it starts a turn (not when it finishes a
    /// turn left half done, such as a mill's removal written as its own token).
    pub turns: Vec<(Player, bool)>,
    pub result: &'static str,
}

/// Plays a random game of `max_plies` plies from the start position (fewer if it ends,
/// more by the end of a turn in progress: a mill's removal owed).
/// With `check`, verifies the round trips described in the module doc at every ply.
///
/// # Errors
/// The first broken property, described with the moves that led to it.
pub fn random_game<R: Rules>(
    info: &'static GameInfo,
    seed: u64,
    max_plies: usize,
    check: bool,
) -> Result<RandomGame, Broken> {
    let rules = R::configure(&Setup::new(info, &[], &[])).map_err(|e| e.message)?;
    let mut rng = SplitMix::new(seed);
    let mut position = rules.start_position();
    let mut moves = Vec::new();
    let mut turns = Vec::new();
    let fail = |moves: &[String], what: String| -> Result<RandomGame, Broken> {
        Err(Broken(format!(
            "{} after {}: {what}",
            info.id,
            moves.join(" ")
        )))
    };
    // A game cut at `max_plies` still ends where a turn ends (a mill's removal owed
    // is played): a record never stops in the middle of a turn.
    while moves.len() < max_plies || rules.unfinished_turn(&position).is_some() {
        if check {
            let text = rules.write_position(&position);
            match rules.parse_position(&text) {
                Ok(back) if rules.write_position(&back) == text => {}
                Ok(back) => {
                    return fail(
                        &moves,
                        format!("{text} reads back as {}", rules.write_position(&back)),
                    );
                }
                Err(e) => return fail(&moves, format!("{text} does not read back: {e}")),
            }
        }
        let over = rules.outcome(&position).is_some();
        if check && let Err(e) = check_over_but_for_moves(&rules, &position, over) {
            return fail(&moves, e.0);
        }
        if over {
            break;
        }
        let legal = rules.legal_moves(&position);
        if legal.is_empty() {
            return fail(&moves, "no legal move but no outcome".into());
        }
        if check {
            // Every move where there are few; an even sample of them on big boards
            // (a 17x17 Mig Mang position has some 450), so the check stays quick.
            let step = legal.len().div_ceil(CHECKED_PER_PLY);
            for mv in legal.iter().step_by(step.max(1)) {
                if let Err(e) = check_round_trip(&rules, &position, mv) {
                    return fail(&moves, e.0);
                }
            }
        }
        let mv = &legal[rng.below(legal.len())];
        let continues = !moves.is_empty() && rules.unfinished_turn(&position).is_some();
        turns.push((rules.to_move(&position), !continues));
        moves.push(rules.write_move(&position, mv));
        rules.play(&mut position, mv);
    }
    let result = rules.outcome(&position).map_or("*", |o| o.result.as_str());
    Ok(RandomGame {
        moves,
        turns,
        result,
    })
}

/// What [`Rules::over_but_for_moves`] promises, at a position whose outcome is `over`.
fn check_over_but_for_moves<R: Rules>(
    rules: &R,
    position: &R::Position,
    over: bool,
) -> Result<(), Broken> {
    match (over, rules.over_but_for_moves(position)) {
        (false, true) => Err("over_but_for_moves says over, the outcome says not".into()),
        (true, false) if !rules.legal_moves(position).is_empty() => {
            Err("the game is over with legal moves left, but over_but_for_moves says not".into())
        }
        _ => Ok(()),
    }
}

fn check_round_trip<R: Rules>(
    rules: &R,
    position: &R::Position,
    mv: &R::Move,
) -> Result<(), Broken> {
    let text = rules.write_move(position, mv);
    let token = rules
        .parse_token(&text)
        .map_err(|e| format!("{text} does not parse: {e}"))?;
    let back = rules
        .resolve(position, &token)
        .map_err(|e| format!("{text} does not resolve: {e}"))?;
    let again = rules.write_move(position, &back);
    if again != text {
        return Err(format!("{text} resolves to a move written {again}").into());
    }
    let (mut a, mut b) = (position.clone(), position.clone());
    rules.play(&mut a, mv);
    rules.play(&mut b, &back);
    if rules.write_position(&a) != rules.write_position(&b) {
        return Err(format!("{text} read back leads elsewhere").into());
    }
    Ok(())
}

/// A random game as record text, with a `[Game]` tag, move numbers and its result.
pub fn random_record_with<R: Rules>(
    info: &'static GameInfo,
    seed: u64,
    max_plies: usize,
) -> Result<String, Broken> {
    let game = random_game::<R>(info, seed, max_plies, false)?;
    Ok(record_text(info, seed, &game))
}

/// A long game of steps (moves written with `-`) from the position string `fen` that
/// meets no position a third time, so that a rule ending the game at a threefold
/// repetition never ends it: the most work a repetition history can be given, for the
/// benches and the hostile inputs. From a position where every step can be undone (no
/// men that step only forward, no pieces in hand), no move of it is irreversible.
///
/// At each ply a step is drawn among those to the positions met least often so far
/// (never twice already), after which the game is not over and the other side has a
/// step too (not a compulsory capture). The game stops at `plies` plies or where no
/// step qualifies.
///
/// # Errors
/// Tags or a position string the game refuses.
pub fn shuttling_record<R: Rules>(
    info: &'static GameInfo,
    tags: &[(String, String)],
    fen: &str,
    seed: u64,
    plies: usize,
) -> Result<String, Broken> {
    let rules = R::configure(&Setup::new(info, tags, &[])).map_err(|e| e.message)?;
    let mut position = rules.parse_position(fen).map_err(|e| e.to_string())?;
    let mut rng = SplitMix::new(seed);
    let mut met = std::collections::HashMap::from([(rules.write_position(&position), 1u8)]);
    let steps = |position: &R::Position| -> Vec<(R::Move, String)> {
        let moves = rules.legal_moves(position);
        let written = moves.iter().map(|m| rules.write_move(position, m));
        let steps = moves.iter().cloned().zip(written);
        steps.filter(|(_, text)| text.contains('-')).collect()
    };
    let mut game = RandomGame {
        moves: Vec::new(),
        turns: Vec::new(),
        result: "*",
    };
    while game.moves.len() < plies {
        let mut next: Vec<(u8, u64, R::Position, String)> = Vec::new();
        for (mv, text) in steps(&position) {
            let mut after = position.clone();
            rules.play(&mut after, &mv);
            let key = rules.write_position(&after);
            let seen = met.get(&key).copied().unwrap_or(0);
            if seen < 2 {
                next.push((seen, rng.next_u64(), after, text));
            }
        }
        // The least met first, in random order; the first after which play goes on.
        next.sort_unstable_by_key(|(seen, draw, ..)| (*seen, *draw));
        let Some((_, _, after, text)) = next
            .into_iter()
            .find(|(_, _, after, _)| rules.outcome(after).is_none() && !steps(after).is_empty())
        else {
            break;
        };
        game.turns.push((rules.to_move(&position), true));
        game.moves.push(text);
        *met.entry(rules.write_position(&after)).or_default() += 1;
        position = after;
    }
    let mut text = record_text(info, seed, &game);
    let setup: String = tags
        .iter()
        .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
        .collect();
    let at = text.find("[Result").unwrap_or(0);
    text.insert_str(at, &format!("{setup}[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    Ok(text)
}

/// [`random_record_with`] with capture chains of two legs or more written, every other
/// time, by their first and last points only (`d4xh4` for `d4xf6xh4`) where no other
/// legal move goes from the one to the other: the short capture form of the rules'
/// README, which must name the chain played. Also how many tokens were shortened.
///
/// # Errors
/// A random game that could not be played, or one of its moves that does not read back.
#[cfg(test)]
pub fn random_record_in_short_form<R: Rules>(
    info: &'static GameInfo,
    seed: u64,
    max_plies: usize,
) -> Result<(String, usize), Broken> {
    let mut game = random_game::<R>(info, seed, max_plies, false)?;
    let rules = R::configure(&Setup::new(info, &[], &[])).map_err(|e| e.message)?;
    let mut rng = SplitMix::new(seed);
    let mut position = rules.start_position();
    let mut shortened = 0;
    for text in &mut game.moves {
        let token = rules
            .parse_token(text)
            .map_err(|e| format!("{text}: {e}"))?;
        let mv = rules
            .resolve(&position, &token)
            .map_err(|e| format!("{text}: {e}"))?;
        if let Some(ends) = capture_ends(text)
            && text.matches('x').count() > 1
            && rng.below(2) == 0
        {
            let between = rules
                .legal_moves(&position)
                .iter()
                .filter(|m| capture_ends(&rules.write_move(&position, m)) == Some(ends))
                .count();
            if between == 1 {
                *text = format!("{}x{}", ends.0, ends.1);
                shortened += 1;
            }
        }
        rules.play(&mut position, &mv);
    }
    Ok((record_text(info, seed, &game), shortened))
}

/// The first and last points of a capture written with `x`, such as `d4xf6xh4`;
/// `None` for any other token.
#[cfg(test)]
fn capture_ends(text: &str) -> Option<(&str, &str)> {
    let points: Vec<&str> = text.split('x').collect();
    let named = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric());
    match points[..] {
        [first, .., last] if points.iter().all(named) => Some((first, last)),
        _ => None,
    }
}

/// A game as record text: `[Event "Generated"]`, `[Round "<round>"]`, `[Game]` and
/// `[Result]` tags, its moves numbered as the driver counts them, and its result.
pub fn record_text(info: &GameInfo, round: u64, game: &RandomGame) -> String {
    let mut text = format!(
        "[Event \"Generated\"]\n[Round \"{round}\"]\n[Game \"{}\"]\n[Result \"{}\"]\n\n",
        info.id, game.result
    );
    let mut line_length = 0;
    // Numbered as the driver counts (`replay::MoveCount`): a full move starts with
    // each turn of the first player, or, once a side has moved twice in a row, of
    // that side.
    let (mut number, mut last, mut leader) = (1, None, Player::First);
    for (mv, &(mover, starts)) in game.moves.iter().zip(&game.turns) {
        if starts && last == Some(mover) {
            leader = mover;
        }
        let numbered = starts && mover == leader;
        if numbered && last.is_some() {
            number += 1;
        }
        last = Some(mover);
        let word = if numbered {
            format!("{number}. {mv}")
        } else {
            mv.clone()
        };
        if line_length + word.len() > 78 {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        line_length += word.len();
        text.push_str(&word);
    }
    text.push_str(&format!(" {}\n\n", game.result));
    text
}

/// Reads `text` as a move token and as a position string of `info`, as the fuzz
/// campaign does with arbitrary text: nothing may panic, and a position string that
/// reads must be written back to a string that reads to the same position string;
/// every legal move of that position, written canonically, must resolve again.
///
/// # Errors
/// The first broken property.
pub fn check_notation_with<R: Rules>(info: &'static GameInfo, text: &str) -> Result<(), Broken> {
    let rules = R::configure(&Setup::new(info, &[], &[])).map_err(|e| e.message)?;
    if let Ok(token) = rules.parse_token(text) {
        let _ = rules.resolve(&rules.start_position(), &token);
    }
    let Ok(position) = rules.parse_position(text) else {
        return Ok(());
    };
    let written = rules.write_position(&position);
    match rules.parse_position(&written) {
        Ok(back) if rules.write_position(&back) == written => {}
        Ok(back) => {
            let again = rules.write_position(&back);
            return Err(Broken(format!(
                "{text:?} is written {written:?}, which reads back as {again:?}"
            )));
        }
        Err(e) => {
            return Err(Broken(format!(
                "{text:?} is written {written:?}, which does not read: {e}"
            )));
        }
    }
    let _ = (
        rules.draw(&position),
        rules.state(&position),
        rules.outcome(&position),
    );
    for mv in rules.legal_moves(&position) {
        let canonical = rules.write_move(&position, &mv);
        let resolved = rules
            .parse_token(&canonical)
            .map_err(|e| format!("{written}: {canonical} does not read: {e}"))
            .and_then(|t| {
                rules
                    .resolve(&position, &t)
                    .map_err(|e| format!("{written}: {canonical} does not resolve: {e}"))
            })?;
        let mut after = position.clone();
        rules.play(&mut after, &resolved);
        let _ = rules.describe(&position, &resolved, &after);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The shared random-playout property test, run over every registered game.
    use super::*;
    use crate::games::registry::all_games;

    #[test]
    fn every_game_round_trips_its_notation_in_random_games() {
        for found in all_games() {
            for seed in 0..20 {
                if let Err(e) = check_random_game(found, seed, 400) {
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
                let text = random_record(found, seed, 400).unwrap();
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
