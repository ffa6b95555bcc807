//! A board diagram as a scene: what is where, not how it is drawn. Each game says where
//! its lines, points, pits and pieces stand and what the last move did
//! ([`Rules::diagram`](crate::games::Rules::diagram)); one writer
//! ([`crate::output::svg`]) turns any scene into SVG, so every game's picture shares
//! its style, its element names and its `data-` attributes.
//!
//! Places are lattice coordinates as the notation counts them: `x` is the file (1 for
//! `a`), `y` the rank (1 at the bottom, the first player's side). A pit board uses the
//! same units: a pit at `(3.0, 1.0)` is the third pit of the bottom row.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::{Arc, OnceLock};

use super::board::{Board, Dir, Point};
use crate::games::{GameResult, Outcome, Player};

/// A place on the lattice: `(file, rank)`, both from 1.
pub type At = (f32, f32);

/// The colour a piece is drawn in: the light and dark stones of most games, and a
/// third colour for a piece that is neither side's (Pasang's KA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Light,
    Dark,
    Red,
}

impl Colour {
    /// The name written in `data-colour` and the CSS class.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Light => "light",
            Colour::Dark => "dark",
            Colour::Red => "red",
        }
    }
}

/// A piece on a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The point's name as the notation writes it (`d4`, `17`).
    pub point: String,
    pub at: At,
    /// Whose piece it is, if anyone's.
    pub owner: Option<Player>,
    pub colour: Colour,
    /// What kind of piece, in the game's words: `man`, `king`, `tiger`, `ka`.
    pub kind: &'static str,
    /// A letter drawn on the piece to tell kinds apart (`K` on a king); none on men.
    pub letter: Option<char>,
}

/// A pit of a mancala board, or a store beside the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Pit {
    /// The pit's name in the notation (`S3`, `N9`), or `S store`.
    pub name: String,
    /// The centre of the pit.
    pub at: At,
    /// Width and height in lattice units (a store spans both rows).
    pub size: (f32, f32),
    pub owner: Player,
    pub count: u32,
    /// `pit`, `store`, or a marked pit's kind (`tuzdyk`).
    pub kind: &'static str,
}

/// What a highlight shows of the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// Where the piece started.
    From,
    /// Where it ended.
    To,
    /// A point it passed on its way (the landings of a capture chain).
    Path,
    /// A piece taken.
    Taken,
    /// The pit sown from.
    Sown,
    /// A piece placed from the hand.
    Placed,
}

impl MarkKind {
    /// The name written in the CSS class and `data-mark`.
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::From => "from",
            MarkKind::To => "to",
            MarkKind::Path => "path",
            MarkKind::Taken => "taken",
            MarkKind::Sown => "sown",
            MarkKind::Placed => "placed",
        }
    }
}

/// A highlight of the last move on one point or pit.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    /// The point's or pit's name.
    pub point: String,
    pub at: At,
}

/// A pit of a row as [`Diagram::two_rows`] takes it.
pub struct RowPit {
    pub name: String,
    pub count: u32,
    /// `pit`, or what marks it (`tuzdyk`).
    pub kind: &'static str,
}

/// A text on the edge of the board: a coordinate or a row's name.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub at: At,
    /// A point's own name beside it, in smaller type than the edges' coordinates.
    pub small: bool,
}

/// One position of one game, as a picture would show it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagram {
    /// How far the lattice reaches: the largest file and rank (pits and labels stay
    /// within half a unit of it, labels just outside).
    pub extent: (f32, f32),
    /// The lines of the board (shared: a scene per ply does not copy its board).
    pub lines: Arc<[(At, At)]>,
    /// The playable points, by name.
    pub points: Points,
    /// The dark squares of a chequered board (each centred on a point).
    pub squares: Vec<At>,
    /// Areas drawn as filled triangles or other polygons (Pasang's centre).
    pub areas: Vec<Vec<At>>,
    pub pits: Vec<Pit>,
    pub pieces: Vec<Piece>,
    pub labels: Vec<Label>,
    pub marks: Vec<Mark>,
    /// Who is to move, and a line of state in words (`South to move; in hand W 3, B 4`).
    /// Once the game is over ([`Diagram::game_over`]) no one is, and the line gives
    /// the result and why (`1-0: S has 82 stones (R10)`).
    pub to_move: Option<Player>,
    pub status: String,
    /// The result, when the position has ended the game.
    pub result: Option<GameResult>,
}

