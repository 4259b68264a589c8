"""What every policy shares: budgets, results, determinizations and values.

A policy sees a game only through `Game` and the engine interface, and only
what its seat may know: every state it searches is a determinization, the
real state with everything hidden from the seat resampled by the engine's
`resample_hidden`, played on with a chance stream of the bot's own. Both
come from the bot's seeded `Rng`, so an answer is a function of the seat's
information and the seed alone (docs/bots.md, "Why bots cannot cheat").
"""

from __future__ import annotations

import hashlib
import struct
import time
from collections.abc import Callable, Hashable, MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from google.protobuf.message import Message

from engines.core import Game, Rng
from engines.core.engine import Engine, Outcome
from engines.core.standard import StandardEngine

#: Alone at the table (Market Fresh solo) there is nobody to beat: the value
#: is the score itself, squashed with this many points spreads as its scale.
ONE_SEAT_SCALE = 8.0
#: Weight of the final scores' margins in a finished game's value.
MARGIN = 0.1

T = TypeVar("T")
_MASK64 = (1 << 64) - 1


@dataclass
class Budget:
    """When a search stops: after `iterations`, or before `time.monotonic()`
    would pass `deadline`, whichever comes first. One iteration always runs,
    so there is always a best action to return; after that, an iteration
    starts only if one as long as the last still ends in time. Only an
    iteration budget gives the same answer on every machine: `stopped_by_time`
    says when the deadline, not the iterations, ended the search."""

    iterations: int
    deadline: float | None = None
    _last: float = field(default=0.0, repr=False)
    #: Set by `allows`; a constructor argument only because a compiled dataclass
    #: leaves an `init=False` field unset (mypyc).
    stopped_by_time: bool = False

    def allows(self, done: int) -> bool:
        """Whether iteration number `done` (0-based) may start; called once per iteration."""
        if done >= self.iterations:
            return False
        if self.deadline is None:
            return True
        now = time.monotonic()
        step = now - self._last if done else 0.0
        self._last = now
        if done == 0 or now + step < self.deadline:
            return True
        self.stopped_by_time = True
        return False


@dataclass(frozen=True)
class Candidate:
    """One legal action as the policy saw it: how often it was tried and the
    mean value it led to, 0..1 for the bot's seat (1: a sure win)."""

    action: Message
    visits: int
    mean_value: float


@dataclass(frozen=True)
class Suggestion:
    """The chosen action, with one candidate per legal action in legal order.
    `stopped_by_time`: a deadline ended the search before its iterations, so
    the answer depends on the machine and its load."""

    action: Message
    iterations: int
    candidates: tuple[Candidate, ...]
    stopped_by_time: bool = False


class Policy(Protocol):
    """A way to choose. `choose` is called only for a seat that decides now."""

    name: str
    #: Whether a call runs a search that holds one of the server's search slots
    #: (service/bots.py); the random policy costs what listing actions does.
    searches: bool

    def default_iterations(self, engine: Engine[Any, Any]) -> int:
        """The budget when a caller names none."""
        ...

    def choose(self, game: Game, seat: int, budget: Budget, rng: Rng) -> Suggestion: ...


def forced(legal: Sequence[Message]) -> Suggestion:
    """A seat with a single legal action needs no search."""
    return Suggestion(legal[0], 0, (Candidate(legal[0], 0, 0.0),))


def suggestion(legal: Sequence[Message], best: int, iterations: int,
               visits: Sequence[int], totals: Sequence[float]) -> Suggestion:
    candidates = tuple(
        Candidate(action, count, total / count if count else 0.0)
        for action, count, total in zip(legal, visits, totals, strict=True)
    )
    return Suggestion(legal[best], iterations, candidates)


# ------------------------------------------------------------ moves


@dataclass(frozen=True)
class Plays:
    """An engine's deciders, legal moves and transitions as the search loop
    wants them. A `StandardEngine` is played through its modules, on the
    game's own small hashable moves, in the order of its legal actions:
    no protobuf message is built, serialized or parsed per node (the
    engine's `legal_actions` builds one per move, its `apply` reads one
    back; together a third of Spice Merchant's search). Any other engine is
    played through its interface, its actions being the moves. The events
    `apply` returns are dropped: a search has no one to tell."""

    #: The seats deciding now, in the engine's order.
    deciders: Callable[[Any], list[int]]
    #: `seat`'s legal moves, in the order of `Engine.legal_actions`.
    moves: Callable[[Any, int], Sequence[Hashable]]
    #: Whether a move is legal for `seat` now.
    legal: Callable[[Any, int, Any], bool]
    #: The state after a legal move (the events dropped).
    apply: Callable[[Any, int, Any, Rng], Any]


