"""One game of a bot tournament (bench/bots.py), played the way a caller plays it.

Every seat is answered by SuggestAction's own code: service/bots.py's `Bots`
at the server's default settings (`service.server.bot_settings(Config())`,
the flags' defaults), which resolves the bot a request names (a level or a
policy), its budget, the server's time cap and the search slot, and runs it.
Only the sealing and the transport are left out, and `--server` puts them
back: the same game through a running server's NewGame, SuggestAction and
ApplyAction (tests/test_bench_bots.py proves the two give the same answers).
So the tables in docs/bots.md measure the bot a caller gets by naming a level
or a policy and no budget.

A bot is named as a request names it: `random`, `greedy`, `ismcts` (the
policies) or `easy`, `medium`, `hard` (the levels). Experiments change only
A's bot (`Override`: an ISMCTS configuration, a budget, a time), and the
rows that used one say so; `EXPERIMENTS` holds bots of experiment scripts
(bench/experiments/), played through the same `Bots.play`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import cache

import grpc

from engines import registry
from engines.bots import IsmctsConfig, IsmctsPolicy, Policy, Suggestion
from engines.bots.levels import GamesOwnPolicy
from engines.core import Game
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.bots import Bot, Bots, BotSettings
from service.config import Config
from service.server import bot_settings

#: What a SuggestAction request names for each bot a pairing may name.
REQUESTS: dict[str, pb.SuggestActionRequest] = {
    "random": pb.SuggestActionRequest(policy=pb.BOT_POLICY_RANDOM),
    "greedy": pb.SuggestActionRequest(policy=pb.BOT_POLICY_GREEDY),
    "ismcts": pb.SuggestActionRequest(policy=pb.BOT_POLICY_ISMCTS),
    "easy": pb.SuggestActionRequest(level=pb.BOT_LEVEL_EASY),
    "medium": pb.SuggestActionRequest(level=pb.BOT_LEVEL_MEDIUM),
    "hard": pb.SuggestActionRequest(level=pb.BOT_LEVEL_HARD),
}
#: Bots of experiment scripts, by name: played in process only, at the budget
#: their policy names (bench/experiments/cm_fitted_play.py).
EXPERIMENTS: dict[str, Policy] = {}


def server_settings() -> BotSettings:
    """The bot settings of a server started with no flags."""
    return bot_settings(Config())


@dataclass(frozen=True)
class Override:
    """An experiment on A's bot (none: the bot the server plays)."""

    #: A's ISMCTS configuration (A must be `ismcts` or `hard`).
    config: IsmctsConfig | None = None
    #: A's max_iterations and max_millis, as a request would name them (0: none).
    iterations: int = 0
    millis: int = 0

    def __bool__(self) -> bool:
        return self != Override()


@dataclass(frozen=True)
class Task:
    game_id: str
    players: int
    options: tuple[tuple[str, str], ...]
    pairing: str  # "A-B": one A, B in every other seat
    number: int
    override: Override = field(default_factory=Override)
    #: Appended to every game and bot seed ("": the seeds of the tables in docs/bots.md).
    seeds: str = ""
    #: host:port of a server to play through ("": in process).
    server: str = ""
    #: In process: the server's --bot-max-millis (0: its default).
    max_millis: int = 0


@dataclass
class GameResult:
    score: float
    ahead: float = 0.0  # share of the B seats that A finished ahead of (a tie: half)
    times: list[float] = field(default_factory=list)  # A's decisions, wall-clock seconds
    cpu_times: list[float] = field(default_factory=list)  # the same, CPU seconds (in process)
    iterations: int = 0
    #: A's decisions that time, not the iteration budget, ended (BotStats.stopped_by_time).
    stopped_by_time: int = 0


def game_seed(task: Task) -> bytes:
    return f"{task.game_id}/{task.players}/{task.pairing}/{task.number}{task.seeds}".encode()[:64]


def bot_seed(task: Task, step: int, seat: int) -> bytes:
    return f"{task.number}/{step}/{seat}{task.seeds}".encode()[:64]


def request(task: Task, name: str, hero: bool, seed: bytes) -> pb.SuggestActionRequest:
    """The SuggestAction request for a seat (A's budget overridden by an experiment)."""
    asked = pb.SuggestActionRequest()
    if name in REQUESTS:
        asked.CopyFrom(REQUESTS[name])
    asked.seed = seed
    if hero:
        asked.max_iterations, asked.max_millis = task.override.iterations, task.override.millis
    return asked


@cache
def _bots(max_millis: int = 0) -> Bots:
    """SuggestAction's bots at a flagless server's settings (or with its time cap)."""
    settings = server_settings()
    return Bots(replace(settings, max_millis=max_millis) if max_millis else settings)


