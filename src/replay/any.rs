//! A position of any game, the game erased once: [`AnyPosition`].
//!
//! Most of tgn reaches a game through a [`GameVisitor`](crate::registry::GameVisitor),
//! generic over its rules. A consumer that keeps a position between calls, and
//! cannot be generic over it (the Python package's `Position`, an explorer stepping
//! through a tree), holds an [`AnyPosition`]: an enum with one variant per rules type
//! of [`every_game`](crate::games), generated from that list, each holding a
//! [`Positioned`] (the configured rules, the position, and the move that led to it).
//! shakmaty's `VariantPosition` erases chess variants the same way. Its moves are
//! read by [`step`], as everywhere.

use std::sync::Arc;

use super::{Refusal, foreign_option, next_to_move, step};
use crate::games::{Diagram, GameInfo, Outcome, Player, Rules, Setup, SetupError, Sides};
use crate::registry::Found;

/// A position of the game `R` plays, with its rules as configured, and the move that
/// led to it: the position before, and the move as written (its picture shows it).
pub struct Positioned<R: Rules> {
    info: &'static GameInfo,
    rules: Arc<R>,
    position: R::Position,
    last: Option<Arc<(R::Position, String)>>,
}

// By hand: the rules are shared, not cloned (a derive would ask `R: Clone`).
impl<R: Rules> Clone for Positioned<R> {
    fn clone(&self) -> Self {
        Positioned {
            info: self.info,
            rules: self.rules.clone(),
            position: self.position.clone(),
            last: self.last.clone(),
        }
    }
}

impl<R: Rules> Positioned<R> {
    /// The rules of `info` configured by `tags` and `options` (as `--option` gives
    /// them), at the position `text` gives (`[FEN]`'s string), else at the start.
    fn configured(
        info: &'static GameInfo,
        tags: &[(String, String)],
        options: &[(String, String)],
        text: Option<&str>,
    ) -> Result<Positioned<R>, SetupError> {
        if let Some(error) = foreign_option::<R>(info, options) {
            return Err(error);
        }
        let rules = R::configure(&Setup::new(info, tags, options))?;
        let position = match text {
            Some(text) => rules
                .parse_position(text)
                .map_err(|e| SetupError::new(format!("bad position string {text:?}: {e}")))?,
            None => rules.start_position(),
        };
        Ok(Positioned {
            info,
            rules: Arc::new(rules),
            position,
            last: None,
        })
    }

    fn sides(&self) -> Sides {
        self.rules.sides(self.info)
    }

    fn text(&self) -> String {
        self.rules.write_position(&self.position)
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.rules.outcome(&self.position).is_some() {
            return Vec::new();
        }
        let rules = &self.rules;
        let moves = rules.legal_moves(&self.position);
        moves
            .iter()
            .map(|mv| rules.write_move(&self.position, mv))
            .collect()
    }

