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

import asyncio
import inspect
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import grpc
import grpc.aio

from service.errors import GO_CODE_NAMES

if TYPE_CHECKING:  # grpc-stubs makes these generic; grpcio's runtime classes are not
    from service.metrics import Metrics

    _Handler = grpc.RpcMethodHandler[Any, Any]
    _Interceptor = grpc.aio.ServerInterceptor[Any, Any]
else:
    _Handler = grpc.RpcMethodHandler
    _Interceptor = grpc.aio.ServerInterceptor

__all__ = ["GO_CODE_NAMES", "MethodMetrics", "MetricsInterceptor", "UnaryCallMetrics"]



class MethodMetrics:
    """The labelled children of one method, so a call does no label lookups."""

    __slots__ = ("handled_by_code", "labels", "metrics", "observe", "received", "sent",
                 "started", "unary")

    def __init__(self, metrics: Metrics, grpc_type: str, full_method: str) -> None:
        service, _, method = full_method.lstrip("/").rpartition("/")
        self.metrics = metrics
        self.labels = (grpc_type, service, method)
        #: One message each way (counted with the call); a stream counts each message.
        self.unary = grpc_type == "unary"
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

    def finish(self, context: Any, start: float, failed: BaseException | None) -> bool:
        """Record the end of a call; True if it succeeded (Go counts a sent reply only then).

        The code is whatever abort() (which raises) or set_code() left on the context.
        """
        code = context.code()
        if failed is not None and (code is None or code is grpc.StatusCode.OK):
            # cancelled by the client or its deadline; otherwise an uncaught exception,
            # which grpc answers as UNKNOWN
            code = grpc.StatusCode.CANCELLED if isinstance(failed, asyncio.CancelledError) \
                else grpc.StatusCode.UNKNOWN
        self.observe(time.perf_counter() - start)
        self.handled(code)
        return code is None or code is grpc.StatusCode.OK


class UnaryCallMetrics:
    """The same grpc_server_* series for calls served outside grpcio (Connect, gRPC-Web):
    the RPCs, all unary, and the streams of apps mounted beside them (server reflection).

    Same names, labels and code spellings as MetricsInterceptor, so the
    dashboard and alerts count HTTP calls with gRPC ones; the HTTP transport
    takes one `method()` per RPC at start-up and updates it per call.
    """

    def __init__(self, metrics: Metrics) -> None:
        #: Every series; the HTTP server also reads its connection gauges from here.
        self.metrics = metrics

    def method(self, full_method: str, grpc_type: str = "unary") -> MethodMetrics:
        return MethodMetrics(self.metrics, grpc_type, full_method)


async def _count(items: AsyncIterator[Any], inc: Callable[[], None]) -> AsyncIterator[Any]:
    async for item in items:
        inc()
        yield item


class _CountingContext:
    """A servicer context whose `write()` counts each message a handler streams."""

    def __init__(self, context: grpc.aio.ServicerContext[Any, Any], sent: Callable[[], None]) -> None:
        self._context = context
        self._sent = sent

    async def write(self, message: Any) -> None:
        await self._context.write(message)
        self._sent()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


class MetricsInterceptor(_Interceptor):
    """grpc-prometheus server metrics for every RPC, including health and reflection.

    An interceptor of grpc.aio (the gRPC port's server, service/grpc_server.py):
    handlers are coroutines, async generators, or coroutines that stream through
    `context.write()`; each shape is counted the way go-grpc-prometheus counts it.
    """

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics
        # full method -> (the handler grpc gave us, our wrapped handler); one event loop
        self._wrapped: dict[str, tuple[_Handler, _Handler]] = {}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[_Handler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> _Handler:
        handler = await continuation(handler_call_details)
        if handler is None:
            return handler
        method: str = handler_call_details.method
        cached = self._wrapped.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        wrapped = self._wrap(handler, method)
        self._wrapped[method] = (handler, wrapped)
        return wrapped

    def _wrap(self, handler: _Handler, method: str) -> _Handler:
        given: Any = handler  # grpcio's handler namedtuple; the stubs type only its protocol
        des, ser = given.request_deserializer, given.response_serializer
        if given.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(given.unary_unary, MethodMetrics(self._metrics, "unary", method),
                            False), des, ser)
        if given.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._streaming(given.unary_stream,
                                MethodMetrics(self._metrics, "server_stream", method), False),
                des, ser)
        if given.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._unary(given.stream_unary,
                            MethodMetrics(self._metrics, "client_stream", method), True),
                des, ser)
        return grpc.stream_stream_rpc_method_handler(
            self._streaming(given.stream_stream,
                            MethodMetrics(self._metrics, "bidi_stream", method), True),
            des, ser)

    @staticmethod
    def _unary(behavior: Callable[[Any, Any], Any], counted: MethodMetrics,
               client_streams: bool) -> Any:
        started, received, sent, finish = (counted.started, counted.received, counted.sent,
                                           counted.finish)
        clock = time.perf_counter

        async def unary(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            start = clock()
            started()
            if client_streams:
                request = _count(request, received)
            else:
                received()
            try:
                response = behavior(request, context)
                if inspect.isawaitable(response):
                    response = await response
            except BaseException as exc:
                finish(context, start, exc)
                raise
            if finish(context, start, None):
                sent()
            return response

        return unary

    @staticmethod
    def _streaming(behavior: Callable[[Any, Any], Any], counted: MethodMetrics,
                   client_streams: bool) -> Any:
        async def streaming(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            start = time.perf_counter()
            counted.started()
            if client_streams:
                request = _count(request, counted.received)
            else:
                counted.received()
            try:
                result = behavior(request, _CountingContext(context, counted.sent))
                if inspect.isasyncgen(result):
                    async for response in result:
                        counted.sent()
                        yield response
                elif inspect.isawaitable(result):
                    await result
                else:  # a plain iterator (a synchronous handler)
                    for response in result:
                        counted.sent()
                        yield response
            except BaseException as exc:
                counted.finish(context, start, exc)
                raise
            counted.finish(context, start, None)

        return streaming
