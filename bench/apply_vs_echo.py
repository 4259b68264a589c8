"""ApplyAction against a bare gRPC echo carrying the same bytes, side by side.

    python -m bench.apply_vs_echo [--preset defaults|cache|threads|aio|cost|floor] [--rounds 5] [--seconds 3]

Every server of the preset is started first and kept up together; then, round
by round, each is driven in turn (the order rotated every round, so none is
always first or last after a quiet spell) from 1 and from 16 client threads
for `--seconds`, with pre-serialised requests (no client protobuf work). Each
client thread has a connection of its own, as docs/deploy.md tells clients
to do, so several workers sharing a port (SO_REUSEPORT balances connections)
all get traffic. Ratios are taken within a round, then the median and the
min-max range over rounds are printed: on a shared, noisy machine a single
sequential pass misleads.

Presets (the request: a mid-game 4-player ApplyAction asking for one seat's
view; the echo carries the same request bytes both ways):

* ``defaults``: the deployment before issue 14 (one worker, 16 threads) and
  the default deployment now (`--workers auto`, pinned, the default
  `--threads`), each beside an echo deployed the same way, plus the new
  default with one worker (the 1 vs 2 workers figure).
* ``cache``: one worker with and without the state cache, and the echo.
* ``threads``: the default deployment with 1, 2, 4, 8 and 16 threads.
* ``aio``: one worker on grpc.aio (now) beside the thread-pool code before
  issue 18 (``--before``), each beside an echo of its own server model.
* ``cost``: what a call costs where it lands (issue 38): one worker with the
  state cache (the warm path: the worker sealed the state), one with none
  (`--state-cache-size 0`: every call opens its state, as on a worker or
  replica that never saw the game), and a grpc.aio echo; with ``--before``
  the same two of another checkout beside them.
* ``floor``: where a warm call's CPU goes (issue 38): the grpc.aio echo, one
  worker with the state cache, and the same service answering every
  ApplyAction with the first one's response (bench/kept_answer.py: the port,
  interceptor, lifecycle and serialization without the core). The server CPU
  of ``apply`` minus ``apply kept answer`` is the core's share of a call.

The server's CPU per call (all its processes, from /proc) is printed too, and
its ratios within each round (the figure that holds on a busy machine, where
calls/s swing with the load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from bench.loopback import KEYS, cpu_seconds, free_port
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

ROOT = Path(__file__).resolve().parents[1]
APPLY = "/marketplay.v1.GameService/ApplyAction"
ECHO = "/bench.Echo/Echo"
CALLERS = (1, 16)


@dataclass
class Result:
    name: str
    threads: int
    calls: int
    seconds: float
    p50_ms: float
    cpu_us_per_call: float

    @property
    def qps(self) -> float:
        return self.calls / self.seconds


@dataclass
class Side:
    """One server of a run: what it is, how it is started, what it is asked."""

    name: str
    args: list[str]
    method: str
    root: Path = ROOT
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    results: dict[int, list[Result]] = field(default_factory=dict)


def spawn(args: list[str], port: int, root: Path = ROOT) -> subprocess.Popen[bytes]:
    """`python args` in `root` (another checkout: the code before a change), with
    that checkout's own generated code (clients/python), not this venv's."""
    path = os.pathsep.join([str(root), str(root / "clients" / "python")])
    env = {**os.environ, "PYTHONPATH": path, "MARKETPLAY_STATE_KEYS": KEYS}
    proc = subprocess.Popen([sys.executable, *args], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
    return proc


def tree_cpu_seconds(pid: int, own: Callable[[int], float] = cpu_seconds) -> float:
    """CPU time of a process and of its children (a supervisor's workers), each
    read with `own`."""
    total = own(pid)
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        total += sum(tree_cpu_seconds(int(child), own) for child in children)
    return total


def drive(name: str, port: int, method: str, payload: bytes, threads: int, seconds: float,
          pid: int) -> Result:
    """`threads` callers, each on a connection of its own, for `seconds`."""
    channels = [grpc.insecure_channel(f"127.0.0.1:{port}",
                                      options=[("grpc.use_local_subchannel_pool", 1)])
                for _ in range(threads)]
    # bytes in, bytes out: no client-side protobuf work
    calls: list[Callable[[bytes], bytes]] = [
        channel.unary_unary(method, request_serializer=None, response_deserializer=None)
        for channel in channels]
    for call in calls:
        for _ in range(20):
            call(payload)
    latencies: list[list[float]] = [[] for _ in range(threads)]
    stop_at = time.perf_counter() + seconds

    def worker(call: Callable[[bytes], bytes], out: list[float]) -> None:
        while True:
            start = time.perf_counter()
            if start >= stop_at:
                return
            call(payload)
            out.append(time.perf_counter() - start)

    cpu_before = tree_cpu_seconds(pid)
    began = time.perf_counter()
    pool = [threading.Thread(target=worker, args=(call, lat))
            for call, lat in zip(calls, latencies, strict=True)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - began
    cpu = tree_cpu_seconds(pid) - cpu_before
    for channel in channels:
        channel.close()
    flat = [x for lat in latencies for x in lat]
    return Result(name, threads, len(flat), elapsed, statistics.median(flat) * 1000,
                  cpu / len(flat) * 1e6)


def apply_payload(port: int, game_id: str, steps: int,
                  views: pb.ViewSelection | None = None) -> bytes:
    """Reach a mid-game state through the server itself, return the next request
    (asking for `views`, by default seat 0's)."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = pb_grpc.GameServiceStub(channel)
        own = views if views is not None else pb.ViewSelection(seats=[0])
        update = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=4, seed=b"bench",
                                                views=pb.ViewSelection(all_seats=True))).update
        policy = Rng(b"bench-policy")
        for _ in range(steps):
            decision = next(d for d in update.decisions if d.legal_actions)
            action = decision.legal_actions[policy.below(len(decision.legal_actions))]
            update = stub.ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=action,
                views=pb.ViewSelection(all_seats=True))).update
        decision = next(d for d in update.decisions if d.legal_actions)
        request = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                        action=decision.legal_actions[0], views=own)
        return request.SerializeToString()


