"""Every refusal reads the same over gRPC and HTTP: code, ErrorInfo reason and message.

Each bad request is sent over gRPC and over every HTTP protocol; GameCore
raises one ServiceError and each transport only renders it.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from dataclasses import replace

import grpc
import httpx
import pytest
from connectrpc._protocol import _error_to_http_status  # the table the library answers with
from google.protobuf.message import Message

from marketplay.v1 import central_market_pb2 as cm
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import spice_merchant_pb2 as sm
from tests.service.conftest import TEST_CONFIG, ServedHttp, all_views, first_legal, refusal
from tests.service.http_client import (
    PROTOCOLS,
    SERVICE,
    Caller,
    HttpRefusal,
    connect_refusal,
    grpc_web_refusal,
    http_client,
    parse_grpc_web,
)

GAME = "spice-merchant"
Bad = tuple[str, Message]
Case = Callable[[pb.NewGameResponse], Bad]


def _apply(start: pb.NewGameResponse, **changes: object) -> pb.ApplyActionRequest:
    seat, action = first_legal(start.update)
    fields: dict[str, object] = {"state": start.update.state, "seat": seat, "action": action}
    fields.update(changes)
    return pb.ApplyActionRequest(**fields)  # type: ignore[arg-type]


def _tampered(start: pb.NewGameResponse) -> bytes:
    flipped = bytearray(start.update.state)
    flipped[-5] ^= 1
    return bytes(flipped)


CASES: dict[str, Case] = {
    "unknown game": lambda s: ("NewGame", pb.NewGameRequest(game_id="chess", num_players=2)),
    "unknown rules version": lambda s: ("NewGame", pb.NewGameRequest(
        game_id=GAME, num_players=3, rules_version="1999")),
    "bad player count": lambda s: ("NewGame", pb.NewGameRequest(game_id=GAME, num_players=9)),
    "unknown option": lambda s: ("NewGame", pb.NewGameRequest(
        game_id=GAME, num_players=3, options={"no-such-option": "1"})),
    "seed too long": lambda s: ("NewGame", pb.NewGameRequest(
        game_id=GAME, num_players=2, seed=b"x" * 65)),
    "view of no seat": lambda s: ("NewGame", pb.NewGameRequest(
        game_id=GAME, num_players=2, views=pb.ViewSelection(seats=[2]))),
    "tampered state": lambda s: ("ApplyAction", _apply(s, state=_tampered(s))),
    "truncated state": lambda s: ("ApplyAction", _apply(s, state=s.update.state[:20])),
    "missing state": lambda s: ("ApplyAction", _apply(s, state=b"")),
    "missing action": lambda s: ("ApplyAction", _apply(s, action=pb.GameAction())),
    "another game's action": lambda s: ("ApplyAction", _apply(
        s, action=pb.GameAction(central_market=cm.CentralMarketAction()))),
    "illegal action": lambda s: ("ApplyAction", _apply(
        s, action=pb.GameAction(spice_merchant=sm.SpiceMerchantAction()))),
    "stale step": lambda s: ("ApplyAction", _apply(s, expected_step=3)),
    "no such seat": lambda s: ("ApplyAction", _apply(s, seat=7)),
    "view of a bad seat": lambda s: ("GetView", pb.GetViewRequest(
        state=s.update.state, views=pb.ViewSelection(seats=[5]))),
    "replay without seed": lambda s: ("Replay", pb.ReplayRequest(game_id=GAME, num_players=3)),
    "replay too long": lambda s: ("Replay", pb.ReplayRequest(
        game_id=GAME, num_players=3, seed=b"r",
        actions=[pb.SeatAction(seat=0, action=first_legal(s.update)[1])]
        * (TEST_CONFIG.max_replay_actions + 1))),
    "replay of an illegal action": lambda s: ("Replay", pb.ReplayRequest(
        game_id=GAME, num_players=3, seed=b"refusals",
        actions=[pb.SeatAction(seat=first_legal(s.update)[0], action=first_legal(s.update)[1])]
        * 2)),
    "suggest without a state": lambda s: ("SuggestAction", pb.SuggestActionRequest()),
    "renew with a forged token": lambda s: ("RenewSeatToken", pb.RenewSeatTokenRequest(
        state=s.update.state, seat=1, seat_token="a.forged")),
    "renew for no such seat": lambda s: ("RenewSeatToken", pb.RenewSeatTokenRequest(
        state=s.update.state, seat=9, seat_token=s.seat_tokens[0])),
}
TOKEN_CASES: dict[str, Case] = {
    "action without its token": lambda s: ("ApplyAction", _apply(s)),
    "action with another seat's token": lambda s: ("ApplyAction", _apply(
        s, seat_token=s.seat_tokens[(first_legal(s.update)[0] + 1) % 3])),
    "view without its token": lambda s: ("GetView", pb.GetViewRequest(
        state=s.update.state, views=pb.ViewSelection(seats=[1]))),
}
RESPONSES = {"NewGame": pb.NewGameResponse, "ApplyAction": pb.ApplyActionResponse,
             "GetView": pb.GetViewResponse, "Replay": pb.ReplayResponse,
             "SuggestAction": pb.SuggestActionResponse,
             "RenewSeatToken": pb.RenewSeatTokenResponse}


# JSON bodies are 2-4x their binary size and the limit is on the body: room for the
# "replay too long" case, whose binary form is within TEST_CONFIG's limit.
CONFIG = replace(TEST_CONFIG, max_request_bytes=4 * TEST_CONFIG.max_request_bytes)


@pytest.fixture(scope="module")
def roomy() -> Iterator[ServedHttp]:
    s = ServedHttp(CONFIG)
    yield s
    s.close()


@pytest.fixture(scope="module")
def tokens_served() -> Iterator[ServedHttp]:
    s = ServedHttp(replace(CONFIG, require_seat_tokens=True))
    yield s
    s.close()


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with http_client("http1") as c:
        yield c


def _start(served: ServedHttp) -> pb.NewGameResponse:
    return served.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"refusals",
                                                 views=all_views()))


def _compare(served: ServedHttp, client: httpx.Client, case: Case) -> None:
    method, request = case(_start(served))
    with pytest.raises(grpc.RpcError) as over_grpc:
        getattr(served.stub, method)(request)
    expected = refusal(over_grpc)
    assert expected[1], f"gRPC refused {method} without a reason: {expected}"
    for protocol in PROTOCOLS:
        with pytest.raises(HttpRefusal) as over_http:
            Caller(client, served.base, protocol)(method, request, RESPONSES[method])
        assert over_http.value.triple() == expected, protocol


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_refusals_match_grpc(roomy: ServedHttp, client: httpx.Client, case: Case) -> None:
    _compare(roomy, client, case)


@pytest.mark.parametrize("case", TOKEN_CASES.values(), ids=TOKEN_CASES.keys())
def test_seat_token_refusals_match_grpc(tokens_served: ServedHttp, client: httpx.Client,
                                        case: Case) -> None:
    _compare(tokens_served, client, case)


def test_http_status_follows_the_connect_protocol(roomy: ServedHttp,
                                                  client: httpx.Client) -> None:
    """connectrpc.org/docs/protocol#error-codes, for every refusal above."""
    start = _start(roomy)
    statuses = {code.value: status.code for code, status in _error_to_http_status.items()}
    seen = set()
    for name, case in CASES.items():
        method, request = case(start)
        with pytest.raises(HttpRefusal) as refused:
            Caller(client, roomy.base, "connect-json")(method, request, RESPONSES[method])
        connect_code = "canceled" if refused.value.code is grpc.StatusCode.CANCELLED else \
            refused.value.code.name.lower()
        assert refused.value.http_status == statuses[connect_code], name
        seen.add(refused.value.http_status)
    assert {400, 403, 404, 409, 429} <= seen


def test_a_malformed_body_is_refused_alike(roomy: ServedHttp, client: httpx.Client) -> None:
    """Bytes that are no request message: the same refusal over gRPC, Connect and gRPC-Web."""
    data = b"\xff\xff\xff"
    with pytest.raises(grpc.RpcError) as over_grpc:
        roomy.channel.unary_unary(f"/{SERVICE}/NewGame")(data, timeout=10)
    expected = refusal(over_grpc)
    assert expected[:2] == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    connect = client.post(f"{roomy.base}/{SERVICE}/NewGame", content=data,
                          headers={"content-type": "application/proto"})
    assert connect_refusal(connect).triple() == expected
    framed = struct.pack(">BI", 0, len(data)) + data
    grpc_web = client.post(f"{roomy.base}/{SERVICE}/NewGame", content=framed,
                           headers={"content-type": "application/grpc-web+proto"})
    _, trailers = parse_grpc_web(grpc_web.content)
    assert grpc_web_refusal({**dict(grpc_web.headers), **trailers}).triple() == expected
