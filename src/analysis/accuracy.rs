//! Expected score and accuracy, as lichess computes them from Stockfish's evaluations
//! (`WinPercent.scala`, `AccuracyPercent.scala` of lila), with each game's own curve
//! from its unit to the expected score ([`Rules::WIN_CURVE`](crate::games::Rules)).
//!
//! - The mover's expected score (win 1, draw ½, loss 0) of a score `s` in the game's
//!   unit is `1 / (1 + e^(−k·s))`, `k` fitted per game on real or self-played games.
//! - A move's accuracy is `103.1668·e^(−0.04354·Δ) − 3.1669`, `Δ` the drop in the
//!   mover's expected score in percentage points, clamped to 0–100; a move that drops
//!   nothing is 100. (lichess adds 1, an "uncertainty bonus" for judging the move
//!   played by a search other than the one that found the best; here one search
//!   judges both, and a move as good as the best drops exactly nothing.)
//! - A player's accuracy over a game is the mean of two means of their moves'
//!   accuracies: one weighted by how much the expected score swings around each move
//!   (the standard deviation of a window of expected scores, 0.5 to 12 points), so
//!   that a calm stretch weighs little; and the harmonic mean, which a few bad moves
//!   pull down.

use crate::games::Player;

/// The mover's expected score, 0 to 1, of a score `score` on a curve of slope `slope`.
pub fn expected_score(score: i32, slope: f64) -> f64 {
    1.0 / (1.0 + (-slope * f64::from(score)).exp())
}

/// The accuracy (0 to 100) of a move that takes the mover's expected score from
/// `before` to `after` (each 0 to 1).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let drop = 100.0 * (before - after);
    if drop <= 0.0 {
        return 100.0;
    }
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411)
        .clamp(0.0, 100.0)
}

/// One move as the game's accuracy counts it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    pub mover: Player,
    /// The mover's expected score before and after the move (0 to 1).
    pub before: f64,
    pub after: f64,
    /// [`move_accuracy`] of the move.
    pub accuracy: f64,
}

/// Each player's accuracy over a game (first player's first), `None` for a player
/// without a move judged: lichess's mean of the volatility-weighted mean and the
/// harmonic mean of the moves' accuracies.
pub fn game_accuracy(moves: &[Judged]) -> [Option<f64>; 2] {
    let Some(first) = moves.first() else {
        return [None, None];
    };
    // The first player's expected score, in percent, at the start and after each move.
    let first_view = |mover: Player, expected: f64| {
        100.0
            * match mover {
                Player::First => expected,
                Player::Second => 1.0 - expected,
            }
    };
    let mut scores = vec![first_view(first.mover, first.before)];
    scores.extend(moves.iter().map(|m| first_view(m.mover, m.after)));
    let weights = volatility(&scores, moves.len());
    [Player::First, Player::Second].map(|player| {
        let (accuracies, weights): (Vec<f64>, Vec<f64>) = moves
            .iter()
            .zip(&weights)
            .filter(|(m, _)| m.mover == player)
            .map(|(m, &w)| (m.accuracy, w))
            .unzip();
        let weighted = weighted_mean(&accuracies, &weights)?;
        let harmonic = harmonic_mean(&accuracies)?;
        Some((weighted + harmonic) / 2.0)
    })
}

/// The weight of each of `moves` moves: the standard deviation of a window of
/// `scores` (the expected scores in percent, one more than the moves) around it, 0.5
/// to 12. The window is a tenth of the game, 2 to 8 scores; the first moves share the
/// first window.
fn volatility(scores: &[f64], moves: usize) -> Vec<f64> {
    let size = (moves / 10).clamp(2, 8).min(scores.len());
    let first = &scores[..size];
    std::iter::repeat_n(first, size.saturating_sub(2))
        .chain(scores.windows(size))
        .map(|window| standard_deviation(window).clamp(0.5, 12.0))
        .take(moves)
        .collect()
}

/// The population standard deviation.
fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

fn weighted_mean(values: &[f64], weights: &[f64]) -> Option<f64> {
    let total: f64 = weights.iter().sum();
    (!values.is_empty() && total > 0.0)
        .then(|| values.iter().zip(weights).map(|(v, w)| v * w).sum::<f64>() / total)
}

/// The harmonic mean, each value taken as at least 1 (a move of accuracy 0 would
/// make it 0 whatever the others).
fn harmonic_mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty())
        .then(|| values.len() as f64 / values.iter().map(|v| 1.0 / v.max(1.0)).sum::<f64>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_drops_nothing_is_perfect_and_one_that_drops_everything_is_zero() {
        assert_eq!(move_accuracy(0.6, 0.6), 100.0);
        assert_eq!(move_accuracy(0.6, 0.7), 100.0);
        assert_eq!(move_accuracy(1.0, 0.0), 0.0);
        // lichess's curve: 10 points of expected score cost a third of the accuracy.
        let ten = move_accuracy(0.6, 0.5);
        assert!((ten - 63.6).abs() < 0.1, "{ten}");
    }

    #[test]
    fn the_expected_score_is_even_at_zero_and_rises_with_the_score() {
        assert_eq!(expected_score(0, 0.1), 0.5);
        assert!(expected_score(10, 0.1) > 0.7 && expected_score(-10, 0.1) < 0.3);
    }

    fn judged(mover: Player, before: f64, after: f64) -> Judged {
        Judged {
            mover,
            before,
            after,
            accuracy: move_accuracy(before, after),
        }
    }

    /// Twenty moves, the players in turn, none changing the expected score.
    fn calm_game() -> Vec<Judged> {
        (0..20)
            .map(|i| {
                let mover = if i % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                judged(mover, 0.5, 0.5)
            })
            .collect()
    }

    #[test]
    fn a_game_of_best_moves_is_perfect_for_both_players() {
        let moves = calm_game();
        assert_eq!(game_accuracy(&moves), [Some(100.0), Some(100.0)]);
    }

    #[test]
    fn one_blunder_costs_its_player_more_than_its_share_of_the_moves() {
        let mut moves = calm_game();
        moves[10] = judged(Player::First, 0.5, 0.1);
        let [first, second] = game_accuracy(&moves);
        let first = first.unwrap();
        // The plain mean of ten moves, one of them 0, would be 90.
        assert!(first < 80.0, "{first}");
        assert!(second.unwrap() > 99.9);
    }

    #[test]
    fn a_player_without_a_move_has_no_accuracy() {
        let moves = [judged(Player::First, 0.5, 0.4)];
        let [first, second] = game_accuracy(&moves);
        assert!(first.is_some());
        assert_eq!(second, None);
        assert_eq!(game_accuracy(&[]), [None, None]);
    }
}
