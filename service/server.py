"""Build the ready-to-start servers of one worker from a Config (tests use port 0).

One GameCore, two transports: the grpcio server on --port and, unless
--http-port is 0, the HTTP server (Connect, gRPC-Web, health, OpenAPI) on
--http-port. Both are started, drained and stopped together, each admitting
at most --max-concurrent-rpcs calls at once (service/admission.py), and both
report how each call ended through one CallReporter (service/calls.py).
"""

from __future__ import annotations

import logging
import pathlib
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from service.admission import Admission
from service.bots import Bots, BotSettings
from service.calls import CallReporter
from service.config import Config, StartupError
from service.contract import SERVICE_NAME as SERVICE_NAME  # tests and tools import it here
from service.core import GameCore
from service.grpc_server import GrpcServer
from service.observe import GameObserver, NullObserver
from service.sealing import Sealer
from service.states import StateStore

if TYPE_CHECKING:
    from service.http.server import HttpServer
    from service.rpc_metrics import UnaryCallMetrics

log = logging.getLogger(__name__)

#: How long past its grace `drain` waits for the gRPC server to say it has stopped
#: before it leaves it (its loop's thread is a daemon: the process exits anyway), as the
#: HTTP server's stop does (service/http/server.py).
STOP_MARGIN = 2.0


@dataclass
class RunningServer:
    server: GrpcServer
    port: int
    core: GameCore
    admission: Admission
    http: HttpServer | None = None

    def start(self, on_http_failure: Callable[[], None] | None = None) -> None:
        """Start both; `on_http_failure()` runs if the HTTP server ever ends unasked."""
        self.server.start()
        if self.http is not None:
            self.http.start(on_http_failure)

    def drain(self, grace: float) -> None:
        """Stop in order, within `grace` seconds in all (and `STOP_MARGIN` more at
        worst, for a transport that has not said it stopped).

        First refuse new calls with UNAVAILABLE, reason DRAINING, and report
        NOT_SERVING (gRPC health and /readyz), in that order, so no call is
        admitted after a probe saw NOT_SERVING; clients retry DRAINING (grpcio
        would cancel a call that arrives while it shuts down: CANCELLED, which
        they do not); then, once the admitted calls of both transports have
        finished, stop accepting connections.
        """
        deadline = time.monotonic() + grace
        # Refuse first, then say NOT_SERVING: a client that sees NOT_SERVING (or /readyz 503)
        # and calls at once must already be refused with DRAINING, not admitted.
        self.admission.drain()
        if self.http is not None:
            self.http.begin_drain()
        self.server.enter_graceful_shutdown(grace + STOP_MARGIN)
        self.admission.wait_idle(deadline - time.monotonic())
        if self.http is not None:
            self.http.admission.wait_idle(deadline - time.monotonic())
        remaining = max(deadline - time.monotonic(), 0.0)
        stopped = self.server.stop(remaining)
        if self.http is not None:
            self.http.stop(remaining)
        # Bounded: a gRPC server whose shutdown never reports back must not keep the
        # process from exiting (a supervisor or Kubernetes would have to kill it).
        if not stopped.wait(max(deadline - time.monotonic(), 0.0) + STOP_MARGIN):
            log.warning("gRPC server still stopping %.1fs after its grace; leaving it",
                        STOP_MARGIN)


def load_keys(config: Config) -> Sealer:
    """The Sealer for the configured keys; StartupError names the bad setting."""
    setting = "--state-keys-file" if config.state_keys_file else "--state-keys"
    try:
        spec = config.state_keys
        if config.state_keys_file:
            spec = pathlib.Path(config.state_keys_file).read_text().strip()
        return Sealer.from_config(spec)
    except (OSError, ValueError) as exc:
        raise StartupError(f"{setting}: {exc}") from None


def bot_settings(config: Config) -> BotSettings:
    return BotSettings(
        default_iterations=config.bot_default_iterations,
        greedy_samples=config.bot_greedy_samples,
        max_iterations=config.bot_max_iterations,
        max_millis=config.bot_max_millis,
        max_concurrent=config.bot_max_concurrent,
    )


def server_options(config: Config) -> list[tuple[str, int]]:
    """grpcio's channel arguments for the gRPC port."""
    return [
        # A stream a connection opens past this is refused (REFUSED_STREAM): one connection
        # cannot park thousands of calls (service/grpc_server.py).
        ("grpc.max_concurrent_streams", config.max_streams_per_connection),
        ("grpc.max_receive_message_length", config.max_request_bytes),
        ("grpc.max_send_message_length", 64 << 20),
        ("grpc.max_connection_age_ms", config.max_connection_age_ms),
        ("grpc.max_connection_age_grace_ms", config.connection_age_grace_ms),
        ("grpc.so_reuseport", 1 if config.workers > 1 else 0),
    ]


def create_server(
    config: Config,
    observer: GameObserver | None = None,
    interceptors: Sequence[Any] = (),
    sealer: Sealer | None = None,
    http_metrics: UnaryCallMetrics | None = None,
    reporter: CallReporter | None = None,
) -> RunningServer:
    """Servers bound to config.host:config.port and :config.http_port (not started)."""
    observer = observer or NullObserver()
    reporter = reporter or CallReporter()
    store = StateStore(
        sealer or load_keys(config), config.state_cache_size, observer, config.state_cache_mb << 20
    )
    admission = Admission(config.call_limit)
    core = GameCore(store, observer, config.require_seat_tokens, config.max_replay_actions,
                    config.seat_token_ttl, bots=Bots(bot_settings(config)),
                    clock_tolerance_ms=config.clock_tolerance_ms)
    executor = ThreadPoolExecutor(config.threads, thread_name_prefix="marketplay")
    server = GrpcServer(f"{config.host}:{config.port}", server_options(config), core, reporter,
                        admission, executor, interceptors)
    port = server.port
    http = None
    if config.http_port:
        from service.http.server import create_http_server  # keeps gRPC-only users light

        http = create_http_server(config, core, http_metrics, reporter)
    return RunningServer(server, port, core, admission, http)
