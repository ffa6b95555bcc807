//! Pasang (Brunei): capture of odd-length lines by a colourless KA (rule set `emas`,
//! the default) or by chains of an odd number of short jumps (rule set `bell`).
//! Spec: `shared/rules/pasang.md`.
//!
//! # The rules in brief
//! - Board (§1): 11 × 11 cells `a1`–`k11`, First at rank 1; an unused centre, `f6`
//!   (emas) or `e5`–`g7` (bell), that nothing stands on and lines see as empty.
//!   Stones: white 2 points, black 1. The start is a setup string (`Setup`; emas has a
//!   default, bell none).
//! - emas E1–E2: each player takes the five stones of one half-file, its passage
//!   (Second from the diagonally opposite sector unless `Opening: free`). E3–E4: each
//!   then moves one stone beside (`Entry: slide`) or two files from (`Entry: jump`) an
//!   empty cell of its passage into it: that stone is its KA, colourless, and captures
//!   a valid line on its rank or file. E5–E6: later the KA moves along a rank or file
//!   over empty cells and captures a line at right angles to its move. E7: a line is
//!   the run of one colour seen from the KA on each side (gaps skipped, a KA stops
//!   it), both sides together when of one colour; valid when odd. E8: whole lines only.
//!   E10: no stone left ends the game on points; a player without a legal turn loses.
//! - bell B1: First removes a corner stone; a setup (or a position string before that
//!   turn) with no stone on a corner is refused, as its first turn has no legal move
//!   (not a game over at 0:0: B4 speaks of jumps, and jumps may exist). B2–B3: then
//!   every turn is a chain of an odd number of orthogonal short jumps by any stone,
//!   each jumped stone captured. B4: no jump left ends the game on points.
//!
//! # Notation
//! emas: `c` (phase 1), `b4-c4xc6` — the move and any stone of the captured line, or
//! `b4-c4xc6,c7,c8` listing it whole; the `x` part may be left out when one valid line
//! exists. bell: `xk11` (B1), `a1-c1-e1-g1` (every landing; `a1-g1` when one chain
//! matches). The canonical `x` names the stone of the line nearest the KA.

mod diagram;
mod lines;
mod notation;
mod position;
mod rules;
mod short_form;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use serde_json::json;

use crate::games::common::capture::Graph;
use crate::games::common::score::check_score;
use crate::games::common::{Board, Dir};
use crate::games::{
    PositionError,
    GameInfo, GameResult, MoveError, NotationError, OptionSpec, Ending, Outcome, Player, Rules, Setup, Sides,
    SetupError,
};

pub use notation::Token;
pub use position::{Cell, Centre, DEFAULT_SETUP, Position, Sq};
pub use rules::{Move, Phase};

use position::{CELLS, SIDE, file_letter, parse_cells, symmetries, write_cells};

/// The rule set (header `Rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    Emas,
    Bell,
}

/// How the KA enters in emas phase 2 (E3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Slide,
    Jump,
}

/// How the KA captures in emas (decision 5, option `capture`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// The default: lines by approach at right angles (E4–E8); a short jump is only a
    /// way for the KA to enter (`Entry: jump`).
    Approach,
    /// Seed 000's other reading, where the players agree on capture by short jump for
    /// the whole game: the KA enters by a short jump over a stone, which it captures
    /// (E3's jump), and every later turn is a chain of an odd number of short jumps by
    /// the KA (B2, C3), each jumped stone captured at once; a KA is never jumped.
    Jump,
}

/// Whether Second's passage is limited to the opposite sector (E2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    Diagonal,
    Free,
}

/// The Pasang engine, configured for one record.
#[derive(Clone, Debug)]
pub struct Pasang {
    rules: RuleSet,
    entry: Entry,
    capture: Capture,
    opening: Opening,
    centre: Centre,
    start: [Cell; CELLS],
    /// §2 / decision 3: a setup without the required symmetry, accepted (not strict).
    asymmetric: Option<String>,
    /// The bell jump graph: orthogonal lines between usable cells.
    graph: &'static Graph,
    /// bell: the jumps the short forms of this record's game may still follow.
    budget: short_form::Budget,
}

/// What a centre's board needs, built once (every record of an archive asks) in
/// `built`, one place for each centre.
fn per_centre<T>(
    centre: Centre,
    built: &'static [OnceLock<T>; 2],
    make: impl FnOnce() -> T,
) -> &'static T {
    let at = match centre {
        Centre::One => 0,
        Centre::Three => 1,
    };
    built[at].get_or_init(make)
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "First",
        Player::Second => "Second",
    }
}

