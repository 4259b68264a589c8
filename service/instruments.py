"""What a worker counts with, chosen once at start-up: Prometheus series or nothing.

Its own module so that service/metrics.py (the series) and
service/rpc_metrics.py (the per-call updates, which need the series' type)
import each other in one direction only.
"""

from __future__ import annotations

from service.metrics import PrometheusObserver, default_metrics
from service.observe import GameObserver, NullObserver
from service.rpc_metrics import MetricsInterceptor, UnaryCallMetrics

__all__ = ["http_instruments", "instruments"]


def instruments(enabled: bool) -> tuple[GameObserver, list[MetricsInterceptor]]:
    """The observer and interceptors a server should use (no-ops when metrics are off)."""
    if not enabled:
        return NullObserver(), []
    metrics = default_metrics()
    return PrometheusObserver(metrics), [MetricsInterceptor(metrics)]


def http_instruments(enabled: bool) -> UnaryCallMetrics | None:
    """What the HTTP transport counts its calls with (None when metrics are off)."""
    return UnaryCallMetrics(default_metrics()) if enabled else None
