"""Configuration: command-line flags, each with a MARKETPLAY_* environment twin.

Precedence: flag > environment > default. `docs/configuration.md` is the
table users read; `tests/service/process/test_config.py` keeps the two in step.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from engines.bots import GREEDY_SAMPLES


class StartupError(Exception):
    """A setting that cannot be served (bad key, port in use): one line, no traceback."""


def worker_count(text: str) -> int:
    """--workers: "auto" (0: one per usable core) or a number of processes."""
    if text.strip().lower() == "auto":
        return 0
    count = int(text)
    if count < 1:
        raise ValueError("at least 1 worker")
    return count


def cgroup_cpu_limit(root: Path = Path("/sys/fs/cgroup"),
                     own: Path = Path("/proc/self/cgroup")) -> float | None:
    """CPUs this process's cgroup quota allows (cgroup v2 cpu.max, else v1
    cpu.cfs_quota_us), or None when there is no quota (or no cgroup to read)."""
    try:
        lines = own.read_text().splitlines()
    except OSError:
        lines = []
    v2 = [line.split(":", 2)[2] for line in lines if line.startswith("0::")]
    candidates = [root / v2[0].lstrip("/") / "cpu.max"] if v2 else []
    candidates.append(root / "cpu.max")  # a container sees its own cgroup at the root
    for path in candidates:
        try:
            quota, period = path.read_text().split()[:2]
        except (OSError, ValueError):
            continue
        return None if quota == "max" else int(quota) / int(period)
    try:
        quota_us = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period_us = int((root / "cpu" / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return None if quota_us <= 0 else quota_us / period_us


def usable_cores() -> int:
    """Cores this process may run on: its CPU affinity mask, capped by its cgroup's CPU
    quota (a 2-CPU limit on a 64-core node is 2), at least 1."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    limit = cgroup_cpu_limit()
    if limit is not None:
        cores = min(cores or 1, int(limit))  # 1.5 CPUs: one worker, not two throttled ones
    return max(cores or 1, 1)


