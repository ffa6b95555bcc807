//! The rule presets of the mill engine: the seed's two games (`morabaraba.md`) and
//! the ten rule sets the open-source Sanmill program plays, each one value of
//! [`Preset`]. The engine reads every rule from here; nothing in it asks which game
//! it is playing.
//!
//! Sanmill's parameters carry Sanmill's names (its `Rule` table: piece count, fly
//! piece count, diagonal lines, mill formation action in the placing phase, may move
//! in the placing phase, defender moves first, may remove multiple, may remove from
//! mills always, one-time-use mill, board-full action, stalemate action, n-move rule,
//! threefold repetition). Sanmill's "restrict repeated mills formation" is off in all
//! ten presets and is not implemented.

use super::{MORABARABA, NINE_MENS_MORRIS};

/// What a mill formed while placing does (Sanmill's "mill formation action in the
/// placing phase"). In the moving phase a mill always removes from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacingMill {
    /// Remove opponent pieces from the board, as in the moving phase.
    RemoveFromBoard,
    /// Dooz: take the piece from the opponent's hand (from the board once the hand is
    /// empty); then it is the opponent's turn.
    RemoveFromHand,
    /// Da San Qi: the removed piece is only marked; the point stays taken (no one may
    /// place on it, it counts in no mill) until placing ends and the marks are cleared.
    MarkAndDelay,
    /// El Filja: mills formed while placing remove nothing; when the last piece is
    /// placed each side removes as many pieces as the two sides' mill counts give
    /// (see [`Preset::end_of_placing_removals`]).
    ByMillCounts,
}

/// What happens when placing fills the board (Sanmill's "board-full action"; only a
/// 12-piece game can fill it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFull {
    /// The seed's R11 (Sanmill's "agree to draw"): drawn.
    Draw,
    /// The first player (W) loses.
    FirstPlayerLoses,
    /// W removes a B piece, then B a W piece, then W moves.
    BothRemove,
}

/// What happens to a player who cannot move (Sanmill's "stalemate action").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// The seed's R10: the player loses.
    Loss,
    /// Zhi Qi: the player removes an opponent piece next to one of its own (any, even
    /// in a mill), then moves.
    RemoveAndMoveAgain,
}

/// One rule set of the mill engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// tgn's game id.
    pub id: &'static str,
    /// The name as Sanmill writes it in `[Variant]` (the seed's game name for the
    /// seed's presets).
    pub name: &'static str,
    /// Whether this is one of Sanmill's rule sets: moves are then listed as Sanmill
    /// lists them, a removal being a ply of its own (`b6-c5 xb4 xa4`).
    pub sanmill: bool,
    /// Pieces of each player.
    pub pieces: u8,
    /// A player with no piece in hand and this many pieces or fewer on the board flies;
    /// `None`: pieces never fly.
    pub fly_at: Option<u8>,
    /// The four corner diagonals (and their mills).
    pub diagonals: bool,
    pub placing_mill: PlacingMill,
    /// Lasker: a piece may be moved instead of placed while pieces are in hand.
    pub move_in_placing: bool,
    /// Da San Qi: B, the second player, makes the first move after placing.
    pub defender_moves_first: bool,
    /// Morabaraba (Sanmill): one removal for each mill formed at once.
    pub remove_multiple: bool,
    /// A piece in a mill may be removed even when the opponent has others.
    pub remove_from_mills_always: bool,
    /// Russian Mill: a line whose three points have all been in mills the player
    /// formed before makes no removal when formed again.
    pub one_time_use_mill: bool,
    pub board_full: BoardFull,
    pub stalemate: Stalemate,
    /// Drawn after this many plies of moves without a placement or removal (0: never).
    pub n_move_rule: u16,
    /// Drawn when a position (board and side to move) occurs a third time since the
    /// last placement or removal.
    pub threefold_repetition: bool,
}

/// Sanmill's common settings, the Nine Men's Morris row of its table.
const SANMILL_BASE: Preset = Preset {
    id: NINE_MENS_MORRIS,
    name: "Nine Men's Morris",
    sanmill: true,
    pieces: 9,
    fly_at: Some(3),
    diagonals: false,
    placing_mill: PlacingMill::RemoveFromBoard,
    move_in_placing: false,
    defender_moves_first: false,
    remove_multiple: false,
    remove_from_mills_always: false,
    one_time_use_mill: false,
    board_full: BoardFull::FirstPlayerLoses,
    stalemate: Stalemate::Loss,
    n_move_rule: 100,
    threefold_repetition: true,
};

/// The seed's Morabaraba (R1–R12 of `morabaraba.md`).
pub const SEED_MORABARABA: Preset = Preset {
    id: MORABARABA,
    name: "Morabaraba",
    sanmill: false,
    pieces: 12,
    diagonals: true,
    board_full: BoardFull::Draw,
    n_move_rule: 0,
    threefold_repetition: false,
    ..SANMILL_BASE
};

/// The seed's Nine Men's Morris.
pub const SEED_NINE_MENS_MORRIS: Preset = Preset {
    sanmill: false,
    board_full: BoardFull::Draw,
    n_move_rule: 0,
    threefold_repetition: false,
    ..SANMILL_BASE
};

