"""The hostile-client attacks at full size, on loopback, with the figures they leave.

Each attack runs against a fresh `python -m service.main` (one worker, 4 handler
threads, defaults otherwise) while a fresh client makes normal calls beside it,
and prints what the normal calls got (share served, p50/p99 latency) and the
worker's memory and CPU. Every loop is bounded in count and time; traffic goes
only to 127.0.0.1. docs/security.md, "Hostile clients", records a run.

    nice -n 10 .venv/bin/python -m bench.attacks [--only NAME ...] [--hold SECONDS]
    nice -n 10 .venv/bin/python -m bench.attacks --server hypercorn --server granian \
        --server uvicorn [--only NAME ...]

`--server NAME` runs the HTTP port's attacks against one candidate HTTP server
(hypercorn, granian, uvicorn) serving the real application, each in a process
of its own started by `bench.http_servers --serve NAME` (docs/http.md); the
gRPC port's attacks need service.main and are left out then.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import json
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import grpc
import httpx

from bench.loopback import KEYS, cpu_seconds
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.attacks.h2raw import RawH2
from tests.attacks.test_refused_bodies import refused_calls
from tests.loopback import free_port
from tests.ops.procs import KEYS as PROCS_KEYS
from tests.ops.procs import ROOT, Service
from tests.service.conftest import first_legal

APPLY = "/marketplay.v1.GameService/ApplyAction"
RPC = "/marketplay.v1.GameService/"
ALL = pb.ViewSelection(all_seats=True)


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Candidate:
    """One candidate HTTP server (`bench.http_servers --serve NAME`) serving the real
    application, shaped like the parts of tests.ops.procs.Service the HTTP attacks use."""

    def __init__(self, tmp: Path, name: str) -> None:
        self.name = name
        self.http_port = free_port()
        self.log_path = tmp / f"{name}-{self.http_port}.log"
        self._log = self.log_path.open("wb")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "MARKETPLAY_STATE_KEYS": KEYS}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bench.http_servers", "--serve", name,
             "--port", str(self.http_port)],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    def wait_ready(self, workers: int = 1, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log()
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.http_port}/healthz",
                             timeout=1).status_code == 200:
                    return
            time.sleep(0.2)
        raise AssertionError(f"{self.name} not ready in {timeout}s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._log.close()


Target = Service | Candidate


class Worker:
    """The serving process's RSS and CPU over an attack."""

    def __init__(self, target: Target) -> None:
        self.pid = target.proc.pid
        self.rss_before = _rss_mib(self.pid)
        self.cpu_before = cpu_seconds(self.pid)
        self.started = time.monotonic()

    def summary(self) -> str:
        cpu = cpu_seconds(self.pid) - self.cpu_before
        return (f"RSS {self.rss_before:.0f} -> {_rss_mib(self.pid):.0f} MiB, "
                f"CPU {100 * cpu / (time.monotonic() - self.started):.0f}% of a core")


