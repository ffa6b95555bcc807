//! The proofs of issue 28, item 5: the search sees every win in one, in every game;
//! and where positions are small enough to solve exhaustively, what the search says it
//! proved agrees with a plain minimax over the whole tree.

use super::search::{Budget, Searcher, WIN, decided};
use super::{DEFAULT_NODES, MAX_PLY};
use crate::games::bagh_chal::BaghChal;
use crate::games::hunt::kungser::Kungser;
use crate::games::mig_mang::MigMang;
use crate::games::mill::Mill;
use crate::games::nei_pat_kono::NeiPatKono;
use crate::games::olinda_keliya::OlindaKeliya;
use crate::games::pasang::Pasang;
use crate::games::pinoy_dama::PinoyDama;
use crate::games::playout::SplitMix;
use crate::games::toguz_kumalak::ToguzKumalak;
use crate::games::zamma::Zamma;
use crate::games::{GameInfo, GameResult, Rules, Setup};

/// The default budget of `tgn analyze`.
const DEFAULT: Budget = Budget {
    depth: MAX_PLY as u32 - 1,
    nodes: Some(DEFAULT_NODES),
    time: None,
};

const TABLE: usize = 1 << 20;

fn rules_of<R: Rules>(info: &'static GameInfo) -> R {
    rules_with::<R>(info, &[])
}

fn rules_with<R: Rules>(info: &'static GameInfo, options: &[(String, String)]) -> R {
    R::configure(&Setup::new(info, &[], options)).expect("options of the game")
}

/// The positions of random games of `info` (at most `plies` each), start included.
fn random_positions<R: Rules>(rules: &R, seeds: u64, plies: usize) -> Vec<R::Position> {
    let mut positions = Vec::new();
    for seed in 0..seeds {
        let mut rng = SplitMix::new(seed);
        let mut position = rules.start_position();
        for _ in 0..plies {
            positions.push(position.clone());
            if rules.outcome(&position).is_some() {
                break;
            }
            let moves = rules.legal_moves(&position);
            rules.play(&mut position, &moves[rng.below(moves.len())]);
        }
    }
    positions
}

/// Whether the mover has a move that ends the game in their favour.
fn wins_in_one<R: Rules>(rules: &R, position: &R::Position) -> bool {
    let mover = GameResult::win_for(rules.to_move(position));
    rules.outcome(position).is_none()
        && rules.legal_moves(position).iter().any(|mv| {
            let mut next = position.clone();
            rules.play(&mut next, mv);
            rules.outcome(&next).is_some_and(|o| o.result == mover)
        })
}

/// Searches, at the default budget, up to `most` positions of random games of each of
/// `R`'s games where the mover wins in one; gives how many there were per game.
fn search_wins_in_one<R: Rules>(
    options: &[(String, String)],
    seeds: u64,
    plies: usize,
    most: usize,
) -> Vec<(&'static str, usize)> {
    let mut counts = Vec::new();
    for info in R::GAMES {
        let rules = rules_with::<R>(info, options);
        let mut searcher = Searcher::new(&rules, TABLE);
        let positions: Vec<_> = random_positions(&rules, seeds, plies)
            .into_iter()
            .filter(|p| wins_in_one(&rules, p))
            .take(most)
            .collect();
        for position in &positions {
            let found = searcher.search(position, DEFAULT);
            assert_eq!(
                (found.score, found.plies_to_end()),
                (WIN - 1, Some(1)),
                "{}: {} is won in one",
                info.id,
                rules.write_position(position)
            );
        }
        counts.push((info.id, positions.len()));
    }
    counts
}

macro_rules! wins_in_one_test {
    ($name:ident, $rules:ty, $seeds:expr, $plies:expr) => {
        wins_in_one_test!($name, $rules, &[], $seeds, $plies);
    };
    ($name:ident, $rules:ty, $options:expr, $seeds:expr, $plies:expr) => {
        #[test]
        fn $name() {
            for (game, count) in search_wins_in_one::<$rules>($options, $seeds, $plies, 40) {
                assert!(count > 0, "{game}: no position won in one met");
            }
        }
    };
}

