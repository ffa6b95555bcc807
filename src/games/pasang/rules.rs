//! The moves of both rule sets: emas E1–E10 and bell B1–B4, generated, resolved from
//! tokens with rule-naming errors, and played.

use super::lines::{Axis, Line, Lines, Stepped, see_lines, sees_valid_line};
use super::notation::{Cells, Token, join};
use super::position::{CELLS, Cell, Position, SIDE, Sq, file_letter};
use super::short_form::{self, Ending, SEARCH_BUDGET};
use super::{Capture, Entry, Opening, Pasang, RuleSet};
use crate::games::common::listing::listed;
use crate::games::common::{Dir, Point};

/// The common board's point of a cell: the same lattice index.
fn point(sq: Sq) -> Point {
    Point(u16::from(sq.0))
}
use crate::games::common::capture::{
    Chain, Dirs, Ends, Field, Jump, Landing, Points, Reach, Removal, Search, Stop, bit,
};
use crate::games::{IllegalKind, MoveError, Player};

/// A move, resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// emas phase 1: the player takes the half-file `file` (E1, E2).
    Open(u8),
    /// emas phases 2–3: the KA enters or moves `from`–`to` and captures `line`.
    Ka { from: Sq, to: Sq, line: Line },
    /// bell B1: First removes a corner stone.
    Corner(Sq),
    /// bell B2–B3: a chain of an odd number of short jumps.
    Chain(Chain),
}

/// Where an emas game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Phase 1 (E1–E2): the player to move opens a passage.
    Open,
    /// Phase 2 (E3–E4): the player to move enters the KA.
    Enter,
    /// Phase 3 (E5–E6): KA moves.
    Move,
}

const BELL_JUMP: Jump = Jump {
    reach: Reach::Adjacent,
    landing: Landing::Next,
    dirs: Dirs::of(&Dir::ORTHOGONAL),
};

const CORNERS: [(i32, i32); 4] = [(1, 1), (11, 1), (1, 11), (11, 11)];

/// bell B1: the stones First may remove on its first turn, those on a corner cell.
pub(super) fn corner_stones(cells: &[Cell; CELLS]) -> impl Iterator<Item = Sq> + '_ {
    CORNERS
        .iter()
        .filter_map(|&(f, r)| Sq::at(f, r))
        .filter(|sq| cells[sq.index()].is_stone())
}

/// Why a bell game cannot start from a board without a corner stone: its first turn
/// would have no legal move (B1), so the board is refused, not played as a game over.
pub(super) const NO_CORNER_STONE: &str = "a1, k1, a11 and k11 are empty, and First's first \
     turn removes a corner stone (B1): a bell game starts with a stone on a corner";

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "First",
        Player::Second => "Second",
    }
}

/// The ranks of `player`'s half (E1, E2).
fn half(player: Player) -> std::ops::RangeInclusive<u8> {
    match player {
        Player::First => 1..=5,
        Player::Second => 7..=11,
    }
}

fn half_file(file: u8, player: Player) -> [Sq; 5] {
    let first = *half(player).start();
    std::array::from_fn(|i| {
        Sq::at(i32::from(file), i32::from(first) + i as i32).expect("on the board")
    })
}

fn colour_name(c: Cell) -> &'static str {
    match c {
        Cell::White => "W",
        Cell::Black => "B",
        _ => "?",
    }
}

/// A line in words: `c6, c7, c8 (3 B)`.
pub fn line_words(line: &Line) -> String {
    format!(
        "{} ({} {})",
        join(&line.stones, ", "),
        line.stones.len(),
        colour_name(line.colour)
    )
}

impl Pasang {
    /// The emas phase of a position.
    pub fn phase(&self, position: &Position) -> Phase {
        let p = position.to_move;
        if position.passages[p.index()].is_none() {
            Phase::Open
        } else if position.ka(p).is_none() {
            Phase::Enter
        } else {
            Phase::Move
        }
    }

    /// Every legal move of the player to move.
    pub fn moves(&self, position: &Position) -> Vec<Move> {
        match self.rules {
            RuleSet::Emas => match self.phase(position) {
                Phase::Open => (1..=SIDE)
                    .filter(|&f| self.open_refusal(position, f).is_none())
                    .map(Move::Open)
                    .collect(),
                Phase::Enter | Phase::Move if self.capture == Capture::Jump => {
                    self.ka_chains(position)
                }
                Phase::Enter | Phase::Move => {
                    let mut moves = Vec::new();
                    self.any_ka_step(position, |from, to| {
                        let lines = self.valid_lines(position, from, to).into_iter();
                        moves.extend(lines.map(|line| Move::Ka { from, to, line }));
                        false
                    });
                    moves
                }
            },
            RuleSet::Bell if position.corner_pending => {
                corner_stones(&position.cells).map(Move::Corner).collect()
            }
            RuleSet::Bell => self
                .chains(position, None)
                .into_iter()
                .map(Move::Chain)
                .collect(),
        }
    }

