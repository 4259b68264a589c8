"""Prometheus metrics: the grpc-prometheus server metrics plus game metrics.

The gRPC metric names, labels and `grpc_code` spellings are exactly those of
go-grpc-prometheus / go-grpc-middleware, so stock Grafana dashboards and
alerts work unchanged. Everything is written through prometheus-client, so
with several worker processes (`PROMETHEUS_MULTIPROC_DIR`, set up by
`service.workers` before this module is imported) the scrape adds them up.

Hot path: a unary call costs five metric updates. Labelled children are
resolved once per method (and once per method and code), never per call,
because a naive histogram interceptor cost ~15% of QPS (DESIGN.md).
"""

from __future__ import annotations

import os
import platform
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import HTTPServer
from importlib import metadata
from typing import TYPE_CHECKING, Any

import grpc
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.exposition import MetricsHandler
from prometheus_client.multiprocess import MultiProcessCollector

from service.observe import GameObserver, NullObserver

__all__ = [
    "GO_CODE_NAMES",
    "Metrics",
    "MetricsInterceptor",
    "PrometheusObserver",
    "UnaryCallMetrics",
    "build_info_labels",
    "instruments",
    "metrics_http_server",
    "scrape_registry",
]

if TYPE_CHECKING:  # grpc-stubs makes these generic; grpcio's runtime classes are not
    _Interceptor = grpc.ServerInterceptor[Any, Any]
    _Handler = grpc.RpcMethodHandler[Any, Any]
else:
    _Interceptor = grpc.ServerInterceptor
    _Handler = grpc.RpcMethodHandler

# go-grpc-prometheus has no `_created` series; keep the exposition identical.
disable_created_metrics()  # type: ignore[no-untyped-call]

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

_GRPC_LABELS = ("grpc_type", "grpc_service", "grpc_method")
# Finer than Prometheus' DefBuckets at the low end: our calls take ~1 ms.
_LATENCY_BUCKETS = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)
_SIZE_BUCKETS = tuple(float(256 << (2 * i)) for i in range(7))  # 256 B .. 1 MiB


@dataclass
class Metrics:
    """Every metric the service exports, registered in one registry.

    A class rather than module globals so tests can use a private registry.
    """

    registry: CollectorRegistry = field(default=REGISTRY)

    def __post_init__(self) -> None:
        r = self.registry
        self.started = Counter(
            "grpc_server_started_total", "Total number of RPCs started on the server.",
            _GRPC_LABELS, registry=r,
        )
        self.handled = Counter(
            "grpc_server_handled_total",
            "Total number of RPCs completed on the server, regardless of success or failure.",
            (*_GRPC_LABELS, "grpc_code"), registry=r,
        )
        self.msg_received = Counter(
            "grpc_server_msg_received_total",
            "Total number of RPC stream messages received on the server.",
            _GRPC_LABELS, registry=r,
        )
        self.msg_sent = Counter(
            "grpc_server_msg_sent_total",
            "Total number of gRPC stream messages sent by the server.",
            _GRPC_LABELS, registry=r,
        )
        self.handling_seconds = Histogram(
            "grpc_server_handling_seconds",
            "Histogram of response latency (seconds) of gRPC that had been application-level "
            "handled by the server.",
            _GRPC_LABELS, buckets=_LATENCY_BUCKETS, registry=r,
        )
        self.games_started = Counter(
            "marketplay_games_started_total", "Games created by NewGame.",
            ("game", "variant"), registry=r,
        )
        self.games_finished = Counter(
            "marketplay_games_finished_total", "Games that reached their end by an action.",
            ("game", "variant"), registry=r,
        )
        self.actions_applied = Counter(
            "marketplay_actions_applied_total", "Actions applied to a game state.",
            ("game",), registry=r,
        )
        self.actions_refused = Counter(
            "marketplay_actions_refused_total",
            "Actions refused, by machine-readable reason (e.g. ILLEGAL_ACTION, STALE_STEP).",
            ("game", "reason"), registry=r,
        )
        self.sealed_state_bytes = Histogram(
            "marketplay_sealed_state_bytes", "Size of each sealed state returned to callers.",
            ("game",), buckets=_SIZE_BUCKETS, registry=r,
        )
        self.engine_seconds = Histogram(
            "marketplay_engine_seconds", "Time spent in game engine code per call.",
            ("game", "rpc"), buckets=_LATENCY_BUCKETS, registry=r,
        )
        self.state_cache_hits = Counter(
            "marketplay_state_cache_hits_total", "Sealed states found already decoded in cache.",
            registry=r,
        )
        self.state_cache_misses = Counter(
            "marketplay_state_cache_misses_total", "Sealed states that had to be opened.",
            registry=r,
        )
        # "max": every worker reports the same 1, so merge without a pid label.
        self.build_info = Gauge(
            "marketplay_build_info",
            "Always 1; labels carry the service version and each game's rules version.",
            ("version", "python_version", "rules_versions"), registry=r,
            multiprocess_mode="max",
        )


