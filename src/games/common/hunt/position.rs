//! A hunt position: where the hunters and the prey stand, the prey still in hand, how
//! many prey have been taken, who moves, whether the hunters' first turn (R1, V1) is
//! still to come, and (with a repetition rule) the positions met since the last drop or
//! capture; its position strings, drawing and JSON state.
//!
//! # Position string: fields ([`Format::Fields`])
//!
//! ```text
//! P=c3,c7 L=b4,c4,d4,b5,d5,b6,c6,d6 hand=16 captured=0 turn=P opening
//! T=c3,c7 M=b4,c4,d4,b5,c5,d5,b6,c6,d6 hand=15 captured=0 turn=T opening
//! ```
//!
//! Space-separated fields, in any order when read (written in this order):
//! - the hunters' points after their letter (`P=` princes, `T=` tigers), then the
//!   prey's (`L=` lamas, `M=` men), comma-separated, `-` or nothing for none;
//! - `hand=N`: prey still to be placed;
//! - `captured=N`: prey taken so far (in Rimau-rimau the 3 opening removals count);
//! - `turn=P` / `turn=L` (`T` / `M`): the side to move;
//! - `opening` (only while due): the hunters' first turn, the single capture of R1 or
//!   the removal of V1, is still to be played.
//!
//! Checks: as many hunters as the variant has; no point twice; prey on the board, in
//! hand and taken at most the variant's (24; fewer for composed positions); `opening`
//! only in a variant with a first turn of its own, with the hunters to move, and in
//! Rimau-rimau only with 3 men on the nine central points to remove.
//!
//! # Position string: ranks ([`Format::Ranks`])
//!
//! ```text
//! T3T/5/5/5/T3T g 20 0
//! ```
//!
//! The ranks from the top, `/` between them, each point a hunter's or a prey's letter
//! (either case when read) or a digit counting empty points; then the side to move (a
//! letter, written in lower case),
//! the prey in hand and the prey taken. The same checks.

use serde_json::json;

use super::{Format, Hunt, Opening};
use crate::games::common::capture::{Set, bit, points};
use crate::games::common::drawing;
use crate::games::common::repetition::History;
use crate::games::{Player, PositionError};

/// What tells positions apart for the repetition rule: the pieces and the side to
/// move (the hand cannot differ: a drop forgets the history).
pub(super) type Key = (Set, Set, Player);

/// A position of a hunt game. Cheap to clone: the repetition history is shared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The princes or tigers.
    pub(super) hunters: Set,
    /// The lamas or men on the board.
    pub(super) prey: Set,
    /// Prey still in hand (R5, V2).
    pub(super) hand: u8,
    /// Prey taken so far (R7; in Rimau-rimau the opening removals too).
    pub(super) captured: u8,
    pub(super) to_move: Player,
    /// The hunters' first turn (R1, V1) is still to come.
    pub(super) opening: bool,
    /// With a repetition rule: the positions since the last drop or capture.
    pub(super) history: Option<History<Key>>,
    /// With a repetition rule: this position has now occurred three times.
    pub(super) repeated: bool,
}

impl Position {
    /// The hunters' points.
    #[cfg(test)]
    pub fn hunters(&self) -> Set {
        self.hunters
    }

    /// The prey's points.
    #[cfg(test)]
    pub fn prey(&self) -> Set {
        self.prey
    }

    /// Every occupied point.
    pub fn occupied(&self) -> Set {
        self.hunters | self.prey
    }

    /// Prey in hand.
    #[cfg(test)]
    pub fn hand(&self) -> u8 {
        self.hand
    }

    /// Prey taken.
    #[cfg(test)]
    pub fn captured(&self) -> u8 {
        self.captured
    }

    /// Whether the hunters' first turn is still to come.
    #[cfg(test)]
    pub fn opening(&self) -> bool {
        self.opening
    }

    /// What the repetition rule compares.
    pub(super) fn key(&self) -> Key {
        (self.hunters, self.prey, self.to_move)
    }

