"""The /metrics HTTP endpoint: one process's registry, or all workers' files summed.

A threaded server: each scrape gets its own thread, so a client that sends
its request one byte at a time holds only that thread, never the caller's
loop (the worker supervisor once froze in `handle_request()` behind such a
client: no dead worker replaced, no SIGTERM forwarded).
"""

from __future__ import annotations

import contextlib
import glob
import os
import socket
import threading
from collections.abc import Iterable
from http.server import ThreadingHTTPServer
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry, Metric
from prometheus_client.exposition import MetricsHandler
from prometheus_client.multiprocess import MultiProcessCollector

__all__ = ["MetricsServer", "metrics_http_server", "multiprocess_dir", "scrape_registry"]

#: Seconds a scrape may stay silent before its connection is dropped.
SCRAPE_IDLE_TIMEOUT = 5.0


def multiprocess_dir() -> str | None:
    """The prometheus-client multiprocess directory, if multiprocess mode is on."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


class WorkerFilesCollector(MultiProcessCollector):
    """prometheus-client's multiprocess collector, minus the files still empty.

    A worker creates each metrics file before sizing it, and the stock collector
    fails the whole scrape on a file caught at 0 bytes (prometheus/client_python
    issue 1199): every scrape while a worker starts, and every scrape for good
    once a worker is killed in that instant. An empty file holds no sample, so
    leaving it out loses nothing; a file gone between listing and reading is
    left out the same way.
    """

    def collect(self) -> Iterable[Metric]:
        files = []
        for path in glob.glob(os.path.join(self._path, "*.db")):
            with contextlib.suppress(FileNotFoundError):
                if os.path.getsize(path) > 0:
                    files.append(path)
        return self.merge(files, accumulate=True)  # type: ignore[no-untyped-call,no-any-return]


def scrape_registry() -> CollectorRegistry:
    """What /metrics serves: all workers' files summed, or this process's registry."""
    if multiprocess_dir() is None:
        return REGISTRY
    registry = CollectorRegistry()
    WorkerFilesCollector(registry)  # type: ignore[no-untyped-call]
    return registry


def metrics_handler(registry: CollectorRegistry) -> type[MetricsHandler]:
    """An HTTP handler for /metrics that gives up on a silent client after a few seconds."""
    base: type[MetricsHandler] = MetricsHandler.factory(registry)

    class Handler(base):  # type: ignore[valid-type,misc]
        timeout = SCRAPE_IDLE_TIMEOUT

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line per scrape would drown the service's own logs

    return Handler


class MetricsServer(ThreadingHTTPServer):
    """A thread per scrape; `serve_in_background()` runs the accept loop on its own thread.

    It remembers its open connections so that a process forked from this one
    (a worker) can close every socket it inherited (`close_inherited()`): a
    copy held open in a worker would keep a client's connection alive after
    the supervisor is done with it.
    """

    daemon_threads = True

    def __init__(self, address: tuple[str, int], registry: CollectorRegistry) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(address, metrics_handler(registry))

    def serve_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=self.serve_forever, name="metrics", daemon=True)
        thread.start()
        return thread

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def close_inherited(self) -> None:
        """In a forked child: close the listening socket and every connection copied with it.

        No lock: the child has only the forking thread, and a lock held by
        another of the parent's threads at fork time would never be released.
        """
        self.socket.close()
        for connection in list(self._open):
            connection.close()


def metrics_http_server(host: str, port: int) -> MetricsServer:
    """Bind (but do not run) the /metrics HTTP server."""
    return MetricsServer((host, port), scrape_registry())