def build_info_labels() -> dict[str, str]:
    """Labels for marketplay_build_info; rules versions show mixed fleets in a rollout."""
    from engines.registry import ENGINES  # late: keeps `service.metrics` import light

    try:
        version = metadata.version("marketplay")
    except metadata.PackageNotFoundError:
        version = "unknown"
    rules = ",".join(
        f"{game_id}={engine.spec.rules_version}" for game_id, engine in sorted(ENGINES.items())
    )
    return {
        "version": version,
        "python_version": platform.python_version(),
        "rules_versions": rules,
    }


class PrometheusObserver:
    """`service.observe.GameObserver` that counts into `Metrics`.

    Labelled children are kept per label values: `.labels()` costs a lock and
    several dict lookups, a plain dict hit costs tens of nanoseconds.
    """

    def __init__(self, metrics: Metrics) -> None:
        self._m = metrics
        self._started: dict[tuple[str, str], Any] = {}
        self._finished: dict[tuple[str, str], Any] = {}
        self._applied: dict[str, Any] = {}
        self._refused: dict[tuple[str, str], Any] = {}
        self._sealed: dict[str, Any] = {}
        self._engine: dict[tuple[str, str], Any] = {}
        self._cache_hit = metrics.state_cache_hits.inc
        self._cache_miss = metrics.state_cache_misses.inc

    def game_started(self, game_id: str, variant: str) -> None:
        key = (game_id, variant)
        child = self._started.get(key)
        if child is None:
            child = self._started[key] = self._m.games_started.labels(game_id, variant)
        child.inc()

    def game_finished(self, game_id: str, variant: str) -> None:
        key = (game_id, variant)
        child = self._finished.get(key)
        if child is None:
            child = self._finished[key] = self._m.games_finished.labels(game_id, variant)
        child.inc()

    def action_applied(self, game_id: str) -> None:
        child = self._applied.get(game_id)
        if child is None:
            child = self._applied[game_id] = self._m.actions_applied.labels(game_id)
        child.inc()

    def action_refused(self, game_id: str, reason: str) -> None:
        key = (game_id, reason)
        child = self._refused.get(key)
        if child is None:
            child = self._refused[key] = self._m.actions_refused.labels(game_id, reason)
        child.inc()

    def state_sealed(self, game_id: str, size_bytes: int) -> None:
        child = self._sealed.get(game_id)
        if child is None:
            child = self._sealed[game_id] = self._m.sealed_state_bytes.labels(game_id)
        child.observe(size_bytes)

    def engine_time(self, game_id: str, rpc: str, seconds: float) -> None:
        key = (game_id, rpc)
        child = self._engine.get(key)
        if child is None:
            child = self._engine[key] = self._m.engine_seconds.labels(game_id, rpc)
        child.observe(seconds)

    def state_cache(self, hit: bool) -> None:
        if hit:
            self._cache_hit()
        else:
            self._cache_miss()


