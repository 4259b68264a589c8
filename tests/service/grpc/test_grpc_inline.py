"""Where the gRPC port runs each RPC's core (service/grpc_service.py, `Rpc.inline`).

The cheap, bounded RPCs run on the port's event loop (no hop to a handler
thread: docs/benchmarks.md measured the hop dearer than their work); a request
larger than INLINE_MAX_BYTES, and SuggestAction, Replay and ListGames always,
run on the handler threads, so a bot's search never holds the loop.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.core import INLINE_MAX_BYTES, ROUTES
from tests.service.conftest import TEST_CONFIG, Served, first_legal, record_threads

LOOP = "marketplay-grpc"  # service/grpc_server.py's loop thread


@pytest.fixture
def served() -> Iterator[Served]:
    s = Served(TEST_CONFIG)
    yield s
    s.close()


def test_only_the_bounded_rpcs_are_inline() -> None:
    inline = {rpc for rpc, route in ROUTES.items() if route.inline}
    assert inline == {"NewGame", "ApplyAction", "GetView", "RenewSeatToken", "TakeBack"}


def test_cheap_rpcs_run_on_the_loop_and_the_rest_on_handler_threads(served: Served) -> None:
    seen: dict[str, list[str]] = {name: [] for name in
                                  ("new_game", "apply_action", "get_view", "suggest_action",
                                   "list_games")}
    for name, threads in seen.items():
        record_threads(served.running.core, name, threads)
    stub = served.stub
    views = pb.ViewSelection(all_seats=True)
    update = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2,
                                            views=views)).update
    seat, action = first_legal(update)
    stub.ApplyAction(pb.ApplyActionRequest(state=update.state, seat=seat, action=action))
    stub.GetView(pb.GetViewRequest(state=update.state, views=views))
    stub.SuggestAction(pb.SuggestActionRequest(state=update.state, seat=seat,
                                               policy=pb.BOT_POLICY_RANDOM))
    stub.ListGames(pb.ListGamesRequest())
    assert seen["new_game"] == seen["apply_action"] == seen["get_view"] == [LOOP]
    assert seen["suggest_action"] != [LOOP] and len(seen["suggest_action"]) == 1
    assert seen["list_games"] != [LOOP] and len(seen["list_games"]) == 1


def test_a_request_over_the_inline_limit_hops_to_a_handler_thread(served: Served) -> None:
    seen: list[str] = []
    record_threads(served.running.core, "get_view", seen)
    padded = pb.GetViewRequest(state=b"\0" * (INLINE_MAX_BYTES + 1))  # refused, on a thread
    small = pb.GetViewRequest(state=b"\0" * 64)
    for request in (padded, small):
        with pytest.raises(Exception, match="INVALID_ARGUMENT"):
            served.stub.GetView(request)
    assert seen[0] != LOOP and seen[1] == LOOP


def test_a_bot_held_on_its_thread_blocks_no_other_call(served: Served) -> None:
    release = threading.Event()
    seen: list[str] = []
    record_threads(served.running.core, "suggest_action", seen, hold=release)
    stub = served.stub
    update = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=2)).update
    seat, _ = first_legal(stub.GetView(pb.GetViewRequest(
        state=update.state, views=pb.ViewSelection(all_seats=True))).update)
    searching = stub.SuggestAction.future(pb.SuggestActionRequest(
        state=update.state, seat=seat, policy=pb.BOT_POLICY_RANDOM), timeout=60)
    try:
        for _ in range(200):  # bounded by count: the bot's call has reached the core
            if seen:
                break
            threading.Event().wait(0.05)
        assert seen and seen[0] != LOOP
        for _ in range(5):  # answered while the bot's call is still held
            stub.GetView(pb.GetViewRequest(state=update.state), timeout=30)
        assert not searching.done()
    finally:
        release.set()
    assert searching.result(timeout=30).HasField("action")
