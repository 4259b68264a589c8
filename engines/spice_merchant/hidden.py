"""What one seat cannot see, and redistributing it (for the conformance suite)."""

from __future__ import annotations

from collections import Counter

from engines.core.hidden import Hidden, Places, Told
from engines.core.rng import Rng
from engines.spice_merchant.data import NUM_SPICES
from engines.spice_merchant.state import State
from marketplay.v1 import spice_merchant_pb2 as pb


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Deal the cards `observer` cannot see anew, keeping every public fact.

    Hidden from the observer: other seats' hands and secret-trade goods and
    the deck. Their sizes are public and stay. No other public fact limits
    them: while a round runs every spice has a market that takes it (see
    `rules.can_act`), so whether a seat can act depends only on its hand
    size and open-trade flag, both public.
    """
    others = [seat for seat in range(state.num_players) if seat != observer]
    pool = hidden_cards(state, others)
    rng.shuffle(pool)
    new = state.clone()
    for seat in others:
        deal_hand(new, seat, pool, state.hand_size(seat))
        size = len(state.secret_goods[seat])
        new.secret_goods[seat] = sorted(pool[:size])
        del pool[:size]
    new.deck = pool
    return new


def hidden_cards(state: State, others: list[int]) -> list[int]:
    """The deck and the hands and secret goods of `others`, sorted: canonical,
    so the deck's true order and who truly holds what cannot shape a deal."""
    pool = list(state.deck)
    for seat in others:
        pool.extend(spice for spice in range(NUM_SPICES) for _ in range(state.hands[seat][spice]))
        pool.extend(state.secret_goods[seat])
    pool.sort()
    return pool


def deal_hand(state: State, seat: int, pool: list[int], size: int) -> None:
    """`seat`'s hand becomes the first `size` cards of `pool`, taken off it."""
    state.hands[seat] = [0] * NUM_SPICES
    for spice in pool[:size]:
        state.hands[seat][spice] += 1
    del pool[:size]


def hidden_places(state: State, observer: int) -> Places:
    """Hidden from the observer: the deck, and every other seat's hand and
    secret-trade goods."""
    places: Places = {"deck": Counter(state.deck)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"hand {seat}"] = Counter({s: n for s, n in enumerate(state.hands[seat]) if n})
            places[f"secret {seat}"] = Counter(state.secret_goods[seat])
    return places


class OpenTrades(Told[State, pb.SpiceMerchantEvent]):
    """An open-trade good stays face up with its seat until the round is
    scored. Spice Merchant shows another seat's cards only when they become
    public (a market, the open trade, the scoring), so nothing else that an
    event told the observer can be contradicted by a redeal."""

    def __init__(self) -> None:
        self.open_goods: dict[int, int] = {}

    def see(self, event: pb.SpiceMerchantEvent) -> None:
        kind = event.WhichOneof("event")
        if kind == "open_traded":
            self.open_goods[event.open_traded.seat] = event.open_traded.spice - 1
        elif kind == "round_scored":
            self.open_goods.clear()

    def contradicted_by(self, state: State, observer: int) -> list[str]:
        return [
            f"seat {seat} traded spice {spice} openly but it is gone"
            for seat, spice in sorted(self.open_goods.items())
            if state.open_goods[seat] != spice
        ]


HIDDEN: Hidden[State] = Hidden(places=hidden_places, told=OpenTrades)
