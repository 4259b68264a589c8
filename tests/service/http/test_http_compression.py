"""Response compression on the HTTP port (service/http/compression.py): gzip above
--http-compress-min-bytes when the client accepts it, identity otherwise, on a
real loopback server for Connect JSON, Connect proto, gRPC-Web and gRPC.

GetView is the probe: it echoes the state it was given, so two calls with the
same request answer the same bytes and the compressed one can be compared with
the identity one byte for byte.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import struct
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from google.protobuf import json_format

from engines import registry
from marketplay.v1 import game_service_pb2 as pb
from service.config import Config, load_config
from service.http import compression
from service.http.compression import ResponseCompression, accepts_gzip, lists_gzip
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import SERVICE, http_client

MIN = Config().http_compress_min_bytes
ALL = pb.ViewSelection(all_seats=True, spectator=True)
ONE = pb.ViewSelection(seats=[0])


@pytest.fixture(scope="module", params=["http1", "h2c"])
def client(request: pytest.FixtureRequest) -> Iterator[httpx.Client]:
    with http_client(request.param) as c:
        yield c


@pytest.fixture(scope="module")
def always_served() -> Iterator[ServedHttp]:
    """A server that compresses every accepted message (--http-compress-min-bytes 0)."""
    served = ServedHttp(replace(TEST_CONFIG, http_compress_min_bytes=0))
    yield served
    served.close()


def _state(served: ServedHttp, game_id: str, players: int) -> bytes:
    created = served.stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players,
                                                    seed=b"compress"), timeout=10)
    return bytes(created.update.state)


def _big(served: ServedHttp) -> pb.GetViewRequest:
    """Well above the default threshold in every encoding (Market Fresh, every view)."""
    return pb.GetViewRequest(state=_state(served, "market-fresh", 4), views=ALL)


def _small(served: ServedHttp) -> pb.GetViewRequest:
    """Below the default threshold in binary (one Spice Merchant seat: ~1.4 KB)."""
    return pb.GetViewRequest(state=_state(served, "spice-merchant", 2), views=ONE)


def _raw(client: httpx.Client, url: str, body: bytes, headers: dict[str, str]) -> httpx.Response:
    """The response with its body as sent (httpx would inflate gzip on its own); no
    Accept-Encoding at all unless `headers` has one (httpx sends its own by default)."""
    request = client.build_request("POST", url, content=body, headers=headers)
    if "accept-encoding" not in headers:
        del request.headers["accept-encoding"]
    response = client.send(request, stream=True)
    try:
        response._content = b"".join(response.iter_raw())  # keep the wire bytes
    finally:
        response.close()
    return response


def _connect(client: httpx.Client, served: ServedHttp, request: pb.GetViewRequest, codec: str,
             accept: str | None) -> httpx.Response:
    from google.protobuf import json_format

    body = (json_format.MessageToJson(request).encode() if codec == "json"
            else request.SerializeToString())
    headers = {"content-type": f"application/{codec}"}
    if accept is not None:
        headers["accept-encoding"] = accept
    return _raw(client, f"{served.base}/{SERVICE}/GetView", body, headers)


def _grpc_web(client: httpx.Client, served: ServedHttp, request: pb.GetViewRequest,
              accept: str | None, text: bool = False) -> tuple[httpx.Response, list[tuple[int, bytes]]]:
    payload = request.SerializeToString()
    body = struct.pack(">BI", 0, len(payload)) + payload
    kind = "grpc-web-text" if text else "grpc-web"
    headers = {"content-type": f"application/{kind}+proto", "x-grpc-web": "1",
               "accept-encoding": "identity"}
    if accept is not None:
        headers["grpc-accept-encoding"] = accept
    response = _raw(client, f"{served.base}/{SERVICE}/GetView",
                    base64.b64encode(body) if text else body, headers)
    assert response.status_code == 200
    data = base64.b64decode(response.content) if text else response.content
    frames: list[tuple[int, bytes]] = []
    offset = 0
    while offset < len(data):
        flags, length = struct.unpack(">BI", data[offset:offset + 5])
        frames.append((flags, data[offset + 5:offset + 5 + length]))
        offset += 5 + length
    assert offset == len(data)
    return response, frames


# ------------------------------------------------------------------ Connect unary


@pytest.mark.parametrize("codec", ["json", "proto"])
def test_connect_above_the_threshold_is_gzip_of_the_identity_body(
        http_served: ServedHttp, client: httpx.Client, codec: str) -> None:
    """A body of at least --http-compress-min-bytes is gzip, and inflates to exactly
    what a client that accepts no compression receives."""
    request = _big(http_served)
    plain = _connect(client, http_served, request, codec, "identity")
    packed = _connect(client, http_served, request, codec, "gzip")
    assert plain.status_code == packed.status_code == 200
    assert plain.headers["content-encoding"] == "identity"
    assert len(plain.content) >= MIN
    assert packed.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in packed.headers["vary"].lower()
    assert packed.headers["content-type"] == plain.headers["content-type"] == f"application/{codec}"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) // 2


@pytest.mark.parametrize("codec", ["json", "proto"])
def test_connect_below_the_threshold_is_identity(http_served: ServedHttp,
                                                 client: httpx.Client, codec: str) -> None:
    """A body under the threshold is sent as it is, saying identity, even when gzip is
    accepted (a two-seat Spice Merchant game without views: 1.2 KB binary, 1.9 KB JSON)."""
    url = f"{http_served.base}/{SERVICE}/GetView"
    state = http_served.stub.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, seed=b"small",
        options={"takebacks": "off"})).update.state
    request = pb.GetViewRequest(state=state)
    body = json_format.MessageToJson(request).encode() if codec == "json" else \
        request.SerializeToString()
    plain = _raw(client, url, body, {"content-type": f"application/{codec}",
                                     "accept-encoding": "identity"})
    offered = _raw(client, url, body, {"content-type": f"application/{codec}",
                                       "accept-encoding": "gzip, deflate, br"})
    assert 0 < len(plain.content) < MIN
    assert offered.status_code == 200
    assert offered.headers["content-encoding"] == "identity"
    assert offered.content == plain.content


@pytest.mark.parametrize(("accept", "gzipped"), [
    (None, False), ("", False), ("identity", False), ("br", False), ("zstd, br", False),
    ("gzip;q=0", False), ("*;q=0", False), ("*", True), ("br;q=1, gzip;q=0.5", True),
    ("GZIP", True), ("deflate, gzip", True), ("*, gzip;q=0", False),
])
def test_connect_negotiation(http_served: ServedHttp, client: httpx.Client,
                             accept: str | None, gzipped: bool) -> None:
    """Only gzip is produced; anything else, or gzip refused by q=0, is identity."""
    request = _big(http_served)
    response = _connect(client, http_served, request, "proto", accept)
    assert response.status_code == 200
    assert response.headers["content-encoding"] == ("gzip" if gzipped else "identity")
    body = gzip.decompress(response.content) if gzipped else response.content
    assert pb.GetViewResponse.FromString(body).update.state == request.state


def test_error_bodies_are_never_compressed(always_served: ServedHttp,
                                           client: httpx.Client) -> None:
    """Even at --http-compress-min-bytes 0 a refusal's JSON is sent as it is."""
    response = _raw(client, f"{always_served.base}/{SERVICE}/GetView", b'{"state": "AAAA"}',
                    {"content-type": "application/json", "accept-encoding": "gzip"})
    assert response.status_code == 400
    assert response.headers.get("content-encoding", "identity") == "identity"
    assert response.content.startswith(b"{") and b"invalid_argument" in response.content


