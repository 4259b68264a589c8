"""Framework state around an engine state (boardgame.io's ctx vs. G).

`Game` holds what every game needs and no engine should re-implement: the
step counter, the seed and RNG counter, the validated options, and the
generic checks (game over, seat not deciding, stale step, illegal action).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from google.protobuf.message import Message

from engines.core.engine import Decision, Engine, Event, Outcome
from engines.core.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn, StaleStep
from engines.core.rng import Rng
from engines.core.spec import OptionValue
from engines.core.wire import dumps, int_in, loads

#: Version of the framework's plain encoding (below the engine's own bytes).
SCHEMA_VERSION = 1
#: Bound on the header's counts (players, RNG counter, step): the counter is
#: written as 8 bytes into every draw (rng.py).
_MAX_COUNT = (1 << 64) - 1


def _seed(text: object) -> bytes:
    """The header's seed: hex of 1..64 bytes, as `Rng` takes it."""
    try:
        seed = bytes.fromhex(text) if isinstance(text, str) else b""
    except ValueError:
        seed = b""
    if not 1 <= len(seed) <= 64:
        raise ValueError("state seed is malformed")
    return seed


@dataclass(frozen=True)
class Game:
    """One game in progress. Immutable: `apply` returns a new Game."""

    engine: Engine[Any, Any]
    num_players: int
    options: Mapping[str, OptionValue]
    seed: bytes
    rng_counter: int
    step: int
    state: Any
    #: The header's fixed part, derived from the fields above: computed once
    #: per game and handed on by `apply`, so `encode` (every call) skips it.
    header_prefix: bytes = field(default=b"", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.header_prefix:
            fixed = _fixed_header(self.engine, self.num_players, tuple(sorted(self.options.items())))
            object.__setattr__(self, "header_prefix", fixed + dumps(self.seed.hex()) + b",")

    @classmethod
    def new(
        cls,
        engine: Engine[Any, Any],
        num_players: int,
        options: Mapping[str, str],
        seed: bytes,
    ) -> Game:
        resolved = engine.spec.resolve_options(options, num_players)
        rng = Rng(seed)
        state = engine.new_game(num_players, resolved, rng)
        return cls(engine, num_players, resolved, seed, rng.counter, 0, state)

    @property
    def game_id(self) -> str:
        return self.engine.spec.game_id

    @property
    def rules_version(self) -> str:
        """The rules the game is played under, for its whole life."""
        return self.engine.spec.rules_version

    @property
    def seed_commitment(self) -> bytes:
        return hashlib.sha256(self.seed).digest()

    def to_act(self) -> tuple[Decision, ...]:
        return tuple(self.engine.to_act(self.state))

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self.state)

    def check_turn(self, seat: int, expected_step: int | None = None) -> None:
        """The checks before any action of `seat`: not stale, not over, deciding.

        Also what a bot suggesting an action for `seat` must pass, so both
        get the same refusal.
        """
        if expected_step is not None and expected_step != self.step:
            raise StaleStep(
                f"action was chosen at step {expected_step} but the game is at step {self.step}"
            )
        deciders = self.to_act()
        if not deciders:
            raise GameOver("the game is over; no more actions are accepted")
        if not 0 <= seat < self.num_players:
            raise NotYourTurn(f"seat {seat} does not exist in a {self.num_players}-player game")
        if all(d.seat != seat for d in deciders):
            waiting = ", ".join(str(d.seat) for d in deciders)
            raise NotYourTurn(f"seat {seat} is not deciding now; waiting for seat(s) {waiting}")

    def apply(
        self, seat: int, action: Message, expected_step: int | None = None
    ) -> tuple[Game, list[Event]]:
        """The generic checks, once for every game, then the engine's rules."""
        size, bound = action.ByteSize(), self.engine.spec.max_action_bytes
        if size > bound:
            raise MalformedAction(
                f"a {self.game_id} action is at most {bound} bytes; this one has {size}: "
                "it cannot be legal"
            )
        self.check_turn(seat, expected_step)
        if not self.engine.is_legal(self.state, seat, action):
            raise IllegalAction(f"that action is not legal for seat {seat} now; see legal_actions")
        rng = Rng(self.seed, self.rng_counter)
        state, events = self.engine.apply(self.state, seat, action, rng)
        after = Game(self.engine, self.num_players, self.options, self.seed, rng.counter,
                     self.step + 1, state, self.header_prefix)
        return after, events

    # ------------------------------------------------------------ encoding

    def encode(self) -> bytes:
        """Plain, deterministic encoding: a JSON header line, then engine bytes.

        Header: [schema, game id, rules version, players, options, seed hex,
        rng counter, step].
        """
        tail = f"{self.rng_counter},{self.step}]\n".encode()
        return self.header_prefix + tail + self.engine.encode(self.state)

    @classmethod
    def decode(cls, engine: Engine[Any, Any], data: bytes, *, authenticated: bool = False) -> Game:
        """Inverse of `encode`; raises ValueError naming what does not fit.

        `authenticated`: the bytes are a state the service authenticated, which
        a marketplay build wrote: the header is checked as for any bytes (it
        names the layout: schema, game, rules version, options), the body by
        its layout only (`Engine.read`; docs/architecture.md, "What an
        authenticated state is checked for")."""
        head, sep, body = data.partition(b"\n")
        if not sep:
            raise ValueError("state has no header")
        try:
            schema, game_id, rules, num_players, options, seed, counter, step = loads(head)
        except (ValueError, TypeError) as exc:  # TypeError: not 8 fields
            raise ValueError("state header is malformed") from exc
        spec = engine.spec
        if schema != SCHEMA_VERSION:
            raise ValueError(f"state schema {schema} is not supported (this server: {SCHEMA_VERSION})")
        if game_id != spec.game_id:
            raise ValueError(f"state belongs to {game_id!r}, not {spec.game_id!r}")
        if rules != spec.rules_version:
            raise ValueError(
                f"state was made under rules {rules!r}; this server plays {spec.rules_version!r}"
            )
        if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
            raise ValueError("state options are malformed")
        int_in(num_players, "players", 1, _MAX_COUNT)
        int_in(counter, "rng counter", 0, _MAX_COUNT)
        int_in(step, "step", 0, _MAX_COUNT)
        if authenticated:
            resolved = dict(_resolved(engine, num_players, tuple(sorted(options.items()))))
            state = engine.read(body)
        else:
            resolved = spec.resolve_options(options, num_players)
            state = engine.decode(body)
        if getattr(state, "num_players", num_players) != num_players:  # every engine's state has it
            raise ValueError("state body holds another player count than its header")
        return cls(engine, num_players, resolved, _seed(seed), counter, step, state)

    def digest(self) -> bytes:
        """SHA-256 of the plain encoding: equal games have equal digests."""
        return hashlib.sha256(self.encode()).digest()


#: Distinct (engine, players, options) of the games a worker plays: a handful per
#: game and rules version, made by the engines' own specs.
_HEADERS = 256


@lru_cache(maxsize=_HEADERS)
def _fixed_header(engine: Engine[Any, Any], num_players: int,
                  options: tuple[tuple[str, OptionValue], ...]) -> bytes:
    """The header's bytes before the seed: schema, game, rules, players, options as text."""
    spec = engine.spec
    by_name = {o.name: o for o in spec.options}
    fixed = [SCHEMA_VERSION, spec.game_id, spec.rules_version, num_players,
             {name: by_name[name].text(value) for name, value in options}]
    return dumps(fixed)[:-1] + b","


@lru_cache(maxsize=_HEADERS)
def _resolved(engine: Engine[Any, Any], num_players: int,
              options: tuple[tuple[str, str], ...]) -> Mapping[str, OptionValue]:
    """An authenticated header's options, resolved once per distinct header
    (authenticated: the service wrote them, so they are few)."""
    return engine.spec.resolve_options(dict(options), num_players)
