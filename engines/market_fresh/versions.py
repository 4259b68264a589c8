"""Market Fresh's rules versions, newest first (docs/rules/versions.md).

Each is a frozen `Rules`: the flags one engine reads plus the component set
it plays with, checked against its digest at import (engines/core/versions.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.versions import DataRules
from engines.market_fresh.data import COMPONENTS, MarketFreshData


@dataclass(frozen=True)
class Rules(DataRules[MarketFreshData]):
    """Market Fresh's flags; `data` holds the produce types, crates and picture squares."""

    #: Standard game: "you may place or move one of your Farmer Tiles", so the
    #: score step also offers scoring without placing or moving the tile.
    #: Version 1 always placed or moved it.
    farmer_tile_optional: bool


#: Every version this build plays, newest first (retiring one: docs/rules/versions.md).
RULES: tuple[Rules, ...] = (
    Rules(*COMPONENTS.released("market-fresh/2+data.e336757b6063", "1"), farmer_tile_optional=True),
    Rules(*COMPONENTS.released("1+data.e336757b6063", "1"), farmer_tile_optional=False),
)
V2, V1 = RULES
