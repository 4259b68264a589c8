"""Where a call's CPU goes, stage by stage: inside a loaded server, and in-process cold.

    python -m bench.stages [--seconds 4] [--threads 16] [--games spice-merchant,...]

The instrumentation is opt-in and lives here, not in the service: `install()`
wraps the hot path's functions (open, engine apply, encode, seal, cache
insert, build response, views, legal actions, request parse and response
serialise) and hooks the garbage collector, charging each stage the thread
CPU time (`time.thread_time_ns`) spent in it, exclusive of the stages it
calls. The server under test is `python -m bench.stages serve ...`: the same
`service.main`, with the wrappers installed at startup and SIGUSR1 writing
the running totals to the file named by `--stages-file`. A server started
without it pays nothing.

Three measurements per game (4 players, 12 random actions in, one seat's
view, as bench/apply_vs_echo.py asks):

* ``server xN``: the instrumented server driven by N client threads (1 and
  16); stages per call from the difference of two snapshots, plus the
  process's CPU per call from /proc.
* ``cold hit``: the same call in-process, with 32 MiB of memory written
  between calls so every call starts with the CPU caches as a server leaves
  them; the state cache holds the state (a game's usual follow-up call).
* ``cold miss``: the same without the state cache: decrypt and decode every
  time (what a call pays on another worker than the game's last one).

The wrappers cost about 0.5 us of CPU per stage entered (two clock reads),
so the totals run a few microseconds high; the ``calls`` line counts them.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

#: Display order; the stage a wrapper charges is named where it is installed.
STAGES = (
    "parse request", "open: cache lookup", "open: decrypt", "open: decode", "engine apply",
    "encode", "seal (AES-GCM)", "seal: envelope", "cache insert", "build response",
    "views", "legal actions", "serialize response", "core: rest", "handler: call context", "handler: report",
    "handler: rest", "gc",
)


class Stages:
    """Per-stage thread CPU, exclusive of nested stages, summed over all threads."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._tables: list[dict[str, int]] = []
        self._lock = threading.Lock()

    def _table(self) -> dict[str, int]:
        table: dict[str, int] | None = getattr(self._local, "table", None)
        if table is None:
            table = {}
            self._local.table = table
            self._local.stack = []
            with self._lock:
                self._tables.append(table)
        return table

    def wrap(self, name: str, fn: Callable[..., Any], top: bool = False) -> Callable[..., Any]:
        """`fn`, charging its own thread CPU to `name`; `top` also counts a call."""
        clock = time.thread_time_ns
        calls = name + " #"

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            table = self._table()
            stack: list[int] = self._local.stack
            stack.append(0)
            start = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = clock() - start
                inner = stack.pop()
                table[name] = table.get(name, 0) + spent - inner
                if stack:
                    stack[-1] += spent
                if top:
                    table[calls] = table.get(calls, 0) + 1

        return wrapped

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        """gc.callbacks hook: a collection's CPU goes to "gc", not to the stage it interrupted."""
        if phase == "start":
            self._table()
            self._local.gc_start = time.thread_time_ns()
            return
        spent = time.thread_time_ns() - self._local.gc_start
        stack: list[int] = self._local.stack
        name = "gc" if stack else "gc (outside stages)"
        table = self._table()
        table[name] = table.get(name, 0) + spent
        if stack:
            stack[-1] += spent

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            tables = [dict(t) for t in self._tables]
        total: dict[str, int] = {}
        for table in tables:
            for name, value in table.items():
                total[name] = total.get(name, 0) + value
        return total


#: The handler threads' whole CPU time (grpcio's C code on them included), read from
#: each thread's CPU clock: no wrapper inflates it.
HANDLER_THREADS = "handler threads (clock)"


def handler_threads_cpu_ns() -> int:
    """CPU time of the gRPC handler threads so far (service/admission.py names them)."""
    total = 0
    for thread in threading.enumerate():
        if thread.name.startswith("marketplay_") and thread.ident is not None:
            with contextlib.suppress(OSError):
                total += time.clock_gettime_ns(time.pthread_getcpuclockid(thread.ident))
    return total


def count_calls() -> Stages:
    """Only count calls (one wrapper around the core's part of each RPC, charged to
    "handler"): both ports run the core through service.dispatch's `guarded`."""
    import service.dispatch as dispatch

    stages = Stages()
    dispatch.guarded = stages.wrap("handler", dispatch.guarded, top=True)  # type: ignore[assignment]
    return stages


def _patch(owner: Any, attribute: str, stages: Stages, name: str, top: bool = False) -> None:
    setattr(owner, attribute, stages.wrap(name, getattr(owner, attribute), top))


