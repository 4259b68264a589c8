"""The HTTP port's mounted routes (server reflection) live like its RPCs (issue 42, finding 1).

service/http/app.py handed reflection requests to their app as they came, with
no body deadline, admission, metrics or log line: 520 HTTP/1.1 connections that
sent a request head and 5 bytes of a body, then nothing, stayed open 50-154 s
and exhausted the worker's descriptors. Now a reflection stream must end within
--http-body-timeout-ms (408 BODY_TIMEOUT before any answer), is admitted once
its first message has arrived, and is counted and reported like an RPC.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest
from grpc_reflection.v1alpha import reflection_pb2

from tests import servers
from tests.attacks.h2raw import RawH2
from tests.service.conftest import TEST_CONFIG

BODY_SECONDS = 1.5
CONFIG = replace(TEST_CONFIG, http_body_timeout_ms=int(BODY_SECONDS * 1000),
                 max_concurrent_rpcs=4)
STREAMS = ("grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
           "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo")
#: The protocols the port serves streams in.
PROTOCOLS = ("application/connect+proto", "application/connect+json",
             "application/grpc-web+proto")


class Metered(servers.Metered):
    def stream(self, name: str, stream: str, expected: float = 0, **labels: str) -> float:
        """A series of a reflection stream, waited for until it reaches `expected`."""
        service, method = stream.split("/")
        return self.sample(name, {"grpc_type": "bidi_stream", "grpc_service": service,
                                  "grpc_method": method, **labels}, expected)


@pytest.fixture(scope="module")
def metered() -> Iterator[Metered]:
    served = Metered(CONFIG)
    yield served
    served.stop()


def _message(content_type: str) -> bytes:
    """One framed ServerReflectionRequest listing the services."""
    if content_type.endswith("json"):
        payload = b'{"listServices": ""}'
    else:
        payload = reflection_pb2.ServerReflectionRequest(list_services="").SerializeToString()
    return b"\x00" + len(payload).to_bytes(4, "big") + payload


def _held(port: int, path: str, content_type: str) -> socket.socket:
    """An HTTP/1.1 reflection request that sends its head and 5 bytes, then nothing."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=BODY_SECONDS + 10)
    sock.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n"
                  "Content-Length: 200\r\n\r\n").encode() + b"\x00\x00\x00\x00\x40")
    return sock


def _until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes; a socket timeout fails the test."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


@pytest.mark.parametrize("content_type", PROTOCOLS)
@pytest.mark.parametrize("stream", STREAMS)
def test_a_reflection_request_that_stops_is_cut_at_the_body_deadline(
        metered: Metered, stream: str, content_type: str) -> None:
    started = time.monotonic()
    with _held(metered.port, f"/{stream}", content_type) as sock:
        answer = _until_closed(sock)
    took = time.monotonic() - started
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    if content_type.startswith("application/grpc-web"):
        assert head.startswith(b"http/1.1 200") and b"grpc-status: 4" in head, answer
    else:
        assert head.startswith(b"http/1.1 408"), answer
        assert b"BODY_TIMEOUT" in answer
    assert b"connection: close" in head
    assert BODY_SECONDS - 0.2 <= took < BODY_SECONDS + 8


def test_a_held_reflection_stream_over_h2_is_cut_too(metered: Metered) -> None:
    attacker = RawH2(metered.port)
    try:
        stream = attacker.headers(f"/{STREAMS[0]}", "application/connect+proto")
        attacker.data(stream, b"\x00\x00\x00", end_stream=False)
        deadline = time.monotonic() + BODY_SECONDS + 8
        while stream not in attacker.answers and time.monotonic() < deadline:
            time.sleep(0.05)
        assert attacker.answers.get(stream, {}).get(":status") == "408"
    finally:
        attacker.close()


def test_a_reflection_stream_is_counted_and_a_cut_one_reported(
        caplog: pytest.LogCaptureFixture) -> None:
    """On a server of its own: refusal lines of one kind are logged once per 10 s."""
    metered = Metered(CONFIG)
    try:
        stream = STREAMS[1]
        response = httpx.post(f"http://127.0.0.1:{metered.port}/{stream}",
                              content=_message("application/connect+proto"),
                              headers={"content-type": "application/connect+proto"}, timeout=10)
        assert response.status_code == 200
        assert b"marketplay.v1.GameService" in response.content
        assert metered.stream("grpc_server_handled_total", stream, 1, grpc_code="OK") == 1
        assert metered.stream("grpc_server_msg_received_total", stream) == 1
        assert metered.stream("grpc_server_msg_sent_total", stream) == 1
        caplog.set_level(logging.INFO, logger="marketplay.calls")
        with _held(metered.port, f"/{stream}", "application/connect+proto") as sock:
            _until_closed(sock)
        assert metered.stream("grpc_server_handled_total", stream, 1,
                              grpc_code="DeadlineExceeded") == 1
        assert any(f"refused {stream}: DEADLINE_EXCEEDED BODY_TIMEOUT" in r.getMessage()
                   for r in caplog.records)
    finally:
        metered.stop()


def test_a_reflection_stream_waits_for_admission(metered: Metered) -> None:
    """Admitted once its first message is read, like an RPC: refused OVERLOADED when full."""
    assert metered.serving.running.http is not None
    admission = metered.serving.running.http.admission
    entered = 0
    try:
        while admission.enter() is None:
            entered += 1
        response = httpx.post(f"http://127.0.0.1:{metered.port}/{STREAMS[0]}",
                              content=_message("application/connect+json"),
                              headers={"content-type": "application/connect+json"}, timeout=10)
        assert response.status_code == 429
        assert response.json()["details"][0]["debug"]["reason"] == "OVERLOADED"
    finally:
        for _ in range(entered):
            admission.leave()
