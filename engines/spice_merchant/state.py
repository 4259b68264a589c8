"""The whole Spice Merchant table as one small value, and its wire encoding.

Hands and score cards are counts per spice (their order carries no
information); the deck is a list of spices with its top at the end. Every
card is always in exactly one place: deck, a hand, secret-trade goods,
open-trade goods, a market, or a seat's score cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.schema import (
    Bits,
    Context,
    Custom,
    Int,
    Ints,
    Rows,
    Schema,
    Text,
    last_seat,
    seats,
    wire,
)
from engines.core.wire import rows
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.versions import Rules

#: Encoding version of the engine bytes (bump on any layout change).
ENCODING = 1

REGISTRATION = 0
TRADING = 1
GAME_OVER = 2

TOP_SPICE = NUM_SPICES - 1

#: Marks "no card": an empty market's spice, a seat without open-trade goods.
NONE = -1

#: Why the last round ended (numbers as in SpiceMerchantRoundEnd).
NOT_ENDED = 0
ALL_MARKETS_OCCUPIED = 1
TWO_FULL_MARKETS = 2
NO_SEAT_CAN_ACT = 3


def _rounds(ctx: Context) -> int:
    return int(ctx.rules.data.rounds)


def _cards(ctx: Context) -> int:
    return int(ctx.rules.data.total_cards)


def _markets(value: Any, what: str, ctx: Context) -> list[list[int]]:
    capacity = ctx.rules.data.market_capacity
    markets = rows(value, what, NUM_MARKETS, NONE, max(NUM_SPICES, capacity), 2)
    for spice, count in markets:
        if not (spice == NONE and count == 0) and not (
            0 <= spice < NUM_SPICES and 1 <= count <= capacity
        ):
            raise ValueError(f"{what} hold an impossible pile")
    return markets


_SPICE = Int(0, TOP_SPICE)
_SEAT_OR_NONE = Int(NONE, last_seat)
_MARKETS = Custom(_markets, copy_depth=2)
_POINTS = 1 << 30


@dataclass(slots=True)
class State:
    """Mutable only inside `apply`, which works on a `clone()`. Each field
    declares its wire encoder, in the order of the encoding
    (engines/core/schema.py); `rules` is not encoded: the header names it."""

    rules: Rules  # the rules version's flags and data
    num_players: int = wire(Int(1, 8))
    nutmeg_prices: str = wire(Text(lambda ctx: ctx.rules.data.nutmeg_variants,
                                   "spice-merchant state names an unknown nutmeg-prices variant"))
    round_no: int = wire(Int(1, _rounds))
    phase: int = wire(Int(REGISTRATION, GAME_OVER))
    first_player: int = wire(Int(0, last_seat))
    turn: int = wire(_SEAT_OR_NONE)  # seat to act while TRADING, else NONE
    deck: list[int] = wire(Ints(0, TOP_SPICE))  # spices, top of the deck last
    hands: list[list[int]] = wire(Rows(seats, 0, _cards, NUM_SPICES))  # count per spice
    secret_goods: list[list[int]] = wire(Rows(seats, 0, TOP_SPICE), "secret goods")
    registered: list[bool] = wire(Bits(), "registered flags")  # this round
    open_goods: list[int] = wire(Ints(NONE, TOP_SPICE, seats), "open goods")
    markets: list[list[int]] = wire(_MARKETS)  # market -> [spice or NONE, count]
    scores: list[int] = wire(Ints(0, _POINTS, seats))
    #: seat -> count per spice of goods sold
    score_cards: list[list[int]] = wire(Rows(seats, 0, _cards, NUM_SPICES), "score cards")
    passed: list[bool] = wire(Bits(), "passed flags")  # no legal action left
    #: seat -> points of each finished round
    round_points: list[list[int]] = wire(Rows(seats, 0, _POINTS), "round points")
    # The last scored round, as revealed (copies, not cards): views show it.
    last_end: int = wire(Int(NOT_ENDED, NO_SEAT_CAN_ACT))  # NOT_ENDED before the first
    last_markets: list[list[int]] = wire(_MARKETS, "last markets")
    last_secret: list[list[int]] = wire(Rows(seats, 0, TOP_SPICE), "last secret goods")
    last_open: list[int] = wire(Ints(NONE, TOP_SPICE, seats), "last open goods")

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        rules: Rules,
        num_players: int,
        nutmeg_prices: str,
        round_no: int,
        phase: int,
        first_player: int,
        turn: int,
        deck: list[int],
        hands: list[list[int]],
        secret_goods: list[list[int]],
        registered: list[bool],
        open_goods: list[int],
        markets: list[list[int]],
        scores: list[int],
        score_cards: list[list[int]],
        passed: list[bool],
        round_points: list[list[int]],
        last_end: int,
        last_markets: list[list[int]],
        last_secret: list[list[int]],
        last_open: list[int],
    ) -> None:
        self.rules = rules
        self.num_players = num_players
        self.nutmeg_prices = nutmeg_prices
        self.round_no = round_no
        self.phase = phase
        self.first_player = first_player
        self.turn = turn
        self.deck = deck
        self.hands = hands
        self.secret_goods = secret_goods
        self.registered = registered
        self.open_goods = open_goods
        self.markets = markets
        self.scores = scores
        self.score_cards = score_cards
        self.passed = passed
        self.round_points = round_points
        self.last_end = last_end
        self.last_markets = last_markets
        self.last_secret = last_secret
        self.last_open = last_open

    def clone(self) -> State:
        """A copy whose lists can be changed without touching `self`."""
        return State(
            self.rules,
            self.num_players,
            self.nutmeg_prices,
            self.round_no,
            self.phase,
            self.first_player,
            self.turn,
            self.deck[:],
            [row[:] for row in self.hands],
            [row[:] for row in self.secret_goods],
            self.registered[:],
            self.open_goods[:],
            [row[:] for row in self.markets],
            self.scores[:],
            [row[:] for row in self.score_cards],
            self.passed[:],
            [row[:] for row in self.round_points],
            self.last_end,
            [row[:] for row in self.last_markets],
            [row[:] for row in self.last_secret],
            self.last_open[:],
        )
    # (end of the generated methods)

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def open_trade_used(self, seat: int) -> bool:
        return self.open_goods[seat] != NONE

    def goods_sold(self, seat: int) -> int:
        return sum(self.score_cards[seat])

    def card_census(self) -> list[int]:
        """Count per spice over every place a card can be."""
        census = [0] * NUM_SPICES
        for spice in self.deck:
            census[spice] += 1
        for seat in range(self.num_players):
            for spice in range(NUM_SPICES):
                census[spice] += self.hands[seat][spice] + self.score_cards[seat][spice]
            for spice in self.secret_goods[seat]:
                census[spice] += 1
            if self.open_goods[seat] != NONE:
                census[self.open_goods[seat]] += 1
        for spice, count in self.markets:
            if spice != NONE:
                census[spice] += count
        return census


def _check(state: State) -> None:
    """What the fields' encoders cannot see alone: a seat to act exactly while
    trading, every card in one place, secret goods in canonical order."""
    if (state.turn == NONE) != (state.phase != TRADING):
        raise ValueError("spice-merchant state has a seat to act outside trading, or none in it")
    table = state.rules.data
    if state.card_census() != list(table.card_counts):
        raise ValueError(f"spice-merchant state does not hold exactly the {table.total_cards} spice cards")
    if any(g != sorted(g) for g in state.secret_goods):
        raise ValueError("secret goods are not in canonical order")


SCHEMA = Schema(State, "spice-merchant", prefix=(ENCODING,), check=_check)


def encode(state: State) -> bytes:
    """Compact JSON of the encoding version and the fields, in order."""
    return SCHEMA.encode(state)


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError for anything that does not fit."""
    return SCHEMA.decode(data, rules)


def read(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` for authenticated bytes: the layout checked, not each value."""
    return SCHEMA.read(data, rules)
