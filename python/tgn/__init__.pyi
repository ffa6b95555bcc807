from typing import Any, Dict, List

from ._tgn import (
    SCHEMA as SCHEMA,
    AmbiguousMove as AmbiguousMove,
    Game as Game,
    IllegalMove as IllegalMove,
    Ply as Ply,
    Position as Position,
    RecordError as RecordError,
    TgnError as TgnError,
    __version__ as __version__,
    analyze as analyze,
    games as games,
    read_games as read_games,
)
from ._tgn import Source

class Table(Dict[str, List[Any]]):
    def to_pandas(self) -> Any: ...
    def to_polars(self) -> Any: ...
    def rows(self) -> List[Dict[str, Any]]: ...

def games_table(source: Source, **reading: Any) -> Table: ...