def install() -> Stages:
    """Wrap the service's hot path in this process; returns the running totals."""
    import service.core
    import service.dispatch
    import service.grpc_service as grpc_service
    from engines import registry
    from engines.core import Game
    from service.calls import CallReporter
    from service.sealing import Sealer
    from service.states import StateStore

    stages = Stages()
    _patch(StateStore, "open", stages, "open: cache lookup")
    _patch(Sealer, "open", stages, "open: decrypt")
    _patch(Game, "decode", stages, "open: decode")
    _patch(Game, "apply", stages, "engine apply")
    _patch(Game, "encode", stages, "encode")
    _patch(StateStore, "seal", stages, "seal: envelope")
    _patch(Sealer, "seal", stages, "seal (AES-GCM)")
    _patch(StateStore, "_remember", stages, "cache insert")
    _patch(service.core, "build_update", stages, "build response")
    _patch(service.core.GameCore, "apply_action", stages, "core: rest")
    for engine_class in {type(engine) for engine in registry.every_engine()}:
        _patch(engine_class, "view", stages, "views")
        _patch(engine_class, "legal_actions", stages, "legal actions")
    _patch(grpc_service, "_call_of", stages, "handler: call context")
    _patch(CallReporter, "finished", stages, "handler: report")
    # The core's part of a call runs through service.dispatch's `guarded` (on the gRPC
    # loop for ApplyAction, service/dispatch.py); parsing the request and serialising the
    # response run around it, charged by the routes.
    _patch(service.dispatch, "guarded", stages, "handler: rest", top=True)
    grpc_service.ROUTES = {  # type: ignore[attr-defined]
        rpc: replace(route, request=_Parsing(route.request, stages),
                     response=_Serializing(route.response, stages))
        for rpc, route in grpc_service.ROUTES.items()
    }
    gc.callbacks.append(stages.on_gc)
    return stages


class _Parsing:
    """A request type whose FromString is charged to "parse request"."""

    def __init__(self, request_type: Any, stages: Stages) -> None:
        self.DESCRIPTOR = request_type.DESCRIPTOR
        self.FromString = stages.wrap("parse request", request_type.FromString)


class _Serializing:
    """A response type whose SerializeToString is charged to "serialize response"."""

    def __init__(self, response_type: Any, stages: Stages) -> None:
        self.DESCRIPTOR = response_type.DESCRIPTOR
        self.SerializeToString = stages.wrap("serialize response", response_type.SerializeToString)


# ------------------------------------------------------------ the server


def serve(argv: list[str]) -> int:
    """`service.main` with the stages installed; SIGUSR1 writes the totals."""
    parser = argparse.ArgumentParser(prog="bench.stages serve")
    parser.add_argument("--stages-file", required=True)
    parser.add_argument("--count-only", action="store_true",
                        help="no stage wrappers: count calls, read the handler threads' CPU")
    parser.add_argument("--gc-threshold", default="",
                        help="experiment: gc.set_threshold(a, b, c) and gc.freeze() at startup")
    args, rest = parser.parse_known_args(argv)
    stages = count_calls() if args.count_only else install()
    if args.gc_threshold:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*(int(x) for x in args.gc_threshold.split(",")))
    target = Path(args.stages_file)

    def dump(signum: int, frame: Any) -> None:
        snapshot = stages.snapshot()
        snapshot[HANDLER_THREADS] = handler_threads_cpu_ns()
        scratch = target.with_suffix(".tmp")
        scratch.write_text(json.dumps(snapshot))
        scratch.replace(target)

    signal.signal(signal.SIGUSR1, dump)
    from service.main import main

    return main(rest)


# ------------------------------------------------------------ measuring

def per_call(before: dict[str, int], after: dict[str, int], calls: int) -> dict[str, float]:
    """Microseconds of thread CPU per call in each stage between two snapshots."""
    return {name: (after.get(name, 0) - before.get(name, 0)) / calls / 1000
            for name in after if not name.endswith(" #")}


def read_snapshot(proc: subprocess.Popen[bytes], path: Path) -> dict[str, int]:
    mtime = path.stat().st_mtime_ns if path.exists() else 0
    proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_mtime_ns != mtime:
            try:
                snapshot: dict[str, int] = json.loads(path.read_text())
                return snapshot
            except ValueError:
                pass
        time.sleep(0.01)
    raise RuntimeError("the instrumented server did not write its stages")


def in_process(payload: bytes, cache: bool, calls: int, stages: Stages) -> dict[str, float]:
    """Stages per call of the handler in this process, CPU caches flushed between calls."""
    from bench.loopback import KEYS
    from marketplay.v1 import game_service_pb2 as pb
    from service.core import Call, GameCore
    from service.observe import NullObserver
    from service.sealing import Sealer
    from service.states import StateStore

    core = GameCore(StateStore(Sealer.from_config(KEYS), 4096 if cache else 0, NullObserver()),
                    NullObserver(), False, 100)
    call = Call()
    parse = stages.wrap("parse request", pb.ApplyActionRequest.FromString)
    serialize = stages.wrap("serialize response", pb.ApplyActionResponse.SerializeToString)
    handle = stages.wrap("handler: rest", lambda data: serialize(core.apply_action(parse(data),
                                                                                    call)),
                         top=True)
    for _ in range(20):
        handle(payload)
    scratch = bytearray(32 << 20)
    before = stages.snapshot()
    for n in range(calls):
        scratch[n % 64::64] = bytes(len(scratch[n % 64::64]))  # write every cache line
        handle(payload)
    after = stages.snapshot()
    return per_call(before, after, calls)


