"""What each protocol sends for ApplyAction and GetView is the built response, byte for byte.

Those two RPCs write their response as bytes (service/updates.py
`write_update`) and hand them to the ports unserialized. Over a real server
on loopback, for every game, rules version, player count and option set the
conformance suite plays (tests/conformance/configs.py), each protocol in
turn (gRPC, Connect binary and JSON, gRPC-Web binary and text) is sent an
ApplyAction and a GetView under a view selection that rotates through every
selection field (tests/service/written.py), at tables with and without turn
clocks and take-backs. The bytes received (the gRPC message, the Connect
body, the gRPC-Web data frame) must equal the response protobuf builds from
the same inputs (`build_update` and the table's `stamp`), serialized with
`SerializeToString(deterministic=True)`; the Connect JSON body must equal
the JSON the port wrote for that message before (protojson, compact), but
for the order of a map's entries, which JSON gives no meaning (`_same`). The
inputs are read back from the call: the states sealed by the server (opened
here under its key), the events of the action (replayed here: the rules are
deterministic), the server's time (its `server_time`, when a clock shows it).
"""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Iterator
from dataclasses import dataclass

import grpc
import httpx
import pytest
from google.protobuf.message import Message

import protojson
from engines.core import Event
from marketplay.v1 import game_service_pb2 as pb
from service import table as tables
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import Opened, StateStore
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.service.conftest import KEYS_A, TEST_CONFIG, ServedHttp
from tests.service.http_client import SERVICE, parse_grpc_web
from tests.service.written import built_update, selections

PROTOCOLS = ("grpc", "connect-proto", "connect-json", "grpc-web", "grpc-web-text")
TABLES = ({}, {tables.TAKEBACKS: tables.OFF},
          {tables.BANK: "600", tables.INCREMENT: "5", tables.MOVE: "60"})


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    s = ServedHttp(TEST_CONFIG)
    yield s
    s.close()


@dataclass
class Port:
    """Raw calls to one server: the response's bytes as each protocol delivers them."""

    served: ServedHttp
    client: httpx.Client

    def call(self, protocol: str, rpc: str, request: Message) -> bytes:
        payload = request.SerializeToString()
        if protocol == "grpc":
            method = self.served.channel.unary_unary(f"/{SERVICE}/{rpc}")
            answer: bytes = method(payload)
            return answer
        url = f"{self.served.base}/{SERVICE}/{rpc}"
        if protocol.startswith("connect"):
            json = protocol == "connect-json"
            body = protojson.encode(request) if json else payload
            response = self.client.post(url, content=body, headers={
                "content-type": "application/json" if json else "application/proto",
                "connect-protocol-version": "1"})
            assert response.status_code == 200, response.text
            return response.content
        text = protocol == "grpc-web-text"
        framed = struct.pack(">BI", 0, len(payload)) + payload
        response = self.client.post(url, content=base64.b64encode(framed) if text else framed,
                                    headers={"x-grpc-web": "1", "content-type":
                                             f"application/grpc-web{'-text' if text else ''}+proto"})
        message, trailers = parse_grpc_web(
            base64.b64decode(response.content) if text else response.content)
        assert trailers.get("grpc-status", response.headers.get("grpc-status")) == "0", trailers
        assert message is not None
        return message


def _same(protocol: str, sent: bytes, response: Message) -> bool:
    """Whether the port sent `response`: its deterministic bytes, or its JSON.

    The JSON must be the same text but for the order of a map's entries (the
    update's tableOptions), which both json_format and protojson take from
    upb's hash table: it differs between two equal maps filled in another
    order, and proto3's JSON mapping gives a map no order."""
    if protocol != "connect-json":
        return sent == response.SerializeToString(deterministic=True)
    expected = protojson.encode(response)
    return len(sent) == len(expected) and _maps_sorted(sent) == _maps_sorted(expected)


def _maps_sorted(text: bytes) -> object:
    """The JSON's members in their order, but each map's entries sorted by key."""
    def pairs(members: list[tuple[str, object]]) -> object:
        return [(key, sorted(value) if key in _MAPS and isinstance(value, list) else value)
                for key, value in members]

    return json.loads(text, object_pairs_hook=pairs)


#: The JSON names of the map fields a response of these RPCs holds.
_MAPS = {"tableOptions"}


def _now_ms(update: pb.GameUpdate) -> int:
    """The server's clock as the update shows it (0 without a clock: then unused)."""
    stamp = update.server_time
    return stamp.seconds * 1000 + stamp.nanos // 1_000_000


