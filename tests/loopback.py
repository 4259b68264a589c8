"""Free ports on 127.0.0.1 for tests that start real servers (loopback only)."""

from __future__ import annotations

import socket
import threading

_issued: set[int] = set()
_lock = threading.Lock()


def free_port() -> int:
    """A port nothing listens on, and one this process has not handed out before.

    The kernel may give the same ephemeral port to two binds in a row once the
    first socket is closed, so a caller taking three ports for one server (gRPC,
    HTTP, metrics) could get one twice and fail with "address in use"; each port
    is therefore handed out once per process.
    """
    with _lock:
        while True:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = int(s.getsockname()[1])
            if port not in _issued:
                _issued.add(port)
                return port
