//! For people: what a move did, the board drawn, the JSON state.

use super::*;
use crate::games::Player;
use crate::games::common::board::Point;
use crate::games::common::capture::{self, Set};

impl Draughts {
    /// What a move does, in words: `white man d4xf6xh4 takes e5, g5; crowned king on f8 (R11)`.
    pub fn describe(&self, pieces: &Pieces, side: Side, mv: &Move) -> String {
        let kind = match pieces.at(mv.from) {
            Some((_, Kind::King)) => self.words.king,
            _ => "man",
        };
        let mut text = format!("{} {kind} {}", self.side_name(side), self.write(mv));
        if mv.is_capture() {
            let taken: Vec<String> = mv
                .captured
                .iter()
                .map(|&p| {
                    let what = match pieces.at(p) {
                        Some((_, Kind::King)) => self.words.king,
                        _ => "man",
                    };
                    format!("{what} {}", self.name(p))
                })
                .collect();
            text += &format!(" takes {} ({})", mv.captured.len(), taken.join(", "));
        }
        if mv.crowned {
            text += &format!(
                "; crowned {} on {} ({})",
                self.words.king,
                self.name(mv.to()),
                self.words.promotion
            );
        }
        text
    }

    /// The board as text, top rank first, files as the record names them: `symbols`
    /// gives the letters of (lower man, lower king, upper man, upper king); `.` is an
    /// empty point, a space no point.
    pub fn draw(&self, pieces: &Pieces, symbols: [char; 4]) -> String {
        let b = &self.board;
        let mut lines = Vec::new();
        for rank in (1..=b.ranks()).rev() {
            let mut line = format!("{rank:>2}");
            for file in 1..=b.files() {
                let file = self.coords.record_file(b, file);
                let c = match b.point(file, rank) {
                    None => ' ',
                    Some(p) => match pieces.at(p) {
                        None => '.',
                        Some((side, kind)) => {
                            symbols[side.index() * 2 + usize::from(kind == Kind::King)]
                        }
                    },
                };
                line.push(' ');
                line.push(c);
            }
            lines.push(line.trim_end().to_string());
        }
        let files: Vec<String> = (0..b.files())
            .map(|i| ((b'a' + i) as char).to_string())
            .collect();
        lines.push(format!("   {}", files.join(" ")));
        lines.join("\n")
    }

    /// The pieces of both players as JSON, first player first: `{"first": {"men":
    /// [...], "<king>s": [...]}, "second": {…}}`; `player` says whose each side is.
    pub fn state(
        &self,
        pieces: &Pieces,
        player: impl Fn(Side) -> Player,
    ) -> serde_json::Map<String, serde_json::Value> {
        let names = |set: Set| -> Vec<String> {
            let mut v: Vec<Point> = capture::points(set).collect();
            v.sort_by_key(|p| self.sort_key(*p));
            v.into_iter().map(|p| self.name(p)).collect()
        };
        let mut sides = Side::BOTH;
        sides.sort_by_key(|&side| player(side).index());
        let mut map = serde_json::Map::new();
        for side in sides {
            map.insert(
                player(side).as_str().to_string(),
                serde_json::json!({
                    "men": names(pieces.men_of(side)),
                    format!("{}s", self.words.king): names(pieces.kings_of(side)),
                }),
            );
        }
        map
    }

    /// Order in which points are listed: by number when numbered, else by rank then
    /// file as the record names them.
    pub fn sort_key(&self, p: Point) -> (u16, u8, u8) {
        let n = if self.coords.numeric {
            self.coords.number_of.get(p.index()).copied().unwrap_or(0)
        } else {
            0
        };
        let (file, rank) = self.board.coords(p);
        (n, rank, self.coords.record_file(&self.board, file))
    }
}

impl Draughts {
    /// The board as a scene: lines (alquerque) or dark squares (`chequered`), the
    /// pieces with a letter on kings, and `last` from its first point through every
    /// landing, with the pieces it took. The lower side's pieces are light.
    /// The empty board as a scene, made once ([`Draughts::diagram`] puts the pieces of
    /// each ply on a copy, which shares its lines and points).
    fn scene(&self, chequered: bool) -> crate::games::common::diagram::Diagram {
        use crate::games::common::diagram::Diagram;
        self.scenes[usize::from(chequered)]
            .get_or_init(|| {
                let b = &self.board;
                let mut diagram = Diagram::of_board_at(
                    b,
                    |p| self.name(p),
                    |file, rank| (f32::from(self.coords.record_file(b, file)), f32::from(rank)),
                );
                if self.coords.numeric {
                    diagram.number_points();
                }
                if chequered {
                    diagram.lines = std::sync::Arc::default();
                    diagram.squares = diagram.points.iter().map(|&(_, at)| at).collect();
                }
                diagram
            })
            .clone()
    }

    pub fn diagram(
        &self,
        pieces: &Pieces,
        last: Option<&Move>,
        chequered: bool,
        owner: impl Fn(Side) -> crate::games::Player,
    ) -> crate::games::common::diagram::Diagram {
        use crate::games::common::diagram::Colour;
        let b = &self.board;
        let mut diagram = self.scene(chequered);
        for p in b.points() {
            if let Some((side, kind)) = pieces.at(p) {
                let colour = match side {
                    Side::Lower => Colour::Light,
                    Side::Upper => Colour::Dark,
                };
                let kind = match kind {
                    Kind::Man => "man",
                    Kind::King => self.words.king,
                };
                diagram.piece(&self.name(p), Some(owner(side)), colour, kind);
            }
        }
        if let Some(mv) = last {
            let path: Vec<String> = std::iter::once(mv.from)
                .chain(mv.path.iter().copied())
                .map(|p| self.name(p))
                .collect();
            let taken: Vec<String> = mv.captured.iter().map(|&p| self.name(p)).collect();
            diagram.mark_move(&path, &taken);
        }
        diagram
    }
}
