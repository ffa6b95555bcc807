//! Helpers for the unit tests of the hunt games on this engine (Kungser's,
//! Rimau-rimau's): positions read and played on, a hunter's moves, records replayed,
//! and the checks each game's tests run on its own variant.

use super::{Family, HuntGame, Position};
use crate::games::common::capture::points;
use crate::games::testing::{legal, play};
use crate::games::{Rules, Setup};
use crate::record::parser::{Origin, parse_games};
use crate::replay::{ErrorCode, Replay, Settings, replay_with};

/// The position a position string gives, panicking on a bad one.
pub fn fen<F: Family>(hunt: &HuntGame<F>, text: &str) -> Position {
    hunt.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays space-separated tokens from `position`, panicking on the first that fails.
pub fn after<F: Family>(hunt: &HuntGame<F>, mut position: Position, moves: &str) -> Position {
    for text in moves.split_whitespace() {
        assert!(hunt.outcome(&position).is_none(), "{text} after the end");
        play(hunt, &mut position, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    position
}

/// The legal moves of the hunter on `from`, in canonical notation, sorted.
pub fn moves_of<F: Family>(hunt: &HuntGame<F>, position: &Position, from: &str) -> Vec<String> {
    legal(hunt, position)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.starts_with('@'))
        .collect()
}

/// The legal captures, in canonical notation, sorted.
pub fn captures<F: Family>(hunt: &HuntGame<F>, position: &Position) -> Vec<String> {
    legal(hunt, position)
        .into_iter()
        .filter(|m| m.contains('x'))
        .collect()
}

/// A record of the family's games replayed as the driver does, the game found by its
/// `[Game]` tag.
pub fn replay<F: Family>(text: &str) -> Replay {
    let record = parse_games(text, Origin::default()).remove(0);
    let info = crate::registry::find(record.tag("Game").unwrap())
        .unwrap()
        .info;
    replay_with::<HuntGame<F>>(info, &record, &Settings::default())
}

/// The code and ply of each error of a replay.
pub fn codes(r: &Replay) -> Vec<(ErrorCode, Option<u32>)> {
    r.errors.iter().map(|e| (e.code, e.ply)).collect()
}

/// Random games of each of the family's games replay without error, and broken at one
/// ply (a drop on a hunter's point; the first capture written with `-`) are judged at
/// that ply.
pub fn broken_random_games_are_judged_at_the_exact_ply<F: Family>() {
    use crate::games::playout::random_game;
    for info in F::GAMES {
        let hunt = HuntGame::<F>::configure(&Setup::new(info, &[], &[])).expect("no options");
        for seed in 0..12u64 {
            let game = random_game::<HuntGame<F>>(info, seed, 150, false).unwrap();
            let record = |moves: &[String]| {
                let mut text = format!("[Game \"{}\"]\n\n", info.id);
                for (i, m) in moves.iter().enumerate() {
                    if i % 2 == 0 {
                        text += &format!("{}. ", i / 2 + 1);
                    }
                    text += m;
                    text.push(' ');
                }
                text + "*\n"
            };
            assert!(replay::<F>(&record(&game.moves)).is_valid());
            // A drop on a hunter's point is illegal for either side, at any ply.
            let k = (seed as usize * 7) % game.moves.len();
            let mut position = hunt.start_position();
            for m in &game.moves[..k] {
                play(&hunt, &mut position, m).unwrap();
            }
            let hunter = points(position.hunters()).next().unwrap();
            let mut broken = game.moves.clone();
            broken[k] = format!("@{}", hunt.geo.name(hunter));
            let r = replay::<F>(&record(&broken));
            assert_eq!(
                codes(&r),
                [(ErrorCode::Illegal, Some(k as u32 + 1))],
                "{} seed {seed}",
                info.id
            );
            // The first capture written with `-`: a wrong mark (one jump) or not the
            // notation at all (a chain), at its ply.
            if let Some(c) = game.moves.iter().position(|m| m.contains('x')) {
                let mut broken = game.moves.clone();
                broken[c] = broken[c].replace('x', "-");
                let code = if broken[c].matches('-').count() == 1 {
                    ErrorCode::WrongMark
                } else {
                    ErrorCode::Notation
                };
                let r = replay::<F>(&record(&broken));
                assert_eq!(codes(&r), [(code, Some(c as u32 + 1))], "{}", broken[c]);
            }
        }
    }
}

/// The scene writes its status line itself rather than drawing the whole board for it
/// (a view of 99,000 plies drew 99,000 boards); the two must agree, at the start and
/// after a first move.
pub fn the_scenes_status_is_the_drawings_last_line<F: Family>(hunt: &HuntGame<F>) {
    let start = hunt.start_position();
    let later = after(hunt, start.clone(), &legal(hunt, &start)[0]);
    for position in [start, later] {
        let drawing = hunt.draw(&position);
        assert_eq!(
            hunt.diagram(&position, None).status,
            drawing.lines().last().unwrap()
        );
    }
}