def _mismatches(port: Port, config: PlayConfig, store: StateStore) -> list[str]:
    """Where a protocol's bytes differ from the built response, over a short game of `config`."""
    tolerance = port.served.running.core.clock_tolerance_ms
    shown = selections(config.num_players)
    found: list[str] = []
    for table_index, table_options in enumerate(TABLES):
        start = port.served.stub.NewGame(pb.NewGameRequest(
            game_id=config.game_id, num_players=config.num_players,
            rules_version=config.engine.spec.rules_version,
            options={**config.options, **table_options}, seed=config.label().encode()[:64]))
        state = start.update.state
        for index, protocol in enumerate(PROTOCOLS):
            opened = store.open(state)
            game = opened.game
            if not game.to_act():
                break
            selection = shown[(table_index * len(PROTOCOLS) + index) % len(shown)]
            seat = game.to_act()[0].seat
            action = game.engine.legal_actions(game.state, seat)[0]
            request = pb.ApplyActionRequest(state=state, seat=seat, views=selection)
            getattr(request.action, game.engine.spec.proto_field).CopyFrom(action)
            sent = port.call(protocol, "ApplyAction", request)
            got = pb.ApplyActionResponse.FromString(sent) if protocol != "connect-json" else \
                protojson.decode(sent, pb.ApplyActionResponse)
            after = store.open(got.update.state)
            events: list[Event] = game.apply(seat, action)[1]
            expected = pb.ApplyActionResponse(update=_built(after, got.update, selection, events,
                                                            tolerance))
            if not _same(protocol, sent, expected):
                found.append(f"ApplyAction over {protocol}, views {selection}, table {table_options}")
            view = pb.GetViewRequest(state=state, views=selection)
            sent = port.call(protocol, "GetView", view)
            got_view = pb.GetViewResponse.FromString(sent) if protocol != "connect-json" else \
                protojson.decode(sent, pb.GetViewResponse)
            expected_view = pb.GetViewResponse(update=_built(opened, got_view.update, selection,
                                                             [], tolerance, sealed=state))
            if not _same(protocol, sent, expected_view):
                found.append(f"GetView over {protocol}, views {selection}, table {table_options}")
            state = got.update.state
    return found


def _built(opened: Opened, got: pb.GameUpdate, selection: pb.ViewSelection,
           events: list[Event], tolerance_ms: int, sealed: bytes | None = None) -> pb.GameUpdate:
    return built_update(opened.game, got.state if sealed is None else sealed, selection, events,
                        opened.instance, opened.table, _now_ms(got), tolerance_ms)


@pytest.fixture(scope="module")
def port(served: ServedHttp) -> Iterator[Port]:
    with httpx.Client(timeout=30.0) as client:
        yield Port(served, client)


@pytest.fixture(scope="module")
def store() -> StateStore:
    return StateStore(Sealer.from_config(KEYS_A), 0, NullObserver())


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label() for c in CONFIGS])
def test_every_protocol_sends_the_built_response(port: Port, store: StateStore,
                                                 config: PlayConfig) -> None:
    assert _mismatches(port, config, store) == []


def test_a_one_field_difference_is_caught_on_every_protocol(
        port: Port, store: StateStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a server whose written update has one more field (a
    locale nobody asked for) differs on every protocol, for both RPCs."""
    from service import core, updates
    from service.wire import length_delimited, varint

    real = updates.write_update

    def planted(*args: object, **kwargs: object) -> updates.WrittenUpdate:
        update = real(*args, **kwargs)  # type: ignore[arg-type]
        return updates.WrittenUpdate(update.data + length_delimited(varint(12 << 3 | 2), b"xx"),
                                     update.finished)

    monkeypatch.setattr(core, "write_update", planted)
    found = _mismatches(port, CONFIGS[0], store)
    for protocol in PROTOCOLS:
        for rpc in ("ApplyAction", "GetView"):
            assert any(line.startswith(f"{rpc} over {protocol},") for line in found), (rpc, protocol)


def test_grpc_errors_still_come_as_statuses(served: ServedHttp) -> None:
    """A refusal of a writing RPC is a status, not bytes: nothing was written."""
    with pytest.raises(grpc.RpcError) as refused:
        served.stub.ApplyAction(pb.ApplyActionRequest(state=b"\0" * 64))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # type: ignore[attr-defined]
