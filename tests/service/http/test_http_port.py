"""The HTTP port around the RPCs: limits, malformed bodies, routes, CORS, health,
deadlines, metrics and draining, on a real loopback server."""

from __future__ import annotations

import base64
import gzip
import json
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import grpc
import httpx
import pytest
from prometheus_client import CollectorRegistry

from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.metrics import Metrics
from service.rpc_metrics import UnaryCallMetrics
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import (
    SERVICE,
    Caller,
    HttpRefusal,
    connect_refusal,
    grpc_web_refusal,
    http_client,
    parse_grpc_web,
    post_json,
)

ROOT = Path(__file__).resolve().parents[3]
LIMIT = TEST_CONFIG.max_request_bytes


@pytest.fixture(scope="module", params=["http1", "h2c"])
def client(request: pytest.FixtureRequest) -> Iterator[httpx.Client]:
    with http_client(request.param) as c:
        yield c


def _rpc(base: str, method: str = "ApplyAction") -> str:
    return f"{base}/{SERVICE}/{method}"


# ------------------------------------------------------------------ limits


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "streamed"])
def test_oversized_connect_body_is_413_resource_exhausted(http_served: ServedHttp,
                                                          client: httpx.Client,
                                                          declared: bool) -> None:
    """Refused from Content-Length, or once more than the limit has arrived."""
    body = b'{"state": "' + b"A" * LIMIT + b'"}'
    content: Any = body if declared else iter([body[i:i + 8192] for i in range(0, len(body), 8192)])
    response = client.post(_rpc(http_served.base), content=content,
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    refused = connect_refusal(response)
    assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                              "REQUEST_TOO_LARGE")
    assert str(LIMIT) in refused.message


@pytest.mark.parametrize("content_type", ["application/grpc-web+proto",
                                          "application/grpc-web-text+proto"])
def test_oversized_grpc_web_body_is_resource_exhausted(http_served: ServedHttp,
                                                       client: httpx.Client,
                                                       content_type: str) -> None:
    message = pb.ApplyActionRequest(state=b"\0" * LIMIT).SerializeToString()
    body = struct.pack(">BI", 0, len(message)) + message
    if "text" in content_type:
        body = base64.b64encode(body)
    response = client.post(_rpc(http_served.base), content=body,
                           headers={"content-type": content_type})
    assert response.status_code == 200
    refused = grpc_web_refusal(dict(response.headers))
    assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                              "REQUEST_TOO_LARGE")


def test_a_message_of_exactly_the_limit_is_read(http_served: ServedHttp,
                                                client: httpx.Client) -> None:
    """The limit is on the message, as in gRPC: gRPC-Web's frame prefix does not count."""
    request = pb.ApplyActionRequest(state=b"\0" * 64)
    request.seat_token = "x" * (LIMIT - request.ByteSize())
    while request.ByteSize() > LIMIT:  # the length prefix grew: trim to fit exactly
        request.seat_token = request.seat_token[:-1]
    assert request.ByteSize() == LIMIT
    with pytest.raises(HttpRefusal) as refused:
        Caller(client, http_served.base, "grpc-web")("ApplyAction", request, pb.ApplyActionResponse)
    assert refused.value.reason == "MALFORMED_STATE"  # read and refused by the core, not the limit


@pytest.mark.parametrize("content_type, body", [
    ("application/json", b'{"gameId": '),
    ("application/json", b'{"numPlayers": "three"}'),
    ("application/json", b'{"seed": "not base64!"}'),
    ("application/json", b"[" * 5000 + b"]" * 5000),
    ("application/json", b'\xff\xfe{"gameId": 1}'),
    ("application/proto", b"\xff\xff\xff\xff"),
    ("application/proto", b"\x0a\xff\xff\xff\xff\x0f"),
])
def test_malformed_bodies_are_invalid_argument(http_served: ServedHttp, client: httpx.Client,
                                               content_type: str, body: bytes) -> None:
    response = client.post(_rpc(http_served.base, "NewGame"), content=body,
                           headers={"content-type": content_type})
    assert response.status_code == 400, response.text
    refused = connect_refusal(response)
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    assert refused.message.startswith("the request is not a valid marketplay.v1.NewGameRequest")


