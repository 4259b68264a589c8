"""SuggestAction's bot work: policy and budget from the request (a named
level, engines/bots/levels.py, or a policy at the server's default budget),
the server's caps and the call's deadline, and a concurrency limit of its own.

The search itself lives in engines/bots; this module decides how much of
it a call may have. Searches are CPU-bound Python, so in a process they
share one core with every other call: at most `max_concurrent` run at once
and a call beyond that is refused at once (RESOURCE_EXHAUSTED, BOTS_BUSY)
rather than queued, so bots cannot starve ApplyAction. The random policy is
as cheap as listing legal actions and is never refused for being busy.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from engines.bots import (
    GREEDY_SAMPLES,
    LEVELS,
    POLICIES,
    Budget,
    GreedyPolicy,
    IsmctsPolicy,
    Policy,
    Suggestion,
    default_iterations,
    suggest,
)
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from service.errors import Code, ServiceError, invalid
from service.observe import GameObserver, NullObserver

_POLICY_NAMES: dict[int, str] = {
    pb.BOT_POLICY_UNSPECIFIED: "ismcts",
    pb.BOT_POLICY_RANDOM: "random",
    pb.BOT_POLICY_GREEDY: "greedy",
    pb.BOT_POLICY_ISMCTS: "ismcts",
}
_POLICY_ENUMS: dict[str, pb.BotPolicy.ValueType] = {
    "random": pb.BOT_POLICY_RANDOM,
    "greedy": pb.BOT_POLICY_GREEDY,
    "ismcts": pb.BOT_POLICY_ISMCTS,
}
_LEVEL_NAMES: dict[int, str] = {
    pb.BOT_LEVEL_EASY: "easy",
    pb.BOT_LEVEL_MEDIUM: "medium",
    pb.BOT_LEVEL_HARD: "hard",
}
#: The server's flag that sets a policy's default budget (0 or absent: the
#: policy's own default for the game), by policy class.
_SERVER_DEFAULTS: dict[type, Callable[[BotSettings], int]] = {
    GreedyPolicy: lambda s: s.greedy_samples,
    IsmctsPolicy: lambda s: s.default_iterations,
}
#: Time kept back from the call's deadline to build and send the answer:
#: a tenth of what is left, within these bounds (seconds); a loaded machine needs the
#: upper end to answer in time.
_MARGIN_MIN, _MARGIN_MAX = 0.01, 0.25


@dataclass(frozen=True)
class Bot:
    """What a request plays: a policy, its budget when the call names none, and
    how the answer and the metrics name it."""

    policy: Policy
    default_iterations: int
    enum: pb.BotPolicy.ValueType
    level: pb.BotLevel.ValueType = pb.BOT_LEVEL_UNSPECIFIED
    #: The metrics' `policy` label: the level's name, else the policy's.
    label: str = ""


@dataclass(frozen=True)
class BotSettings:
    """The server's bot configuration (service/config.py flags)."""

    #: 0: each game's own calibrated default (BotTuning.search_iterations).
    default_iterations: int = 0
    greedy_samples: int = GREEDY_SAMPLES
    max_iterations: int = 20_000
    max_millis: int = 2_000
    max_concurrent: int = 1


