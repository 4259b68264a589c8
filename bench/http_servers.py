"""Which server runs the HTTP port: Hypercorn, Granian or Uvicorn, side by side.

    nice -n 10 python -m bench.http_servers [--requests 3000] [--rounds 3]

Each candidate serves the very same ASGI application (service.http.app.HttpApp
over connectrpc and GameCore, built by service.http.server.build_http_app)
in a process of its own on 127.0.0.1; grpcio's own port is the reference for
the HTTP/2 binary workload. h2load (Debian package nghttp2-client) drives every
server with the same requests: ListGames as Connect JSON over HTTP/1.1
keep-alive (8 connections) and over h2c (2 connections x 8 streams), and as
Connect binary over h2c (gRPC framing for grpcio), and a real ApplyAction (a
2-player Spice Merchant move with every seat's view) as Connect JSON over
HTTP/1.1 and h2c. Rounds rotate the order; the report gives medians with
ranges of requests/s and the server's CPU time per request (from /proc), and
each candidate's CPU ratio to Hypercorn. Uvicorn runs with httptools and
uvloop, Granian as service/http/server.py runs it (embedded, on our socket),
Hypercorn as the service ran it before the switch (docs/http.md), and `starlette`
is Granian as the service runs it with the shell rebuilt on Starlette
(bench/starlette_shell.py: issue 19's framework question).

Hypercorn and Uvicorn are not dependencies of marketplay (since the switch to
Granian); to include them: `pip install hypercorn==0.18.0 uvicorn==0.54.0
httptools==0.9.0 uvloop==0.23.0` (each server is skipped when missing).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bench.loopback import KEYS, cpu_seconds, free_port

ROOT = Path(__file__).resolve().parents[1]
RPC = "/marketplay.v1.GameService/"
LIST_GAMES = RPC + "ListGames"
NAMES = ("hypercorn", "granian", "uvicorn", "starlette")


@dataclass(frozen=True)
class Workload:
    name: str
    h2load_args: tuple[str, ...]
    content_type: str
    body: bytes
    grpc: bool = False
    rpc: str = "ListGames"
    #: Share of --requests this workload makes (a real ApplyAction costs ~10x ListGames).
    share: float = 1.0

    @property
    def h2(self) -> bool:
        return "--h1" not in self.h2load_args


H1, H2 = ("--h1", "-c", "8", "-m", "1"), ("-c", "2", "-m", "8")
#: ApplyAction's body is filled in by main() (a real game's state and a legal action).
APPLY_BODY = b""
WORKLOADS = (
    Workload("ListGames JSON  HTTP/1.1 c8", H1, "application/json", b"{}"),
    Workload("ApplyAction JSON HTTP/1.1 c8", H1, "application/json", APPLY_BODY,
             rpc="ApplyAction", share=0.25),
    Workload("ListGames JSON  h2c c2x8", H2, "application/json", b"{}"),
    Workload("ApplyAction JSON h2c c2x8", H2, "application/json", APPLY_BODY,
             rpc="ApplyAction", share=0.25),
    # h2load cannot POST an empty body: an unknown field (1: varint 1) that parsers skip.
    Workload("ListGames proto h2c c2x8", H2, "application/proto", b"\x08\x01"),
)
PROTO_H2 = WORKLOADS[4]
GRPC_WORKLOAD = replace(PROTO_H2, content_type="application/grpc", body=b"\0\0\0\0\2\x08\x01",
                        grpc=True)


def apply_action_json(port: int) -> bytes:
    """A real ApplyAction as Connect JSON: a 2-player Spice Merchant game's first legal move,
    asking for every seat's view (the service is stateless, so it can be sent again and again)."""
    from google.protobuf import json_format

    from marketplay.v1 import game_service_pb2 as pb
    from tests.service.conftest import first_legal

    new = pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                            views=pb.ViewSelection(all_seats=True))
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{RPC}NewGame", data=json_format.MessageToJson(new).encode(),
        headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        update = json_format.Parse(response.read(), pb.NewGameResponse()).update
    seat, action = first_legal(update)
    apply = pb.ApplyActionRequest(state=update.state, seat=seat, action=action,
                                  views=pb.ViewSelection(all_seats=True))
    return json_format.MessageToJson(apply, indent=None).encode()


