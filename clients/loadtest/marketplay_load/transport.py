"""Calls through the generated gRPC client, each one timed, checked and reported.

A transport knows nothing of Locust: it hands every finished call to a
`Report` callback (the locustfile turns it into Locust's request event), so
the game logic and its checks run the same under Locust, in tests and from a
script. Another transport (HTTP/JSON) only has to offer the same `call`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Protocol, TypeVar

import grpc
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from marketplay.v1 import game_service_pb2_grpc as pb_grpc

Resp = TypeVar("Resp", bound=Message)

#: (request_type, name, response time in ms, response bytes, exception or None)
Report = Callable[[str, str, float, int, Exception | None], None]
Check = Callable[[Resp], None]


CHANNEL_OPTIONS = [
    # Its own connections: otherwise grpc shares one TCP connection among all channels of
    # a process to the same address, and every simulated backend of a Locust process
    # would land on one server worker.
    ("grpc.use_local_subchannel_pool", 1),
    # Every address a name resolves to (the headless Service's pods, docs/deploy.md).
    ("grpc.service_config", json.dumps({"loadBalancingConfig": [{"round_robin": {}}]})),
]


class RpcFailure(Exception):
    """A call that ended with a non-OK status: its canonical code and ErrorInfo reason."""

    def __init__(self, code: str, reason: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason

    @property
    def label(self) -> str:
        """Bounded (code and reason, never the message): Locust keys its error table on it."""
        return f"{self.code} {self.reason}" if self.reason else self.code

    def __repr__(self) -> str:  # Locust's failure table shows repr()
        return self.label

    @classmethod
    def from_grpc(cls, error: grpc.RpcError) -> RpcFailure:
        call: grpc.Call = error  # type: ignore[assignment]  # a failed unary call is both
        code = call.code()
        reason = ""
        try:
            status = rpc_status.from_call(call)
        except ValueError:  # details that do not match the status: report the code alone
            status = None
        if status is not None:
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    reason = info.reason
        return cls(code.name if code else "UNKNOWN", reason, call.details() or "")


#: Refusals the API documents as shedding load, with what the caller does instead
#: (docs/bots.md: BOTS_BUSY, play at random). They are answers, not failures: each
#: is reported as a success of its own row ("SuggestAction BOTS_BUSY"), so it
#: neither fails the run nor mixes its quick answer into the RPC's latencies.
SHED = frozenset({("SuggestAction", "RESOURCE_EXHAUSTED", "BOTS_BUSY")})


def report_failure(report: Report, protocol: str, method: str, ms: float, size: int,
                   failure: RpcFailure) -> None:
    if is_shed(failure, method):
        report(protocol, f"{method} {failure.reason}", ms, size, None)
    else:
        report(protocol, method, ms, size, failure)


def is_shed(failure: RpcFailure, method: str) -> bool:
    return (method, failure.code, failure.reason) in SHED


class ContractViolation(Exception):
    """A response that arrived but breaks the API's contract (docs/api.md)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

    @property
    def label(self) -> str:
        return f"CONTRACT {self.reason}"

    def __repr__(self) -> str:
        return self.label


class Transport(Protocol):
    """What the game logic needs from a protocol: one checked, reported call."""

    protocol: str

    def call(self, method: str, request: Message, check: Check[Resp] | None = None) -> Resp: ...

    def close(self) -> None: ...


class GrpcTransport:
    """One channel with a connection of its own, through the generated stub."""

    protocol = "grpc"

    def __init__(self, address: str, report: Report, deadline_seconds: float) -> None:
        self._channel = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
        self._stub = pb_grpc.GameServiceStub(self._channel)
        self._report = report
        self._deadline = deadline_seconds

    def call(self, method: str, request: Message, check: Check[Resp] | None = None) -> Resp:
        """Send `request` to `method`; raise RpcFailure or ContractViolation, both reported.

        The time reported is the call's alone; `check` runs after the clock stops.
        """
        started = time.perf_counter()
        try:
            response: Resp = getattr(self._stub, method)(request, timeout=self._deadline)
        except grpc.RpcError as exc:
            failure = RpcFailure.from_grpc(exc)
            report_failure(self._report, self.protocol, method, _ms(started), 0, failure)
            raise failure from None
        elapsed = _ms(started)
        size = response.ByteSize()
        try:
            if check is not None:
                check(response)
        except ContractViolation as violation:
            self._report(self.protocol, method, elapsed, size, violation)
            raise
        self._report(self.protocol, method, elapsed, size, None)
        return response

    def close(self) -> None:
        self._channel.close()


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