impl Pasang {
    /// The jump graph of a centre, built once.
    fn graph(centre: Centre) -> &'static Graph {
        static BUILT: [OnceLock<Graph>; 2] = [OnceLock::new(), OnceLock::new()];
        per_centre(centre, &BUILT, || Graph::new(&Pasang::board(centre)))
    }

    /// The cells of [`DEFAULT_SETUP`], read once (every game without a `[Setup]`
    /// starts from them).
    fn default_cells() -> [Cell; CELLS] {
        static READ: OnceLock<[Cell; CELLS]> = OnceLock::new();
        *READ.get_or_init(|| {
            parse_cells(DEFAULT_SETUP, Centre::One, false).expect("the default setup reads")
        })
    }

    fn board(centre: Centre) -> Board {
        Board::lattice_of(
            SIDE,
            SIDE,
            |f, r| !centre.contains(Sq::at(i32::from(f), i32::from(r)).expect("on the board")),
            |_, _, d: Dir| !d.is_diagonal(),
        )
    }

    fn phase_name(&self, position: &Position) -> &'static str {
        match self.rules {
            RuleSet::Emas => match self.phase(position) {
                Phase::Open => "open",
                Phase::Enter => "enter",
                Phase::Move => "move",
            },
            RuleSet::Bell if position.corner_pending => "corner",
            RuleSet::Bell => "chains",
        }
    }

    fn outcome_of(&self, position: &Position) -> Option<Outcome> {
        let [a, b] = position.scores;
        let on_points = |rule: &'static str, why: &str| {
            let (result, says) = match a.cmp(&b) {
                std::cmp::Ordering::Greater => (GameResult::FirstWins, "First wins"),
                std::cmp::Ordering::Less => (GameResult::SecondWins, "Second wins"),
                std::cmp::Ordering::Equal => (GameResult::Draw, "a draw"),
            };
            Outcome::new(
                result,
                Ending::FinalCount,
                rule,
                format!("{why} ({rule}): {a}:{b}, {says}"),
            )
        };
        match self.rules {
            RuleSet::Emas => {
                if self.over_but_for_moves(position) {
                    return Some(on_points("E10a", "no stone is left"));
                }
                if !self.has_move(position) {
                    let loser = position.to_move;
                    return Some(Outcome::new(
                        GameResult::win_for(loser.opponent()),
                        Ending::NoMoves,
                        "E10b",
                        format!(
                            "{} has no legal turn while stones remain, and loses whatever the score \
                             {a}:{b} (E10b)",
                            player_name(loser)
                        ),
                    ));
                }
                None
            }
            // The corner turn always has a stone to take: a board without one is
            // refused as a setup or position string (B1, rules::NO_CORNER_STONE).
            RuleSet::Bell if self.has_move(position) => None,
            RuleSet::Bell => Some(on_points("B4", "no jump is left")),
        }
    }

    fn draw_position(&self, position: &Position) -> String {
        let mut lines = Vec::new();
        for rank in (1..=SIDE).rev() {
            let mut line = format!("{rank:>2} ");
            for file in 1..=SIDE {
                let sq = Sq::at(i32::from(file), i32::from(rank)).expect("on the board");
                line.push(' ');
                line.push(position.get(sq).letter());
            }
            lines.push(line);
        }
        lines.push(format!(
            "   {}",
            (1..=SIDE)
                .map(|f| format!(" {}", file_letter(f)))
                .collect::<String>()
        ));
        let [a, b] = position.scores;
        let mut status = format!(
            "{} to move ({}); score {a}:{b}",
            player_name(position.to_move),
            self.phase_words(position)
        );
        if self.rules == RuleSet::Emas {
            let passage = |p: Player| {
                position.passages[p.index()].map_or("-".to_string(), |f| file_letter(f).to_string())
            };
            status.push_str(&format!(
                "; passages {}, {}",
                passage(Player::First),
                passage(Player::Second)
            ));
        }
        lines.push(status);
        lines.join("\n")
    }

    fn phase_words(&self, position: &Position) -> &'static str {
        match self.phase_name(position) {
            "open" => "phase 1: a passage",
            "enter" => "phase 2: the KA enters",
            "move" => "phase 3: the KA moves",
            "corner" => "B1: a corner stone",
            _ => "B2: a jump chain",
        }
    }

    fn account(&self, before: &Position, mv: &Move, after: &Position) -> String {
        let p = before.to_move;
        let name = player_name(p);
        let captured = self.captured(before, mv);
        let colours: Vec<&str> = captured
            .iter()
            .map(|&sq| match before.get(sq) {
                Cell::White => "W",
                Cell::Black => "B",
                _ => "?",
            })
            .collect();
        let points: u32 = captured.iter().map(|&sq| before.get(sq).value()).sum();
        let cells = notation::join(&captured, ", ");
        let unit = if points == 1 { "point" } else { "points" };
        let taken =
            |rule: &str| format!("{cells} ({} = {points} {unit}, {rule})", colours.join(", "));
        let mut text = match mv {
            Move::Open(_) => {
                let rule = if p == Player::First { "E1" } else { "E2" };
                format!("{name} takes {}", taken(rule))
            }
            Move::Ka { from, to, line } => {
                let along = line.axis.through(*to);
                if before.ka(p).is_none() {
                    format!(
                        "{name}'s KA enters {to} from {from} (E3) and captures along {along}: {}",
                        taken("E4")
                    )
                } else {
                    format!(
                        "{name}'s KA moves {from}-{to} and captures along {along}: {}",
                        taken("E6")
                    )
                }
            }
            Move::Corner(_) => format!("{name} removes the corner stone {}", taken("B1")),
            Move::Chain(chain) if self.rules == RuleSet::Emas && before.ka(p).is_none() => {
                let (from, to) = (Sq(chain.from.0 as u8), Sq(chain.to().0 as u8));
                format!(
                    "{name}'s KA enters {to} from {from} by a short jump and captures {}",
                    taken("E3, Capture jump")
                )
            }
            Move::Chain(chain) => {
                let jumps = chain.count();
                let (who, rule) = match self.rules {
                    RuleSet::Emas => (format!("{name}'s KA"), "Capture jump, C3"),
                    RuleSet::Bell => (name.to_string(), "B2, B3"),
                };
                format!(
                    "{who} jumps {} ({jumps} {}) capturing {}",
                    rules::chain_text(chain),
                    if jumps == 1 { "jump" } else { "jumps" },
                    taken(rule)
                )
            }
        };
        let [a, b] = after.scores;
        text.push_str(&format!("; score {a}:{b}"));
        if let Some(outcome) = self.outcome_of(after) {
            text.push_str(&format!("; game over: {}", outcome.reason));
        }
        text
    }
}

