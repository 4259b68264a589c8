"""Market Fresh's rules versions, newest first (docs/rules/versions.md).

A version is a frozen set of flags that one engine reads, plus the component
set (data files) it plays with. A released version never changes: a new
reading of the rulebook, or a publisher's component list, is a new version,
and games started under an older one finish under it. The digest in each
version's name is checked against its files at import.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.market_fresh.data import COMPONENTS, MarketFreshData


@dataclass(frozen=True)
class Rules:
    """Where one rules version of Market Fresh differs from another."""

    version: str
    #: The component set: produce types, crates, picture squares.
    data: MarketFreshData
    #: Standard game: "you may place or move one of your Farmer Tiles", so the
    #: score step also offers scoring without placing or moving the tile.
    #: Version 1 always placed or moved it.
    farmer_tile_optional: bool


V1 = Rules(*COMPONENTS.released("1+data.e336757b6063", "1"), farmer_tile_optional=False)
V2 = Rules(*COMPONENTS.released("market-fresh/2+data.e336757b6063", "1"), farmer_tile_optional=True)
#: Every version this build plays, newest first (retiring one: docs/rules/versions.md).
RULES: tuple[Rules, ...] = (V2, V1)
