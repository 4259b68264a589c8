"""Entry point: `python -m service.main [flags]` (see docs/configuration.md)."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from collections.abc import Sequence
from types import FrameType

from service.config import Config, load_config
from service.server import create_server
from service.workers import prepare_metrics, run

log = logging.getLogger("marketplay")


def serve(config: Config) -> int:
    """Serve until SIGTERM/SIGINT, then drain gracefully (one worker process)."""
    from service.metrics import instruments  # only after prepare_metrics (multiprocess mode)

    observer, interceptors = instruments(config.metrics_port != 0)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("signal %d: draining for up to %.1fs", signum, config.grace_seconds)
        stop.set()

    # Handlers first: a SIGTERM that arrives as soon as the port answers must drain.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    running = create_server(config, observer, interceptors)
    running.server.start()
    log.info("marketplay serving gRPC on %s:%d", config.host, running.port)
    stop.wait()
    running.drain(config.grace_seconds)
    log.info("marketplay stopped")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    config = load_config(argv)
    logging.basicConfig(
        level=config.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s %(process)d: %(message)s",
    )
    prepare_metrics(config)
    return run(config, serve)


if __name__ == "__main__":
    sys.exit(main())
