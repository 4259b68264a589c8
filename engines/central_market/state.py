"""The whole Central Market state, and its compact encoding.

One mutable dataclass: `apply` clones it first (every field is a small list
of ints, so a clone costs a few microseconds) and then changes the clone,
so the caller's state is never touched. Card codes are described in data.py.

The dataclass is the one description of the state: the encoding is its
fields in order (all but `rules`, which the engine of the state's rules
version supplies; version 1's layout stops before the fields version 2
added), and decoding checks each field by its declared type (and, for lists
with one entry per seat or per product, by that length).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Annotated, Any, NamedTuple, get_args, get_origin, get_type_hints

from engines.central_market.data import NUM_CODES, NUM_PRODUCTS, product_of
from engines.central_market.versions import Rules
from engines.core.wire import dumps, int_in, ints, load_list, rows

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

# A seat's set-aside choice, besides a card code.
NOT_ASKED = -2
UNDECIDED = -3
KEEP_ALL = -1

Cards = tuple[int, ...]


class Sale(NamedTuple):
    """One settled sale of the round (encoded as a plain list, in this order)."""

    seat: int
    product: int
    price: int
    played_kg: int
    sold_kg: int  # counted against the limits
    lost_kg: int  # above a limit
    paid_kg: int  # after Rot
    income: int
    cheat: bool
    tourists: bool
    cards: Cards
    rotted_by: Cards


class RoundScore(NamedTuple):
    """A finished round: each seat's income and the victory points it earned."""

    round: int
    incomes: Cards
    victory_points: Cards


#: Lists with one entry per seat, or per product (decoding checks the length).
PER_SEAT = "per seat"
PER_PRODUCT = "per product"
SeatInts = Annotated[list[int], PER_SEAT]
SeatCards = Annotated[list[list[int]], PER_SEAT]
ProductInts = Annotated[list[int], PER_PRODUCT]


@dataclass(slots=True)
class State:
    """Everything about one game. Lists indexed by seat have one entry per seat."""

    rules: Rules  # the rules version's flags (not encoded: the header names the version)
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
    bids: SeatInts  # 0 = no bid
    bid_state: SeatInts  # NO_BID..SOLD
    #: The seat asked now in the first lap, the lowering laps or a reaction
    #: window (where the first lap and the lowering laps go on from).
    asked: int
    sell_order: list[int]  # bidders still to sell, lowest bid first
    seller: int  # seat selling now (SELL, ROT_WINDOW, TOURISTS_SALE), else -1
    sale_cheat: bool
    sale_cards: list[int]
    sale_sold: int  # kg counted against the limits (known once the cards are played)
    sale_paid: int  # kg paid for after Rot
    sale_rotted_by: list[int]
    queue: list[int]  # seats still to ask in the current reaction window
    sold_kg: SeatInts  # kg sold of the current product (Tourists eligibility)
    cheated: SeatInts  # 1 if the seat sold the current product with Cheat
    product_left: ProductInts  # kg left of the product limit this round
    player_left: SeatInts  # kg left of the player limit this round
    income: SeatInts  # this round
    vp: SeatInts  # victory points
    action_cards: SeatInts  # bit mask of unused action cards
    hands: SeatCards  # sorted card codes (hidden)
    set_aside: SeatCards  # cards kept for the final round (hidden)
    set_aside_choice: SeatInts  # chosen, awaiting the others (hidden)
    draw: list[int]  # draw pile, top card last (hidden)
    discard: list[int]  # the open discard pile
    table: SeatCards  # cards played this round (in front of the seat)
    sales: list[Sale]  # this round's settled sales
    history: list[RoundScore]  # one entry per finished round
    # Added by version 2 (version 1 plays as if both options were true):
    cheat_mixed: bool  # option cheat-mixed-products: a cheater may sell several products
    reveal_discards: bool  # option reveal-final-discards: final-round hands go face up
    discarded: SeatCards  # hands discarded face down at the final round (hidden)

    def clone(self) -> State:
        """A copy whose lists can be changed without touching `self`."""
        return State(
            rules=self.rules,
            num_players=self.num_players,
            max_price=self.max_price,
            removed_product=self.removed_product,
            skip_idle=self.skip_idle,
            final_round=self.final_round,
            round=self.round,
            phase=self.phase,
            starting_player=self.starting_player,
            offer_turn=self.offer_turn,
            offered=self.offered[:],
            product=self.product,
            bids=self.bids[:],
            bid_state=self.bid_state[:],
            asked=self.asked,
            sell_order=self.sell_order[:],
            seller=self.seller,
            sale_cheat=self.sale_cheat,
            sale_cards=self.sale_cards[:],
            sale_sold=self.sale_sold,
            sale_paid=self.sale_paid,
            sale_rotted_by=self.sale_rotted_by[:],
            queue=self.queue[:],
            sold_kg=self.sold_kg[:],
            cheated=self.cheated[:],
            product_left=self.product_left[:],
            player_left=self.player_left[:],
            income=self.income[:],
            vp=self.vp[:],
            action_cards=self.action_cards[:],
            hands=[hand[:] for hand in self.hands],
            set_aside=[cards[:] for cards in self.set_aside],
            set_aside_choice=self.set_aside_choice[:],
            draw=self.draw[:],
            discard=self.discard[:],
            table=[cards[:] for cards in self.table],
            sales=self.sales[:],  # sales and round scores are immutable tuples
            history=self.history[:],
            cheat_mixed=self.cheat_mixed,
            reveal_discards=self.reveal_discards,
            discarded=[cards[:] for cards in self.discarded],
        )

    @property
    def offerer(self) -> int:
        return (self.starting_player + self.offer_turn) % self.num_players

    def holds(self, seat: int, product: int) -> bool:
        """Whether the seat has a card of the product in hand."""
        return any(product_of(c) == product for c in self.hands[seat])

    def lowest_bid(self) -> int:
        """The current lowest bid on the product, 0 if none."""
        live = [b for b in self.bids if b]
        return min(live) if live else 0


