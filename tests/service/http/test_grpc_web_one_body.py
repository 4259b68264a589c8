"""A unary gRPC-Web response leaves the HTTP app as one body of known length.

connectrpc writes it as a stream (the message frame, then the trailers frame);
Granian sends a body given in pieces chunked, one trip to its Rust side per
piece, which made gRPC-Web cost 2.7x a Connect call on the HTTP loop
(docs/benchmarks.md, "gRPC-Web on Granian"). service/http/app.py's `_one_body`
joins the pieces: these tests count the ASGI body messages the server is given
for answers, refusals that connectrpc writes in the trailers frame, compressed
frames and text mode, and check the Content-Length a client reads.
"""

from __future__ import annotations

import asyncio
import base64
import struct
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.http.app import HttpApp
from service.http.server import build_http_app
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import http_client

RPC = "/marketplay.v1.GameService/"


def _frame(message: bytes) -> bytes:
    return b"\x00" + struct.pack(">I", len(message)) + message


def _frames(body: bytes) -> list[tuple[int, bytes]]:
    """(flags, payload) of each gRPC-Web frame in a whole response body."""
    out, offset = [], 0
    while offset < len(body):
        flags, length = body[offset], struct.unpack(">I", body[offset + 1:offset + 5])[0]
        out.append((flags, body[offset + 5:offset + 5 + length]))
        offset += 5 + length
    assert offset == len(body), "the body ends inside a frame"
    return out


@pytest.fixture(scope="module")
def app() -> Iterator[HttpApp]:
    config = replace(TEST_CONFIG, http_compress_min_bytes=0)  # every accepted frame gzipped
    with serving(config) as served, ThreadPoolExecutor(2) as executor:
        yield build_http_app(config, served.running.core, executor)


def _call(app: HttpApp, rpc: str, content_type: str, body: bytes,
          extra: tuple[tuple[bytes, bytes], ...] = ()) -> list[dict[str, Any]]:
    """Every ASGI message the app sends for one request."""
    sent: list[dict[str, Any]] = []
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        for _ in range(10_000):  # bounded: the app answers long before
            if sent and sent[-1]["type"] == "http.response.body" and \
                    not sent[-1].get("more_body", False):
                break
            await asyncio.sleep(0.001)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": RPC + rpc, "raw_path": (RPC + rpc).encode(),
        "query_string": b"", "root_path": "", "client": ("127.0.0.1", 4000),
        "server": ("127.0.0.1", 8080),
        "headers": [(b"content-type", content_type.encode()),
                    (b"content-length", str(len(body)).encode()), *extra],
    }
    asyncio.run(app(scope, receive, send))
    return sent


def _one_body(sent: list[dict[str, Any]]) -> tuple[dict[str, bytes], bytes]:
    """The response's headers and body, checking it was sent as start + one whole body."""
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"], sent
    assert not sent[1].get("more_body", False)
    headers = {bytes(k).decode(): bytes(v) for k, v in sent[0]["headers"]}
    body = bytes(sent[1]["body"])
    assert headers["content-length"] == str(len(body)).encode()
    return headers, body


def test_an_answer_is_one_body_with_its_length(app: HttpApp) -> None:
    _, body = _one_body(_call(app, "ListGames", "application/grpc-web+proto",
                              _frame(b"")))
    (flags, message), (trailer_flags, trailers) = _frames(body)
    assert flags == 0 and len(pb.ListGamesResponse.FromString(message).games) >= 3
    assert trailer_flags == 0x80 and b"grpc-status:0" in trailers.replace(b" ", b"")


def test_a_status_in_the_trailers_frame_is_one_body(app: HttpApp) -> None:
    """NOT_FOUND from the core: connectrpc writes the status in the trailers frame."""
    request = pb.NewGameRequest(game_id="no-such-game", num_players=2).SerializeToString()
    _, body = _one_body(_call(app, "NewGame", "application/grpc-web+proto", _frame(request)))
    [(flags, trailers)] = _frames(body)
    assert flags == 0x80 and b"grpc-status:5" in trailers.replace(b" ", b"")


def test_compressed_frames_are_one_body(app: HttpApp) -> None:
    headers, body = _one_body(_call(app, "ListGames", "application/grpc-web+proto",
                                    _frame(b""), ((b"grpc-accept-encoding", b"gzip"),)))
    assert headers["grpc-encoding"] == b"gzip"
    (flags, _), (trailer_flags, _) = _frames(body)
    assert (flags, trailer_flags) == (0x01, 0x80)


def test_text_mode_is_one_body(app: HttpApp) -> None:
    sent = _call(app, "ListGames", "application/grpc-web-text",
                 base64.b64encode(_frame(b"")))
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    frames = _frames(base64.b64decode(sent[1]["body"]))
    assert [flags for flags, _ in frames] == [0, 0x80]


@pytest.mark.parametrize("version", ["http1", "h2c"])
def test_on_the_wire_it_is_not_chunked(version: str) -> None:
    """What a client sees from Granian: Content-Length, no chunked transfer coding."""
    served = ServedHttp(TEST_CONFIG)
    try:
        with http_client(version) as client:
            response = client.post(f"{served.base}{RPC}ListGames", content=_frame(b""),
                                   headers={"content-type": "application/grpc-web+proto"})
        assert response.status_code == 200
        assert response.headers.get("content-length") == str(len(response.content))
        assert "chunked" not in response.headers.get("transfer-encoding", "")
        assert [flags for flags, _ in _frames(response.content)] == [0, 0x80]
    finally:
        served.close()
