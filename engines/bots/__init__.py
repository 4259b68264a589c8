"""Bots: policies that choose a seat's action from what that seat may know.

Written against the engine interface and `Game` only; the one game-specific
piece, each game's evaluation, lives in the game's package
(engines/<game>/evaluation.py). docs/bots.md describes the policies, their
budgets, and why their answers cannot depend on hidden information.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.bots.common import Budget, Candidate, Policy, Stream, Suggestion
from engines.bots.erring import ErringPolicy
from engines.bots.greedy import GREEDY_SAMPLES, GreedyPolicy
from engines.bots.ismcts import IsmctsConfig, IsmctsPolicy
from engines.bots.levels import LEVELS, Level
from engines.bots.random import RandomPolicy
from engines.core import Game
from engines.core.engine import Engine


def default_iterations(policy: Policy, engine: Engine[Any, Any]) -> int:
    """A policy's budget when a caller names none (each policy says its own:
    for ISMCTS the game's calibrated search iterations, docs/bots.md)."""
    return policy.default_iterations(engine)

#: Every policy by name, in its default configuration.
POLICIES: dict[str, Policy] = {
    policy.name: policy for policy in (RandomPolicy(), GreedyPolicy(), IsmctsPolicy())
}


def suggest(game: Game, seat: int, policy: Policy, budget: Budget, seed: bytes) -> Suggestion:
    """`policy`'s choice for `seat`, which must be deciding now (the same
    RuleErrors as `Game.apply` otherwise). Same game, seat, policy, seed and
    iteration budget: the same suggestion, bit for bit, unless the budget's
    deadline ended the search first (the answer says so: `stopped_by_time`)."""
    game.check_turn(seat)
    answer = policy.choose(game, seat, budget, Stream(seed))
    return replace(answer, stopped_by_time=True) if budget.stopped_by_time else answer


__all__ = [
    "Budget", "Candidate", "ErringPolicy", "GREEDY_SAMPLES", "GreedyPolicy", "IsmctsConfig",
    "IsmctsPolicy", "LEVELS", "Level", "POLICIES", "Policy", "RandomPolicy", "Stream",
    "Suggestion", "default_iterations", "suggest",
]
