"""The three moves of Spice Merchant, and their protobuf form.

Inside the engine a spice is 0..5 and a market 0..5; on the wire both are
enums whose zero value means "unspecified", so the wire value is index + 1.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines.core.actions import ActionCodec
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.messages import market_pb, spice_pb, spices_pb
from marketplay.v1 import spice_merchant_pb2 as pb


@dataclass(frozen=True)
class RegisterSecret:
    """Register secret-trade goods face down (spices ascending)."""

    spices: tuple[int, ...]

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        spices: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "spices", spices)
    # (end of the generated methods)


@dataclass(frozen=True)
class OpenTrade:
    """Register one open-trade good face up."""

    spice: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        spice: int,
    ) -> None:
        object.__setattr__(self, "spice", spice)
    # (end of the generated methods)


@dataclass(frozen=True)
class FakeDemand:
    """Put `count` cards of `spice` on `market`."""

    market: int
    spice: int
    count: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        market: int,
        spice: int,
        count: int,
    ) -> None:
        object.__setattr__(self, "market", market)
        object.__setattr__(self, "spice", spice)
        object.__setattr__(self, "count", count)
    # (end of the generated methods)


Move = RegisterSecret | OpenTrade | FakeDemand

def known_part(state: Any, seat: int, move: Move, observer: int | None) -> Hashable:
    """What the other seats may learn of a seat's move: all of it, but for the
    spices of a secret registration, which only the registering seat knows.

    "Each round always begins by registering "secret-trade goods" (putting
    down the spice cards which you want to sell with the back side up)": the
    others see that cards were put down, and how many, not which
    (docs/rules/spice-merchant.md, "Secret moves").
    """
    if isinstance(move, RegisterSecret):
        return RegisterSecret, len(move.spices)
    return move


#: The largest legal action is a two-card registration (6 bytes); anything
#: beyond this bound is refused unread (GameSpec.max_action_bytes).
MAX_ACTION_BYTES = 32


@lru_cache(maxsize=256)
def fake_demands(market: int, spice: int, most: int) -> tuple[FakeDemand, ...]:
    """Every fake demand of 1 to `most` cards of `spice` on `market`."""
    return tuple(FakeDemand(market, spice, count) for count in range(1, most + 1))


def build_action(move: Move) -> pb.SpiceMerchantAction:
    if isinstance(move, RegisterSecret):
        return pb.SpiceMerchantAction(
            register_secret=pb.SpiceMerchantRegisterSecret(spices=spices_pb(move.spices))
        )
    if isinstance(move, OpenTrade):
        return pb.SpiceMerchantAction(open_trade=pb.SpiceMerchantOpenTrade(spice=spice_pb(move.spice)))
    return pb.SpiceMerchantAction(
        fake_demand=pb.SpiceMerchantFakeDemand(
            market=market_pb(move.market), spice=spice_pb(move.spice), count=move.count
        )
    )


def _spice(value: int) -> int | None:
    return value - 1 if 1 <= value <= NUM_SPICES else None


def read_move(action: pb.SpiceMerchantAction) -> Move | None:
    """The move an action message names, or None if it names none well-formed.

    Registered goods are a set: a pair named in either order is the one
    move the legal actions list in ascending order (every rules version:
    this only accepts what was refused before, and the accepted move is the
    canonical one, so no state, view or event changes).
    """
    kind = action.WhichOneof("move")
    if kind == "register_secret":
        wire = action.register_secret.spices
        if not all(1 <= value <= NUM_SPICES for value in wire):
            return None
        return RegisterSecret(tuple(sorted(value - 1 for value in wire)))
    if kind == "open_trade":
        spice = _spice(action.open_trade.spice)
        return None if spice is None else OpenTrade(spice)
    if kind == "fake_demand":
        fake = action.fake_demand
        spice = _spice(fake.spice)
        if spice is None or not 1 <= fake.market <= NUM_MARKETS:
            return None
        return FakeDemand(fake.market - 1, spice, fake.count)
    return None


CODEC: ActionCodec[Move, pb.SpiceMerchantAction] = ActionCodec(
    pb.SpiceMerchantAction, build_action, read_move, MAX_ACTION_BYTES, cache_size=1024
)
action_message = CODEC.action
action_messages = CODEC.actions
move_of = CODEC.move_of
#: The cache of read actions (tests/service/rpcs/test_hostile_input.py watches its size).
_move_of_bytes = CODEC.read_bytes