_NAMES = [f.name for f in fields(State) if f.name != "rules"]
_TYPES = get_type_hints(State, include_extras=True)
#: The fields each layout encodes, in order: version 1's stop at `history`.
_LAYOUT_1 = tuple(_NAMES[: _NAMES.index("history") + 1])
_LAYOUT_2 = tuple(_NAMES)
#: What version 1 plays by, for the fields its layout leaves out.
_VERSION_1_VALUES = {"cheat_mixed": True, "reveal_discards": True}


def _layout(rules: Rules) -> tuple[str, ...]:
    return _LAYOUT_2 if rules.choice_options else _LAYOUT_1

#: Each layout's fields, in order, as one tuple.
_GETTERS = {layout: attrgetter(*layout) for layout in (_LAYOUT_1, _LAYOUT_2)}


def encode(state: State) -> bytes:
    """Compact JSON of plain lists and ints, in field order: same state, same bytes."""
    return dumps(_GETTERS[_layout(state.rules)](state))  # sales, round scores: JSON lists


#: The views carry every number of a state as an int32 (central_market.proto).
_INT32 = (-(1 << 31), (1 << 31) - 1)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"state field {what} is malformed")
    return value


def _sales(value: Any, what: str) -> list[Sale]:
    """Sale records: eight ints, two flags and two lists of ints each."""
    if not isinstance(value, list) or not all(
        isinstance(s, list) and len(s) == len(Sale._fields) for s in value
    ):
        raise ValueError(f"state field {what} is malformed")
    sales = []
    for record in value:
        seat, product, price, played, sold, lost, paid, income = ints(record[:8], what, *_INT32)
        cheat, tourists = _flag(record[8], what), _flag(record[9], what)
        cards, rotted_by = ints(record[10], what, *_INT32), ints(record[11], what, *_INT32)
        sales.append(Sale(seat, product, price, played, sold, lost, paid, income, cheat, tourists,
                          tuple(cards), tuple(rotted_by)))
    return sales


def _history(value: Any, what: str) -> list[RoundScore]:
    """Per finished round: [round, incomes, victory points]."""
    if not isinstance(value, list) or not all(isinstance(h, list) and len(h) == 3 for h in value):
        raise ValueError(f"state field {what} is malformed")
    return [
        RoundScore(int_in(r, what, *_INT32), tuple(ints(i, what, *_INT32)), tuple(ints(v, what, *_INT32)))
        for r, i, v in value
    ]


def _field(name: str, value: Any, num_players: int) -> Any:
    """`value` as field `name` holds it; ValueError unless it fits the declared type."""
    kind = _TYPES[name]
    length = None
    if get_origin(kind) is Annotated:
        kind, per = get_args(kind)
        length = num_players if per == PER_SEAT else NUM_PRODUCTS
    if kind is int:
        return int_in(value, name, *_INT32)
    if kind is bool:
        return _flag(value, name)
    if kind == list[int]:
        return ints(value, name, *_INT32, length)
    if kind == list[list[int]]:
        return rows(value, name, num_players, *_INT32)  # one list per seat
    if kind == list[Sale]:
        return _sales(value, name)
    return _history(value, name)


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError naming the first
    field that does not fit."""
    layout = _layout(rules)
    raw = load_list(data, "central-market", len(layout))
    n = int_in(raw[layout.index("num_players")], "num_players", 3, 5)
    values = {name: _field(name, value, n) for name, value in zip(layout, raw, strict=True)}
    if layout is _LAYOUT_1:
        values.update(_VERSION_1_VALUES, discarded=[[] for _ in range(n)])
    state = State(rules=rules, **values)
    piles = (state.draw, state.discard, *state.hands, *state.set_aside, *state.table,
             *state.discarded)
    for pile in piles:
        if any(not 0 <= c < NUM_CODES for c in pile):
            raise ValueError("central-market state holds an unknown card")
    if not 0 <= state.starting_player < n or not 1 <= state.phase <= GAME_OVER:
        raise ValueError("central-market state has an out-of-range seat or phase")
    return state
