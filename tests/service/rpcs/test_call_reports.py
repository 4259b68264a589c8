"""Each refused call is one JSON log line and, when tracing, one span; on both ports,
with no state bytes, token or hidden fact in either."""

from __future__ import annotations

import base64
import io
import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import grpc
import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from marketplay.v1 import game_service_pb2 as pb
from service.calls import CallReporter
from service.config import Config
from service.logs import JsonFormatter
from service.tracing import SpanRecorder, otlp_endpoint, span_recorder
from tests.servers import start_server
from tests.service.conftest import TEST_CONFIG, first_legal
from tests.service.http_client import Caller, HttpRefusal, http_client

ROOT = Path(__file__).resolve().parents[3]
GAME = "spice-merchant"
TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"


class Served:
    """Both ports of one server (tokens required) reporting into a JSON log and spans."""

    def __init__(self) -> None:
        self.spans = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(self.spans))
        self.serving = start_server(replace(TEST_CONFIG, require_seat_tokens=True), http=True,
                                    reporter=CallReporter(SpanRecorder(provider.get_tracer("t"))))
        self.base = self.serving.base
        self.channel = grpc.insecure_channel(self.serving.address)
        self.log = io.StringIO()
        self.handler = logging.StreamHandler(self.log)
        self.handler.setFormatter(JsonFormatter())
        calls_log = logging.getLogger("marketplay.calls")
        self.level = calls_log.level
        calls_log.addHandler(self.handler)
        calls_log.setLevel(logging.INFO)

    def lines(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.log.getvalue().splitlines()]

    def settled(self, spans: int) -> None:
        """Until `spans` calls have been reported: an HTTP call reports once its answer
        is written, which a client may have read before (a wait bounded only to end a
        hang: at load 16 on 2 cores a report can lag its answer by seconds)."""
        deadline = time.monotonic() + 60
        while len(self.spans.get_finished_spans()) < spans and time.monotonic() < deadline:
            time.sleep(0.01)

    def close(self) -> None:
        self.channel.close()
        self.serving.stop()
        calls_log = logging.getLogger("marketplay.calls")
        calls_log.removeHandler(self.handler)
        calls_log.setLevel(self.level)


@pytest.fixture
def served() -> Iterator[Served]:
    served = Served()
    yield served
    served.close()


def _game(served: Served) -> pb.NewGameResponse:
    from marketplay.v1 import game_service_pb2_grpc as pb_grpc

    return pb_grpc.GameServiceStub(served.channel).NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=3, views=pb.ViewSelection(all_seats=True)), timeout=10)


def _secrets(new: pb.NewGameResponse) -> list[str]:
    """What must never be logged: state bytes in any encoding, every seat token."""
    state = new.update.state
    return [*new.seat_tokens, base64.b64encode(state).decode()[:40], state.hex()[:40],
            base64.urlsafe_b64encode(state).decode()[:40]]


def test_a_refused_grpc_call_is_one_json_line_and_one_span(served: Served) -> None:
    from marketplay.v1 import game_service_pb2_grpc as pb_grpc

    new = _game(served)
    served.spans.clear()
    seat, action = first_legal(new.update)
    wrong_token = new.seat_tokens[(seat + 1) % 3]
    with pytest.raises(grpc.RpcError):
        pb_grpc.GameServiceStub(served.channel).ApplyAction(pb.ApplyActionRequest(
            state=new.update.state, seat=seat, action=action, seat_token=wrong_token),
            timeout=10, metadata=[("traceparent", TRACEPARENT)])
    (line,) = [entry for entry in served.lines() if entry["method"] == "ApplyAction"]
    assert {k: line[k] for k in ("method", "code", "reason", "game", "step", "protocol")} == {
        "method": "ApplyAction", "code": "PERMISSION_DENIED", "reason": "SEAT_TOKEN_REQUIRED",
        "game": GAME, "step": new.update.step, "protocol": "grpc"}
    assert line["level"] == "INFO" and str(line["peer"]).startswith("ipv4:127.0.0.1:")
    assert isinstance(line["latency_ms"], float) and line["latency_ms"] >= 0
    text = served.log.getvalue()
    assert not [secret for secret in _secrets(new) if secret in text]
    (span,) = served.spans.get_finished_spans()
    assert span.name == "marketplay.v1.GameService/ApplyAction" and span.kind is SpanKind.SERVER
    attributes = dict(span.attributes or {})
    assert attributes["rpc.system"] == "grpc" and attributes["rpc.method"] == "ApplyAction"
    assert attributes["rpc.grpc.status_code"] == grpc.StatusCode.PERMISSION_DENIED.value[0]
    assert attributes["marketplay.reason"] == "SEAT_TOKEN_REQUIRED"
    assert span.status.status_code is StatusCode.UNSET  # a refusal is no server error
    assert span.parent is not None and f"{span.parent.trace_id:032x}" == TRACEPARENT[3:35]
    assert not [s for s in _secrets(new) if s in json.dumps(attributes)]


