"""One test server's start-up and stop: a real server of this process on loopback ports.

Every test that needs a running server (gRPC, and the HTTP port when asked) starts it
here, so the Config-to-addresses block is written once: `serving(config)` for a `with`
block or a fixture, `start_server(config)` for a test class that stops it in `close()`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from service.config import Config
from service.sealing import Sealer
from service.server import RunningServer, create_server
from tests.loopback import free_port


@dataclass
class Serving:
    """A started server: its RunningServer, the config it runs under and its addresses."""

    running: RunningServer
    config: Config
    address: str  # gRPC, host:port
    base: str  # the HTTP port's base URL ("" when it serves no HTTP port)

    @property
    def grpc_url(self) -> str:
        """The gRPC port as a URL, for clients that take one (buf curl, connect-go)."""
        return f"http://{self.address}"

    def stop(self, grace: float = 0.5) -> None:
        """Drain both ports within `grace` seconds (safe to call again, or after a drain)."""
        self.running.drain(grace)


def start_server(
    config: Config, *, http: bool = False,
    on_http_failure: Callable[[], None] | None = None, **hooks: Any,
) -> Serving:
    """A server for `config`, started; `http` adds the HTTP port on a free loopback port
    when the config names none. `hooks` go to create_server (observer, interceptors,
    http_metrics, reporter, sealer: by default the config's state keys);
    `on_http_failure` is RunningServer.start's."""
    if http and not config.http_port:
        config = replace(config, http_port=free_port())
    hooks.setdefault("sealer", Sealer.from_config(config.state_keys))
    running = create_server(config, **hooks)
    running.start(on_http_failure)
    base = f"http://127.0.0.1:{running.http.port}" if running.http is not None else ""
    return Serving(running, config, f"127.0.0.1:{running.port}", base)


@contextmanager
def serving(config: Config, *, http: bool = False,
            on_http_failure: Callable[[], None] | None = None, grace: float = 0.5,
            **hooks: Any) -> Iterator[Serving]:
    """start_server() for the length of a `with` block, drained within `grace` at its end."""
    served = start_server(config, http=http, on_http_failure=on_http_failure,
                          **hooks)
    try:
        yield served
    finally:
        served.stop(grace)


class Metered:
    """A server of this process with its HTTP port, counting into a registry of its own."""

    def __init__(self, config: Config, **hooks: Any) -> None:
        from prometheus_client import CollectorRegistry

        from service.metrics import Metrics
        from service.rpc_metrics import UnaryCallMetrics

        self.registry = CollectorRegistry()
        self.serving = start_server(
            config, http=True, http_metrics=UnaryCallMetrics(Metrics(self.registry)), **hooks)
        assert self.serving.running.http is not None
        self.base = self.serving.base
        self.port = self.serving.running.http.port

    def sample(self, name: str, labels: dict[str, str], expected: float = 0.0) -> float:
        """The sample's value, waited for (boundedly) until it reaches `expected`: a call is
        counted once its response is written, a moment after the client may have read it."""
        deadline = time.monotonic() + 10
        while True:
            value = self.registry.get_sample_value(name, labels) or 0.0
            if value >= expected or time.monotonic() > deadline:
                return value
            time.sleep(0.02)

    def handled(self, code: str, expected: float = 0.0, method: str = "ListGames") -> float:
        """How many calls to a GameService `method` ended with `code` (Go's spelling)."""
        return self.sample("grpc_server_handled_total", {
            "grpc_type": "unary", "grpc_service": "marketplay.v1.GameService",
            "grpc_method": method, "grpc_code": code}, expected)

    def stop(self) -> None:
        self.serving.stop()
