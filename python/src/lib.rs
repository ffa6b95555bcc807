//! tgn for Python: the records of traditional board games read, replayed, converted and
//! analysed by the tgn library, as objects shaped like python-chess's.
//!
//! The objects are the data model tgn/1 (docs/format.md): `Game.to_dict()` is the
//! object `tgn convert --to json` writes, its attributes read from the same model, and
//! every error the CLI reports is a Python exception with the CLI's code and rule. No
//! parsing and no rule lives here: everything is the library's, reached through its
//! reader, its replay and its registry.

mod game;
mod position;
mod reading;
mod threads;
mod value;

use pyo3::prelude::*;

pyo3::create_exception!(
    tgn,
    TgnError,
    pyo3::exceptions::PyException,
    "Every error tgn raises; `code` and `rule` say what the CLI would say."
);
pyo3::create_exception!(
    tgn,
    IllegalMove,
    TgnError,
    "A move the position does not allow (code: illegal, notation, wrong-mark, after-end or limit)."
);
pyo3::create_exception!(
    tgn,
    AmbiguousMove,
    TgnError,
    "A short form that matches several legal moves (code: ambiguous; candidates lists them)."
);
pyo3::create_exception!(
    tgn,
    RecordError,
    TgnError,
    "A record, position string, game name or option tgn cannot read (code: syntax, setup, unknown-game)."
);

/// An exception of type `E` with the CLI's `code` and `rule` as attributes (and
/// `candidates` for an ambiguous move).
pub(crate) fn error<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: impl Into<String>,
    code: &str,
    rule: Option<&str>,
    candidates: Option<Vec<String>>,
) -> PyErr {
    let err = PyErr::new::<E, _>(message.into());
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance does not fail in practice;
    // should it, the exception is still raised, without the attribute.
    let _ = value.setattr("code", code);
    let _ = value.setattr("rule", rule);
    if let Some(candidates) = candidates {
        let _ = value.setattr("candidates", candidates);
    }
    err
}

#[pymodule]
fn _tgn(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TgnError", py.get_type::<TgnError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("SCHEMA", tgn::output::json::SCHEMA)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Ply>()?;
    m.add_class::<position::Position>()?;
    m.add_class::<reading::GameIter>()?;
    m.add_function(wrap_pyfunction!(reading::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(reading::games_table_columns, m)?)?;
    m.add_function(wrap_pyfunction!(game::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(game::diff, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(position::games, m)?)?;
    Ok(())
}
