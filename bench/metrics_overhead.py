"""What the Prometheus metrics layer costs: the same server with and without it.

    python -m bench.metrics_overhead [--seconds 1.5] [--rounds 9] [--threads 16]

Starts three `python -m service.main` processes on loopback, identical but for
metrics: "bare" (--metrics-port 0: no interceptor, a no-op observer),
"metrics" (grpc-prometheus interceptor + game observer, in-memory values) and
"multiproc" (the same with PROMETHEUS_MULTIPROC_DIR set: mmap-file values as
with --workers > 1, on tmpfs like the service's own directory). Rounds
alternate between them so drift hits all alike. Two calls: ApplyAction
mid-game (what production mostly serves) and ListGames (a near-empty handler:
the worst case for relative overhead). Prints median calls/s, server CPU per
call, and each ratio to bare. Target: >= 0.90.

Whole-server numbers on a 2-core machine move by several percent between runs,
so the end adds the stable figure: microseconds the metrics add to one call,
measured in-process (interceptor + the observer hooks an ApplyAction makes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import grpc

from bench.loopback import KEYS, cpu_seconds, free_port
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

ROOT = Path(__file__).resolve().parents[1]
APPLY = "/marketplay.v1.GameService/ApplyAction"
LIST = "/marketplay.v1.GameService/ListGames"




@dataclass
class Server:
    name: str
    port: int
    proc: subprocess.Popen[bytes]


def start(name: str, metrics: bool, multiproc_dir: str | None) -> Server:
    port = free_port()
    env = {**os.environ, "MARKETPLAY_STATE_KEYS": KEYS}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    if multiproc_dir:
        env["PROMETHEUS_MULTIPROC_DIR"] = multiproc_dir
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.main", "--host", "127.0.0.1", "--port", str(port),
         "--metrics-port", str(free_port() if metrics else 0), "--threads", "16"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
    return Server(name, port, proc)


def apply_payload(port: int) -> bytes:
    """A mid-game ApplyAction request, reached through the server itself."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = pb_grpc.GameServiceStub(channel)
        every = pb.ViewSelection(all_seats=True)  # legal actions come with a seat's view
        update = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=4,
                                                seed=b"bench", views=every)).update
        policy = Rng(b"bench-policy")
        for _ in range(8):
            decision = next(d for d in update.decisions if d.legal_actions)
            action = decision.legal_actions[policy.below(len(decision.legal_actions))]
            update = stub.ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=action, views=every)).update
        decision = next(d for d in update.decisions if d.legal_actions)
        return pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=decision.legal_actions[0],
            views=pb.ViewSelection(seats=[decision.seat]),
        ).SerializeToString()


def drive(server: Server, method: str, payload: bytes, threads: int,
          seconds: float) -> tuple[float, float]:
    """Calls/s and server CPU microseconds per call, for `seconds` of closed-loop load."""
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    call = channel.unary_unary(method)  # bytes in and out: no client-side protobuf work
    for _ in range(50):
        call(payload)
    counts = [0] * threads
    stop_at = time.perf_counter() + seconds

    def worker(i: int) -> None:
        while time.perf_counter() < stop_at:
            call(payload)
            counts[i] += 1

    cpu_before = cpu_seconds(server.proc.pid)
    began = time.perf_counter()
    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - began
    cpu = cpu_seconds(server.proc.pid) - cpu_before
    channel.close()
    calls = sum(counts)
    return calls / elapsed, cpu / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--hot-path", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hot_path:
        hot_path()
        return
    shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None  # as service.workers does
    with tempfile.TemporaryDirectory(prefix="bench-multiproc-", dir=shm) as multiproc_dir:
        servers = [start("bare", False, None), start("metrics", True, None),
                   start("multiproc", True, multiproc_dir)]
        try:
            payloads = {"ApplyAction": (APPLY, apply_payload(servers[0].port)),
                        "ListGames": (LIST, pb.ListGamesRequest().SerializeToString())}
            print(f"{args.rounds} rounds x {args.seconds:g}s, {args.threads} client threads, "
                  f"{os.cpu_count()} cores")
            print(f"{'rpc':12} {'server':10} {'calls/s':>9} {'cpu us/call':>12} {'ratio':>6}")
            for rpc, (method, payload) in payloads.items():
                qps: dict[str, list[float]] = {s.name: [] for s in servers}
                cpu: dict[str, list[float]] = {s.name: [] for s in servers}
                for r in range(args.rounds):
                    for server in servers[r % 3:] + servers[:r % 3]:  # rotate who goes first
                        q, c = drive(server, method, payload, args.threads, args.seconds)
                        qps[server.name].append(q)
                        cpu[server.name].append(c)
                bare = statistics.median(qps["bare"])
                for server in servers:
                    q = statistics.median(qps[server.name])
                    c = statistics.median(cpu[server.name])
                    print(f"{rpc:12} {server.name:10} {q:9.0f} {c:12.0f} {q / bare:6.3f}")
        finally:
            for server in servers:
                server.proc.terminate()
            for server in servers:
                server.proc.wait(timeout=30)
        for mode, path in (("in-memory", None), ("multiproc", multiproc_dir)):
            out = subprocess.run([sys.executable, "-m", "bench.metrics_overhead", "--hot-path"],
                                 cwd=ROOT, capture_output=True, text=True, check=True,
                                 env=_env(path))
            print(f"metrics added per ApplyAction call ({mode}): {out.stdout.strip()}")


def _env(multiproc_dir: str | None) -> dict[str, str]:
    env = {**os.environ}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    if multiproc_dir:
        env["PROMETHEUS_MULTIPROC_DIR"] = multiproc_dir
    return env


def hot_path() -> None:
    """Print the microseconds the interceptor and observer add to one ApplyAction call."""
    import asyncio

    from prometheus_client import CollectorRegistry

    from service.metrics import Metrics, PrometheusObserver
    from service.rpc_metrics import MetricsInterceptor

    metrics = Metrics(CollectorRegistry())
    interceptor, observer = MetricsInterceptor(metrics), PrometheusObserver(metrics)

    async def echo(request: bytes, context: object) -> bytes:
        return request

    handler = grpc.unary_unary_rpc_method_handler(echo)

    class Details:
        method = APPLY
        invocation_metadata = ()

    class Context:
        def code(self) -> None:
            return None

    context = Context()

    async def continuation(details: object) -> object:
        return handler

    async def calls(n: int) -> float:
        """Seconds per call of the aio interceptor (service/grpc_server.py) and observer."""
        started = time.perf_counter()
        for _ in range(n):
            wrapped = await interceptor.intercept_service(continuation, Details())
            await wrapped.unary_unary(b"", context)
            observer.state_cache(True)
            observer.action_applied("spice-merchant", "spice-merchant/2")
            observer.state_sealed("spice-merchant", 700)
            observer.engine_time("spice-merchant", "ApplyAction", 0.0003)
        return (time.perf_counter() - started) / n

    async def best_of(rounds: int, n: int) -> float:
        await calls(100)
        return min([await calls(n) for _ in range(rounds)])

    print(f"{asyncio.run(best_of(5, 50_000)) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