/// Sanmill's ten presets, in the order of its `Rule` table.
pub const SANMILL: [Preset; 10] = [
    SANMILL_BASE,
    Preset {
        id: "twelve-mens-morris",
        name: "Twelve Men's Morris",
        pieces: 12,
        diagonals: true,
        ..SANMILL_BASE
    },
    Preset {
        id: "dooz",
        name: "Dooz",
        pieces: 12,
        diagonals: true,
        placing_mill: PlacingMill::RemoveFromHand,
        ..SANMILL_BASE
    },
    Preset {
        id: MORABARABA,
        name: "Morabaraba",
        pieces: 12,
        diagonals: true,
        remove_multiple: true,
        ..SANMILL_BASE
    },
    Preset {
        id: "russian-mill",
        name: "Russian Mill",
        one_time_use_mill: true,
        ..SANMILL_BASE
    },
    Preset {
        id: "lasker-morris",
        name: "Lasker Morris",
        pieces: 10,
        move_in_placing: true,
        ..SANMILL_BASE
    },
    Preset {
        id: "cheng-san-qi",
        name: "Cheng San Qi",
        fly_at: None,
        ..SANMILL_BASE
    },
    Preset {
        id: "da-san-qi",
        name: "Da San Qi",
        pieces: 12,
        fly_at: None,
        diagonals: true,
        placing_mill: PlacingMill::MarkAndDelay,
        defender_moves_first: true,
        remove_from_mills_always: true,
        ..SANMILL_BASE
    },
    Preset {
        id: "zhi-qi",
        name: "Zhi Qi",
        pieces: 12,
        diagonals: true,
        board_full: BoardFull::BothRemove,
        stalemate: Stalemate::RemoveAndMoveAgain,
        ..SANMILL_BASE
    },
    Preset {
        id: "el-filja",
        name: "El Filja",
        pieces: 12,
        fly_at: None,
        placing_mill: PlacingMill::ByMillCounts,
        remove_from_mills_always: true,
        board_full: BoardFull::BothRemove,
        ..SANMILL_BASE
    },
];

impl Preset {
    /// Sanmill's preset for a game id.
    pub fn sanmill(id: &str) -> Option<&'static Preset> {
        SANMILL.iter().find(|p| p.id == id)
    }

    /// The preset a game id plays by default: the seed's for the seed's games.
    pub fn default_for(id: &str) -> &'static Preset {
        match id {
            MORABARABA => &SEED_MORABARABA,
            NINE_MENS_MORRIS => &SEED_NINE_MENS_MORRIS,
            _ => Preset::sanmill(id).unwrap_or(&SANMILL[0]),
        }
    }

    /// Whether the seed's rules also define this game (then `rules=sanmill` selects
    /// Sanmill's).
    pub fn seed_also_defines(id: &str) -> bool {
        matches!(id, MORABARABA | NINE_MENS_MORRIS)
    }

    /// El Filja's removals when placing ends, `[W, B]`, by the mills each side has
    /// then (`w`, `b`), and whether each removes its own pieces: none has a mill, each
    /// removes one of its own; one side alone has mills, it removes two and the other
    /// one; both have, each removes as many as the other has mills, plus one for the
    /// side with more.
    pub fn end_of_placing_removals(w: u8, b: u8) -> ([u8; 2], bool) {
        match (w, b) {
            (0, 0) => ([1, 1], true),
            (_, 0) => ([2, 1], false),
            (0, _) => ([1, 2], false),
            _ if w == b => ([w, b], false),
            _ if w > b => ([b + 1, b], false),
            _ => ([w, w + 1], false),
        }
    }

    /// What the preset changes from Sanmill's Nine Men's Morris, for `tgn games`.
    pub fn changes(&self) -> String {
        let mut out = Vec::new();
        if self.pieces != 9 {
            out.push(format!("{} pieces", self.pieces));
        }
        if self.diagonals {
            out.push("diagonals".to_string());
        }
        match self.fly_at {
            None => out.push("no flying".to_string()),
            Some(3) => {}
            Some(n) => out.push(format!("flies at {n}")),
        }
        out.push(
            match self.placing_mill {
                PlacingMill::RemoveFromBoard => "",
                PlacingMill::RemoveFromHand => "a mill while placing removes from the hand",
                PlacingMill::MarkAndDelay => {
                    "a removal while placing marks the point until placing ends"
                }
                PlacingMill::ByMillCounts => "removals by mill counts when placing ends",
            }
            .to_string(),
        );
        let flags = [
            (self.move_in_placing, "moves while placing"),
            (self.defender_moves_first, "B moves first after placing"),
            (self.remove_multiple, "one removal per mill formed"),
            (self.remove_from_mills_always, "removal from mills always"),
            (self.one_time_use_mill, "one-time-use mills"),
        ];
        out.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
        out.push(
            match self.board_full {
                BoardFull::FirstPlayerLoses if self.pieces == 12 => "full board: W loses",
                BoardFull::BothRemove => "full board: W then B remove",
                _ => "",
            }
            .to_string(),
        );
        if self.stalemate == Stalemate::RemoveAndMoveAgain {
            out.push("blocked: remove a piece and move".to_string());
        }
        out.retain(|s| !s.is_empty());
        if out.is_empty() {
            "9 pieces, flying at 3 (as the traditional Nine Men's Morris of \
             docs/rules/nine-mens-morris.md)".to_string()
        } else {
            out.join(", ")
        }
    }
}