class Normal:
    """A fresh client's ApplyAction calls over gRPC (or ListGames over HTTP) in a loop."""

    def __init__(self, service: Target, over: str) -> None:
        self.service, self.over = service, over
        self.ok = 0
        self.failed: dict[str, int] = {}
        self.seconds: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Normal:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)

    def _run(self) -> None:
        if self.over == "grpc":
            self._grpc()
        else:
            self._http()

    def _record(self, started: float, error: str | None) -> None:
        self.seconds.append(time.perf_counter() - started)
        if error is None:
            self.ok += 1
        else:
            self.failed[error] = self.failed.get(error, 0) + 1

    def _grpc(self) -> None:
        assert isinstance(self.service, Service)  # a candidate HTTP server has no gRPC port
        with grpc.insecure_channel(self.service.address) as channel:
            stub = pb_grpc.GameServiceStub(channel)
            new: pb.NewGameResponse | None = None
            update = pb.GameUpdate()
            while not self._stop.is_set() and len(self.seconds) < 100_000:
                if new is None or update.HasField("outcome"):
                    started = time.perf_counter()
                    try:  # a NewGame that fails counts as a failed call (a starved worker)
                        new = stub.NewGame(pb.NewGameRequest(
                            game_id="spice-merchant", num_players=2, views=ALL), timeout=5)
                    except grpc.RpcError as exc:
                        self._record(started, exc.code().name)  # type: ignore[attr-defined]
                        continue
                    update = new.update
                seat, action = first_legal(update)
                tokens = dict(enumerate(new.seat_tokens))  # for a server that requires them
                started = time.perf_counter()
                try:
                    update = stub.ApplyAction(pb.ApplyActionRequest(
                        state=update.state, seat=seat, action=action, views=ALL,
                        seat_token=tokens.get(seat, ""), view_tokens=tokens), timeout=5).update
                    self._record(started, None)
                except grpc.RpcError as exc:
                    self._record(started, exc.code().name)  # type: ignore[attr-defined]
                time.sleep(0.01)

    def _http(self) -> None:
        url = f"http://127.0.0.1:{self.service.http_port}{RPC}ListGames"
        with httpx.Client(timeout=5) as client:
            while not self._stop.is_set() and len(self.seconds) < 100_000:
                started = time.perf_counter()
                try:
                    response = client.post(url, content=b"{}",
                                           headers={"content-type": "application/json"})
                    self._record(started, None if response.status_code == 200
                                 else str(response.status_code))
                except httpx.HTTPError as exc:
                    self._record(started, type(exc).__name__)
                time.sleep(0.01)

    def summary(self) -> str:
        total = self.ok + sum(self.failed.values())
        if not total:
            return "no normal calls completed"
        ordered = sorted(self.seconds)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        failed = f", failed {self.failed}" if self.failed else ""
        return (f"normal {self.over} calls: {self.ok}/{total} ok "
                f"({100 * self.ok / total:.1f}%), p50 {statistics.median(ordered) * 1000:.1f} ms, "
                f"p99 {p99 * 1000:.1f} ms{failed}")


def refused_bodies(service: Target, hold: float) -> str:
    """400 refused ~1 MB calls over each HTTP protocol: the worker's RSS before and after."""
    pid = service.proc.pid
    lines = []
    with httpx.Client(timeout=60) as client:
        for protocol, (rpc, content_type, body) in refused_calls(1_000_000).items():
            before = _rss_mib(pid)
            for _ in range(400):
                client.post(f"http://127.0.0.1:{service.http_port}{RPC}{rpc}", content=body,
                            headers={"content-type": content_type})
            lines.append(f"{protocol}: {before:.0f} -> {_rss_mib(pid):.0f} MiB")
    return "; ".join(lines)


def header_only_streams(service: Service, hold: float) -> str:
    """8 connections x 8 streams that send HEADERS and nothing else, held `hold` s."""
    attackers = [RawH2(service.port) for _ in range(8)]
    try:
        for attacker in attackers:
            for _ in range(8):
                attacker.headers(APPLY)
        with Normal(service, "grpc") as normal:
            time.sleep(hold)
        return normal.summary()
    finally:
        for attacker in attackers:
            attacker.close()


def many_streams(service: Service, hold: float) -> str:
    """One connection opening 5,000 header-only streams (past the per-connection limit)."""
    before = _rss_mib(service.proc.pid)
    attacker = RawH2(service.port)
    try:
        for _ in range(5000):
            attacker.headers(APPLY)
        with Normal(service, "grpc") as normal:
            time.sleep(hold)
        return (f"{normal.summary()}; streams refused {attacker.resets}; "
                f"RSS {before:.0f} -> {_rss_mib(service.proc.pid):.0f} MiB")
    finally:
        attacker.close()


def flooded(service: Target, hold: float, flood: Callable[[], None], stop: threading.Event,
            join: float = 30) -> tuple[Normal, Worker]:
    """Normal HTTP calls measured for `hold` s while 4 threads run `flood`, which ends once
    `stop` is set; the threads are joined before the figures are read."""
    threads = [threading.Thread(target=flood, daemon=True) for _ in range(4)]
    worker = Worker(service)
    for thread in threads:
        thread.start()
    try:
        with Normal(service, "http") as normal:
            time.sleep(hold)
    finally:
        stop.set()
        for thread in threads:
            thread.join(join)
    return normal, worker