    /// Whether the player to move has a legal turn (E10b, B4), without listing them.
    pub fn has_move(&self, position: &Position) -> bool {
        match self.rules {
            RuleSet::Emas => match self.phase(position) {
                Phase::Open => (1..=SIDE).any(|f| self.open_refusal(position, f).is_none()),
                Phase::Enter | Phase::Move if self.capture == Capture::Jump => {
                    match self.ka_field(position) {
                        None => self.any_ka_step(position, |from, to| {
                            Pasang::entry_victim(position, from, to).is_some()
                        }),
                        Some((ka, field)) => {
                            let movers = [(point(ka), BELL_JUMP)];
                            self.bell_search().capturers(field, movers) != 0
                        }
                    }
                }
                Phase::Enter | Phase::Move => {
                    self.any_ka_step(position, |from, to| self.captures_after(position, from, to))
                }
            },
            RuleSet::Bell if position.corner_pending => {
                corner_stones(&position.cells).next().is_some()
            }
            RuleSet::Bell => self.has_jump(position),
        }
    }

    /// Why the player to move may not take the half-file `file` (E1, E2).
    fn open_refusal(&self, position: &Position, file: u8) -> Option<MoveError> {
        let p = position.to_move;
        let letter = file_letter(file);
        if p == Player::Second && self.opening == Opening::Diagonal {
            let first = position.passages[0].unwrap_or(6);
            let theirs = file_letter(first);
            let (allowed, why) = match first {
                6 => (
                    file != 6,
                    "any file but f, the file First opened".to_string(),
                ),
                f if f < 6 => (
                    file > 6,
                    format!("one of g-k, the sector diagonally opposite First's file {theirs}"),
                ),
                _ => (
                    file < 6,
                    format!("one of a-e, the sector diagonally opposite First's file {theirs}"),
                ),
            };
            if !allowed {
                return Some(
                    MoveError::illegal(format!(
                        "Second cannot open file {letter}: it must take {why}"
                    ))
                    .rule("E2"),
                );
            }
        }
        let cells = half_file(file, p);
        if let Some(&gap) = cells.iter().find(|&&sq| !position.get(sq).is_stone()) {
            let rule = if p == Player::First { "E1" } else { "E2" };
            return Some(
                MoveError::illegal(format!(
                    "{}'s half-file {}-{} must hold 5 stones, but {gap} holds none",
                    player_name(p),
                    cells[0],
                    cells[4]
                ))
                .rule(rule),
            );
        }
        None
    }