    fn play(&self, text: &str) -> Result<Positioned<R>, Refusal> {
        let mv = step(&*self.rules, &self.position, text)?;
        let mut position = self.position.clone();
        self.rules.play(&mut position, &mv);
        Ok(Positioned {
            info: self.info,
            rules: self.rules.clone(),
            position,
            last: Some(Arc::new((self.position.clone(), text.to_string()))),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.position)
    }

    fn to_move(&self) -> Option<Player> {
        next_to_move(&*self.rules, &self.position)
    }

    fn drawing(&self) -> String {
        self.rules.draw(&self.position)
    }

    /// The game's scene of the position, the last move marked, and the result in
    /// place of who is to move once the game is over.
    fn diagram(&self) -> Diagram {
        let last = self
            .last
            .as_ref()
            .and_then(|last| step(&*self.rules, &last.0, &last.1).ok());
        let mut diagram = self.rules.diagram(&self.position, last.as_ref());
        if let Some(outcome) = self.outcome() {
            diagram.game_over(&outcome);
        }
        diagram
    }

    fn state(&self) -> serde_json::Value {
        self.rules.state(&self.position)
    }
}

/// [`AnyPosition`] and its methods, a variant per rules type of `every_game`.
macro_rules! any_position {
    ($($folder:ident :: $rules:ident),* $(,)?) => {
        /// A position of any game: one variant per rules type.
        #[derive(Clone)]
        pub enum AnyPosition {
            $($rules(Positioned<crate::games::$folder::$rules>),)*
        }

        /// `$body` with `$p` bound to the [`Positioned`] inside `$any`.
        macro_rules! each {
            ($any:expr, $p:ident => $body:expr) => {
                match $any {
                    $(AnyPosition::$rules($p) => $body,)*
                }
            };
        }

        impl AnyPosition {
            /// The position `text` gives of `game` (else its start), its rules
            /// configured by a record's `tags` and the `options` given as `--option`
            /// gives them.
            ///
            /// # Errors
            /// An option or tag the rules refuse, or a position string they cannot read.
            pub fn new(
                game: Found,
                tags: &[(String, String)],
                options: &[(String, String)],
                text: Option<&str>,
            ) -> Result<AnyPosition, SetupError> {
                let info = game.info;
                $(
                    if <crate::games::$folder::$rules as Rules>::GAMES
                        .iter()
                        .any(|g| g.id == info.id)
                    {
                        return Positioned::configured(info, tags, options, text)
                            .map(AnyPosition::$rules);
                    }
                )*
                Err(SetupError::new(format!("no rules play {}", info.id)))
            }

            /// The position after the move written `text`, or why it cannot be played.
            ///
            /// # Errors
            /// What [`step`] refuses.
            pub fn play(&self, text: &str) -> Result<AnyPosition, Refusal> {
                Ok(each!(self, p => AnyPosition::from(p.play(text)?)))
            }
        }

        $(
            impl From<Positioned<crate::games::$folder::$rules>> for AnyPosition {
                fn from(p: Positioned<crate::games::$folder::$rules>) -> AnyPosition {
                    AnyPosition::$rules(p)
                }
            }
        )*

        /// The questions any position answers, asked of the one inside.
        impl AnyPosition {
            /// The game it is a position of.
            pub fn info(&self) -> &'static GameInfo {
                each!(self, p => p.info)
            }
            /// What the game calls its sides, as its rules are configured.
            pub fn sides(&self) -> Sides {
                each!(self, p => p.sides())
            }
            /// Its position string (the one `[FEN]` takes).
            pub fn text(&self) -> String {
                each!(self, p => p.text())
            }
            /// Every legal move (or next token of a turn written as several), in
            /// canonical notation; none once the game is over.
            pub fn legal_moves(&self) -> Vec<String> {
                each!(self, p => p.legal_moves())
            }
            /// How the game has ended here, if it has.
            pub fn outcome(&self) -> Option<Outcome> {
                each!(self, p => p.outcome())
            }
            /// Who is to move; `None` once the game is over.
            pub fn to_move(&self) -> Option<Player> {
                each!(self, p => p.to_move())
            }
            /// The position drawn as text.
            pub fn drawing(&self) -> String {
                each!(self, p => p.drawing())
            }
            /// The game's scene of the position, with the move that led to it.
            pub fn diagram(&self) -> Diagram {
                each!(self, p => p.diagram())
            }
            /// The game's structured state (what `convert --states` gives).
            pub fn state(&self) -> serde_json::Value {
                each!(self, p => p.state())
            }
        }
    };
}
crate::games::every_game!(any_position);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::all_games;

    #[test]
    fn every_game_starts_plays_and_refuses_through_the_erased_position() {
        for found in all_games() {
            let start = AnyPosition::new(found, &[], &[], None).unwrap();
            assert_eq!(start.info().id, found.info.id);
            let first = start.legal_moves().remove(0);
            let after = start.play(&first).unwrap();
            assert_ne!(after.text(), start.text(), "{}", found.info.id);
            let again = AnyPosition::new(found, &[], &[], Some(&after.text())).unwrap();
            assert_eq!(again.text(), after.text(), "{}", found.info.id);
            assert!(start.play("not a move at all").is_err());
        }
    }
}