/// Most points [`Points::locate`] scans for a name rather than index.
const SCANNED: usize = 64;

/// The points of a board by name, shared by every scene of the board: a 26×99 Mig
/// Mang board has 2,574, and a scene per ply that named and indexed them anew made
/// ten million strings for `tgn view` of a 4,000-ply game (82 s in the fuzz build).
/// A board that keeps its scene ([`super::grid::Grid::scene`]) names them once.
#[derive(Clone, Default)]
pub struct Points(Arc<PointList>);

#[derive(Default)]
struct PointList {
    places: Vec<(String, At)>,
    /// A name's hash → the first point with that hash, built when first asked: a
    /// piece put on a large board found its point among thousands in a scan.
    index: OnceLock<HashMap<u64, usize>>,
    hasher: std::hash::RandomState,
}

impl Points {
    /// Where the point named `point` stands, if there is one.
    pub fn locate(&self, point: &str) -> Option<At> {
        let list = &*self.0;
        let scan = || {
            list.places
                .iter()
                .find(|(name, _)| name == point)
                .map(|&(_, at)| at)
        };
        // A scan of a few dozen names is quicker than building the index.
        if list.places.len() <= SCANNED {
            return scan();
        }
        let index = list.index.get_or_init(|| {
            let mut first = HashMap::with_capacity(list.places.len());
            for (i, (name, _)) in list.places.iter().enumerate() {
                first
                    .entry(list.hasher.hash_one(name.as_str()))
                    .or_insert(i);
            }
            first
        });
        match index.get(&list.hasher.hash_one(point)) {
            None => None,
            Some(&i) if list.places[i].0 == point => Some(list.places[i].1),
            // Two names of one hash: the scan settles it.
            Some(_) => scan(),
        }
    }
}

impl std::ops::Deref for Points {
    type Target = [(String, At)];
    fn deref(&self) -> &[(String, At)] {
        &self.0.places
    }
}

impl<'a> IntoIterator for &'a Points {
    type Item = &'a (String, At);
    type IntoIter = std::slice::Iter<'a, (String, At)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.places.iter()
    }
}

impl FromIterator<(String, At)> for Points {
    fn from_iter<I: IntoIterator<Item = (String, At)>>(places: I) -> Points {
        Points(Arc::new(PointList {
            places: places.into_iter().collect(),
            ..PointList::default()
        }))
    }
}

impl PartialEq for Points {
    fn eq(&self, other: &Points) -> bool {
        self.0.places == other.0.places
    }
}

impl std::fmt::Debug for Points {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Diagram {
    /// The status line of a game whose text drawing ends with one (who is to move,
    /// what is in hand or captured): that drawing's last line.
    pub fn status_from(&mut self, drawing: &str) {
        self.status = drawing.lines().last().unwrap_or_default().to_string();
    }

    /// The scene of a position that has ended the game: no one is to move, and the
    /// status line gives the result and the reason where it said who was to move.
    pub fn game_over(&mut self, outcome: &Outcome) {
        self.to_move = None;
        self.result = Some(outcome.result);
        self.status = finished(&self.status, outcome);
    }

    /// The lines, points and edge coordinates of a point-graph board (alquerque, mill,
    /// grid and hunt boards), every point named by `name`.
    pub fn of_board(board: &Board, name: impl Fn(Point) -> String) -> Diagram {
        Diagram::of_board_at(board, name, |file, rank| (f32::from(file), f32::from(rank)))
    }

    /// [`Diagram::of_board`] for a board seen another way: `place` puts the lattice's
    /// `(file, rank)` where the picture shows it (a mirrored record's files reversed).
    pub fn of_board_at(
        board: &Board,
        name: impl Fn(Point) -> String,
        place: impl Fn(u8, u8) -> At,
    ) -> Diagram {
        let at = |p: Point| {
            let (file, rank) = board.coords(p);
            place(file, rank)
        };
        let mut diagram = Diagram::lattice(board.files(), board.ranks());
        diagram.lines = board
            .points()
            .flat_map(|p| {
                [Dir::E, Dir::N, Dir::NE, Dir::NW]
                    .into_iter()
                    .filter_map(move |dir| board.step(p, dir))
                    .map(move |q| (at(p), at(q)))
            })
            .collect();
        diagram.points = board.points().map(|p| (name(p), at(p))).collect();
        diagram
    }

