"""How many calls a worker takes at once, and what the others get.

Each transport has an `Admission`: up to `limit` calls in flight (running or
waiting for a handler thread); past it a call is refused at once with
RESOURCE_EXHAUSTED (reason OVERLOADED), so overload is shed instead of
queued without bound (400 concurrent 1 MB calls once took a worker from 60
to 344 MiB with nothing refused). On SIGTERM it turns to draining: every new
call is refused with UNAVAILABLE (reason DRAINING), which clients retry,
while the admitted ones finish.

A call counts only once its request has arrived (service/grpc_service.py,
service/http/app.py): a client that opens a call and sends nothing, or sends
its body slowly, holds no slot that others need. The gRPC port bounds such
waiting streams per connection instead (--max-streams-per-connection), the
HTTP port bounds the time a body may take (--http-body-timeout-ms).
"""

from __future__ import annotations

import threading

from service.errors import Code, ServiceError

__all__ = ["Admission"]


class Admission:
    """Calls in flight on one transport, bounded by `limit`; refuses all while draining."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._in_flight = 0
        self._draining = False
        self._changed = threading.Condition()

    @property
    def in_flight(self) -> int:
        return self._in_flight

    def enter(self) -> ServiceError | None:
        """Admit a call (then `leave()` once it ends), or say why not."""
        with self._changed:
            if self._draining:
                return ServiceError(
                    Code.UNAVAILABLE, "DRAINING",
                    "this server is shutting down; retry, another replica will answer")
            if self._in_flight >= self.limit:
                return ServiceError(
                    Code.RESOURCE_EXHAUSTED, "OVERLOADED",
                    f"this server has {self.limit} calls in flight, its limit "
                    "(--max-concurrent-rpcs); retry with backoff")
            self._in_flight += 1
            return None

    def leave(self) -> None:
        with self._changed:
            self._in_flight -= 1
            self._changed.notify_all()

    def drain(self) -> None:
        """Refuse every new call from now on (UNAVAILABLE, reason DRAINING)."""
        with self._changed:
            self._draining = True

    def wait_idle(self, timeout: float) -> bool:
        """Until no admitted call is in flight, at most `timeout` seconds; True if none is."""
        with self._changed:
            return self._changed.wait_for(lambda: self._in_flight == 0, max(timeout, 0.0))