def trickle(socks: list[socket.socket], stop: threading.Event, byte: bytes) -> None:
    """One `byte` on each open socket every 2 s until `stop`; a socket that fails drops out."""
    while not stop.wait(2.0):
        for sock in list(socks):
            try:
                sock.send(byte)
            except OSError:
                socks.remove(sock)


def slow_bodies(service: Target, hold: float) -> str:
    """160 HTTP/1.1 connections declaring 100 KB and sending a byte every 2 s."""
    socks: list[socket.socket] = []
    stop = threading.Event()

    for _ in range(160):
        try:
            sock = socket.create_connection(("127.0.0.1", service.http_port), timeout=5)
        except OSError:
            continue
        sock.sendall((f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\n"
                      "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
                     .encode())
        socks.append(sock)
    threading.Thread(target=trickle, args=(socks, stop, b" "), daemon=True).start()
    worker = Worker(service)
    try:
        with Normal(service, "http") as normal:
            time.sleep(hold)
        return f"{normal.summary()}; {worker.summary()}"
    finally:
        stop.set()
        for sock in socks:
            sock.close()


def slow_headers(service: Target, hold: float) -> str:
    """Slowloris: 400 HTTP/1.1 connections sending their request head a byte every 2 s."""
    socks: list[socket.socket] = []
    stop = threading.Event()
    for _ in range(400):
        try:
            sock = socket.create_connection(("127.0.0.1", service.http_port), timeout=5)
            sock.sendall(f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\n".encode())
        except OSError:
            continue  # the server stopped accepting: that is what the normal calls will see
        socks.append(sock)

    threading.Thread(target=trickle, args=(socks, stop, b"X"), daemon=True).start()
    worker = Worker(service)
    try:
        with Normal(service, "http") as normal:
            time.sleep(hold)
        return f"{normal.summary()}; {len(socks)}/400 still open; {worker.summary()}"
    finally:
        stop.set()
        for sock in list(socks):
            sock.close()


def h2_header_only(service: Target, hold: float) -> str:
    """8 HTTP/2 connections x 8 streams on the HTTP port that send HEADERS and no body."""
    attackers = []
    for _ in range(8):
        with contextlib.suppress(OSError):
            attackers.append(RawH2(service.http_port))
    worker = Worker(service)
    try:
        for attacker in attackers:
            for _ in range(8):
                with contextlib.suppress(OSError):
                    attacker.headers(RPC + "ListGames", "application/json")
        with Normal(service, "http") as normal:
            time.sleep(hold)
        still = sum(not a.closed.is_set() for a in attackers)
        return f"{normal.summary()}; {still}/8 attackers still connected; {worker.summary()}"
    finally:
        for attacker in attackers:
            attacker.close()


def refused_flood(service: Target, hold: float) -> str:
    """4 clients posting refused ~1 MB calls (no state) back to back, at most 2,000 in all."""
    rpc, content_type, body = refused_calls(1_000_000)["connect-json"]
    url = f"http://127.0.0.1:{service.http_port}{RPC}{rpc}"
    stop = threading.Event()
    sent = [0]

    def flood() -> None:
        with httpx.Client(timeout=30) as client:
            while not stop.is_set() and sent[0] < 2_000:
                sent[0] += 1
                with contextlib.suppress(httpx.HTTPError):
                    client.post(url, content=body, headers={"content-type": content_type})

    normal, worker = flooded(service, hold, flood, stop)
    return f"{normal.summary()}; {sent[0]} refused 1 MB calls; {worker.summary()}"


def huge_headers(service: Target, hold: float) -> str:
    """4 clients sending requests whose head carries 1 MiB of headers, at most 2,000 in all."""
    head = (f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "".join(f"X-Pad-{i}: {'a' * 1000}\r\n" for i in range(1024))
            + "Content-Length: 2\r\n\r\n{}").encode()
    stop = threading.Event()
    sent = [0]
    answers: dict[str, int] = {}

    def flood() -> None:
        while not stop.is_set() and sent[0] < 2_000:
            sent[0] += 1
            try:
                with socket.create_connection(("127.0.0.1", service.http_port), timeout=10) as s:
                    s.sendall(head)
                    status = s.recv(64).split(b" ", 2)[1].decode() or "closed"
            except (OSError, IndexError):
                status = "closed"
            answers[status] = answers.get(status, 0) + 1

    normal, worker = flooded(service, hold, flood, stop)
    return (f"{normal.summary()}; {sent[0]} 1 MiB heads, answered {answers}; "
            f"{worker.summary()}")


def connection_flood(service: Target, hold: float) -> str:
    """4 clients opening connections as fast as they can, holding up to 2,000 idle."""
    stop = threading.Event()
    held: list[socket.socket] = []
    opened = [0]

    def flood() -> None:
        while not stop.is_set() and opened[0] < 200_000:
            try:
                sock = socket.create_connection(("127.0.0.1", service.http_port), timeout=5)
            except OSError:
                time.sleep(0.01)
                continue
            opened[0] += 1
            if len(held) < 2_000:
                held.append(sock)
            else:
                sock.close()

    try:
        normal, worker = flooded(service, hold, flood, stop, join=10)
    finally:
        for sock in held:
            sock.close()
    return f"{normal.summary()}; {opened[0]} connections opened; {worker.summary()}"


def rss_by_kind(pid: int) -> dict[str, float]:
    """Resident MiB of `pid`'s private anonymous memory by who holds it: pymalloc's 1 MiB
    arenas, glibc's brk heap, glibc's per-thread arenas (64 MiB-aligned regions) and the rest
    (Granian's jemalloc among it). An allocator keeps freed memory in each of them."""
    kinds: dict[str, float] = {}
    kind: str | None = None
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if "-" in parts[0] and not parts[0].endswith(":"):
            low, high = (int(bound, 16) for bound in parts[0].split("-"))
            name = parts[5] if len(parts) > 5 else ""
            kind = ("glibc heap" if name == "[heap]" else None if name else
                    "pymalloc arenas" if high - low == 1 << 20 else
                    "glibc thread arenas" if low % (64 << 20) == 0 and high - low <= 64 << 20
                    else "other anonymous")
        elif parts[0] == "Rss:" and kind is not None:
            kinds[kind] = kinds.get(kind, 0.0) + int(parts[1]) / 1024
    return kinds


def rapid_reset(service: Target, hold: float, settle: float = 2.0, bursts: int = 2) -> str:
    """4 HTTP/2 connections opening and at once resetting streams, for `hold` s, `bursts`
    times; the RSS `settle` s after each burst, and by allocator after the last."""
    sent = [0]
    figures = []
    before = rss_by_kind(service.proc.pid)
    for _ in range(bursts):
        stop = threading.Event()

        def flood(stop: threading.Event = stop) -> None:
            while not stop.is_set():
                try:
                    attacker = RawH2(service.http_port)
                    while (not stop.is_set() and not attacker.closed.is_set()
                           and sent[0] < 2_000_000):
                        stream = attacker.headers(RPC + "GetView", "application/json")
                        attacker.reset(stream)
                        sent[0] += 1
                    attacker.close()
                except OSError:
                    time.sleep(0.05)

        normal, worker = flooded(service, hold, flood, stop, join=10)
        during = worker.summary()
        time.sleep(settle)
        figures.append(f"{normal.summary()}; {during}; "
                       f"RSS {_rss_mib(service.proc.pid):.0f} MiB {settle:.0f} s after")
    after = rss_by_kind(service.proc.pid)
    grown = ", ".join(f"{kind} {after.get(kind, 0.0) - held:+.1f}"
                      for kind, held in sorted(before.items()))
    errors = service.log().count("Traceback")
    return (f"{' | '.join(figures)}; {sent[0]} streams reset; tracebacks logged {errors}; "
            f"MiB grown by allocator: {grown}")


#: Reflection paths and protocols a held request names (issue 42, finding 1).
REFLECTION = ("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
              "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo")
STREAM_TYPES = ("application/connect+proto", "application/connect+json",
                "application/grpc-web+proto")


def _fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _scrape(service: Service, name: str, **labels: str) -> float:
    with contextlib.suppress(OSError):
        return service.sample(name, **labels)
    return -1.0


def reflection_hold(service: Target, hold: float, count: int = 520) -> str:
    """`count` HTTP/1.1 connections that send a reflection request's head and 5 bytes of
    its body, then nothing: when each was cut, what it was answered, and what one held
    connection costs the worker (RSS and descriptors, once all are held)."""
    pid = service.proc.pid
    rss_before, fds_before = _rss_mib(pid), _fds(pid)
    socks: list[socket.socket] = []
    opened: dict[socket.socket, float] = {}
    for i in range(count):
        try:
            sock = socket.create_connection(("127.0.0.1", service.http_port), timeout=5)
            path, kind = REFLECTION[i % 2], STREAM_TYPES[i % 3]
            sock.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {kind}\r\n"
                          "Content-Length: 200\r\n\r\n").encode() + b"\x00\x00\x00\x00\x40")
        except OSError:
            continue
        sock.setblocking(False)
        socks.append(sock)
        opened[sock] = time.monotonic()
    time.sleep(1.0)
    held_rss, held_fds = _rss_mib(pid), _fds(pid)
    closed_after: list[float] = []
    answers: dict[str, int] = {}
    waiting = set(socks)
    watched = selectors.DefaultSelector()
    for sock in socks:
        watched.register(sock, selectors.EVENT_READ)
    with Normal(service, "http") as http_calls, contextlib.ExitStack() as more:
        more.callback(watched.close)
        grpc_calls = more.enter_context(Normal(service, "grpc")) \
            if isinstance(service, Service) else None
        deadline = time.monotonic() + hold
        while waiting and time.monotonic() < deadline:
            for key, _ in watched.select(0.2):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                sock = ready
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                if data.startswith(b"HTTP/1.1 "):
                    status = data.split(b" ", 2)[1].decode()
                    if b"grpc-status: 4" in data.lower():
                        status += "/grpc-status 4"
                    answers[status] = answers.get(status, 0) + 1
                if not data:
                    closed_after.append(time.monotonic() - opened[sock])
                    waiting.discard(sock)
                    watched.unregister(sock)
    for sock in socks:
        sock.close()
    per_held = (held_rss - rss_before) * 1024 / max(len(socks), 1)
    closed = sorted(closed_after)
    timing = (f"cut after {statistics.median(closed):.1f} s (p50), {closed[-1]:.1f} s (max)"
              if closed else "none cut")
    normal = http_calls.summary() + (f"; {grpc_calls.summary()}" if grpc_calls else "")
    metrics = ""
    if isinstance(service, Service):
        cut = _scrape(service, "grpc_server_handled_total", grpc_code="DeadlineExceeded",
                      grpc_method="ServerReflectionInfo")
        limit = _scrape(service, "marketplay_http_connections_limit")
        metrics = (f"; /metrics: reflection DeadlineExceeded {cut:.0f}, "
                   f"connections limit {limit:.0f}")
    return (f"{normal}; {len(socks)}/{count} connected, {len(socks) - len(waiting)} closed "
            f"within {hold:.0f} s, {timing}; answers {answers}; RSS {rss_before:.0f} -> "
            f"{held_rss:.0f} MiB held ({per_held:.1f} KiB and "
            f"{(held_fds - fds_before) / max(len(socks), 1):.2f} descriptors per connection), "
            f"{_rss_mib(pid):.0f} MiB after{metrics}")


