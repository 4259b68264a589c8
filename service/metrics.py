"""Prometheus metrics: what the service counts, registered in one place.

`Metrics` declares every series: the go-grpc-prometheus server series
(updated per call by service/rpc_metrics.py, for both transports) and the
game series (updated by `PrometheusObserver`, the core's GameObserver).
Everything is written through prometheus-client, so with several worker
processes (`PROMETHEUS_MULTIPROC_DIR`, set up by `service.workers` before
this module is imported) the scrape adds them up; service/metrics_server.py
serves the scrape.
"""

from __future__ import annotations

import platform
import threading
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)

__all__ = [
    "Metrics",
    "PrometheusObserver",
    "build_info_labels",
    "default_metrics",
]

# go-grpc-prometheus has no `_created` series; keep the exposition identical.
disable_created_metrics()  # type: ignore[no-untyped-call]

_GRPC_LABELS = ("grpc_type", "grpc_service", "grpc_method")
# Finer than Prometheus' DefBuckets at the low end: our calls take ~1 ms.
_LATENCY_BUCKETS = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)
_SIZE_BUCKETS = tuple(float(256 << (2 * i)) for i in range(7))  # 256 B .. 1 MiB
#: The policies and levels that can be refused BOTS_BUSY (random never is:
#: service/bots.py); a level's calls are labelled with its name.
BUSY_POLICIES = ("greedy", "ismcts", "easy", "medium", "hard")


@dataclass
class Metrics:
    """Every metric the service exports, registered in one registry.

    A class rather than module globals so tests can use a private registry.
    """

    registry: CollectorRegistry = field(default=REGISTRY)

    def __post_init__(self) -> None:
        registry = self.registry
        self.started = Counter(
            "grpc_server_started_total", "Total number of RPCs started on the server.",
            _GRPC_LABELS, registry=registry,
        )
        self.handled = Counter(
            "grpc_server_handled_total",
            "Total number of RPCs completed on the server, regardless of success or failure.",
            (*_GRPC_LABELS, "grpc_code"), registry=registry,
        )
        self.msg_received = Counter(
            "grpc_server_msg_received_total",
            "Total number of RPC stream messages received on the server.",
            _GRPC_LABELS, registry=registry,
        )
        self.msg_sent = Counter(
            "grpc_server_msg_sent_total",
            "Total number of gRPC stream messages sent by the server.",
            _GRPC_LABELS, registry=registry,
        )
        self.handling_seconds = Histogram(
            "grpc_server_handling_seconds",
            "Histogram of response latency (seconds) of gRPC that had been application-level "
            "handled by the server.",
            _GRPC_LABELS, buckets=_LATENCY_BUCKETS, registry=registry,
        )
        # rules_version: what operators watch before retiring a version
        # (docs/rules/versions.md): a version whose actions stopped has no game in play.
        self.games_started = Counter(
            "marketplay_games_started_total", "Games created by NewGame.",
            ("game", "rules_version", "variant"), registry=registry,
        )
        self.games_finished = Counter(
            "marketplay_games_finished_total", "Games that reached their end by an action.",
            ("game", "rules_version", "variant"), registry=registry,
        )
        self.actions_applied = Counter(
            "marketplay_actions_applied_total",
            "Actions applied to a game state, by the rules version the game is played under.",
            ("game", "rules_version"), registry=registry,
        )
        self.actions_refused = Counter(
            "marketplay_actions_refused_total",
            "Actions refused, by machine-readable reason (e.g. ILLEGAL_ACTION, STALE_STEP).",
            ("game", "reason"), registry=registry,
        )
        self.sealed_state_bytes = Histogram(
            "marketplay_sealed_state_bytes", "Size of each sealed state returned to callers.",
            ("game",), buckets=_SIZE_BUCKETS, registry=registry,
        )
        self.engine_seconds = Histogram(
            "marketplay_engine_seconds",
            "Time in the rules engine's step per call (setting up a game, applying its "
            "actions); opening, sealing and views are not in it.",
            ("game", "rpc"), buckets=_LATENCY_BUCKETS, registry=registry,
        )
        self.state_cache_hits = Counter(
            "marketplay_state_cache_hits_total", "Sealed states found already decoded in cache.",
            registry=registry,
        )
        self.state_cache_misses = Counter(
            "marketplay_state_cache_misses_total", "Sealed states that had to be opened.",
            registry=registry,
        )
        # SuggestAction's bots (service/bots.py reports them, once per call).
        self.bot_searches = Counter(
            "marketplay_bot_searches_total",
            "SuggestAction answers, by game and bot policy or level (random included).",
            ("game", "policy"), registry=registry,
        )
        self.bot_iterations = Counter(
            "marketplay_bot_iterations_total",
            "Search iterations (IS-MCTS playouts, greedy determinizations) the bots ran.",
            ("game", "policy"), registry=registry,
        )
        self.bot_search_seconds = Histogram(
            "marketplay_bot_search_seconds",
            "Time each bot search took (bounded by --bot-max-millis and the call's deadline).",
            ("game", "policy"), buckets=_LATENCY_BUCKETS, registry=registry,
        )
        self.bots_busy = Counter(
            "marketplay_bots_busy_total",
            "SuggestAction calls refused with BOTS_BUSY: --bot-max-concurrent searches were "
            "already running in the worker.",
            ("game", "policy"), registry=registry,
        )
        # Known label values start at 0, so a first refusal shows in rate() and alerts.
        from engines import registry as engines  # late: keeps `service.metrics` import light

        for game_id in sorted(engines.ENGINES):
            for policy in BUSY_POLICIES:
                self.bots_busy.labels(game_id, policy)
        # The HTTP port's connections (service/http/connections.py), each worker's own,
        # summed over the live ones.
        self.http_connections = Gauge(
            "marketplay_http_connections",
            "Connections the HTTP port holds open (per worker, summed).",
            registry=registry, multiprocess_mode="livesum",
        )
        self.http_connections_limit = Gauge(
            "marketplay_http_connections_limit",
            "Connections the HTTP port may hold at once (--http-max-connections, per worker, "
            "summed); past it new ones wait in the listen backlog.",
            registry=registry, multiprocess_mode="livesum",
        )
        self.http_connections_waiting = Gauge(
            "marketplay_http_connections_waiting",
            "Connections the kernel has accepted that wait for the HTTP port to take them "
            "(the limit is reached).",
            registry=registry, multiprocess_mode="livesum",
        )
        self.http_connections_idle_closed = Counter(
            "marketplay_http_connections_idle_closed_total",
            "HTTP port connections closed for carrying nothing either way too long.",
            registry=registry,
        )
        # "max": every worker reports the same 1, so merge without a pid label.
        self.build_info = Gauge(
            "marketplay_build_info",
            "Always 1; labels carry the service version and the rules versions each game plays.",
            ("version", "python_version", "rules_versions"), registry=registry,
            multiprocess_mode="max",
        )


