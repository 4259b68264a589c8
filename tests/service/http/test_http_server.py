"""The HTTP port's server: embedded Granian on our socket, with the limits the port promises.

service/http/server.py hands Granian a socket bound by bind_http through its
private `SocketHolder` (granian is pinned exactly for that): these tests fail
if a Granian release changes it. They also hold the limits docs/security.md
lists for the port (streams per connection, head size, connections at once)
and the keep-alive recycling the application adds (Granian has none).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import httpx
import pytest
from prometheus_client import CollectorRegistry

from service.http.app import HttpApp, Readiness
from service.http.cors import CorsPolicy
from service.http.server import HEAD_SECONDS, MAX_HEADER_BYTES, MAX_STREAMS, HttpServer, bind_http
from tests.attacks.h2raw import RawH2
from tests.loopback import free_port
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG, ServedHttp

LIST_GAMES = "/marketplay.v1.GameService/ListGames"
SLOW_SECONDS = 1.5


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(replace(TEST_CONFIG, http_keep_alive_max_requests=5,
                                http_max_connection_age_ms=0))
    yield served
    served.close()


def _slow_server(port: int) -> tuple[HttpServer, socket.socket]:
    """An HttpServer whose RPCs take SLOW_SECONDS to answer; and a second socket bound
    to the same port (SO_REUSEPORT, as --workers binds it) to prove the binding is ours."""
    config = replace(TEST_CONFIG, http_port=port, workers=2)
    sock, sibling = bind_http(config), bind_http(config)

    async def slow(scope: Any, receive: Any, send: Any, life: Any) -> None:
        await asyncio.sleep(SLOW_SECONDS)
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})

    app = HttpApp(slow, 1 << 20, CorsPolicy.parse(""), Readiness(), b"{}")
    return HttpServer(app, sock, ThreadPoolExecutor(1), grace=5.0), sibling


def test_it_serves_our_socket_and_lets_a_call_in_flight_finish() -> None:
    port = free_port()
    server, sibling = _slow_server(port)
    assert server.port == port
    sibling.close()  # only the server's socket is left on the port
    server.start()
    answered: list[int] = []

    def call() -> None:
        with httpx.Client() as client:
            answered.append(client.post(f"http://127.0.0.1:{port}{LIST_GAMES}", content=b"{}",
                                        headers={"content-type": "application/json"},
                                        timeout=30).status_code)

    caller = threading.Thread(target=call)
    try:
        with httpx.Client() as client:
            assert client.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
        caller.start()
        deadline = time.monotonic() + 30
        while server.admission.in_flight == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.admission.in_flight == 1
    finally:
        server.stop(5.0)
    caller.join(30)
    assert answered == [200]  # the call in flight ended normally within the grace
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_an_http1_connection_is_closed_after_its_request_limit(served: ServedHttp) -> None:
    with httpx.Client() as client:  # one keep-alive connection
        answers = [client.post(served.base + LIST_GAMES, content=b"{}",
                               headers={"content-type": "application/json"})
                   for _ in range(5)]
    assert [a.headers.get("connection") for a in answers] == [None] * 4 + ["close"]
    assert all(a.status_code == 200 for a in answers)


def _head(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data and (chunk := sock.recv(65536)):
            data += chunk
        while chunk := sock.recv(65536):  # the server closes it afterwards
            data += chunk
    return data


def test_a_head_over_the_limit_is_431(served: ServedHttp) -> None:
    assert served.running.http is not None
    port = served.running.http.port
    big = "x" * (MAX_HEADER_BYTES + 1024)
    answer = _head(port, f"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\n"
                         "Connection: close\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 431")
    small = "x" * (MAX_HEADER_BYTES // 2)
    with httpx.Client(http1=False, http2=True) as client:
        assert client.get(served.base + "/healthz", headers={"x-big": small}).status_code == 200
        assert client.get(served.base + "/healthz", headers={"x-big": big}).status_code == 431


def test_both_length_headers_close_the_connection(served: ServedHttp) -> None:
    """RFC 9112 6.3: Transfer-Encoding frames the body and the connection ends after the
    answer, so a proxy that framed it by Content-Length cannot smuggle a request behind."""
    assert served.running.http is not None
    answer = _head(served.running.http.port, (
        f"POST {LIST_GAMES} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        f"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").encode())
    assert answer.startswith(b"HTTP/1.1 200") and b"connection: close" in answer.lower()
    assert answer.count(b"HTTP/1.1 ") == 1  # the request behind it was not served


def test_streams_per_connection_are_capped(served: ServedHttp) -> None:
    assert served.running.http is not None
    attacker = RawH2(served.running.http.port)
    try:
        for _ in range(MAX_STREAMS + 20):  # headers only: each stream stays open
            attacker.headers(LIST_GAMES, "application/json")
        deadline = time.monotonic() + 30
        while attacker.resets < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert attacker.resets >= 20  # the streams past the cap were refused
    finally:
        attacker.close()


def test_more_idle_connections_than_granians_default_do_not_lock_others_out(
        served: ServedHttp) -> None:
    """Granian accepts no connection past `backpressure` (128 by default)."""
    assert served.running.http is not None
    idle = [socket.create_connection(("127.0.0.1", served.running.http.port), timeout=10)
            for _ in range(300)]
    try:
        with httpx.Client() as client:
            assert client.get(served.base + "/healthz", timeout=10).status_code == 200
    finally:
        for sock in idle:
            sock.close()


def test_connections_past_the_cap_wait_for_one_to_close() -> None:
    """Issue 42: Granian's cap was the descriptor limit, so held connections took every
    descriptor and the rest of the worker (its gRPC port, /metrics) with them. Now a
    worker holds at most --http-max-connections; the next wait in the listen backlog,
    counted, until one closes."""
    from service.metrics import Metrics
    from service.rpc_metrics import UnaryCallMetrics

    registry = CollectorRegistry()
    config = replace(TEST_CONFIG, http_max_connections=8)
    with serving(config, http=True, http_metrics=UnaryCallMetrics(Metrics(registry))) as served:
        http = served.running.http
        assert http is not None
        held = [socket.create_connection(("127.0.0.1", http.port), timeout=10)
                for _ in range(8)]
        try:
            waiting = socket.create_connection(("127.0.0.1", http.port), timeout=10)
            waiting.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            deadline = time.monotonic() + 10
            sample = http.connections.sample()
            while (sample.open, sample.waiting) != (8, 1) and time.monotonic() < deadline:
                time.sleep(0.05)  # until Granian has taken the first eight from the backlog
                sample = http.connections.sample()
            assert (sample.open, sample.waiting) == (8, 1)
            assert registry.get_sample_value("marketplay_http_connections") == 8
            assert registry.get_sample_value("marketplay_http_connections_waiting") == 1
            assert registry.get_sample_value("marketplay_http_connections_limit") == 8
            waiting.settimeout(0.5)
            with pytest.raises(TimeoutError):
                waiting.recv(64)  # not accepted yet: nothing answers it
            held.pop().close()
            waiting.settimeout(10)
            assert waiting.recv(64).startswith(b"HTTP/1.1 200")
            waiting.close()
        finally:
            for sock in held:
                sock.close()


def test_a_connection_silent_both_ways_is_closed() -> None:
    """HTTP/2 has no idle limit in Granian, and a client that stops reading its answer
    none either: the watch shuts down what carried nothing for its idle time."""
    from service.http.connections import ConnectionWatch

    with serving(TEST_CONFIG, http=True) as served:
        assert served.running.http is not None
        port = served.running.http.port
        quiet, talking = RawH2(port), RawH2(port)
        try:
            watch = ConnectionWatch(port, 8, idle=2.0)
            time.sleep(2.5)  # both silent past the idle time; then `talking` talks
            talking.settings()
            assert watch.sample().closed_idle == 1
            assert quiet.closed.wait(5)
            assert not talking.closed.is_set()
        finally:
            quiet.close()
            talking.close()


@pytest.mark.parametrize(("limits", "wanted", "cap", "raised"), [
    ((20_000, 20_000), 1_000, 1_000, None),
    ((1_024, 4_096), 1_000, 1_000, 1_256),  # the soft limit raised to fit
    ((1_024, 1_024), 1_000, 768, None),  # the hard limit does not: the reserve kept
    ((256, 256), 1_000, 128, None),  # a tiny limit: half of it
])
def test_the_cap_fits_under_the_descriptor_limit(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        limits: tuple[int, int], wanted: int, cap: int, raised: int | None) -> None:
    import resource

    from service.http import connections

    current = list(limits)
    monkeypatch.setattr(resource, "getrlimit", lambda _: tuple(current))

    def setrlimit(_: int, new: tuple[int, int]) -> None:
        if new[0] > current[1]:
            raise ValueError("not allowed to raise the maximum limit")
        current[0] = new[0]

    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    assert connections.connection_cap(wanted) == cap
    assert current[0] == (raised or limits[0])
    assert ("does not fit the descriptor limit" in caplog.text) == (cap < wanted)


def test_an_idle_keep_alive_connection_and_an_unfinished_head_are_closed(
        served: ServedHttp) -> None:
    """Both within the head timeout (10 s; Granian's default is 30 s, Hypercorn's
    keep-alive timeout was 5 s): a slowloris client holds a connection no longer."""
    assert served.running.http is not None
    port = served.running.http.port
    idle = socket.create_connection(("127.0.0.1", port), timeout=HEAD_SECONDS + 15)
    idle.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert idle.recv(65536).startswith(b"HTTP/1.1 200")
    slow = socket.create_connection(("127.0.0.1", port), timeout=HEAD_SECONDS + 15)
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # the head never ends
    try:
        for sock in (idle, slow):
            while sock.recv(65536):  # until the server closes it (b""); a timeout fails
                pass
    finally:
        idle.close()
        slow.close()
