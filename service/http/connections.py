"""The HTTP port's connections: how many a worker holds, and how long one may sit silent.

Granian takes a permit for each connection it accepts and holds it until the
connection closes; with none left it accepts nothing, and the kernel queues
new connections in the listen backlog until one closes. The permits are the
cap, `--http-max-connections`, and `connection_cap` keeps it under the
descriptor limit with room to spare (issue 42: the permits were the limit
itself, so 520 held connections took every descriptor of a 512-descriptor
worker, and its gRPC port and /metrics stopped answering with them).

Embedded Granian exports no metrics, so `ConnectionWatch` asks the kernel
every few seconds: this worker's sockets on the port (its descriptors matched
to /proc/net/tcp), for the gauges; and it shuts down (shutdown(2): Granian
then closes it as if the client had) a connection that has carried no byte
either way for `idle_seconds`, which bounds in time what nothing else does:
an idle HTTP/2 connection, a client that stopped reading its answer.
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import socket
import struct
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.metrics import Metrics

__all__ = ["RESERVE", "ConnectionWatch", "Sample", "connection_cap", "idle_seconds"]

log = logging.getLogger("marketplay.http")

#: Descriptors kept for everything else a worker opens: the gRPC port's connections,
#: /metrics, logs, the multiprocess metrics files.
RESERVE = 256
#: Seconds between two looks at the kernel.
SAMPLE_SECONDS = 2.0
_LISTEN = "0A"  # /proc/net/tcp's state of a listening socket
# struct tcp_info (linux/tcp.h): eight u8s, then u32s; these two are milliseconds ago.
_LAST_DATA_SENT, _LAST_DATA_RECV = 44, 52
_TCP_INFO_BYTES = 104


def connection_cap(wanted: int) -> int:
    """The connections one worker may hold at once: `wanted` (--http-max-connections),
    raising the soft descriptor limit toward the hard one to fit it and RESERVE; if the
    hard limit cannot, as many as fit (at least half the limit), with a warning."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + RESERVE
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return wanted
    cap = max(soft - RESERVE, soft // 2)
    log.warning("--http-max-connections %d does not fit the descriptor limit (%d, hard %d) "
                "with %d to spare: at most %d HTTP connections per worker", wanted, soft, hard,
                RESERVE, cap)
    return cap


def idle_seconds(body_seconds: float, bot_seconds: float) -> float:
    """How long a connection may carry nothing either way: 10 s past the longest silence a
    call may keep (its body's deadline, a bot's search), and at least 30 s."""
    return 10.0 + max(20.0, body_seconds, bot_seconds)


@dataclass(frozen=True)
class Sample:
    """One look at the port: connections held, connections the kernel keeps waiting for
    a permit (the listen socket's accept queue), and silent ones shut down."""

    open: int
    waiting: int
    closed_idle: int


class ConnectionWatch:
    """Counts the port's connections of this process, and ends the silent ones."""

    def __init__(self, port: int, cap: int, idle: float, metrics: Metrics | None = None,
                 interval: float = SAMPLE_SECONDS) -> None:
        self.port = port
        self.cap = cap
        self.idle = idle
        self._metrics = metrics
        self._interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if metrics is not None:
            metrics.http_connections_limit.set(cap)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="marketplay-conns", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self.sample()
            except OSError:  # /proc unreadable here: no count, nothing closed
                log.warning("cannot read this process's connections from /proc", exc_info=True)
                return

    def sample(self) -> Sample:
        """Look once: update the gauges, shut down the connections silent too long."""
        connections, waiting = _port_sockets(self.port)
        closed = sum(_shut_if_idle(fd, inode, self.idle * 1000) for inode, fd in connections)
        sample = Sample(len(connections) - closed, waiting, closed)
        if self._metrics is not None:
            self._metrics.http_connections.set(sample.open)
            self._metrics.http_connections_waiting.set(sample.waiting)
            self._metrics.http_connections_idle_closed.inc(closed)
        return sample


def _port_sockets(port: int) -> tuple[list[tuple[int, int]], int]:
    """(inode, descriptor) of each of this process's TCP connections on local `port`, and
    how many the kernel holds in the accept queue of its listening socket there."""
    ours: dict[int, int] = {}
    for name in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # closed since it was listed
            target = os.readlink(f"/proc/self/fd/{name}")
            if target.startswith("socket:["):
                ours[int(target[8:-1])] = int(name)
    connections: list[tuple[int, int]] = []
    waiting = 0
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:  # no IPv6 here
            next(lines)
            for line in lines:
                fields = line.split()
                inode = int(fields[9])
                if inode not in ours or int(fields[1].rsplit(":", 1)[1], 16) != port:
                    continue
                if fields[3] == _LISTEN:
                    waiting += int(fields[4].split(":")[1], 16)  # rx_queue: the accept queue
                else:
                    connections.append((inode, ours[inode]))
    return connections, waiting


def _shut_if_idle(fd: int, inode: int, idle_ms: float) -> bool:
    """Shut down the connection behind descriptor `fd` if nothing went either way for
    `idle_ms`. It is looked at through a duplicate, and only if that is still socket
    `inode` (the descriptor may have been closed and reused since it was listed). The
    duplicate shares the socket's flags: nothing here changes them (no default socket
    timeout is ever set in the service, so wrapping it leaves it non-blocking)."""
    try:
        dup = os.dup(fd)
    except OSError:
        return False
    sock: socket.socket | None = None
    try:
        if os.fstat(dup).st_ino != inode:
            return False
        sock = socket.socket(fileno=dup)
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO_BYTES)
        sent, received = (struct.unpack_from("I", info, at)[0]
                          for at in (_LAST_DATA_SENT, _LAST_DATA_RECV))
        if min(sent, received) < idle_ms:
            return False
        sock.shutdown(socket.SHUT_RDWR)
        return True
    except OSError:
        return False
    finally:
        if sock is not None:
            sock.close()  # the duplicate only
        else:
            os.close(dup)