def new_defaults() -> tuple[int, int]:
    """The workers and threads a server started without flags uses on this machine."""
    from service.config import load_config

    config = load_config([], env={})
    return config.workers, config.threads


def sides(preset: str, before: str = "") -> list[Side]:
    serve = ["-m", "service.main", "--metrics-port", "0", "--http-port", "0"]
    echo = ["-m", "bench.echo_server"]
    if preset == "cache":
        one = ["--workers", "1", "--threads", "16"]
        return [Side("echo", [*echo, "--threads", "16"], ECHO),
                Side("apply", [*serve, *one], APPLY),
                Side("apply-nocache", [*serve, *one, "--state-cache-size", "0"], APPLY)]
    if preset == "aio":  # issue 18: the gRPC port moved from the thread-pool server to grpc.aio
        one = ["--workers", "1"]
        run = [Side("echo sync", [*echo, "--threads", "4"], ECHO),
               Side("echo aio", [*echo, "--aio"], ECHO),
               Side("apply aio (now)", [*serve, *one], APPLY)]
        if before:
            run.append(Side("apply sync (before)", [*serve, *one], APPLY, Path(before)))
        return run
    if preset == "cost":  # issue 38: warm, miss, echo; now and, with --before, before
        one = ["--workers", "1"]
        run = [Side("echo", [*echo, "--aio"], ECHO),
               Side("apply", [*serve, *one], APPLY),
               Side("apply miss", [*serve, *one, "--state-cache-size", "0"], APPLY)]
        if before:
            run += [Side("apply before", [*serve, *one], APPLY, Path(before)),
                    Side("apply miss before", [*serve, *one, "--state-cache-size", "0"], APPLY,
                         Path(before))]
        return run
    if preset == "floor":  # issue 38: the port's share of a warm ApplyAction, and the core's
        one = ["--workers", "1", "--metrics-port", "0", "--http-port", "0"]
        return [Side("echo", [*echo, "--aio"], ECHO),
                Side("apply", [*serve, "--workers", "1"], APPLY),
                Side("apply kept answer", ["-m", "bench.kept_answer", *one], APPLY)]
    workers, threads = new_defaults()
    if preset == "threads":
        return [Side(f"apply t{n}", [*serve, "--threads", str(n)], APPLY) for n in (1, 2, 4, 8, 16)]
    if preset != "defaults":
        raise SystemExit(f"unknown preset {preset!r}")
    run = [
        Side("echo old", [*echo, "--threads", "16"], ECHO),
        Side("apply old", [*serve, "--workers", "1", "--threads", "16"], APPLY),
        Side(f"echo new ({workers}w)",
             [*echo, "--threads", str(threads), "--workers", str(workers), "--pin"], ECHO),
        Side(f"apply new ({workers}w)", serve, APPLY),
        Side("apply new 1w", [*serve, "--workers", "1"], APPLY),
    ]
    if before:  # the code before the change, as it was deployed by default
        run.append(Side("apply before", [*serve, "--workers", "1", "--threads", "16"], APPLY,
                        Path(before)))
    return run


