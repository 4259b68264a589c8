"""Single-observer Information Set Monte Carlo Tree Search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 4(2), 2012), SO-ISMCTS. Each iteration:

1. determinize: resample what the bot's seat cannot see, and seed the
   future with the bot's own randomness (`common.determinize`);
2. select: walk down a tree whose nodes are reached by action sequences,
   not states, so one tree holds every determinization. At a node, each
   seat that decides there (several at once in simultaneous choices, the
   bot's opponents in their turns and reaction windows) picks among the
   actions legal for it in this determinization, by UCB1 with availability
   counts: an action's exploration term uses how often it was available, not
   how often its node was visited;
3. expand: stop at the first action never tried before;
4. play out: `config.playout` (truncated by default: per millisecond level
   with greedy playouts, stronger than random ones; docs/bots.md);
5. back up: each edge adds the value to the seat that chose it.

Simultaneous decisions are one step in the tree: every decider picks at the
same node, none seeing the others' picks, and the child is keyed by the
joint choice. The bot's root actions start with the greedy policy's one-ply judgement as
a few virtual visits (progressive bias, `IsmctsConfig.prior_*`): with few
iterations the search then plays at least like greedy, and more iterations
overrule the prior where looking further ahead says otherwise. The answer
is the bot's most visited root action.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from engines.bots.common import (
    Budget,
    Suggestion,
    determinize,
    forced,
    play_out,
    suggestion,
    values,
)
from engines.bots.greedy import one_ply
from engines.core import Game, Rng
from engines.core.engine import Engine

Playout = Literal["random", "truncated", "greedy"]

EdgeKey = tuple[int, bytes]  # (seat, the action's bytes)


@dataclass(frozen=True)
class IsmctsConfig:
    """How the search works; the budget says how long."""

    #: UCB1's exploration constant (values are 0..1).
    exploration: float = 0.7
    #: "random": uniformly random actions to the end of the game;
    #: "truncated": random actions for `depth` decisions, then the game's
    #: evaluation; "greedy": the best action by the evaluation, one ply deep,
    #: for `depth` decisions, then the evaluation.
    playout: Playout = "truncated"
    depth: int = 8
    #: The bot's root actions start from the greedy policy's judgement: one
    #: ply on `prior_samples` determinizations (every action on the same
    #: ones, so they compare with little noise), counted as `prior_weight`
    #: visits of that mean (0 samples: no prior, every action tried first).
    prior_samples: int = 4
    prior_weight: float = 4.0


class _Edge:
    __slots__ = ("available", "prior_total", "prior_visits", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.prior_visits = 0.0  # virtual visits worth `prior_total` (root only)
        self.prior_total = 0.0


class _Node:
    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[EdgeKey, _Edge] = {}
        self.children: dict[tuple[EdgeKey, ...], _Node] = {}


class IsmctsPolicy:
    name = "ismcts"

    def __init__(self, config: IsmctsConfig | None = None) -> None:
        self.config = config or IsmctsConfig()

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        engine = game.engine
        legal = engine.legal_actions(game.state, seat)
        if len(legal) == 1:
            return forced(legal)
        root = _Node()
        config = self.config
        if config.prior_samples:
            prior_budget = Budget(config.prior_samples, budget.deadline)
            totals, samples = one_ply(game, seat, legal, prior_budget, rng)
            for action, total in zip(legal, totals, strict=True):
                edge = root.edges[(seat, action.SerializeToString())] = _Edge()
                edge.prior_visits = config.prior_weight
                edge.prior_total = config.prior_weight * total / samples
        done = 0
        while budget.allows(done):
            self._iterate(engine, game, seat, root, rng)
            done += 1
        edges = [root.edges.get((seat, a.SerializeToString())) for a in legal]
        visits = [e.visits if e else 0 for e in edges]
        totals = [e.total if e else 0.0 for e in edges]
        means = [t / v if v else 0.0 for t, v in zip(totals, visits, strict=True)]
        best = max(range(len(legal)), key=lambda i: (visits[i], means[i], -i))
        return suggestion(legal, best, done, visits, totals)

    def _iterate(self, engine: Engine[Any, Any], game: Game, seat: int, root: _Node,
                 rng: Rng) -> None:
        state, seed = determinize(game, seat, rng)
        chance = Rng(seed)
        node = root
        path: list[tuple[int, _Edge]] = []
        while True:
            deciders = engine.to_act(state)
            if not deciders:
                break
            picks = [self._select(engine, state, node, d.seat, rng) for d in deciders]
            fresh = False
            for index, (who, action, _key, edge) in enumerate(picks):
                if index and not engine.is_legal(state, who, action):
                    picks = picks[:index]  # an earlier pick changed who decides: stop there
                    break
                state, _ = engine.apply(state, who, action, chance)
                path.append((who, edge))
                fresh = fresh or edge.visits == 0
            if fresh:
                break
            joint = tuple(key for _, _, key, _ in picks)
            child = node.children.get(joint)
            if child is None:
                child = node.children[joint] = _Node()
            node = child
        found = self._play_out(engine, state, chance, rng)
        for who, edge in path:
            edge.visits += 1
            edge.total += found[who]

    def _select(self, engine: Engine[Any, Any], state: Any, node: _Node, who: int,
                rng: Rng) -> tuple[int, Any, EdgeKey, _Edge]:
        """`who`'s pick at `node` among its actions legal in this determinization:
        an untried one if any (drawn uniformly), else the best by UCB1."""
        legal = engine.legal_actions(state, who)
        edges = node.edges
        untried: list[int] = []
        chosen: list[tuple[EdgeKey, _Edge]] = []
        best, best_score = -1, -1.0
        c = self.config.exploration
        for index, action in enumerate(legal):
            key = (who, action.SerializeToString())
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = _Edge()
            edge.available += 1
            chosen.append((key, edge))
            seen = edge.visits + edge.prior_visits
            if not seen:
                untried.append(index)
            elif not untried:
                score = (edge.total + edge.prior_total) / seen + c * math.sqrt(
                    math.log(edge.available) / seen)
                if score > best_score:
                    best, best_score = index, score
        if untried:
            best = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        key, edge = chosen[best]
        return who, legal[best], key, edge

    def _play_out(self, engine: Engine[Any, Any], state: Any, chance: Rng,
                  rng: Rng) -> tuple[float, ...]:
        config = self.config
        if config.playout == "random":
            return play_out(engine, state, chance, rng, None)
        if config.playout == "truncated":
            return play_out(engine, state, chance, rng, config.depth)
        return _greedy_play_out(engine, state, chance, rng, config.depth)


def _greedy_play_out(engine: Engine[Any, Any], state: Any, chance: Rng, rng: Rng,
                     depth: int) -> tuple[float, ...]:
    """Each decider takes its best action by the evaluation, one ply deep on
    this determinization, for `depth` decisions; then the evaluation."""
    for _ in range(depth):
        deciders = engine.to_act(state)
        if not deciders:
            break
        who = deciders[0].seat
        best: tuple[float, Any, int] | None = None
        for action in engine.legal_actions(state, who):
            stream = Rng(chance.seed, chance.counter)  # every action sees the same chance
            after, _ = engine.apply(state, who, action, stream)
            found = values(engine, after)
            if found is None:
                return play_out(engine, state, chance, rng, None)
            if best is None or found[who] > best[0]:
                best = (found[who], after, stream.counter)
        assert best is not None
        _, state, chance.counter = best
    found = values(engine, state)
    return found if found is not None else play_out(engine, state, chance, rng, None)