@pytest.mark.parametrize("body", [b"\xff", b"\x00\x00\x00\x00\x09ab", b"@@@not base64"])
def test_malformed_grpc_web_bodies_are_invalid_argument(http_served: ServedHttp,
                                                        client: httpx.Client, body: bytes) -> None:
    text = body.startswith(b"@")
    response = client.post(_rpc(http_served.base, "NewGame"), content=body, headers={
        "content-type": "application/grpc-web-text+proto" if text else "application/grpc-web+proto"})
    assert response.status_code == 200
    data = base64.b64decode(response.content) if text and response.content else response.content
    _, trailers = parse_grpc_web(data)
    refused = grpc_web_refusal({**dict(response.headers), **trailers})
    assert refused.code is grpc.StatusCode.INVALID_ARGUMENT


def test_gzip_bodies_are_inflated_within_the_limit(http_served: ServedHttp,
                                                   client: httpx.Client) -> None:
    """A gzip body is read like any other; one that inflates past the limit is a 413."""
    gzip_json = {"content-type": "application/json", "content-encoding": "gzip"}
    small = gzip.compress(b'{"gameId": "spice-merchant", "numPlayers": 2}')
    created = client.post(_rpc(http_served.base, "NewGame"), content=small, headers=gzip_json)
    assert created.status_code == 200 and created.json()["update"]["state"]
    bomb = gzip.compress(b'{"seatToken": "' + b"x" * (20 * LIMIT) + b'"}')
    assert len(bomb) < LIMIT
    refused = client.post(_rpc(http_served.base), content=bomb, headers=gzip_json)
    assert refused.status_code == 413
    assert connect_refusal(refused).reason == "REQUEST_TOO_LARGE"
    garbage = client.post(_rpc(http_served.base), content=b"not gzip", headers=gzip_json)
    assert garbage.status_code == 400
    assert connect_refusal(garbage).reason == "MALFORMED_REQUEST"


def test_an_empty_json_body_is_the_empty_message(http_served: ServedHttp,
                                                 client: httpx.Client) -> None:
    response = client.post(_rpc(http_served.base, "ListGames"), content=b"",
                           headers={"content-type": "application/json"})
    assert response.status_code == 200 and response.json()["games"]


# ------------------------------------------------------------------ routes


def test_unknown_paths_and_methods(http_served: ServedHttp, client: httpx.Client) -> None:
    base = http_served.base
    missing = client.get(f"{base}/nowhere")
    assert missing.status_code == 404 and connect_refusal(missing).reason == "UNKNOWN_PATH"
    no_rpc = post_json(client, base, "Teleport", {})
    assert no_rpc.status_code == 404
    assert (connect_refusal(no_rpc).code, connect_refusal(no_rpc).reason) == (
        grpc.StatusCode.UNIMPLEMENTED, "UNKNOWN_METHOD")
    get = client.get(_rpc(base, "ListGames"))
    assert get.status_code == 405 and get.headers["allow"] == "POST"
    wrong_type = client.post(_rpc(base, "ListGames"), content=b"{}",
                             headers={"content-type": "text/plain"})
    assert wrong_type.status_code == 415
    assert client.post(f"{base}/healthz").status_code == 405


def test_native_grpc_over_http1_is_refused_clearly(http_served: ServedHttp) -> None:
    with http_client("http1") as h1:
        response = h1.post(_rpc(http_served.base, "ListGames"), content=b"\0\0\0\0\0",
                           headers={"content-type": "application/grpc"})
    assert response.status_code == 415
    assert connect_refusal(response).reason == "GRPC_ON_GRPC_PORT"


def test_native_grpc_over_h2c_is_sent_to_the_grpc_port(http_served: ServedHttp) -> None:
    """Granian sends no HTTP trailers, which every native gRPC answer needs: a gRPC client
    that reaches this port gets a clear UNIMPLEMENTED (trailers-only) naming the gRPC port,
    for the service's RPCs, unknown ones and server reflection alike."""
    from marketplay.v1 import game_service_pb2_grpc as pb_grpc
    from tests.service.conftest import refusal

    assert http_served.running.http is not None
    with grpc.insecure_channel(f"127.0.0.1:{http_served.running.http.port}") as channel:
        calls = {
            "ListGames": lambda: pb_grpc.GameServiceStub(channel).ListGames(
                pb.ListGamesRequest(), timeout=10),
            "Teleport": lambda: channel.unary_unary(f"/{SERVICE}/Teleport")(b"", timeout=10),
            "reflection": lambda: list(channel.stream_stream(
                "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo")(
                    iter([b""]), timeout=10)),
        }
        for name, call in calls.items():
            with pytest.raises(grpc.RpcError) as refused:
                call()
            code, reason, message = refusal(refused)
            assert (code, reason) == (grpc.StatusCode.UNIMPLEMENTED, "GRPC_ON_GRPC_PORT"), name
            assert "gRPC port" in message, name