def build_info_labels() -> dict[str, str]:
    """Labels for marketplay_build_info; rules versions show mixed fleets in a rollout.

    `rules_versions`: `game=newest|older|...` per game, games joined by commas.
    """
    from engines import registry  # late: keeps `service.metrics` import light

    try:
        version = metadata.version("marketplay")
    except metadata.PackageNotFoundError:
        version = "unknown"
    rules = ",".join(
        f"{game_id}={'|'.join(registry.rules_versions(game_id))}"
        for game_id in sorted(registry.VERSIONS)
    )
    return {
        "version": version,
        "python_version": platform.python_version(),
        "rules_versions": rules,
    }


class LabelledChildren:
    """A metric's children by label values, each resolved once.

    `.labels()` costs a lock and several dict lookups; a plain dict hit costs
    tens of nanoseconds, and the game hooks run on every call.
    """

    __slots__ = ("_by_values", "_metric")

    def __init__(self, metric: Any) -> None:
        self._metric = metric
        self._by_values: dict[tuple[str, ...], Any] = {}

    def __call__(self, *values: str) -> Any:
        child = self._by_values.get(values)
        if child is None:
            child = self._by_values[values] = self._metric.labels(*values)
        return child


class PrometheusObserver:
    """`service.observe.GameObserver` that counts into `Metrics`."""

    def __init__(self, metrics: Metrics) -> None:
        self._games_started = LabelledChildren(metrics.games_started)
        self._games_finished = LabelledChildren(metrics.games_finished)
        self._actions_applied = LabelledChildren(metrics.actions_applied)
        self._actions_refused = LabelledChildren(metrics.actions_refused)
        self._sealed_bytes = LabelledChildren(metrics.sealed_state_bytes)
        self._engine_seconds = LabelledChildren(metrics.engine_seconds)
        self._cache_hit = metrics.state_cache_hits.inc
        self._cache_miss = metrics.state_cache_misses.inc
        self._bot_searches = LabelledChildren(metrics.bot_searches)
        self._bot_iterations = LabelledChildren(metrics.bot_iterations)
        self._bot_seconds = LabelledChildren(metrics.bot_search_seconds)
        self._bots_busy = LabelledChildren(metrics.bots_busy)

    def game_started(self, game_id: str, rules_version: str, variant: str) -> None:
        self._games_started(game_id, rules_version, variant).inc()

    def game_finished(self, game_id: str, rules_version: str, variant: str) -> None:
        self._games_finished(game_id, rules_version, variant).inc()

    def action_applied(self, game_id: str, rules_version: str) -> None:
        self._actions_applied(game_id, rules_version).inc()

    def action_refused(self, game_id: str, reason: str) -> None:
        self._actions_refused(game_id, reason).inc()

    def state_sealed(self, game_id: str, size_bytes: int) -> None:
        self._sealed_bytes(game_id).observe(size_bytes)

    def engine_time(self, game_id: str, rpc: str, seconds: float) -> None:
        self._engine_seconds(game_id, rpc).observe(seconds)

    def state_cache(self, hit: bool) -> None:
        if hit:
            self._cache_hit()
        else:
            self._cache_miss()

    def bot_searched(self, game_id: str, policy: str, iterations: int, seconds: float) -> None:
        self._bot_searches(game_id, policy).inc()
        self._bot_iterations(game_id, policy).inc(iterations)
        self._bot_seconds(game_id, policy).observe(seconds)

    def bot_busy(self, game_id: str, policy: str) -> None:
        self._bots_busy(game_id, policy).inc()


_default: Metrics | None = None
_default_lock = threading.Lock()


def default_metrics() -> Metrics:
    """The process-wide Metrics in the default registry, created on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Metrics()
            _default.build_info.labels(**build_info_labels()).set(1)
        return _default
