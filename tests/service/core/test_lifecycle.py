"""The call lifecycle both transports share (service/lifecycle.py), in-process.

Admission, the grpc_server_* updates, the one report and the outcome of a
cancelled call are decided here once; the transports' own tests
(test_admission, test_call_reports, tests/attacks/test_outcome_metrics) see
them through real servers.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import grpc
import pytest

from service.admission import Admission
from service.calls import CallReporter, Outcome
from service.core import Call
from service.errors import Code, ServiceError
from service.lifecycle import Lifecycle


class Reports(CallReporter):
    def __init__(self) -> None:
        super().__init__()
        self.ended: list[tuple[str, Call, Code, str]] = []

    def finished(self, rpc: str, call: Call, outcome: Outcome, seconds: float,
                 carrier: Any = None) -> None:
        self.ended.append((rpc, call, outcome.code, outcome.reason))


class Counted:
    def __init__(self, unary: bool = True) -> None:
        self.events: list[object] = []
        self.unary = unary

    def started(self) -> None:
        self.events.append("started")

    def received(self) -> None:
        self.events.append("received")

    def sent(self) -> None:
        self.events.append("sent")

    def observe(self, seconds: float) -> None:
        self.events.append("observed")

    def handled(self, code: grpc.StatusCode) -> None:
        self.events.append(code)


class Metrics:
    def __init__(self) -> None:
        self.methods: dict[str, Counted] = {}

    def method(self, full_method: str, grpc_type: str = "unary") -> Counted:
        return self.methods.setdefault(full_method, Counted(grpc_type == "unary"))


def _lifecycle(limit: int = 1) -> tuple[Lifecycle, Reports, Metrics]:
    reports, metrics = Reports(), Metrics()
    return Lifecycle(Admission(limit), reports, metrics), reports, metrics  # type: ignore[arg-type]


def test_an_answered_call_is_counted_reported_and_leaves_admission() -> None:
    lifecycle, reports, metrics = _lifecycle()
    call = Call(peer="p", protocol="connect")
    with lifecycle.call("ListGames", lambda: Call()) as life:
        assert life.admit() is None and lifecycle.admission.in_flight == 1
        life.call = call
    assert lifecycle.admission.in_flight == 0
    assert reports.ended == [("ListGames", call, Code.OK, "")]
    assert metrics.methods["/marketplay.v1.GameService/ListGames"].events == [
        "started", "received", "observed", grpc.StatusCode.OK, "sent"]


def test_a_call_past_the_limit_is_refused_and_reported_with_the_fallback_call() -> None:
    lifecycle, reports, metrics = _lifecycle(limit=1)
    fallback = Call(peer="from the scope")
    with lifecycle.call("NewGame", lambda: fallback) as first:
        assert first.admit() is None
        with lifecycle.call("NewGame", lambda: fallback) as second:
            refusal = second.admit()
            assert refusal is not None and refusal.reason == "OVERLOADED"
    assert lifecycle.admission.in_flight == 0
    assert reports.ended[0] == ("NewGame", fallback, Code.RESOURCE_EXHAUSTED, "OVERLOADED")
    assert reports.ended[1][2] is Code.OK
    events = metrics.methods["/marketplay.v1.GameService/NewGame"].events
    assert grpc.StatusCode.RESOURCE_EXHAUSTED in events and events.count("sent") == 1


def test_an_unknown_rpc_is_reported_under_its_echo_and_counted_nowhere() -> None:
    lifecycle, reports, metrics = _lifecycle()
    with lifecycle.call("Teleport", lambda: Call()) as life:
        life.refused(ServiceError(Code.UNIMPLEMENTED, "UNKNOWN_METHOD", "no"))
    assert reports.ended[0][0] == "'Teleport'"
    assert all(not m.events for m in metrics.methods.values())


def test_a_stream_is_counted_message_by_message_under_its_own_name() -> None:
    """A mounted app's stream (reflection on the HTTP port): known by name, a bidi stream."""
    reports, metrics = Reports(), Metrics()
    stream = "grpc.reflection.v1.ServerReflection/ServerReflectionInfo"
    lifecycle = Lifecycle(Admission(1), reports, metrics, streams=[stream])  # type: ignore[arg-type]
    with lifecycle.call(stream, lambda: Call()) as life:
        for _ in range(3):
            life.message_received()
        life.message_sent()
    assert reports.ended[0][0] == stream
    assert metrics.methods[f"/{stream}"].events == [
        "started", "received", "received", "received", "sent", "observed", grpc.StatusCode.OK]


@pytest.mark.parametrize(("deadline", "code"), [
    (None, Code.CANCELLED), (0.0, Code.DEADLINE_EXCEEDED), (1e9, Code.CANCELLED)])
def test_a_cancelled_call_ends_by_its_deadline_or_by_its_client(
        deadline: float | None, code: Code) -> None:
    lifecycle, reports, _ = _lifecycle()
    with pytest.raises(asyncio.CancelledError), lifecycle.call("Replay", lambda: Call()) as life:
        assert life.admit() is None
        life.call = Call(deadline=None if deadline is None else time.monotonic() + deadline - 1)
        raise asyncio.CancelledError
    assert reports.ended[0][2] is code and lifecycle.admission.in_flight == 0


def test_errors_raised_into_a_framework_are_released_when_the_call_ends() -> None:
    released: list[BaseException] = []
    lifecycle = Lifecycle(Admission(1), Reports(), release=released.append)
    error = ValueError("kept by connectrpc's frame")
    with lifecycle.call("GetView", lambda: Call()) as life:
        life.raised_into_framework(error)
        assert not released
    assert released == [error] and not life.raised