    /// Prey on the board.
    #[cfg(test)]
    pub fn prey_on_board(&self) -> u8 {
        self.prey.count_ones() as u8
    }

    /// Reads a position string in the variant's format (see the module doc).
    ///
    /// # Errors
    /// A sentence naming the field that is wrong.
    pub fn parse(hunt: &Hunt, text: &str) -> Result<Position, PositionError> {
        let read = match hunt.variant.format {
            Format::Fields => Read::fields(hunt, text)?,
            Format::Ranks => Read::ranks(hunt, text)?,
        };
        read.checked(hunt)
    }

    /// Writes the position string (see the module doc).
    pub fn write(&self, hunt: &Hunt) -> String {
        match hunt.variant.format {
            Format::Fields => self.write_fields(hunt),
            Format::Ranks => self.write_ranks(hunt),
        }
    }

    /// `P=c3,c7 L=… hand=16 captured=0 turn=P opening`.
    /// `T3T/5/5/5/T3T g 20 0`.
    fn write_ranks(&self, hunt: &Hunt) -> String {
        format!(
            "{} {} {} {}",
            write_ranks(hunt, self),
            hunt.letter(self.to_move).to_ascii_lowercase(),
            self.hand,
            self.captured
        )
    }

    fn write_fields(&self, hunt: &Hunt) -> String {
        let [hl, pl] = hunt.words.letters;
        let mut text = format!(
            "{hl}={} {pl}={} hand={} captured={} turn={}",
            list(hunt, self.hunters),
            list(hunt, self.prey),
            self.hand,
            self.captured,
            hunt.letter(self.to_move)
        );
        if self.opening {
            text.push_str(" opening");
        }
        text
    }

    /// The board with its triangles and diagonals, the hunters' and prey's letters and
    /// `.` on the points; then who moves, the hand, the count of prey taken and what
    /// wins, and the opening turn if it is due.
    pub fn draw(&self, hunt: &Hunt) -> String {
        let [hl, pl] = hunt.words.letters;
        let mut lines = drawing::draw(&hunt.geo.board, |p| {
            if self.hunters & bit(p) != 0 {
                hl
            } else if self.prey & bit(p) != 0 {
                pl
            } else {
                '.'
            }
        });
        lines.push(self.status(hunt));
        lines.join("\n")
    }

    /// The drawing's last line: who is to move, the prey in hand and taken, the goal.
    pub fn status(&self, hunt: &Hunt) -> String {
        let w = hunt.words;
        let goal = if hunt.capture_all {
            format!("the {} win when no {} is left", w.hunters, w.prey)
        } else {
            format!("the {} win at {}", w.hunters, hunt.target)
        };
        let mut status = format!(
            "{} to move; {} in hand {}, {} {} ({goal})",
            hunt.letter(self.to_move),
            w.preys,
            self.hand,
            w.taken,
            self.captured
        );
        if self.opening {
            status.push_str(&hunt.first_turn());
        }
        status
    }

    /// The position as JSON:
    ///
    /// - `first`, `second`: the points of each player's pieces (`["c3", "c7"]`): the
    ///   hunters' and the prey's in the order the variant gives them the move
    ///   (Kungser's princes first, Bagh-chal's goats first);
    /// - `hand`: the prey still in hand;
    /// - `captured`: the prey taken (Rimau-rimau: the opening removals included);
    /// - `to_move`: `"first"` or `"second"`;
    /// - `opening`: whether the hunters' first turn (R1, V1) is still to come (only in
    ///   the variants whose first turn is not like the others).
    pub fn state(&self, hunt: &Hunt) -> serde_json::Value {
        let names = |set: Set| {
            points(set)
                .map(|p| hunt.geo.name(p).to_string())
                .collect::<Vec<_>>()
        };
        let mut pieces = [
            (hunt.hunters(), names(self.hunters)),
            (hunt.prey_side(), names(self.prey)),
        ];
        pieces.sort_by_key(|(player, _)| player.index());
        let mut map = serde_json::Map::new();
        for (player, points) in pieces {
            map.insert(player.as_str().into(), json!(points));
        }
        map.insert("hand".into(), json!(self.hand));
        map.insert("captured".into(), json!(self.captured));
        map.insert("to_move".into(), json!(self.to_move));
        if hunt.variant.opening != Opening::None {
            map.insert("opening".into(), json!(self.opening));
        }
        serde_json::Value::Object(map)
    }
}