wins_in_one_test!(a_win_in_one_is_seen_in_toguz_kumalak, ToguzKumalak, 40, 400);
wins_in_one_test!(a_win_in_one_is_seen_in_the_mills, Mill, 40, 400);
wins_in_one_test!(a_win_in_one_is_seen_in_pinoy_dama, PinoyDama, 40, 400);
wins_in_one_test!(a_win_in_one_is_seen_in_zamma, Zamma, 40, 400);
wins_in_one_test!(
    a_win_in_one_is_seen_in_kungser_and_rimau_rimau,
    Kungser,
    40,
    400
);
wins_in_one_test!(a_win_in_one_is_seen_in_bagh_chal, BaghChal, 40, 400);
// On the 17x17 board random games end too seldom; the rules are the same on 5x5.
wins_in_one_test!(
    a_win_in_one_is_seen_in_mig_mang,
    MigMang,
    &[("board".to_string(), "5x5".to_string())],
    40,
    400
);
wins_in_one_test!(a_win_in_one_is_seen_in_nei_pat_kono, NeiPatKono, 40, 400);
wins_in_one_test!(a_win_in_one_is_seen_in_olinda_keliya, OlindaKeliya, 40, 400);
wins_in_one_test!(a_win_in_one_is_seen_in_pasang, Pasang, 40, 400);

/// The exact solver: plain minimax over every line of at most `depth` plies, a win
/// `n` plies away scoring `WIN - n`. Gives the score and whether it is the value (a
/// shortest win seen, or every line seen to its end).
fn solve<R: Rules>(rules: &R, position: &R::Position, depth: u32, ply: i32) -> (i32, bool) {
    let moves = if rules.over_but_for_moves(position) {
        Vec::new()
    } else {
        rules.legal_moves(position)
    };
    if moves.is_empty() {
        let mover = rules.to_move(position);
        return match rules.outcome(position).map(|o| o.result) {
            Some(r) if r == GameResult::win_for(mover) => (WIN - ply, true),
            Some(GameResult::Draw) | None => (0, true),
            Some(_) => (-(WIN - ply), true),
        };
    }
    if depth == 0 {
        return (0, false);
    }
    let mut best = (-WIN - 1, true);
    for mv in &moves {
        let mut next = position.clone();
        rules.play(&mut next, mv);
        let (score, complete) = solve(rules, &next, depth - 1, ply + 1);
        let score = if rules.to_move(&next) == rules.to_move(position) {
            score
        } else {
            -score
        };
        best = (best.0.max(score), best.1 && complete);
    }
    (best.0, best.1 || (decided(best.0) && best.0 > 0))
}

/// For each position: the search at `depth` and the solver agree on every value
/// either proves. Gives how many positions had a proved value.
fn agree_with_solver<R: Rules>(rules: &R, positions: &[R::Position], depth: u32) -> usize {
    let mut proved = 0;
    for position in positions {
        let mut searcher = Searcher::new(rules, TABLE);
        let budget = Budget {
            depth,
            nodes: None,
            time: None,
        };
        let found = searcher.search(position, budget);
        let (value, solved) = solve(rules, position, depth, 0);
        let text = rules.write_position(position);
        if solved {
            assert!(
                found.proved,
                "{text}: the solver proves {value}, the search does not"
            );
        }
        if found.proved {
            assert!(
                solved,
                "{text}: the search proves {}, the solver does not",
                found.score
            );
            assert_eq!(found.score, value, "{text}");
            proved += 1;
        }
    }
    proved
}

