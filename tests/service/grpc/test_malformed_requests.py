"""Bytes that are not the request message: INVALID_ARGUMENT, counted, one log line.

grpc's own deserializer used to answer INTERNAL ("Exception deserializing
request!"), log a traceback at ERROR, and skip the metrics interceptor, so
grpc_server_handled_total never saw the call.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from prometheus_client import CollectorRegistry

from marketplay.v1 import game_service_pb2 as pb
from service.metrics import Metrics
from service.rpc_metrics import MetricsInterceptor
from service.server import RunningServer
from tests.servers import serving
from tests.service.conftest import TEST_CONFIG, refusal

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
#: Not a message of any type: an over-long varint tag, a field cut short, groups never closed.
GARBAGE = {
    "bad-tag": b"\xff\xff\xff\xff\xff",
    "truncated-field": b"\x0a\x40short",
    "unterminated-groups": b"\x0b" * 500,
}
#: Invalid UTF-8 in a string field (game_id is field 1 of these two requests).
BAD_UTF8 = b"\x0a\x02\xff\xfe"
CASES = [(m.name, GARBAGE[g]) for m in SERVICE.methods for g in sorted(GARBAGE)] + [
    ("NewGame", BAD_UTF8), ("Replay", BAD_UTF8)]


@pytest.fixture
def metered() -> Iterator[tuple[RunningServer, CollectorRegistry]]:
    """A server of its own per case: repeated refusals of one kind are logged once per
    interval (service/calls.py), and each case counts its own line."""
    registry = CollectorRegistry()
    with serving(TEST_CONFIG, interceptors=[MetricsInterceptor(Metrics(registry))]) as served:
        yield served.running, registry


def _handled(registry: CollectorRegistry, method: str, code: str, expected: float = 0) -> float:
    """The count, waited for (boundedly) until it reaches `expected`: grpc.aio sends an
    aborted call's status a moment before the interceptor has counted it."""
    labels = {"grpc_type": "unary", "grpc_service": SERVICE.full_name, "grpc_method": method,
              "grpc_code": code}
    deadline = time.monotonic() + 10
    value = registry.get_sample_value("grpc_server_handled_total", labels) or 0.0
    while value < expected and time.monotonic() < deadline:
        time.sleep(0.02)
        value = registry.get_sample_value("grpc_server_handled_total", labels) or 0.0
    return value


@pytest.mark.parametrize(("method", "garbage"), CASES)
def test_garbage_is_invalid_argument_counted_and_logged_once(
    metered: tuple[RunningServer, CollectorRegistry], caplog: pytest.LogCaptureFixture,
    method: str, garbage: bytes,
) -> None:
    running, registry = metered
    before = _handled(registry, method, "InvalidArgument")
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel, \
            caplog.at_level(logging.INFO):
        call = channel.unary_unary(f"/{SERVICE.full_name}/{method}")
        with pytest.raises(grpc.RpcError) as excinfo:
            call(garbage, timeout=10)
    code, reason, message = refusal(excinfo)
    assert (code, reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST"), message
    assert f"marketplay.v1.{method}Request" in message
    assert _handled(registry, method, "InvalidArgument", before + 1) == before + 1
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    lines = [r for r in caplog.records if r.name == "marketplay.calls"]
    assert len(lines) == 1 and lines[0].call["reason"] == "MALFORMED_REQUEST"  # type: ignore[attr-defined]


def test_health_and_reflection_still_answer(
    metered: tuple[RunningServer, CollectorRegistry],
) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{metered[0].port}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for name in ("", SERVICE.full_name):
            status = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5).status
            assert status == health_pb2.HealthCheckResponse.SERVING
        reflect = reflection_pb2_grpc.ServerReflectionStub(channel)
        answers = list(reflect.ServerReflectionInfo(iter([
            reflection_pb2.ServerReflectionRequest(list_services=""),
            reflection_pb2.ServerReflectionRequest(file_containing_symbol=SERVICE.full_name),
        ]), timeout=5))
        names = {s.name for s in answers[0].list_services_response.service}
        assert SERVICE.full_name in names
        assert answers[1].file_descriptor_response.file_descriptor_proto
        # And a well-formed request still works through the self-parsing handler.
        call = channel.unary_unary(f"/{SERVICE.full_name}/ListGames")
        reply = pb.ListGamesResponse.FromString(call(b"", timeout=5))
        assert reply.games