/// A position string as read, before the checks every format shares.
struct Read {
    hunters: Set,
    prey: Set,
    hand: u8,
    captured: u8,
    to_move: Player,
    opening: bool,
}

impl Read {
    /// [`Format::Fields`]: `key=value` fields in any order, and `opening`.
    fn fields(hunt: &Hunt, text: &str) -> Result<Read, PositionError> {
        let [hl, pl] = hunt.words.letters;
        let expected = format!("{hl}, {pl}, hand, captured, turn, opening");
        let mut fields: [Option<&str>; 5] = [None; 5];
        let mut opening = false;
        for field in text.split_whitespace() {
            if field.eq_ignore_ascii_case("opening") {
                if opening {
                    return Err(PositionError::syntax("field opening is given twice"));
                }
                opening = true;
                continue;
            }
            let (key, value) = field.split_once('=').ok_or_else(|| {
                PositionError::syntax(format!("expected key=value or opening, found \"{field}\""))
            })?;
            let slot = match key {
                k if k.eq_ignore_ascii_case(&hl.to_string()) => 0,
                k if k.eq_ignore_ascii_case(&pl.to_string()) => 1,
                "hand" => 2,
                "captured" => 3,
                "turn" => 4,
                _ => {
                    return Err(PositionError::syntax(format!(
                        "unknown field \"{key}\" (expected {expected})"
                    )));
                }
            };
            if fields[slot].replace(value).is_some() {
                return Err(PositionError::syntax(format!("field {key} is given twice")));
            }
        }
        let names = [
            hl.to_string(),
            pl.to_string(),
            "hand".to_string(),
            "captured".to_string(),
            "turn".to_string(),
        ];
        let need = |i: usize| {
            fields[i].ok_or_else(|| PositionError::syntax(format!("field {} is missing", names[i])))
        };
        let hunters = point_list(hunt, need(0)?, hl)?;
        let prey = point_list(hunt, need(1)?, pl)?;
        check_apart(hunt, hunters, prey)?;
        check_hunters(hunt, hunters)?;
        let hand = count(hunt, &names[2], need(2)?)?;
        let captured = count(hunt, &names[3], need(3)?)?;
        let to_move = side(hunt, need(4)?, |c| c)?;
        Ok(Read {
            hunters,
            prey,
            hand,
            captured,
            to_move,
            opening,
        })
    }

