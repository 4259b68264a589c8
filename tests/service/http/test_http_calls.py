"""The RPCs over every HTTP protocol and version, against a real loopback server.

Connect JSON, Connect binary, gRPC-Web binary and gRPC-Web text, each over
HTTP/1.1 and h2c, play the same seeded game as gRPC does and get the same
answers: one GameCore behind both ports.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, ServedHttp, all_views, first_legal
from tests.service.http_client import HTTP_VERSIONS, PROTOCOLS, Caller, http_client

GAME = "spice-merchant"
SEED = b"http-calls"


def _comparable(update: pb.GameUpdate) -> pb.GameUpdate:
    """An update without what differs by game instance even from one seed: the sealed
    state (a fresh nonce every time) and the seed commitment (a fresh salt per game)."""
    copy = pb.GameUpdate()
    copy.CopyFrom(update)
    copy.ClearField("state")
    for view in copy.views:
        view.ClearField("seed_commitment")
    return copy


@pytest.fixture(scope="module", params=HTTP_VERSIONS)
def client(request: pytest.FixtureRequest) -> Iterator[httpx.Client]:
    with http_client(request.param) as c:
        yield c


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_game_over_http_matches_grpc(http_served: ServedHttp, client: httpx.Client,
                                       protocol: str) -> None:
    """NewGame, ApplyAction, GetView and Replay answer as over gRPC, call for call."""
    call = Caller(client, http_served.base, protocol)
    stub = http_served.stub
    games = call("ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
    assert games == stub.ListGames(pb.ListGamesRequest())

    new = pb.NewGameRequest(game_id=GAME, num_players=3, seed=SEED, views=all_views())
    over_http = call("NewGame", new, pb.NewGameResponse)
    over_grpc = stub.NewGame(new)
    assert _comparable(over_http.update) == _comparable(over_grpc.update)
    assert len(over_http.seat_tokens) == 3
    renewed = call("RenewSeatToken", pb.RenewSeatTokenRequest(
        state=over_http.update.state, seat=2, seat_token=over_http.seat_tokens[2]),
        pb.RenewSeatTokenResponse)
    assert renewed.seat_token

    update, played = over_http.update, []
    for _ in range(4):
        seat, action = first_legal(update)
        apply = pb.ApplyActionRequest(state=update.state, seat=seat, action=action,
                                      expected_step=update.step, views=all_views())
        update = call("ApplyAction", apply, pb.ApplyActionResponse).update
        assert _comparable(update) == _comparable(stub.ApplyAction(apply).update)
        played.append(pb.SeatAction(seat=seat, action=action))
    assert update.step == 4

    view = call("GetView", pb.GetViewRequest(state=update.state, views=all_views()),
                pb.GetViewResponse).update
    assert view.step == 4 and list(view.views) == list(update.views)

    replay = pb.ReplayRequest(game_id=GAME, num_players=3, seed=SEED, actions=played,
                              views=all_views())
    replayed = call("Replay", replay, pb.ReplayResponse)
    assert replayed.actions_applied == 4
    assert _comparable(replayed.update) == _comparable(stub.Replay(replay).update)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_suggest_action_over_http_answers_as_over_grpc(protocol: str) -> None:
    """Nothing in the HTTP layer names an RPC: SuggestAction is the core's,
    so the same request and seed give the same answer on both ports."""
    served = ServedHttp(replace(TEST_CONFIG))
    try:
        start = served.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=SEED,
                                                      views=all_views())).update
        seat, _ = first_legal(start)
        request = pb.SuggestActionRequest(state=start.state, seat=seat, max_iterations=12,
                                          seed=b"same", policy=pb.BOT_POLICY_ISMCTS)
        with http_client("http1") as client:
            answer = Caller(client, served.base, protocol)(
                "SuggestAction", request, pb.SuggestActionResponse)
        assert answer == served.stub.SuggestAction(request)
        assert answer.stats.iterations == 12
    finally:
        served.close()
