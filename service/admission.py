"""How many calls a worker takes at once, and what the others get.

Each transport has an `Admission`: up to `limit` calls in flight (running or
waiting for a handler thread); past it a call is refused at once with
RESOURCE_EXHAUSTED (reason OVERLOADED), so overload is shed instead of
queued without bound (400 concurrent 1 MB calls once took a worker from 60
to 344 MiB with nothing refused). On SIGTERM it turns to draining: every new
call is refused with UNAVAILABLE (reason DRAINING), which clients retry,
while the admitted ones finish.

On the gRPC port `AdmittingExecutor` applies it where grpcio hands a call to
a thread: an admitted call goes to the handler threads; a refused one runs on
a small thread pool of its own, which cannot be held up by busy handlers, and
the handler (service/grpc_service.py) answers it with the refusal found in
`refusal_of_this_thread()`. grpcio's own `maximum_concurrent_rpcs` is set to
twice the limit as a backstop: past that grpcio refuses calls itself, still
RESOURCE_EXHAUSTED but without a reason, and without reading them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from service.errors import Code, ServiceError

__all__ = ["Admission", "AdmittingExecutor", "refusal_of_this_thread"]

T = TypeVar("T")
#: Threads answering refused gRPC calls; refusing costs microseconds.
REFUSING_THREADS = 2


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


_this_thread = threading.local()


def refusal_of_this_thread() -> ServiceError | None:
    """The refusal of the gRPC call this thread is running, if it was not admitted."""
    refusal: ServiceError | None = getattr(_this_thread, "refusal", None)
    return refusal


def _refusing(refusal: ServiceError, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    _this_thread.refusal = refusal
    try:
        return fn(*args, **kwargs)
    finally:
        _this_thread.refusal = None


class AdmittingExecutor(ThreadPoolExecutor):
    """grpcio's handler thread pool, with `admission` deciding which calls it runs.

    grpcio submits each call's whole handling (reading the request, the
    handler, sending the reply) as one task, and counts the call active until
    that task's future is done; this executor counts the same way.
    """

    def __init__(self, threads: int, admission: Admission) -> None:
        super().__init__(threads, thread_name_prefix="marketplay")
        self.admission = admission
        self._refusing = ThreadPoolExecutor(REFUSING_THREADS,
                                            thread_name_prefix="marketplay-refuse")

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        refusal = self.admission.enter()
        if refusal is not None:
            return self._refusing.submit(_refusing, refusal, fn, *args, **kwargs)
        try:
            future = super().submit(fn, *args, **kwargs)
        except BaseException:
            self.admission.leave()
            raise
        future.add_done_callback(lambda _: self.admission.leave())
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait, cancel_futures=cancel_futures)
        self._refusing.shutdown(wait, cancel_futures=cancel_futures)
