"""Locust users that play whole marketplay games through the generated client.

    locust -f clients/loadtest/locustfile.py -H 127.0.0.1:50051 --headless -u 20 -r 10 -t 60s
    locust -f clients/loadtest/locustfile.py -H 127.0.0.1:50051 --headless -u 60 -t 5m --traffic ramp
    locust -f clients/loadtest/locustfile.py -H 127.0.0.1:50051 --headless -t 5m \\
        --traffic open --arrival-rate 4

`make load` wraps this (clients/loadtest/run.py); docs/load-testing.md is the
guide. Users speak gRPC (-H) or Connect JSON on the HTTP port (--http-host), in
the shares of --protocols or the mix's. Requests appear per protocol and RPC
("grpc ApplyAction", "http ApplyAction") with their status; a
response that breaks the contract is a failure ("CONTRACT WRONG_STEP"); each
finished game is one "game" row whose time is the game's wall time and whose
size is its number of actions. --summary writes the one-page summary.
"""

from __future__ import annotations

import grpc.experimental.gevent as grpc_gevent

grpc_gevent.init_gevent()  # before any channel exists: grpc's I/O must yield to gevent

import argparse
import logging
import os
import random
import sys
import time
from functools import cache
from typing import Any

import gevent
import gevent.pool
import psutil
from locust import LoadTestShape, User, events, task
from locust.env import Environment
from locust.runners import MasterRunner, WorkerRunner

from marketplay.v1 import game_service_pb2 as pb
from marketplay_load import shapes, summary
from marketplay_load.choosers import make_chooser
from marketplay_load.http_json import HttpTransport
from marketplay_load.mix import (
    DEFAULT_MIX,
    Mix,
    MixError,
    check_against_catalogue,
    load_mix,
)
from marketplay_load.play import GameResult, play_game
from marketplay_load.tally import Tally
from marketplay_load.transport import GrpcTransport, Report, RpcFailure, Transport

log = logging.getLogger("marketplay.load")
DEFAULT_ADDRESS = os.environ.get("MARKETPLAY_ADDRESS") or "127.0.0.1:50051"
HTTP_PORT = 8080  # the HTTP port's default (docs/http.md), when --http-host is not given
TALLY = Tally()  # this process's games and errors (the master's: everyone's)
REPORT_KEY = "marketplay"  # our part of each worker's report to the master


class GameFailure(Exception):
    """Why a game row failed: the label of the failure that ended the game."""

    def __repr__(self) -> str:
        return str(self)


# ----------------------------------------------------------------------- options


@events.init_command_line_parser.add_listener
def _options(parser: Any) -> None:
    parser.add_argument("--mix", default=str(DEFAULT_MIX), env_var="LOCUST_MIX",
                        help="TOML file: game mix and play style (default clients/loadtest/mix.toml)")
    parser.add_argument("--chooser", default="", env_var="LOCUST_CHOOSER",
                        help="override the mix's chooser: random or suggest:<random|greedy|ismcts>")
    parser.add_argument("--protocols", default="", env_var="LOCUST_PROTOCOLS",
                        help="override the mix's protocols: grpc, http, or shares as grpc=3,http=1")
    parser.add_argument("--http-host", default="", env_var="LOCUST_HTTP_HOST",
                        help="the HTTP port's URL for http users (default: -H's host, port 8080)")
    parser.add_argument("--traffic", default="steady", choices=shapes.TRAFFIC, env_var="LOCUST_TRAFFIC",
                        help="steady: -u users; ramp: -u users in --ramp-steps steps over -t; "
                             "open: --arrival-rate new games/s")
    parser.add_argument("--ramp-steps", type=int, default=5, env_var="LOCUST_RAMP_STEPS",
                        help="ramp traffic: number of equal steps")
    parser.add_argument("--arrival-rate", type=float, default=2.0, env_var="LOCUST_ARRIVAL_RATE",
                        help="open traffic: new games per second over all load-generating processes")
    parser.add_argument("--max-games-in-flight", type=int, default=500,
                        env_var="LOCUST_MAX_GAMES_IN_FLIGHT",
                        help="open traffic: games one process plays at once; arrivals beyond are "
                             "dropped and counted as failures")
    parser.add_argument("--channels", type=int, default=16, env_var="LOCUST_CHANNELS",
                        help="open traffic: gRPC channels (connections) per process")
    parser.add_argument("--summary", default="", env_var="LOCUST_SUMMARY",
                        help="write the one-page summary to <prefix>.json and <prefix>.md")
    parser.add_argument("--server-pid", type=int, default=0, include_in_web_ui=False,
                        help="a server process on this machine whose CPU (with its children's) "
                             "the summary reports")
    # Set by the shape on the master and sent to the workers with each spawn message.
    parser.add_argument("--arrival-streams", type=int, default=1, include_in_web_ui=False,
                        help=argparse.SUPPRESS)


