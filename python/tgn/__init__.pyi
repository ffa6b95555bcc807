from typing import Any

from ._tgn import (
    SCHEMA as SCHEMA,
    AmbiguousMove as AmbiguousMove,
    Game as Game,
    IllegalMove as IllegalMove,
    Ply as Ply,
    Position as Position,
    RecordError as RecordError,
    Source,
    TgnError as TgnError,
    __version__ as __version__,
    analyze as analyze,
    diff as diff,
    games as games,
    read_games as read_games,
)

class Table(dict[str, list[Any]]):
    def to_pandas(self) -> Any: ...
    def to_polars(self) -> Any: ...
    def rows(self) -> list[dict[str, Any]]: ...

def games_table(source: Source, **reading: Any) -> Table: ...
