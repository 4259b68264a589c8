"""Slow request bodies cannot starve the HTTP port (docs/security.md, "Hostile clients").

A call used to take its admission slot before its body was read, and the read
had no time limit: 160 connections each declaring 100 KB and sending a byte
every 2 s got every normal call refused as 429 OVERLOADED. Now a body must
arrive within --http-body-timeout-ms (408, deadline_exceeded, BODY_TIMEOUT)
and a call is admitted only once its body is read.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import Caller, HttpRefusal, http_client

LIST_GAMES = "/marketplay.v1.GameService/ListGames"


@pytest.fixture
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(replace(TEST_CONFIG, max_concurrent_rpcs=4, http_body_timeout_ms=1500))
    yield served
    served.close()


def _port(served: ServedHttp) -> int:
    assert served.running.http is not None
    return served.running.http.port


def _open(port: int, head: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(head)
    return sock


def _response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of the one response on `sock` (read until it closes)."""
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        headers = dict(line.split(": ", 1) for line in
                       head.decode("latin-1").lower().split("\r\n")[1:] if ": " in line)
        if "content-length" in headers and len(body) >= int(headers["content-length"]):
            break
    status = int(head.split(b" ", 2)[1])
    return status, headers, body


def _slow_post(port: int, declared: int = 30_000) -> socket.socket:
    return _open(port, (f"POST {LIST_GAMES} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        f"Content-Type: application/json\r\nContent-Length: {declared}\r\n\r\n{{")
                 .encode())


def test_a_body_that_does_not_arrive_in_time_gets_408(served: ServedHttp) -> None:
    with _slow_post(_port(served)) as sock:
        status, _, body = _response(sock)
    assert status == 408
    error = json.loads(body)
    assert error["code"] == "deadline_exceeded"
    assert error["details"][0]["debug"]["reason"] == "BODY_TIMEOUT"


def test_a_chunked_body_that_never_ends_gets_408(served: ServedHttp) -> None:
    head = (f"POST {LIST_GAMES} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\nffffffffffff\r\n{").encode()
    with _open(_port(served), head) as sock:
        status, _, body = _response(sock)
    assert status == 408, body


def test_slow_bodies_hold_no_admission_slot(served: ServedHttp) -> None:
    """Twice the admission limit of slow bodies in flight; normal calls still served."""
    port = _port(served)
    slow = [_slow_post(port) for _ in range(8)]
    try:
        time.sleep(0.3)  # they are all reading their bodies now
        ok = 0
        with http_client("http1") as client:
            caller = Caller(client, served.base, "connect-json")
            for _ in range(20):
                try:
                    caller("ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
                    ok += 1
                except HttpRefusal:
                    pass
        assert ok == 20, f"{20 - ok} of 20 normal calls refused beside 8 slow bodies"
    finally:
        for sock in slow:
            sock.close()