@cache
def mix_of(path: str, chooser: str, protocols: str) -> Mix:
    return load_mix(path, chooser or None, protocols or None)


def options_of(environment: Environment) -> argparse.Namespace:
    """Locust's parsed options (with ours); always set when Locust runs this file."""
    options = environment.parsed_options
    assert isinstance(options, argparse.Namespace), "the locust command parses the options"
    return options


def current_mix(environment: Environment) -> Mix:
    options = options_of(environment)
    return mix_of(options.mix, options.chooser, options.protocols)


def address_of(host: str | None) -> str:
    address = host or DEFAULT_ADDRESS
    return address.removeprefix("grpc://")


def http_url_of(environment: Environment, host: str | None) -> str:
    """--http-host, or the gRPC target's host on the HTTP port's default."""
    options = options_of(environment)
    if options.http_host:
        return str(options.http_host)
    target = address_of(host).removeprefix("dns:///")
    name = target.rsplit(":", 1)[0] if ":" in target.split("]")[-1] else target  # "[::1]:50051"
    return f"http://{name}:{HTTP_PORT}"


def transport_for(environment: Environment, protocol: str, host: str | None,
                  connections: int = 1) -> Transport:
    """One gRPC channel (multiplexed) or `connections` HTTP/1.1 keep-alive connections."""
    report = reporter(environment)
    deadline = current_mix(environment).style.deadline_seconds
    if protocol == "http":
        return HttpTransport(http_url_of(environment, host), report, deadline, connections)
    return GrpcTransport(address_of(host), report, deadline)


# ------------------------------------------------------------------ reporting


def reporter(environment: Environment) -> Report:
    def report(request_type: str, name: str, ms: float, size: int, error: Exception | None) -> None:
        environment.events.request.fire(request_type=request_type, name=name, response_time=ms,
                                        response_length=size, exception=error, context={})
    return report


def report_game(environment: Environment, result: GameResult) -> None:
    """One "game" row per finished game; a game ended by a failure is a failed row."""
    if result.ending not in ("completed", "abandoned"):
        return  # unstarted: its NewGame row failed; interrupted: the run ended it
    error = GameFailure(result.failure) if result.ending == "abandoned" else None
    environment.events.request.fire(
        request_type=summary.GAME_ROWS, name=result.kind.label, response_time=result.seconds * 1000,
        response_length=result.actions, exception=error, context={},
    )


@events.request.add_listener
def _count_errors(request_type: str, name: str, exception: Exception | None = None,
                  **_: Any) -> None:
    if exception is not None and request_type != summary.GAME_ROWS:
        TALLY.request_failed(getattr(exception, "label", type(exception).__name__))


# ---------------------------------------------------------------------- users


