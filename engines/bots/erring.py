"""A policy that errs: another policy's choice, but now and then a random one.

The `easy` level (engines/bots/levels.py): a bot that plays sensibly most of
the time and blunders at a known rate, the way a beginner does, rather than
one that plays every move a little worse. Whether to err is drawn first, from
the bot's own stream, so an erring decision costs what the random policy
does, and the answer is still a function of the seat's information and the
seed alone.
"""

from __future__ import annotations

from typing import Any

from engines.bots.common import Budget, Policy, Suggestion
from engines.bots.random import RandomPolicy
from engines.core import Game, Rng
from engines.core.engine import Engine

#: Resolution of the erring chance: one draw below this decides.
_SCALE = 1 << 32


class ErringPolicy:
    """`base`'s choice, except with chance `rate` a uniformly random legal action."""

    name = "erring"
    searches = True

    def __init__(self, base: Policy, rate: float) -> None:
        self.base, self.rate = base, rate

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        return self.base.default_iterations(engine)

    def errs(self, rng: Rng) -> bool:
        """Whether this decision is a random one: the first draw of the bot's stream."""
        return rng.below(_SCALE) < int(self.rate * _SCALE)

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        if self.errs(rng):
            return RandomPolicy().choose(game, seat, budget, rng)
        return self.base.choose(game, seat, budget, rng)