    /// Whether `step` answers true for one of the KA's entries (E3) or moves (E5),
    /// before any line: the (from, to) pairs are handed to it until it does.
    fn any_ka_step(&self, position: &Position, mut step: impl FnMut(Sq, Sq) -> bool) -> bool {
        let p = position.to_move;
        if let Some(ka) = position.ka(p) {
            return [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .into_iter()
                .any(|(df, dr)| {
                    ka.ray(df, dr)
                        .take_while(|&to| position.get(to) == Cell::Empty)
                        .any(|to| step(ka, to))
                });
        }
        let Some(file) = position.passages[p.index()] else {
            return false;
        };
        half_file(file, p)
            .into_iter()
            .filter(|&to| position.get(to) == Cell::Empty)
            .any(|to| {
                [-1, 1].into_iter().any(|side| {
                    self.entry_from(to, side).is_some_and(|from| {
                        self.entry_refusal(position, from, to).is_none() && step(from, to)
                    })
                })
            })
    }

    /// The cell an entering stone comes from on `side` (-1 west, 1 east) under `Entry`.
    fn entry_from(&self, to: Sq, side: i32) -> Option<Sq> {
        let distance = match self.entry {
            Entry::Slide => 1,
            Entry::Jump => 2,
        };
        to.offset(side * distance, 0)
    }

    /// Why `from`-`to` is not an entry of the KA (E3), if it is not.
    fn entry_refusal(&self, position: &Position, from: Sq, to: Sq) -> Option<MoveError> {
        self.entry_refusal_reason(position, from, to)
            .map(|(kind, reason)| MoveError::illegal_kind(kind, reason).rule("E3"))
    }

    /// [`Pasang::entry_refusal`]'s sentence and kind.
    fn entry_refusal_reason(
        &self,
        position: &Position,
        from: Sq,
        to: Sq,
    ) -> Option<(IllegalKind, String)> {
        let p = position.to_move;
        let file = position.passages[p.index()]?;
        if to.file() != file || !half(p).contains(&to.rank()) {
            let cells = half_file(file, p);
            return Some((
                IllegalKind::Other,
                format!(
                    "the KA enters an empty cell of {}'s passage {}-{}, not {to}",
                    player_name(p),
                    cells[0],
                    cells[4]
                ),
            ));
        }
        if position.get(to) != Cell::Empty {
            let point = to.to_string();
            let reason = format!("{point} is not empty");
            return Some((IllegalKind::Occupied { point }, reason));
        }
        let (distance, how) = match self.entry {
            Entry::Slide => (1, "beside the cell (Entry slide)"),
            Entry::Jump if self.capture == Capture::Jump => (
                2,
                "two files away, jumping over a stone it captures (Capture jump)",
            ),
            Entry::Jump => (
                2,
                "two files away, jumping over the cell between (Entry jump)",
            ),
        };
        if from.rank() != to.rank() || from.file().abs_diff(to.file()) != distance {
            return Some((
                IllegalKind::Other,
                format!(
                    "the entering stone moves along the rank from {how}: {from} cannot enter {to}"
                ),
            ));
        }
        if !position.get(from).is_stone() {
            let point = from.to_string();
            let reason = format!("{point} holds no stone to become the KA");
            return Some((IllegalKind::NoPiece { point }, reason));
        }
        if distance == 2 {
            let middle = Sq::at(
                (i32::from(from.file()) + i32::from(to.file())) / 2,
                i32::from(to.rank()),
            )?;
            if matches!(position.get(middle), Cell::Empty | Cell::Centre) {
                return Some((
                    IllegalKind::Other,
                    format!("{from}-{to} jumps over {middle}, which holds no stone"),
                ));
            }
        }
        None
    }

    /// Why the KA may not move `from`-`to` in phase 3 (E5).
    fn move_refusal(&self, position: &Position, from: Sq, to: Sq) -> Option<MoveError> {
        let p = position.to_move;
        let ka = position.ka(p)?;
        let name = player_name(p);
        if from != ka {
            return Some(
                MoveError::illegal(format!(
                    "only the KA moves in phase 3, and {name}'s KA stands on {ka}, not {from}"
                ))
                .rule("E5"),
            );
        }
        let (df, dr) = (
            i32::from(to.file()) - i32::from(from.file()),
            i32::from(to.rank()) - i32::from(from.rank()),
        );
        if (df == 0) == (dr == 0) {
            return Some(
                MoveError::illegal(format!(
                    "the KA moves along its rank or file, and {from}-{to} is neither"
                ))
                .rule("E5"),
            );
        }
        let cells = (df.abs() + dr.abs()) as usize;
        for at in from.ray(df.signum(), dr.signum()).take(cells) {
            let what = match position.get(at) {
                Cell::Empty => continue,
                Cell::Centre => "the unused centre".to_string(),
                Cell::Ka(_) => "a KA".to_string(),
                stone => format!("a stone ({})", colour_name(stone)),
            };
            let verb = if at == to { "lands on" } else { "passes" };
            return Some(
                MoveError::illegal(format!(
                    "{from}-{to} {verb} {at}, which holds {what}: the KA crosses and reaches empty cells only"
                ))
                .rule("E5"),
            );
        }
        None
    }

    /// The board as the KA of the player to move sees it once it has stepped from
    /// `from` (see [`Stepped`]).
    fn stepped(position: &Position, from: Sq) -> Stepped<'_> {
        Stepped {
            before: position,
            left: from,
        }
    }

