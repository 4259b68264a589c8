"""How a call ended, reported once for every transport.

Both transports end each GameService call here (`CallReporter.finished`):
one log line at INFO for a refusal or a failure, carrying the method, code,
reason, game, step, latency, peer and protocol, and one OpenTelemetry span
when tracing is on (service/tracing.py). Nothing else goes in: never the
message (a JSON parser's words can quote the body), the state bytes, a token
or anything the state hides, so a log line is safe to ship anywhere.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from service.errors import Code, ServiceError, clip

if TYPE_CHECKING:
    from service.core import Call
    from service.tracing import SpanRecorder

__all__ = ["CallReporter", "Outcome", "rpc_names"]

log = logging.getLogger("marketplay.calls")

#: Lazily gives the call's headers or metadata (for a trace parent); only asked when tracing.
Carrier = Callable[[], Mapping[str, str]]


def rpc_names(service: Any) -> dict[str, str]:
    """RPC name -> the GameCore method serving it ("ListGames" -> "list_games")."""
    return {method.name: re.sub(r"(?<!^)(?=[A-Z])", "_", method.name).lower()
            for method in service.methods}


@dataclass
class Outcome:
    """How one call ended so far: OK until a refusal says otherwise."""

    code: Code = Code.OK
    reason: str = ""

    def refused(self, error: ServiceError) -> ServiceError:
        """Record `error` as how the call ended; returns it, for the transport to send."""
        self.code, self.reason = error.code, error.reason
        return error


class CallReporter:
    """Logs refused and failed calls and records spans; one per server, shared by transports."""

    def __init__(self, spans: SpanRecorder | None = None) -> None:
        self.spans = spans

    def finished(self, rpc: str, call: Call, outcome: Outcome, seconds: float,
                 carrier: Carrier | None = None) -> None:
        """The call to `rpc` ended with `outcome` after `seconds`."""
        if outcome.code is not Code.OK:
            notes = call.notes
            fields = {
                "method": rpc, "code": outcome.code.name, "reason": outcome.reason,
                "game": notes.game, "step": notes.step, "latency_ms": round(seconds * 1000, 3),
                "peer": clip(call.peer), "protocol": call.protocol,
            }
            step = "" if notes.step is None else f" step={notes.step}"
            log.info("refused %s: %s %s game=%s%s %.1fms peer=%s %s", rpc, outcome.code.name,
                     outcome.reason or "-", notes.game or "-", step, seconds * 1000,
                     fields["peer"] or "-", call.protocol, extra={"call": fields})
        if self.spans is not None:
            self.spans.record(rpc, call, outcome, seconds, carrier)


def elapsed(started: float) -> float:
    """Seconds since `started` (a `time.perf_counter()` reading)."""
    return time.perf_counter() - started
