"""Protobuf forms of the pieces every Spice Merchant message shows: a spice
and a market (used by moves, views and events).

Inside the engine a spice is 0..5 and a market 0..5; on the wire both are
enums whose zero value means "unspecified", so the wire value is index + 1.
"""

from __future__ import annotations

from typing import cast

from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from marketplay.v1 import spice_merchant_pb2 as pb

#: Wire values indexed by spice + 1, so NONE (-1, no card) is UNSPECIFIED.
_SPICE_PB = tuple(cast("pb.SpiceMerchantSpice.ValueType", v) for v in range(NUM_SPICES + 1))
_MARKET_PB = tuple(cast("pb.SpiceMerchantMarket.ValueType", v + 1) for v in range(NUM_MARKETS))


def spice_pb(spice: int) -> pb.SpiceMerchantSpice.ValueType:
    """Wire value of a spice; NONE (-1, no card) becomes UNSPECIFIED (0)."""
    return _SPICE_PB[spice + 1]


def market_pb(market: int) -> pb.SpiceMerchantMarket.ValueType:
    return _MARKET_PB[market]


def spices_pb(spices: list[int] | tuple[int, ...]) -> list[pb.SpiceMerchantSpice.ValueType]:
    return [_SPICE_PB[spice + 1] for spice in spices]
