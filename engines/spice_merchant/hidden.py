"""Redistributing what one seat cannot see (for the conformance suite)."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.spice_merchant.data import NUM_SPICES
from engines.spice_merchant.state import State


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Deal the cards `observer` cannot see anew, keeping every public fact.

    Hidden from the observer: other seats' hands and secret-trade goods and
    the deck. Their sizes are public and stay. No other public fact limits
    them: while a round runs every spice has a market that takes it (see
    `rules.can_act`), so whether a seat can act depends only on its hand
    size and open-trade flag, both public.
    """
    others = [seat for seat in range(state.num_players) if seat != observer]
    pool = list(state.deck)
    for seat in others:
        pool.extend(spice for spice in range(NUM_SPICES) for _ in range(state.hands[seat][spice]))
        pool.extend(state.secret_goods[seat])
    pool.sort()  # canonical: the deck's true order must not shape the deal
    rng.shuffle(pool)
    new = state.clone()
    for seat in others:
        size = state.hand_size(seat)
        new.hands[seat] = [0] * NUM_SPICES
        for spice in pool[:size]:
            new.hands[seat][spice] += 1
        del pool[:size]
        size = len(state.secret_goods[seat])
        new.secret_goods[seat] = sorted(pool[:size])
        del pool[:size]
    new.deck = pool
    return new
