"""The text ``Game.to_json()`` gives: a ``str``, which also answers, for one release
and with a ``DeprecationWarning``, what code written for the old ``to_json()`` (a
dict) asks of it. ``Game.to_dict()`` is the dict."""

from __future__ import annotations

import json
import warnings
from typing import Any

_MOVED = (
    "Game.to_json() now returns the JSON text (a str); use Game.to_dict() for the "
    "dict. Reading it as a dict works until the next release."
)


class JsonText(str):
    """JSON text that reads as the dict it encodes, with a warning: ``data["moves"]``,
    ``data.get(…)``, ``data.keys()``, ``data == some_dict``."""

    __slots__ = ()
    __hash__ = str.__hash__

    def _dict(self) -> dict[str, Any]:
        warnings.warn(_MOVED, DeprecationWarning, stacklevel=3)
        return json.loads(self)

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            return self._dict()[key]
        return str.__getitem__(self, key)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict):
            return self._dict() == other
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def get(self, key: str, default: Any = None) -> Any:
        return self._dict().get(key, default)

    def keys(self) -> Any:
        return self._dict().keys()

    def values(self) -> Any:
        return self._dict().values()

    def items(self) -> Any:
        return self._dict().items()
