"""Hostile and malformed requests on the HTTP port never get a 5xx (no internal or
unknown code, in any protocol's rendering), and do not grow the server's memory.

The twin of tests/service/grpc/test_fuzz.py for the HTTP surface: random and
real-looking bodies (JSON of odd shapes, depth and size, protobuf bytes, gzip
that is not, base64 that is not), every content type the port speaks and
others, wrong methods and paths, and hostile headers (timeouts and encodings
that do not parse, absurd protocol versions, CORS noise, huge values), over
HTTP/1.1 and h2c. Bounded: a fixed number of examples, each with a timeout.

Two 5xx statuses are the protocol's, not a failure: 504 when the caller's own
timeout header ran out, and 501 `unimplemented`, which the Connect protocol
prescribes for a compression the server does not support.
"""

from __future__ import annotations

import gzip
import json
import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, ServedHttp, all_views
from tests.service.http_client import http_client
from tests.service.rpcs.test_hostile_input import _rss_bytes

pytestmark = pytest.mark.timeout(600)

EXAMPLES = 400
SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
RPCS = [m.name for m in SERVICE.methods]
CONTENT_TYPES = [
    "application/json", "application/proto", "application/json; charset=utf-8",
    "application/grpc-web+proto", "application/grpc-web+json", "application/grpc-web-text",
    "application/grpc-web-text+proto", "application/grpc", "application/grpc+json",
    "application/connect+json", "application/connect+proto", "text/plain", "", "*/*",
    "application/json; charset=latin-1", "multipart/form-data; boundary=x",
]
#: Codes that mean the server failed, however a protocol spells them.
FORBIDDEN = {"internal", "unknown", "2", "13"}


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    s = ServedHttp(TEST_CONFIG)
    yield s
    s.close()


@pytest.fixture(scope="module")
def real_json(served: ServedHttp) -> list[dict[str, Any]]:
    """Real request bodies (a state, an action) to mutate."""
    from google.protobuf import json_format

    new = served.stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                                views=all_views()))
    decision = next(d for d in new.update.decisions if d.legal_actions)
    apply = pb.ApplyActionRequest(state=new.update.state, seat=decision.seat,
                                  action=decision.legal_actions[0])
    clocked = served.stub.NewGame(pb.NewGameRequest(
        game_id="central-market", num_players=3, views=all_views(),
        options={"clock_move_s": "60", "timeout_policy": "pass"})).update
    claim = pb.ClaimTimeoutRequest(state=clocked.state, expected_step=0, views=all_views(),
                                   seat=1)
    offered = served.stub.ApplyAction(pb.ApplyActionRequest(
        state=clocked.state, seat=clocked.decisions[0].seat,
        action=clocked.decisions[0].legal_actions[0])).update
    undo = pb.TakeBackRequest(state=offered.state, seat=clocked.decisions[0].seat,
                              expected_step=1, views=all_views(), steps=1)
    return [json_format.MessageToDict(apply), json_format.MessageToDict(
        pb.GetViewRequest(state=new.update.state, views=all_views())),
        {"gameId": "market-fresh", "numPlayers": 2, "options": {"grid": "4x4"}},
        json_format.MessageToDict(claim), json_format.MessageToDict(undo),
        {"gameId": "spice-merchant", "numPlayers": 2, "seed": "c2VlZA==",
         "options": {"timeout_policy": "forfeit", "clock_bank_s": "9"},
         "actions": [{"forfeited": [0, 1]}, {"seat": 1, "takebackSteps": 2}]}]


def _nested(depth: int, kind: str) -> bytes:
    return (("[" * depth + "]" * depth) if kind == "list" else
            ('{"a":' * depth + "1" + "}" * depth)).encode()


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**80), 2**80),
                        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)),
        max_leaves=12)


def bodies(real: list[dict[str, Any]]) -> st.SearchStrategy[bytes]:
    def mutate(base: dict[str, Any], key: str, value: Any) -> bytes:
        changed = dict(base)
        changed[key] = value
        return json.dumps(changed, allow_nan=True).encode()

    field_names = st.sampled_from(["state", "seat", "action", "views", "seatToken",
                                   "expectedStep", "viewTokens", "gameId", "numPlayers",
                                   "options", "seed", "actions", "spiceMerchant", "@type",
                                   "steps", "forfeited", "takebackSteps"])
    return st.one_of(
        st.binary(max_size=300),
        st.builds(lambda v: json.dumps(v, allow_nan=True).encode(), _json_values()),
        st.builds(mutate, st.sampled_from(real), field_names, _json_values()),
        st.sampled_from(real).map(lambda r: json.dumps(r).encode()),
        st.builds(_nested, st.integers(1, 20_000), st.sampled_from(["list", "dict"])),
        st.sampled_from([b"", b"{}", b"null", b"[]", b'"x"', b"{" * 5, b'{"state": "%%%"}',
                         b'{"seat": 1e999}', b'{"seat": "0x10"}', b"\xef\xbb\xbf{}",
                         b'{"a": "\\ud800"}', b"\x00\x00\x00\x00\x05hello",
                         b"\x80\x00\x00\x00\x00", b"AAAA====", gzip.compress(b"{}")]),
        st.builds(lambda n: b'{"gameId": "' + b"x" * n + b'"}', st.integers(0, 70_000)),
    )


