"""The whole Spice Merchant table as one small value, and its wire encoding.

Hands and score cards are counts per spice (their order carries no
information); the deck is a list of spices with its top at the end. Every
card is always in exactly one place: deck, a hand, secret-trade goods,
open-trade goods, a market, or a seat's score cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.wire import dumps, int_in, ints, load_list, rows
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.versions import Rules

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

    rules: Rules  # the rules version's flags and data (not encoded: the header names it)
    num_players: int
    nutmeg_prices: str
    round_no: int  # 1..rules.data.rounds
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
        """A copy whose lists can be changed without touching `self`."""
        return State(
            rules=self.rules,
            num_players=self.num_players,
            nutmeg_prices=self.nutmeg_prices,
            round_no=self.round_no,
            phase=self.phase,
            first_player=self.first_player,
            turn=self.turn,
            deck=self.deck[:],
            hands=[h[:] for h in self.hands],
            secret_goods=[g[:] for g in self.secret_goods],
            registered=self.registered[:],
            open_goods=self.open_goods[:],
            markets=[m[:] for m in self.markets],
            scores=self.scores[:],
            score_cards=[c[:] for c in self.score_cards],
            passed=self.passed[:],
            round_points=[r[:] for r in self.round_points],
            last_end=self.last_end,
            last_markets=[m[:] for m in self.last_markets],
            last_secret=[g[:] for g in self.last_secret],
            last_open=self.last_open[:],
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
    return dumps(body)  # compact JSON, as json.dumps(body, separators=(',', ':')) writes it


def _markets(value: Any, what: str, capacity: int) -> list[list[int]]:
    markets = rows(value, what, NUM_MARKETS, NONE, max(NUM_SPICES, capacity), 2)
    for spice, count in markets:
        if not (spice == NONE and count == 0) and not (
            0 <= spice < NUM_SPICES and 1 <= count <= capacity
        ):
            raise ValueError(f"{what} hold an impossible pile")
    return markets


def decode(data: bytes, rules: Rules) -> State:
    """Inverse of `encode` under `rules`; raises ValueError for anything that does not fit."""
    body = load_list(data, "spice-merchant", 21)
    if body[0] != ENCODING:
        raise ValueError("spice-merchant state has the wrong encoding version")
    table = rules.data
    n = int_in(body[1], "num_players", 1, 8)
    if not isinstance(body[2], str) or body[2] not in table.nutmeg_variants:
        raise ValueError("spice-merchant state names an unknown nutmeg-prices variant")
    phase = int_in(body[4], "phase", REGISTRATION, GAME_OVER)
    turn = int_in(body[6], "turn", NONE, n - 1)
    if (turn == NONE) != (phase != TRADING):
        raise ValueError("spice-merchant state has a seat to act outside trading, or none in it")
    big = table.total_cards
    top_spice = NUM_SPICES - 1
    capacity = table.market_capacity
    state = State(
        rules=rules,
        num_players=n,
        nutmeg_prices=body[2],
        round_no=int_in(body[3], "round_no", 1, table.rounds),
        phase=phase,
        first_player=int_in(body[5], "first_player", 0, n - 1),
        turn=turn,
        deck=ints(body[7], "deck", 0, top_spice),
        hands=rows(body[8], "hands", n, 0, big, NUM_SPICES),
        secret_goods=rows(body[9], "secret goods", n, 0, top_spice),
        registered=[bool(x) for x in ints(body[10], "registered flags", 0, 1, n)],
        open_goods=ints(body[11], "open goods", NONE, top_spice, n),
        markets=_markets(body[12], "markets", capacity),
        scores=ints(body[13], "scores", 0, 1 << 30, n),
        score_cards=rows(body[14], "score cards", n, 0, big, NUM_SPICES),
        passed=[bool(x) for x in ints(body[15], "passed flags", 0, 1, n)],
        round_points=rows(body[16], "round points", n, 0, 1 << 30),
        last_end=int_in(body[17], "last_end", NOT_ENDED, NO_SEAT_CAN_ACT),
        last_markets=_markets(body[18], "last markets", capacity),
        last_secret=rows(body[19], "last secret goods", n, 0, top_spice),
        last_open=ints(body[20], "last open goods", NONE, top_spice, n),
    )
    if state.card_census() != list(table.card_counts):
        raise ValueError(f"spice-merchant state does not hold exactly the {big} spice cards")
    if any(g != sorted(g) for g in state.secret_goods):
        raise ValueError("secret goods are not in canonical order")
    return state
