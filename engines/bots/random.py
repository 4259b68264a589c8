"""The random policy: uniform over the seat's legal actions.

The cheapest answer there is (one draw, no search): the policy for turn
timers and disconnects when any legal move will do, and the baseline the
tournaments measure the others against (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from engines.bots.common import Budget, Candidate, Suggestion
from engines.core import Game, Rng
from engines.core.engine import Engine


class RandomPolicy:
    """Evaluates nothing: every candidate reports 0 visits and value 0."""

    name = "random"
    searches = False

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        return 1

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        legal = game.engine.legal_actions(game.state, seat)
        pick = legal[rng.below(len(legal))]
        return Suggestion(pick, 1, tuple(Candidate(a, 0, 0.0) for a in legal))
