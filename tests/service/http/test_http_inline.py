"""Where the HTTP port runs each RPC's core (service/http/connect.py, `Rpc.on_loop`).

As on the gRPC port: the cheap, bounded RPCs run on the HTTP port's event loop
(the hop to a thread cost more than their work: docs/benchmarks.md); a request
larger than INLINE_MAX_BYTES, and SuggestAction, Replay and ListGames always,
run on the executor's threads, so a bot's search never holds the loop.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.core import INLINE_MAX_BYTES
from tests.service.conftest import TEST_CONFIG, ServedHttp, first_legal, record_threads
from tests.service.http_client import Caller, HttpRefusal, http_client

LOOP = "marketplay-http"  # service/http/server.py's loop thread


@pytest.fixture
def served() -> Iterator[ServedHttp]:
    s = ServedHttp(TEST_CONFIG)
    yield s
    s.close()


@pytest.mark.parametrize("protocol", ["connect-json", "connect-proto", "grpc-web"])
def test_cheap_rpcs_run_on_the_loop_and_the_rest_on_threads(served: ServedHttp,
                                                            protocol: str) -> None:
    seen: dict[str, list[str]] = {name: [] for name in
                                  ("new_game", "apply_action", "get_view", "suggest_action",
                                   "list_games")}
    for name, threads in seen.items():
        record_threads(served.running.core, name, threads)
    views = pb.ViewSelection(all_seats=True)
    with http_client("http1") as client:
        call = Caller(client, served.base, protocol)
        update = call("NewGame", pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                                   views=views), pb.NewGameResponse).update
        seat, action = first_legal(update)
        call("ApplyAction", pb.ApplyActionRequest(state=update.state, seat=seat, action=action),
             pb.ApplyActionResponse)
        call("GetView", pb.GetViewRequest(state=update.state, views=views), pb.GetViewResponse)
        call("SuggestAction", pb.SuggestActionRequest(state=update.state, seat=seat,
                                                      policy=pb.BOT_POLICY_RANDOM),
             pb.SuggestActionResponse)
        call("ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
    assert seen["new_game"] == seen["apply_action"] == seen["get_view"] == [LOOP]
    assert seen["suggest_action"] != [LOOP] and len(seen["suggest_action"]) == 1
    assert seen["list_games"] != [LOOP] and len(seen["list_games"]) == 1


def test_a_request_over_the_inline_limit_runs_on_a_thread(served: ServedHttp) -> None:
    seen: list[str] = []
    record_threads(served.running.core, "get_view", seen)
    padded = pb.GetViewRequest(state=b"\0" * (INLINE_MAX_BYTES + 1))  # refused, on a thread
    small = pb.GetViewRequest(state=b"\0" * 64)
    with http_client("http1") as client:
        call = Caller(client, served.base, "connect-proto")
        for request in (padded, small):
            with pytest.raises(HttpRefusal) as refused:
                call("GetView", request, pb.GetViewResponse)
            assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert seen[0] != LOOP and seen[1] == LOOP


def test_a_search_on_a_thread_holds_up_no_cheap_call(served: ServedHttp) -> None:
    release = threading.Event()
    searching: list[str] = []
    record_threads(served.running.core, "suggest_action", searching, hold=release)
    with http_client("http1") as client, http_client("http1") as other:
        update = Caller(other, served.base, "connect-proto")(
            "NewGame", pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                         views=pb.ViewSelection(all_seats=True)),
            pb.NewGameResponse).update
        seat, _ = first_legal(update)
        result: list[Any] = []
        search = threading.Thread(target=lambda: result.append(Caller(
            client, served.base, "connect-proto")("SuggestAction", pb.SuggestActionRequest(
                state=update.state, seat=seat, policy=pb.BOT_POLICY_RANDOM),
                pb.SuggestActionResponse)))
        search.start()
        try:
            while not searching:  # the search has reached the core and is held there
                threading.Event().wait(0.01)
            view = Caller(other, served.base, "connect-proto")(
                "GetView", pb.GetViewRequest(state=update.state), pb.GetViewResponse)
            assert view.update.state == update.state and not result
        finally:
            release.set()
            search.join(30)
    assert len(result) == 1 and result[0].HasField("action")
