"""What one seat cannot see, and redealing it (for the conformance suite and bots)."""

from __future__ import annotations

from collections import Counter, defaultdict

from engines.core.hidden import Hidden, Places, Told
from engines.core.rng import Rng
from engines.market_fresh.state import State
from marketplay.v1 import market_fresh_pb2 as pb


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


def hidden_places(state: State, observer: int) -> Places:
    """Hidden from the observer: the face-down supply, the crates set aside
    at set-up, and the crates each other seat holds that nobody saw it take."""
    places: Places = {"supply": Counter(state.supply), "set-aside": Counter(state.set_aside)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"held {seat}"] = Counter(c for c in state.hands[seat] if c not in state.known[seat])
    return places


class CratesTakenFaceUp(Told[State, pb.MarketFreshEvent]):
    """A crate taken from the face-up row stays with its taker until the
    taker adds it to the shopfront or removes it."""

    def __init__(self) -> None:
        self.held: dict[int, set[int]] = defaultdict(set)

    def see(self, event: pb.MarketFreshEvent) -> None:
        kind = event.WhichOneof("kind")
        if kind == "crate_taken" and event.crate_taken.HasField("crate"):
            self.held[event.crate_taken.seat].add(event.crate_taken.crate.id)
        elif kind == "crate_chosen":
            self.held[event.crate_chosen.seat].discard(event.crate_chosen.crate.id)
        elif kind == "crate_removed":
            self.held[event.crate_removed.seat].discard(event.crate_removed.crate.id)

    def contradicted_by(self, state: State, observer: int) -> list[str]:
        return [
            f"seat {seat} took crates {sorted(crates - set(state.hands[seat]))} face up but lost them"
            for seat, crates in sorted(self.held.items())
            if crates - set(state.hands[seat])
        ]


HIDDEN: Hidden[State] = Hidden(places=hidden_places, told=CratesTakenFaceUp)
