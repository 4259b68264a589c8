"""Where each game keeps what a seat cannot see: the places (other hands,
piles, the deck) and the items in each, for tests of `resample_hidden`.

Items are the game's own card ids (Central Market card codes, Market Fresh
crate ids, Spice Merchant spice indices); equal items are interchangeable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

Places = dict[str, Counter[int]]


def _central_market(state: Any, observer: int) -> Places:
    places: Places = {"draw": Counter(state.draw)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"hand {seat}"] = Counter(state.hands[seat])
            places[f"set-aside {seat}"] = Counter(state.set_aside[seat])
            places[f"discarded {seat}"] = Counter(state.discarded[seat])  # face down (version 2)
    return places


def _market_fresh(state: Any, observer: int) -> Places:
    places: Places = {"supply": Counter(state.supply), "set-aside": Counter(state.set_aside)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"held {seat}"] = Counter(c for c in state.hands[seat] if c not in state.known[seat])
    return places


def _spice_merchant(state: Any, observer: int) -> Places:
    places: Places = {"deck": Counter(state.deck)}
    for seat in range(state.num_players):
        if seat != observer:
            places[f"hand {seat}"] = Counter({s: n for s, n in enumerate(state.hands[seat]) if n})
            places[f"secret {seat}"] = Counter(state.secret_goods[seat])
    return places


HIDDEN_PLACES: dict[str, Callable[[Any, int], Places]] = {
    "central-market": _central_market,
    "market-fresh": _market_fresh,
    "spice-merchant": _spice_merchant,
}


def _central_market_pinned(state: Any, observer: int) -> set[int]:
    """Cards of a product the table knows a seat holds or lacks: a redeal
    may have only one place for them."""
    from engines.central_market.data import NUM_CODES, product_of
    from engines.central_market.hidden import known_about_hands

    holds, lacks, _ = known_about_hands(state)
    products = {product for _, product in holds | lacks}
    return {c for c in range(NUM_CODES) if product_of(c) in products}


#: Per game, the hidden items that public facts may tie to one place.
PINNED: dict[str, Callable[[Any, int], set[int]]] = {
    "central-market": _central_market_pinned,
}


def pinned(game_id: str, state: Any, observer: int) -> set[int]:
    pin = PINNED.get(game_id)
    return pin(state, observer) if pin else set()


def hidden_places(game_id: str, state: Any, observer: int) -> Places:
    return HIDDEN_PLACES[game_id](state, observer)


def can_vary(places: Places) -> bool:
    """Whether some redeal could differ: two kinds of item and two places to hold them."""
    items = set().union(*places.values())
    return len(items) >= 2 and sum(1 for p in places.values() if p) >= 2
