"""OpenTelemetry traces: one server span per GameService call, off by default.

On when a collector is configured: `--otlp-endpoint`, else the standard
`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `OTEL_EXPORTER_OTLP_ENDPOINT` (and not
`OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`). Off, nothing of the
SDK is imported and a call pays one `is None` test.

Spans are written when a call ends (service/calls.py), with the start time
the call had, so both transports make them in one place and no span object
lives through a call. A caller's W3C `traceparent` (gRPC metadata or HTTP
header) makes the span its child. Attributes follow OpenTelemetry's RPC
conventions (`rpc.system`, `rpc.service`, `rpc.method`, `rpc.grpc.status_code`
or `rpc.connect_rpc.error_code`) plus `marketplay.reason`, `marketplay.game`
and `marketplay.step`; never state bytes or tokens. Spans are exported in
batches by a background thread, so the exporter never waits on a call.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Any

from service.config import Config
from service.contract import SERVICE_NAME
from service.errors import Code

if TYPE_CHECKING:
    from service.calls import Carrier, Outcome
    from service.core import Call

__all__ = ["SERVER_ERRORS", "SpanRecorder", "otlp_endpoint", "span_recorder"]

log = logging.getLogger("marketplay.tracing")

SERVICE = SERVICE_NAME
#: Codes that mark a server span as failed, as OpenTelemetry's gRPC conventions list them
#: (a refused move is a correct answer, not an error of the server).
SERVER_ERRORS = frozenset({Code.UNKNOWN, Code.DEADLINE_EXCEEDED, Code.UNIMPLEMENTED,
                           Code.INTERNAL, Code.UNAVAILABLE, Code.DATA_LOSS})


def otlp_endpoint(config: Config, env: Mapping[str, str] | None = None) -> str:
    """The collector spans go to, or "" when tracing is off."""
    env = os.environ if env is None else env
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return ""
    if env.get("OTEL_TRACES_EXPORTER", "").strip().lower() == "none":
        return ""
    return (config.otlp_endpoint or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
            or env.get("OTEL_EXPORTER_OTLP_ENDPOINT", ""))


class SpanRecorder:
    """Turns ended calls into spans of `tracer`; `shutdown()` flushes what is queued."""

    def __init__(self, tracer: Any, provider: Any = None) -> None:
        from opentelemetry import propagate
        from opentelemetry.trace import SpanKind, Status, StatusCode

        self._tracer = tracer
        self._provider = provider
        self._extract = propagate.extract
        self._server = SpanKind.SERVER
        self._status: Any = Status
        self._status_error = StatusCode.ERROR

    def record(self, rpc: str, call: Call, outcome: Outcome, seconds: float,
               carrier: Carrier | None) -> None:
        end = time.time_ns()
        parent = self._extract(carrier()) if carrier is not None else None
        attributes: dict[str, Any] = {
            "rpc.system": "connect_rpc" if call.protocol == "connect" else "grpc",
            "rpc.service": SERVICE, "rpc.method": rpc,
            "marketplay.protocol": call.protocol,
        }
        if call.protocol == "connect":
            if outcome.code is not Code.OK:
                attributes["rpc.connect_rpc.error_code"] = outcome.code.name.lower()
        else:
            attributes["rpc.grpc.status_code"] = int(outcome.code)
        if outcome.reason:
            attributes["marketplay.reason"] = outcome.reason
        if call.notes.game:
            attributes["marketplay.game"] = call.notes.game
        if call.notes.step is not None:
            attributes["marketplay.step"] = call.notes.step
        span = self._tracer.start_span(f"{SERVICE}/{rpc}", context=parent, kind=self._server,
                                       attributes=attributes,
                                       start_time=end - int(seconds * 1e9))
        if outcome.code in SERVER_ERRORS:
            span.set_status(self._status(self._status_error, outcome.code.name))
        span.end(end_time=end)

    def shutdown(self) -> None:
        if self._provider is not None:
            self._provider.shutdown()


def span_recorder(config: Config, env: Mapping[str, str] | None = None) -> SpanRecorder | None:
    """A recorder exporting to the configured collector over OTLP/gRPC, or None (off).

    Call it in each worker process (after the fork): the exporter's thread and
    channel do not survive a fork.
    """
    endpoint = otlp_endpoint(config, env)
    if not endpoint:
        return None
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    try:
        version = metadata.version("marketplay")
    except metadata.PackageNotFoundError:
        version = "unknown"
    # Resource.create() also reads OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
    provider = TracerProvider(resource=Resource.create(
        {"service.name": "marketplay", "service.version": version}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=endpoint)))
    log.info("tracing: spans to %s (OTLP/gRPC)", endpoint)
    return SpanRecorder(provider.get_tracer("marketplay", version), provider)
