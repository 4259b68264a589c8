"""Entry point: `python -m service.main [flags]` (see docs/configuration.md)."""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from importlib.metadata import version
from types import FrameType

from service.calls import CallReporter
from service.config import Config, StartupError, load_config
from service.logs import configure_logging
from service.sealing import Sealer
from service.server import create_server, load_keys
from service.workers import prepare_metrics, run

log = logging.getLogger("marketplay")
#: Young-generation threshold and the two older ones (CPython's are 700, 10, 10).
#: Every call leaves its new decoded state in the state cache, so the young
#: generation's survivors are real data and older collections keep walking the
#: whole cache to find no garbage (refcounting frees evicted states). Measured
#: (bench/stages.py, Spice Merchant, 16 callers): handler CPU 207 -> 165 us/call.
GC_THRESHOLDS = (50_000, 20, 100)
#: How long the main thread sleeps at most between looks for a pending signal handler.
SIGNAL_POLL_SECONDS = 0.25


def tune_gc() -> None:
    """Freeze what start-up made (modules, engines, tables: never garbage) out of every
    later collection, and collect less often (GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def serve(config: Config, sealer: Sealer, announce: bool = True) -> int:
    """Serve until SIGTERM/SIGINT, then drain gracefully (one worker process).

    `sealer` is made once by the parent before any worker forks, so every
    worker (and every replacement) seals and opens with the same keys, the
    ephemeral one included.
    """
    # only after prepare_metrics (multiprocess mode)
    from service.instruments import http_instruments, instruments
    from service.tracing import span_recorder

    observer, interceptors = instruments(config.metrics_port != 0)
    spans = span_recorder(config)  # here, in the worker: its exporter thread does not fork
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("signal %d: draining for up to %.1fs", signum, config.grace_seconds)
        stop.set()

    # Handlers first: a SIGTERM that arrives as soon as the port answers must drain.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    running = create_server(config, observer, interceptors, sealer,
                            http_instruments(config.metrics_port != 0), CallReporter(spans))
    tune_gc()
    # A process that lost its HTTP server drains and exits non-zero, so the supervisor (or
    # Kubernetes) restarts it instead of leaving half a server behind.
    running.start(on_http_failure=stop.set)
    if announce:
        log.info("%s", urls(config, running.port, running.http.port if running.http else 0))
    else:
        log.info("worker %d serving", os.getpid())
    wait_until_set(stop)
    running.drain(config.grace_seconds)
    # Drained: a repeated SIGTERM (a supervisor's, a test's) must not kill the exit itself,
    # which it would once interpreter shutdown restores the default handler.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if spans is not None:
        spans.shutdown()  # export what the last calls left queued
    if running.http is not None and running.http.failed:
        log.error("marketplay stopped: its HTTP server failed")
        return 1
    log.info("marketplay stopped")
    return 0


def wait_until_set(stop: threading.Event) -> None:
    """Wait for `stop` in short sleeps, not one untimed wait.

    The kernel may deliver SIGTERM to any thread, gRPC's own included. Python then only
    flags the handler for the main thread, which runs it when it next executes bytecode:
    blocked in an untimed wait, it never would, and the process would ignore the signal.
    """
    while not stop.wait(SIGNAL_POLL_SECONDS):
        pass


def urls(config: Config, grpc_port: int, http_port: int) -> str:
    """The start-up lines a person reads: every address they can open or point a client at."""
    host = f"[{config.host}]" if ":" in config.host else config.host
    lines = [f"marketplay {version('marketplay')} serving"
             f" ({config.worker_count} worker{'s' if config.worker_count != 1 else ''}):",
             f"  gRPC        {host}:{grpc_port}"]
    if http_port:
        base = f"http://{host}:{http_port}"
        lines += [f"  playground  {base}/",
                  f"  HTTP API    {base}/marketplay.v1.GameService/<Method> (Connect, gRPC-Web)",
                  f"  OpenAPI     {base}/openapi.json",
                  f"  catalogs    {base}/catalogs/<locale>.ftl",
                  f"  health      {base}/healthz  {base}/readyz"]
    if config.metrics_port:
        lines.append(f"  metrics     http://{host}:{config.metrics_port}/metrics")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    config = load_config(argv)
    configure_logging(config.log_level, config.log_format)
    try:
        sealer = load_keys(config)
        prepare_metrics(config)
        return run(config, sealer, serve)
    except StartupError as exc:
        print(f"marketplay: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
