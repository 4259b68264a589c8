"""Market Fresh: how fast are legal placements on a crowded, tall grid?

    .venv/bin/python -m bench.market_fresh_placements

Worst cases measured:
  * synthetic: a 5x5 shopfront where every square is at height 48 and shows
    lemons, and the seat holds four lemon crates, so every crate fits on all
    40 square pairs in both orientations (80 placements each, the maximum).
    Real crates cannot build this (each pair exists once); it bounds the cost.
  * reachable: a 2-player game (24 crates per seat, the most any seat places)
    where seat 0 always stacks as high as it can on the 4x4 grid.
  * a whole random 4-player game (apply + legal_actions + the actor's view).
Prints microseconds per call (best of 5 runs).
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable
from dataclasses import replace

from engines.core import Game, Rng
from engines.market_fresh import ENGINE, rules, view
from engines.market_fresh.moves import ChooseCrate, PlaceCrate
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import CHOOSE, CRATE_HEIGHTS, PLACE, SCORE, State


def _per_call(fn: Callable[[], object], number: int = 2000) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def synthetic() -> State:
    data = ENGINE.rules.data
    lemons = data.produce_index["lemons"]
    state = Game.new(ENGINE, 2, {"variant": "crate-heights"}, b"bench").state
    shop = Shopfront(data, 5, (), (48,) * 25, (lemons,) * 25, (0,) * 25)
    held = tuple(c for c, (a, b) in enumerate(data.crates) if lemons in (a, b) and a != b)[:4]
    rest = tuple(c for c in state.supply if c not in held)
    hands = (held, tuple(c for c in state.hands[1] if c not in held))
    return replace(state, shopfronts=(shop, state.shopfronts[1]), hands=hands, supply=rest,
                   phase=CHOOSE, current=0)


def reachable() -> State:
    """Seat 0 always takes the crate and spot that end highest (seat 1 random)."""
    game = Game.new(ENGINE, 2, {"variant": "crate-heights", "grid": "4"}, b"tall")
    policy = Rng(b"tall-policy")
    state = game.state
    while state.phase != 4 and len(state.shopfronts[0].placements) < 23:
        seat = state.current
        moves = rules.legal_moves(state, seat)
        move = moves[policy.below(len(moves))]
        if seat == 0 and state.phase == PLACE:
            shop = state.shopfronts[0]
            move = max(moves, key=lambda m: shop.heights[m.first] if isinstance(m, PlaceCrate) else 0)
        if seat == 0 and state.phase == CHOOSE and isinstance(moves[0], ChooseCrate):
            shop = state.shopfronts[0]
            move = max(moves, key=lambda m: max(shop.heights[a] for a, _ in
                                                shop.placements_for(m.crate))
                       if isinstance(m, ChooseCrate) else 0)
        state, _ = rules.apply_move(state, seat, move)
    while not (state.current == 0 and state.phase == CHOOSE):
        moves = rules.legal_moves(state, state.current)
        state, _ = rules.apply_move(state, state.current, moves[0])
    return state


def _cold_view(state: State) -> object:
    view.clear_caches()
    return ENGINE.view(state, 0)


def measure(name: str, state: State) -> None:
    shop = state.shopfronts[0]
    choose = ENGINE.legal_actions(state, 0)
    placing, _ = ENGINE.apply(state, 0, choose[0], Rng(b"x"))
    places = ENGINE.legal_actions(placing, 0)
    scoring, _ = ENGINE.apply(placing, 0, places[-1], Rng(b"x"))
    assert scoring.phase == SCORE
    print(f"{name}: max height {max(shop.heights)}, crates on seat 0's shopfront "
          f"{len(shop.placements)}, choose-crate actions {len(choose)}, "
          f"place-crate actions {len(places)}")
    rows = [
        ("legal_actions choose-crate", lambda: ENGINE.legal_actions(state, 0)),
        ("legal_actions place-crate", lambda: ENGINE.legal_actions(placing, 0)),
        ("is_legal place-crate (last)", lambda: ENGINE.is_legal(placing, 0, places[-1])),
        ("apply place-crate", lambda: ENGINE.apply(placing, 0, places[-1], Rng(b"x"))),
        ("legal_actions score", lambda: ENGINE.legal_actions(scoring, 0)),
        ("view (seat 0, score step)", lambda: ENGINE.view(scoring, 0)),
        ("view, cold view caches", lambda: _cold_view(scoring)),
    ]
    for label, fn in rows:
        print(f"  {label:<32} {_per_call(fn, 500):9.1f} us")


def playout_seconds(players: int, options: dict[str, str]) -> float:
    best = float("inf")
    for attempt in range(3):
        game = Game.new(ENGINE, players, options, b"playout-%d" % attempt)
        policy = Rng(b"policy")
        start = time.perf_counter()
        while game.to_act():
            (decision,) = game.to_act()
            legal = ENGINE.legal_actions(game.state, decision.seat)
            game, _ = game.apply(decision.seat, legal[policy.below(len(legal))])
            ENGINE.view(game.state, decision.seat)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    measure("synthetic worst case (5x5, all level at height 48, all lemons)", synthetic())
    measure("reachable tall game (4x4, 2 players, seat 0 stacks high)", reachable())
    assert CRATE_HEIGHTS == 1
    for players, options in ((4, {}), (4, {"variant": "crate-heights", "grid": "4"}),
                             (1, {"variant": "solo"})):
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "standard"
        print(f"whole random game, {players} players {label}: "
              f"{playout_seconds(players, options) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