@dataclass(frozen=True)
class Config:
    host: str = field(
        default="127.0.0.1", metadata={"help": "address to bind gRPC, HTTP and metrics on"}
    )
    port: int = field(default=50051, metadata={"help": "gRPC port (0 picks a free one)"})
    http_port: int = field(
        default=8080,
        metadata={
            "help": "HTTP port: Connect (JSON and binary) and gRPC-Web over HTTP/1.1 and h2c, "
            "/healthz, /readyz, /openapi.json (0 disables HTTP)"
        },
    )
    http_cors_origins: str = field(
        default="",
        metadata={
            "help": "browser origins allowed to call the HTTP port, comma-separated: "
            "https://app.example.com, http://localhost:* (any port) or * (any origin). "
            "Empty: no cross-origin calls"
        },
    )
    metrics_port: int = field(
        default=9464, metadata={"help": "Prometheus /metrics HTTP port (0 disables metrics)"}
    )
    state_keys: str = field(
        default="",
        metadata={
            "help": "state sealing keys 'kid:base64key,...' (32-byte keys); the first seals, "
            "all open. Empty: an ephemeral key (states die with the process)"
        },
    )
    state_keys_file: str = field(
        default="", metadata={"help": "file holding the state_keys value (e.g. a mounted Secret)"}
    )
    require_seat_tokens: bool = field(
        default=False,
        metadata={"help": "refuse a seat's action or view without that seat's token"},
    )
    seat_token_ttl: int = field(
        default=0,
        metadata={"help": "seconds a seat token stays valid (RenewSeatToken renews it); 0: never expires"},
    )
    clock_tolerance_ms: int = field(
        default=2_000,
        metadata={"help": "turn clocks: an action is accepted up to this long past its seat's "
                          "deadline, and ClaimTimeout works only once it too has passed, so "
                          "replicas' clocks may differ by this much in the player's favour "
                          "(docs/security.md)"},
    )
    max_request_bytes: int = field(
        default=1 << 20, metadata={"help": "largest accepted request message, in bytes"}
    )
    max_replay_actions: int = field(
        default=10_000, metadata={"help": "most actions one Replay call may carry"}
    )
    threads: int = field(
        default=4,
        metadata={"help": "handler threads per worker, for gRPC and again for HTTP (4 measured "
                          "best: fewer GIL handoffs than 16, docs/benchmarks.md)"},
    )
    max_concurrent_rpcs: int = field(
        default=0,
        metadata={"help": "calls in flight per worker on each port (counted once their request "
                          "has arrived); more are refused with RESOURCE_EXHAUSTED, reason OVERLOADED "
                          "(HTTP 429). 0: 4 x --threads, at least 64"},
    )
    workers: int = field(
        default=0,
        metadata={"help": "worker processes sharing the port (SO_REUSEPORT); auto: one per usable "
                          "core (the CPU affinity mask, capped by the cgroup CPU quota)",
                  "parse": worker_count, "shown": "auto"},
    )
    pin_workers: bool = field(
        default=True,
        metadata={"help": "pin worker i to the i-th core of the CPU affinity mask when the mask "
                          "holds exactly one core per worker (a machine or a whole-core pod)"},
    )
    grace_seconds: float = field(
        default=10.0, metadata={"help": "drain time for in-flight calls on SIGTERM"}
    )
    max_connection_age_ms: int = field(
        default=5_000,
        metadata={"help": "close gRPC client connections after this age (GOAWAY, calls in flight "
                          "finish) so clients rebalance onto new replicas and workers"},
    )
    max_connection_age_grace_ms: int = field(
        default=30_000,
        metadata={"help": "gRPC port: calls in flight on a connection past its age get this long "
                          "to finish before it is closed (never less than --bot-max-millis plus "
                          "a second, so no search is cut off)"},
    )
    http_body_timeout_ms: int = field(
        default=10_000,
        metadata={"help": "HTTP port: a request body must arrive within this time, or the call "
                          "is refused with 408 / deadline_exceeded (reason BODY_TIMEOUT); a call "
                          "counts against --max-concurrent-rpcs only once its body is read"},
    )
    http_keep_alive_max_requests: int = field(
        default=1_000,
        metadata={"help": "HTTP port: close an HTTP/1.1 connection after this many requests "
                          "(Connection: close) so keep-alive clients rebalance onto new "
                          "workers and replicas (0: never; h2c connections are not recycled: "
                          "docs/security.md)"},
    )
    http_max_connection_age_ms: int = field(
        default=5_000,
        metadata={"help": "HTTP port: answer with Connection: close once an HTTP/1.1 connection "
                          "is this old, so keep-alive clients rebalance onto new workers and "
                          "replicas (0: never)"},
    )
    http_max_connections: int = field(
        default=4_096,
        metadata={"help": "HTTP port: connections one worker holds at once; more wait in the "
                          "listen backlog until one closes. Kept under the descriptor limit "
                          "(raised to fit it and 256 more, else lowered, with a warning). A "
                          "connection silent both ways for 30 s (or 10 s past "
                          "--http-body-timeout-ms or --bot-max-millis, if longer) is closed "
                          "(docs/security.md)"},
    )
    http_compress_min_bytes: int = field(
        default=3_072,
        metadata={"help": "HTTP port: gzip a response message at least this large when the client "
                          "accepts gzip (Accept-Encoding, grpc-accept-encoding); smaller ones and "
                          "error bodies go uncompressed (0: compress every message; "
                          "docs/http.md)"},
    )
    max_streams_per_connection: int = field(
        default=100,
        metadata={"help": "gRPC streams one client connection may have open at once; more are "
                          "refused (HTTP/2 REFUSED_STREAM), so one connection cannot park "
                          "thousands of calls"},
    )
    state_cache_size: int = field(
        default=4096, metadata={"help": "recently opened states kept decoded (0 disables)"}
    )
    state_cache_mb: int = field(
        default=64,
        metadata={"help": "memory budget of the decoded-state cache, in MiB (0 disables)"},
    )
    otlp_endpoint: str = field(
        default="",
        metadata={"help": "OTLP/gRPC collector for OpenTelemetry traces, e.g. "
                          "http://otel-collector:4317 (a span per call); empty: the standard "
                          "OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, else tracing is off"},
    )
    log_format: str = field(
        default="text",
        metadata={"help": "log lines as 'text' (for a terminal) or 'json' (one object per line, "
                          "for log pipelines)"},
    )
    log_level: str = field(default="INFO", metadata={"help": "Python logging level"})
    bot_default_iterations: int = field(
        default=0,
        metadata={"help": "SuggestAction: ISMCTS iterations when a call names no budget; 0 "
                          "takes each game's calibrated default (at most about 200 ms of CPU "
                          "at p95, docs/bots.md)"},
    )
    bot_greedy_samples: int = field(
        default=GREEDY_SAMPLES,
        metadata={"help": "SuggestAction: greedy determinizations when a call names no budget"},
    )
    bot_max_iterations: int = field(
        default=20_000, metadata={"help": "SuggestAction: most iterations one call may run"}
    )
    bot_max_millis: int = field(
        default=2_000, metadata={"help": "SuggestAction: most milliseconds one call may search"}
    )
    bot_max_concurrent: int = field(
        default=1,
        metadata={"help": "SuggestAction: searches running at once per worker process; more "
                          "are refused with RESOURCE_EXHAUSTED (random is never refused)"},
    )

    @property
    def connection_age_grace_ms(self) -> int:
        """The gRPC connection-age grace in force: a GOAWAY must never cut off a call the
        server itself allows to run, such as a SuggestAction searching --bot-max-millis."""
        return max(self.max_connection_age_grace_ms, self.bot_max_millis + 1_000)

    @property
    def call_limit(self) -> int:
        """Calls admitted at once per worker and port (--max-concurrent-rpcs, resolved)."""
        return self.max_concurrent_rpcs or max(4 * self.threads, 64)

    @property
    def worker_count(self) -> int:
        """Worker processes to run (--workers, with auto resolved on this machine)."""
        return self.workers or usable_cores()

    @staticmethod
    def env_name(name: str) -> str:
        return "MARKETPLAY_" + name.upper()

    @staticmethod
    def setting(name: str) -> str:
        """A setting as a start-up error names it: its flag and its environment twin, since
        `make run` takes no flags ("--port / MARKETPLAY_PORT")."""
        return f"--{name.replace('_', '-')} / {Config.env_name(name)}"


