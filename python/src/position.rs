//! A position of any game, as python-chess's `Board`: its legal moves, a move played
//! (a new position), its outcome, who is to move, its position string and its picture.
//!
//! One Python class serves every game: it wraps the library's erased position,
//! [`AnyPosition`], whose moves are read by the same step as `tgn check`'s.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use tgn::registry;
use tgn::replay::ErrorCode;
use tgn::replay::any::AnyPosition;

use crate::game::Game;
use crate::reading::option_pairs;
use crate::value::{serialized, to_python};
use crate::{AmbiguousMove, IllegalMove, RecordError, error};

/// A position of a game: `Position("toguz-kumalak")` is its start,
/// `Position("toguz-kumalak", "S:9,9,…")` the position that string gives (the one
/// `[FEN]` takes); `options` as the CLI's `--option`. A `Game` in place of the name
/// configures the game as its record does.
#[pyclass(module = "tgn", frozen)]
pub struct Position {
    board: AnyPosition,
    /// What configured it, for pickling: a record's tags, and the options given.
    tags: Arc<Vec<(String, String)>>,
    options: Arc<Vec<(String, String)>>,
}

impl Position {
    pub fn of_game(
        py: Python<'_>,
        game: &str,
        text: Option<&str>,
        tags: Vec<(String, String)>,
        options: &[(String, String)],
    ) -> PyResult<Position> {
        let Some(found) = registry::find(game) else {
            let hint = registry::suggest(game)
                .map(|id| format!("; did you mean \"{id}\"?"))
                .unwrap_or_default();
            return Err(error::<RecordError>(
                py,
                format!("unknown game \"{game}\"{hint} (tgn.games() lists them)"),
                "unknown-game",
                None,
                None,
            ));
        };
        let board = AnyPosition::new(found, &tags, options, text)
            .map_err(|e| error::<RecordError>(py, e.message, "setup", None, None))?;
        Ok(Position {
            board,
            tags: Arc::new(tags),
            options: Arc::new(options.to_vec()),
        })
    }

    fn with(&self, board: AnyPosition) -> Position {
        Position {
            board,
            tags: self.tags.clone(),
            options: self.options.clone(),
        }
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (game, position=None, options=None, tags=None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        position: Option<&str>,
        options: Option<&Bound<'_, PyAny>>,
        tags: Option<Vec<(String, String)>>,
    ) -> PyResult<Position> {
        let mut options = option_pairs(options)?;
        if let Ok(game) = game.cast::<Game>() {
            let game = game.get();
            let Some(id) = game.game_id() else {
                return Err(error::<RecordError>(
                    py,
                    "the game's record names no game tgn knows",
                    "unknown-game",
                    None,
                    None,
                ));
            };
            let mut given = game.settings().options.clone();
            given.append(&mut options);
            let fen = game.tags_fen();
            return Position::of_game(
                py,
                id,
                position.or(fen.as_deref()),
                game.tag_pairs(),
                &given,
            );
        }
        let name: String = game.extract()?;
        Position::of_game(py, &name, position, tags.unwrap_or_default(), &options)
    }

    /// The game's id.
    #[getter]
    fn game(&self) -> &'static str {
        self.board.info().id
    }

    /// What the game calls its sides.
    #[getter]
    fn sides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.board.sides())
    }

    /// Every legal move (or next token of a turn written as several), in canonical
    /// notation; empty once the game is over.
    fn legal_moves(&self, py: Python<'_>) -> Vec<String> {
        py.detach(|| self.board.legal_moves())
    }

    /// The position after `move` (written as a record writes it): a new Position.
    /// Raises IllegalMove or AmbiguousMove with the CLI's code and rule.
    pub fn play(&self, py: Python<'_>, r#move: &str) -> PyResult<Position> {
        match py.detach(|| self.board.play(r#move)) {
            Ok(board) => Ok(self.with(board)),
            Err(refused) => {
                let code = refused.code.as_str();
                let rule = refused.rule.map(|r| r.as_str());
                Err(if refused.code == ErrorCode::Ambiguous {
                    error::<AmbiguousMove>(
                        py,
                        refused.message,
                        code,
                        rule,
                        Some(refused.candidates),
                    )
                } else {
                    error::<IllegalMove>(py, refused.message, code, rule, None)
                })
            }
        }
    }

    /// How the game has ended here: `{result, winner, reason, rule, text}`, or None.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.board.outcome())
    }

    /// Who is to move, `"first"` or `"second"`, None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        self.board.to_move().map(|p| p.as_str())
    }

    /// The game's structured state (what `convert --states` gives).
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.board.state())
    }

    /// The position drawn as text.
    fn draw(&self) -> String {
        self.board.drawing()
    }

    /// The position as SVG, on the game's own board (`tgn diagram`'s picture).
    fn svg(&self) -> String {
        tgn::output::svg::write(self.board.info().id, &self.board.diagram())
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        self.board.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?})",
            self.board.info().id,
            self.board.text()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|o| {
            let o = o.get();
            o.board.info().id == self.board.info().id && o.board.text() == self.board.text()
        })
    }

    fn __hash__(&self) -> u64 {
        tgn::games::hash_key(&(self.board.info().id, self.board.text()))
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let class = py.get_type::<Position>().into_any();
        let args = (
            self.board.info().id,
            self.board.text(),
            (*self.options).clone(),
            (*self.tags).clone(),
        )
            .into_pyobject(py)?;
        Ok((class, args))
    }
}

/// Every game tgn knows: `{id: {"name", "sides", "moves", "position"}}`.
#[pyfunction]
pub fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    let games: serde_json::Map<String, serde_json::Value> = registry::all_games()
        .map(|found| {
            let info = found.info;
            (
                info.id.to_string(),
                serde_json::json!({
                    "name": info.name,
                    "sides": info.sides,
                    "moves": info.moves,
                    "position": info.position,
                    "options": found.options_of().iter().map(|o| o.name).collect::<Vec<_>>(),
                }),
            )
        })
        .collect();
    to_python(py, &serde_json::Value::Object(games))
}
