"""Central Market's moves, and their protobuf form (CentralMarketAction).

Inside the engine a move is a frozen dataclass named as the rulebook names
it, holding a product (0..4), a price or a card code; a move without an
argument is one value (`PASS`, `STAY`, ...). On the wire a product is its
enum value (index + 1) and a card is (product, kg).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines.central_market.data import NUM_CODES, NUM_PRODUCTS, SIZES_KG, code
from engines.central_market.messages import card_pb, product_pb
from engines.central_market.state import UNDECIDED
from engines.core.actions import ActionCodec
from marketplay.v1 import central_market_pb2 as pb


@dataclass(frozen=True)
class Offer:
    """The offerer names a product from his hand."""

    product: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        product: int,
    ) -> None:
        object.__setattr__(self, "product", product)
    # (end of the generated methods)


@dataclass(frozen=True)
class Bid:
    """A bid (the offerer's starting bid, or a lower one) at `price`."""

    price: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        price: int,
    ) -> None:
        object.__setattr__(self, "price", price)
    # (end of the generated methods)


@dataclass(frozen=True)
class Pass:
    """Pass in the first lap, or let a reaction window close."""


@dataclass(frozen=True)
class Stay:
    """Stay on the current bid in the lowering laps."""


@dataclass(frozen=True)
class SellCard:
    """Play one card (a card code) into the sale."""

    card: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        card: int,
    ) -> None:
        object.__setattr__(self, "card", card)
    # (end of the generated methods)


@dataclass(frozen=True)
class FinishSale:
    """End the sale with the cards played so far."""


@dataclass(frozen=True)
class PlayRot:
    """Play Rot on the seller."""


@dataclass(frozen=True)
class PlayTourists:
    """Play Tourists: sell the closing product too."""


@dataclass(frozen=True)
class SetAside:
    """Keep one card (a card code) for the final round."""

    card: int

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        card: int,
    ) -> None:
        object.__setattr__(self, "card", card)
    # (end of the generated methods)


@dataclass(frozen=True)
class KeepAll:
    """Set nothing aside: keep the whole hand."""


Move = Offer | Bid | Pass | Stay | SellCard | FinishSale | PlayRot | PlayTourists | SetAside | KeepAll

#: The moves with an argument, one value per argument: legal move lists reuse
#: them (a frozen dataclass costs far more to build than a tuple, and the
#: codec's caches then find each by identity).
OFFERS = tuple(Offer(product) for product in range(NUM_PRODUCTS))
SELL_CARDS = tuple(SellCard(card) for card in range(NUM_CODES))
SET_ASIDES = tuple(SetAside(card) for card in range(NUM_CODES))


@lru_cache(maxsize=256)
def bids(low: int, high: int) -> tuple[Bid, ...]:
    """Every bid from `low` to `high` - 1, ascending."""
    return tuple(Bid(price) for price in range(low, high))


# The moves without an argument: one value each.
PASS = Pass()
STAY = Stay()
FINISH_SALE = FinishSale()
PLAY_ROT = PlayRot()
PLAY_TOURISTS = PlayTourists()
KEEP_ALL_CARDS = KeepAll()

#: The largest legal action, a card to sell, is 8 bytes.
MAX_ACTION_BYTES = 32

#: Moves without an argument, by the name of their field in the action's oneof.
_NO_ARGUMENT_FIELDS: dict[str, Move] = {
    "pass": PASS,
    "stay": STAY,
    "finish_sale": FINISH_SALE,
    "play_rot": PLAY_ROT,
    "play_tourists": PLAY_TOURISTS,
    "keep_all": KEEP_ALL_CARDS,
}
_FIELD_OF = {type(move): name for name, move in _NO_ARGUMENT_FIELDS.items()}


def _card_code(card: pb.CentralMarketCard) -> int | None:
    if not 1 <= card.product <= NUM_PRODUCTS or card.kg not in SIZES_KG:
        return None
    return code(card.product - 1, card.kg)


def read_move(action: pb.CentralMarketAction) -> Move | None:
    """The move an action names, or None if it names no possible move."""
    which = action.WhichOneof("move")
    if which is None:
        return None
    if which in _NO_ARGUMENT_FIELDS:
        return _NO_ARGUMENT_FIELDS[which]
    if which == "offer":
        product = action.offer.product
        return Offer(product - 1) if 1 <= product <= NUM_PRODUCTS else None
    if which == "bid":
        return Bid(action.bid.price)
    card = _card_code(action.sell_card.card if which == "sell_card" else action.set_aside.card)
    if card is None:
        return None
    return SellCard(card) if which == "sell_card" else SetAside(card)


def build_action(move: Move) -> pb.CentralMarketAction:
    Action = pb.CentralMarketAction
    if isinstance(move, Offer):
        return Action(offer=pb.CentralMarketOffer(product=product_pb(move.product)))
    if isinstance(move, Bid):
        return Action(bid=pb.CentralMarketBid(price=move.price))
    if isinstance(move, SellCard):
        return Action(sell_card=pb.CentralMarketSellCard(card=card_pb(move.card)))
    if isinstance(move, SetAside):
        return Action(set_aside=pb.CentralMarketSetAside(card=card_pb(move.card)))
    message = Action()
    getattr(message, _FIELD_OF[type(move)]).SetInParent()  # "pass" is a Python keyword
    return message


def known_part(state: Any, seat: int, move: Move, observer: int | None) -> Hashable:
    """What the other seats may learn of a seat's move: all of it, but for the
    set-aside choice, which is the seat's own.

    "each player may, if he wishes, take no more than one card from his hand
    and set it aside, face down": which card is set aside stays with its seat.
    Seats choose at once and the others learn how many each set aside only
    when the last has chosen, so until then even whether the seat kept every
    card is its own; the last seat's choice ends the round and reveals its
    count at once. A seat that is last before the final round, at a table
    whose final discards are face up (rules version 1, reveal-final-discards),
    shows the rest of its hand in the same step, so its choice is public
    there (docs/rules/central-market.md, "Secret moves").
    """
    if not isinstance(move, SetAside | KeepAll):
        return move
    last = state.set_aside_choice.count(UNDECIDED) == 1
    if last and state.reveal_discards and state.round + 1 == state.final_round:
        return move
    return "set-aside choice", type(move) if last else None


#: Fewer than a hundred distinct moves exist, so every cache holds them all.
CODEC: ActionCodec[Move, pb.CentralMarketAction] = ActionCodec(
    pb.CentralMarketAction, build_action, read_move, MAX_ACTION_BYTES, cache_size=512
)