#[test]
fn the_search_agrees_with_the_solver_on_nei_pat_kono() {
    let rules = rules_of::<NeiPatKono>(&NeiPatKono::GAMES[0]);
    // Positions of few pieces, whose ends are near enough for the solver.
    let pieces = |p: &<NeiPatKono as Rules>::Position| {
        let text = rules.write_position(p);
        text.chars().filter(|c| matches!(c, 'w' | 'b')).count() - 1
    };
    let mut positions = random_positions(&rules, 200, 200);
    positions.retain(|p| pieces(p) <= 7);
    positions.dedup_by_key(|p| rules.write_position(p));
    let positions: Vec<_> = positions.into_iter().step_by(2).take(150).collect();
    let proved = agree_with_solver(&rules, &positions, 5);
    assert!(proved >= 10, "{proved} positions proved");
    assert!(positions.len() >= 100);
}

/// A mill position of three pieces each, all on the board, chosen at random.
fn three_against_three(rng: &mut SplitMix) -> String {
    const POINTS: [&str; 24] = [
        "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4",
        "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
    ];
    let mut points: Vec<&str> = POINTS.to_vec();
    let mut take = || points.remove(rng.below(points.len()));
    let white = [take(), take(), take()].join(",");
    let black = [take(), take(), take()].join(",");
    let turn = if rng.below(2) == 0 { 'W' } else { 'B' };
    format!("W={white} B={black} hand=0,0 turn={turn}")
}

#[test]
fn the_search_agrees_with_the_solver_on_mill_endgames_of_three_against_three() {
    let rules = rules_of::<Mill>(&Mill::GAMES[0]);
    let mut rng = SplitMix::new(28);
    let positions: Vec<_> = (0..150)
        .map(|_| {
            rules
                .parse_position(&three_against_three(&mut rng))
                .expect("a position")
        })
        .collect();
    // Two plies: a move closing a mill and its removal, which leaves two pieces (R9).
    // (Three plies take minutes of a debug build: some 50 flights a ply.)
    let proved = agree_with_solver(&rules, &positions, 2);
    assert!(proved >= 20, "{proved} positions proved");
}

/// A Toguz Kumalak position with `stones` stones left on the board, the rest in the
/// kazans, 81 or fewer each (else the game is over).
fn few_stones(rng: &mut SplitMix, stones: usize) -> String {
    let mut pits = [0u8; 18];
    for _ in 0..stones {
        pits[rng.below(18)] += 1;
    }
    let rest = 162 - stones;
    let south = 81 - rng.below(4);
    let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let mover = if rng.below(2) == 0 { 'S' } else { 'N' };
    format!(
        "S:{}/N:{}/K:{},{}/T:-,-/M:{mover}",
        row(&pits[..9]),
        row(&pits[9..]),
        south,
        rest - south
    )
}

#[test]
fn the_search_agrees_with_the_solver_on_toguz_kumalak_with_few_stones() {
    let rules = rules_of::<ToguzKumalak>(&ToguzKumalak::GAMES[0]);
    let mut rng = SplitMix::new(28);
    let positions: Vec<_> = (0..150)
        .filter_map(|i| rules.parse_position(&few_stones(&mut rng, 2 + i % 5)).ok())
        .collect();
    assert!(positions.len() >= 100, "{} positions read", positions.len());
    let proved = agree_with_solver(&rules, &positions, 5);
    assert!(proved >= 20, "{proved} positions proved");
}

#[test]
fn a_node_budget_gives_the_same_search_every_time_and_stops_it() {
    let rules = rules_of::<ToguzKumalak>(&ToguzKumalak::GAMES[0]);
    let position = rules.start_position();
    let budget = Budget {
        depth: 60,
        nodes: Some(5_000),
        time: None,
    };
    let first = Searcher::new(&rules, TABLE).search(&position, budget);
    let again = Searcher::new(&rules, TABLE).search(&position, budget);
    assert_eq!(first, again);
    assert!(first.depth >= 2 && first.nodes <= 5_000, "{first:?}");
}
