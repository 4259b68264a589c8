"""The grpc-prometheus interceptor and the game observer, on a real local server."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import grpc
import grpc.aio
import pytest
from grpc_health.v1 import _async as health_aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client import CollectorRegistry

from service.metrics import Metrics, PrometheusObserver
from service.rpc_metrics import GO_CODE_NAMES, MetricsInterceptor

SERVICE = "test.v1.Probe"


async def _ok(request: bytes, context: Any) -> bytes:
    return request


async def _abort(request: bytes, context: Any) -> bytes:
    await context.abort(grpc.StatusCode.FAILED_PRECONDITION, "no")
    raise AssertionError("abort returned")


async def _set_code(request: bytes, context: Any) -> bytes:
    context.set_code(grpc.StatusCode.PERMISSION_DENIED)
    context.set_details("not your turn")
    return b""


async def _crash(request: bytes, context: Any) -> bytes:
    raise ValueError("bug")


async def _stream(request: bytes, context: Any) -> AsyncIterator[bytes]:
    for _ in range(3):
        yield request


async def _written(request: bytes, context: Any) -> None:
    """A stream written through context.write(), as grpc's health Watch does."""
    for _ in range(2):
        await context.write(request)


async def _sum(requests: AsyncIterator[bytes], context: Any) -> bytes:
    return b"".join([r async for r in requests])


async def _bidi(requests: AsyncIterator[bytes], context: Any) -> AsyncIterator[bytes]:
    async for request in requests:
        yield request


