"""The /metrics HTTP endpoint: one process's registry, or all workers' files summed.

prometheus-client's multiprocess mode sums the workers' files and drops the
per-process collectors (its docs: custom collectors do not work across
processes), so with --workers above 1 `WorkerProcessCollector` reads each live
worker's /proc/<pid>/stat with the library's own ProcessCollector and exports
the same `process_*` series, labelled by `pid`; `python_info` comes from its
PlatformCollector (every worker runs the supervisor's interpreter).

A threaded server: each scrape gets its own thread, so a client that sends
its request one byte at a time holds only that thread, never the caller's
loop (the worker supervisor once froze in `handle_request()` behind such a
client: no dead worker replaced, no SIGTERM forwarded).
"""

from __future__ import annotations

import contextlib
import functools
import glob
import os
import re
import socket
import threading
from collections.abc import Callable, Iterable
from http.server import ThreadingHTTPServer
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry, Metric, PlatformCollector, ProcessCollector
from prometheus_client.exposition import MetricsHandler
from prometheus_client.multiprocess import MultiProcessCollector

__all__ = ["MetricsServer", "WorkerProcessCollector", "metrics_http_server", "multiprocess_dir",
           "scrape_registry"]

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


#: A worker's metrics file: `<kind>_<pid>.db` (prometheus_client.values).
_FILE_PID = re.compile(r"_(\d+)\.db$")


class WorkerProcessCollector:
    """`process_*` (CPU seconds, resident and virtual memory, open and max fds, start time)
    of each live worker, labelled `pid`: ProcessCollector's series, one set per worker.

    The workers are the pids of the multiprocess directory's files whose process is
    still this process's child (a dead worker's files stay, and its pid may be reused).
    """

    def __init__(self, directory: str, proc: str = "/proc",
                 parent: Callable[[], int] = os.getpid) -> None:
        self._directory = directory
        self._proc = proc
        self._parent = parent

    def worker_pids(self) -> list[int]:
        pids = {int(m.group(1)) for name in os.listdir(self._directory)
                if (m := _FILE_PID.search(name))}
        return sorted(pid for pid in pids if self._parent_of(pid) == self._parent())

    def _parent_of(self, pid: int) -> int | None:
        try:
            with open(os.path.join(self._proc, str(pid), "stat"), "rb") as stat:
                return int(stat.read().rsplit(b")", 1)[1].split()[1])  # field 4: ppid
        except (OSError, IndexError, ValueError):
            return None

    def collect(self) -> Iterable[Metric]:
        families: dict[str, Metric] = {}
        for pid in self.worker_pids():
            reader = ProcessCollector(pid=functools.partial(int, pid), proc=self._proc,
                                      registry=None)
            for family in reader.collect():
                merged = families.setdefault(
                    family.name, Metric(family.name, family.documentation, family.type))
                for sample in family.samples:
                    merged.add_sample(sample.name, {**sample.labels, "pid": str(pid)},
                                      sample.value)
        return list(families.values())


def scrape_registry() -> CollectorRegistry:
    """What /metrics serves: all workers' files summed with each worker's process series,
    or this process's registry (which has its own process_* and python_*)."""
    directory = multiprocess_dir()
    if directory is None:
        return REGISTRY
    registry = CollectorRegistry()
    WorkerFilesCollector(registry)  # type: ignore[no-untyped-call]
    registry.register(WorkerProcessCollector(directory))
    PlatformCollector(registry=registry)
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
