//! Black and White, for the games whose two sides are named by the colour of their
//! pieces (Mig Mang, Nei Pat Kono): how a colour maps to PGN's players, and the
//! position of such a game on a grid.

use super::Point;
use super::diagram::{Colour as Shade, Diagram};
use super::grid::{Grid, GridSet};
use crate::games::{Player, PositionError};

/// The colour of a side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: for `[T; 2]` tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// `b` or `w`, as position strings write a piece or the side to move.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }

    /// The colour of a side-to-move field: `b` or `w` (any case), or the name.
    pub fn parse(text: &str) -> Option<Colour> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Colour::Black),
            "w" | "white" => Some(Colour::White),
            _ => None,
        }
    }

    /// The player of this colour when `first` moves first (PGN's `White` player).
    pub fn player(self, first: Colour) -> Player {
        if self == first {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// A position of a game whose pieces are all alike and differ only by colour, on an
/// orthogonal grid: each colour's points and the side to move (Mig Mang, Nei Pat
/// Kono). Its position string, drawing and JSON are shared by those games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourPosition {
    /// By [`Colour::index`].
    pub men: [GridSet; 2],
    pub to_move: Colour,
}

/// Letters of the pieces in position strings, by [`Colour::index`].
const SYMBOLS: [char; 2] = ['b', 'w'];

impl ColourPosition {
    /// A position from the names of the black and the white points.
    ///
    /// # Errors
    /// The first name that is not a point of the grid.
    #[cfg(test)]
    pub fn from_names(
        grid: &Grid,
        black: &[&str],
        white: &[&str],
        to_move: Colour,
    ) -> Result<ColourPosition, PositionError> {
        let mut men = [grid.empty(), grid.empty()];
        for (colour, names) in [(Colour::Black, black), (Colour::White, white)] {
            for name in names {
                let p = grid.board().parse_point(name).ok_or_else(|| {
                    PositionError::impossible(format!(
                        "{name} is not a point of the {} board",
                        grid.size()
                    ))
                })?;
                men[colour.index()].insert(p);
            }
        }
        Ok(ColourPosition { men, to_move })
    }

    /// The pieces of `colour`.
    pub fn men(&self, colour: Colour) -> &GridSet {
        &self.men[colour.index()]
    }

    /// Number of pieces of `colour` on the board.
    pub fn count(&self, colour: Colour) -> usize {
        self.men(colour).len()
    }

    /// The pieces of `colour` less the opponent's: the search's evaluation of the
    /// games whose pieces are all alike.
    pub fn material(&self, colour: Colour) -> i32 {
        self.count(colour) as i32 - self.count(colour.opponent()) as i32
    }

    /// The colour of the piece on `p`, if any.
    pub fn at(&self, p: Point) -> Option<Colour> {
        Colour::BOTH.into_iter().find(|c| self.men(*c).contains(p))
    }

    /// Reads a position string in either of two forms:
    /// - `<board> <side>`: the board rank by rank from the top as [`Grid::read_rows`]
    ///   reads it, `b` a black piece, `w` a white one (what [`ColourPosition::write`]
    ///   writes);
    /// - `black:<points> white:<points> <side>`: the points of each colour, separated by
    ///   commas (`-` or nothing for none), e.g. `black:e9,k9 white:f9,g9 b`;
    ///
    /// then the side to move, `b` or `w`. Each game then checks its own counts.
    ///
    /// # Errors
    /// A sentence naming the field that is wrong.
    pub fn read(grid: &Grid, text: &str) -> Result<ColourPosition, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(&first) = fields.first() else {
            return Err(PositionError::syntax(
                "the position string is empty: expected the board and the side to move",
            ));
        };
        let is_list = |f: &str| {
            let f = f.to_ascii_lowercase();
            f.starts_with("black:") || f.starts_with("white:")
        };
        let (men, rest) = if is_list(first) {
            let lists = fields.iter().take_while(|f| is_list(f)).count();
            (Self::read_lists(grid, &fields[..lists])?, &fields[lists..])
        } else {
            let men = grid
                .read_rows(first, SYMBOLS)
                .map_err(|e| e.in_field("field 1 (the board)"))?;
            (men, &fields[1..])
        };
        let n = fields.len() - rest.len() + 1;
        let to_move = match rest.first() {
            None => {
                return Err(PositionError::syntax(format!(
                    "field {n} (the side to move) is missing: add b or w"
                )));
            }
            Some(side) => Colour::parse(side).ok_or_else(|| {
                PositionError::syntax(format!(
                    "field {n} (the side to move): expected b or w, found \"{side}\""
                ))
            })?,
        };
        if let Some(extra) = rest.get(1) {
            return Err(PositionError::syntax(format!(
                "unexpected \"{extra}\" after the side to move: a position has {n} fields"
            )));
        }
        Ok(ColourPosition { men, to_move })
    }

    /// The fields `black:<points>` and `white:<points>`, each at most once.
    fn read_lists(grid: &Grid, fields: &[&str]) -> Result<[GridSet; 2], PositionError> {
        let mut men = [grid.empty(), grid.empty()];
        let mut seen = [false; 2];
        for field in fields {
            let (name, list) = field.split_once(':').unwrap_or((field, ""));
            let colour = Colour::parse(name).unwrap_or(Colour::Black);
            let field = colour.name();
            if std::mem::replace(&mut seen[colour.index()], true) {
                return Err(PositionError::syntax(format!(
                    "field {field} is given twice"
                )));
            }
            for point in list.split(',').filter(|p| !p.is_empty() && *p != "-") {
                let p = grid.board().parse_point(point).ok_or_else(|| {
                    PositionError::impossible(format!(
                        "field {field}: \"{point}\" is not a point of the {} board",
                        grid.size()
                    ))
                })?;
                if men[0].contains(p) || men[1].contains(p) {
                    return Err(PositionError::syntax(format!(
                        "field {field}: {point} is given twice"
                    )));
                }
                men[colour.index()].insert(p);
            }
        }
        Ok(men)
    }

    /// Writes what [`ColourPosition::read`] reads.
    pub fn write(&self, grid: &Grid) -> String {
        format!(
            "{} {}",
            grid.write_rows(&self.men, SYMBOLS),
            self.to_move.letter()
        )
    }

    /// The board, rank 1 at the bottom, `b` Black, `w` White, `.` empty; then who is
    /// to move and the counts.
    pub fn draw(&self, grid: &Grid) -> String {
        format!(
            "{}\n{} to move; black {}, white {}",
            grid.draw(|p| self.at(p).map_or('.', Colour::letter)),
            self.to_move.name(),
            self.count(Colour::Black),
            self.count(Colour::White)
        )
    }

    /// The grid as a scene: Black's pieces dark, White's light, `owner` saying which
    /// player each colour is; the counts in the status line.
    pub fn diagram(&self, grid: &Grid, owner: impl Fn(Colour) -> Player) -> Diagram {
        let mut diagram = grid.scene();
        for colour in [Colour::Black, Colour::White] {
            let shade = match colour {
                Colour::Black => Shade::Dark,
                Colour::White => Shade::Light,
            };
            for p in self.men(colour).iter() {
                diagram.piece(&grid.name(p).to_string(), Some(owner(colour)), shade, "man");
            }
        }
        diagram.to_move = Some(owner(self.to_move));
        diagram.status = format!("{} to move; {}", self.to_move.name(), self.counts());
        diagram
    }

    /// `"to_move"` (`"first"`/`"second"`), then `"first"` and `"second"`: each
    /// player's points, rank by rank from `a1`; `owner` says which player each colour
    /// is.
    pub fn state(
        &self,
        grid: &Grid,
        owner: impl Fn(Colour) -> Player,
    ) -> serde_json::Map<String, serde_json::Value> {
        let names = |c: Colour| -> Vec<String> {
            self.men(c)
                .iter()
                .map(|p| grid.name(p).to_string())
                .collect()
        };
        let mut colours = [Colour::Black, Colour::White];
        colours.sort_by_key(|&c| owner(c).index());
        let mut map = serde_json::Map::new();
        map.insert("to_move".into(), serde_json::json!(owner(self.to_move)));
        for colour in colours {
            map.insert(owner(colour).as_str().into(), names(colour).into());
        }
        map
    }

    /// `black 8, white 7`.
    pub fn counts(&self) -> String {
        format!(
            "black {}, white {}",
            self.count(Colour::Black),
            self.count(Colour::White)
        )
    }
}