def test_health_endpoints(http_served: ServedHttp, client: httpx.Client) -> None:
    base = http_served.base
    assert client.get(f"{base}/healthz").text == "ok\n"
    assert client.get(f"{base}/readyz").status_code == 200
    head = client.head(f"{base}/readyz")
    assert head.status_code == 200 and head.content == b""
    assert http_served.running.http is not None
    readiness = http_served.running.http.readiness
    readiness.ready = False
    try:
        assert client.get(f"{base}/readyz").status_code == 503
        assert client.get(f"{base}/healthz").status_code == 200  # alive while draining
    finally:
        readiness.ready = True


def test_openapi_is_served_as_committed(http_served: ServedHttp, client: httpx.Client) -> None:
    response = client.get(f"{http_served.base}/openapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == json.loads((ROOT / "docs" / "openapi.json").read_text())


# -------------------------------------------------------------------- CORS


@pytest.fixture(scope="module")
def cors_served() -> Iterator[ServedHttp]:
    served = ServedHttp(replace(TEST_CONFIG, http_cors_origins=(
        "https://play.example.com, http://localhost:*")))
    yield served
    served.close()


@pytest.mark.parametrize("origin, allowed", [
    ("https://play.example.com", True),
    ("http://localhost:5173", True),
    ("http://localhost", True),
    ("https://evil.example.com", False),
    ("http://localhost.evil.com", False),
    ("http://localhost:5173.evil.com", False),
    ("null", False),
])
def test_cors_preflight(cors_served: ServedHttp, client: httpx.Client, origin: str,
                        allowed: bool) -> None:
    response = client.options(_rpc(cors_served.base, "NewGame"), headers={
        "origin": origin, "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,connect-protocol-version"})
    if not allowed:
        assert response.status_code == 403
        assert "access-control-allow-origin" not in response.headers
        return
    assert response.status_code == 204
    assert response.headers["access-control-allow-origin"] == origin
    assert "POST" in response.headers["access-control-allow-methods"]
    allowed_headers = response.headers["access-control-allow-headers"].lower()
    for header in ("content-type", "connect-protocol-version", "connect-timeout-ms",
                   "grpc-timeout", "x-grpc-web", "x-user-agent"):
        assert header in allowed_headers


def test_cors_responses_expose_grpc_web_headers(cors_served: ServedHttp,
                                                client: httpx.Client) -> None:
    allowed = client.post(
        _rpc(cors_served.base, "ListGames"), content=b"{}",
        headers={"content-type": "application/json", "origin": "http://localhost:3000"})
    assert allowed.headers["access-control-allow-origin"] == "http://localhost:3000"
    exposed = allowed.headers["access-control-expose-headers"].lower()
    for header in ("grpc-status", "grpc-message", "grpc-status-details-bin",
                   "connect-protocol-version"):
        assert header in exposed
    other = client.post(_rpc(cors_served.base, "ListGames"), content=b"{}",
                        headers={"content-type": "application/json",
                                 "origin": "https://evil.example.com"})
    assert other.status_code == 200 and "access-control-allow-origin" not in other.headers


def test_no_cors_by_default(http_served: ServedHttp, client: httpx.Client) -> None:
    response = client.options(_rpc(http_served.base, "NewGame"), headers={
        "origin": "http://localhost:3000", "access-control-request-method": "POST"})
    assert response.status_code == 403


# ------------------------------------------------- deadlines, metrics, drain


class _SlowCore(GameCore):
    """ListGames that takes `delay` seconds (or until `release` is set) and
    remembers the Call it got, and how many calls it finished."""

    delay = 1.0
    calls: ClassVar[list[Call]] = []
    finished: ClassVar[list[Call]] = []
    release = threading.Event()

    def list_games(self, request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse:
        type(self).calls.append(call)
        self.release.wait(self.delay)
        type(self).finished.append(call)
        return super().list_games(request, call)


@pytest.fixture()
def slow_served(monkeypatch: pytest.MonkeyPatch) -> Iterator[ServedHttp]:
    monkeypatch.setattr("service.server.GameCore", _SlowCore)
    _SlowCore.calls.clear()
    _SlowCore.finished.clear()
    _SlowCore.release.clear()
    served = ServedHttp(replace(TEST_CONFIG, grace_seconds=5.0))
    yield served
    _SlowCore.release.set()
    served.close()


@pytest.mark.parametrize("protocol, header", [
    ("connect-json", ("connect-timeout-ms", "200")),
    ("grpc-web", ("grpc-timeout", "200m")),
])
def test_the_callers_deadline_reaches_the_core_and_ends_the_call(
        slow_served: ServedHttp, protocol: str, header: tuple[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The core holds the call until released (a minute at most): only the
    # caller's deadline can answer it first, however slow the machine.
    monkeypatch.setattr(_SlowCore, "delay", 60.0)
    before = time.monotonic()
    with http_client("http1") as c, pytest.raises(HttpRefusal) as refused:
        Caller(c, slow_served.base, protocol, dict([header]))(
            "ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
    assert refused.value.code is grpc.StatusCode.DEADLINE_EXCEEDED
    assert _SlowCore.calls and not _SlowCore.finished  # answered while the core still held it
    call = _SlowCore.calls[-1]
    # The deadline the core saw is the caller's 200 ms, counted from when the call arrived.
    assert call.deadline is not None and before + 0.1 < call.deadline < time.monotonic() + 0.2
    assert call.protocol == ("grpc-web" if protocol == "grpc-web" else "connect")
    assert call.peer.startswith("127.0.0.1:")


def test_drain_answers_calls_in_flight_then_refuses_connections(slow_served: ServedHttp) -> None:
    results: list[int] = []

    def slow_call() -> None:
        with http_client("http1") as c:
            results.append(post_json(c, slow_served.base, "ListGames", {}).status_code)

    caller = threading.Thread(target=slow_call)
    caller.start()
    deadline = time.monotonic() + 5
    while not _SlowCore.calls and time.monotonic() < deadline:
        time.sleep(0.02)
    http = slow_served.running.http
    assert http is not None
    slow_served.running.drain(5.0)
    assert not http.readiness.ready
    caller.join(10)
    assert results == [200]
    with http_client("http1") as c, pytest.raises(httpx.ConnectError):
        c.get(f"{slow_served.base}/healthz")


def test_http_calls_count_in_the_grpc_metrics() -> None:
    registry = CollectorRegistry()
    metrics = UnaryCallMetrics(Metrics(registry))
    with serving(TEST_CONFIG, http=True, http_metrics=metrics) as served, \
            http_client("h2c") as c:
        for protocol in ("connect-json", "grpc-web"):
            Caller(c, served.base, protocol)("ListGames", pb.ListGamesRequest(),
                                             pb.ListGamesResponse)
        with pytest.raises(HttpRefusal):
            Caller(c, served.base, "connect-proto")("NewGame", pb.NewGameRequest(game_id="chess"),
                                                    pb.NewGameResponse)

    def value(name: str, method: str, **labels: str) -> float | None:
        return registry.get_sample_value(name, {
            "grpc_type": "unary", "grpc_service": SERVICE, "grpc_method": method, **labels})

    assert value("grpc_server_started_total", "ListGames") == 2
    assert value("grpc_server_msg_received_total", "ListGames") == 2
    assert value("grpc_server_msg_sent_total", "ListGames") == 2
    assert value("grpc_server_handled_total", "ListGames", grpc_code="OK") == 2
    assert value("grpc_server_handling_seconds_count", "ListGames") == 2
    assert value("grpc_server_handled_total", "NewGame", grpc_code="NotFound") == 1
    assert value("grpc_server_msg_sent_total", "NewGame") == 0


def test_a_failed_http_server_stops_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """If Granian ever ends unasked, main's stop event is set (it drains and exits 1)."""
    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("the HTTP server broke")

    monkeypatch.setattr("service.http.server._OnOurSocket.serve", broken)
    stop = threading.Event()
    with serving(TEST_CONFIG, http=True, on_http_failure=stop.set) as served:
        assert stop.wait(10)
        http = served.running.http
        assert http is not None and http.failed
        assert not http.readiness.ready
