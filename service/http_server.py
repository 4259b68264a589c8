"""Serve the HTTP application with Hypercorn on its own thread and event loop.

Hypercorn speaks HTTP/1.1 and HTTP/2 on one cleartext port (h2c by prior
knowledge or by Upgrade), which gRPC-Web proxies, browsers behind a TLS
terminator and Connect clients use; docs/http.md says why it was chosen.
It runs inside each worker process next to the grpcio server, so it shares
the worker's GameCore, metrics and lifetime: the supervisor never sees it.

The socket is bound here, before the thread starts, so a port in use is a
StartupError at start-up and `--workers` can share the port (SO_REUSEPORT).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, cast

from hypercorn.asyncio import serve
from hypercorn.config import Config as HypercornConfig

from service import h2_guard
from service.admission import Admission
from service.calls import CallReporter
from service.compression import ResponseCompression
from service.config import Config, StartupError
from service.core import GameCore
from service.cors import CorsPolicy
from service.http_app import HttpApp, Readiness
from service.http_service import SERVICE, connect_application
from service.openapi import openapi_json
from service.reflection import http_reflection_apps

if TYPE_CHECKING:
    from hypercorn.typing import Framework

    from service.rpc_metrics import UnaryCallMetrics

__all__ = ["HttpServer", "bind_http", "build_http_app", "create_http_server"]

log = logging.getLogger("marketplay.http")
#: Hypercorn's own log: its warnings and errors, not its INFO lines.
_quiet = logging.getLogger("marketplay.http.server")
_quiet.setLevel(logging.WARNING)

_STOP_MARGIN = 2.0  # seconds past the grace before stop() stops waiting for the thread


def bind_http(config: Config) -> socket.socket:
    """A listening socket on config.host:config.http_port; StartupError if it cannot bind."""
    family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if config.workers > 1:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((config.host, config.http_port))
        sock.listen(1024)
    except OSError as exc:
        sock.close()
        raise StartupError(
            f"--http-port: cannot bind {config.host}:{config.http_port}: {exc.strerror}"
        ) from None
    return sock


def build_http_app(
    config: Config, core: GameCore, executor: Executor, metrics: UnaryCallMetrics | None = None,
    reporter: CallReporter | None = None,
) -> HttpApp:
    """The ASGI application of the HTTP port, running `core`'s calls on `executor`."""
    connect = ResponseCompression(connect_application(core, executor, config.max_request_bytes),
                                  config.http_compress_min_bytes)
    return HttpApp(connect, config.max_request_bytes, CorsPolicy.parse(config.http_cors_origins),
                   Readiness(), openapi_json(), Admission(config.call_limit), reporter, metrics,
                   body_seconds=config.http_body_timeout_ms / 1000,
                   mounted=http_reflection_apps(SERVICE.full_name, config.max_request_bytes),
                   connection_age=config.http_max_connection_age_ms / 1000)


def create_http_server(
    config: Config, core: GameCore, metrics: UnaryCallMetrics | None = None,
    reporter: CallReporter | None = None,
) -> HttpServer:
    """The HTTP server of one worker, bound (not started), serving `core`."""
    sock = bind_http(config)
    executor = ThreadPoolExecutor(config.threads, thread_name_prefix="marketplay-http")
    app = build_http_app(config, core, executor, metrics, reporter)
    return HttpServer(app, sock, executor, config.grace_seconds,
                      config.http_keep_alive_max_requests)


class HttpServer:
    """One Hypercorn server on a bound socket; start() and stop() from any thread."""

    def __init__(
        self, app: HttpApp, sock: socket.socket, executor: ThreadPoolExecutor, grace: float,
        max_requests: int = 1_000,
    ) -> None:
        self.app = app
        self._max_requests = max_requests
        self._grace = grace
        self.readiness = app.readiness
        self.admission = app.admission
        self.port: int = sock.getsockname()[1]
        self._sock: socket.socket | None = sock
        self._executor = executor
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
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

    def begin_drain(self) -> None:
        """/readyz says 503 and new calls are refused (UNAVAILABLE, DRAINING); see drain()."""
        self.app.begin_drain()

    def stop(self, grace: float) -> None:
        """Stop accepting, let calls in flight finish within `grace` seconds, then return."""
        self._stopping = True
        self.app.begin_drain()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                loop.call_soon_threadsafe(stop.set)
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
        h2_guard.install()
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._started.set()
        assert self._sock is not None
        fd = self._sock.detach()  # Hypercorn owns the socket from here on
        self._sock = None
        app = cast("Framework", self.app)  # our loose ASGI types vs Hypercorn's TypedDicts
        await serve(app, self._hypercorn_config(fd), shutdown_trigger=self._stop.wait, mode="asgi")

    def _hypercorn_config(self, fd: int) -> HypercornConfig:
        cfg = HypercornConfig()
        cfg.bind = [f"fd://{fd}"]
        cfg.graceful_timeout = self._grace
        cfg.accesslog = None
        cfg.errorlog = _quiet  # its "Running on ..." line, per worker, would repeat ours
        cfg.include_server_header = False
        # No connection-age limit exists in Hypercorn; recycling a connection after this many
        # requests (GOAWAY, or Connection: close) lets long-lived clients rebalance.
        cfg.keep_alive_max_requests = self._max_requests
        return cfg
