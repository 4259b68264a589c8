"""The go-grpc-prometheus server series for every RPC, over both transports.

`MetricsInterceptor` counts what grpcio serves (the game service, health and
reflection); `UnaryCallMetrics` lets the HTTP transport count Connect and
gRPC-Web calls in the same series. Names, labels and `grpc_code` spellings
are exactly those of go-grpc-prometheus / go-grpc-middleware, so stock
Grafana dashboards and alerts work unchanged.

Hot path: a unary call costs five metric updates. Labelled children are
resolved once per method (and once per method and code), never per call,
because a naive histogram interceptor cost ~15% of QPS
(docs/architecture.md, "Performance facts to design by").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import grpc

if TYPE_CHECKING:  # grpc-stubs makes these generic; grpcio's runtime classes are not
    from service.metrics import Metrics

    _Interceptor = grpc.ServerInterceptor[Any, Any]
    _Handler = grpc.RpcMethodHandler[Any, Any]
else:
    _Interceptor = grpc.ServerInterceptor
    _Handler = grpc.RpcMethodHandler

__all__ = ["GO_CODE_NAMES", "MethodMetrics", "MetricsInterceptor", "UnaryCallMetrics"]

# grpc_code values as Go's codes.Code.String() spells them.
GO_CODE_NAMES: dict[grpc.StatusCode, str] = {
    grpc.StatusCode.OK: "OK",
    grpc.StatusCode.CANCELLED: "Canceled",
    grpc.StatusCode.UNKNOWN: "Unknown",
    grpc.StatusCode.INVALID_ARGUMENT: "InvalidArgument",
    grpc.StatusCode.DEADLINE_EXCEEDED: "DeadlineExceeded",
    grpc.StatusCode.NOT_FOUND: "NotFound",
    grpc.StatusCode.ALREADY_EXISTS: "AlreadyExists",
    grpc.StatusCode.PERMISSION_DENIED: "PermissionDenied",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "ResourceExhausted",
    grpc.StatusCode.FAILED_PRECONDITION: "FailedPrecondition",
    grpc.StatusCode.ABORTED: "Aborted",
    grpc.StatusCode.OUT_OF_RANGE: "OutOfRange",
    grpc.StatusCode.UNIMPLEMENTED: "Unimplemented",
    grpc.StatusCode.INTERNAL: "Internal",
    grpc.StatusCode.UNAVAILABLE: "Unavailable",
    grpc.StatusCode.DATA_LOSS: "DataLoss",
    grpc.StatusCode.UNAUTHENTICATED: "Unauthenticated",
}


class MethodMetrics:
    """The labelled children of one method, so a call does no label lookups."""

    __slots__ = ("handled_by_code", "labels", "metrics", "observe", "received", "sent",
                 "started")

    def __init__(self, metrics: Metrics, grpc_type: str, full_method: str) -> None:
        service, _, method = full_method.lstrip("/").rpartition("/")
        self.metrics = metrics
        self.labels = (grpc_type, service, method)
        self.started = metrics.started.labels(*self.labels).inc
        self.received = metrics.msg_received.labels(*self.labels).inc
        self.sent = metrics.msg_sent.labels(*self.labels).inc
        self.observe = metrics.handling_seconds.labels(*self.labels).observe
        self.handled_by_code: dict[grpc.StatusCode | None, Callable[..., None]] = {}

    def handled(self, code: grpc.StatusCode | None) -> None:
        inc = self.handled_by_code.get(code)
        if inc is None:
            name = GO_CODE_NAMES.get(code, "Unknown") if code is not None else "OK"
            inc = self.handled_by_code[code] = self.metrics.handled.labels(*self.labels, name).inc
        inc()

    def finish(self, context: grpc.ServicerContext, start: float, failed: bool) -> bool:
        """Record the end of a call; True if it succeeded (Go counts a sent reply only then).

        The code is whatever abort() (which raises) or set_code() left on the context.
        """
        code = context.code()  # type: ignore[attr-defined]  # real since grpcio 1.38; stubs lag
        if failed and (code is None or code is grpc.StatusCode.OK):
            code = grpc.StatusCode.UNKNOWN  # an uncaught exception: grpc answers UNKNOWN
        self.observe(time.perf_counter() - start)
        self.handled(code)
        return code is None or code is grpc.StatusCode.OK


class UnaryCallMetrics:
    """The same grpc_server_* series for unary calls served outside grpcio (Connect, gRPC-Web).

    Same names, labels and code spellings as MetricsInterceptor, so the
    dashboard and alerts count HTTP calls with gRPC ones; the HTTP transport
    takes one `method()` per RPC at start-up and updates it per call.
    """

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def method(self, full_method: str) -> MethodMetrics:
        return MethodMetrics(self._metrics, "unary", full_method)


def _count(items: Iterator[Any], inc: Callable[[], None]) -> Iterator[Any]:
    for item in items:
        inc()
        yield item


class MetricsInterceptor(_Interceptor):
    """grpc-prometheus server metrics for every RPC, including health and reflection."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics
        self._lock = threading.Lock()
        # full method -> (the handler grpc gave us, our wrapped handler)
        self._wrapped: dict[str, tuple[_Handler, _Handler]] = {}

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], _Handler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> _Handler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method: str = handler_call_details.method
        cached = self._wrapped.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        with self._lock:
            wrapped = self._wrap(handler, method)
            self._wrapped[method] = (handler, wrapped)
        return wrapped

    def _wrap(self, handler: _Handler, method: str) -> _Handler:
        given: Any = handler  # grpcio's handler namedtuple; the stubs type only its protocol
        des, ser = given.request_deserializer, given.response_serializer
        if given.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary_unary(given.unary_unary, MethodMetrics(self._metrics, "unary", method)),
                des, ser)
        if given.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._streaming(given.unary_stream,
                                MethodMetrics(self._metrics, "server_stream", method), False),
                des, ser)
        if given.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._stream_unary(given.stream_unary,
                                   MethodMetrics(self._metrics, "client_stream", method)),
                des, ser)
        return grpc.stream_stream_rpc_method_handler(
            self._streaming(given.stream_stream,
                            MethodMetrics(self._metrics, "bidi_stream", method), True),
            des, ser)

    @staticmethod
    def _unary_unary(behavior: Callable[[Any, Any], Any], counted: MethodMetrics) -> Any:
        started, received, sent, finish = (counted.started, counted.received, counted.sent,
                                           counted.finish)
        clock = time.perf_counter

        def unary_unary(request: Any, context: grpc.ServicerContext) -> Any:
            start = clock()
            started()
            received()
            try:
                response = behavior(request, context)
            except BaseException:
                finish(context, start, True)
                raise
            if finish(context, start, False):
                sent()
            return response

        return unary_unary

    @staticmethod
    def _stream_unary(behavior: Callable[[Any, Any], Any], counted: MethodMetrics) -> Any:
        def stream_unary(requests: Iterator[Any], context: grpc.ServicerContext) -> Any:
            start = time.perf_counter()
            counted.started()
            try:
                response = behavior(_count(requests, counted.received), context)
            except BaseException:
                counted.finish(context, start, True)
                raise
            if counted.finish(context, start, False):
                counted.sent()
            return response

        return stream_unary

    @staticmethod
    def _streaming(behavior: Callable[[Any, Any], Iterator[Any]], counted: MethodMetrics,
                   client_streams: bool) -> Any:
        def streaming(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            start = time.perf_counter()
            counted.started()
            if client_streams:
                request = _count(request, counted.received)
            else:
                counted.received()
            try:
                for response in behavior(request, context):
                    counted.sent()
                    yield response
            except BaseException:
                counted.finish(context, start, True)
                raise
            counted.finish(context, start, False)

        return streaming