    /// [`Format::Ranks`]: `T3T/5/5/5/T3T g 20 0`.
    fn ranks(hunt: &Hunt, text: &str) -> Result<Read, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, turn, hand, captured] = fields[..] else {
            return Err(PositionError::syntax(format!(
                "expected 4 fields (the ranks, the side to move, the {} in hand and taken), \
                 found {}",
                hunt.words.preys,
                fields.len()
            )));
        };
        let (hunters, prey) = read_ranks(hunt, board)?;
        check_hunters(hunt, hunters)?;
        Ok(Read {
            hunters,
            prey,
            hand: count(hunt, "hand", hand)?,
            captured: count(hunt, "captured", captured)?,
            to_move: side(hunt, turn, |c| c.to_ascii_lowercase())?,
            opening: false,
        })
    }

    /// The checks of every format, then the position with a fresh history.
    fn checked(self, hunt: &Hunt) -> Result<Position, PositionError> {
        let (prey, hand, captured) = (self.prey, self.hand, self.captured);
        let pl = hunt.words.letters[1];
        let most = hunt.variant.prey;
        let total = u32::from(hand) + u32::from(captured) + prey.count_ones();
        if total > u32::from(most) {
            return Err(PositionError::impossible(format!(
                "{} on the board ({}), in hand ({hand}) and captured ({captured}) make {total}, \
                 more than {most}",
                hunt.words.preys,
                prey.count_ones()
            )));
        }
        if self.opening {
            if self.to_move != hunt.hunters() {
                return Err(PositionError::syntax(format!(
                    "opening: the first turn is the {}', but turn={pl}",
                    hunt.words.hunters
                )));
            }
            match hunt.variant.opening {
                Opening::None => {
                    return Err(PositionError::syntax(format!(
                        "opening: the {}' first turn is as any other",
                        hunt.words.hunters
                    )));
                }
                Opening::Removal { count, .. }
                    if ((prey & hunt.geo.zone).count_ones() as usize) < count =>
                {
                    return Err(PositionError::impossible(
                        "opening: fewer than 3 men on the nine central points b4-d6 to remove (V1)",
                    ));
                }
                _ => {}
            }
        }
        Ok(hunt.fresh(Position {
            hunters: self.hunters,
            prey,
            hand,
            captured,
            to_move: self.to_move,
            opening: self.opening,
            history: None,
            repeated: false,
        }))
    }
}

/// An error if a point holds both a hunter and a prey piece.
fn check_apart(hunt: &Hunt, hunters: Set, prey: Set) -> Result<(), PositionError> {
    match points(hunters & prey).next() {
        Some(p) => Err(PositionError::impossible(format!(
            "{} holds both a {} and a {}",
            hunt.geo.name(p),
            hunt.words.hunter,
            hunt.words.prey
        ))),
        None => Ok(()),
    }
}

/// An error unless the variant's number of hunters stand on the board.
fn check_hunters(hunt: &Hunt, hunters: Set) -> Result<(), PositionError> {
    let want = hunt.geo.hunters.count_ones();
    if hunters.count_ones() == want {
        return Ok(());
    }
    Err(PositionError::syntax(format!(
        "{}: expected the {want} {}, found {}",
        hunt.words.letters[0],
        hunt.words.hunters,
        hunters.count_ones()
    )))
}

/// A count of prey, 0 to the variant's number.
fn count(hunt: &Hunt, name: &str, v: &str) -> Result<u8, PositionError> {
    let most = hunt.variant.prey;
    v.parse::<u8>().ok().filter(|&n| n <= most).ok_or_else(|| {
        PositionError::syntax(format!("{name}: expected a count 0-{most}, found \"{v}\""))
    })
}

/// The side to move, by its letter as `shown` (upper or lower case) writes it.
fn side(hunt: &Hunt, turn: &str, shown: impl Fn(char) -> char) -> Result<Player, PositionError> {
    let [hl, pl] = hunt.words.letters.map(shown);
    match turn {
        t if t.eq_ignore_ascii_case(&hl.to_string()) => Ok(hunt.hunters()),
        t if t.eq_ignore_ascii_case(&pl.to_string()) => Ok(hunt.prey_side()),
        other => Err(PositionError::syntax(format!(
            "turn: expected {hl} or {pl}, found \"{other}\""
        ))),
    }
}