def serve(name: str, port: int, recycle: bool = True) -> None:
    """Run one candidate in this process until SIGTERM; `recycle` False turns off the
    connection limits (requests and age per connection), which h2load does not follow."""
    from dataclasses import replace as with_

    from service.config import Config
    from service.core import GameCore
    from service.http.server import build_http_app, create_http_server
    from service.observe import NullObserver
    from service.sealing import Sealer
    from service.states import StateStore

    config = with_(Config(), http_port=port, state_keys=KEYS)
    if not recycle:
        config = with_(config, http_keep_alive_max_requests=1 << 30, http_max_connection_age_ms=0)
    store = StateStore(Sealer.from_config(KEYS), 4096, NullObserver(), 64 << 20)
    core = GameCore(store, NullObserver(), False, 10_000)
    if name in ("granian", "starlette"):  # the service's own server (service/http/server.py)
        http = create_http_server(config, core)
        if name == "starlette":  # the same Granian, the shell rebuilt on Starlette
            from bench.starlette_shell import on_starlette

            http = on_starlette(http, config)
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM])
        http.start()
        signal.sigwait([signal.SIGTERM])
        http.stop(1.0)
        return
    app = build_http_app(config, core, ThreadPoolExecutor(config.threads))
    if name == "hypercorn":  # as service/http/server.py configured it up to 2026-12-02
        from typing import cast

        from hypercorn.asyncio import serve as hypercorn_serve
        from hypercorn.config import Config as HypercornConfig

        cfg = HypercornConfig()
        cfg.bind = [f"127.0.0.1:{port}"]
        cfg.accesslog = None
        cfg.include_server_header = False
        cfg.keep_alive_max_requests = config.http_keep_alive_max_requests
        loop = asyncio.new_event_loop()
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.run_until_complete(hypercorn_serve(cast("Any", app), cfg, shutdown_trigger=stop.wait,
                                                mode="asgi"))
    elif name == "uvicorn":
        import uvicorn

        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off",
                    http="httptools", loop="uvloop", access_log=False, ws="none",
                    timeout_keep_alive=5)


@dataclass
class Candidate:
    name: str
    port: int
    proc: subprocess.Popen[bytes]


def start(name: str) -> Candidate:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MARKETPLAY_STATE_KEYS": KEYS}
    if name == "grpcio":
        args = ["-m", "service.main", "--port", str(port), "--http-port", "0", "--workers", "1",
                "--max-connection-age-ms", "3600000",
                "--metrics-port", "0"]
    else:
        args = ["-m", "bench.http_servers", "--serve", name, "--port", str(port),
                "--no-recycle"]
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if _listens(port) if name == "grpcio" else _answers(port):
            return Candidate(name, port, proc)
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"{name} did not start")