def port_in_use(name: str, host: str, port: int, why: str) -> StartupError:
    """The refusal to start when a port cannot be bound: what failed, and how to choose
    another port either way (`make run` takes no flags, so the environment first)."""
    env, flag, other = Config.env_name(name), f"--{name.replace('_', '-')}", port + 1
    return StartupError(
        f"{Config.setting(name)}: cannot bind {host}:{port} ({why}); choose another port: "
        f"{env}={other} make run, or {flag} {other}"
    )


def _parse_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"not a boolean: {text!r}")


def load_config(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Build a Config from flags and environment; raises SystemExit on bad input."""
    env = os.environ if env is None else env
    parser = argparse.ArgumentParser(prog="marketplay-server", description=__doc__)
    defaults = Config()
    for f in fields(Config):
        flag = "--" + f.name.replace("_", "-")
        env_value = env.get(Config.env_name(f.name))
        default = getattr(defaults, f.name)
        shown = f.metadata.get("shown", repr(default))
        help_text = f"{f.metadata['help']} (env {Config.env_name(f.name)}; default {shown})"
        if isinstance(default, bool):
            try:
                value = _parse_bool(env_value) if env_value is not None else default
            except ValueError as exc:
                parser.error(f"{Config.env_name(f.name)}: {exc}")
            parser.add_argument(
                flag, dest=f.name, default=value, action=argparse.BooleanOptionalAction,
                help=help_text,
            )
            continue
        kind = f.metadata.get("parse", type(default))
        try:
            value = kind(env_value) if env_value is not None else default
        except ValueError:
            parser.error(f"{Config.env_name(f.name)}: expected {kind.__name__}, got {env_value!r}")
        parser.add_argument(flag, dest=f.name, type=kind, default=value, help=help_text)
    args = parser.parse_args(argv)
    config = Config(**vars(args))
    if config.workers == 0:  # auto, resolved once, before any worker is pinned to one core
        config = replace(config, workers=usable_cores())
    if config.workers < 0 or config.threads < 1:
        parser.error("--workers must be auto or at least 1, --threads at least 1")
    if not 0 <= config.http_port <= 65535:
        parser.error("--http-port must be 0 (off) or a port number")
    if config.max_concurrent_rpcs < 0:
        parser.error("--max-concurrent-rpcs must be 0 (4 x --threads, at least 64) or a number "
                     "of calls")
    if config.log_format not in ("text", "json"):
        parser.error("--log-format must be text or json")
    if config.clock_tolerance_ms < 0:
        parser.error("--clock-tolerance-ms must be 0 or a number of milliseconds")
    if config.seat_token_ttl < 0:
        parser.error("--seat-token-ttl must be 0 (never expires) or a number of seconds")
    if config.http_max_connections < 1:
        parser.error("--http-max-connections must be at least 1")
    if config.http_compress_min_bytes < 0:
        parser.error("--http-compress-min-bytes must be 0 (always) or a number of bytes")
    if config.max_request_bytes < 1024:
        parser.error("--max-request-bytes must be at least 1024")
    bot_counts = (config.bot_greedy_samples, config.bot_max_iterations, config.bot_max_millis,
                  config.bot_max_concurrent)
    if min(bot_counts) < 1 or config.bot_default_iterations < 0:
        parser.error("--bot-* budgets and --bot-max-concurrent must be at least 1 "
                     "(--bot-default-iterations: 0 for each game's default)")
    return config


def shown_defaults() -> dict[str, str]:
    """Each field's default as the docs write it ("auto", "true", "(empty)"): the one
    spelling docs/configuration.md's table and the README's are both checked against."""
    shown: dict[str, str] = {}
    defaults = Config()
    for f in fields(Config):
        default = getattr(defaults, f.name)
        text = ("true" if default else "false") if isinstance(default, bool) else str(default)
        shown[f.name] = f.metadata.get("shown", text) or "(empty)"
    return shown


def markdown_table() -> str:
    """The configuration table of docs/configuration.md (kept in step by a test)."""
    rows = ["| flag | environment | default | meaning |", "|---|---|---|---|"]
    for f in fields(Config):
        rows.append(
            f"| `--{f.name.replace('_', '-')}` | `{Config.env_name(f.name)}` | "
            f"`{shown_defaults()[f.name]}` | {f.metadata['help']} |"
        )
    return "\n".join(rows) + "\n"
