"""tgn: game records of traditional board games, read, replayed and analysed.

The objects are tgn's data model, tgn/1 (docs/format.md): ``Game.to_dict()`` is
the object ``tgn convert --to json`` writes, and every attribute reads from it;
``Game.to_json()`` is its text.
"""

from __future__ import annotations

from typing import Any

from . import _tgn
from ._tgn import (
    SCHEMA,
    AmbiguousMove,
    Game,
    IllegalMove,
    Ply,
    Position,
    RecordError,
    TgnError,
    __version__,
    analyze,
    diff,
    games,
    read_games,
)

__all__ = [
    "SCHEMA",
    "AmbiguousMove",
    "Game",
    "IllegalMove",
    "Ply",
    "Position",
    "RecordError",
    "Table",
    "TgnError",
    "__version__",
    "analyze",
    "diff",
    "games",
    "games_table",
    "read_games",
]


class Table(dict[str, list[Any]]):
    """The per-game table of the data model: a dict of columns (lists), in the
    order of ``tgn convert --to csv``. ``to_pandas()`` and ``to_polars()`` make a
    data frame of it where those libraries are installed; neither is required."""

    def to_pandas(self) -> Any:
        return _frame_library("pandas").DataFrame(dict(self))

    def to_polars(self) -> Any:
        return _frame_library("polars").DataFrame(dict(self))

    def rows(self) -> list[dict[str, Any]]:
        """The table as one dict per game."""
        columns = list(self)
        return [dict(zip(columns, row)) for row in zip(*self.values())]


def _frame_library(name: str) -> Any:
    """pandas or polars, imported only when a table asks for it: neither is
    required by tgn."""
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise ImportError(
            f"this needs {name}, which is not installed: pip install {name}"
        ) from e


def games_table(source: Any, **reading: Any) -> Table:
    """The per-game columns of ``tgn convert --to csv`` for every game of
    ``source`` (what ``read_games`` takes), as a ``Table`` (a dict of lists):
    file, index, game, the seven standard tags, valid, plies, result, winner,
    reason, error_code, error_ply; then a column per other tag the records hold,
    sorted by name (``tags="all"``, the default; ``tags="none"`` or a list of
    names as the CLI's ``--tags``), and with ``moves=True`` the main line as
    written. Numbers are ints, ``valid`` a bool, an empty cell None."""
    return Table(_tgn.games_table_columns(source, **reading))
