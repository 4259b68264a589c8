"""Named bot levels: a policy and a budget each, with a measured strength.

A caller who wants "an easy opponent" should not have to know what a
determinization is, and should get the bot whose strength docs/bots.md
measures. Each level is one policy at one budget, the same in every game
but for what each game declares beside its rules (`BotTuning`), and each
is measured against the one below it (docs/bots.md, "Levels"):

* `easy`: greedy on EASY_SAMPLES sampled states, but one decision in
  1 / EASY_ERROR_RATE a uniformly random legal action instead;
* `medium`: greedy on GREEDY_SAMPLES sampled states (the greedy policy at
  the server's default budget);
* `hard`: the game's choice (`BotTuning.hard_policy`): ISMCTS at the game's
  calibrated budget (`search_iterations`, within a CPU p95 of 200 ms a
  decision; the ISMCTS policy at the server's default budget), or in
  Central Market, where that search plays at greedy's level, the lookahead
  (engines/bots/lookahead.py: greedy's move, its ties played on) at
  `LookaheadConfig`'s default budget.

A level's budget is fixed: the server's --bot-* flags that set a policy's
default do not change a level (its strength is what is measured). Only
levels that are never slow may play a timed-out seat's move
(`for_timeouts`): ClaimTimeout runs outside the search slots, one seat
after the other, and must answer at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.bots.common import Budget, Policy, Suggestion
from engines.bots.erring import ErringPolicy
from engines.bots.greedy import GREEDY_SAMPLES, GreedyPolicy
from engines.bots.ismcts import IsmctsPolicy
from engines.bots.lookahead import LookaheadPolicy
from engines.core import Game, Rng
from engines.core.engine import Engine

#: easy: the share of decisions answered by a random legal action.
EASY_ERROR_RATE = 0.3
#: easy: greedy's sampled states on the other decisions.
EASY_SAMPLES = 2


class GamesOwnPolicy:
    """`hard`'s policy: the one the game's `BotTuning.hard_policy` names."""

    name = "hard"
    searches = True

    def __init__(self) -> None:
        self.by_name: dict[str, Policy] = {"ismcts": IsmctsPolicy(),
                                           "lookahead": LookaheadPolicy()}

    def policy(self, engine: Engine[Any, Any]) -> Policy:
        return self.by_name[engine.spec.bots.hard_policy]

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        return self.policy(engine).default_iterations(engine)

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        return self.policy(game.engine).choose(game, seat, budget, rng)


@dataclass(frozen=True)
class Level:
    """A named strength: `policy` at `iterations(engine)` when the call names no budget."""

    name: str
    policy: Policy
    iterations: Callable[[Engine[Any, Any]], int]
    #: Cheap and fixed enough to answer a ClaimTimeout (module docstring).
    for_timeouts: bool
    #: The policy the answer's statistics report in a game (BotStats.policy):
    #: "random", "greedy" or "ismcts".
    reports: Callable[[Engine[Any, Any]], str]


HARD_POLICY = GamesOwnPolicy()

EASY = Level("easy", ErringPolicy(GreedyPolicy(), EASY_ERROR_RATE),
             lambda engine: EASY_SAMPLES, True, lambda engine: "greedy")
MEDIUM = Level("medium", GreedyPolicy(), lambda engine: GREEDY_SAMPLES, True,
               lambda engine: "greedy")
#: The lookahead reports "greedy": its answer is greedy's unless greedy's judgement ties.
HARD = Level("hard", HARD_POLICY, HARD_POLICY.default_iterations, False,
             lambda engine: "ismcts" if engine.spec.bots.hard_policy == "ismcts" else "greedy")

#: Every level by name, weakest first.
LEVELS: dict[str, Level] = {level.name: level for level in (EASY, MEDIUM, HARD)}
