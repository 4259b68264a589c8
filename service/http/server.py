"""Serve the HTTP application with Granian on its own thread and event loop.

Granian (Rust: hyper for HTTP/1.1 and HTTP/2) speaks HTTP/1.1 and h2c on one
cleartext port, which gRPC-Web proxies, browsers behind a TLS terminator and
Connect clients use; docs/http.md says why it was chosen. It runs embedded in
each worker process next to the grpcio server, so it shares the worker's
GameCore, metrics and lifetime: the supervisor never sees it.

The socket is bound here, before the thread starts, so a port in use is a
StartupError at start-up and `--workers` can share the port (SO_REUSEPORT).
Embedded Granian binds its own socket; it serves ours through its private
`SocketHolder` (granian is pinned exactly for that, and tests/service/http/
test_http_server.py covers it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from granian._granian import SocketHolder
from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings, HTTP2Settings
from granian.log import LogLevels
from granian.server.embed import Server

from service.admission import Admission
from service.calls import CallReporter
from service.config import Config, port_in_use
from service.core import GameCore
from service.http.app import HttpApp, Readiness
from service.http.compression import ResponseCompression
from service.http.connect import SERVICE, connect_application
from service.http.connections import ConnectionWatch, connection_cap, idle_seconds
from service.http.cors import CorsPolicy
from service.http.openapi import openapi_json
from service.reflection import STREAMS, http_reflection_apps

if TYPE_CHECKING:
    from service.metrics import Metrics
    from service.rpc_metrics import UnaryCallMetrics

__all__ = ["HttpServer", "bind_http", "build_http_app", "create_http_server"]

log = logging.getLogger("marketplay.http")

_STOP_MARGIN = 2.0  # seconds past the grace before stop() stops waiting for the thread
_BACKLOG = 1024
#: Hypercorn's limits, which the port had before (docs/security.md, "Limits"):
MAX_STREAMS = 100  # concurrent streams per HTTP/2 connection
MAX_HEADER_BYTES = 64 << 10  # a request head past it is answered 431
HEAD_SECONDS = 10  # to send a request head (slowloris)
#: Granian's own log ("_granian", also its Rust side): errors only, and into our handlers.
#: Its dictConfig is made incremental, so it neither replaces nor closes the service's.
_GRANIAN_LOG: dict[str, Any] = {"incremental": True, "handlers": {}, "formatters": {},
                                "loggers": {"granian.access": {"level": "CRITICAL"}}}


def bind_http(config: Config) -> socket.socket:
    """A listening socket on config.host:config.http_port; StartupError if it cannot bind."""
    family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if config.workers > 1:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((config.host, config.http_port))
        sock.listen(_BACKLOG)
    except OSError as exc:
        sock.close()
        raise port_in_use("http_port", config.host, config.http_port, exc.strerror or str(exc)) from None
    return sock


def build_http_app(
    config: Config, core: GameCore, executor: Executor, metrics: UnaryCallMetrics | None = None,
    reporter: CallReporter | None = None,
) -> HttpApp:
    """The ASGI application of the HTTP port, running `core`'s calls on `executor`."""
    connect = ResponseCompression(connect_application(core, executor, config.max_request_bytes).serve,
                                  config.http_compress_min_bytes)
    return HttpApp(connect, config.max_request_bytes, CorsPolicy.parse(config.http_cors_origins),
                   Readiness(), openapi_json(), Admission(config.call_limit), reporter, metrics,
                   body_seconds=config.http_body_timeout_ms / 1000,
                   mounted=http_reflection_apps(SERVICE.full_name, config.max_request_bytes),
                   connection_age=config.http_max_connection_age_ms / 1000,
                   connection_requests=config.http_keep_alive_max_requests, streams=STREAMS)


def create_http_server(
    config: Config, core: GameCore, metrics: UnaryCallMetrics | None = None,
    reporter: CallReporter | None = None,
) -> HttpServer:
    """The HTTP server of one worker, bound (not started), serving `core`."""
    sock = bind_http(config)
    executor = ThreadPoolExecutor(config.threads, thread_name_prefix="marketplay-http")
    app = build_http_app(config, core, executor, metrics, reporter)
    return HttpServer(app, sock, executor, config.grace_seconds, config.http_max_connections,
                      idle_seconds(config.http_body_timeout_ms / 1000,
                                   config.bot_max_millis / 1000),
                      metrics.metrics if metrics is not None else None)


