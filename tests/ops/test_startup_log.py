"""The start-up log names, once, every URL a person can open (docs/configuration.md).

It used to print Hypercorn's "Running on" twice per worker and never the
playground's address.
"""

from __future__ import annotations

import time
from pathlib import Path

from tests.ops.procs import Service


def test_two_workers_print_the_urls_once(tmp_path: Path) -> None:
    service = Service(tmp_path, "--workers", "2")
    try:
        service.wait_ready(workers=2)
        deadline = time.monotonic() + 30
        while "playground" not in service.log() and time.monotonic() < deadline:
            time.sleep(0.1)
        log = service.log()
    finally:
        service.kill()
    assert log.count(f"playground  http://127.0.0.1:{service.http_port}/") == 1, log
    assert log.count(f"gRPC        127.0.0.1:{service.port}") == 1, log
    assert log.count(f"http://127.0.0.1:{service.metrics_port}/metrics") == 1, log
    base = f"http://127.0.0.1:{service.http_port}"
    assert log.count(f"health      {base}/healthz  {base}/readyz") == 1, log
    assert "Running on" not in log
