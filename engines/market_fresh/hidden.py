"""Redealing what one seat cannot see (for the conformance suite and bots)."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.market_fresh.state import State


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Redeal everything `observer` cannot see, keeping every public fact.

    Hidden from the observer: the face-down supply (contents and order), the
    crates removed at set-up, and the crates other seats hold that nobody saw
    them take face-up. Public: the face-up row, shopfronts, removed crates,
    the crate being placed, and held crates taken face-up (the `known` ones).
    """
    unknown_held = [
        tuple(c for c in state.hands[seat] if c not in state.known[seat]) if seat != observer else ()
        for seat in range(state.num_players)
    ]
    pool = [*state.supply, *state.set_aside]
    for held in unknown_held:
        pool.extend(held)
    if not pool:
        return state
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    dealt = 0
    for seat, held in enumerate(unknown_held):
        if seat == observer:
            continue
        hands[seat] = tuple(sorted((*state.known[seat], *pool[dealt:dealt + len(held)])))
        dealt += len(held)
    set_aside = tuple(sorted(pool[dealt:dealt + len(state.set_aside)]))
    dealt += len(state.set_aside)
    supply = tuple(pool[dealt:])
    twin = state.clone()
    twin.hands, twin.set_aside, twin.supply = tuple(hands), set_aside, supply
    return twin
