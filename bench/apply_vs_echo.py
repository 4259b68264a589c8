"""ApplyAction against a bare gRPC echo carrying the same bytes, side by side.

    python -m bench.apply_vs_echo [--seconds 4] [--game spice-merchant]

First times the ApplyAction handler in-process (no gRPC) to learn its CPU
cost. Then starts, one after another on loopback: the echo server, marketplay
with its state cache, marketplay without it, an echo whose handler burns the
handler's CPU cost (what grpcio adds around a handler that heavy), and the
echo again (to show drift). For
each it drives pre-serialised requests from 1 and from 16 client threads for
a fixed time and reports calls/s, p50 latency and the server's CPU time per
call (from /proc). Prints the ratios the design targets (ApplyAction >= 0.75x
echo). Both servers use the same grpcio settings and thread-pool size.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
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




def spawn(args: list[str], port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MARKETPLAY_STATE_KEYS": KEYS}
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        grpc.channel_ready_future(channel).result(timeout=30)
    return proc


def drive(name: str, port: int, method: str, payload: bytes, threads: int, seconds: float,
          pid: int) -> Result:
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    # bytes in, bytes out: no client-side protobuf work
    call = channel.unary_unary(method, request_serializer=None, response_deserializer=None)
    for _ in range(50):
        call(payload)
    latencies: list[list[float]] = [[] for _ in range(threads)]
    stop_at = time.perf_counter() + seconds

    def worker(out: list[float]) -> None:
        while True:
            start = time.perf_counter()
            if start >= stop_at:
                return
            call(payload)
            out.append(time.perf_counter() - start)

    cpu_before = cpu_seconds(pid)
    began = time.perf_counter()
    pool = [threading.Thread(target=worker, args=(lat,)) for lat in latencies]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - began
    cpu = cpu_seconds(pid) - cpu_before
    channel.close()
    flat = [x for lat in latencies for x in lat]
    return Result(name, threads, len(flat), elapsed, statistics.median(flat) * 1000,
                  cpu / len(flat) * 1e6)


def apply_payload(port: int, game_id: str, steps: int) -> bytes:
    """Reach a mid-game state through the server itself, return the next request."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = pb_grpc.GameServiceStub(channel)
        own = pb.ViewSelection(seats=[0])
        update = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=4, seed=b"bench",
                                                views=pb.ViewSelection(all_seats=True))).update.update
        policy = Rng(b"bench-policy")
        for _ in range(steps):
            decision = next(d for d in update.decisions if d.legal_actions)
            action = decision.legal_actions[policy.below(len(decision.legal_actions))]
            update = stub.ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=action,
                views=pb.ViewSelection(all_seats=True)))
        decision = next(d for d in update.decisions if d.legal_actions)
        request = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                        action=decision.legal_actions[0], views=own)
        return request.SerializeToString()


def handler_cpu_us(payload: bytes, calls: int = 2000) -> float:
    """CPU time of the servicer's ApplyAction on this request, without gRPC."""
    from service.core import Call, GameCore
    from service.observe import NullObserver
    from service.sealing import Sealer
    from service.states import StateStore

    core = GameCore(StateStore(Sealer.from_config(KEYS), 4096, NullObserver()),
                    NullObserver(), False, 100)
    call = Call()
    for _ in range(50):
        core.apply_action(pb.ApplyActionRequest.FromString(payload), call)
    start = time.process_time()
    for _ in range(calls):
        core.apply_action(pb.ApplyActionRequest.FromString(payload), call).SerializeToString()
    return (time.process_time() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--game", default="spice-merchant")
    parser.add_argument("--steps", type=int, default=12, help="actions before the measured one")
    parser.add_argument("--threads", type=int, default=16, help="server handler threads (both)")
    args = parser.parse_args()

    results: list[Result] = []
    mp_port = free_port()
    mp = spawn(["-m", "service.main", "--port", str(mp_port), "--metrics-port", "0"], mp_port)
    try:
        payload = apply_payload(mp_port, args.game, args.steps)
        with grpc.insecure_channel(f"127.0.0.1:{mp_port}") as channel:
            reply = pb_grpc.GameServiceStub(channel).ApplyAction(
                pb.ApplyActionRequest.FromString(payload))
        response_size = len(reply.SerializeToString())
    finally:
        mp.terminate()
        mp.wait()
    print(f"{args.game}: ApplyAction request {len(payload)} B, response {response_size} B "
          f"(views for one seat); echo carries the request bytes both ways")
    burn = handler_cpu_us(payload)
    print(f"handler CPU in-process (parse, ApplyAction, serialise; no gRPC): {burn:.0f} us/call")

    phases = [
        ("echo", ["-m", "bench.echo_server"], "/bench.Echo/Echo"),
        ("apply+cache", ["-m", "service.main", "--metrics-port", "0"],
         "/marketplay.v1.GameService/ApplyAction"),
        ("apply-nocache", ["-m", "service.main", "--metrics-port", "0",
                           "--state-cache-size", "0"], "/marketplay.v1.GameService/ApplyAction"),
        ("echo+burn", ["-m", "bench.echo_server", "--burn-us", f"{burn:.0f}"],
         "/bench.Echo/Echo"),
        ("echo-again", ["-m", "bench.echo_server"], "/bench.Echo/Echo"),
    ]
    threads_flag = ["--threads", str(args.threads)]
    for name, cmd, method in phases:
        port = free_port()
        proc = spawn([*cmd, "--port", str(port), *threads_flag], port)
        try:
            for threads in (1, 16):
                r = drive(name, port, method, payload, threads, args.seconds, proc.pid)
                results.append(r)
                print(f"{name:14s} threads={threads:2d} {r.qps:8.0f} calls/s  p50 "
                      f"{r.p50_ms:6.3f} ms  server CPU {r.cpu_us_per_call:7.1f} us/call")
        finally:
            proc.terminate()
            proc.wait()

    def find(name: str, threads: int) -> Result:
        return next(r for r in results if r.name == name and r.threads == threads)

    print("\nratios (ApplyAction / echo, calls/s; echo = mean of both echo runs):")
    for threads in (1, 16):
        echo = (find("echo", threads).qps + find("echo-again", threads).qps) / 2
        for name in ("apply+cache", "apply-nocache", "echo+burn"):
            print(f"  {name:14s} threads={threads:2d}: {find(name, threads).qps / echo:5.2f}x")
    cached, uncached = find("apply+cache", 16), find("apply-nocache", 16)
    print(f"  state cache: server CPU {cached.cpu_us_per_call:.0f} vs "
          f"{uncached.cpu_us_per_call:.0f} us/call with 16 threads")


if __name__ == "__main__":
    main()
