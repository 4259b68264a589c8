"""A call's life, once for both transports: admission, metrics, outcome, report.

Each transport opens every GameService call with `Lifecycle.call()` and lets
the component do the rest:

    with lifecycle.call(rpc, fallback, carrier) as life:
        refusal = life.admit()          # counts against --max-concurrent-rpcs
        ...                             # parse, run the core
        life.refused(error)             # a refusal is how the call ended

On leaving the block the call leaves admission, its grpc_server_* series are
updated (when the transport counts them here: the HTTP port, for its RPCs and
the streams of the apps it mounts, server reflection; the gRPC port's are
counted by service/rpc_metrics.py's interceptor, which also counts health and
reflection) and it is reported once (service/calls.py) with the outcome it
recorded. A CancelledError that ends the block is DEADLINE_EXCEEDED if the
call's deadline had passed, else CANCELLED. The transport still renders the
refusal in its protocol (service/errors.py); this module decides nothing
about wire formats.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING

from service.admission import Admission
from service.calls import CallReporter, Carrier, Outcome, elapsed
from service.contract import RPCS, SERVICE_NAME
from service.core import Call
from service.errors import Code, ServiceError, echo, grpc_code

if TYPE_CHECKING:
    from service.rpc_metrics import MethodMetrics, UnaryCallMetrics

__all__ = ["CallLife", "Lifecycle"]

_KNOWN = frozenset(RPCS)


class CallLife:
    """One call as the lifecycle follows it: its `Call`, once known, and how it ended.

    A context manager (`with lifecycle.call(...) as life`): leaving it ends the call.
    A class rather than a generator, as it runs on every call's hot path.
    """

    __slots__ = ("_carrier", "_counted", "_fallback", "_lifecycle", "_rpc", "_started",
                 "admitted", "call", "outcome", "raised")

    def __init__(self, lifecycle: Lifecycle, rpc: str, fallback: Callable[[], Call],
                 carrier: Carrier | None) -> None:
        self._lifecycle = lifecycle
        self._rpc = rpc
        self._fallback = fallback
        self._carrier = carrier
        self._counted = lifecycle.counted.get(rpc)
        self._started = 0.0
        #: The Call the transport's handler made (None if the call was refused before).
        self.call: Call | None = None
        self.outcome = Outcome()
        self.admitted = False
        #: Errors raised into a framework for this call (connectrpc), released at its end.
        self.raised: list[BaseException] | None = None

    def raised_into_framework(self, error: BaseException) -> None:
        """Note `error`, raised into connectrpc, for release once the call has ended."""
        if self.raised is None:
            self.raised = []
        self.raised.append(error)

    def admit(self) -> ServiceError | None:
        """Count the call against admission; else the refusal, recorded as its outcome."""
        refusal = self._lifecycle.admission.enter()
        if refusal is not None:
            return self.refused(refusal)
        self.admitted = True
        return None

    def refused(self, error: ServiceError) -> ServiceError:
        """Record `error` as how the call ended; returns it, for the transport to send."""
        return self.outcome.refused(error)

    def interrupted(self) -> None:
        """The call was cancelled: by its deadline if that has passed, else by its client."""
        deadline = self.call.deadline if self.call is not None else None
        late = deadline is not None and time.monotonic() >= deadline
        self.outcome.code = Code.DEADLINE_EXCEEDED if late else Code.CANCELLED

    def message_received(self) -> None:
        """A stream's request message arrived (a unary call counts its one by itself)."""
        if self._counted is not None:
            self._counted.received()

    def message_sent(self) -> None:
        """A stream's response message went out."""
        if self._counted is not None:
            self._counted.sent()

    def __enter__(self) -> CallLife:
        self._started = time.perf_counter()
        counted = self._counted
        if counted is not None:
            counted.started()
            if counted.unary:
                counted.received()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is not None and issubclass(kind, asyncio.CancelledError):
            self.interrupted()
        lifecycle = self._lifecycle
        if self.raised is not None:
            if lifecycle.release is not None:
                for raised in self.raised:
                    lifecycle.release(raised)
            self.raised = None
        if self.admitted:
            lifecycle.admission.leave()
        seconds = elapsed(self._started)
        counted, code = self._counted, self.outcome.code
        if counted is not None:
            counted.observe(seconds)
            counted.handled(grpc_code(code))
            if code is Code.OK and counted.unary:
                counted.sent()
        rpc = self._rpc
        lifecycle.reporter.finished(rpc if rpc in lifecycle.known else echo(rpc),
                                    self.call or self._fallback(), self.outcome, seconds,
                                    self._carrier)


class Lifecycle:
    """The life of every call on one transport: one per port, sharing the reporter."""

    def __init__(self, admission: Admission, reporter: CallReporter,
                 metrics: UnaryCallMetrics | None = None,
                 release: Callable[[BaseException], None] | None = None,
                 streams: Iterable[str] = ()) -> None:
        """`streams`: the full names ("package.Service/Method") of the bidirectional
        streams the transport also runs through here, besides GameService's RPCs."""
        self.admission = admission
        self.reporter = reporter
        streams = tuple(streams)
        #: The names a call is reported under as given (any other is echoed, cut short).
        self.known = _KNOWN | set(streams)
        #: RPC or stream -> its grpc_server_* children, when this transport counts them here.
        self.counted: dict[str, MethodMetrics] = {
            **{rpc: metrics.method(f"/{SERVICE_NAME}/{rpc}") for rpc in RPCS},
            **{name: metrics.method(f"/{name}", "bidi_stream") for name in streams},
        } if metrics is not None else {}
        #: What to do with each error raised into a framework once its call has ended.
        self.release = release

    def call(self, rpc: str, fallback: Callable[[], Call],
             carrier: Carrier | None = None) -> CallLife:
        """The life of one call to `rpc` (any name a client sent: an unknown one is
        reported under its echo); `fallback()` gives the Call to report when no handler
        made one; `carrier()` the call's headers or metadata, for a trace parent."""
        return CallLife(self, rpc, fallback, carrier)
