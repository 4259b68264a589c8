"""Does Central Market's fitted evaluation (bench/experiments/cm_fit.py) play
better? Tournaments in which the seats named `...f` estimate positions with
the fitted model and every other seat with the shipped `estimate`:

    nice -n 10 .venv/bin/python -m bench.experiments.cm_fitted_play --players 3 --games 45 \
        --pairing greedyf-greedy --pairing ismctsf-greedy --pairing ismctsf-greedyf

Coefficients: out/cmfit/coefficients.json (`cm_fit fit`). Same seats, seeds
and budgets as bench.bots (bench/bot_games.py's `play`, the fitted bots as its
`EXPERIMENTS`), so `ismcts-greedy` here is the goal table's row.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections.abc import Sequence
from typing import Any

import bench.bot_games as games
import bench.bots as bots
from bench.experiments.cm_fit import FEATURES, OUT, features
from engines.bots import GreedyPolicy, IsmctsPolicy
from engines.bots.common import Budget, Suggestion
from engines.central_market.evaluation import _promise, round_progress
from engines.central_market.state import GAME_OVER, State
from engines.core import Game, Rng
from engines.core.standard import StandardEngine

GAME_ID = "central-market"
_fitted_now = [False]
_coefficients: dict[int, list[float]] = {}
_shipped = StandardEngine.estimate


def fitted_estimate(state: State) -> list[float]:
    n = state.num_players
    if state.phase == GAME_OVER:
        return [float(v) for v in state.vp]
    income, limit = _promise(state)
    settled = round_progress(state, limit)
    coef = _coefficients[n]
    return [state.vp[seat] + sum(c * x for c, x in zip(coef, features(state, income, settled, seat),
                                                       strict=True))
            for seat in range(n)]


def _estimate(self: StandardEngine[Any, Any, Any, Any], state: Any) -> Sequence[float] | None:
    if _fitted_now[0] and self.spec.game_id == GAME_ID:
        return fitted_estimate(state)
    return _shipped(self, state)


class _Fitted:
    """A policy whose own searches use the fitted estimate."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner, self.name, self.searches = inner, name, True

    def default_iterations(self, engine: Any) -> int:
        value: int = self.inner.default_iterations(engine)
        return value

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        _fitted_now[0] = True
        try:
            chosen: Suggestion = self.inner.choose(game, seat, budget, rng)
            return chosen
        finally:
            _fitted_now[0] = False


def _load() -> None:
    results = json.loads((OUT / "coefficients.json").read_text())["results"]
    for table in results:
        fitted = table["groups"]["all"]["fitted"]
        _coefficients[table["players"]] = [fitted[name] for name in FEATURES]


def _play(task: games.Task) -> tuple[str, int, float, float]:
    result = games.play(task)
    return task.pairing, task.number, result.score, result.ahead


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=45)
    parser.add_argument("--pairing", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    _load()
    StandardEngine.estimate = _estimate  # type: ignore[method-assign]
    games.EXPERIMENTS["greedyf"] = _Fitted(GreedyPolicy(), "greedyf")
    games.EXPERIMENTS["ismctsf"] = _Fitted(IsmctsPolicy(), "ismctsf")
    tasks = [games.Task(GAME_ID, args.players, (), pairing, number)
             for number in range(args.games) for pairing in args.pairing]
    totals: dict[str, list[tuple[float, float]]] = {p: [] for p in args.pairing}
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for pairing, number, score, ahead in pool.imap_unordered(_play, tasks):
            totals[pairing].append((score, ahead))
            print(json.dumps({"pairing": pairing, "number": number, "score": score,
                              "ahead": ahead}), flush=True)
    for pairing, found in totals.items():
        wins = sum(s for s, _ in found)
        low, high = bots.wilson(wins, len(found))
        print(f"{pairing:18} {len(found):4} games  A wins {wins / len(found):6.1%} "
              f"({low:.1%}-{high:.1%})  ahead of a B {sum(a for _, a in found) / len(found):6.1%}")


if __name__ == "__main__":
    main()