/// The options, declared once (read in `configure`, listed by `tgn games`).
const RULES: OptionSpec = OptionSpec::choice(
    "rules",
    &["emas", "bell"],
    "emas",
    "rule set: emas (default; KA and line captures) or bell (R.C. Bell's jump chains)",
);
const ENTRY: OptionSpec = OptionSpec::choice(
    "entry",
    &["slide", "jump"],
    "slide",
    "emas: the KA enters its passage from the cell beside it (slide, default) or two files \
     away over a stone (jump) (E3)",
);
const CAPTURE: OptionSpec = OptionSpec::choice(
    "capture",
    &["approach", "jump"],
    "approach",
    "emas: the KA captures lines at right angles (approach, default: decision 5) or, as seed \
     000 may be read, by short jumps all game (jump: it enters by a jump over a stone it \
     captures, then each turn jumps an odd number of times, B2-B3 for the KA alone; implies \
     entry jump)",
);
const OPENING: OptionSpec = OptionSpec::choice(
    "opening",
    &["diagonal", "free"],
    "diagonal",
    "emas: Second's passage lies in the sector opposite First's (diagonal, default) or \
     anywhere (free) (E2)",
);
const SETUP: OptionSpec = OptionSpec::text(
    "setup",
    "RANKS",
    DEFAULT_SETUP,
    "the start: 11 ranks, rank 11 first, of W, B, . and # (centre) separated by /; emas has \
     a default, bell needs one",
);
const CENTRE: OptionSpec = OptionSpec::choice(
    "centre",
    &["1", "3"],
    "1",
    "the unused centre: 1 (f6, emas default) or 3 (e5-g7, bell default)",
);
const STRICT: OptionSpec = OptionSpec::switch(
    "strict",
    "a setup without the symmetry of §2 is an error, not a warning",
);

impl Rules for Pasang {
    type Position = Position;
    type Token = Token;
    type Move = Move;