def ratios(preset: str, run: list[Side]) -> list[tuple[str, str, str]]:
    """(label, numerator side, denominator side) of the ratios a preset prints."""
    names = [side.name for side in run]
    if preset == "cache":
        return [("apply / echo", "apply", "echo"), ("apply-nocache / echo", "apply-nocache", "echo")]
    if preset == "threads":
        return [(f"{name} / apply t16", name, "apply t16") for name in names[:-1]]
    if preset == "cost":
        pairs = [("apply / echo", "apply", "echo"), ("apply miss / echo", "apply miss", "echo"),
                 ("apply miss / apply", "apply miss", "apply")]
        if "apply before" in names:
            pairs += [("before: apply / echo", "apply before", "echo"),
                      ("before: apply miss / apply", "apply miss before", "apply before"),
                      ("apply: now / before", "apply", "apply before"),
                      ("apply miss: now / before", "apply miss", "apply miss before")]
        return pairs
    if preset == "floor":
        return [("kept answer / echo", "apply kept answer", "echo"),
                ("apply / echo", "apply", "echo"),
                ("apply / kept answer", "apply", "apply kept answer")]
    if preset == "aio":
        pairs = [("echo: aio / sync", "echo aio", "echo sync"),
                 ("apply aio / echo aio", "apply aio (now)", "echo aio"),
                 ("apply aio / echo sync", "apply aio (now)", "echo sync")]
        if "apply sync (before)" in names:
            pairs += [("apply: aio now / sync before", "apply aio (now)", "apply sync (before)"),
                      ("apply sync before / echo sync", "apply sync (before)", "echo sync")]
        return pairs
    echo_old, apply_old, echo_new, apply_new, apply_1w = names[:5]
    before = [("before: apply / echo old", "apply before", echo_old),
              ("new default / before (apply)", apply_new, "apply before"),
              ("old default now / before (apply)", apply_old, "apply before")
              ] if "apply before" in names else []
    return [*before,
        ("old default: apply / echo", apply_old, echo_old),
        ("new default: apply / echo (same deployment)", apply_new, echo_new),
        ("new default / old default (apply)", apply_new, apply_old),
        ("new default: 2 workers / 1 worker (apply)", apply_new, apply_1w),
        ("new default apply / box echo ceiling", apply_new, "ceiling"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="defaults",
                        choices=("defaults", "cache", "threads", "aio", "cost", "floor"))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", default="spice-merchant")
    parser.add_argument("--steps", type=int, default=12, help="actions before the measured one")
    parser.add_argument("--before", default="",
                        help="defaults and cost presets: also a checkout of the code before a "
                             "change (git archive REV | tar -x -C DIR)")
    args = parser.parse_args()

    run = sides(args.preset, args.before)
    try:
        for side in run:
            side.port = free_port()
            side.proc = spawn([*side.args, "--port", str(side.port)], side.port, side.root)
        first_apply = next(side for side in run if side.method == APPLY)
        payload = apply_payload(first_apply.port, args.game, args.steps)
        print(f"{args.game}: ApplyAction request {len(payload)} B (a view for one seat); "
              f"{args.rounds} rounds of {args.seconds} s per server and caller count")
        for side in run:
            print(f"  {side.name:24s} python {' '.join(side.args)}")
        for round_no in range(args.rounds):
            shift = round_no % len(run)
            for side in run[shift:] + run[:shift]:
                assert side.proc is not None
                for callers in CALLERS:
                    result = drive(side.name, side.port, side.method, payload, callers,
                                   args.seconds, side.proc.pid)
                    side.results.setdefault(callers, []).append(result)
            print(f"  round {round_no + 1}/{args.rounds} done", flush=True)
    finally:
        for side in run:
            if side.proc is not None:
                side.proc.terminate()
                side.proc.wait()

    print(f"\n{'server':24s} {'callers':>7s} {'calls/s median (min-max)':>28s} "
          f"{'p50 ms':>7s} {'CPU us/call':>11s}")
    for side in run:
        for callers in CALLERS:
            results = side.results[callers]
            qps = [r.qps for r in results]
            print(f"{side.name:24s} {callers:7d} {statistics.median(qps):12.0f} "
                  f"({min(qps):6.0f}-{max(qps):6.0f})  "
                  f"{statistics.median(r.p50_ms for r in results):7.3f} "
                  f"{statistics.median(r.cpu_us_per_call for r in results):11.1f}")
    by_name = {side.name: side for side in run}
    print("\nratios of calls/s within each round: median (min-max)")
    for label, top, bottom in ratios(args.preset, run):
        for callers in CALLERS:
            tops = [r.qps for r in by_name[top].results[callers]]
            if bottom == "ceiling":  # the best echo of the same round
                echoes = [s for s in run if s.method == ECHO]
                bottoms = [max(s.results[callers][n].qps for s in echoes)
                           for n in range(args.rounds)]
            else:
                bottoms = [r.qps for r in by_name[bottom].results[callers]]
            values = [a / b for a, b in zip(tops, bottoms, strict=True)]
            print(f"  {label:46s} x{callers:<2d} {statistics.median(values):5.2f} "
                  f"({min(values):.2f}-{max(values):.2f})")
    print("\nratios of server CPU per call within each round: median (min-max)")
    for label, top, bottom in ratios(args.preset, run):
        if bottom == "ceiling":
            continue
        for callers in CALLERS:
            values = [a.cpu_us_per_call / b.cpu_us_per_call for a, b in zip(
                by_name[top].results[callers], by_name[bottom].results[callers], strict=True)]
            print(f"  {label:46s} x{callers:<2d} {statistics.median(values):5.2f} "
                  f"({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
