"""Information Set Monte Carlo Tree Search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 4(2), 2012), with nodes keyed as in OpenSpiel's IS-MCTS
by the deciding seat's information state. Each iteration:

1. determinize: resample what the bot's seat cannot see, and seed the
   future with the bot's own randomness (`common.determinize`);
2. select: at each decision, every seat deciding there looks up the node of
   *its own* information state (the seat and the bytes of its view of this
   determinization: what that seat knows, so an opponent's statistics are
   kept apart for each hand it might hold, and positions reached by several
   orders of moves share one node) and picks one of its legal actions there
   (fixed by that information state, so they are numbered by their index):
   UCB1 plus a progressive bias from the one-ply evaluation, among the
   actions progressive widening admits (below);
3. expand: stop at the first action never tried before;
4. play out: `config.playout` for the game's depth of decisions
   (`BotTuning.playout_depth`, or `config.depth`), then the game's evaluation;
5. back up: each (node, action) adds the value to the seat that chose it.

Simultaneous decisions are one step: every decider picks at its own node,
none seeing the others' picks.

Priors. The bot's root actions start from the greedy policy's one-ply
judgement on `prior_samples` determinizations; any other node gets it, on
the determinization at hand, once it is visited `node_prior_at` times (most
nodes are visited once or twice: a prior for each would cost more than it
gives). A prior counts as `prior_weight` visits of its value (progressive
bias), and orders the actions for progressive widening: a node with a
prior admits only its `widen_base + sqrt(visits)` best actions (at the root
`root_top_k`, or all when the budget visits each often enough), so a
budget of a few hundred iterations is not spread over forty actions. The
answer is the bot's most visited root action.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engines.bots.common import (
    Budget,
    Plays,
    Stream,
    Suggestion,
    determinize,
    forced,
    greedy_play_out,
    play_out,
    plays,
    suggestion,
    values,
)
from engines.bots.greedy import judged
from engines.core import Game, Rng
from engines.core.engine import Engine
from engines.core.pieces import serialize

Playout = Literal["random", "truncated", "greedy"]

NodeKey = tuple[int, bytes]  # (deciding seat, its view's bytes)


@dataclass(frozen=True)
class IsmctsConfig:
    """How the search works; the budget says how long."""

    #: UCB1's exploration constant (values are 0..1); None: the game's own
    #: (`BotTuning.search_exploration`).
    exploration: float | None = None
    #: 1: the constant is scaled by 2 / players. A value is the chance to
    #: finish ahead of every opponent, about 1/players between equals, so
    #: the differences between actions shrink with the table; unscaled, the
    #: exploration term outweighs them at 4 and 5 players.
    exploration_by_share: int = 0
    #: "random": uniformly random actions to the end of the game;
    #: "truncated": random actions for `depth` decisions, then the game's
    #: evaluation; "greedy": the best action by the evaluation, one ply deep,
    #: for `depth` decisions, then the evaluation.
    playout: Playout = "truncated"
    #: None: the game's own at the table's count (`BotTuning.playout_depth`).
    depth: int | None = None
    #: The bot's root actions start from the greedy policy's judgement: one
    #: ply on `prior_samples` determinizations (every action on the same
    #: ones, so they compare with little noise), counted as `prior_weight`
    #: visits of that mean (0 samples: no prior, every action tried first).
    prior_samples: int = 4
    prior_weight: float = 4.0
    #: The root admits only its `root_top_k` best actions by the prior,
    #: unless the budget gives every action `root_visits` iterations.
    root_top_k: int = 5
    root_visits: int = 40
    #: Other nodes: a one-ply prior on their `node_prior_at`-th visit (0:
    #: never), then `widen_base + sqrt(visits)` actions admitted.
    node_prior_at: int = 4
    widen_base: float = 2.0


class _Node:
    __slots__ = ("admitted", "count", "moves", "prior", "totals", "visits")

    def __init__(self, moves: Sequence[Hashable]) -> None:
        #: The deciding seat's legal moves: fixed by its information state, so
        #: listed once per node, not once per visit.
        self.moves = moves
        self.count = 0  # visits of the node
        self.visits = [0] * len(moves)
        self.totals = [0.0] * len(moves)
        self.prior: list[float] | None = None  # one-ply value per action
        self.admitted: list[int] | None = None  # action indices by prior, best first


@dataclass
class _Search:
    engine: Engine[Any, Any]
    seat: int
    config: IsmctsConfig
    rng: Rng
    root: _Node
    nodes: dict[NodeKey, _Node]
    plays: Plays
    exploration: float  # UCB1's constant for this table (IsmctsConfig)
    depth: int  # the playouts' depth in this game (IsmctsConfig)


class IsmctsPolicy:
    name = "ismcts"
    searches = True

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        """The game's calibrated budget: about 200 ms a decision (docs/bots.md)."""
        return engine.spec.bots.search_iterations

    def __init__(self, config: IsmctsConfig | None = None) -> None:
        self.config = config or IsmctsConfig()

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion:
        engine = game.engine
        legal = engine.legal_actions(game.state, seat)
        if len(legal) == 1:
            return forced(legal)
        config = self.config
        rules = plays(engine)
        root = _Node(rules.moves(game.state, seat))
        if config.prior_samples:
            totals, samples = judged(game, seat, root.moves, config.prior_samples, budget, rng)
            root.prior = [total / samples for total in totals]
            ranked = _ranked(root.prior)
            if budget.iterations < config.root_visits * len(legal):
                ranked = ranked[:config.root_top_k]
            root.admitted = ranked
        exploration = (engine.spec.bots.search_exploration if config.exploration is None
                       else config.exploration)
        if config.exploration_by_share:
            exploration *= 2.0 / game.num_players
        depth = (engine.spec.bots.playout_depth(game.num_players) if config.depth is None
                 else config.depth)
        search = _Search(engine, seat, config, rng, root, {}, rules, exploration, depth)
        done = 0
        while budget.allows(done):
            self._iterate(search, game)
            done += 1
        visits, totals = root.visits, root.totals
        means = [t / v if v else 0.0 for t, v in zip(totals, visits, strict=True)]
        best = max(range(len(legal)), key=lambda i: (visits[i], means[i], -i))
        return suggestion(legal, best, done, visits, totals)

    def _iterate(self, search: _Search, game: Game) -> None:
        rules = search.plays
        state, seed = determinize(game, search.seat, search.rng)
        chance = Stream(seed)
        path: list[tuple[_Node, int, int]] = []  # (node, move index, seat)
        first = True
        while True:
            deciders = rules.deciders(state)
            if not deciders:
                break
            picks: list[tuple[int, _Node, int]] = []
            for who in deciders:
                node = (search.root if first and who == search.seat
                        else self._node(search, state, who))
                picks.append((who, node, self._select(search, node, state, who, chance)))
            first = False
            fresh = False
            for number, (who, node, index) in enumerate(picks):
                move = node.moves[index]
                if number and not rules.legal(state, who, move):
                    break  # an earlier pick changed who decides: stop there
                state = rules.apply(state, who, move, chance)
                path.append((node, index, who))
                fresh = fresh or node.visits[index] == 0
            if fresh:
                break
        found = self._play_out(search, state, chance)
        for node, index, who in path:
            node.count += 1
            node.visits[index] += 1
            node.totals[index] += found[who]

    @staticmethod
    def _node(search: _Search, state: Any, who: int) -> _Node:
        """The node of `who`'s information state in this determinization
        (which fixes `who`'s legal moves: the conformance suite proves they
        never depend on what the seat cannot see)."""
        key = (who, serialize(search.engine.view(state, who)))
        node = search.nodes.get(key)
        if node is None:
            node = search.nodes[key] = _Node(search.plays.moves(state, who))
        return node

    def _select(self, search: _Search, node: _Node, state: Any, who: int,
                chance: Stream) -> int:
        """`who`'s pick at `node`: an untried admitted action if any (drawn
        uniformly), else the best by UCB1 plus the prior's bias."""
        config = search.config
        if (node.prior is None and config.node_prior_at
                and node.count + 1 >= config.node_prior_at):
            node.prior = _one_ply_here(search, state, who, node.moves, chance)
        prior = node.prior
        if prior is not None and node is not search.root:
            ranked = node.admitted or _ranked(prior)
            node.admitted = ranked
            admitted: Sequence[int] = ranked[:int(config.widen_base + math.sqrt(node.count))]
        elif node.admitted is not None:
            admitted = node.admitted
        else:
            admitted = range(len(node.moves))
        visits, totals = node.visits, node.totals
        weight = config.prior_weight if prior is not None else 0.0
        untried = [i for i in admitted if not visits[i] and not weight]
        if untried:
            return untried[search.rng.below(len(untried))] if len(untried) > 1 else untried[0]
        log_n = math.log(node.count + weight * len(admitted) + 1)
        c = search.exploration
        best, best_score = -1, -math.inf
        for i in admitted:
            seen = visits[i] + weight
            if not seen:
                return i
            total = totals[i] + (weight * prior[i] if prior is not None else 0.0)
            score = total / seen + c * math.sqrt(log_n / seen)
            if score > best_score:
                best, best_score = i, score
        return best

    @staticmethod
    def _play_out(search: _Search, state: Any, chance: Stream) -> tuple[float, ...]:
        engine, rng, kind = search.engine, search.rng, search.config.playout
        if kind == "random":
            return play_out(engine, state, chance, rng, None)
        if kind == "truncated":
            return play_out(engine, state, chance, rng, search.depth, search=True)
        return greedy_play_out(engine, state, chance, rng, search.depth, search=True)


def _ranked(prior: Sequence[float]) -> list[int]:
    """Action indices, best prior first (ties: legal order)."""
    return sorted(range(len(prior)), key=lambda i: (-prior[i], i))


def _one_ply_here(search: _Search, state: Any, who: int, moves: Sequence[Hashable],
                  chance: Stream) -> list[float]:
    """Each move's value to `who` one ply on, on this determinization (every
    move with the same copy of the chance stream; the stream itself is not
    advanced)."""
    engine, apply = search.engine, search.plays.apply
    out = []
    for move in moves:
        after = apply(state, who, move, chance.fork())
        found = values(engine, after, search=True)
        out.append(found[who] if found is not None else 0.5)
    return out
