"""The lookahead policy: greedy's move, its ties broken by playing on.

Greedy (engines/bots/greedy.py) scores each move by the evaluation right
after it, and where several moves score the same it draws one at random. In
Central Market that is a third of the offers, starting bids and bids, most
sales and every set-aside card (the evaluation does not see the final round:
docs/history/bots-notebook.md, "Central Market: greedy's ties, played on").
This policy judges those moves by what follows instead: on each of
`samples` determinizations every tied move is applied and then every seat,
the bot's own included, takes its best move by the evaluation one ply deep
on that determinization (`common.greedy_play_out`) for `horizon` decisions;
the evaluation then scores the position. Every tied move sees the same
determinizations and the same chance stream, so they compare with little
noise; the best mean wins, ties going to a uniformly drawn one of the best.
A move that greedy's judgement puts alone at the top is greedy's answer.

`tie_margin` widens "tied" to every move within that much of the top mean
(1: every move, played on). Only the seat's information and the bot's
stream are read: every state is `common.determinize`'s (docs/bots.md, "Why
bots cannot cheat").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.bots.common import (
    Budget,
    Stream,
    Suggestion,
    determinize,
    forced,
    greedy_play_out,
    plays,
    suggestion,
)
from engines.bots.greedy import GREEDY_SAMPLES, judged
from engines.core import Game, Rng
from engines.core.engine import Engine


@dataclass(frozen=True)
class LookaheadConfig:
    """How the lookahead works; the budget (determinizations played on) says how long."""

    #: Decisions played greedily after a tied move, then the evaluation.
    horizon: int = 3
    #: Greedy's judgement, which finds the ties: determinizations, as `medium`'s.
    prior_samples: int = GREEDY_SAMPLES
    #: A move whose mean is within this of the top mean counts as tied.
    tie_margin: float = 0.0
    #: Greedy's best `top_k` moves are played on too, tied or not (0: the ties alone).
    top_k: int = 0
    #: Determinizations a tie is played on when the caller names no budget.
    samples: int = 8


class LookaheadPolicy:
    name = "lookahead"
    searches = True

    def __init__(self, config: LookaheadConfig | None = None) -> None:
        self.config = config or LookaheadConfig()

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        return self.config.samples

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        legal = game.engine.legal_actions(game.state, seat)
        if len(legal) == 1:
            return forced(legal)
        rules, config = plays(game.engine), self.config
        moves = rules.moves(game.state, seat)
        prior, samples = judged(game, seat, moves, config.prior_samples, budget, rng)
        top, margin = max(prior), config.tie_margin * samples
        tied = [i for i, total in enumerate(prior) if top - total <= margin]
        if config.top_k > len(tied):
            ranked = sorted(range(len(moves)), key=lambda i: -prior[i])  # stable: legal order
            tied = sorted(set(tied) | set(ranked[:config.top_k]))
        if len(tied) == 1:
            return suggestion(legal, tied[0], samples, [samples] * len(moves), prior)
        visits, totals = [0] * len(moves), [0.0] * len(moves)
        done = 0
        while budget.allows(done):
            state, seed = determinize(game, seat, rng)
            for index in tied:
                chance = Stream(seed)
                after = rules.apply(state, seat, moves[index], chance)
                totals[index] += greedy_play_out(game.engine, after, chance, rng,
                                                 config.horizon, search=True)[seat]
                visits[index] += 1
            done += 1
        best_mean = max(totals[i] / visits[i] for i in tied)
        best = [i for i in tied if totals[i] / visits[i] == best_mean]
        pick = best[rng.below(len(best))] if len(best) > 1 else best[0]
        return suggestion(legal, pick, done, visits, totals)