    const GAMES: &'static [GameInfo] = &[GameInfo {
        id: "pasang",
        name: "Pasang",
        aliases: &["pasang-emas", "pasangemas"],
        sides: Sides::new("First", "Second"),
        moves: &["c", "b4-c4xc6", "b4-c4", "xk11", "a1-c1-e1-g1"],
        position: "<11 ranks> 1 11:9 c,j",
    }];

    const OPTIONS: &'static [OptionSpec] = &[RULES, ENTRY, CAPTURE, OPENING, SETUP, CENTRE, STRICT];

    fn configure(setup: &Setup<'_>) -> Result<Self, SetupError> {
        let rules = match setup.choice(&RULES)? {
            "bell" => RuleSet::Bell,
            _ => RuleSet::Emas,
        };
        let capture = match setup.choice(&CAPTURE)? {
            "jump" => Capture::Jump,
            _ => Capture::Approach,
        };
        // Capture by short jump enters the KA by one: `jump` is its only entry.
        let default_entry = match capture {
            Capture::Jump => "jump",
            Capture::Approach => "slide",
        };
        let entry = match setup.choice_or(&ENTRY, default_entry)? {
            "jump" => Entry::Jump,
            _ if capture == Capture::Jump && rules == RuleSet::Emas => {
                return Err(SetupError::option(
                    "entry",
                    "capture jump enters the KA by a short jump (decision 5): entry slide does not go with it",
                ));
            }
            _ => Entry::Slide,
        };
        let opening = match setup.choice(&OPENING)? {
            "free" => Opening::Free,
            _ => Opening::Diagonal,
        };
        let default_centre = if rules == RuleSet::Bell { "3" } else { "1" };
        let centre = match setup.choice_or(&CENTRE, default_centre)? {
            "3" => Centre::Three,
            _ => Centre::One,
        };
        let strict = setup.switch(&STRICT)?;
        let text = match setup.text(&SETUP).map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) => text,
            None if rules == RuleSet::Bell && setup.tag("FEN").is_some() => {
                // The position string gives the board; the start is never used.
                ""
            }
            None if rules == RuleSet::Bell => {
                return Err(SetupError::option(
                    "setup",
                    "rule set bell has no default setup: give one in [Setup] (§2)",
                ));
            }
            None if centre == Centre::Three => {
                return Err(SetupError::option(
                    "setup",
                    "the default setup has the 1 x 1 centre: with Centre 3 give a [Setup] (§1)",
                ));
            }
            None => DEFAULT_SETUP,
        };
        let default = text == DEFAULT_SETUP && centre == Centre::One;
        let start = if text.is_empty() {
            [Cell::Empty; CELLS]
        } else if default {
            Pasang::default_cells()
        } else {
            parse_cells(text, centre, false).map_err(|e| SetupError::option("setup", e))?
        };
        let mut asymmetric = None;
        // The default setup passes every check of §2 (a test holds it to them): only
        // a setup given in the record is checked, not the one most games start from.
        if !text.is_empty() && !default {
            if rules == RuleSet::Emas {
                if let Some(sq) = Sq::all().find(|&sq| start[sq.index()] == Cell::Empty) {
                    return Err(SetupError::option(
                        "setup",
                        format!("{sq} is empty: an emas setup fills every usable cell (§2)"),
                    ));
                }
                let white = start.iter().filter(|&&c| c == Cell::White).count();
                let black = start.iter().filter(|&&c| c == Cell::Black).count();
                if white != black {
                    return Err(SetupError::option(
                        "setup",
                        format!(
                            "{white} W and {black} B: an emas setup holds as many of each (§2)"
                        ),
                    ));
                }
            }
            if rules == RuleSet::Bell && rules::corner_stones(&start).next().is_none() {
                return Err(SetupError::option("setup", rules::NO_CORNER_STONE));
            }
            let [rotation, files, ranks] = symmetries(&start);
            let why = match rules {
                RuleSet::Emas if !rotation => {
                    Some("the setup is not unchanged by a half-turn (§2)")
                }
                RuleSet::Bell if !(rotation || files || ranks) => Some(
                    "the setup has none of the symmetries of §2 (half-turn, left-right or top-bottom mirror)",
                ),
                _ => None,
            };
            if let Some(why) = why {
                if strict {
                    return Err(SetupError::option("setup", why));
                }
                asymmetric = Some(why.to_string());
            }
        }
        Ok(Pasang {
            rules,
            entry,
            capture,
            opening,
            centre,
            start,
            asymmetric,
            graph: Pasang::graph(centre),
            budget: short_form::Budget::new(),
        })
    }

    fn start_position(&self) -> Position {
        Position {
            cells: self.start,
            scores: [0, 0],
            to_move: Player::First,
            passages: [None, None],
            corner_pending: self.rules == RuleSet::Bell,
            kas: [None, None],
        }
    }

    /// §2: a setup without the symmetry its rule set asks for is played, but said
    /// (with `[Strict "yes"]` it is refused when the record is configured).
    fn setup_warnings(&self) -> Vec<String> {
        self.asymmetric.iter().cloned().collect()
    }

    fn parse_position(&self, text: &str) -> Result<Position, super::PositionError> {
        self.position_from(text)
    }

    fn write_position(&self, position: &Position) -> String {
        let mover = match position.to_move {
            Player::First => 1,
            Player::Second => 2,
        };
        let [a, b] = position.scores;
        let extra = match self.rules {
            RuleSet::Emas => {
                let passage = |p: Option<u8>| p.map_or('-', file_letter);
                format!(
                    "{},{}",
                    passage(position.passages[0]),
                    passage(position.passages[1])
                )
            }
            RuleSet::Bell if position.corner_pending => "corner".to_string(),
            RuleSet::Bell => "-".to_string(),
        };
        format!("{} {mover} {a}:{b} {extra}", write_cells(&position.cells))
    }

    fn diagram(&self, position: &Position, last: Option<&Move>) -> crate::games::Diagram {
        self.scene(position, last)
    }

    fn draw(&self, position: &Position) -> String {
        self.draw_position(position)
    }

    /// `{"rules": "emas"|"bell", "ranks": [11 strings, rank 11 first], "to_move":
    /// "first"|"second", "scores": [First, Second], "phase":
    /// "open"|"enter"|"move"|"corner"|"chains", "passages": {"first", "second"},
    /// "kas": {"first", "second"}, "stones": {"white", "black"}}` (`stones` counts the
    /// stones by colour, not by player).
    fn state(&self, position: &Position) -> serde_json::Value {
        let ranks: Vec<String> = write_cells(&position.cells)
            .split('/')
            .map(str::to_string)
            .collect();
        let passage = |p: Player| position.passages[p.index()].map(|f| file_letter(f).to_string());
        let ka = |p: Player| position.ka(p).map(|sq| sq.to_string());
        let (white, black) = position.stones();
        json!({
            "rules": match self.rules { RuleSet::Emas => "emas", RuleSet::Bell => "bell" },
            "ranks": ranks,
            "to_move": position.to_move,
            "scores": position.scores,
            "phase": self.phase_name(position),
            "passages": {"first": passage(Player::First), "second": passage(Player::Second)},
            "kas": {"first": ka(Player::First), "second": ka(Player::Second)},
            "stones": {"white": white, "black": black},
        })
    }

    fn to_move(&self, position: &Position) -> Player {
        position.to_move
    }

    const SCORE_UNIT: &'static str = "points: the mover's captured points less the opponent's";

    /// Points: the mover's captured points less the opponent's.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.to_move.index();
        position.scores[me] as i32 - position.scores[1 - me] as i32
    }

    /// Fitted on 40 self-played games: 30 points is a 75% expected score
    /// (`docs/win-curves.md`).
    const WIN_CURVE: f64 = 0.036;

    fn position_key(&self, position: &Position) -> u64 {
        crate::games::hash_key(position)
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.outcome_of(position)
    }

    /// emas: E10a (no stone left); E10b and bell's B4 (no turn) are for the move to
    /// tell.
    fn over_but_for_moves(&self, position: &Position) -> bool {
        self.rules == RuleSet::Emas && !position.has_stones()
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        self.moves(position)
    }

    fn parse_token(&self, text: &str) -> Result<Token, NotationError> {
        notation::parse_token(text)
    }

    fn resolve(&self, position: &Position, token: &Token) -> Result<Move, MoveError> {
        self.resolve_token(position, token)
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        self.apply(position, mv);
    }

    fn write_move(&self, _before: &Position, mv: &Move) -> String {
        self.text(mv)
    }

    fn describe(&self, before: &Position, mv: &Move, after: &Position) -> String {
        self.account(before, mv, after)
    }

    fn judge_score(&self, position: &Position, declared: &str) -> Result<(), super::Invalid> {
        self.score_judged(position, declared)
    }
}

