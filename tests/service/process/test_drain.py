"""SIGTERM's drain: NOT_SERVING first, new calls refused with UNAVAILABLE (which
clients retry), calls in flight finished, and only then no more connections.

grpcio alone stops accepting at once and cancels a call that arrives while it
shuts down: such calls ended CANCELLED, which clients do not retry.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, ServedHttp, refusal
from tests.service.http_client import Caller, HttpRefusal, http_client
from tests.service.rpcs.test_admission import Gate, _http_list_games

NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@pytest.fixture
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(replace(TEST_CONFIG, grace_seconds=30.0))
    yield served
    served.close()


def _until(condition: object, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")


def _health(channel: grpc.Channel) -> int:
    try:
        return int(health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=5).status)
    except grpc.RpcError as exc:
        return -exc.code().value[0]  # type: ignore[attr-defined]


def test_grpc_reports_not_serving_then_refuses_with_unavailable(served: ServedHttp) -> None:
    gate = Gate(served)
    in_flight = served.stub.ListGames.future(pb.ListGamesRequest(), timeout=60)
    gate.wait_for(1)
    drain = threading.Thread(target=served.running.drain, args=(30.0,))
    drain.start()
    try:
        # The port still answers: health says NOT_SERVING, a new call is refused, retryably.
        _until(lambda: _health(served.channel) == NOT_SERVING)
        with pytest.raises(grpc.RpcError) as excinfo:
            served.stub.GetView(pb.GetViewRequest(state=b"x"), timeout=10)
        assert refusal(excinfo)[:2] == (grpc.StatusCode.UNAVAILABLE, "DRAINING")
        assert not in_flight.done()
    finally:
        gate.open.set()
    assert in_flight.result(timeout=30).games  # the call in flight finished
    drain.join(30)
    assert not drain.is_alive()
    with grpc.insecure_channel(served.address) as fresh, pytest.raises(grpc.RpcError) as gone:
        health_pb2_grpc.HealthStub(fresh).Check(health_pb2.HealthCheckRequest(), timeout=2)
    assert gone.value.code() is grpc.StatusCode.UNAVAILABLE  # type: ignore[attr-defined]


def test_calls_arriving_during_the_drain_are_never_cancelled(served: ServedHttp) -> None:
    """A burst of calls on an open channel while a call in flight keeps the server
    draining: each is refused as UNAVAILABLE (DRAINING comes before the admission
    limit), none CANCELLED; the call in flight still finishes."""
    gate = Gate(served)
    in_flight = served.stub.ListGames.future(pb.ListGamesRequest(), timeout=60)
    gate.wait_for(1)
    drain = threading.Thread(target=served.running.drain, args=(30.0,))
    drain.start()
    codes: Counter[grpc.StatusCode] = Counter()
    try:
        _until(lambda: _health(served.channel) == NOT_SERVING)
        for _ in range(20):
            burst = [served.stub.GetView.future(pb.GetViewRequest(state=b"x"), timeout=20)
                     for _ in range(20)]
            codes.update(future.code() for future in burst)
    finally:
        gate.open.set()
    assert in_flight.result(timeout=30).games
    drain.join(30)
    assert codes == Counter({grpc.StatusCode.UNAVAILABLE: 400}), codes


@pytest.mark.parametrize("protocol", ["connect-json", "grpc-web"])
def test_http_reports_unready_then_refuses_with_unavailable(served: ServedHttp,
                                                            protocol: str) -> None:
    gate = Gate(served)
    with ThreadPoolExecutor(1) as pool:
        in_flight = pool.submit(_http_list_games, served.base, protocol)
        gate.wait_for(1)
        drain = threading.Thread(target=served.running.drain, args=(30.0,))
        drain.start()
        try:
            with http_client("http1") as client:
                _until(lambda: client.get(f"{served.base}/readyz").status_code == 503)
                with pytest.raises(HttpRefusal) as refused:
                    Caller(client, served.base, protocol)("ListGames", pb.ListGamesRequest(),
                                                          pb.ListGamesResponse)
            assert (refused.value.code, refused.value.reason) == (
                grpc.StatusCode.UNAVAILABLE, "DRAINING")
            if protocol == "connect-json":
                assert refused.value.http_status == 503
            assert not in_flight.done()
        finally:
            gate.open.set()
        assert in_flight.result(timeout=30)
    drain.join(30)
    with http_client("http1") as client, pytest.raises(httpx.ConnectError):
        client.get(f"{served.base}/healthz")