@lru_cache(maxsize=64)
def plays(engine: Engine[Any, Any]) -> Plays:
    """The search's view of `engine`'s rules (one per engine, cached)."""
    if isinstance(engine, StandardEngine):
        modules = engine.modules
        deciders, legal_moves, step = modules.deciders, modules.legal_moves, modules.apply
        is_legal = modules.is_legal or (lambda state, seat, move: move in legal_moves(state, seat))
        return Plays(lambda state: [seat for seat, _ in deciders(state)], legal_moves,
                     is_legal, lambda state, seat, move, rng: step(state, seat, move, rng)[0])
    return Plays(lambda state: [d.seat for d in engine.to_act(state)], engine.legal_actions,
                 engine.is_legal, lambda state, seat, move, rng: engine.apply(
                     state, seat, move, rng)[0])


# ------------------------------------------------------------ randomness


class Stream(Rng):
    """The bots' `Rng`: the same kind of counter-based stream, (seed, counter)
    its whole state, but each BLAKE2b digest gives eight 64-bit draws (draw
    `counter` is word `counter % 8` of the 64-byte digest of `counter // 8`)
    rather than one: a search draws tens of numbers per iteration (Market
    Fresh's resampled crate bag alone is ~40), and a digest costs what eight
    words do. A different stream from `Rng`'s for the same seed, so the
    bots' answers are not those of the engine's generator; still a function
    of the seed alone, bit for bit on every machine."""

    __slots__ = ("_block", "_words")

    def __init__(self, seed: bytes, counter: int = 0, keyed: hashlib.blake2b | None = None) -> None:
        """`keyed`: BLAKE2b already keyed by `seed` (a fork shares it: draws hash copies)."""
        if not 1 <= len(seed) <= 64:
            raise ValueError("seed must be 1..64 bytes")
        self.seed = seed
        self.counter = counter
        self._keyed = keyed if keyed is not None else hashlib.blake2b(key=seed, digest_size=64)
        self._block = -1
        self._words: tuple[int, ...] = ()

    def next64(self) -> int:
        count = self.counter
        self.counter = count + 1
        block = count >> 3
        if block != self._block:
            keyed = self._keyed.copy()
            keyed.update(block.to_bytes(8, "little"))
            self._words = struct.unpack("<8Q", keyed.digest())
            self._block = block
        return self._words[count & 7]

    def below(self, n: int) -> int:
        """`Rng.below` (the same rejection sampling), on this stream's draws."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """`Rng.shuffle` (Fisher-Yates by `below`), with the draws inlined:
        resampling a hidden pile is most of a determinization's cost."""
        words, block = self._words, self._block
        count = self.counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK64 - (_MASK64 + 1) % n
            while True:
                if count >> 3 != block:
                    block = count >> 3
                    keyed = self._keyed.copy()
                    keyed.update(block.to_bytes(8, "little"))
                    words = struct.unpack("<8Q", keyed.digest())
                x = words[count & 7]
                count += 1
                if x <= limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.counter, self._words, self._block = count, words, block

    def fork(self) -> Stream:
        """An independent copy at the same point (it shares nothing mutable)."""
        twin = Stream(self.seed, self.counter, self._keyed)
        twin._block, twin._words = self._block, self._words
        return twin


# ------------------------------------------------------------ determinizing


def draw_seed(rng: Rng) -> bytes:
    """16 bytes for a fresh chance stream, drawn from the bot's own `rng`."""
    return rng.next64().to_bytes(8, "little") + rng.next64().to_bytes(8, "little")


def determinize(game: Game, seat: int, rng: Rng) -> tuple[Any, bytes]:
    """A state `seat` cannot tell from the real one, and a seed for its future.

    The game's own seed and RNG counter decide every future shuffle and draw
    (`Game.apply`); a bot that kept them would foresee reshuffles and the
    order of a reshuffled pile. So the future is seeded by the bot too.
    """
    state = game.engine.resample_hidden(game.state, seat, rng)
    return state, draw_seed(rng)


