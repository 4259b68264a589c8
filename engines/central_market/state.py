"""The whole Central Market state, and its compact encoding.

One mutable dataclass: `apply` clones it first (every field is a small list
of ints, so a clone costs a few microseconds) and then changes the clone,
so the caller's state is never touched. Card codes are described in data.py.

The dataclass is the one description of the state: each field declares
its wire encoder (engines/core/schema.py), the encoding is the fields in
order (all but `rules`, which the engine of the state's rules version
supplies; version 1's layout stops before the fields version 2 added), and
decoding checks each field with its encoder (lists with one entry per seat
or per product by that length too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.central_market.data import NUM_CODES, NUM_PRODUCTS, product_of
from engines.central_market.versions import Rules
from engines.core.schema import Context, Custom, Flag, Int, Ints, Rows, Schema, Since, seats, wire
from engines.core.wire import int_in, ints

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

#: No product: none offered now (`product`), none removed (`removed_product`:
#: all five in play). Stored as -1 in the state's bytes.
NO_PRODUCT = -1
#: No seat: nobody selling now (`seller`), no seat bound to offer.
NO_SEAT = -1

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


#: The views carry every number of a state as an int32 (central_market.proto).
_INT32 = (-(1 << 31), (1 << 31) - 1)
INT = Int(*_INT32)
FLAG = Flag()
#: Lists of any length, one entry per seat, one per product; one list per seat.
INTS = Ints(*_INT32)
SEAT_INTS = Ints(*_INT32, seats)
PRODUCT_INTS = Ints(*_INT32, NUM_PRODUCTS)
SEAT_CARDS = Rows(seats, *_INT32)


def _sales(value: Any, what: str, ctx: Context) -> list[Sale]:
    """Sale records: eight ints, two flags and two lists of ints each."""
    if not isinstance(value, list) or not all(
        isinstance(s, list) and len(s) == len(Sale._fields) for s in value
    ):
        raise ValueError(f"state field {what} is malformed")
    sales = []
    for record in value:
        seat, product, price, played, sold, lost, paid, income = ints(record[:8], what, *_INT32)
        cheat, tourists = FLAG.decode(record[8], what, ctx), FLAG.decode(record[9], what, ctx)
        cards, rotted_by = ints(record[10], what, *_INT32), ints(record[11], what, *_INT32)
        sales.append(Sale(seat=seat, product=product, price=price, played_kg=played, sold_kg=sold,
                          lost_kg=lost, paid_kg=paid, income=income, cheat=cheat,
                          tourists=tourists, cards=tuple(cards), rotted_by=tuple(rotted_by)))
    return sales


def _trusted_sales(value: list[list[Any]], ctx: Context) -> list[Sale]:
    """Authenticated sale records, as written (each one's length is the layout's)."""
    if any(len(record) != len(Sale._fields) for record in value):
        raise ValueError("central-market state does not have the layout of its rules version: sales")
    return [Sale._make((*record[:10], tuple(record[10]), tuple(record[11]))) for record in value]


def _history(value: Any, what: str, ctx: Context) -> list[RoundScore]:
    """Per finished round: [round, incomes, victory points]."""
    if not isinstance(value, list) or not all(isinstance(h, list) and len(h) == 3 for h in value):
        raise ValueError(f"state field {what} is malformed")
    return [
        RoundScore(int_in(r, what, *_INT32), tuple(ints(i, what, *_INT32)), tuple(ints(v, what, *_INT32)))
        for r, i, v in value
    ]


def _trusted_history(value: list[list[Any]], ctx: Context) -> list[RoundScore]:
    """Authenticated round scores, as written."""
    return [RoundScore(r, tuple(i), tuple(v)) for r, i, v in value]


#: Layout 2 (rules version 2) added the two choice options and the discarded
#: hands; version 1 plays as if both options were true, with nothing discarded.
_SINCE_2_TRUE = Since(2, lambda _ctx: True)


@dataclass(slots=True)
class State:
    """Everything about one game. Lists indexed by seat have one entry per
    seat. Each field declares its wire encoder, in the order of the encoding
    (engines/core/schema.py); sales and round scores are immutable tuples,
    written as JSON lists."""

    rules: Rules  # the rules version's flags (not encoded: the header names the version)
    num_players: int = wire(Int(3, 5))
    max_price: int = wire(INT)
    removed_product: int = wire(INT)  # NO_PRODUCT: all five (the 40-card variant removes one)
    skip_idle: bool = wire(FLAG)  # option skip-idle-reactions
    final_round: int = wire(INT)
    round: int = wire(INT)
    phase: int = wire(INT)
    starting_player: int = wire(INT)
    offer_turn: int = wire(INT)  # how many seats have had their offer turn this round
    offered: list[int] = wire(INTS)  # products offered this round, in order
    product: int = wire(INT)  # the product being bid on / sold, NO_PRODUCT between offers
    bids: list[int] = wire(SEAT_INTS)  # 0 = no bid
    bid_state: list[int] = wire(SEAT_INTS)  # NO_BID..SOLD
    #: The seat asked now in the first lap, the lowering laps or a reaction
    #: window (where the first lap and the lowering laps go on from).
    asked: int = wire(INT)
    sell_order: list[int] = wire(INTS)  # bidders still to sell, lowest bid first
    seller: int = wire(INT)  # seat selling now (SELL, ROT_WINDOW, TOURISTS_SALE), else NO_SEAT
    sale_cheat: bool = wire(FLAG)
    sale_cards: list[int] = wire(INTS)
    sale_sold: int = wire(INT)  # kg counted against the limits (known once the cards are played)
    sale_paid: int = wire(INT)  # kg paid for after Rot
    sale_rotted_by: list[int] = wire(INTS)
    queue: list[int] = wire(INTS)  # seats still to ask in the current reaction window
    sold_kg: list[int] = wire(SEAT_INTS)  # kg sold of the current product (Tourists eligibility)
    cheated: list[int] = wire(SEAT_INTS)  # 1 if the seat sold the current product with Cheat
    product_left: list[int] = wire(PRODUCT_INTS)  # kg left of the product limit this round
    player_left: list[int] = wire(SEAT_INTS)  # kg left of the player limit this round
    income: list[int] = wire(SEAT_INTS)  # this round
    vp: list[int] = wire(SEAT_INTS)  # victory points
    action_cards: list[int] = wire(SEAT_INTS)  # bit mask of unused action cards
    hands: list[list[int]] = wire(SEAT_CARDS)  # sorted card codes (hidden)
    set_aside: list[list[int]] = wire(SEAT_CARDS)  # cards kept for the final round (hidden)
    set_aside_choice: list[int] = wire(SEAT_INTS)  # chosen, awaiting the others (hidden)
    draw: list[int] = wire(INTS)  # draw pile, top card last (hidden)
    discard: list[int] = wire(INTS)  # the open discard pile
    table: list[list[int]] = wire(SEAT_CARDS)  # cards played this round (in front of the seat)
    #: this round's settled sales
    sales: list[Sale] = wire(Custom(_sales, copy_depth=1, trusted=_trusted_sales))
    #: one per finished round
    history: list[RoundScore] = wire(Custom(_history, copy_depth=1, trusted=_trusted_history))
    # Added by version 2 (version 1 plays as if both options were true):
    #: option cheat-mixed-products: a cheater may sell several products
    cheat_mixed: bool = wire(FLAG, since=_SINCE_2_TRUE)
    #: option reveal-final-discards: final-round hands go face up
    reveal_discards: bool = wire(FLAG, since=_SINCE_2_TRUE)
    #: hands discarded face down at the final round (hidden)
    discarded: list[list[int]] = wire(SEAT_CARDS, since=Since(
        2, lambda ctx: [[] for _ in range(ctx.num_players)]))

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        rules: Rules,
        num_players: int,
        max_price: int,
        removed_product: int,
        skip_idle: bool,
        final_round: int,
        round: int,
        phase: int,
        starting_player: int,
        offer_turn: int,
        offered: list[int],
        product: int,
        bids: list[int],
        bid_state: list[int],
        asked: int,
        sell_order: list[int],
        seller: int,
        sale_cheat: bool,
        sale_cards: list[int],
        sale_sold: int,
        sale_paid: int,
        sale_rotted_by: list[int],
        queue: list[int],
        sold_kg: list[int],
        cheated: list[int],
        product_left: list[int],
        player_left: list[int],
        income: list[int],
        vp: list[int],
        action_cards: list[int],
        hands: list[list[int]],
        set_aside: list[list[int]],
        set_aside_choice: list[int],
        draw: list[int],
        discard: list[int],
        table: list[list[int]],
        sales: list[Sale],
        history: list[RoundScore],
        cheat_mixed: bool,
        reveal_discards: bool,
        discarded: list[list[int]],
    ) -> None:
        self.rules = rules
        self.num_players = num_players
        self.max_price = max_price
        self.removed_product = removed_product
        self.skip_idle = skip_idle
        self.final_round = final_round
        self.round = round
        self.phase = phase
        self.starting_player = starting_player
        self.offer_turn = offer_turn
        self.offered = offered
        self.product = product
        self.bids = bids
        self.bid_state = bid_state
        self.asked = asked
        self.sell_order = sell_order
        self.seller = seller
        self.sale_cheat = sale_cheat
        self.sale_cards = sale_cards
        self.sale_sold = sale_sold
        self.sale_paid = sale_paid
        self.sale_rotted_by = sale_rotted_by
        self.queue = queue
        self.sold_kg = sold_kg
        self.cheated = cheated
        self.product_left = product_left
        self.player_left = player_left
        self.income = income
        self.vp = vp
        self.action_cards = action_cards
        self.hands = hands
        self.set_aside = set_aside
        self.set_aside_choice = set_aside_choice
        self.draw = draw
        self.discard = discard
        self.table = table
        self.sales = sales
        self.history = history
        self.cheat_mixed = cheat_mixed
        self.reveal_discards = reveal_discards
        self.discarded = discarded

    def clone(self) -> State:
        """A copy whose lists can be changed without touching `self`."""
        return State(
            self.rules,
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
            self.asked,
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
            [row[:] for row in self.hands],
            [row[:] for row in self.set_aside],
            self.set_aside_choice[:],
            self.draw[:],
            self.discard[:],
            [row[:] for row in self.table],
            self.sales[:],
            self.history[:],
            self.cheat_mixed,
            self.reveal_discards,
            [row[:] for row in self.discarded],
        )
    # (end of the generated methods)

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


def _check(state: State) -> None:
    """Every card known, the starting seat and the phase in range."""
    piles = (state.draw, state.discard, *state.hands, *state.set_aside, *state.table,
             *state.discarded)
    for pile in piles:
        if any(not 0 <= c < NUM_CODES for c in pile):
            raise ValueError("central-market state holds an unknown card")
    if not 0 <= state.starting_player < state.num_players or not 1 <= state.phase <= GAME_OVER:
        raise ValueError("central-market state has an out-of-range seat or phase")


SCHEMA = Schema(State, "central-market", layout=lambda rules: 2 if rules.choice_options else 1,
                check=_check)


def encode(state: State) -> bytes:
    """Compact JSON of plain lists and ints, in field order: same state, same bytes."""
    return SCHEMA.encode(state)


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError naming the first
    field that does not fit."""
    return SCHEMA.decode(data, rules)


def read(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` for authenticated bytes: the layout checked, not each value."""
    return SCHEMA.read(data, rules)
