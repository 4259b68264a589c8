"""Where each game keeps what a seat cannot see, for tests of `resample_hidden`:
read from the game's own declaration (its `hidden.py`'s `HIDDEN`, named in
`MODULES`; engines/core/hidden.py). A game that declares none hides nothing.
"""

from __future__ import annotations

from typing import Any

from engines.core.engine import Engine
from engines.core.hidden import NothingTold, Places, Told


def hidden_places(engine: Engine[Any, Any], state: Any, observer: int) -> Places:
    return engine.hidden.places(state, observer) if engine.hidden else {}


def pinned(engine: Engine[Any, Any], state: Any, observer: int) -> frozenset[int]:
    return engine.hidden.pinned(state, observer) if engine.hidden else frozenset()


def told(engine: Engine[Any, Any]) -> Told[Any, Any]:
    """A fresh record of what one observer was told."""
    return engine.hidden.told() if engine.hidden else NothingTold()


def can_vary(places: Places) -> bool:
    """Whether some redeal could differ: two kinds of item and two places to hold them."""
    items = set().union(*places.values())
    return len(items) >= 2 and sum(1 for p in places.values() if p) >= 2
