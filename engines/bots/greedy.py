"""The greedy policy: one-ply lookahead with the game's evaluation.

Each iteration draws one determinization (what the seat cannot see,
resampled; a chance stream of the bot's own), applies every legal action to
it and scores the result with `values`: the game's points-now-plus-heuristic
estimate (engines/<game>/evaluation.py) turned into a win chance, or the
exact result if the action ends the game. Every action sees the same
determinizations and the same chance stream, so they are compared on equal
terms; the best mean wins, ties going to a uniformly drawn one of the best.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engines.bots.common import (
    Budget,
    Stream,
    Suggestion,
    determinize,
    forced,
    play_out,
    plays,
    suggestion,
    values,
)
from engines.core import Game, Rng
from engines.core.engine import Engine

#: Greedy's determinizations when a caller names no budget.
GREEDY_SAMPLES = 8


class GreedyPolicy:
    name = "greedy"
    searches = True

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        return GREEDY_SAMPLES

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        legal = game.engine.legal_actions(game.state, seat)
        if len(legal) == 1:
            return forced(legal)
        moves = plays(game.engine).moves(game.state, seat)
        totals, done = one_ply(game, seat, moves, budget, rng)
        top = max(totals)
        best = [i for i, total in enumerate(totals) if total == top]
        pick = best[rng.below(len(best))] if len(best) > 1 else best[0]
        return suggestion(legal, pick, done, [done] * len(legal), totals)


def one_ply(game: Game, seat: int, moves: Sequence[Hashable], budget: Budget,
            rng: Rng, search: bool = False) -> tuple[list[float], int]:
    """Each legal move's summed value to `seat` over the determinizations
    the budget allows (each move on the same ones), and how many there were;
    `search`: by a searching policy's evaluation (`values`)."""
    engine = game.engine
    apply = plays(engine).apply
    totals = [0.0] * len(moves)
    done = 0
    while budget.allows(done):
        state, seed = determinize(game, seat, rng)
        for index, move in enumerate(moves):
            chance = Stream(seed)
            after = apply(state, seat, move, chance)
            found = values(engine, after, search)
            if found is None:  # no heuristic: the game's own end decides
                found = play_out(engine, after, chance, rng, None)
            totals[index] += found[seat]
        done += 1
    return totals, done


def judged(game: Game, seat: int, moves: Sequence[Hashable], samples: int, budget: Budget,
           rng: Rng) -> tuple[list[float], int]:
    """`one_ply` on `samples` determinizations within `budget`'s deadline, by the
    search's evaluation: greedy's judgement as a search's prior (a deadline that
    cuts it marks `budget` too)."""
    inner = Budget(samples, budget.deadline)
    found = one_ply(game, seat, moves, inner, rng, search=True)
    budget.stopped_by_time |= inner.stopped_by_time
    return found