@pytest.mark.parametrize("protocol", ["connect-json", "grpc-web"])
def test_a_refused_http_call_is_one_json_line_and_one_span(served: Served, protocol: str) -> None:
    new = _game(served)
    served.spans.clear()
    seat, action = first_legal(new.update)
    with http_client("http1") as client, pytest.raises(HttpRefusal):
        Caller(client, served.base, protocol, {"traceparent": TRACEPARENT})(
            "ApplyAction", pb.ApplyActionRequest(state=new.update.state, seat=seat, action=action,
                                                 seat_token="k.0.forged"),
            pb.ApplyActionResponse)
    served.settled(1)
    (line,) = [entry for entry in served.lines() if entry["method"] == "ApplyAction"]
    assert (line["code"], line["reason"], line["game"], line["step"], line["protocol"]) == (
        "PERMISSION_DENIED", "SEAT_TOKEN_REQUIRED", GAME, new.update.step,
        "connect" if protocol == "connect-json" else "grpc-web")
    assert str(line["peer"]).startswith("127.0.0.1:")
    text = served.log.getvalue()
    assert not [s for s in [*_secrets(new), "k.0.forged"] if s in text]
    (span,) = served.spans.get_finished_spans()
    attributes = dict(span.attributes or {})
    assert span.name == "marketplay.v1.GameService/ApplyAction"
    assert attributes["rpc.method"] == "ApplyAction"
    if protocol == "connect-json":
        assert attributes["rpc.system"] == "connect_rpc"
        assert attributes["rpc.connect_rpc.error_code"] == "permission_denied"
    else:
        assert attributes["rpc.grpc.status_code"] == grpc.StatusCode.PERMISSION_DENIED.value[0]
    assert span.parent is not None and f"{span.parent.trace_id:032x}" == TRACEPARENT[3:35]


def test_http_layer_refusals_are_reported_too(served: Served) -> None:
    """Refused before the core (a body over the limit, an unknown method): still one line."""
    with http_client("http1") as client:
        too_big = client.post(f"{served.base}/marketplay.v1.GameService/NewGame",
                              content=b" " * (TEST_CONFIG.max_request_bytes + 1),
                              headers={"content-type": "application/json"})
        unknown = client.post(f"{served.base}/marketplay.v1.GameService/Teleport%0Ax",
                              content=b"{}", headers={"content-type": "application/json"})
    assert (too_big.status_code, unknown.status_code) == (413, 404)
    served.settled(2)
    reasons = {(line["method"], line["reason"]) for line in served.lines()}
    assert ("NewGame", "REQUEST_TOO_LARGE") in reasons
    assert ("'Teleport\\nx'", "UNKNOWN_METHOD") in reasons  # echoed, quoted: one line
    assert "\nx" not in served.log.getvalue().replace("\\n", "")


def test_successful_calls_log_nothing_and_each_makes_one_span(served: Served) -> None:
    from marketplay.v1 import game_service_pb2_grpc as pb_grpc

    served.spans.clear()
    pb_grpc.GameServiceStub(served.channel).ListGames(pb.ListGamesRequest(), timeout=10)
    with http_client("http1") as client:
        Caller(client, served.base, "connect-json")("ListGames", pb.ListGamesRequest(),
                                                    pb.ListGamesResponse)
    served.settled(2)
    assert served.lines() == []
    spans = served.spans.get_finished_spans()
    assert [s.name for s in spans] == ["marketplay.v1.GameService/ListGames"] * 2
    assert [dict(s.attributes or {})["rpc.system"] for s in spans] == ["grpc", "connect_rpc"]


def test_tracing_is_off_without_a_collector_and_imports_nothing() -> None:
    assert otlp_endpoint(Config(), env={}) == ""
    assert span_recorder(Config(), env={}) is None
    assert otlp_endpoint(Config(), env={"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}) \
        == "http://c:4317"
    assert otlp_endpoint(Config(otlp_endpoint="http://a:4317"),
                         env={"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}) == "http://a:4317"
    assert otlp_endpoint(Config(otlp_endpoint="http://a:4317"),
                         env={"OTEL_SDK_DISABLED": "true"}) == ""
    # A server that served a call, with tracing off, never loaded the SDK or an exporter.
    code = (
        "import sys\n"
        "from dataclasses import replace\n"
        "from tests.service.conftest import TEST_CONFIG, Served\n"
        "from marketplay.v1 import game_service_pb2 as pb\n"
        "served = Served(TEST_CONFIG)\n"
        "served.stub.ListGames(pb.ListGamesRequest(), timeout=10)\n"
        "served.close()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('opentelemetry.sdk',"
        " 'opentelemetry.exporter'))))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True, env=env, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_json_lines_parse_and_text_is_the_default() -> None:
    assert Config().log_format == "text"
    record = logging.LogRecord("marketplay.calls", logging.INFO, __file__, 1, "refused %s",
                               ("X",), None)
    record.call = {"method": "X", "step": None}
    assert json.loads(JsonFormatter().format(record))["message"] == "refused X"


def test_the_server_process_writes_json_lines(tmp_path: Path) -> None:
    """`--log-format json` end to end: every line the process writes is JSON, and a
    refused call is one of them."""
    from marketplay.v1 import game_service_pb2_grpc as pb_grpc
    from tests.ops.procs import Service

    service = Service(tmp_path, "--log-format", "json")
    try:
        service.wait_ready(workers=1)
        with grpc.insecure_channel(service.address) as channel, pytest.raises(grpc.RpcError):
            pb_grpc.GameServiceStub(channel).NewGame(pb.NewGameRequest(game_id="chess"),
                                                     timeout=10)
        try:
            stopped = service.stop()
        except subprocess.TimeoutExpired:  # say where it stood: its last log lines
            pytest.fail("no exit 20 s after SIGTERM; the log ends:\n" + service.log()[-4000:])
        assert stopped == 0
    finally:
        service.kill()
    lines = [json.loads(line) for line in service.log().splitlines() if line.strip()]
    refused = [line for line in lines if line.get("logger") == "marketplay.calls"]
    assert [(r["method"], r["code"], r["reason"]) for r in refused] == [
        ("NewGame", "NOT_FOUND", "UNKNOWN_GAME")]
    assert any(line["message"] == "marketplay stopped" for line in lines)