    /// An empty scene of `files × ranks`, with file letters under the board and rank
    /// numbers on its left.
    pub fn lattice(files: u8, ranks: u8) -> Diagram {
        let mut diagram = Diagram {
            extent: (f32::from(files), f32::from(ranks)),
            ..Diagram::default()
        };
        for file in 1..=files {
            diagram.label(
                ((b'a' + file - 1) as char).to_string(),
                (f32::from(file), 0.3),
            );
        }
        for rank in 1..=ranks {
            diagram.label(rank.to_string(), (0.3, f32::from(rank)));
        }
        diagram
    }

    /// A mancala board of two rows as the first player (South) sees it: the second
    /// player's row on top, left to right as given, the first player's below, and
    /// between them the two stores (the second player's on the left), `(name, count)`
    /// by [`Player::index`]. Each pit's name is written beside its row.
    pub fn two_rows(north: Vec<RowPit>, south: Vec<RowPit>, stores: [(String, u32); 2]) -> Diagram {
        let width = north.len().max(south.len()) as f32;
        let mut diagram = Diagram {
            extent: (width, 3.0),
            ..Diagram::default()
        };
        for (row, y, owner, label_y) in [
            (north, 3.0, Player::Second, 3.7),
            (south, 1.0, Player::First, 0.3),
        ] {
            for (i, pit) in row.into_iter().enumerate() {
                let x = i as f32 + 1.0;
                diagram.label(pit.name.clone(), (x, label_y));
                diagram.pits.push(Pit {
                    name: pit.name,
                    at: (x, y),
                    size: (1.0, 1.0),
                    owner,
                    count: pit.count,
                    kind: pit.kind,
                });
            }
        }
        let half = width / 2.0;
        for (owner, x) in [
            (Player::First, half + half / 2.0 + 0.5),
            (Player::Second, half / 2.0 + 0.5),
        ] {
            let (name, count) = stores[owner.index()].clone();
            diagram.pits.push(Pit {
                name,
                at: (x, 2.0),
                size: (half - 0.2, 1.0),
                owner,
                count,
                kind: "store",
            });
        }
        diagram
    }

    /// Writes each point's name beside it, up and to the left: for a notation that
    /// numbers its points (PDN squares, a mill's 1–24), whose edges name nothing.
    pub fn number_points(&mut self) {
        let names = self.points.to_vec();
        self.name_beside(names);
    }

    /// Writes each name small beside its place, up and to the left.
    pub fn name_beside(&mut self, names: impl IntoIterator<Item = (String, At)>) {
        for (text, (x, y)) in names {
            self.labels.push(Label {
                text,
                at: (x - 0.36, y + 0.34),
                small: true,
            });
        }
    }

    /// Adds a text at `at`.
    pub fn label(&mut self, text: impl Into<String>, at: At) {
        self.labels.push(Label {
            text: text.into(),
            at,
            small: false,
        });
    }

    /// Where the point or pit named `point` stands, if the scene has it.
    pub fn place(&self, point: &str) -> Option<At> {
        self.points
            .locate(point)
            .or_else(|| self.pits.iter().find(|p| p.name == point).map(|p| p.at))
    }

    /// Puts a piece on the point named `point` (a name the scene does not have is
    /// left out: the scene shows what the board has).
    pub fn piece(
        &mut self,
        point: &str,
        owner: Option<Player>,
        colour: Colour,
        kind: &'static str,
    ) {
        let letter = match kind {
            "man" | "stone" => None,
            _ => kind.chars().next().map(|c| c.to_ascii_uppercase()),
        };
        if let Some(at) = self.place(point) {
            self.pieces.push(Piece {
                point: point.to_string(),
                at,
                owner,
                colour,
                kind,
                letter,
            });
        }
    }

    /// Highlights the point or pit named `point` as `kind` of the last move.
    pub fn mark(&mut self, kind: MarkKind, point: &str) {
        if let Some(at) = self.place(point) {
            self.marks.push(Mark {
                kind,
                point: point.to_string(),
                at,
            });
        }
    }

    /// Highlights a move along `path` (from, the landings between, to), taking `taken`.
    pub fn mark_move(&mut self, path: &[String], taken: &[String]) {
        let last = path.len().saturating_sub(1);
        for (i, point) in path.iter().enumerate() {
            let kind = match i {
                0 if last == 0 => MarkKind::Placed,
                0 => MarkKind::From,
                i if i == last => MarkKind::To,
                _ => MarkKind::Path,
            };
            self.mark(kind, point);
        }
        for point in taken {
            self.mark(MarkKind::Taken, point);
        }
    }

