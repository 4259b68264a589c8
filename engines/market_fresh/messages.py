"""Protobuf forms of the pieces every Market Fresh message shows: a crate, a
square, a variant, a scoring method."""

from __future__ import annotations

from functools import cache

from engines.core.pieces import serialize
from engines.market_fresh.data import MarketFreshData
from engines.market_fresh.state import BASIC, HEIGHT
from marketplay.v1 import market_fresh_pb2 as pb

VARIANTS = (
    pb.MARKET_FRESH_VARIANT_STANDARD,
    pb.MARKET_FRESH_VARIANT_CRATE_HEIGHTS,
    pb.MARKET_FRESH_VARIANT_SOLO,
)
SCORING = {BASIC: pb.MARKET_FRESH_SCORING_BASIC, HEIGHT: pb.MARKET_FRESH_SCORING_HEIGHT}
SCORING_METHOD = {wire: method for method, wire in SCORING.items()}


def crate(data: MarketFreshData, crate_id: int) -> pb.MarketFreshCrate:
    """A fresh crate message (callers may change it)."""
    a, b = data.crates[crate_id]
    return pb.MarketFreshCrate(id=crate_id, first=data.produce[a].id, second=data.produce[b].id)


@cache
def crate_bytes(data: MarketFreshData, crate_id: int) -> bytes:
    """A crate message's bytes, for merging into a repeated field (66 crates a set)."""
    return serialize(crate(data, crate_id))


def square(grid: int, index: int) -> pb.MarketFreshSquareRef:
    return pb.MarketFreshSquareRef(row=index // grid, col=index % grid)