def _row(name: str, values: list[dict[str, float]]) -> str:
    return f"{name:22s}" + "".join(f"{v.get(name, 0.0):9.1f}" for v in values)


def report(game: str, columns: list[tuple[str, dict[str, float]]]) -> None:
    print(f"\n{game}: us of thread CPU per ApplyAction, by stage")
    print(f"{'stage':22s}" + "".join(f"{title:>9s}" for title, _ in columns))
    values = [v for _, v in columns]
    for name in STAGES:
        if any(v.get(name) for v in values):
            print(_row(name, values))
    totals = [sum(x for k, x in v.items() if k in STAGES) for v in values]
    print(f"{'total (stages)':22s}" + "".join(f"{t:9.1f}" for t in totals))
    for row in (HANDLER_THREADS, "process CPU"):
        extra = [v.get(row, 0.0) for v in values]
        if any(extra):
            print(f"{row:22s}"[:22] + "".join(f"{x:9.1f}" if x else f"{'':9s}" for x in extra))


def measure(args: argparse.Namespace) -> None:
    from bench.apply_vs_echo import ROOT, apply_payload, drive, spawn
    from bench.loopback import free_port

    stages = install()
    roots = [("now", ROOT)] + ([("before", Path(args.before))] if args.before else [])
    for game in args.games.split(","):
        servers = []  # (title, process, port, stages file): instrumented and bare, up together
        try:
            for label, root in roots:
                for kind, extra in (("srv", []), ("bare", ["--count-only"])):
                    title = f"{kind} {label}" if args.before else kind
                    port = free_port()
                    path = Path(f"/tmp/marketplay-stages-{os.getpid()}-{kind}-{label}.json")
                    proc = spawn(["-m", "bench.stages", "serve", "--stages-file", str(path),
                                  *extra, "--port", str(port), "--metrics-port", "0",
                                  "--http-port", "0", "--workers", "1", "--threads",
                                  str(args.threads)], port, root)
                    servers.append((title, proc, port, path))
            payload = apply_payload(servers[0][2], game, args.steps)
            runs: dict[str, list[dict[str, float]]] = {}
            for round_no in range(args.rounds):
                shift = round_no % len(servers)
                for title, proc, port, path in servers[shift:] + servers[:shift]:
                    for callers in args.callers:
                        before = read_snapshot(proc, path)
                        result = drive("apply", port, "/marketplay.v1.GameService/ApplyAction",
                                       payload, callers, args.seconds, proc.pid)
                        after = read_snapshot(proc, path)
                        top = "handler #" if title.startswith("bare") else "handler: rest #"
                        calls = after.get(top, 0) - before.get(top, 0)
                        run = per_call(before, after, calls)
                        run["process CPU"] = result.cpu_us_per_call
                        runs.setdefault(f"{title} x{callers}", []).append(run)
        finally:
            for _, proc, _, path in servers:
                proc.terminate()
                proc.wait()
                path.unlink(missing_ok=True)
        columns = [(title.replace("srv ", ""), _median(values)) for title, values in runs.items()
                   if title.startswith("srv")]
        bare = {title: _median(values) for title, values in runs.items()
                if title.startswith("bare")}
        for title, cache in (() if args.no_cold else (("cold hit", True), ("cold miss", False))):
            cold = [in_process(payload, cache, args.calls, stages) for _ in range(args.rounds)]
            columns.append((title, _median(cold)))
        report(game, columns)
        for title, values in bare.items():
            print(f"  uninstrumented server {title[5:]:>10s}: handler {values['handler']:.1f} "
                  f"us/call (thread CPU of the core's part, on the thread that ran it), handler "
                  f"threads {values[HANDLER_THREADS]:.1f} (their CPU clocks: grpcio's work on "
                  f"them too), process {values['process CPU']:.1f} (/proc)")
    print(f"\n(server: --threads {args.threads}, one worker, metrics off; median of "
          f"{args.rounds} rounds of {args.seconds} s, the instrumented and the bare server "
          f"alternating; in-process: median of {args.rounds} x {args.calls} calls, 32 MiB "
          "written between calls)")


def _median(runs: list[dict[str, float]]) -> dict[str, float]:
    names = {name for run in runs for name in run}
    return {name: statistics.median(run.get(name, 0.0) for run in runs) for name in names}


def main() -> None:
    if sys.argv[1:2] == ["serve"]:
        sys.exit(serve(sys.argv[2:]))
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=16, help="server handler threads")
    parser.add_argument("--callers", type=int, nargs="+", default=[1, 16])
    parser.add_argument("--calls", type=int, default=500, help="in-process calls per round")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--games", default="spice-merchant,central-market,market-fresh")
    parser.add_argument("--before", default="",
                        help="a checkout of the code before a change (git archive REV | tar -x "
                             "-C DIR): its servers run beside these, rotated")
    parser.add_argument("--no-cold", action="store_true", help="skip the in-process columns")
    measure(parser.parse_args())


if __name__ == "__main__":
    main()