    /// The colour of a player's pieces when the first player's are light.
    pub fn colour_of(player: Player) -> Colour {
        match player {
            Player::First => Colour::Light,
            Player::Second => Colour::Dark,
        }
    }
}

/// A status line (`N to move; 5 is N's tuzdyk`) of a position that has ended the game:
/// the result and the reason in place of who is to move (`1-0: S has 82 stones (R10);
/// 5 is N's tuzdyk`). Every game's line starts with the side to move, `X to move`,
/// sometimes followed by the phase in brackets (`First to move (placing)`), which a
/// finished game has no more; a line that does not is kept after the result.
pub fn finished(status: &str, outcome: &Outcome) -> String {
    let result = format!("{}: {}", outcome.result, outcome.reason);
    let Some(at) = status.find(" to move") else {
        return match status {
            "" => result,
            _ => format!("{result}; {status}"),
        };
    };
    let mut rest = &status[at + " to move".len()..];
    if let Some(bracketed) = rest.strip_prefix(" (")
        && let Some(close) = bracketed.find(')')
    {
        rest = &bracketed[close + 1..];
    }
    format!("{result}{rest}")
}

/// A position drawn as text (its last line the status line) once the game is over:
/// the last line [`finished`].
pub fn finished_drawing(drawing: &str, outcome: &Outcome) -> String {
    match drawing.rsplit_once('\n') {
        Some((board, status)) => format!("{board}\n{}", finished(status, outcome)),
        None => finished(drawing, outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::common::hunt::board::Layout;

    #[test]
    fn a_board_gives_one_line_per_link_and_its_points_by_name() {
        let board = Board::orthogonal(3, 3);
        let diagram = Diagram::of_board(&board, |p| board.name(p).to_string());
        assert_eq!(diagram.points.len(), 9);
        assert_eq!(diagram.lines.len(), 12);
        assert_eq!(diagram.place("c3"), Some((3.0, 3.0)));
        assert_eq!(diagram.labels.len(), 6);
    }

    #[test]
    fn the_37_point_board_draws_its_triangles() {
        let board = Layout::TRIANGLES.board();
        let diagram = Diagram::of_board(&board, |p| board.name(p).to_string());
        assert_eq!(diagram.points.len(), 37);
        // The base of the top triangle, a9–c9–e9.
        assert!(diagram.lines.contains(&((1.0, 9.0), (3.0, 9.0))));
    }

    /// Issue 37: a finished game says so, with its result and why, not who is to move.
    #[test]
    fn a_finished_game_gives_its_result_in_place_of_the_side_to_move() {
        let won = Outcome::new(
            GameResult::FirstWins,
            crate::games::Ending::StoreMajority,
            "R10",
            "S has 82 stones (R10)",
        );
        assert_eq!(
            finished("N to move; 5 is N's tuzdyk", &won),
            "1-0: S has 82 stones (R10); 5 is N's tuzdyk"
        );
        assert_eq!(
            finished("First to move (placing); score 3:4", &won),
            "1-0: S has 82 stones (R10); score 3:4"
        );
        assert_eq!(
            finished("score 3:4", &won),
            "1-0: S has 82 stones (R10); score 3:4"
        );
        assert_eq!(
            finished_drawing("board\nW to move", &won),
            "board\n1-0: S has 82 stones (R10)"
        );
        let mut diagram = Diagram {
            to_move: Some(Player::Second),
            status: "N to move".into(),
            ..Diagram::default()
        };
        diagram.game_over(&won);
        assert_eq!(diagram.to_move, None);
        assert_eq!(diagram.result, Some(GameResult::FirstWins));
        assert_eq!(diagram.status, "1-0: S has 82 stones (R10)");
    }

    #[test]
    fn a_move_marks_from_path_to_and_taken() {
        let board = Board::orthogonal(5, 1);
        let mut diagram = Diagram::of_board(&board, |p| board.name(p).to_string());
        let path = ["a1", "c1", "e1"].map(String::from);
        diagram.mark_move(&path, &["b1".to_string()]);
        let kinds: Vec<_> = diagram.marks.iter().map(|m| m.kind).collect();
        use MarkKind::*;
        assert_eq!(kinds, [From, Path, To, Taken]);
    }
}
