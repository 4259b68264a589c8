"""Spice Merchant at 4: what `hard` gains from guessing the opponents' secret
goods, and from counting its hand's potential (issue 43;
docs/history/bots-notebook.md, "Spice Merchant at 4: the hand's potential").

    nice -n 10 .venv/bin/python -m bench.experiments.sm_beliefs --games 60 --first 0 \\
        --candidate hard --candidate oracle --candidate demand4 > out/bots/sm4-beliefs-0.log

Each candidate is ISMCTS at Spice Merchant's budget with its own way of
dealing hidden cards and of evaluating, for A's searches alone (the greedy
opponents keep theirs). `hard`: `hard` before the hand's potential (every
hidden card drawn uniformly, a share of 0). `oracle` keeps every opponent's
true secret-trade goods (a cheat: the most that better guessing could give);
`demandN` draws each opponent's secret goods with weight 1 + N x the cards
of that spice on the markets this round (greedy fakes demand for what it
registered), the rest uniformly. `potS`: the search counts a share S of each
seat's hand's potential (`evaluation.counted`); `shipped`: today's `hard`.
Candidates play the same seeded games ("cand-greedy", `--seeds`), one game
of each in turn, A against greedy; run two processes on halves (`--first`).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable
from typing import Any

import bench.bot_games as games
import bench.bots as bots
from engines import registry
from engines.bots import Budget, IsmctsPolicy, Policy, Suggestion
from engines.core import Game, Rng
from engines.spice_merchant import evaluation, hidden
from engines.spice_merchant.data import NUM_SPICES
from engines.spice_merchant.state import NONE, State

ENGINE: Any = registry.ENGINES["spice-merchant"]
Deal = Callable[[State, int, Rng], State]


def oracle(state: State, observer: int, rng: Rng) -> State:
    """Every opponent keeps its true secret goods; hands and deck dealt anew."""
    return _dealt(state, observer, rng, lambda seat, pool: list(state.secret_goods[seat]))


def by_demand(weight: float) -> Deal:
    def deal(state: State, observer: int, rng: Rng) -> State:
        demand = [0] * NUM_SPICES
        for spice, count in state.markets:
            if spice != NONE:
                demand[spice] += count

        def secrets(seat: int, pool: list[int]) -> list[int]:
            drawn = []
            for _ in state.secret_goods[seat]:
                weights = [1.0 + weight * demand[spice] for spice in pool]
                pick = _weighted(weights, rng)
                drawn.append(pool.pop(pick))
            return drawn

        return _dealt(state, observer, rng, secrets, draw_first=True)
    return deal


def _weighted(weights: list[float], rng: Rng) -> int:
    total = sum(weights)
    point = rng.below(1 << 30) / (1 << 30) * total
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return index
    return len(weights) - 1


def _dealt(state: State, observer: int, rng: Rng,
           secrets: Callable[[int, list[int]], list[int]], draw_first: bool = False) -> State:
    """Each opponent's secret goods by `secrets` (drawn off the hidden cards
    when `draw_first`, else taken off them), then hands and deck uniformly."""
    others = [seat for seat in range(state.num_players) if seat != observer]
    pool = hidden.hidden_cards(state, others)
    kept: dict[int, list[int]] = {}
    for seat in others:
        kept[seat] = sorted(secrets(seat, pool))
        if not draw_first:
            for spice in kept[seat]:
                pool.remove(spice)
    rng.shuffle(pool)
    new = state.clone()
    for seat in others:
        hidden.deal_hand(new, seat, pool, state.hand_size(seat))
        new.secret_goods[seat] = kept[seat]
    new.deck = pool
    return new


def potential(share: float) -> Callable[[State], list[float]]:
    """The search's evaluation with `share` of the hand's potential
    (engines/spice_merchant/evaluation.py, `HAND_SHARE`)."""
    return lambda state: evaluation.counted(state, share)


class Believing:
    """ISMCTS at Spice Merchant's budget whose own searches deal hidden cards
    with `deal` and evaluate with `estimate` (by default the shipped ones)."""

    name = "ismcts"
    searches = True

    def __init__(self, deal: Deal | None,
                 estimate: Callable[[State], list[float]] | None = None) -> None:
        self.inner = IsmctsPolicy()
        self.deal = deal
        self.estimate = estimate

    def default_iterations(self, engine: Any) -> int:
        return self.inner.default_iterations(engine)

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        if self.deal is not None:
            ENGINE.resample_hidden = self.deal
        if self.estimate is not None:
            ENGINE.search_estimate = self.estimate
        try:
            return self.inner.choose(game, seat, budget, rng)
        finally:
            ENGINE.__dict__.pop("resample_hidden", None)
            ENGINE.__dict__.pop("search_estimate", None)


CANDIDATES: dict[str, Policy] = {
    # `hard` before the hand's potential (HAND_SHARE 0), and what it guessed
    "hard": Believing(None, potential(0.0)),
    "oracle": Believing(oracle, potential(0.0)),
    "demand1": Believing(by_demand(1.0), potential(0.0)),
    "demand2": Believing(by_demand(2.0), potential(0.0)),
    "demand4": Believing(by_demand(4.0), potential(0.0)),
    # the hand's potential, at a share of 1/8 to 1
    "shipped": Believing(None),
    "pot05": Believing(None, potential(0.5)),
    "pot1": Believing(None, potential(1.0)),
    "pot025": Believing(None, potential(0.25)),
    "pot0125": Believing(None, potential(0.125)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first game number")
    parser.add_argument("--candidate", action="append", choices=sorted(CANDIDATES), default=[])
    parser.add_argument("--seeds", default="/beliefs")
    args = parser.parse_args()
    found: dict[str, list[games.GameResult]] = {name: [] for name in args.candidate}
    for number in range(args.first, args.first + args.games):
        for name in args.candidate:
            games.EXPERIMENTS["cand"] = CANDIDATES[name]
            result = games.play(games.Task("spice-merchant", args.players, (), "cand-greedy",
                                           number, seeds=args.seeds))
            found[name].append(result)
            print(json.dumps({"candidate": name, "number": number, "score": result.score,
                              "ahead": result.ahead}), flush=True)
    for name, results in found.items():
        wins = sum(r.score for r in results)
        low, high = bots.wilson(wins, len(results))
        cpu = sorted(t for r in results for t in r.cpu_times)
        print(f"{name:10} {len(results):4} games  A wins {wins / len(results):6.1%} "
              f"({low:.1%}-{high:.1%})  CPU ms median {1000 * statistics.median(cpu):.0f}",
              flush=True)


if __name__ == "__main__":
    main()
