"""Checked reading of an engine's state bytes: a JSON list of small ints.

Why decode carefully at all: every state reaches an engine only after the
service has authenticated it (AEAD), so it was written by a marketplay
server. Checking it again is defence in depth for a state written by an
incompatible build (another layout that forgot to bump its encoding
version): such a state must be refused with a ValueError that names the
field, not crash deep inside the rules or, worse, be played on.

Each engine keeps its own encoding and its own game-specific checks (every
card in exactly one place, ...); these are the shared pieces. Every helper
returns the value it was given, so a decoder reads field by field.
"""

from __future__ import annotations

from typing import Any

import orjson


def _plain(value: Any) -> list[Any]:
    """orjson's fallback: a named tuple (a Sale, a RoundScore) is written as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"a state holds no {type(value).__name__}")


def dumps(value: Any) -> bytes:
    """Compact JSON of ints, bools, ASCII strings, lists and tuples.

    Byte for byte what `json.dumps(value, separators=(",", ":")).encode()`
    writes for such values (the golden playthroughs' state digests and the
    golden sealed states hold every engine to it), at a fraction of the cost:
    the encoding runs on every call. The values must fit in 64 bits, as a
    state's do.
    """
    return orjson.dumps(value, default=_plain)


def loads(data: bytes) -> Any:
    """Parse JSON (orjson: it refuses what `json` refuses, and nesting past 1024)."""
    return orjson.loads(data)


def load_list(data: bytes, game_id: str, length: int) -> list[Any]:
    """Parse `data` as JSON that must be a list of exactly `length` fields."""
    try:
        body = orjson.loads(data)
    except ValueError as exc:  # orjson.JSONDecodeError is one, UTF-8 errors included
        raise ValueError(f"{game_id} state is not valid JSON") from exc
    if not isinstance(body, list) or len(body) != length:
        raise ValueError(f"{game_id} state must be a list of {length} fields")
    return body


def int_in(value: Any, what: str, low: int, high: int) -> int:
    """`value` if it is an int (not a bool) within [low, high]."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"state field {what} is malformed")
    return value


def ints(value: Any, what: str, low: int, high: int, length: int | None = None) -> list[int]:
    """`value` if it is a list of ints within [low, high], of `length` items if given."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"state field {what} has the wrong shape")
    if not all(type(x) is int and low <= x <= high for x in value):
        raise ValueError(f"state field {what} holds a value that is not an int in range")
    return value


def rows(
    value: Any, what: str, count: int, low: int, high: int, length: int | None = None
) -> list[list[int]]:
    """`value` if it is a list of `count` rows, each as `ints` accepts it."""
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"state field {what} has the wrong shape")
    return [ints(row, what, low, high, length) for row in value]