    /// The axes a capture may lie along (E4, E6).
    fn axes(&self, position: &Position, from: Sq, to: Sq) -> &'static [Axis] {
        if self.phase(position) == Phase::Enter {
            &[Axis::Rank, Axis::File]
        } else {
            let axis = Axis::of_move(
                i32::from(to.file()) - i32::from(from.file()),
                i32::from(to.rank()) - i32::from(from.rank()),
            );
            match axis.across() {
                Axis::Rank => &[Axis::Rank],
                Axis::File => &[Axis::File],
            }
        }
    }

    /// Every line the KA sees on `to` along the permitted axes, valid or not.
    fn seen_lines(&self, position: &Position, from: Sq, to: Sq) -> Lines {
        let mut seen = Lines::new();
        for &axis in self.axes(position, from, to) {
            see_lines(Pasang::stepped(position, from), to, axis, &mut seen);
        }
        seen
    }

    /// Whether the KA's step `from`-`to` has a valid line to capture (E4, E6, E7):
    /// [`Pasang::valid_lines`] not empty, told without listing them.
    fn captures_after(&self, position: &Position, from: Sq, to: Sq) -> bool {
        self.axes(position, from, to)
            .iter()
            .any(|&axis| sees_valid_line(Pasang::stepped(position, from), to, axis))
    }

    /// The valid lines (E7) the KA may capture after `from`-`to` (E4, E6).
    fn valid_lines(&self, position: &Position, from: Sq, to: Sq) -> Lines {
        self.seen_lines(position, from, to)
            .into_iter()
            .filter(Line::is_valid)
            .collect()
    }

    /// bell: the chains of an odd number of jumps (B2, B3), of one stone or of all,
    /// every one listed: the legal moves, which on a crowded board are countless (a
    /// record's short form searches with [`short_form::chains_ending`] instead).
    pub fn chains(&self, position: &Position, from: Option<Sq>) -> Vec<Chain> {
        let movers = Sq::all()
            .filter(|&sq| position.get(sq).is_stone() && from.is_none_or(|f| f == sq))
            .map(|sq| (point(sq), BELL_JUMP));
        self.bell_search()
            .run(Pasang::bell_field(position), movers)
            .chains
            .into_iter()
            .filter(|c| c.count() % 2 == 1)
            .collect()
    }

    /// Resolves a token in the position.
    pub fn resolve_token(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        match self.rules {
            RuleSet::Emas => self.resolve_emas(position, token),
            RuleSet::Bell => self.resolve_bell(position, token),
        }
    }

    fn resolve_emas(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        let p = position.to_move;
        let name = player_name(p);
        let phase = self.phase(position);
        match (token, phase) {
            (Token::File(file), Phase::Open) => match self.open_refusal(position, *file) {
                None => Ok(Move::Open(*file)),
                Some(why) => Err(why),
            },
            (Token::File(_), _) => {
                let (now, rule) = if phase == Phase::Enter {
                    ("enters, e.g. b4-c4xc6", "E1, E2, E3")
                } else {
                    ("moves, e.g. c4-c7xa7", "E1, E2, E5")
                };
                Err(MoveError::illegal(format!(
                    "{name} has opened its passage already: a file letter is a phase-1 move; now \
                     the KA {now}"
                ))
                .rule(rule))
            }
            (Token::Take(_), _) => Err(MoveError::illegal(
                "a lone x<cell> is bell's corner removal; an emas capture follows the KA's move, e.g. b4-c4xc6",
            )
            .rule("B1")),
            (Token::Path { .. }, Phase::Open) => Err(MoveError::illegal(format!(
                "phase 1: {name} first takes a half-file, written as its file letter, e.g. c"
            ))
            .rule(if p == Player::First { "E1" } else { "E2" })),
            (Token::Path { cells, line }, _) if self.capture == Capture::Jump => {
                self.resolve_ka_jumps(position, cells, line.is_some())
            }
            (Token::Path { cells, line }, _) => {
                let [from, to] = cells[..] else {
                    return Err(MoveError::illegal(format!(
                        "the KA makes one straight move, from-to, not {}",
                        join(cells, "-")
                    ))
                    .rule(if phase == Phase::Enter { "E3" } else { "E5" }));
                };
                let refusal = if phase == Phase::Enter {
                    self.entry_refusal(position, from, to)
                } else {
                    self.move_refusal(position, from, to)
                };
                if let Some(why) = refusal {
                    return Err(why);
                }
                self.choose_line(position, from, to, line.as_deref())
            }
        }
    }

    /// E7–E9: the line the `x` part names among those the KA may take after
    /// `from`-`to`.
    fn choose_line(
        &self,
        position: &Position,
        from: Sq,
        to: Sq,
        written: Option<&[Sq]>,
    ) -> Result<Move, MoveError> {
        let mut seen = self.seen_lines(position, from, to);
        let axes = self.axes(position, from, to);
        let rule = if self.phase(position) == Phase::Enter {
            "E4, E7"
        } else {
            "E6, E7"
        };
        if !seen.iter().any(Line::is_valid) {
            let described: Vec<String> = seen
                .iter()
                .map(|l| format!("{} is even", line_words(l)))
                .collect();
            let along: Vec<String> = axes.iter().map(|a| a.through(to)).collect();
            return Err(MoveError::illegal(format!(
                "{from}-{to} leaves no valid line to capture along {} ({}): every turn must capture \
                 a line of an odd number of stones",
                along.join(" or "),
                if described.is_empty() {
                    "no stone in sight".to_string()
                } else {
                    described.join("; ")
                }
            ))
            .rule("E7, E9"));
        }
        let make = |line: Line| Move::Ka { from, to, line };
        let Some(written) = written else {
            let valid: Vec<Line> = seen.into_iter().filter(Line::is_valid).collect();
            return match <[Line; 1]>::try_from(valid) {
                Ok([one]) => Ok(make(one)),
                Err(lines) => Err(MoveError::Ambiguous {
                    candidates: lines
                        .iter()
                        .map(|l| format!("{from}-{to}x{}", l.named()))
                        .collect(),
                }),
            };
        };
        let mut listed = Cells::from_slice(written);
        listed.sort_unstable();
        if let Some(pair) = listed.windows(2).find(|w| w[0] == w[1]) {
            return Err(MoveError::illegal(format!("{} is listed twice", pair[0])));
        }
        if let [one] = written {
            if let Some(at) = seen.iter().position(|l| l.stones.contains(one)) {
                let line = seen.swap_remove(at);
                return if line.is_valid() {
                    Ok(make(line))
                } else {
                    Err(MoveError::illegal(format!(
                        "the line of {one} is {}: an even line cannot be captured",
                        line_words(&line)
                    ))
                    .rule("E7"))
                };
            }
        } else if let Some(at) = seen
            .iter()
            .position(|l| l.is_valid() && l.sorted()[..] == listed[..])
        {
            return Ok(make(seen.swap_remove(at)));
        } else if let Some(line) = seen
            .iter()
            .find(|l| listed.iter().all(|sq| l.stones.contains(sq)))
        {
            return Err(MoveError::illegal(format!(
                "x{} is only part of the line {}: a line is taken whole",
                join(written, ","),
                line_words(line)
            ))
            .rule("E8"));
        }
        // A line on the other axis: the right-angle rule (E6).
        let mut other = Lines::new();
        for axis in [Axis::Rank, Axis::File] {
            if !axes.contains(&axis) {
                see_lines(Pasang::stepped(position, from), to, axis, &mut other);
            }
        }
        if other
            .iter()
            .any(|l| written.iter().all(|sq| l.stones.contains(sq)))
        {
            let moved = Axis::of_move(
                i32::from(to.file()) - i32::from(from.file()),
                i32::from(to.rank()) - i32::from(from.rank()),
            );
            let how = match moved {
                Axis::File => "along the file",
                Axis::Rank => "along the rank",
            };
            return Err(MoveError::illegal(format!(
                "after a move {how} the captured line must lie along {}",
                axes[0].through(to)
            ))
            .rule("E6"));
        }
        let choices: Vec<String> = seen
            .iter()
            .filter(|l| l.is_valid())
            .map(line_words)
            .collect();
        Err(MoveError::illegal(format!(
            "x{} is not a line the KA sees from {to}; the valid lines are {}",
            join(written, ","),
            choices.join("; ")
        ))
        .rule(rule))
    }

    fn resolve_bell(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        match token {
            Token::File(_) => Err(MoveError::illegal(
                "bell has no phase-1 file moves: a turn is a jump path such as a1-c1-e1",
            )
            .rule("B2")),
            Token::Take(cells) => {
                if !position.corner_pending {
                    return Err(MoveError::illegal(
                        "removing a corner stone is only First's first turn; now every turn is a chain of jumps",
                    ).rule("B1, B2"));
                }
                let [sq] = cells[..] else {
                    return Err(MoveError::illegal("First removes one corner stone").rule("B1"));
                };
                if !CORNERS.iter().any(|&(f, r)| Sq::at(f, r) == Some(sq)) {
                    return Err(MoveError::illegal(format!(
                        "{sq} is not a corner: First removes the stone of a1, k1, a11 or k11"
                    ))
                    .rule("B1"));
                }
                if !position.get(sq).is_stone() {
                    return Err(
                        MoveError::illegal(format!("the corner {sq} holds no stone")).rule("B1"),
                    );
                }
                Ok(Move::Corner(sq))
            }
            Token::Path { line: Some(_), .. } => Err(MoveError::illegal(
                "a bell turn is a jump path such as a1-c1-e1; the x part belongs to emas captures",
            )
            .rule("§1")),
            Token::Path { cells, line: None } => {
                if position.corner_pending {
                    return Err(MoveError::illegal(
                        "First's first turn removes a corner stone, written xa1, xk1, xa11 or xk11",
                    )
                    .rule("B1"));
                }
                self.resolve_chain(position, cells)
            }
        }
    }

    /// The stones as the jump search sees them: every stone may jump and be jumped.
    fn bell_field(position: &Position) -> Field {
        let occupied = Sq::all()
            .filter(|&sq| position.get(sq).is_stone())
            .fold(0u128, |set, sq| set | bit(point(sq)));
        Field {
            occupied,
            enemy: occupied,
        }
    }

    fn bell_search(&self) -> Search<'_> {
        Search {
            graph: self.graph,
            removal: Removal::Immediate,
            stop: Stop::Anywhere,
        }
    }

    /// B4: whether any stone has a jump (then a one-jump chain is a legal turn).
    pub fn has_jump(&self, position: &Position) -> bool {
        let field = Pasang::bell_field(position);
        let movers = Sq::all()
            .filter(|&sq| position.get(sq).is_stone())
            .map(|sq| (point(sq), BELL_JUMP));
        self.bell_search().capturers(field, movers) != 0
    }

    /// A written path followed jump by jump on `field` (B2): the chain, if every leg
    /// is a jump.
    fn follow(&self, field: Field, cells: &[Sq]) -> Option<Chain> {
        let landings: Points = cells[1..].iter().map(|&sq| point(sq)).collect();
        let followed = self
            .bell_search()
            .follow(field, point(cells[0]), BELL_JUMP, &landings)?;
        Some(Chain {
            from: point(cells[0]),
            landings,
            captured: followed.captured,
        })
    }

    /// A path whose every leg is a jump on `field` is the chain played, legal if the
    /// jumps are odd in number (`odd`: the rule saying so); `None` if a leg is no jump.
    fn followed_chain(
        &self,
        field: Field,
        cells: &[Sq],
        odd: &'static str,
    ) -> Option<Result<Move, MoveError>> {
        let chain = self.follow(field, cells)?;
        Some(if chain.count() % 2 == 1 {
            Ok(Move::Chain(chain))
        } else {
            Err(MoveError::illegal(format!(
                "{} is a chain of {} jumps: the number of jumps must be odd",
                join(cells, "-"),
                chain.count()
            ))
            .rule(odd))
        })
    }

    /// The first leg of a path that is not a jump on `field`, named, with `what` a
    /// jump is by `rule`.
    fn not_a_jump(
        &self,
        field: Field,
        cells: &[Sq],
        what: &str,
        rule: Option<&'static str>,
    ) -> MoveError {
        let mut good = 1;
        while good + 1 < cells.len() && self.follow(field, &cells[..=good]).is_some() {
            good += 1;
        }
        MoveError::illegal(format!(
            "{}-{} is not a jump: {what}",
            cells[good - 1],
            cells[good]
        ))
        .rule(rule)
    }

    fn resolve_chain(&self, position: &Position, cells: &[Sq]) -> Result<Move, MoveError> {
        let from = cells[0];
        if !position.get(from).is_stone() {
            return Err(
                MoveError::illegal(format!("{from} holds no stone to jump with")).rule("B2"),
            );
        }
        let field = Pasang::bell_field(position);
        if let Some(answer) = self.followed_chain(field, cells, "B3") {
            return answer;
        }
        if let [_, to] = cells {
            let found = short_form::chains_ending(position, self.centre, &self.budget, from, *to);
            if let Some(answer) = short_form_answer(from, *to, found) {
                return answer;
            }
        }
        Err(self.not_a_jump(
            field,
            cells,
            "a jump goes orthogonally over an adjacent stone to the empty cell just beyond",
            Some("B2"),
        ))
    }

    // ---- emas with `Capture: jump` (decision 5's other reading) ----

    /// The KA of the player to move and the board as its jumps see it: stones may be
    /// jumped, KAs only block (a KA is never captured, E3).
    fn ka_field(&self, position: &Position) -> Option<(Sq, Field)> {
        let ka = position.ka(position.to_move)?;
        let stones = Pasang::bell_field(position).occupied;
        let kas = position
            .kas
            .iter()
            .flatten()
            .fold(0u128, |set, &sq| set | bit(point(sq)));
        Some((
            ka,
            Field {
                occupied: stones | kas,
                enemy: stones,
            },
        ))
    }

    /// The stone an entry `from`-`to` jumps over and captures, if it is one (E3's
    /// jump; a KA in between is jumped but never captured, so it is no entry here).
    fn entry_victim(position: &Position, from: Sq, to: Sq) -> Option<Sq> {
        let middle = Sq::at(
            (i32::from(from.file()) + i32::from(to.file())) / 2,
            i32::from(to.rank()),
        )?;
        position.get(middle).is_stone().then_some(middle)
    }

    fn entry_chain(from: Sq, to: Sq, victim: Sq) -> Chain {
        Chain {
            from: point(from),
            landings: Points::from_slice(&[point(to)]),
            captured: Points::from_slice(&[point(victim)]),
        }
    }

    /// The moves of phases 2 and 3 under `Capture: jump`: the entries by a jump that
    /// captures, or the KA's chains of an odd number of jumps.
    fn ka_chains(&self, position: &Position) -> Vec<Move> {
        let Some((ka, field)) = self.ka_field(position) else {
            let mut moves = Vec::new();
            self.any_ka_step(position, |from, to| {
                if let Some(victim) = Pasang::entry_victim(position, from, to) {
                    moves.push(Move::Chain(Pasang::entry_chain(from, to, victim)));
                }
                false
            });
            return moves;
        };
        self.ka_search(ka, field, Ends::ALL).0
    }

    /// The chains of an odd number of jumps of the KA on `ka` that `ends` lists, and
    /// whether the search stopped at its budget ([`SEARCH_BUDGET`] steps) first.
    fn ka_search(&self, ka: Sq, field: Field, ends: Ends) -> (Vec<Move>, bool) {
        let found = self
            .bell_search()
            .run_listing(field, [(point(ka), BELL_JUMP)], ends);
        let odd = found.chains.into_iter().filter(|c| c.count() % 2 == 1);
        (odd.map(Move::Chain).collect(), found.exhausted)
    }

    /// A path under `Capture: jump`: the KA's entry by one jump over a stone it
    /// captures, or a chain of the KA's jumps (every landing, or `from-to` when one
    /// chain ends there); never an `x` part.
    fn resolve_ka_jumps(
        &self,
        position: &Position,
        cells: &[Sq],
        line: bool,
    ) -> Result<Move, MoveError> {
        if line {
            return Err(MoveError::illegal(
                "the KA captures the stones it jumps: write its path without an x part, e.g. \
                 a4-c4 or c4-e4-e6 (Capture jump)",
            ));
        }
        let name = player_name(position.to_move);
        let Some((ka, field)) = self.ka_field(position) else {
            let [from, to] = cells[..] else {
                return Err(MoveError::illegal(format!(
                    "with Capture jump, the KA enters by one jump, from-to, not {}",
                    join(cells, "-")
                ))
                .rule("E3"));
            };
            if let Some(why) = self.entry_refusal(position, from, to) {
                return Err(why);
            }
            return match Pasang::entry_victim(position, from, to) {
                Some(victim) => Ok(Move::Chain(Pasang::entry_chain(from, to, victim))),
                None => Err(MoveError::illegal(format!(
                    "{from}-{to} jumps over a KA, which is never captured: with Capture jump, the \
                     entering jump captures a stone"
                ))
                .rule("E3")),
            };
        };
        if cells[0] != ka {
            return Err(MoveError::illegal(format!(
                "only the KA jumps, and {name}'s KA stands on {ka}, not {} (Capture jump)",
                cells[0]
            )));
        }
        if let Some(answer) = self.followed_chain(field, cells, "C3") {
            return answer;
        }
        if let [_, to] = cells {
            let (ending, cut) = self.ka_search(ka, field, Ends::of(point(ka), point(*to)));
            match &ending[..] {
                _ if cut => {
                    return Err(MoveError::unchecked(format!(
                        "the chains of the KA on {ka} are too many to tell which one {ka}-{to} \
                         names (tgn's search follows at most {SEARCH_BUDGET} jumps): write the \
                         chain with every landing (Capture jump)"
                    )));
                }
                [] => {}
                [one] => return Ok(one.clone()),
                _ => return Err(MoveError::ambiguous(&ending, |m| self.text(m))),
            }
        }
        Err(self.not_a_jump(
            field,
            cells,
            "the KA jumps orthogonally over an adjacent stone (never a KA) to the empty cell \
             just beyond (Capture jump)",
            None,
        ))
    }

    /// Plays a move: the capture, the score, the turn (C1, C2).
    pub fn apply(&self, position: &mut Position, mv: &Move) {
        let p = position.to_move;
        let mut gained = 0;
        let mut take = |position: &mut Position, sq: Sq| {
            gained += position.get(sq).value();
            position.set(sq, Cell::Empty);
        };
        match mv {
            Move::Open(file) => {
                for sq in half_file(*file, p) {
                    take(position, sq);
                }
                position.passages[p.index()] = Some(*file);
            }
            Move::Ka { from, to, line } => {
                position.place_ka(p, *from, *to);
                for &sq in &line.stones {
                    take(position, sq);
                }
            }
            Move::Corner(sq) => {
                take(position, *sq);
                position.corner_pending = false;
            }
            Move::Chain(chain) => {
                let (from, to) = (Sq(chain.from.0 as u8), Sq(chain.to().0 as u8));
                let stone = position.get(from);
                for &sq in &chain.captured {
                    take(position, Sq(sq.0 as u8));
                }
                if self.rules == RuleSet::Emas {
                    // Capture jump: the KA jumps, or a stone enters as the KA (E3).
                    position.place_ka(p, from, to);
                } else {
                    position.set(from, Cell::Empty);
                    position.set(to, stone);
                }
            }
        }
        position.scores[p.index()] += gained;
        position.to_move = p.opponent();
    }

    /// The move in canonical notation.
    pub fn text(&self, mv: &Move) -> String {
        match mv {
            Move::Open(file) => file_letter(*file).to_string(),
            Move::Ka { from, to, line } => format!("{from}-{to}x{}", line.named()),
            Move::Corner(sq) => format!("x{sq}"),
            Move::Chain(chain) => chain_text(chain),
        }
    }

    /// What the move captures: the cells.
    pub fn captured(&self, position: &Position, mv: &Move) -> Vec<Sq> {
        match mv {
            Move::Open(file) => half_file(*file, position.to_move).to_vec(),
            Move::Ka { line, .. } => line.stones.to_vec(),
            Move::Corner(sq) => vec![*sq],
            Move::Chain(chain) => chain.captured.iter().map(|p| Sq(p.0 as u8)).collect(),
        }
    }
}