class _MethodMetrics:
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

    def method(self, full_method: str) -> _MethodMetrics:
        return _MethodMetrics(self._metrics, "unary", full_method)


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
        h: Any = handler
        des, ser = h.request_deserializer, h.response_serializer
        if h.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary_unary(h.unary_unary, _MethodMetrics(self._metrics, "unary", method)),
                des, ser)
        if h.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._streaming(h.unary_stream,
                                _MethodMetrics(self._metrics, "server_stream", method), False),
                des, ser)
        if h.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._stream_unary(h.stream_unary,
                                   _MethodMetrics(self._metrics, "client_stream", method)),
                des, ser)
        return grpc.stream_stream_rpc_method_handler(
            self._streaming(h.stream_stream,
                            _MethodMetrics(self._metrics, "bidi_stream", method), True),
            des, ser)

    @staticmethod
    def _unary_unary(behavior: Callable[[Any, Any], Any], mm: _MethodMetrics) -> Any:
        started, received, sent, finish = mm.started, mm.received, mm.sent, mm.finish
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
    def _stream_unary(behavior: Callable[[Any, Any], Any], mm: _MethodMetrics) -> Any:
        def stream_unary(requests: Iterator[Any], context: grpc.ServicerContext) -> Any:
            start = time.perf_counter()
            mm.started()
            try:
                response = behavior(_count(requests, mm.received), context)
            except BaseException:
                mm.finish(context, start, True)
                raise
            if mm.finish(context, start, False):
                mm.sent()
            return response

        return stream_unary

    @staticmethod
    def _streaming(behavior: Callable[[Any, Any], Iterator[Any]], mm: _MethodMetrics,
                   client_streams: bool) -> Any:
        def streaming(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            start = time.perf_counter()
            mm.started()
            if client_streams:
                request = _count(request, mm.received)
            else:
                mm.received()
            try:
                for response in behavior(request, context):
                    mm.sent()
                    yield response
            except BaseException:
                mm.finish(context, start, True)
                raise
            mm.finish(context, start, False)

        return streaming


def multiprocess_dir() -> str | None:
    """The prometheus-client multiprocess directory, if multiprocess mode is on."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def scrape_registry() -> CollectorRegistry:
    """What /metrics serves: all workers' files summed, or this process's registry."""
    if multiprocess_dir() is None:
        return REGISTRY
    registry = CollectorRegistry()
    MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return registry


def metrics_handler(registry: CollectorRegistry) -> type[MetricsHandler]:
    """An HTTP handler for /metrics that gives up on a silent client after 5 s."""
    base: type[MetricsHandler] = MetricsHandler.factory(registry)

    class Handler(base):  # type: ignore[valid-type,misc]
        timeout = 5.0

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line per scrape would drown the service's own logs

    return Handler


def metrics_http_server(host: str, port: int) -> HTTPServer:
    """Bind (but do not run) the /metrics HTTP server; the caller picks thread or loop."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET

    class Server(HTTPServer):
        address_family = family

    return Server((host, port), metrics_handler(scrape_registry()))


_default: Metrics | None = None
_default_lock = threading.Lock()


def default_metrics() -> Metrics:
    """The process-wide Metrics in the default registry, created on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Metrics()
            _default.build_info.labels(**build_info_labels()).set(1)
        return _default


def instruments(enabled: bool) -> tuple[GameObserver, list[_Interceptor]]:
    """The observer and interceptors a server should use (no-ops when metrics are off)."""
    if not enabled:
        return NullObserver(), []
    m = default_metrics()
    return PrometheusObserver(m), [MetricsInterceptor(m)]


def http_instruments(enabled: bool) -> UnaryCallMetrics | None:
    """What the HTTP transport counts its calls with (None when metrics are off)."""
    return UnaryCallMetrics(default_metrics()) if enabled else None