# ------------------------------------------------------------ values


def squash(x: float) -> float:
    """0..1, increasing, 0.5 at 0; only IEEE basic operations, so the same
    bits on every machine (math.exp may differ in its last bit)."""
    return 0.5 + 0.5 * x / (1.0 + abs(x))


def outcome_values(outcome: Outcome, spread: float) -> tuple[float, ...]:
    """Mostly each seat's share of the win (1 for a sole winner, 1/k for
    each of k tied winners, 0 for everyone else: what tournaments count),
    and a little the final scores' margins, so that a game already won or
    lost is still played for points rather than with indifference."""
    results = outcome.results
    margins = points_values([float(r.score) for r in results], spread)
    if len(results) == 1:
        return margins
    share = 1.0 / len(outcome.winners)
    return tuple(
        (1.0 - MARGIN) * (share if r.seat in outcome.winners else 0.0) + MARGIN * margin
        for r, margin in zip(results, margins, strict=True)
    )


def points_values(points: Sequence[float], spread: float) -> tuple[float, ...]:
    """The soft version of `outcome_values` for a game still running: the
    chance to finish ahead of each opponent, from how far ahead of it the
    seat's points estimate is, multiplied over the opponents."""
    if len(points) == 1:
        return (squash(points[0] / (ONE_SEAT_SCALE * spread)),)
    out = []
    for i, mine in enumerate(points):
        chance = 1.0
        for j, theirs in enumerate(points):
            if j != i:
                chance *= squash((mine - theirs) / spread)
        out.append(chance)
    return tuple(out)


def values(engine: Engine[Any, Any], state: Any,
           search: bool = False) -> tuple[float, ...] | None:
    """Every seat's value of `state`: exact once it is over, else the game's
    heuristic (`Engine.estimate`, or a searching policy's
    `Engine.search_estimate`); None when the game has none."""
    outcome = engine.outcome(state)
    if outcome is not None:
        return outcome_values(outcome, engine.spec.bots.points_spread)
    points = engine.search_estimate(state) if search else engine.estimate(state)
    return None if points is None else points_values(points, engine.spec.bots.points_spread)


def play_out(engine: Engine[Any, Any], state: Any, chance: Rng, rng: Rng,
             depth: int | None, search: bool = False) -> tuple[float, ...]:
    """Uniformly random legal moves for `depth` decisions (None: to the
    end), then `values`; on to the end when the game has no heuristic."""
    rules = plays(engine)
    steps = 0
    while True:
        deciders = rules.deciders(state)
        if not deciders:
            break
        if depth is not None and steps >= depth:
            found = values(engine, state, search)
            if found is not None:
                return found
            depth = None
        seat = deciders[0]
        legal = rules.moves(state, seat)
        state = rules.apply(state, seat, legal[rng.below(len(legal))], chance)
        steps += 1
    outcome = engine.outcome(state)
    assert outcome is not None, "a game with no one to act is over"
    return outcome_values(outcome, engine.spec.bots.points_spread)


def greedy_play_out(engine: Engine[Any, Any], state: Any, chance: Stream, rng: Rng,
                    depth: int, search: bool = False) -> tuple[float, ...]:
    """Each decider takes its best action by the evaluation, one ply deep on
    this determinization, for `depth` decisions; then the evaluation (ISMCTS's
    greedy playouts, the lookahead's replies)."""
    rules = plays(engine)
    for _ in range(depth):
        deciders = rules.deciders(state)
        if not deciders:
            break
        who = deciders[0]
        best: tuple[float, Any, Stream] | None = None
        for move in rules.moves(state, who):
            stream = chance.fork()  # every move sees the same chance
            after = rules.apply(state, who, move, stream)
            found = values(engine, after, search)
            if found is None:
                return play_out(engine, state, chance, rng, None)
            if best is None or found[who] > best[0]:
                best = (found[who], after, stream)
        assert best is not None
        _, state, chance = best
    found = values(engine, state, search)
    return found if found is not None else play_out(engine, state, chance, rng, None)
