"""Two workers against one on the gRPC port, side by side (issue 19's "2 workers >= 1.9x one").

    nice -n 5 .venv/bin/python -m bench.workers [--rounds 5] [--requests 6000]

One server with `--workers 1` and one with `--workers 2` (the default on two
cores: each worker pinned to a core of its own) are started first and kept up
together. Round by round, the order rotated, h2load (Debian package
`nghttp2-client`: a C client whose CPU per call is a few percent of the
server's, where a Python client costs as much as the server) sends the same
mid-game ApplyAction (Spice Merchant, 4 players, 12 actions in, one seat's view)
over `--connections` h2c connections with `--streams` calls in flight on each:
enough connections for SO_REUSEPORT to give both workers a share, enough in
flight that no worker waits for the client.

Printed per server: calls/s, the server's CPU per call and the cores it kept
busy (its processes' CPU over the wall time), and h2load's own CPU share; then
the ratio 2 workers / 1 worker within each round (median, min-max). The client
runs on the same two cores, so "2 workers" has at most 2 cores minus h2load's
share: the ratio of CPU per call says what 2 workers give on a machine with a
core to spare for the client (same CPU per call = twice the calls a second).
Timings here are never test assertions.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.apply_vs_echo import apply_payload, spawn, tree_cpu_seconds
from bench.http_servers import Candidate, Workload, h2load
from bench.loopback import free_port
from bench.protocols import frame


@dataclass
class Server:
    name: str
    workers: int
    port: int = 0
    candidate: Candidate | None = None
    rates: list[float] = field(default_factory=list)
    cpu_us: list[float] = field(default_factory=list)
    cores: list[float] = field(default_factory=list)
    client_share: list[float] = field(default_factory=list)


def client_cpu() -> float:
    """CPU seconds of every child reaped so far (each h2load run, once it exits)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(server: Server, workload: Workload, requests: int, body: Path) -> None:
    assert server.candidate is not None
    pid = server.candidate.proc.pid
    h2load(server.candidate, workload, max(200, requests // 10), body)  # warm both workers up
    cpu, client, began = tree_cpu_seconds(pid), client_cpu(), time.perf_counter()
    rate = h2load(server.candidate, workload, requests, body)
    wall = time.perf_counter() - began
    server_cpu, client_used = tree_cpu_seconds(pid) - cpu, client_cpu() - client
    server.rates.append(rate)
    server.cpu_us.append(server_cpu / requests * 1e6)
    server.cores.append(server_cpu / wall)
    server.client_share.append(client_used / wall)


def spread(values: list[float], digits: int = 2) -> str:
    return (f"{statistics.median(values):.{digits}f} "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=6000)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--streams", type=int, default=4)
    args = parser.parse_args()

    servers = [Server("1 worker", 1), Server("2 workers", 2)]
    for server in servers:
        server.port = free_port()
        proc = spawn(["-m", "service.main", "--port", str(server.port), "--http-port", "0",
                      "--metrics-port", "0", "--workers", str(server.workers)], server.port)
        server.candidate = Candidate(server.name, server.port, proc)
    try:
        request = apply_payload(servers[0].port, "spice-merchant", 12)
        workload = Workload("gRPC", ("-c", str(args.connections), "-m", str(args.streams)),
                            "application/grpc", frame(request), grpc=True, rpc="ApplyAction")
        ratios: list[float] = []
        per_call: list[float] = []
        with tempfile.TemporaryDirectory() as tmp:
            body = Path(tmp) / "apply.grpc"
            body.write_bytes(workload.body)
            for number in range(args.rounds):
                order = servers[number % 2:] + servers[:number % 2]
                for server in order:
                    measure(server, workload, args.requests, body)
                one, two = servers
                ratios.append(two.rates[-1] / one.rates[-1])
                per_call.append(two.cpu_us[-1] / one.cpu_us[-1])
                print(f"round {number + 1}: {one.rates[-1]:,.0f} and {two.rates[-1]:,.0f} "
                      f"calls/s, 2w/1w {ratios[-1]:.2f}", flush=True)
    finally:
        for server in servers:
            if server.candidate is not None:
                server.candidate.proc.terminate()
                server.candidate.proc.wait(timeout=30)

    print(f"\nApplyAction over gRPC, h2load -c {args.connections} -m {args.streams}, "
          f"{args.requests} calls per server per round, {args.rounds} rounds; "
          "median (min-max)\n")
    print("| server | calls/s | server CPU us/call | server cores busy | h2load cores |")
    print("|---|---:|---:|---:|---:|")
    for server in servers:
        print(f"| {server.name} | {spread(server.rates, 0)} | {spread(server.cpu_us, 0)} "
              f"| {spread(server.cores)} | {spread(server.client_share)} |")
    print(f"\n2 workers / 1 worker, within each round: calls/s {spread(ratios)}; "
          f"CPU per call {spread(per_call)}")


if __name__ == "__main__":
    main()