def test_zero_compresses_every_message(always_served: ServedHttp, client: httpx.Client) -> None:
    """--http-compress-min-bytes 0: even a small body is gzip when accepted."""
    response = _raw(client, f"{always_served.base}/{SERVICE}/ListGames", b"",
                    {"content-type": "application/proto", "accept-encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    listed = pb.ListGamesResponse.FromString(gzip.decompress(response.content))
    assert len(listed.games) == len(registry.ENGINES)


# ------------------------------------------------------------------ gRPC-Web


@pytest.mark.parametrize("text", [False, True], ids=["binary", "text"])
def test_grpc_web_above_the_threshold_compresses_the_message_frame(
        http_served: ServedHttp, client: httpx.Client, text: bool) -> None:
    """grpc-accept-encoding gzip: grpc-encoding gzip, the message frame flagged 0x01 and
    gzip of the identity message; the trailers frame is never compressed."""
    request = _big(http_served)
    plain, plain_frames = _grpc_web(client, http_served, request, None, text)
    packed, frames = _grpc_web(client, http_served, request, "identity, gzip", text)
    assert plain.headers.get("grpc-encoding", "identity") == "identity"
    assert [flags for flags, _ in plain_frames] == [0x00, 0x80]
    assert packed.headers["grpc-encoding"] == "gzip"
    assert [flags for flags, _ in frames] == [0x01, 0x80]
    assert gzip.decompress(frames[0][1]) == plain_frames[0][1]
    assert len(frames[0][1]) < len(plain_frames[0][1]) // 2
    assert b"grpc-status: 0" in frames[1][1]


@pytest.mark.parametrize("accept", ["gzip", "br", None])
def test_grpc_web_below_the_threshold_or_not_accepted_is_identity(
        http_served: ServedHttp, client: httpx.Client, accept: str | None) -> None:
    """A small message, or a client that lists no gzip, gets grpc-encoding identity
    and an uncompressed frame."""
    request = _small(http_served) if accept == "gzip" else _big(http_served)
    response, frames = _grpc_web(client, http_served, request, accept)
    assert response.headers.get("grpc-encoding", "identity") == "identity"
    assert [flags for flags, _ in frames] == [0x00, 0x80]
    if accept == "gzip":
        assert len(frames[0][1]) < MIN
    assert pb.GetViewResponse.FromString(frames[0][1]).update.state == request.state


def test_grpc_web_refusals_are_not_compressed(always_served: ServedHttp,
                                              client: httpx.Client) -> None:
    response, frames = _grpc_web(client, always_served, pb.GetViewRequest(state=b"x"), "gzip")
    status = response.headers.get("grpc-status") or next(
        (f.decode() for flags, f in frames if flags & 0x80), "")
    assert "3" in status
    assert response.headers.get("grpc-encoding", "identity") == "identity"
    assert all(not flags & 0x01 for flags, _ in frames)


# ------------------------------------------------------------------ the middleware alone


def test_accept_encoding_parsing() -> None:
    assert accepts_gzip("gzip") and accepts_gzip("x-gzip") and accepts_gzip("br, *;q=0.1")
    assert not accepts_gzip("gzip;q=0.000") and not accepts_gzip("gzip;q=nonsense")
    assert not accepts_gzip("identity, br")
    assert lists_gzip("identity,deflate,gzip") and not lists_gzip("identity, br")


def _run(app: Any, headers: list[tuple[bytes, bytes]]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    asyncio.run(app({"type": "http", "headers": headers}, receive, send))
    return sent


def test_large_bodies_compress_off_the_event_loop() -> None:
    """A body of OFFLOAD_BYTES or more is deflated on a thread, so other connections'
    calls are not held up behind it; a smaller one on the loop's thread."""
    threads: list[int] = []
    real = compression.gzip_bytes

    def recording(data: bytes, level: int = 1) -> bytes:
        threads.append(threading.get_ident())
        return real(data, level)

    async def app(scope: Any, receive: Any, send: Any, life: Any) -> None:
        assert not any(k == b"accept-encoding" for k, _ in scope["headers"])
        for size in (compression.OFFLOAD_BYTES, 4096):
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-encoding", b"identity")]})
            await send({"type": "http.response.body", "body": b"a" * size})

    loop_threads: list[int] = []

    async def outer(scope: Any, receive: Any, send: Any) -> None:
        loop_threads.append(threading.get_ident())
        await ResponseCompression(app, 1024)(scope, receive, send, None)

    mp = pytest.MonkeyPatch()
    mp.setattr(compression, "gzip_bytes", recording)
    try:
        sent = _run(outer, [(b"accept-encoding", b"gzip")])
    finally:
        mp.undo()
    assert threads[0] != loop_threads[0] and threads[1] == loop_threads[0]
    bodies = [m["body"] for m in sent if m["type"] == "http.response.body"]
    assert [len(gzip.decompress(b)) for b in bodies] == [compression.OFFLOAD_BYTES, 4096]


def test_frames_split_across_sends_are_reassembled() -> None:
    """gRPC frames arriving in odd pieces come out whole, large ones compressed."""
    big, small = b"m" * 5000, b"s" * 10
    trailer = b"grpc-status: 0\r\n"
    wire = b"".join(struct.pack(">BI", f, len(p)) + p
                    for f, p in ((0, big), (0, small), (0x80, trailer)))

    async def app(scope: Any, receive: Any, send: Any, life: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/grpc-web+proto"),
                                (b"grpc-encoding", b"identity")]})
        for cut in range(0, len(wire), 7):
            await send({"type": "http.response.body", "body": wire[cut:cut + 7],
                        "more_body": cut + 7 < len(wire)})

    compressed = ResponseCompression(app, 1024)
    sent = _run(lambda scope, receive, send: compressed(scope, receive, send, None), [
        (b"content-type", b"application/grpc-web+proto"), (b"grpc-accept-encoding", b"gzip")])
    assert sent[0]["type"] == "http.response.start"
    assert (b"grpc-encoding", b"gzip") in sent[0]["headers"]
    out = b"".join(m["body"] for m in sent[1:])
    assert sent[-1]["more_body"] is False
    frames = []
    while out:
        flags, length = struct.unpack(">BI", out[:5])
        frames.append((flags, out[5:5 + length]))
        out = out[5 + length:]
    assert frames[0][0] == 0x01 and gzip.decompress(frames[0][1]) == big
    assert frames[1:] == [(0, small), (0x80, trailer)]


def test_the_threshold_flag() -> None:
    assert load_config(["--http-compress-min-bytes", "0"], env={}).http_compress_min_bytes == 0
    with pytest.raises(SystemExit):
        load_config(["--http-compress-min-bytes", "-1"], env={})