/// What a short form `from-to` (B2) names, from the chains the search found ending
/// on `to`: the chain if it is the only one, ambiguous if there are several (the
/// first [`LISTED`](crate::games::common::listing::LISTED) named), a refusal if the
/// search stopped at its budget before it could tell; `None` if no chain ends there.
fn short_form_answer(from: Sq, to: Sq, found: Ending) -> Option<Result<Move, MoveError>> {
    let names = || found.first.iter().map(chain_text);
    let answer = match (found.count, found.cut) {
        (0, false) => return None,
        (1, false) => Ok(Move::Chain(found.first[0].clone())),
        (count, false) => Err(MoveError::Ambiguous {
            candidates: listed(names(), count),
        }),
        (count, true) if count > 1 => {
            let mut candidates: Vec<String> = names().collect();
            let more = match count - found.first.len() {
                0 => "perhaps more".to_string(),
                more => format!("at least {more} more"),
            };
            candidates.push(format!(
                "and {more} (the search stopped at its budget of {SEARCH_BUDGET} jumps for the \
                 short forms of a game)"
            ));
            Err(MoveError::Ambiguous { candidates })
        }
        (_, true) => {
            let found = match names().next() {
                Some(chain) => format!("one found so far is {chain}"),
                None => format!("none found so far ends on {to}"),
            };
            Err(MoveError::unchecked(format!(
                "the chains of {from} are too many to tell which one {from}-{to} names (the short \
                 forms of a game follow at most {SEARCH_BUDGET} jumps in all; {found}): write \
                 the chain with every landing (B2)"
            )))
        }
    };
    Some(answer)
}

/// A bell chain written with every landing: `a1-c1-e1-g1`.
pub fn chain_text(chain: &Chain) -> String {
    let mut cells = vec![Sq(chain.from.0 as u8)];
    cells.extend(chain.landings.iter().map(|p| Sq(p.0 as u8)));
    join(&cells, "-")
}