/// The bodies of the fallible [`Rules`] methods, in the sentences they return.
impl Pasang {
    fn position_from(&self, text: &str) -> Result<Position, super::PositionError> {
        const SHAPE: &str = "<11 ranks, rank 11 first> <1|2> <score>:<score> <passages a-k or -, e.g. c,j (emas) | corner or - (bell)>";
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [cells, mover, scores, extra] = fields[..] else {
            return Err(PositionError::syntax(format!(
                "expected four fields separated by spaces: {SHAPE}, found {}",
                fields.len()
            )));
        };
        let emas = self.rules == RuleSet::Emas;
        let cells = parse_cells(cells, self.centre, emas)?;
        let to_move = match mover {
            "1" => Player::First,
            "2" => Player::Second,
            _ => {
                return Err(PositionError::syntax(format!(
                    "the player to move is 1 (First) or 2 (Second), not \"{mover}\""
                )));
            }
        };
        let scores = crate::games::common::score::parse_score(scores)
            .filter(|_| scores.contains(':'))
            .ok_or_else(|| {
                PositionError::syntax(format!("the scores are written First's:Second's, e.g. 11:15, not \"{scores}\""))
            })?;
        if scores.iter().any(|&s| s > 242) {
            return Err(PositionError::impossible(format!(
                "a score of {} is more than the board ever holds (121 white stones: 242 points)",
                scores[0].max(scores[1])
            )));
        }
        let mut position = Position {
            cells,
            scores,
            to_move,
            passages: [None, None],
            corner_pending: false,
            kas: [None, None],
        };
        position.find_kas();
        if !emas {
            position.corner_pending = match extra {
                "corner" => true,
                "-" => false,
                _ => {
                    return Err(PositionError::syntax(format!(
                        "the last field of a bell position is corner (First's corner turn is to come, B1) or -, not \"{extra}\""
                    )));
                }
            };
            if position.corner_pending && (to_move != Player::First || scores != [0, 0]) {
                return Err(PositionError::impossible("the corner turn (B1) is First's first turn: First to move, score 0:0"));
            }
            if position.corner_pending && rules::corner_stones(&position.cells).next().is_none() {
                return Err(PositionError::syntax(format!(
                    "{} (the last field is -, not corner, once the corner turn is over)",
                    rules::NO_CORNER_STONE
                )));
            }
            return Ok(position);
        }
        let passage = |t: &str| -> Result<Option<u8>, PositionError> {
            match t.as_bytes() {
                [b'-'] => Ok(None),
                [c @ b'a'..=b'k'] => Ok(Some(c - b'a' + 1)),
                _ => Err(PositionError::syntax(format!("a passage is a file a-k or -, not \"{t}\""))),
            }
        };
        let (first, second) = extra.split_once(',').ok_or_else(|| {
            PositionError::syntax(format!("the passages are written First's,Second's, e.g. c,j or -,-, not \"{extra}\""))
        })?;
        position.passages = [passage(first)?, passage(second)?];
        let count = |c: Cell| position.cells.iter().filter(|&&x| x == c).count();
        for p in [Player::First, Player::Second] {
            if count(Cell::Ka(p)) > 1 {
                return Err(PositionError::impossible(format!(
                    "{} has {} KAs: one at most (E3)",
                    player_name(p),
                    count(Cell::Ka(p))
                )));
            }
        }
        let [pf, ps] = position.passages;
        let (kf, ks) = (
            count(Cell::Ka(Player::First)) == 1,
            count(Cell::Ka(Player::Second)) == 1,
        );
        if pf.is_none() && ps.is_some() {
            return Err(PositionError::syntax("Second cannot have opened a passage before First (E1, E2)"));
        }
        if kf && ps.is_none() {
            return Err(PositionError::syntax("a KA enters only once both passages are open (E3)"));
        }
        if ks && !kf {
            return Err(PositionError::syntax("Second's KA enters after First's (E3)"));
        }
        let expected = match (pf, ps, kf, ks) {
            (None, _, _, _) => Some(Player::First),
            (Some(_), None, _, _) => Some(Player::Second),
            (_, _, false, _) => Some(Player::First),
            (_, _, true, false) => Some(Player::Second),
            _ => None,
        };
        if let Some(p) = expected
            && p != to_move
        {
            return Err(PositionError::syntax(format!(
                "in this phase it is {}'s turn (E1-E3), not {}'s",
                player_name(p),
                player_name(to_move)
            )));
        }
        Ok(position)
    }

    fn score_judged(&self, position: &Position, declared: &str) -> Result<(), super::Invalid> {
        check_score(declared, position.scores, "the score (C2)")
    }
}
