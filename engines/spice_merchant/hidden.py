"""Redistributing what one seat cannot see (for the conformance suite)."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.spice_merchant.data import NUM_SPICES
from engines.spice_merchant.rules import can_act, can_place
from engines.spice_merchant.state import TRADING, State

#: Rejections allowed while conditioning on "the seat to act can act".
_MAX_TRIES = 10_000


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Deal the cards `observer` cannot see anew, keeping every public fact.

    Hidden from the observer: other seats' hands and secret-trade goods and
    the deck. Sizes stay. Public facts that constrain hands are kept too: a
    seat that passed holds only spices no market accepts, and the seat to
    act can act. Dealing the passed seats from the blocked cards first and
    rejecting deals where the seat to act could not act keeps the result
    uniform over every table consistent with what the observer knows (up
    to one simplification: "blocked" is judged on today's markets, a
    superset of the spices blocked when the seat passed).
    """
    others = [seat for seat in range(state.num_players) if seat != observer]
    pool = list(state.deck)
    for seat in others:
        pool.extend(s for s in range(NUM_SPICES) for _ in range(state.hands[seat][s]))
        pool.extend(state.secret_goods[seat])
    pool.sort()
    passed = [seat for seat in others if state.passed[seat]]
    free = [seat for seat in others if not state.passed[seat]]
    for _ in range(_MAX_TRIES):
        new = state.clone()
        blocked = [s for s in pool if not can_place(state, s)]
        rest = [s for s in pool if can_place(state, s)]
        rng.shuffle(blocked)
        for seat in passed:
            size = state.hand_size(seat)
            new.hands[seat] = _counts(blocked[:size])
            del blocked[:size]
        rest.extend(blocked)
        rng.shuffle(rest)
        for seat in free:
            size = state.hand_size(seat)
            new.hands[seat] = _counts(rest[:size])
            del rest[:size]
        for seat in others:
            size = len(state.secret_goods[seat])
            new.secret_goods[seat] = sorted(rest[:size])
            del rest[:size]
        new.deck = rest
        if state.phase != TRADING or state.turn == observer or can_act(new, new.turn):
            return new
    raise RuntimeError("could not resample a table consistent with the public facts")


def _counts(spices: list[int]) -> list[int]:
    counts = [0] * NUM_SPICES
    for s in spices:
        counts[s] += 1
    return counts
