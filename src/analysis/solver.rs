//! The exact solver the proofs of issue 28 (item 5) hold the search to: retrograde
//! analysis over every position reachable from the ones given, solved by backward
//! induction from the ends of the game.
//!
//! A position is what its position string says, as for the search's table (whose key
//! is a hash of the string, or of the same fields). The games compared here keep in
//! it all that their rules look back on: Toguz Kumalak and Nei Pat Kono have no rule
//! of history, and the mills write the ten-move count (`quiet=`), R8's last moves
//! (`last=`) and Sanmill's n-move count and repetition list (`plies=`, `seen=`). A
//! line that comes back to a position it passed through is endless play: the solver
//! calls a position that neither side can force to an end a draw, which the search,
//! seeing no end, never proves.

use std::collections::{HashMap, VecDeque};

use crate::games::{GameResult, Rules};

/// The game-theoretic value of a position, from its mover's view, with the plies to
/// the end under best play (the winner ending soonest, the loser latest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win(u32),
    Loss(u32),
    /// A drawn end, or play that neither side can force to end.
    Draw,
}

impl Value {
    /// The value for the other side.
    fn flipped(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::Draw => Value::Draw,
        }
    }
}

/// The solved sub-space: every position reachable from the roots, with its value.
pub struct Solved<P> {
    positions: Vec<P>,
    index: HashMap<String, usize>,
    values: Vec<Value>,
}

impl<P> Solved<P> {
    /// The value of a position of the sub-space, by its position string.
    pub fn value(&self, position: &str) -> Option<Value> {
        self.index.get(position).map(|&i| self.values[i])
    }

    /// How many positions were solved.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Every position solved, with its value, in the order they were reached.
    pub fn iter(&self) -> impl Iterator<Item = (&P, Value)> {
        self.positions.iter().zip(self.values.iter().copied())
    }
}

/// A move of the game graph: the position it leads to and whether the same side
/// moves there (a turn of several tokens), so that its value is not the other side's.
type Edge = (usize, bool);

/// The game graph reachable from some positions.
struct Graph<P> {
    positions: Vec<P>,
    index: HashMap<String, usize>,
    /// Each position's moves; `None` for an end of the game.
    edges: Vec<Option<Vec<Edge>>>,
}

/// Solves every position reachable from `roots`, or `None` if there are more than
/// `most` of them.
pub fn solve<R: Rules>(
    rules: &R,
    roots: &[R::Position],
    most: usize,
) -> Option<Solved<R::Position>> {
    let graph = enumerate(rules, roots, most)?;
    let values = backward_induction(rules, &graph);
    Some(Solved {
        positions: graph.positions,
        index: graph.index,
        values,
    })
}

/// Every position reachable from `roots`, breadth first, with its moves.
fn enumerate<R: Rules>(
    rules: &R,
    roots: &[R::Position],
    most: usize,
) -> Option<Graph<R::Position>> {
    let mut graph = Graph {
        positions: Vec::new(),
        index: HashMap::new(),
        edges: Vec::new(),
    };
    for root in roots {
        graph.add(rules, root);
    }
    let mut next = 0;
    while next < graph.positions.len() {
        if graph.positions.len() > most {
            return None;
        }
        let position = graph.positions[next].clone();
        let moves = if rules.over_but_for_moves(&position) {
            Vec::new()
        } else {
            rules.legal_moves(&position)
        };
        if !moves.is_empty() {
            let mover = rules.to_move(&position);
            let edges = moves
                .iter()
                .map(|mv| {
                    let mut after = position.clone();
                    rules.play(&mut after, mv);
                    (graph.add(rules, &after), rules.to_move(&after) == mover)
                })
                .collect();
            graph.edges[next] = Some(edges);
        }
        next += 1;
    }
    Some(graph)
}

impl<P: Clone> Graph<P> {
    /// The index of `position`, added if new.
    fn add<R: Rules<Position = P>>(&mut self, rules: &R, position: &P) -> usize {
        let key = rules.write_position(position);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.positions.len();
        self.index.insert(key, i);
        self.positions.push(position.clone());
        self.edges.push(None);
        i
    }
}

/// The values of the graph's positions: its ends valued by the rules' outcome, then,
/// in order of distance to the end, a position won when one move reaches a position
/// lost for the other side, and lost when every move reaches one won for them. What
/// is left is a draw.
fn backward_induction<R: Rules>(rules: &R, graph: &Graph<R::Position>) -> Vec<Value> {
    let len = graph.positions.len();
    let mut values: Vec<Option<Value>> = vec![None; len];
    let mut parents: Vec<Vec<Edge>> = vec![Vec::new(); len];
    let mut unlost = vec![0usize; len];
    let mut queue = VecDeque::new();
    for (i, edges) in graph.edges.iter().enumerate() {
        match edges {
            Some(edges) => {
                unlost[i] = edges.len();
                for &(child, same) in edges {
                    parents[child].push((i, same));
                }
            }
            None => {
                let value = end_value(rules, &graph.positions[i]);
                values[i] = Some(value);
                if value != Value::Draw {
                    queue.push_back(i);
                }
            }
        }
    }
    while let Some(child) = queue.pop_front() {
        let Some(value) = values[child] else {
            continue;
        };
        for &(parent, same) in &parents[child] {
            if values[parent].is_some() {
                continue;
            }
            let seen = if same { value } else { value.flipped() };
            let resolved = match seen {
                Value::Win(n) => Some(Value::Win(n + 1)),
                Value::Loss(n) => {
                    unlost[parent] -= 1;
                    (unlost[parent] == 0).then_some(Value::Loss(n + 1))
                }
                Value::Draw => None,
            };
            if let Some(resolved) = resolved {
                values[parent] = Some(resolved);
                queue.push_back(parent);
            }
        }
    }
    values
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

/// The value of a position where the game is over (or the mover has no move).
fn end_value<R: Rules>(rules: &R, position: &R::Position) -> Value {
    let mover = GameResult::win_for(rules.to_move(position));
    match rules.outcome(position).map(|o| o.result) {
        Some(GameResult::Draw) | None => Value::Draw,
        Some(r) if r == mover => Value::Win(0),
        Some(_) => Value::Loss(0),
    }
}
