"""/metrics over the workers' files while a worker is starting or was killed mid-start."""

from __future__ import annotations

from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry, Counter, generate_latest
from prometheus_client.values import MultiProcessValue

from service.metrics_server import WorkerFilesCollector


def test_an_empty_worker_file_does_not_fail_the_scrape(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file caught at 0 bytes (created, not yet sized) is left out; the others are served.
    The stock collector raises struct.error on it (prometheus/client_python issue 1199)."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    worker = CollectorRegistry()
    monkeypatch.setattr("prometheus_client.values.ValueClass", MultiProcessValue(lambda: 101))
    calls = Counter("calls", "calls served", registry=worker)
    calls.inc(3)
    (tmp_path / "counter_102.db").touch()  # a worker killed between creating and sizing its file

    scraped = CollectorRegistry()
    WorkerFilesCollector(scraped)  # type: ignore[no-untyped-call]
    assert b"calls_total 3.0" in generate_latest(scraped)
