"""The whole Central Market state, and its compact encoding.

One mutable dataclass: `apply` clones it first (every field is a small list
of ints, so a clone costs a few microseconds) and then changes the clone,
so the caller's state is never touched. Card codes are described in data.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from engines.central_market.data import NUM_CODES, NUM_PRODUCTS
from engines.core.wire import int_in, ints, load_list, rows

# Phases share the numbers of the CentralMarketPhase enum.
OFFER = 1
STARTING_BID = 2
FIRST_LAP = 3
LOWERING = 4
SELL = 5
ROT_WINDOW = 6
TOURISTS_WINDOW = 7
TOURISTS_SALE = 8
SET_ASIDE = 9
GAME_OVER = 10

# Bid states share the numbers of the CentralMarketBidState enum.
NO_BID = 0
PASSED = 1
BIDDING = 2
STAYED = 3
SOLD = 4

# `pending` set-aside entries besides a card code.
NOT_ASKED = -2
UNDECIDED = -3
KEEP_ALL = -1

# Indices into a sale record (a flat list, see `State.sales`).
S_SEAT, S_PRODUCT, S_PRICE, S_PLAYED, S_SOLD, S_LOST, S_PAID, S_INCOME = range(8)
S_CHEAT, S_TOURISTS, S_CARDS, S_ROTTED_BY = 8, 9, 10, 11


@dataclass(slots=True)
class State:
    """Everything about one game. Lists indexed by seat have one entry per seat."""

    num_players: int
    max_price: int
    removed_product: int  # -1: all five products (the 40-card variant removes one)
    skip_idle: bool  # option skip-idle-reactions
    final_round: int
    round: int
    phase: int
    starting_player: int
    offer_turn: int  # how many seats have had their offer turn this round
    offered: list[int]  # products offered this round, in order
    product: int  # the product being bid on / sold, -1 between offers
    bids: list[int]  # per seat, 0 = no bid
    bid_state: list[int]  # per seat, NO_BID..SOLD
    pointer: int  # next seat to consider in the first lap or the lowering laps
    sell_order: list[int]  # bidders still to sell, lowest bid first
    seller: int  # seat selling now (SELL, ROT_WINDOW, TOURISTS_SALE), else -1
    sale_cheat: bool
    sale_cards: list[int]
    sale_sold: int  # kg counted against the limits (known once the cards are played)
    sale_paid: int  # kg paid for after Rot
    sale_rotted_by: list[int]
    queue: list[int]  # seats still to ask in the current reaction window
    sold_kg: list[int]  # per seat: kg sold of the current product (Tourists eligibility)
    cheated: list[int]  # per seat: 1 if the seat sold the current product with Cheat
    product_left: list[int]  # per product: kg left of the product limit this round
    player_left: list[int]  # per seat: kg left of the player limit this round
    income: list[int]  # per seat, this round
    vp: list[int]  # per seat, victory points
    action_cards: list[int]  # per seat, bit mask of unused action cards
    hands: list[list[int]]  # per seat, sorted card codes (hidden)
    set_aside: list[list[int]]  # per seat, cards kept for the final round (hidden)
    pending: list[int]  # per seat, set-aside choice awaiting the others (hidden)
    draw: list[int]  # draw pile, top card last (hidden)
    discard: list[int]  # the open discard pile
    table: list[list[int]]  # per seat, cards played this round (in front of the seat)
    sales: list[list[Any]]  # this round's sales, see the S_* indices
    history: list[list[Any]]  # per round: [round, incomes, victory points]

    def clone(self) -> State:
        """A copy whose lists can be changed without touching `self`."""
        return State(
            self.num_players,
            self.max_price,
            self.removed_product,
            self.skip_idle,
            self.final_round,
            self.round,
            self.phase,
            self.starting_player,
            self.offer_turn,
            self.offered[:],
            self.product,
            self.bids[:],
            self.bid_state[:],
            self.pointer,
            self.sell_order[:],
            self.seller,
            self.sale_cheat,
            self.sale_cards[:],
            self.sale_sold,
            self.sale_paid,
            self.sale_rotted_by[:],
            self.queue[:],
            self.sold_kg[:],
            self.cheated[:],
            self.product_left[:],
            self.player_left[:],
            self.income[:],
            self.vp[:],
            self.action_cards[:],
            [h[:] for h in self.hands],
            [s[:] for s in self.set_aside],
            self.pending[:],
            self.draw[:],
            self.discard[:],
            [t[:] for t in self.table],
            self.sales[:],  # records are replaced, never changed in place
            self.history[:],
        )

    @property
    def offerer(self) -> int:
        return (self.starting_player + self.offer_turn) % self.num_players

    def lowest_bid(self) -> int:
        """The current lowest bid on the product, 0 if none."""
        live = [b for b in self.bids if b]
        return min(live) if live else 0


_FIELDS = [f.name for f in fields(State)]
_INT, _BOOL, _INTS, _NESTED, _SALES, _HISTORY = range(6)
_KINDS: dict[str, int] = {name: _INT for name in _FIELDS}
_KINDS.update(
    skip_idle=_BOOL,
    sale_cheat=_BOOL,
    offered=_INTS,
    bids=_INTS,
    bid_state=_INTS,
    sell_order=_INTS,
    sale_cards=_INTS,
    sale_rotted_by=_INTS,
    queue=_INTS,
    sold_kg=_INTS,
    cheated=_INTS,
    product_left=_INTS,
    player_left=_INTS,
    income=_INTS,
    vp=_INTS,
    action_cards=_INTS,
    pending=_INTS,
    draw=_INTS,
    discard=_INTS,
    hands=_NESTED,
    set_aside=_NESTED,
    table=_NESTED,
    sales=_SALES,
    history=_HISTORY,
)
_PER_SEAT = (
    "bids", "bid_state", "sold_kg", "cheated", "player_left", "income", "vp",
    "action_cards", "hands", "set_aside", "pending", "table",
)  # fmt: skip
_PER_PRODUCT = ("product_left",)


#: Made once (json.dumps builds an encoder per call); only read, so shared by
#: threads. A state holds no cycles, hence no circular-reference check.
_JSON = json.JSONEncoder(separators=(",", ":"), check_circular=False)
_ALL_FIELDS = attrgetter(*_FIELDS)  # every field, in field order, as one tuple


def encode(state: State) -> bytes:
    """Compact JSON of plain lists and ints, in field order: same state, same bytes."""
    return _JSON.encode(_ALL_FIELDS(state)).encode()


#: The views carry every number of a state as an int32 (central_market.proto).
_INT32 = (-(1 << 31), (1 << 31) - 1)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"state field {what} is malformed")
    return value


def _sales(value: Any) -> None:
    """Sale records: eight ints, two flags and two lists each (the S_* indices)."""
    if not isinstance(value, list) or not all(isinstance(s, list) and len(s) == 12 for s in value):
        raise ValueError("state field sales is malformed")
    for record in value:
        ints(record[:S_CHEAT], "sales", *_INT32)
        _flag(record[S_CHEAT], "sales")
        _flag(record[S_TOURISTS], "sales")
        ints(record[S_CARDS], "sales", *_INT32)
        ints(record[S_ROTTED_BY], "sales", *_INT32)


def _history(value: Any) -> None:
    """Per round: [round, incomes, victory points]."""
    if not isinstance(value, list) or not all(isinstance(h, list) and len(h) == 3 for h in value):
        raise ValueError("state field history is malformed")
    for round_, incomes, vp in value:
        int_in(round_, "history", *_INT32)
        ints(incomes, "history", *_INT32)
        ints(vp, "history", *_INT32)


def _check(name: str, value: Any, n: int) -> None:
    """Raise ValueError unless `value` fits field `name` of an `n` seat game."""
    kind = _KINDS[name]
    if kind == _INT:
        int_in(value, name, *_INT32)
    elif kind == _BOOL:
        _flag(value, name)
    elif kind == _INTS:
        length = n if name in _PER_SEAT else NUM_PRODUCTS if name in _PER_PRODUCT else None
        ints(value, name, *_INT32, length)
    elif kind == _NESTED:
        rows(value, name, n, *_INT32)  # hands, set_aside, table: one list per seat
    elif kind == _SALES:
        _sales(value)
    else:
        _history(value)


def decode(data: bytes) -> State:
    """Inverse of `encode`; raises ValueError naming the first field that does not fit."""
    raw = load_list(data, "central-market", len(_FIELDS))
    n = int_in(raw[_FIELDS.index("num_players")], "num_players", 3, 5)
    for name, value in zip(_FIELDS, raw, strict=True):
        _check(name, value, n)
    state = State(*raw)
    for pile in (state.draw, state.discard, *state.hands, *state.set_aside, *state.table):
        if any(not 0 <= c < NUM_CODES for c in pile):
            raise ValueError("central-market state holds an unknown card")
    if not 0 <= state.starting_player < n or not 1 <= state.phase <= GAME_OVER:
        raise ValueError("central-market state has an out-of-range seat or phase")
    return state