def bot(game: Game, task: Task, name: str, hero: bool, asked: pb.SuggestActionRequest) -> Bot:
    """The bot SuggestAction resolves for `asked`, or an experiment's."""
    if name in EXPERIMENTS:
        policy = EXPERIMENTS[name]
        return Bot(policy, policy.default_iterations(game.engine), pb.BOT_POLICY_UNSPECIFIED,
                   label=name)
    resolved = _bots(task.max_millis).bot(game, asked)
    config = task.override.config
    if hero and config is not None:
        # `hard` takes a variant where it plays ISMCTS. A ValueError, not SystemExit: this
        # runs in a pool's worker, whose SystemExit left the run waiting for ever.
        played = resolved.policy
        if isinstance(played, GamesOwnPolicy):
            played = played.policy(game.engine)
        if not isinstance(played, IsmctsPolicy):
            raise ValueError(f"an ISMCTS variant needs an ISMCTS bot as A, not {name!r} "
                             f"in {game.engine.spec.game_id}")
        resolved = replace(resolved, policy=IsmctsPolicy(config))
    return resolved


def answer(game: Game, task: Task, name: str, hero: bool, seed: bytes) -> Suggestion:
    """What SuggestAction answers for the first deciding seat, in process."""
    seat = game.to_act()[0].seat
    asked = request(task, name, hero, seed)
    return _bots(task.max_millis).play(bot(game, task, name, hero, asked), game, seat, asked, None)


def play(task: Task) -> GameResult:
    """One game: bot A at seat `number % players`, bot B elsewhere."""
    if task.server:
        return play_on_server(task)
    engine = registry.get(task.game_id)
    assert engine is not None
    first, second = task.pairing.split("-")
    hero = task.number % task.players
    game = Game.new(engine, task.players, dict(task.options), game_seed(task))
    result = GameResult(0.0)
    while game.to_act():
        seat = game.to_act()[0].seat
        started, cpu = time.perf_counter(), time.process_time()
        chosen = answer(game, task, first if seat == hero else second, seat == hero,
                        bot_seed(task, game.step, seat))
        if seat == hero and len(chosen.candidates) > 1:
            result.times.append(time.perf_counter() - started)
            result.cpu_times.append(time.process_time() - cpu)
            result.iterations += chosen.iterations
            result.stopped_by_time += chosen.stopped_by_time
        game, _ = game.apply(seat, chosen.action)
    outcome = game.outcome()
    assert outcome is not None
    ranks = {r.seat: r.rank for r in outcome.results}
    return _scored(result, hero, list(outcome.winners), ranks)


def _scored(result: GameResult, hero: int, winners: list[int], ranks: dict[int, int]) -> GameResult:
    if hero in winners:
        result.score = 1.0 / len(winners)
    others = [seat for seat in ranks if seat != hero]
    result.ahead = sum(1.0 if ranks[hero] < ranks[o] else 0.5 if ranks[hero] == ranks[o] else 0.0
                       for o in others) / len(others)
    return result


@cache
def _stub(address: str) -> pb_grpc.GameServiceStub:
    return pb_grpc.GameServiceStub(grpc.insecure_channel(address))


def play_on_server(task: Task) -> GameResult:
    """`play` through a server: the same seeds, so the same game when the paths agree.
    Times are A's SuggestAction calls, wall-clock (the server's CPU is not ours to see)."""
    if task.override.config is not None or any(
            name in EXPERIMENTS for name in task.pairing.split("-")):
        raise SystemExit("--server plays the server's bots only: no --variant, --playout, "
                         "--exploration, --depth or experiment bots")
    stub = _stub(task.server)
    first, second = task.pairing.split("-")
    hero = task.number % task.players
    new = stub.NewGame(pb.NewGameRequest(game_id=task.game_id, num_players=task.players,
                                         options=dict(task.options), seed=game_seed(task)))
    update, tokens = new.update, list(new.seat_tokens)
    result = GameResult(0.0)
    while not update.HasField("outcome"):
        seat = update.decisions[0].seat
        asked = request(task, first if seat == hero else second, seat == hero,
                        bot_seed(task, update.step, seat))
        asked.state, asked.seat, asked.seat_token = update.state, seat, tokens[seat]
        asked.expected_step = update.step
        started = time.perf_counter()
        chosen = stub.SuggestAction(asked)
        if seat == hero and len(chosen.stats.candidates) > 1:
            result.times.append(time.perf_counter() - started)
            result.iterations += chosen.stats.iterations
            result.stopped_by_time += chosen.stats.stopped_by_time
        update = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=seat, action=chosen.action, seat_token=tokens[seat],
            expected_step=update.step)).update
    ranks = {r.seat: r.rank for r in update.outcome.results}
    return _scored(result, hero, list(update.outcome.winners), ranks)