def headers() -> st.SearchStrategy[dict[str, str]]:
    hostile = st.sampled_from([
        ("connect-timeout-ms", "-1"), ("connect-timeout-ms", "x"),
        ("connect-timeout-ms", "9" * 30), ("grpc-timeout", "1Z"), ("grpc-timeout", "99999999999S"),
        ("grpc-timeout", ""), ("connect-protocol-version", "2"), ("connect-protocol-version", ""),
        ("content-encoding", "gzip"), ("content-encoding", "br"), ("content-encoding", "zz"),
        ("connect-content-encoding", "gzip"), ("grpc-encoding", "identity, gzip"),
        ("accept-encoding", "*;q=0"), ("connect-accept-encoding", "gzip"),
        ("origin", "https://evil.example"), ("origin", "null"),
        ("access-control-request-method", "POST"), ("x-grpc-web", "1"),
        ("te", "trailers"), ("te", "gzip"),
        ("x-huge", "a" * 6000), ("grpc-status", "13"), ("traceparent", "00-zz-zz-zz"),
    ])
    return st.lists(hostile, max_size=4).map(dict)


def requests(real: list[dict[str, Any]]) -> st.SearchStrategy[tuple[str, str, str, dict[str, str],
                                                                     bytes, str]]:
    paths = st.one_of(
        st.sampled_from(RPCS).map(lambda m: f"/{SERVICE.full_name}/{m}"),
        st.sampled_from(["/", "/healthz", "/readyz", "/openapi.json", "/metrics",
                         f"/{SERVICE.full_name}/", f"/{SERVICE.full_name}/../healthz",
                         f"/{SERVICE.full_name}/ListGames/extra", "/marketplay.v1.Other/X",
                         "/%00", "/" + "a" * 3000, f"/{SERVICE.full_name}/%E2%80%AE"]),
        st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126,
                                       exclude_characters="?#%"), max_size=40)
        .map(lambda t: "/" + t),
    )
    return st.tuples(
        st.sampled_from(["POST"] * 6 + ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]),
        paths, st.sampled_from(CONTENT_TYPES), headers(), bodies(real),
        st.sampled_from(["http1", "h2c"]))


def _code(response: httpx.Response) -> str:
    """The call's code as its protocol carries it ("" when there is none)."""
    status = response.headers.get("grpc-status")
    if status is None and response.headers.get("content-type", "").startswith("application/grpc"):
        status = "0"
    if status is not None:
        return status
    if response.headers.get("content-type", "").startswith("application/json"):
        try:
            body = response.json()
        except ValueError:
            return ""
        if isinstance(body, dict):
            return str(body.get("code", ""))
    return ""


def test_no_request_gets_a_5xx_and_memory_stays_bounded(
    served: ServedHttp, real_json: list[dict[str, Any]], caplog: pytest.LogCaptureFixture,
) -> None:
    clients = {version: http_client(version, timeout=20) for version in ("http1", "h2c")}
    statuses: Counter[int] = Counter()
    before = _rss_bytes()

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(request=requests(real_json))
    # Found by this test: a native gRPC refusal over HTTP/1.1 crashed on its trailers.
    @example(request=("POST", f"/{SERVICE.full_name}/Nope", "application/grpc", {}, b"", "http1"))
    def run(request: tuple[str, str, str, dict[str, str], bytes, str]) -> None:
        method, path, content_type, extra, body, version = request
        sent = {"content-type": content_type, **extra} if content_type else extra
        try:
            response = clients[version].request(method, served.base + path, headers=sent,
                                                content=body)
        except httpx.TransportError:
            # A request the client or server rejects at the protocol level (a bad
            # content-length, a header h2 forbids) never reached an RPC: start afresh.
            clients[version].close()
            clients[version] = http_client(version, timeout=20)
            statuses[0] += 1
            return
        statuses[response.status_code] += 1
        code = _code(response)
        timed = "connect-timeout-ms" in extra or "grpc-timeout" in extra
        if response.status_code == 504 or code in ("deadline_exceeded", "4"):
            assert timed, (method, path, extra)  # only the caller's own deadline
            return
        if response.status_code == 501:  # Connect's status for unimplemented (e.g. an
            assert code == "unimplemented", response.text[:300]  # unsupported encoding)
            return
        assert response.status_code < 500, (method, path, content_type, extra, body[:200],
                                            response.status_code, response.text[:300])
        assert code not in FORBIDDEN, (method, path, content_type, extra, body[:200], code,
                                       response.text[:300])

    caplog.set_level(logging.INFO)
    try:
        run()
    finally:
        for client in clients.values():
            client.close()
    # A crash of our application after the answer began cannot show as a 5xx (the
    # connection just ends): its error log (Granian logs it as _granian.utils) is where
    # it shows. asyncio's own log of a connection a client broke off is left out.
    errors = [r.getMessage() for r in caplog.records
              if r.levelno >= logging.ERROR and r.name.startswith(("marketplay", "_granian"))]
    assert errors == [], errors[:3]
    growth = _rss_bytes() - before
    assert growth < 64 << 20, f"RSS grew by {growth >> 20} MiB over {sum(statuses.values())}"
    assert statuses[200] and statuses[400] and statuses[404], statuses
    assert statuses[0] < sum(statuses.values()) // 4, statuses  # mostly answered, not dropped
