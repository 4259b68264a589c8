"""Overload is shed, not queued: past --max-concurrent-rpcs calls in flight a worker
refuses at once with RESOURCE_EXHAUSTED (reason OVERLOADED) on both ports.

Before the limit, 400 concurrent 1 MB calls took a worker from 60 to 344 MiB with
nothing refused: every call waited in the handler pool's unbounded queue.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.admission import Admission
from service.config import Config, load_config
from service.core import Call
from service.server import RunningServer, server_options
from tests.service.conftest import TEST_CONFIG, ServedHttp, refusal
from tests.service.http_client import Caller, HttpRefusal, http_client

LIMIT = 3


class Gate:
    """Makes ListGames wait until opened, counting the calls that are waiting."""

    def __init__(self, served: ServedHttp) -> None:
        self.open = threading.Event()
        self.waiting = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        real = served.running.core.list_games

        def gated(request: pb.ListGamesRequest, call: Call) -> pb.ListGamesResponse:
            with self._changed:
                self.waiting += 1
                self._changed.notify_all()
            self.open.wait(60)
            return real(request, call)

        served.running.core.list_games = gated  # type: ignore[method-assign]

    def wait_for(self, count: int) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: self.waiting >= count, 30), self.waiting


@pytest.fixture
def tight() -> Iterator[ServedHttp]:
    """LIMIT calls at once per port, and more handler threads than that (so the limit,
    not the pool, is what refuses)."""
    served = ServedHttp(replace(TEST_CONFIG, threads=8, max_concurrent_rpcs=LIMIT))
    yield served
    served.close()


def test_overload_on_the_grpc_port_is_refused_at_once(tight: ServedHttp) -> None:
    gate = Gate(tight)
    admitted = [tight.stub.ListGames.future(pb.ListGamesRequest(), timeout=60)
                for _ in range(LIMIT)]
    gate.wait_for(LIMIT)
    refused = []
    for _ in range(6):  # each answered while the admitted calls still wait: not queued
        with pytest.raises(grpc.RpcError) as excinfo:
            tight.stub.ListGames(pb.ListGamesRequest(), timeout=30)
        refused.append(refusal(excinfo)[:2])
    assert refused == [(grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED")] * 6
    assert all(not f.done() for f in admitted)
    gate.open.set()
    assert all(f.result(timeout=30).games for f in admitted)
    tight.stub.ListGames(pb.ListGamesRequest(), timeout=30)  # served again once they finished


@pytest.mark.parametrize("protocol", ["connect-json", "grpc-web"])
def test_overload_on_the_http_port_is_refused_at_once(tight: ServedHttp, protocol: str) -> None:
    gate = Gate(tight)
    with ThreadPoolExecutor(LIMIT) as pool:
        admitted = [pool.submit(_http_list_games, tight.base, protocol) for _ in range(LIMIT)]
        gate.wait_for(LIMIT)
        with http_client("http1") as client, pytest.raises(HttpRefusal) as refused:
            Caller(client, tight.base, protocol)("ListGames", pb.ListGamesRequest(),
                                                 pb.ListGamesResponse)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED")
        if protocol == "connect-json":
            assert refused.value.http_status == 429  # Connect's status for resource_exhausted
        assert all(not f.done() for f in admitted)
        gate.open.set()
        assert all(f.result(timeout=30) for f in admitted)


def _http_list_games(base: str, protocol: str) -> int:
    with http_client("http1", timeout=60) as client:
        return len(Caller(client, base, protocol)("ListGames", pb.ListGamesRequest(),
                                                  pb.ListGamesResponse).games)


def test_the_limit_defaults_to_four_calls_per_thread_and_is_configurable() -> None:
    assert Config(threads=16).call_limit == 64
    assert Config(threads=32).call_limit == 128
    assert Config().call_limit == 64  # 4 threads: still 64 calls may wait for one
    assert Config(threads=16, max_concurrent_rpcs=10).call_limit == 10
    assert load_config([], env={"MARKETPLAY_MAX_CONCURRENT_RPCS": "7"}).call_limit == 7
    with pytest.raises(SystemExit):
        load_config(["--max-concurrent-rpcs", "-1"], env={})
    # Streams are bounded per connection too (a waiting stream holds no admission slot).
    assert dict(server_options(Config()))["grpc.max_concurrent_streams"] == 100
    assert dict(server_options(Config(max_streams_per_connection=8)))[
        "grpc.max_concurrent_streams"] == 8


def test_admission_counts_and_drains() -> None:
    admission = Admission(2)
    assert admission.enter() is None and admission.enter() is None
    over = admission.enter()
    assert over is not None and (over.code.name, over.reason) == ("RESOURCE_EXHAUSTED",
                                                                  "OVERLOADED")
    admission.leave()
    assert admission.enter() is None
    admission.drain()
    draining = admission.enter()
    assert draining is not None and (draining.code.name, draining.reason) == ("UNAVAILABLE",
                                                                            "DRAINING")
    assert not admission.wait_idle(0.01)
    admission.leave()
    admission.leave()
    assert admission.wait_idle(0.01) and admission.in_flight == 0


def test_drain_leaves_a_grpc_server_that_never_says_it_stopped(caplog: pytest.LogCaptureFixture) -> None:
    """A gRPC server whose shutdown never reports back (nor its health) must not keep
    the process from exiting: drain gives up on it a margin after its grace, and says so."""
    class Stuck:
        def enter_graceful_shutdown(self, timeout: float | None = None) -> None:
            assert timeout is not None  # bounded

        def stop(self, grace: float | None) -> threading.Event:
            return threading.Event()  # never set

    running = RunningServer(server=Stuck(), port=0, core=None, admission=Admission(4))  # type: ignore[arg-type]
    drained = threading.Thread(target=running.drain, args=(0.05,), daemon=True)
    with caplog.at_level("WARNING", logger="service.server"):
        drained.start()
        drained.join(60)  # the margin is 2 s: a minute only on a machine stalled for it
    assert not drained.is_alive()
    assert "gRPC server still stopping" in caplog.text