def _listens(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
            return r.status == 200
    except OSError:
        return False


def stop(candidate: Candidate) -> None:
    candidate.proc.send_signal(signal.SIGTERM)
    try:
        candidate.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        candidate.proc.kill()
        candidate.proc.wait()


def h2load(candidate: Candidate, workload: Workload, requests: int, body_file: Path,
           path: str | None = None) -> float:
    """Requests/s of `requests` h2load calls; exits unless every one was answered."""
    headers = ["-H", f"content-type: {workload.content_type}"]
    if workload.grpc:
        headers += ["-H", "te: trailers"]
    out = subprocess.run(
        ["h2load", "-t", "1", "-n", str(requests), *workload.h2load_args, *headers,
         "-d", str(body_file), f"http://127.0.0.1:{candidate.port}{path or RPC + workload.rpc}"],
        capture_output=True, text=True, check=True,
    ).stdout
    # h2load counts an HTTP/1.1 status only when it has a reason phrase, which ASGI
    # servers leave empty; so HTTP/1.1 runs check "done, none errored", and main()
    # checks the status of one request of each kind first.
    counts = re.search(r"requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, "
                       r"\d+ failed, (\d+) errored, (\d+) timeout", out)
    rate = re.search(r"finished in [\d.]+\w+, ([\d.]+) req/s", out)
    h1 = "--h1" in workload.h2load_args
    ok = counts is not None and int(counts.group(1)) == requests and \
        int(counts.group(3)) == int(counts.group(4)) == 0 and \
        (h1 or int(counts.group(2)) == requests)
    if rate is None or not ok:
        raise SystemExit(f"{candidate.name} {workload.name}: not every request succeeded\n{out}")
    return float(rate.group(1))


@dataclass
class Sample:
    rate: float
    cpu_us: float


def _check_one(candidate: Candidate, workload: Workload) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{candidate.port}{RPC}{workload.rpc}", data=workload.body,
        headers={"content-type": workload.content_type}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        if response.status != 200 or not response.read():
            raise SystemExit(f"{candidate.name}: {workload.name} answered {response.status}")


def measure(candidate: Candidate, workload: Workload, requests: int, tmp: Path) -> Sample:
    if not workload.grpc:
        _check_one(candidate, workload)
    requests = max(100, int(requests * workload.share))
    body_file = tmp / f"body-{abs(hash(workload.body))}"
    body_file.write_bytes(workload.body)
    h2load(candidate, workload, max(100, requests // 10), body_file)  # warm-up
    cpu_before = cpu_seconds(candidate.proc.pid)
    rate = h2load(candidate, workload, requests, body_file)
    cpu = cpu_seconds(candidate.proc.pid) - cpu_before
    return Sample(rate, cpu / requests * 1e6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--no-recycle", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port, recycle=not args.no_recycle)
        return
    if shutil.which("h2load") is None:
        raise SystemExit("needs h2load: apt-get install nghttp2-client")
    names = [n for n in NAMES if n == "granian" or importlib.util.find_spec(n)]
    skipped = set(NAMES) - set(names)
    if skipped:
        print(f"skipped (not installed): {', '.join(sorted(skipped))}")
    names.append("grpcio")
    first = start("granian")
    try:
        apply_body = apply_action_json(first.port)
    finally:
        stop(first)
    workloads = [replace(w, body=apply_body) if w.rpc == "ApplyAction" else w for w in WORKLOADS]
    samples: dict[tuple[str, str], list[Sample]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            order = names[round_ % len(names):] + names[:round_ % len(names)]
            for name in order:
                candidate = start(name)
                try:
                    for workload in workloads:
                        if name == "uvicorn" and workload.h2:
                            continue  # Uvicorn speaks HTTP/1.1 only
                        if name == "grpcio":
                            if workload is not PROTO_H2:
                                continue
                            workload = GRPC_WORKLOAD
                        sample = measure(candidate, workload, args.requests, Path(tmp))
                        key = (name, PROTO_H2.name if workload.grpc else workload.name)
                        samples.setdefault(key, []).append(sample)
                finally:
                    stop(candidate)
    print(f"{args.rounds} rounds x {args.requests} requests (ApplyAction: a quarter); "
          "medians [min..max]; ratio = CPU per request vs hypercorn (granian when hypercorn is "
          "not installed)")
    for workload in workloads:
        print(f"\n{workload.name}")
        base = samples.get(("hypercorn", workload.name)) or samples.get(("granian", workload.name))
        for name in names:
            runs = samples.get((name, workload.name))
            if not runs or base is None:
                continue
            rates = [s.rate for s in runs]
            cpu = [s.cpu_us for s in runs]
            ratio = statistics.median(cpu) / statistics.median(s.cpu_us for s in base)
            label = "grpcio (gRPC)" if name == "grpcio" else name
            print(f"  {label:14} {statistics.median(rates):7.0f} req/s "
                  f"[{min(rates):.0f}..{max(rates):.0f}]  "
                  f"{statistics.median(cpu):6.0f} us CPU/req [{min(cpu):.0f}..{max(cpu):.0f}]  "
                  f"x{ratio:.2f}")


if __name__ == "__main__":
    main()
