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
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from service.contract import RPCS
from service.errors import Code, ServiceError, clip

if TYPE_CHECKING:
    from service.core import Call

__all__ = ["CallReporter", "Carrier", "Outcome", "Spans"]

log = logging.getLogger("marketplay.calls")


_KNOWN_RPCS = frozenset(RPCS)

#: Lazily gives the call's headers or metadata (for a trace parent); only asked when tracing.
Carrier = Callable[[], Mapping[str, str]]


class Spans(Protocol):
    """Where ended calls become spans: service/tracing.py's SpanRecorder (which imports
    this module, so this one names only what it calls)."""

    def record(self, rpc: str, call: Call, outcome: Outcome, seconds: float,
               carrier: Carrier | None) -> None: ...


@dataclass
class Outcome:
    """How one call ended so far: OK until a refusal says otherwise."""

    code: Code = Code.OK
    reason: str = ""

    def refused(self, error: ServiceError) -> ServiceError:
        """Record `error` as how the call ended; returns it, for the transport to send."""
        self.code, self.reason = error.code, error.reason
        return error


#: After the first refusal line of a kind (method, code, reason), at most one more line of
#: that kind per this many seconds, carrying how many were left out since the last one.
REPEAT_SECONDS = 10.0


class _Repeats:
    """Which refusal lines to write: the first of each kind, then one per REPEAT_SECONDS.

    Eight threads looping on a refusal wrote 16,162 lines (2.3 MB) in 30 s; now
    they write one line per kind and interval, saying how many it stands for.
    Kinds are keyed by values from fixed sets (the service's RPC names, codes,
    reason literals), so a caller cannot grow this table.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        #: kind -> (when its last line was written, lines left out since)
        self._kinds: dict[tuple[str, Code, str], tuple[float, int]] = {}

    def admit(self, kind: tuple[str, Code, str]) -> int | None:
        """None to leave this line out; else how many lines of its kind were left out."""
        now = self._clock()
        with self._lock:
            last = self._kinds.get(kind)
            if last is not None and now - last[0] < REPEAT_SECONDS:
                self._kinds[kind] = (last[0], last[1] + 1)
                return None
            self._kinds[kind] = (now, 0)
            return 0 if last is None else last[1]


class CallReporter:
    """Logs refused and failed calls and records spans; one per server, shared by transports."""

    def __init__(self, spans: Spans | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.spans = spans
        self._repeats = _Repeats(clock)

    def finished(self, rpc: str, call: Call, outcome: Outcome, seconds: float,
                 carrier: Carrier | None = None) -> None:
        """The call to `rpc` ended with `outcome` after `seconds`."""
        left_out = None
        if outcome.code is not Code.OK:
            known = rpc if rpc in _KNOWN_RPCS else "?"
            left_out = self._repeats.admit((known, outcome.code, outcome.reason))
        if left_out is not None:
            notes = call.notes
            fields = {
                "method": rpc, "code": outcome.code.name, "reason": outcome.reason,
                "game": notes.game, "step": notes.step, "latency_ms": round(seconds * 1000, 3),
                "peer": clip(call.peer), "protocol": call.protocol,
            }
            step = "" if notes.step is None else f" step={notes.step}"
            more = ""
            if left_out:
                fields["repeated"] = left_out
                more = f" (and {left_out} more like it in the last {REPEAT_SECONDS:g}s+)"
            log.info("refused %s: %s %s game=%s%s %.1fms peer=%s %s%s", rpc, outcome.code.name,
                     outcome.reason or "-", notes.game or "-", step, seconds * 1000,
                     fields["peer"] or "-", call.protocol, more, extra={"call": fields})
        if self.spans is not None:
            self.spans.record(rpc, call, outcome, seconds, carrier)


def elapsed(started: float) -> float:
    """Seconds since `started` (a `time.perf_counter()` reading)."""
    return time.perf_counter() - started
