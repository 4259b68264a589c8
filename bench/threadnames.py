"""Run a module with each Python thread's OS name set to its Python name.

    python bench/threadnames.py service.main --port ...

Python 3.11 leaves every thread's name in /proc/<pid>/task/<tid>/comm as the
interpreter's, so a server's CPU per thread cannot be told apart from
outside; with this wrapper the event loop ("marketplay-grpc"), the handler
threads ("marketplay_N"), the HTTP loop ("marketplay-http") and its handler
threads ("marketplay-ht_N"), grpc.aio's completion-queue poller ("Thread-N
(_poll...") and grpcio's C threads each show under their own name (15
characters, the kernel's limit). Run by path, not with -m, so an older
checkout (bench/protocols.py --before) can be started through it too.
"""

from __future__ import annotations

import ctypes
import runpy
import sys
import threading
from typing import Any

PR_SET_NAME = 15
_libc = ctypes.CDLL(None, use_errno=True)
_start = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]


def os_name(name: str) -> str:
    """`name` cut to the kernel's 15 characters, keeping a pool worker's `_N` (a
    ThreadPoolExecutor's "marketplay-http_0" becomes "marketplay-ht_0", still
    told apart from the "marketplay-http" loop thread)."""
    prefix, _, number = name.rpartition("_")
    if prefix and number.isdigit():
        return prefix[:14 - len(number)] + "_" + number
    return name[:15]


def _named(self: threading.Thread) -> Any:
    _libc.prctl(PR_SET_NAME, os_name(self.name).encode(), 0, 0, 0)
    return _start(self)


def main() -> None:
    threading.Thread._bootstrap_inner = _named  # type: ignore[attr-defined]
    del sys.path[0]  # this file's directory: the module comes from PYTHONPATH
    sys.argv = sys.argv[1:]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
