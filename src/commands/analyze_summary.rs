//! `tgn analyze --summary`: what the searches say of the players, instead of the
//! records — per player, the moves judged, the average loss, the ?!, ? and ?? and an
//! accuracy; per game, how often the first player played the engine's best move.
//!
//! The average loss counts only moves whose evaluations before and after are both
//! scores, not proved wins or losses (a win in 5 against a win in 7 is no loss of
//! 2 stones). A player's accuracy is the mean of their accuracies in each game
//! (lichess's, see [`crate::analysis::game_accuracy`]); `best` is the share of their
//! moves that lose nothing against the engine's best.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Item;
use crate::analysis::{Analysis, Mark};
use crate::games::Player;
use crate::output::json::Schema;
use crate::replay::Status;

/// One player's moves, as judged.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerLine {
    pub player: String,
    pub games: usize,
    pub moves: usize,
    /// Loss summed over the moves whose scores are not proved results.
    #[serde(skip)]
    loss_sum: i64,
    #[serde(skip)]
    loss_moves: usize,
    pub average_loss: f64,
    pub dubious: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean of the player's accuracy (0 to 100) in each game.
    pub accuracy: f64,
    #[serde(skip)]
    accuracy_sum: f64,
    #[serde(skip)]
    accuracy_games: usize,
    /// Moves that lose nothing against the engine's best, in percent of `moves`.
    pub best: f64,
    #[serde(skip)]
    best_or_equal: usize,
}

/// One game type's first moves: how often the first player played the best.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameLine {
    pub game: String,
    pub games: usize,
    /// The first player's moves judged.
    pub first_player_moves: usize,
    /// Of those, the ones that were the engine's best move, in percent.
    pub first_player_best: f64,
    #[serde(skip)]
    best_played: usize,
}

/// The summary of a run, built game by game.
#[derive(Debug, Default, Serialize)]
pub struct AnalysisSummary {
    /// The data model's version: `docs/schema/analysis-summary.schema.json`.
    schema: Schema,
    pub players: Vec<PlayerLine>,
    pub games: Vec<GameLine>,
    #[serde(skip)]
    by_player: BTreeMap<String, PlayerLine>,
    #[serde(skip)]
    by_game: BTreeMap<String, GameLine>,
}

impl AnalysisSummary {
    /// Counts one analyzed game.
    pub fn add(&mut self, item: &Item, analysis: &Analysis) {
        let evals = &analysis.evals;
        let Some(game) = item.replay.game else {
            return;
        };
        let names = [
            item.record.tag("White").unwrap_or("?").to_string(),
            item.record.tag("Black").unwrap_or("?").to_string(),
        ];
        let played = item
            .replay
            .main
            .nodes
            .iter()
            .filter_map(|n| match &n.status {
                Status::Played(p) => Some(p),
                _ => None,
            });
        let game_line = self.by_game.entry(game.id.to_string()).or_default();
        game_line.games += 1;
        let mut seen = [false, false];
        for (played, eval) in played.zip(evals) {
            let side = played.mover.index();
            let line = self.by_player.entry(names[side].clone()).or_default();
            if !std::mem::replace(&mut seen[side], true) {
                line.games += 1;
                if let Some(accuracy) = analysis.accuracy[side] {
                    line.accuracy_sum += accuracy;
                    line.accuracy_games += 1;
                }
            }
            line.moves += 1;
            if let Some(loss) = eval.loss {
                line.loss_sum += i64::from(loss);
                line.loss_moves += 1;
            }
            match eval.mark {
                Some(Mark::Dubious) => line.dubious += 1,
                Some(Mark::Mistake) => line.mistakes += 1,
                Some(Mark::Blunder) => line.blunders += 1,
                None => {}
            }
            line.best_or_equal += usize::from(eval.win_after >= eval.win_before);
            if played.mover == Player::First {
                game_line.first_player_moves += 1;
                let best = eval.best.as_deref() == Some(played.canonical.as_str());
                game_line.best_played += usize::from(best);
            }
        }
    }

    /// Closes the counts: averages and percentages, players by name, games by id.
    pub fn finish(&mut self) {
        let percent = |part: usize, whole: usize| {
            if whole == 0 {
                0.0
            } else {
                (1000.0 * part as f64 / whole as f64).round() / 10.0
            }
        };
        self.players = std::mem::take(&mut self.by_player)
            .into_iter()
            .map(|(player, mut line)| {
                line.player = player;
                line.average_loss = if line.loss_moves == 0 {
                    0.0
                } else {
                    (100.0 * line.loss_sum as f64 / line.loss_moves as f64).round() / 100.0
                };
                line.best = percent(line.best_or_equal, line.moves);
                line.accuracy = if line.accuracy_games == 0 {
                    0.0
                } else {
                    (10.0 * line.accuracy_sum / line.accuracy_games as f64).round() / 10.0
                };
                line
            })
            .collect();
        self.games = std::mem::take(&mut self.by_game)
            .into_iter()
            .map(|(game, mut line)| {
                line.game = game;
                line.first_player_best = percent(line.best_played, line.first_player_moves);
                line
            })
            .collect();
    }

    /// The two tables, for people.
    pub fn tables(&self) -> String {
        let mut players = super::table(&[
            "player", "games", "moves", "avg loss", "?!", "?", "??", "accuracy", "best",
        ]);
        for line in &self.players {
            players.add_row([
                line.player.clone(),
                line.games.to_string(),
                line.moves.to_string(),
                format!("{:.2}", line.average_loss),
                line.dubious.to_string(),
                line.mistakes.to_string(),
                line.blunders.to_string(),
                format!("{:.1}", line.accuracy),
                format!("{}%", line.best),
            ]);
        }
        let mut games = super::table(&["game", "games", "first player's moves", "best played"]);
        for line in &self.games {
            games.add_row([
                line.game.clone(),
                line.games.to_string(),
                line.first_player_moves.to_string(),
                format!("{}%", line.first_player_best),
            ]);
        }
        format!("{players}\n{games}\n")
    }
}
