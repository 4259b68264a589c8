"""The whole Spice Merchant table as one small value, and its wire encoding.

Hands and score cards are counts per spice (their order carries no
information); the deck is a list of spices with its top at the end. Every
card is always in exactly one place: deck, a hand, secret-trade goods,
open-trade goods, a market, or a seat's score cards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engines.spice_merchant.data import (
    CARD_COUNTS,
    MARKET_CAPACITY,
    NUM_MARKETS,
    NUM_SPICES,
    NUTMEG_VARIANTS,
    ROUNDS,
)

#: Encoding version of the engine bytes (bump on any layout change).
ENCODING = 1

REGISTRATION = 0
TRADING = 1
GAME_OVER = 2

#: Marks "no card": an empty market's spice, a seat without open-trade goods.
NONE = -1

#: Why the last round ended (numbers as in SpiceMerchantRoundEnd).
NOT_ENDED = 0
ALL_MARKETS_OCCUPIED = 1
TWO_FULL_MARKETS = 2
NO_SEAT_CAN_ACT = 3


@dataclass
class State:
    """Mutable only inside `apply`, which works on a `clone()`."""

    num_players: int
    nutmeg_prices: str
    round_no: int  # 1..ROUNDS
    phase: int  # REGISTRATION, TRADING or GAME_OVER
    first_player: int
    turn: int  # seat to act while TRADING, else NONE
    deck: list[int]  # spices, top of the deck last
    hands: list[list[int]]  # seat -> count per spice
    secret_goods: list[list[int]]  # seat -> spices, ascending
    registered: list[bool]  # seat has registered this round
    open_goods: list[int]  # seat -> spice or NONE (open trade unused)
    markets: list[list[int]]  # market -> [spice or NONE, count]
    scores: list[int]
    score_cards: list[list[int]]  # seat -> count per spice of goods sold
    passed: list[bool]  # seat has no legal action left this round
    round_points: list[list[int]]  # seat -> points of each finished round
    # The last scored round, as revealed (copies, not cards): views show it.
    last_end: int  # NOT_ENDED before the first scoring
    last_markets: list[list[int]]
    last_secret: list[list[int]]
    last_open: list[int]

    def clone(self) -> State:
        return State(
            self.num_players,
            self.nutmeg_prices,
            self.round_no,
            self.phase,
            self.first_player,
            self.turn,
            self.deck[:],
            [h[:] for h in self.hands],
            [g[:] for g in self.secret_goods],
            self.registered[:],
            self.open_goods[:],
            [m[:] for m in self.markets],
            self.scores[:],
            [c[:] for c in self.score_cards],
            self.passed[:],
            [r[:] for r in self.round_points],
            self.last_end,
            [m[:] for m in self.last_markets],
            [g[:] for g in self.last_secret],
            self.last_open[:],
        )

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def open_trade_used(self, seat: int) -> bool:
        return self.open_goods[seat] != NONE

    def goods_sold(self, seat: int) -> int:
        return sum(self.score_cards[seat])

    def card_census(self) -> list[int]:
        """Count per spice over every place a card can be."""
        census = [0] * NUM_SPICES
        for s in self.deck:
            census[s] += 1
        for seat in range(self.num_players):
            for s in range(NUM_SPICES):
                census[s] += self.hands[seat][s] + self.score_cards[seat][s]
            for s in self.secret_goods[seat]:
                census[s] += 1
            if self.open_goods[seat] != NONE:
                census[self.open_goods[seat]] += 1
        for spice, count in self.markets:
            if spice != NONE:
                census[spice] += count
        return census


def encode(state: State) -> bytes:
    body = [
        ENCODING,
        state.num_players,
        state.nutmeg_prices,
        state.round_no,
        state.phase,
        state.first_player,
        state.turn,
        state.deck,
        state.hands,
        state.secret_goods,
        [int(r) for r in state.registered],
        state.open_goods,
        state.markets,
        state.scores,
        state.score_cards,
        [int(p) for p in state.passed],
        state.round_points,
        state.last_end,
        state.last_markets,
        state.last_secret,
        state.last_open,
    ]
    return json.dumps(body, separators=(",", ":")).encode()


def _ints(value: Any, length: int | None, lo: int, hi: int, what: str) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{what} has the wrong shape")
    if value and (not all(type(x) is int for x in value) or min(value) < lo or max(value) > hi):
        raise ValueError(f"{what} holds a value out of range")
    return value


def _rows(value: Any, rows: int, length: int | None, lo: int, hi: int, what: str) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != rows:
        raise ValueError(f"{what} has the wrong shape")
    return [_ints(row, length, lo, hi, what) for row in value]


def _markets(value: Any, what: str) -> list[list[int]]:
    markets = _rows(value, NUM_MARKETS, 2, NONE, max(NUM_SPICES, MARKET_CAPACITY), what)
    for spice, count in markets:
        if not (spice == NONE and count == 0) and not (
            0 <= spice < NUM_SPICES and 1 <= count <= MARKET_CAPACITY
        ):
            raise ValueError(f"{what} hold an impossible pile")
    return markets


def decode(data: bytes) -> State:
    """Inverse of `encode`; raises ValueError for anything that does not fit."""
    try:
        body = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError("spice-merchant state is not valid JSON") from exc
    if not isinstance(body, list) or len(body) != 21 or body[0] != ENCODING:
        raise ValueError("spice-merchant state has the wrong layout or encoding version")
    n = body[1]
    if type(n) is not int or not 1 <= n <= 8:
        raise ValueError("spice-merchant state has a bad player count")
    if body[2] not in NUTMEG_VARIANTS:
        raise ValueError("spice-merchant state names an unknown nutmeg-prices variant")
    round_no, phase, first, turn = _ints(body[3:7], 4, NONE, max(ROUNDS, n), "round header")
    if not (1 <= round_no <= ROUNDS and phase in (REGISTRATION, TRADING, GAME_OVER)):
        raise ValueError("spice-merchant state has a bad round or phase")
    if not 0 <= first < n or not (turn == NONE if phase != TRADING else 0 <= turn < n):
        raise ValueError("spice-merchant state has a bad first player or turn")
    big = sum(CARD_COUNTS)
    markets = _markets(body[12], "markets")
    if body[17] not in (NOT_ENDED, ALL_MARKETS_OCCUPIED, TWO_FULL_MARKETS, NO_SEAT_CAN_ACT):
        raise ValueError("spice-merchant state has a bad round-end reason")
    state = State(
        num_players=n,
        nutmeg_prices=body[2],
        round_no=round_no,
        phase=phase,
        first_player=first,
        turn=turn,
        deck=_ints(body[7], None, 0, NUM_SPICES - 1, "deck"),
        hands=_rows(body[8], n, NUM_SPICES, 0, big, "hands"),
        secret_goods=_rows(body[9], n, None, 0, NUM_SPICES - 1, "secret goods"),
        registered=[bool(x) for x in _ints(body[10], n, 0, 1, "registered flags")],
        open_goods=_ints(body[11], n, NONE, NUM_SPICES - 1, "open goods"),
        markets=markets,
        scores=_ints(body[13], n, 0, 1 << 30, "scores"),
        score_cards=_rows(body[14], n, NUM_SPICES, 0, big, "score cards"),
        passed=[bool(x) for x in _ints(body[15], n, 0, 1, "passed flags")],
        round_points=_rows(body[16], n, None, 0, 1 << 30, "round points"),
        last_end=body[17],
        last_markets=_markets(body[18], "last markets"),
        last_secret=_rows(body[19], n, None, 0, NUM_SPICES - 1, "last secret goods"),
        last_open=_ints(body[20], n, NONE, NUM_SPICES - 1, "last open goods"),
    )
    if state.card_census() != list(CARD_COUNTS):
        raise ValueError("spice-merchant state does not hold exactly the 84 spice cards")
    if any(g != sorted(g) for g in state.secret_goods):
        raise ValueError("secret goods are not in canonical order")
    return state
