//! The proofs of issue 28, item 5: the search sees every win in one, in every game;
//! and where positions are small enough to solve exhaustively, what the search says it
//! proved agrees with the exact solver of [`super::solver`], and what the solver finds
//! decided within the depth the search completed, the search proves.

use super::WIN;
use super::search::{Budget, Found, Searcher, UNLISTED_NODES};
use super::solver::{Solved, Value, solve};
use super::{DEFAULT_NODES, MAX_PLY, Verdict, verdict};
use crate::games::mill::Mill;
use crate::games::nei_pat_kono::NeiPatKono;
use crate::games::playout::SplitMix;
use crate::games::toguz_kumalak::ToguzKumalak;
use crate::games::zamma::Zamma;
use crate::games::{GameInfo, GameResult, Rules, Setup};

/// The default budget of `tgn analyze`.
const DEFAULT: Budget = Budget {
    depth: MAX_PLY as u32 - 1,
    nodes: Some(DEFAULT_NODES),
    time: None,
    most: None,
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
        let mut searcher = Searcher::new(&rules, TABLE).unwrap();
        let positions: Vec<_> = random_positions(&rules, seeds, plies)
            .into_iter()
            .filter(|p| wins_in_one(&rules, p))
            .take(most)
            .collect();
        for position in &positions {
            let found = searcher.search(position, DEFAULT, None);
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

/// The options `R`'s random positions are drawn under: its defaults, but where they
/// make a win in one too rare to meet.
fn wins_in_one_options<R: Rules>() -> Vec<(String, String)> {
    match R::GAMES[0].id {
        // On the 17x17 board random games end too seldom; the rules are the same on 5x5.
        "mig-mang" => vec![("board".to_string(), "5x5".to_string())],
        _ => Vec::new(),
    }
}

/// A win in one is met, and seen, in each of `R`'s games.
fn a_win_in_one_is_seen_in_each_game_of<R: Rules>() {
    for (game, count) in search_wins_in_one::<R>(&wins_in_one_options::<R>(), 40, 400, 40) {
        assert!(count > 0, "{game}: no position won in one met");
    }
}

/// One test per rules type of the registry, in a module named after its folder
/// (`wins_in_one::mill::…`): a new game is tested with no line here.
macro_rules! wins_in_one_tests {
    ($($folder:ident $(:: $rest:ident)+),* $(,)?) => {
        mod wins_in_one {
            $(mod $folder {
                #[test]
                fn a_win_in_one_is_seen_in_each_of_its_games() {
                    super::super::a_win_in_one_is_seen_in_each_game_of::<
                        crate::games::$folder $(:: $rest)+,
                    >();
                }
            })*
        }
    };
}
crate::games::every_game!(wins_in_one_tests);

/// What a comparison of the search with the solver met.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Positions compared.
    positions: usize,
    /// Positions the solver finds won or lost.
    decided: usize,
    /// Positions whose value the search proved, or had to (compared).
    proved: usize,
    /// Moves played whose value the search proved, or had to (compared).
    played_proved: usize,
}

/// Searches each of `positions` at `budget` with one searcher (its table carrying
/// over from one position to the next, as in `tgn analyze`), one of its moves scored
/// as the move played (each position a different one), and holds it to the exact
/// solver: every value the search proves, of the position or of the move played, is
/// the solver's, plies to the end included; every win or loss the solver finds within
/// the depth the search completed, the search proves; and the judgement of the move
/// played never has it better than the best (issue 39).
fn agree_with_solver<R: Rules>(
    rules: &R,
    solved: &Solved<R::Position>,
    positions: &[R::Position],
    budget: Budget,
) -> Tally {
    let mut searcher = Searcher::new(rules, TABLE).unwrap();
    let mut tally = Tally {
        positions: positions.len(),
        ..Tally::default()
    };
    for (i, position) in positions.iter().enumerate() {
        let text = rules.write_position(position);
        let value = solved
            .value(&text)
            .expect("a position of the solved sub-space");
        let moves = if rules.outcome(position).is_some() {
            Vec::new()
        } else {
            rules.legal_moves(position)
        };
        let played = (!moves.is_empty()).then(|| moves[i % moves.len()].clone());
        let found = searcher.search(position, budget, played.as_ref());
        tally.decided += usize::from(value != Value::Draw);
        if found.proved || plies(value).is_some_and(|n| n <= found.depth) {
            assert_eq!(
                search_value(&found),
                Some(value),
                "{text}: the search found {found:?}, the solver {value:?}"
            );
            tally.proved += 1;
        }
        let Some(mv) = played else {
            continue;
        };
        let scored = found.played.expect("the move played is scored");
        assert!(scored.score <= found.score, "{text}: {found:?}");
        let played_value = value_of_move(rules, solved, position, &mv);
        if scored.proved || plies(played_value).is_some_and(|n| n <= found.depth) {
            let as_found = Found {
                score: scored.score,
                proved: scored.proved,
                ..found.clone()
            };
            assert_eq!(
                search_value(&as_found),
                Some(played_value),
                "{text}, {}: the search found {scored:?}, the solver {played_value:?}",
                rules.write_move(position, &mv)
            );
            tally.played_proved += 1;
        }
        judged_consistently(rules, position, &found, played_value);
    }
    tally
}

/// The value of playing `mv` at `position`, for its mover, plies counted from
/// `position`.
fn value_of_move<R: Rules>(
    rules: &R,
    solved: &Solved<R::Position>,
    position: &R::Position,
    mv: &R::Move,
) -> Value {
    let mut after = position.clone();
    rules.play(&mut after, mv);
    let child = solved
        .value(&rules.write_position(&after))
        .expect("a position of the solved sub-space");
    let seen = if rules.to_move(&after) == rules.to_move(position) {
        child
    } else {
        match child {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::Draw => Value::Draw,
        }
    };
    match seen {
        Value::Win(n) => Value::Win(n + 1),
        Value::Loss(n) => Value::Loss(n + 1),
        Value::Draw => Value::Draw,
    }
}

/// The judgement `tgn analyze` makes of the move scored in `found`: no score carries
/// a proof, the loss is never negative, the expected score never rises, the best
/// move is never marked, and a move whose proved value is the position's (a win in 9
/// where a win in 3 was to be had) is not marked either.
fn judged_consistently<R: Rules>(
    rules: &R,
    position: &R::Position,
    found: &Found<R::Move>,
    played_value: Value,
) {
    let eval = super::ply_eval(rules, position, found, rules.to_move(position));
    let text = rules.write_position(position);
    for score in [eval.score, eval.played_score].into_iter().flatten() {
        assert!(!super::decided(score), "{text}: {eval:?}");
    }
    assert!(eval.loss.is_none_or(|l| l >= 0), "{text}: {eval:?}");
    assert!(eval.win_after <= eval.win_before, "{text}: {eval:?}");
    assert!((0.0..=100.0).contains(&eval.accuracy), "{text}: {eval:?}");
    if eval.played_score == eval.score && eval.played_result == eval.result {
        assert_eq!(eval.mark, None, "{text}: {eval:?}");
    }
    let same_result = matches!(
        (eval.result, played_value),
        (Some(Verdict::Win), Value::Win(_)) | (Some(Verdict::Loss), Value::Loss(_))
    );
    if same_result && eval.played_result == eval.result {
        assert_eq!(
            (eval.mark, eval.accuracy),
            (None, 100.0),
            "{text}: {eval:?}"
        );
    }
}

/// Plies to the end of a win or loss.
fn plies(value: Value) -> Option<u32> {
    match value {
        Value::Win(n) | Value::Loss(n) => Some(n),
        Value::Draw => None,
    }
}

/// What the search proved, as the solver says it.
fn search_value<M>(found: &Found<M>) -> Option<Value> {
    match (verdict(found.score, found.proved), found.plies_to_end()) {
        (Some(Verdict::Win), Some(n)) => Some(Value::Win(n)),
        (Some(Verdict::Loss), Some(n)) => Some(Value::Loss(n)),
        (Some(Verdict::Draw), _) if found.score == 0 => Some(Value::Draw),
        _ => None,
    }
}

/// The most positions the solver may solve for one comparison.
const SUB_SPACE: usize = 3_000_000;

/// Solves the sub-space reachable from `seeds` and compares the search with the
/// solver on `most` of its positions (see [`mostly_decided`]), at `depth` plies and
/// at the default budget. Prints what it met, for a run with `--nocapture`; gives the
/// tallies at `depth` and at the default budget.
fn compare<R: Rules>(
    game: &str,
    rules: &R,
    seeds: &[R::Position],
    most: usize,
    depth: u32,
) -> (Tally, Tally) {
    let solved = solve(rules, seeds, SUB_SPACE).expect("a sub-space small enough to solve");
    let positions = mostly_decided(&solved, most, depth);
    let budget = Budget {
        depth,
        nodes: None,
        time: None,
        most: None,
    };
    let at_depth = agree_with_solver(rules, &solved, &positions, budget);
    let by_default = agree_with_solver(rules, &solved, &positions, DEFAULT);
    println!(
        "{game}: {} positions solved; at depth {depth} {at_depth:?}; at the default budget \
         {by_default:?}",
        solved.len()
    );
    (at_depth, by_default)
}

/// Asserts that a comparison was made on `positions` positions, and that the search
/// proved the values of at least `least` of them (at the stated depth, at the default
/// budget).
fn holds((at_depth, by_default): (Tally, Tally), positions: usize, least: [usize; 2]) {
    assert_eq!(at_depth.positions, positions, "{at_depth:?}");
    assert!(at_depth.proved >= least[0], "{at_depth:?}");
    assert!(by_default.proved >= least[1], "{by_default:?}");
}

/// `most` positions of a solved sub-space, spread over it: three won or lost within
/// `depth` plies for one drawn (most endings of few pieces are drawn by endless play).
fn mostly_decided<P: Clone>(solved: &Solved<P>, most: usize, depth: u32) -> Vec<P> {
    let decided: Vec<&P> = solved
        .iter()
        .filter(|&(_, v)| plies(v).is_some_and(|n| n <= depth))
        .map(|(p, _)| p)
        .collect();
    let drawn: Vec<&P> = solved
        .iter()
        .filter(|&(_, v)| v == Value::Draw)
        .map(|(p, _)| p)
        .collect();
    let mut positions = spread(&decided, most - most / 4);
    positions.extend(spread(&drawn, most - positions.len()));
    positions
}

/// `n` of `items`, evenly spaced.
fn spread<P: Clone>(items: &[&P], n: usize) -> Vec<P> {
    let step = (items.len() / n.max(1)).max(1);
    items
        .iter()
        .step_by(step)
        .take(n)
        .map(|&p| p.clone())
        .collect()
}

/// The positions of `games` random games of Nei Pat Kono with at most `pieces`
/// pieces on the 4×4.
fn nei_pat_kono_endings(
    rules: &NeiPatKono,
    games: u64,
    pieces: usize,
) -> Vec<<NeiPatKono as Rules>::Position> {
    let count = |p: &<NeiPatKono as Rules>::Position| {
        let text = rules.write_position(p);
        text.chars().filter(|c| matches!(c, 'w' | 'b')).count() - 1
    };
    let mut positions = random_positions(rules, games, 200);
    positions.retain(|p| count(p) <= pieces);
    positions
}

/// Compares on `most` endings of five pieces or fewer met in `games` random games.
fn compare_nei_pat_kono(games: u64, most: usize) -> (Tally, Tally) {
    let rules = rules_of::<NeiPatKono>(&NeiPatKono::GAMES[0]);
    let seeds = nei_pat_kono_endings(&rules, games, 5);
    compare("nei-pat-kono", &rules, &seeds, most, 11)
}

#[test]
fn the_search_agrees_with_the_solver_on_nei_pat_kono() {
    holds(compare_nei_pat_kono(10, 40), 40, [30, 0]);
}

#[test]
#[ignore = "seconds in a debug build; .ci/run runs it"]
fn the_search_agrees_with_the_solver_on_hundreds_of_nei_pat_kono_endings() {
    holds(compare_nei_pat_kono(200, 400), 400, [300, 250]);
}

/// A mill position of three pieces each, all on the board, chosen at random, `left`
/// plies before the ten-move draw (§4.6).
fn three_against_three(rng: &mut SplitMix, left: usize) -> String {
    const POINTS: [&str; 24] = [
        "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4",
        "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
    ];
    let mut points: Vec<&str> = POINTS.to_vec();
    let mut take = || points.remove(rng.below(points.len()));
    let white = [take(), take(), take()].join(",");
    let black = [take(), take(), take()].join(",");
    let turn = if rng.below(2) == 0 { 'W' } else { 'B' };
    let quiet = 20 - left;
    format!("W={white} B={black} hand=0,0 turn={turn} quiet={quiet}")
}

/// Morabaraba's endgames of three against three, with the ten-move draw (§4.6) one
/// or two plies away: without it a flying endgame is one of millions of positions.
fn compare_mills(most: usize) -> (Tally, Tally) {
    let options = [("ten-move-draw".to_string(), "on".to_string())];
    let rules = rules_with::<Mill>(&Mill::GAMES[0], &options);
    let mut rng = SplitMix::new(28);
    let seeds: Vec<_> = (0..most)
        .map(|i| {
            let text = three_against_three(&mut rng, 1 + i % 2);
            rules.parse_position(&text).expect("a position")
        })
        .collect();
    compare("morabaraba", &rules, &seeds, most, 4)
}

#[test]
fn the_search_agrees_with_the_solver_on_mill_endgames_of_three_against_three() {
    holds(compare_mills(40), 40, [30, 0]);
}

#[test]
#[ignore = "seconds in a debug build; .ci/run runs it"]
fn the_search_agrees_with_the_solver_on_hundreds_of_mill_endgames() {
    holds(compare_mills(400), 400, [300, 300]);
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

fn compare_toguz_kumalak(most: usize) -> (Tally, Tally) {
    let rules = rules_of::<ToguzKumalak>(&ToguzKumalak::GAMES[0]);
    let mut rng = SplitMix::new(28);
    let seeds: Vec<_> = (0..most)
        .filter_map(|i| rules.parse_position(&few_stones(&mut rng, 2 + i % 4)).ok())
        .collect();
    compare("toguz-kumalak", &rules, &seeds, most, 12)
}

#[test]
fn the_search_agrees_with_the_solver_on_toguz_kumalak_with_few_stones() {
    holds(compare_toguz_kumalak(40), 40, [30, 0]);
}

#[test]
#[ignore = "seconds in a debug build; .ci/run runs it"]
fn the_search_agrees_with_the_solver_on_hundreds_of_toguz_kumalak_endings() {
    holds(compare_toguz_kumalak(400), 400, [300, 300]);
}

#[test]
fn a_node_budget_gives_the_same_search_every_time_and_stops_it() {
    let rules = rules_of::<ToguzKumalak>(&ToguzKumalak::GAMES[0]);
    let position = rules.start_position();
    let budget = Budget {
        depth: 60,
        nodes: Some(5_000),
        time: None,
        most: None,
    };
    let first = Searcher::new(&rules, TABLE)
        .unwrap()
        .search(&position, budget, None);
    let again = Searcher::new(&rules, TABLE)
        .unwrap()
        .search(&position, budget, None);
    assert_eq!(first, again);
    assert!(first.depth >= 2 && first.nodes <= 5_000, "{first:?}");
}

/// Three sultans among 44 men (`records/invalid/zamma-search-limit.pgn`): South's
/// capture chains are more than the capture search looks at.
const SULTANS: &str = "nS1n1S2n/nn1nnn2S/1n5n1/1nSn1n3/3n1nnnn/1nnnn1n2/1n3n3/nnnnnn1nS/1n1n2nn1";

#[test]
fn a_position_whose_moves_cannot_all_be_listed_is_not_searched() {
    let rules = rules_of::<Zamma>(&Zamma::GAMES[0]);
    let position = rules
        .parse_position(&format!("{SULTANS} s"))
        .expect("a position");
    let found = Searcher::new(&rules, TABLE)
        .unwrap()
        .search(&position, DEFAULT, None);
    assert_eq!(
        (found.best.is_none(), found.depth, found.nodes, found.proved),
        (true, 0, 0, false)
    );
}

#[test]
fn a_position_whose_moves_cannot_all_be_listed_costs_the_node_budget_its_listing() {
    let rules = rules_of::<Zamma>(&Zamma::GAMES[0]);
    // North lists its moves; after each, South cannot.
    let position = rules
        .parse_position(&format!("{SULTANS} n"))
        .expect("a position");
    let found = Searcher::new(&rules, TABLE)
        .unwrap()
        .search(&position, DEFAULT, None);
    assert!(found.best.is_some() && found.depth == 1, "{found:?}");
    assert!(found.nodes <= DEFAULT_NODES && !found.proved, "{found:?}");
    let two = Budget {
        depth: 2,
        nodes: None,
        time: None,
        most: None,
    };
    let found = Searcher::new(&rules, TABLE)
        .unwrap()
        .search(&position, two, None);
    assert!(
        found.depth == 2 && found.nodes > UNLISTED_NODES,
        "{found:?}"
    );
    assert!(!found.proved, "{found:?}");
}
