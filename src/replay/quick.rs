//! The quick path through an archive: a plain game replayed straight from its text.
//!
//! Most games of a real archive are plain — tags, numbered moves, comments, a result —
//! and valid. When all a command wants of such a game is that it is valid (`tgn check`
//! for people and for GitHub, `-q`), building its [`GameRecord`]
//! and a node per move is wasted work. This path reads the game in place
//! ([`record::plain`](crate::record::plain)), replays each move as it is read and
//! keeps nothing per move.
//!
//! It answers only "valid, with no warning": it gives up ([`None`]) at the first
//! thing that is not plain, not legal or draws a warning, and the game is then read
//! and replayed the full way, which finds and words every diagnostic. Both paths
//! judge with the same functions (the game's rules, [`Count`] for move numbers,
//! `Declared` for the end), so a game the quick path passes is one the full path
//! passes; tests hold the two to that on every record tgn ships and on generated
//! and damaged games of every game.

use std::sync::Arc;

use super::warnings::Count;
use super::{Declared, Replay, Settings, Snapshot, identify_by, play_quickly, start_from};
use crate::games::registry::GameVisitor;
use crate::games::{GameInfo, Rules, Setup};
use crate::record::Termination;
use crate::record::plain::{Plain, Step};
use crate::record::{GameRecord, ResultMark, Span, Tag, parse_result};

/// Replays the game `text` holds, if it is plain, valid and draws no warning. The
/// replay then holds the game, the plies, the outcome and, if [`Detail::ends`] asks,
/// the final position string; the record is empty but for, if [`Detail::tags`] asks,
/// the tags and the declared result, and if [`Detail::text`] asks, the game's text.
///
/// [`Detail::ends`]: super::Detail::ends
/// [`Detail::tags`]: super::Detail::tags
/// [`Detail::text`]: super::Detail::text
pub fn quick(text: &str, settings: &Settings) -> Option<(GameRecord, Replay)> {
    let plain = Plain::read(text).ok()?;
    let found = identify_by(|name| plain.tag(name), settings).ok()?;
    let Quick { replay, result } = found.dispatch(QuickWith(&plain, settings))?;
    let mut record = if settings.detail.tags {
        header(&plain, result)
    } else {
        GameRecord::default()
    };
    if settings.detail.text {
        record.source.text = Arc::from(text);
        record.end = text.len();
    }
    Some((record, replay))
}

/// What the quick path found of a valid game: its replay, and the result its
/// movetext's termination marker declares.
pub struct Quick {
    pub replay: Replay,
    pub result: Option<Termination>,
}

/// A record of the game's tags and declared result only.
fn header(plain: &Plain<'_>, result: Option<Termination>) -> GameRecord {
    GameRecord {
        tags: plain
            .tags
            .iter()
            .map(|&(name, value)| Tag {
                name: name.to_string(),
                value: value.to_string(),
                span: Span::default(),
            })
            .collect(),
        result: result.map(|result| ResultMark {
            result: result.result(),
            text: result.as_str().to_string(),
            span: Span::default(),
        }),
        ..GameRecord::default()
    }
}

/// The visit of [`quick`]: [`quick_with`] by the game's rules.
struct QuickWith<'a, 't>(&'a Plain<'t>, &'a Settings);

impl GameVisitor for QuickWith<'_, '_> {
    type Output = Option<Quick>;
    fn visit<R: Rules>(self, game: &'static GameInfo) -> Option<Quick> {
        quick_with::<R>(game, self.0, self.1)
    }
}

/// [`quick`] by a game's [`Rules`].
pub fn quick_with<R: Rules>(
    info: &'static GameInfo,
    plain: &Plain<'_>,
    settings: &Settings,
) -> Option<Quick> {
    if !settings.options.is_empty() && super::foreign_option::<R>(info, &settings.options).is_some()
    {
        return None;
    }
    let rules = R::configure(&Setup::of_borrowed(info, &plain.tags, &settings.options)).ok()?;
    if !rules.setup_warnings().is_empty() {
        return None;
    }
    let (fen, set_up) = (plain.tag("FEN"), plain.tag("SetUp"));
    let mut position = start_from(&rules, fen, set_up).ok()?;
    let mut count = Count::new(fen.is_some() && set_up != Some("0"));
    let mut moves = plain.moves();
    let mut ply = 0;
    let mut previous: Option<&str> = None;
    let movetext = loop {
        let mv = match moves.next().ok()? {
            Step::Move(mv) => mv,
            Step::End(result) => break result,
        };
        // As the driver counts: a token that finishes a half-done turn shares its ply.
        let continues = ply > 0 && rules.unfinished_turn(&position).is_some();
        if !continues {
            ply += 1;
        }
        if continues && let Some(previous) = previous {
            let token = rules.parse_token(mv.text).ok()?;
            if rules.abandons_turn(&position, previous, &token).is_some() {
                return None;
            }
        }
        let mover = rules.to_move(&position);
        // The step's verdict, the quick way: a move it would refuse is not played,
        // and the full replay says why.
        if !play_quickly(&rules, &mut position, mv.text) {
            return None;
        }
        let new_turn = count.step(ply, mover);
        if let Some(written) = mv.number {
            let mut wrong = false;
            count.check(new_turn, mover, written, |_| wrong = true);
            if wrong {
                return None;
            }
        }
        previous = Some(mv.text);
    };
    let tag = plain.tag("Result");
    let declared = Declared {
        movetext,
        tag,
        score: plain.tag("Score"),
    };
    let outcome = rules.outcome(&position);
    let mut wrong = false;
    declared.judge(&rules, &position, outcome.as_ref(), |_| wrong = true);
    // The warning for a `*` on one side only (see `warnings::result_tag`).
    let tag = tag.and_then(parse_result);
    let decided = |marker: Termination| marker != Termination::Unknown;
    if wrong || matches!((movetext, tag), (Some(m), Some(t)) if decided(m) != decided(t)) {
        return None;
    }
    let end = settings.detail.ends.then(|| {
        Box::new(Snapshot {
            position: rules.write_position(&position),
            to_move: outcome.is_none().then(|| rules.to_move(&position)),
            state: serde_json::Value::Null,
            board: String::new(),
        })
    });
    Some(Quick {
        replay: Replay {
            game: Some(info),
            sides: Some(rules.sides(info)),
            plies: ply,
            outcome,
            end,
            ..Replay::default()
        },
        result: movetext,
    })
}