def reflection_hold_512(service: Service, hold: float) -> str:
    """The review's case: the worker at 512 descriptors and 520 held reflection requests.
    The cap fits under the limit, so the gRPC port and /metrics keep answering."""
    metrics_ok, metrics_failed = 0, 0
    stop = threading.Event()

    def scrape() -> None:
        nonlocal metrics_ok, metrics_failed
        while not stop.wait(0.5):
            try:
                service.scrape()
                metrics_ok += 1
            except OSError:
                metrics_failed += 1

    scraper = threading.Thread(target=scrape, daemon=True)
    scraper.start()
    try:
        figures = reflection_hold(service, hold)
    finally:
        stop.set()
        scraper.join(10)
    warned = "does not fit the descriptor limit" in service.log()
    return (f"{figures}; /metrics {metrics_ok}/{metrics_ok + metrics_failed} ok; "
            f"cap lowered with a warning: {warned}")


def header_forgery(service: Service, hold: float) -> str:
    """Every bit of a fresh state's clear header flipped, each state sent to GetView over
    gRPC and Connect JSON: the reasons given (none may trust the forged header)."""
    reasons: dict[str, int] = {}
    with Normal(service, "grpc") as normal, grpc.insecure_channel(service.address) as channel, \
            httpx.Client(timeout=10) as client:
        stub = pb_grpc.GameServiceStub(channel)
        state = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2),
                             timeout=10).update.state
        end = 4
        for _ in range(3):
            end += 1 + state[end]
        started = time.monotonic()
        for bit in range(end * 8):
            forged = bytearray(state)
            forged[bit // 8] ^= 1 << (bit % 8)
            try:
                stub.GetView(pb.GetViewRequest(state=bytes(forged)), timeout=10)
                reason = "OK"
            except grpc.RpcError as exc:
                reason = _grpc_reason(exc)
            reasons[reason] = reasons.get(reason, 0) + 1
            response = client.post(
                f"http://127.0.0.1:{service.http_port}{RPC}GetView",
                content=json.dumps({"state": base64.b64encode(bytes(forged)).decode()}),
                headers={"content-type": "application/json"})
            http_reason = (response.json().get("details") or [{}])[0].get("debug", {}).get(
                "reason", str(response.status_code)) if response.status_code != 200 else "OK"
            reasons[f"http {http_reason}"] = reasons.get(f"http {http_reason}", 0) + 1
        time.sleep(max(0.0, hold - (time.monotonic() - started)))
    return f"{normal.summary()}; {end * 8} header bits flipped, reasons {reasons}"


def _grpc_reason(exc: grpc.RpcError) -> str:
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    status = rpc_status.from_call(exc)  # type: ignore[arg-type]
    for detail in status.details if status is not None else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return str(info.reason)
    return str(exc.code().name)


def _response_head(sock: socket.socket) -> tuple[int, bytes, bool]:
    """Status and head of the next response on `sock`, its body read; whether it closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return 0, data, True
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in head.lower().split(b"\r\n")
                   if line.startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(head.split(b" ", 2)[1]), head.lower(), False


def reuse_413(service: Target, hold: float, count: int = 30) -> str:
    """`count` HTTP/1.1 connections each sending a body over the limit (a spread of sizes,
    1.1-2.1 MB against a 1 MiB limit), then a second request on the same connection."""
    sizes = [1_100_000 + i * 1_000_000 // max(count - 1, 1) for i in range(count)]
    outcomes: dict[str, int] = {}
    with Normal(service, "http") as normal:
        started = time.monotonic()
        for size in sizes:
            with socket.create_connection(("127.0.0.1", service.http_port), timeout=20) as sock:
                head = (f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\n"
                        "Content-Type: application/json\r\n"
                        f"Content-Length: {size}\r\n\r\n").encode()
                with contextlib.suppress(OSError):
                    sock.sendall(head + b" " * size)
                try:
                    status, head_bytes, _ = _response_head(sock)
                except OSError:
                    status, head_bytes = 0, b""
                said_close = b"connection: close" in head_bytes
                try:
                    sock.sendall(f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\n"
                                 "Content-Type: application/json\r\nContent-Length: 2\r\n"
                                 "\r\n{}".encode())
                    second, _, _ = _response_head(sock)
                except OSError:
                    second = 0
            key = (f"{status}{' close' if said_close else ''} -> "
                   f"{second if second else 'no answer'}")
            outcomes[key] = outcomes.get(key, 0) + 1
        time.sleep(max(0.0, hold - (time.monotonic() - started)))
    broken = sum(n for key, n in outcomes.items() if "close" not in key and "200" not in key)
    return (f"{normal.summary()}; {count} bodies of 1.1-2.1 MB: {outcomes}; "
            f"413s without Connection: close whose connection failed the next request: {broken}")


BAD_CHUNK_SIZES = (b"-1", b"1" * 19, b"f" * 19, b"0x10", b"zz")


def bad_chunks(service: Target, hold: float, count: int = 1000) -> str:
    """`count` requests whose chunked body has a malformed chunk-size line, on 4 threads."""
    answers: dict[str, int] = {}
    sent = [0]
    stop = threading.Event()
    before = _scrape(service, "grpc_server_handled_total", grpc_code="InvalidArgument",
                     grpc_method="ListGames") if isinstance(service, Service) else 0.0

    def flood() -> None:
        while not stop.is_set() and sent[0] < count:
            size = BAD_CHUNK_SIZES[sent[0] % len(BAD_CHUNK_SIZES)]
            sent[0] += 1
            try:
                with socket.create_connection(("127.0.0.1", service.http_port), timeout=10) as s:
                    s.sendall((f"POST {RPC}ListGames HTTP/1.1\r\nHost: x\r\n"
                               "Content-Type: application/json\r\nTransfer-Encoding: chunked"
                               "\r\n\r\n").encode() + size + b"\r\n{}\r\n0\r\n\r\n")
                    status = str(_response_head(s)[0] or "closed")
            except OSError:
                status = "error"
            answers[status] = answers.get(status, 0) + 1

    normal, worker = flooded(service, hold, flood, stop)
    counted = ""
    if isinstance(service, Service):
        after = _scrape(service, "grpc_server_handled_total", grpc_code="InvalidArgument",
                        grpc_method="ListGames")
        counted = f"; counted InvalidArgument {after - before:.0f}"
    return (f"{normal.summary()}; {sent[0]} malformed chunk sizes, answered {answers}"
            f"{counted}; {worker.summary()}")


def pre_ttl_tokens(service: Service, hold: float, games: int = 20) -> str:
    """Tokens minted with no expiry by a server without --seat-token-ttl, then used on one
    with a TTL and the same key, and on one with a TTL after a key rotation (`service`)."""
    tmp = service.log_path.parent
    old_key = KEYS_OLD
    counts: dict[str, int] = {}

    def tally(name: str, method: Callable[..., object], request: object) -> None:
        try:
            method(request, timeout=10)
            outcome = "ok"
        except grpc.RpcError as exc:
            outcome = _grpc_reason(exc)
        counts[f"{name} {outcome}"] = counts.get(f"{name} {outcome}", 0) + 1

    started: list[tuple[bytes, int, str]] = []  # (state, seat, token)
    renewed: list[str] = []
    before = Service(tmp, "--require-seat-tokens", keys=old_key)
    switched = Service(tmp, "--require-seat-tokens", "--seat-token-ttl", "600", keys=old_key)
    try:
        before.wait_ready(workers=1)
        switched.wait_ready(workers=1)
        with grpc.insecure_channel(before.address) as channel:
            stub = pb_grpc.GameServiceStub(channel)
            for _ in range(games):
                new = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2),
                                   timeout=10)
                started += [(new.update.state, seat, token)
                            for seat, token in enumerate(new.seat_tokens)]
        with grpc.insecure_channel(switched.address) as channel:
            stub = pb_grpc.GameServiceStub(channel)
            for state, seat, token in started:
                tally("same key, TTL on: view with the old token", stub.GetView,
                      pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[seat]),
                                        view_tokens={seat: token}))
                renewed.append(stub.RenewSeatToken(pb.RenewSeatTokenRequest(
                    state=state, seat=seat, seat_token=token), timeout=10).seat_token)
    finally:
        before.kill()
        switched.kill()
    with Normal(service, "grpc") as normal, grpc.insecure_channel(service.address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        begun = time.monotonic()
        for (state, seat, token), fresh in zip(started, renewed, strict=True):
            for name, used in (("rotated: old token", token), ("rotated: renewed token", fresh)):
                tally(f"{name}, view", stub.GetView, pb.GetViewRequest(
                    state=state, views=pb.ViewSelection(seats=[seat]), view_tokens={seat: used}))
                tally(f"{name}, renew", stub.RenewSeatToken,
                      pb.RenewSeatTokenRequest(state=state, seat=seat, seat_token=used))
        time.sleep(max(0.0, hold - (time.monotonic() - begun)))
    return f"{normal.summary()}; {len(started)} seats' tokens without expiry: {counts}"


ATTACKS: dict[str, Callable[[Service, float], str]] = {
    "header-only-streams": header_only_streams,
    "many-streams": many_streams,
    "reflection-hold-512": reflection_hold_512,
    "header-forgery": header_forgery,
    "pre-ttl-tokens": pre_ttl_tokens,
}
#: Keys of the servers in the pre-TTL tokens attack: the old one, then the rotation.
KEYS_OLD = "old:" + base64.b64encode(hashlib.sha256(b"marketplay attack old key").digest()).decode()
KEYS_NEW = "new:" + base64.b64encode(hashlib.sha256(b"marketplay attack new key").digest()).decode()
#: How the service is started for an attack, when not as for the others (`--max-request-bytes`
#: 2 MiB): its extra flags, state keys and descriptor limit.
SETUP: dict[str, tuple[tuple[str, ...], str | None, int | None]] = {
    "reflection-hold-512": ((), None, 512),
    "reuse-413": (("--max-request-bytes", str(1 << 20)), None, None),
    "pre-ttl-tokens": (("--require-seat-tokens", "--seat-token-ttl", "600"),
                       f"{KEYS_NEW},{KEYS_OLD}", None),
}
SERVERS = ("hypercorn", "granian", "uvicorn")
#: The HTTP port's attacks, which `--server` runs against each candidate server too.
HTTP_ATTACKS: dict[str, Callable[[Target, float], str]] = {
    "refused-bodies": refused_bodies,
    "refused-flood": refused_flood,
    "slow-bodies": slow_bodies,
    "slow-headers": slow_headers,
    "huge-headers": huge_headers,
    "h2-header-only": h2_header_only,
    "rapid-reset": rapid_reset,
    "connection-flood": connection_flood,
    "reflection-hold": reflection_hold,
    "reuse-413": reuse_413,
    "bad-chunks": bad_chunks,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", choices=sorted({*ATTACKS, *HTTP_ATTACKS}))
    parser.add_argument("--hold", type=float, default=20.0, help="seconds each attack is held")
    parser.add_argument("--server", action="append", choices=SERVERS,
                        help="run the HTTP attacks against this candidate HTTP server (again "
                             "for several: each attack then runs on each, in a rotated order)")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds after each rapid-reset burst before its RSS is read")
    parser.add_argument("--bursts", type=int, default=2,
                        help="rapid-reset bursts in a row (memory that a second one does not "
                             "add to is held by an allocator, not leaked)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    HTTP_ATTACKS["rapid-reset"] = functools.partial(rapid_reset, settle=args.settle,
                                                    bursts=args.bursts)
    figures: dict[str, str] = {}
    names = args.only or [*ATTACKS, *HTTP_ATTACKS]
    servers: list[str | None] = list(args.server or [None])
    if args.server:
        names = [name for name in names if name in HTTP_ATTACKS]
    for index, name in enumerate(names):
        shift = index % len(servers)
        for server in servers[shift:] + servers[:shift]:
            key = f"{name} [{server}]" if server else name
            with tempfile.TemporaryDirectory() as tmp:
                flags, keys, nofile = SETUP.get(name, (("--max-request-bytes", str(2 << 20)),
                                                       None, None))
                target: Target = (Candidate(Path(tmp), server) if server else
                                  Service(Path(tmp), *flags, keys=keys or PROCS_KEYS,
                                          nofile=nofile))
                try:
                    target.wait_ready(workers=1)
                    if name in HTTP_ATTACKS:
                        figures[key] = HTTP_ATTACKS[name](target, args.hold)
                    else:
                        assert isinstance(target, Service)
                        figures[key] = ATTACKS[name](target, args.hold)
                finally:
                    target.kill()
            print(f"{key}: {figures[key]}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