@pytest.fixture
def probe() -> Iterator[tuple[grpc.Channel, CollectorRegistry]]:
    """An aio server (as the gRPC port is, service/grpc_server.py) on a loop of its own."""
    registry = CollectorRegistry()
    metrics = Metrics(registry)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def build() -> tuple[grpc.aio.Server, int]:
        server = grpc.aio.server(interceptors=[MetricsInterceptor(metrics)])
        handlers = {
            "Ok": grpc.unary_unary_rpc_method_handler(_ok),
            "Abort": grpc.unary_unary_rpc_method_handler(_abort),
            "SetCode": grpc.unary_unary_rpc_method_handler(_set_code),
            "Crash": grpc.unary_unary_rpc_method_handler(_crash),
            "Stream": grpc.unary_stream_rpc_method_handler(_stream),
            "Written": grpc.unary_stream_rpc_method_handler(_written),
            "Sum": grpc.stream_unary_rpc_method_handler(_sum),
            "Bidi": grpc.stream_stream_rpc_method_handler(_bidi),
        }
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
        health_servicer = health_aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        return server, port

    server, port = asyncio.run_coroutine_threadsafe(build(), loop).result(30)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield channel, registry
    finally:
        channel.close()
        asyncio.run_coroutine_threadsafe(server.stop(None), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def _value(registry: CollectorRegistry, name: str, **labels: str) -> float:
    value = registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


def _recorded(registry: CollectorRegistry, labels: dict[str, str], calls: int) -> None:
    """Wait (boundedly) until the server has recorded `calls` ends of the method.

    grpc.aio sends an aborted call's status before the abort's exception has left
    the handler, so a client may see the status a moment before the interceptor
    counts it.
    """
    deadline = time.monotonic() + 10
    while _value(registry, "grpc_server_handling_seconds_count", **labels) < calls and \
            time.monotonic() < deadline:
        time.sleep(0.01)


def _labels(kind: str, method: str, service: str = SERVICE) -> dict[str, str]:
    return {"grpc_type": kind, "grpc_service": service, "grpc_method": method}


def _unary(channel: grpc.Channel, method: str) -> Any:
    return channel.unary_unary(f"/{SERVICE}/{method}")


def test_unary_ok_counts_every_grpc_prometheus_metric(probe: Any) -> None:
    """A successful unary call: started, received, sent, handled{OK} and one latency sample."""
    channel, registry = probe
    for _ in range(3):
        assert _unary(channel, "Ok")(b"x", timeout=5) == b"x"
    labels = _labels("unary", "Ok")
    assert _value(registry, "grpc_server_started_total", **labels) == 3
    assert _value(registry, "grpc_server_msg_received_total", **labels) == 3
    assert _value(registry, "grpc_server_msg_sent_total", **labels) == 3
    assert _value(registry, "grpc_server_handled_total", grpc_code="OK", **labels) == 3
    assert _value(registry, "grpc_server_handling_seconds_count", **labels) == 3
    assert _value(registry, "grpc_server_handling_seconds_bucket", le="+Inf", **labels) == 3


@pytest.mark.parametrize(
    ("method", "code", "go_name"),
    [
        ("Abort", grpc.StatusCode.FAILED_PRECONDITION, "FailedPrecondition"),
        ("SetCode", grpc.StatusCode.PERMISSION_DENIED, "PermissionDenied"),
        ("Crash", grpc.StatusCode.UNKNOWN, "Unknown"),
    ],
)
def test_errors_are_counted_with_go_code_names(
    probe: Any, method: str, code: grpc.StatusCode, go_name: str
) -> None:
    """abort() (raises), set_code() (returns) and a crash all land on grpc_code as Go spells it."""
    channel, registry = probe
    with pytest.raises(grpc.RpcError) as info:
        _unary(channel, method)(b"x", timeout=5)
    assert info.value.code() is code
    labels = _labels("unary", method)
    _recorded(registry, labels, 1)
    assert _value(registry, "grpc_server_handled_total", grpc_code=go_name, **labels) == 1
    assert _value(registry, "grpc_server_handled_total", grpc_code="OK", **labels) == 0
    assert _value(registry, "grpc_server_msg_sent_total", **labels) == 0
    assert _value(registry, "grpc_server_handling_seconds_count", **labels) == 1


def test_streaming_types_and_message_counts(probe: Any) -> None:
    """Streams carry grpc_type as Go names it, and count each message."""
    channel, registry = probe
    assert list(channel.unary_stream(f"/{SERVICE}/Stream")(b"a", timeout=5)) == [b"a"] * 3
    assert list(channel.unary_stream(f"/{SERVICE}/Written")(b"w", timeout=5)) == [b"w"] * 2
    assert channel.stream_unary(f"/{SERVICE}/Sum")(iter([b"a", b"b"]), timeout=5) == b"ab"
    assert list(channel.stream_stream(f"/{SERVICE}/Bidi")(iter([b"a", b"b"]), timeout=5)) == [
        b"a", b"b"
    ]
    expected = {
        ("server_stream", "Stream"): (1, 3),
        ("server_stream", "Written"): (1, 2),
        ("client_stream", "Sum"): (2, 1),
        ("bidi_stream", "Bidi"): (2, 2),
    }
    for (kind, method), (received, sent) in expected.items():
        labels = _labels(kind, method)
        assert _value(registry, "grpc_server_msg_received_total", **labels) == received
        assert _value(registry, "grpc_server_msg_sent_total", **labels) == sent
        assert _value(registry, "grpc_server_handled_total", grpc_code="OK", **labels) == 1


def test_health_service_is_measured_too(probe: Any) -> None:
    """Stock services (health, reflection) get the same metrics under their own names."""
    channel, registry = probe
    stub = health_pb2_grpc.HealthStub(channel)
    assert stub.Check(health_pb2.HealthCheckRequest(), timeout=5).status == (
        health_pb2.HealthCheckResponse.SERVING
    )
    labels = _labels("unary", "Check", "grpc.health.v1.Health")
    assert _value(registry, "grpc_server_handled_total", grpc_code="OK", **labels) == 1


def test_unknown_method_is_not_counted(probe: Any) -> None:
    """Like Go, a method with no handler never reaches the interceptor's counters."""
    channel, registry = probe
    with pytest.raises(grpc.RpcError) as info:
        _unary(channel, "Nope")(b"x", timeout=5)
    assert info.value.code() is grpc.StatusCode.UNIMPLEMENTED
    assert _value(registry, "grpc_server_started_total", **_labels("unary", "Nope")) == 0


def test_every_status_code_has_its_go_name() -> None:
    """grpc_code values must match go-grpc-prometheus for shared dashboards and alerts."""
    assert set(GO_CODE_NAMES) == set(grpc.StatusCode)
    assert GO_CODE_NAMES[grpc.StatusCode.CANCELLED] == "Canceled"  # Go's spelling, one 'l'


def test_observer_counts_game_metrics() -> None:
    """The GameObserver hooks feed the marketplay_* metrics with game labels,
    and the rules version games are played under (what retiring a version waits on)."""
    registry = CollectorRegistry()
    observer = PrometheusObserver(Metrics(registry))
    observer.game_started("spice_merchant", "spice-merchant/2", "players=3")
    observer.game_started("spice_merchant", "spice-merchant/2", "players=3")
    observer.game_started("spice_merchant", "spice-merchant/1", "players=3")
    observer.game_finished("spice_merchant", "spice-merchant/2", "players=3")
    observer.action_applied("market_fresh", "market-fresh/2")
    observer.action_applied("market_fresh", "1+data.x")
    observer.action_applied("market_fresh", "1+data.x")
    observer.action_refused("market_fresh", "ILLEGAL_ACTION")
    observer.state_sealed("market_fresh", 700)
    observer.engine_time("market_fresh", "ApplyAction", 0.002)
    observer.state_cache(True)
    observer.state_cache(False)
    observer.state_cache(False)
    game = {"game": "spice_merchant", "rules_version": "spice-merchant/2", "variant": "players=3"}
    assert _value(registry, "marketplay_games_started_total", **game) == 2
    assert _value(registry, "marketplay_games_started_total",
                  **{**game, "rules_version": "spice-merchant/1"}) == 1
    assert _value(registry, "marketplay_games_finished_total", **game) == 1
    assert _value(registry, "marketplay_actions_applied_total", game="market_fresh",
                  rules_version="market-fresh/2") == 1
    assert _value(registry, "marketplay_actions_applied_total", game="market_fresh",
                  rules_version="1+data.x") == 2
    assert _value(
        registry, "marketplay_actions_refused_total", game="market_fresh", reason="ILLEGAL_ACTION"
    ) == 1
    assert _value(registry, "marketplay_sealed_state_bytes_sum", game="market_fresh") == 700
    assert _value(
        registry, "marketplay_engine_seconds_count", game="market_fresh", rpc="ApplyAction"
    ) == 1
    assert _value(registry, "marketplay_state_cache_hits_total") == 1
    assert _value(registry, "marketplay_state_cache_misses_total") == 2


def test_engine_seconds_times_only_the_rules_step() -> None:
    """marketplay_engine_seconds is reported before the new state is sealed or any view
    built, so sealing and views (in grpc_server_handling_seconds) are not in it."""
    from marketplay.v1 import game_service_pb2 as pb
    from service.core import Call, GameCore
    from service.observe import NullObserver
    from service.sealing import Sealer
    from service.states import StateStore
    from tests.service.conftest import KEYS_A, first_legal

    order: list[str] = []

    class Recording(NullObserver):
        def engine_time(self, game_id: str, rpc: str, seconds: float) -> None:
            order.append(f"engine:{rpc}")

    class Store(StateStore):
        def seal(self, *args: Any, **kwargs: Any) -> bytes:
            order.append("seal")
            return super().seal(*args, **kwargs)

    store = Store(Sealer.from_config(KEYS_A), 0, NullObserver())
    core = GameCore(store, Recording(), False, 100)
    new = core.new_game(pb.NewGameRequest(game_id="spice-merchant", num_players=2, seed=b"t",
                                          views=pb.ViewSelection(all_seats=True)), Call())
    seat, action = first_legal(new.update)
    core.apply_action(pb.ApplyActionRequest(state=new.update.state, seat=seat, action=action),
                      Call())
    core.replay(pb.ReplayRequest(game_id="spice-merchant", num_players=2, seed=b"t",
                                 actions=[pb.SeatAction(seat=seat, action=action)]), Call())
    assert order == ["engine:NewGame", "seal", "engine:ApplyAction", "seal",
                     "engine:Replay", "seal"]


def test_bot_searches_and_busy_refusals_are_counted_where_the_bots_run() -> None:
    """service/bots.py reports each answered SuggestAction (policy, iterations, time) and
    each BOTS_BUSY refusal to the observer; a refusal's series exist at 0 beforehand."""
    from engines.bots import POLICIES
    from engines.core import Game
    from engines.registry import ENGINES
    from marketplay.v1 import game_service_pb2 as pb
    from service.bots import Bots, BotSettings
    from service.errors import ServiceError

    registry = CollectorRegistry()
    observer = PrometheusObserver(Metrics(registry))
    game_id = "spice-merchant"
    labels = {"game": game_id, "policy": "greedy"}
    assert registry.get_sample_value("marketplay_bots_busy_total", labels) == 0
    game = Game.new(ENGINES[game_id], 2, {}, b"bots-metrics")
    seat = game.to_act()[0].seat
    bots = Bots(BotSettings(greedy_samples=3))
    request = pb.SuggestActionRequest(policy=pb.BOT_POLICY_GREEDY, seed=b"s")
    bots.run(game, seat, request, None, observer)
    bots.run(game, seat, pb.SuggestActionRequest(policy=pb.BOT_POLICY_RANDOM, seed=b"s"), None,
             observer)
    with bots.slot(POLICIES["greedy"]), pytest.raises(ServiceError) as refused:
        bots.run(game, seat, request, None, observer)
    assert refused.value.reason == "BOTS_BUSY"
    assert _value(registry, "marketplay_bot_searches_total", **labels) == 1
    assert _value(registry, "marketplay_bot_searches_total", game=game_id, policy="random") == 1
    assert _value(registry, "marketplay_bot_iterations_total", **labels) >= 1
    assert _value(registry, "marketplay_bot_search_seconds_count", **labels) == 1
    assert _value(registry, "marketplay_bots_busy_total", **labels) == 1


def test_worker_process_series_come_from_each_live_child(tmp_path: Any) -> None:
    """WorkerProcessCollector: ProcessCollector's process_* for every worker whose metrics
    file is in the directory and which is still our child; a dead or foreign pid is not."""
    import os
    import subprocess
    import sys

    from service.metrics_server import WorkerProcessCollector

    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; print('up', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == b"up\n"  # an interpreter by now, not a fork's shell
        for name in (f"counter_{child.pid}.db", f"histogram_{child.pid}.db", "counter_1.db",
                     f"gauge_livesum_{os.getpid()}.db"):
            (tmp_path / name).write_bytes(b"")
        collector = WorkerProcessCollector(str(tmp_path))
        assert collector.worker_pids() == [child.pid]  # pid 1 and we are nobody's child here
        families = {f.name: f for f in collector.collect()}
        assert {"process_cpu_seconds", "process_resident_memory_bytes",
                "process_virtual_memory_bytes", "process_open_fds",
                "process_start_time_seconds"} <= set(families)
        rss = families["process_resident_memory_bytes"].samples
        assert [(s.labels, s.value > 1e6) for s in rss] == [({"pid": str(child.pid)}, True)]
        assert families["process_cpu_seconds"].samples[0].name == "process_cpu_seconds_total"
    finally:
        child.communicate(b"")
    assert WorkerProcessCollector(str(tmp_path)).worker_pids() == []  # reaped: gone