class Bots:
    def __init__(self, settings: BotSettings) -> None:
        self.settings = settings
        self._slots = threading.BoundedSemaphore(settings.max_concurrent)
        self._lock = threading.Lock()
        #: Searches holding a slot now (tests wait on it; cheap to read).
        self.running = 0

    def bot(self, game: Game, request: pb.SuggestActionRequest) -> Bot:
        """The bot a request names: a level (its policy and fixed budget), else a
        policy (its default budget: the server's flag, else the game's own)."""
        if request.level:
            name = _LEVEL_NAMES.get(request.level)
            if name is None:
                raise invalid("UNKNOWN_LEVEL", f"no bot level {request.level}; see BotLevel",
                              level=str(request.level))
            if request.policy:
                raise invalid("LEVEL_AND_POLICY", "name a bot level or a bot policy, not both: "
                              "a level fixes its policy")
            level = LEVELS[name]
            return Bot(level.policy, level.iterations(game.engine),
                       _POLICY_ENUMS[level.reports(game.engine)], request.level, name)
        name = _POLICY_NAMES.get(request.policy)
        if name is None:
            raise invalid("UNKNOWN_POLICY", f"no bot policy {request.policy}; see BotPolicy",
                          policy=str(request.policy))
        policy = POLICIES[name]
        server_default = _SERVER_DEFAULTS.get(type(policy))
        default = server_default(self.settings) if server_default is not None else 0
        return Bot(policy, default or default_iterations(policy, game.engine),
                   _POLICY_ENUMS[name], label=name)

    def budget(self, bot: Bot, iterations: int, millis: int,
               call_deadline: float | None) -> Budget:
        """What the call asked for (0: the bot's default), within the caps.

        Neither given: the bot's default iterations. Only a time given:
        as many iterations as fit, up to the cap. The time always ends at
        the server's cap and a little before the call's deadline.
        """
        s = self.settings
        if iterations < 0 or millis < 0:
            raise invalid("BAD_BUDGET", "max_iterations and max_millis must not be negative")
        if not iterations:
            iterations = s.max_iterations if millis else bot.default_iterations
        millis = min(millis or s.max_millis, s.max_millis)
        now = time.monotonic()
        deadline = now + millis / 1000
        if call_deadline is not None:
            margin = min(_MARGIN_MAX, max(_MARGIN_MIN, (call_deadline - now) / 10))
            deadline = min(deadline, call_deadline - margin)
        return Budget(max(1, min(iterations, s.max_iterations)), deadline)

    @contextmanager
    def slot(self, policy: Policy) -> Iterator[None]:
        """Room to search now, or BOTS_BUSY at once."""
        if not policy.searches:
            yield
            return
        if not self._slots.acquire(blocking=False):
            raise ServiceError(
                Code.RESOURCE_EXHAUSTED, "BOTS_BUSY",
                f"{self.settings.max_concurrent} bot search(es) already run in this process; "
                "retry shortly, or ask for the random policy",
                {"max_concurrent": str(self.settings.max_concurrent)},
            )
        with self._lock:
            self.running += 1
        try:
            yield
        finally:
            with self._lock:
                self.running -= 1
            self._slots.release()

    def run(self, game: Game, seat: int, request: pb.SuggestActionRequest,
            call_deadline: float | None,
            observer: GameObserver | None = None) -> tuple[Suggestion, Bot]:
        """The suggestion for `seat` and the bot that made it."""
        bot = self.bot(game, request)
        return self.play(bot, game, seat, request, call_deadline, observer), bot

    def play(self, bot: Bot, game: Game, seat: int, request: pb.SuggestActionRequest,
             call_deadline: float | None, observer: GameObserver | None = None) -> Suggestion:
        """`bot`'s suggestion for `seat` within the request's budget and seed (bench/bots.py
        plays its experimental bots through here too). Every answered search and every
        BOTS_BUSY refusal is reported here, once, to `observer` (the metrics)."""
        seed = request.seed if request.HasField("seed") else os.urandom(16)
        if not 1 <= len(seed) <= 64:
            raise invalid("BAD_SEED", f"seed must be 1..64 bytes, got {len(seed)}")
        observer = observer or NullObserver()
        try:
            with self.slot(bot.policy):
                budget = self.budget(bot, request.max_iterations, request.max_millis,
                                     call_deadline)
                started = time.perf_counter()
                chosen = suggest(game, seat, bot.policy, budget, seed)
                seconds = time.perf_counter() - started
        except ServiceError as exc:
            if exc.reason == "BOTS_BUSY":
                observer.bot_busy(game.game_id, bot.label)
            raise
        observer.bot_searched(game.game_id, bot.label, chosen.iterations, seconds)
        return chosen