class Player(User):
    """A game backend: plays one game start to end, pauses, starts the next.

    Closed model (steady and ramp traffic). One transport, so one connection,
    per user: with several server workers on one port (SO_REUSEPORT) or
    several pods, users spread over all of them. The subclasses differ only
    in the protocol; their weights are the mix's protocol shares.
    """

    abstract = True
    protocol = "grpc"
    host = DEFAULT_ADDRESS

    def on_start(self) -> None:
        self.mix = current_mix(self.environment)
        self.rng = random.Random()
        self.transport = transport_for(self.environment, self.protocol, self.host)
        self.chooser = make_chooser(self.mix.style, self.transport, self.rng, gevent.sleep)

    def on_stop(self) -> None:
        self.transport.close()

    def wait_time(self) -> float:
        return self.rng.uniform(*self.mix.style.pause_seconds)

    @task
    def play(self) -> None:
        kind = self.mix.pick(self.rng)
        result = play_game(self.transport, kind, self.mix.style, self.chooser, self.rng, TALLY,
                           gevent.sleep)
        report_game(self.environment, result)


class GrpcPlayer(Player):
    """Over gRPC, through the generated stub (-H)."""

    protocol = "grpc"


class HttpPlayer(Player):
    """Over the HTTP port as Connect JSON (--http-host), as a browser or mobile backend."""

    protocol = "http"


PLAYERS: dict[str, type[Player]] = {"grpc": GrpcPlayer, "http": HttpPlayer}