/// The ranks of [`Format::Ranks`], top first: the hunters' and the prey's points.
fn read_ranks(hunt: &Hunt, text: &str) -> Result<(Set, Set), PositionError> {
    let board = &hunt.geo.board;
    let [hl, pl] = hunt.words.letters;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != usize::from(board.ranks()) {
        return Err(PositionError::syntax(format!(
            "expected {} ranks separated by /, found {}",
            board.ranks(),
            rows.len()
        )));
    }
    let (mut hunters, mut prey) = (0, 0);
    for (row, rank) in rows.iter().zip((1..=board.ranks()).rev()) {
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(empty) = c.to_digit(10).filter(|&n| n > 0) {
                file = file.saturating_add(empty as u8);
                continue;
            }
            file = file.saturating_add(1);
            let p = board.point(file, rank).ok_or_else(|| {
                PositionError::impossible(format!(
                    "rank {rank} has more than {} points",
                    board.files()
                ))
            })?;
            // Letters in either case, as other programs may write them.
            let upper = c.to_ascii_uppercase();
            if upper == hl {
                hunters |= bit(p);
            } else if upper == pl {
                prey |= bit(p);
            } else {
                return Err(PositionError::syntax(format!(
                    "rank {rank}: expected {hl}, {pl} or a digit 1-{}, found \"{c}\"",
                    board.files()
                )));
            }
        }
        if file != board.files() {
            return Err(PositionError::syntax(format!(
                "rank {rank} has {file} points, not {}",
                board.files()
            )));
        }
    }
    check_apart(hunt, hunters, prey)?;
    Ok((hunters, prey))
}

/// `T3T/5/5/5/T3T`: the ranks from the top.
fn write_ranks(hunt: &Hunt, position: &Position) -> String {
    let board = &hunt.geo.board;
    let [hl, pl] = hunt.words.letters;
    let row = |rank: u8| {
        let mut text = String::new();
        let mut empty = 0;
        for file in 1..=board.files() {
            let set = board.point(file, rank).map_or(0, bit);
            let letter = if position.hunters & set != 0 {
                hl
            } else if position.prey & set != 0 {
                pl
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(letter);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        text
    };
    (1..=board.ranks())
        .rev()
        .map(row)
        .collect::<Vec<_>>()
        .join("/")
}

/// `c3,c7`, or `-` for none, in the board's order (rank by rank from `a1`).
fn list(hunt: &Hunt, set: Set) -> String {
    if set == 0 {
        return "-".to_string();
    }
    points(set)
        .map(|p| hunt.geo.name(p).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A comma-separated list of points (`-` or nothing for none), each at most once.
fn point_list(hunt: &Hunt, text: &str, letter: char) -> Result<Set, PositionError> {
    let mut set = 0;
    for name in text.split(',').filter(|n| !n.is_empty() && *n != "-") {
        let p = hunt.geo.board.parse_point(name).ok_or_else(|| {
            PositionError::impossible(format!("{letter}: \"{name}\" is not a point of the board"))
        })?;
        if set & bit(p) != 0 {
            return Err(PositionError::syntax(format!(
                "{letter}: {name} is listed twice"
            )));
        }
        set |= bit(p);
    }
    Ok(set)
}

impl Hunt {
    /// The variant's start: Kungser's princes on the apexes and eight lamas round the
    /// empty centre, 16 in hand (§2); Rimau-rimau's tigers on the apexes and the nine
    /// central men, 15 in hand (§5); Bagh-chal's tigers on the corners, 20 goats in
    /// hand (R1).
    pub fn start(&self) -> Position {
        self.fresh(Position {
            hunters: self.geo.hunters,
            prey: self.geo.prey,
            hand: self.variant.hand(),
            captured: 0,
            to_move: if self.variant.hunters_first {
                self.hunters()
            } else {
                self.prey_side()
            },
            opening: self.variant.opening != Opening::None,
            history: None,
            repeated: false,
        })
    }

    /// `position` with a history of its own, if the repetition rule is on.
    fn fresh(&self, position: Position) -> Position {
        Position {
            history: self.repetition.then(|| History::starting(position.key())),
            repeated: false,
            ..position
        }
    }

    /// What the hunters' first turn must be, for the drawing: `; first turn: …`.
    fn first_turn(&self) -> String {
        let w = self.words;
        match self.variant.opening {
            Opening::None => String::new(),
            Opening::SingleJump => format!(
                "; first turn: one {} taken by a single jump ({})",
                w.prey, w.opening
            ),
            Opening::Removal { count, .. } => format!(
                "; first turn: remove {count} of the central {}, then a {} may move ({})",
                w.preys, w.hunter, w.opening
            ),
        }
    }
}