class _OnOurSocket(Server):
    """Embedded Granian serving a socket bound by bind_http instead of binding its own."""

    def __init__(self, fd: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fd = fd

    def _init_shared_socket(self) -> None:
        # What Server does on Windows, where workers get a SocketHolder built from a
        # descriptor; on Linux it would have each worker bind the address itself.
        self._ssp = None
        self._shd = SocketHolder(self._fd, False, self.backlog)  # type: ignore[assignment,call-arg]


class HttpServer:
    """One embedded Granian server on a bound socket; start() and stop() from any thread."""

    def __init__(
        self, app: HttpApp, sock: socket.socket, executor: ThreadPoolExecutor, grace: float,
        max_connections: int = Config.http_max_connections, idle: float = idle_seconds(10, 2),
        metrics: Metrics | None = None,
    ) -> None:
        """`max_connections` at once (--http-max-connections, fitted to the descriptor
        limit), each closed once silent both ways for `idle` seconds."""
        self.app = app
        self._grace = grace
        self.readiness = app.readiness
        self.admission = app.admission
        self.port: int = sock.getsockname()[1]
        self.connections = ConnectionWatch(self.port, connection_cap(max_connections), idle,
                                           metrics)
        self._sock: socket.socket | None = sock
        self._executor = executor
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        self._started = threading.Event()
        self._stopping = False
        self._on_failure: Callable[[], None] | None = None
        #: The server ended without being asked to (its thread raised or returned).
        self.failed = False

    def start(self, on_failure: Callable[[], None] | None = None) -> None:
        """Serve on a thread of its own; `on_failure()` runs there if it ever ends unasked."""
        self._on_failure = on_failure
        self._thread = threading.Thread(target=self._run, name="marketplay-http", daemon=True)
        self._thread.start()
        self._started.wait()
        self.connections.start()

    def begin_drain(self) -> None:
        """/readyz says 503 and new calls are refused (UNAVAILABLE, DRAINING); see drain()."""
        self.app.begin_drain()

    def stop(self, grace: float) -> None:
        """Stop accepting, let calls in flight finish within `grace` seconds, then return."""
        self._stopping = True
        self.connections.stop()
        self.app.begin_drain()
        loop, server = self._loop, self._server
        if loop is not None and server is not None:
            server.workers_kill_timeout = grace  # type: ignore[assignment]  # a float waits too
            with contextlib.suppress(RuntimeError):  # the loop already ended
                loop.call_soon_threadsafe(server.stop)
        if self._thread is not None:
            self._thread.join(grace + _STOP_MARGIN)
            if self._thread.is_alive():
                log.warning("HTTP server still busy %.1fs after its grace; leaving it", grace)
        elif self._sock is not None:  # never started
            self._sock.close()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except TimeoutError:
            if not self._stopping:
                log.exception("HTTP server failed")
            # else: calls still running at the end of the grace were cut off
        except Exception:
            log.exception("HTTP server failed")
        finally:
            self._started.set()
        if not self._stopping:
            log.error("HTTP server ended unasked")
            self.failed = True
            self.readiness.ready = False
            if self._on_failure is not None:
                self._on_failure()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        assert self._sock is not None
        fd = self._sock.detach()  # Granian owns the socket from here on
        self._sock = None
        self._server = self._granian(fd)
        self._started.set()
        await self._server.serve()

    def _granian(self, fd: int) -> Server:
        return _OnOurSocket(
            fd, self.app, interface=Interfaces.ASGINL, http=HTTPModes.auto, websockets=False,
            backlog=_BACKLOG,
            # Past `backpressure` connections at once Granian accepts no more (its default,
            # 128, let a few idle clients lock everyone out); the kernel queues the next
            # ones in the backlog. --http-max-connections, under the descriptor limit
            # (service/http/connections.py).
            backpressure=self.connections.cap,
            http1_settings=HTTP1Settings(header_read_timeout=HEAD_SECONDS * 1000,
                                         keep_alive=True, max_buffer_size=MAX_HEADER_BYTES),
            http2_settings=HTTP2Settings(max_concurrent_streams=MAX_STREAMS,
                                         max_headers_size=MAX_HEADER_BYTES),
            log_enabled=True, log_level=LogLevels.error, log_dictconfig=_GRANIAN_LOG,
            log_access=False,
        )