class OpenArrivals(User):
    """Open model: new games arrive as a Poisson stream, each played by its own greenlet.

    The shape runs one of these per load-generating process; each takes an
    equal share of --arrival-rate. Each game picks its protocol by the mix's
    shares; the games of a protocol share --channels transports (gRPC
    channels multiplex; an HTTP transport holds enough keep-alive connections
    for its share of the games in flight).
    """

    host = DEFAULT_ADDRESS

    def wait_time(self) -> float:
        return 0.0

    @task
    def arrivals(self) -> None:
        options = options_of(self.environment)
        mix = current_mix(self.environment)
        rng = random.Random()
        rate = options.arrival_rate / max(1, options.arrival_streams)
        report = reporter(self.environment)
        count = max(1, options.channels)
        per_channel = -(-max(1, options.max_games_in_flight) // count)
        shares = mix.style.protocols
        channels = {protocol: [transport_for(self.environment, protocol, self.host, per_channel)
                               for _ in range(count)] for protocol in shares}
        games: gevent.pool.Pool = gevent.pool.Pool(max(1, options.max_games_in_flight))
        try:
            while True:
                gevent.sleep(rng.expovariate(rate))
                if games.full():
                    TALLY.arrival_dropped()
                    report(summary.GAME_ROWS, "(arrivals)", 0.0, 0,
                           GameFailure(f"DROPPED: over {games.size} games in flight"))
                    continue
                protocol = rng.choices(list(shares), weights=list(shares.values()))[0]
                games.spawn(self._one_game, rng.choice(channels[protocol]), mix)
        finally:
            games.kill()
            for transports in channels.values():
                for transport in transports:
                    transport.close()

    def _one_game(self, transport: Transport, mix: Mix) -> None:
        rng = random.Random()
        chooser = make_chooser(mix.style, transport, rng, gevent.sleep)
        result = play_game(transport, mix.pick(rng), mix.style, chooser, rng, TALLY, gevent.sleep)
        report_game(self.environment, result)


OPEN_USERS: tuple[type[User], ...] = (OpenArrivals,)


class TrafficShape(LoadTestShape):
    """--traffic steady | ramp | open, with the usual -u, -r and -t (docs/load-testing.md)."""

    use_common_options = True

    def tick(self) -> tuple[int, float, list[type[User]]] | None:
        assert self.runner is not None
        environment = self.runner.environment
        options = options_of(environment)
        run_time = float(options.run_time) if options.run_time else None
        elapsed = self.get_run_time()
        classes: list[type[User]] = environment.user_classes
        # the players of the protocols the mix gives a share (their weights, set at init)
        closed = [c for c in classes if c not in OPEN_USERS and c.weight > 0]
        if options.traffic == "open":
            streams = self.runner.worker_count if isinstance(self.runner, MasterRunner) else 1
            options.arrival_streams = max(1, streams)  # the workers receive it with the spawn
            tick = shapes.open_model(elapsed, options.arrival_streams, run_time)
            chosen = [c for c in classes if c in OPEN_USERS]
        elif options.traffic == "ramp":
            tick = shapes.ramp(elapsed, options.num_users or 1, options.spawn_rate or 1.0,
                               run_time, options.ramp_steps)
            chosen = closed
        else:
            tick = shapes.steady(elapsed, options.num_users or 1, options.spawn_rate or 1.0, run_time)
            chosen = closed
        if tick is None:
            return None
        return tick[0], tick[1], chosen


# ---------------------------------------------------------------- run events


class _Run:
    """What the master (or the only process) remembers to write the summary."""

    started = 0.0
    stopped = 0.0
    own_cpu = 0.0
    server_cpu = 0.0
    steps: list[dict[str, Any]] = []  # noqa: RUF012  # one per user count held
    step_start: dict[str, Any] | None = None
    sampler: gevent.Greenlet | None = None


def _snapshot(environment: Environment) -> dict[str, Any]:
    stats = environment.stats
    rpcs = [e for e in stats.entries.values() if e.method != summary.GAME_ROWS]
    apply_times: dict[int, int] = {}  # ApplyAction over every protocol
    for protocol in PLAYERS:
        entry = stats.entries.get(("ApplyAction", protocol))
        for ms, count in (entry.response_times if entry else {}).items():
            apply_times[ms] = apply_times.get(ms, 0) + count
    return summary.snapshot(
        time.time(), environment.runner.user_count if environment.runner else 0,
        sum(e.num_requests for e in rpcs), sum(e.num_failures for e in rpcs),
        apply_times,
        _cpu_seconds(options_of(environment).server_pid), _cpu_seconds(os.getpid()),
    )


def _close_step(environment: Environment) -> None:
    if _Run.step_start is not None:
        end = _snapshot(environment)
        if end["time"] - _Run.step_start["time"] >= 1.0:
            _Run.steps.append(summary.step(_Run.step_start, end))
        _Run.step_start = None


def _sample_steps(environment: Environment) -> None:
    """Each second: has the user count changed? Then one step ends and the next begins."""
    while True:
        gevent.sleep(1.0)
        users = environment.runner.user_count if environment.runner else 0
        if _Run.step_start is None or users != _Run.step_start["users"]:
            _close_step(environment)
            _Run.step_start = _snapshot(environment) if users else None


@events.init.add_listener
def _on_init(environment: Environment, **_: Any) -> None:
    options = environment.parsed_options
    if options is None:  # a library user building its own Environment
        return
    try:
        mix = current_mix(environment)
    except MixError as exc:
        log.error("%s", exc)
        sys.exit(2)
    for protocol, player in PLAYERS.items():  # Locust spreads users by these weights
        player.weight = mix.style.protocols.get(protocol, 0)
    if isinstance(environment.runner, WorkerRunner):
        environment.events.report_to_master.add_listener(
            lambda client_id, data, **_: data.__setitem__(REPORT_KEY, TALLY.drain()))
    elif isinstance(environment.runner, MasterRunner):
        environment.events.worker_report.add_listener(
            lambda client_id, data, **_: TALLY.merge(data.get(REPORT_KEY, {})))


@events.test_start.add_listener
def _on_test_start(environment: Environment, **_: Any) -> None:
    _reset_tally()  # a new test from the web UI starts from zero, as Locust's stats do
    if isinstance(environment.runner, WorkerRunner):
        return
    _Run.started = time.time()
    _Run.own_cpu = _cpu_seconds(os.getpid())
    _Run.server_cpu = _cpu_seconds(options_of(environment).server_pid)
    _Run.steps, _Run.step_start = [], None
    if _Run.sampler is None:
        _Run.sampler = gevent.spawn(_sample_steps, environment)
    problems = _check_mix(environment)
    if problems:
        for problem in problems:
            log.error("mix: %s", problem)
        environment.process_exit_code = 2
        if environment.runner is not None:
            gevent.spawn_later(0, environment.runner.quit)


def _check_mix(environment: Environment) -> list[str]:
    """The mix against the server's ListGames, over each protocol the mix uses (each
    call itself reported as a request): a wrong address fails here, not mid-run."""
    problems: list[str] = []
    host = environment.host or DEFAULT_ADDRESS
    for protocol in current_mix(environment).style.protocols:
        transport = transport_for(environment, protocol, host)
        target = http_url_of(environment, host) if protocol == "http" else address_of(host)
        try:
            listed: pb.ListGamesResponse = transport.call("ListGames", pb.ListGamesRequest())
        except RpcFailure as failure:
            problems.append(f"ListGames over {protocol} failed ({failure.label}): is a server "
                            f"at {target}?")
            continue
        finally:
            transport.close()
        problems += check_against_catalogue(current_mix(environment), listed.games)
    return list(dict.fromkeys(problems))


@events.reset_stats.add_listener
def _reset_tally(**_: Any) -> None:
    TALLY.drain()


@events.test_stop.add_listener
def _on_test_stop(environment: Environment, **_: Any) -> None:
    if not isinstance(environment.runner, WorkerRunner):
        _Run.stopped = time.time()
        if _Run.sampler is not None:
            _Run.sampler.kill()
            _Run.sampler = None
        _close_step(environment)
        write_summary(environment)


@events.quitting.add_listener
def _on_quitting(environment: Environment, **_: Any) -> None:
    """Again at the very end: by now every worker's final report has arrived."""
    write_summary(environment)


def write_summary(environment: Environment) -> None:
    options = environment.parsed_options
    if isinstance(environment.runner, WorkerRunner) or not options or not options.summary:
        return
    stopped = _Run.stopped or time.time()
    seconds = stopped - (_Run.started or stopped)
    cpu: dict[str, str] = {}
    if seconds > 0:  # with --processes the workers are this process's children
        used = _cpu_seconds(os.getpid()) - _Run.own_cpu
        cpu["locust on this host"] = f"{used / seconds:.2f} cores"
    if options.server_pid and seconds > 0:
        used = _cpu_seconds(options.server_pid) - _Run.server_cpu
        cpu["server"] = f"{used / seconds:.2f} cores (all its processes)"
    rows = [{
        "type": entry.method, "name": entry.name, "requests": entry.num_requests,
        "failures": entry.num_failures, "avg": round(entry.avg_response_time, 2),
        "p50": entry.get_response_time_percentile(0.5),
        "p90": entry.get_response_time_percentile(0.9),
        "p99": entry.get_response_time_percentile(0.99),
        "max": entry.max_response_time or 0,
    } for entry in environment.stats.entries.values()]
    protocols = dict(current_mix(environment).style.protocols)
    run = {
        "target": address_of(environment.host), "protocols": protocols,
        "http_target": http_url_of(environment, environment.host) if "http" in protocols else "",
        "traffic": options.traffic,
        "users": options.num_users, "arrival_rate": options.arrival_rate,
        "mix": options.mix, "chooser": current_mix(environment).style.chooser,
        "started": _Run.started, "cpu": cpu,
    }
    paths = summary.write(summary.build(rows, TALLY, seconds, run, _Run.steps), options.summary)
    log.info("summary written to %s", ", ".join(map(str, paths)))


def _cpu_seconds(pid: int) -> float:
    """CPU seconds of `pid` and all its children, live or reaped (0 with no such process).

    A server worker killed and restarted mid-run still counts: its supervisor
    reaped it, so its time is in the supervisor's children_user/children_system.
    """
    if not pid:
        return 0.0
    try:
        process = psutil.Process(pid)
        times = process.cpu_times()
        total = float(times.user + times.system + times.children_user + times.children_system)
        for child in process.children(recursive=True):
            times = child.cpu_times()
            total += times.user + times.system
        return total
    except psutil.Error:
        return 0.0
