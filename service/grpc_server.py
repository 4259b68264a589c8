"""The gRPC port: a grpc.aio server on an event loop of its own thread.

Why grpc.aio and not grpcio's thread-pool server: the thread-pool server gives
each call a handler thread as soon as its HEADERS arrive, and the thread then
waits for the request message. With 4 threads per worker, 2 connections x 8
streams that sent HEADERS and nothing else (about 1 KB in all) made 161 of 177
normal calls fail for 45 s (docs/security.md, "Hostile clients"). Under
grpc.aio a call waiting for its request is a parked coroutine: it costs no
thread and, since admission counts a call only once its request has arrived
(service/grpc_service.py), no admission slot either. Each connection may open
at most `--max-streams-per-connection` streams (past that the client gets
REFUSED_STREAM), and connection age (`--max-connection-age-ms`) ends idle
attackers' connections as it rebalances everyone else's.

The loop runs on a thread so the process's main thread stays free for signals,
and so the HTTP server (service/http/server.py, its own loop and thread) and
this one never wait on each other's I/O. `GrpcServer` gives the rest of the
process the synchronous start/stop it had with the thread-pool server.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import grpc
import grpc.aio
from grpc_health.v1 import _async as health_aio
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from service.admission import Admission
from service.calls import CallReporter
from service.config import port_in_use
from service.core import GameCore
from service.grpc_service import SERVICE, add_to_server
from service.reflection import enable_grpc_reflection

__all__ = ["GrpcServer"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class GrpcServer:
    """The gRPC port's server, bound on creation; start() and stop() from any thread."""

    def __init__(
        self,
        address: str,
        options: Sequence[tuple[str, Any]],
        core: GameCore,
        reporter: CallReporter,
        admission: Admission,
        executor: Executor,
        interceptors: Sequence[Any] = (),
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="marketplay-grpc",
                                        daemon=True)
        self._thread.start()
        self._ended = threading.Event()
        self._health = health_aio.HealthServicer()
        try:
            self._server, self.port = self._run(self._build(
                address, options, core, reporter, admission, executor, interceptors))
        except BaseException:
            self._close_loop()
            raise

    async def _build(
        self, address: str, options: Sequence[tuple[str, Any]], core: GameCore,
        reporter: CallReporter, admission: Admission, executor: Executor,
        interceptors: Sequence[Any],
    ) -> tuple[grpc.aio.Server, int]:
        server = grpc.aio.server(interceptors=list(interceptors), options=list(options))
        add_to_server(core, server, reporter, admission, executor)
        health_pb2_grpc.add_HealthServicer_to_server(self._health, server)
        for name in ("", SERVICE.full_name):
            await self._health.set(name, health_pb2.HealthCheckResponse.SERVING)
        enable_grpc_reflection((SERVICE.full_name, health.SERVICE_NAME), server)
        try:
            port = server.add_insecure_port(address)
        except RuntimeError:  # grpcio's way of saying the bind failed
            port = 0
        if port == 0:
            host, _, port_text = address.rpartition(":")
            raise port_in_use("port", host, int(port_text), "in use, or no such address")
        return server, port

    def _run(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """`coroutine` on the server's loop; TimeoutError (and it cancelled) after `timeout`."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise

    @property
    def stopped(self) -> bool:
        """The server has stopped (its loop no longer runs); it cannot start again."""
        return self._ended.is_set() or not self._thread.is_alive()

    def start(self) -> None:
        self._run(self._server.start())

    def enter_graceful_shutdown(self, timeout: float | None = None) -> None:
        """Health says NOT_SERVING for every service, and stays so (no-op once stopped);
        given up after `timeout` seconds, for a loop that no longer answers."""
        if self.stopped:
            return
        try:
            self._run(self._health.enter_graceful_shutdown(), timeout)
        except TimeoutError:
            log.warning("gRPC health not NOT_SERVING after %.1fs; draining on", timeout or 0.0)

    def stop(self, grace: float | None) -> threading.Event:
        """Stop accepting; calls in flight get `grace` seconds. The event is set once stopped."""
        stopped = threading.Event()

        def done(_: Any) -> None:
            self._ended.set()
            stopped.set()
            self._loop.call_soon_threadsafe(self._loop.stop)

        if self.stopped:
            stopped.set()
            return stopped
        future = asyncio.run_coroutine_threadsafe(self._server.stop(grace), self._loop)
        future.add_done_callback(done)
        return stopped

    def _close_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


