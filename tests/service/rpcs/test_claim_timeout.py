"""ClaimTimeout and the turn clocks end to end, on both ports of a real server.

The server's clock is stopped and moved by replacing its core's `clock`
(looked up on every call), so nothing waits for a deadline. Each refusal comes back with
its own reason over gRPC and over Connect JSON alike, and a claim past the
deadline plays the table's policy over either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import (
    TEST_CONFIG,
    ServedHttp,
    all_views,
    first_legal,
    on_both_ports,
    refusal,
)
from tests.service.http_client import Caller, HttpRefusal, http_client

GAME = "spice-merchant"


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    s = ServedHttp(TEST_CONFIG)
    yield s
    s.close()


@pytest.fixture
def later(served: ServedHttp) -> Iterator[Callable[[float], None]]:
    """Stop the server's clock for the test, and move it `seconds` past where it
    stopped (restored after the test): however slowly the machine runs the
    test, a move is exactly as late as the test says."""
    core = served.running.core
    real = core.clock
    stopped = real()
    core.clock = lambda: stopped

    def move(seconds: float) -> None:
        core.clock = lambda: stopped + seconds

    yield move
    core.clock = real


def _new(served: ServedHttp, **options: str) -> pb.GameUpdate:
    return served.stub.NewGame(pb.NewGameRequest(
        game_id=GAME, num_players=2, seed=b"claims", options=options, views=all_views())).update


def _both(served: ServedHttp, request: pb.ClaimTimeoutRequest) -> list[object]:
    return on_both_ports(served, "ClaimTimeout", request, pb.ClaimTimeoutResponse)


def test_each_refusal_of_a_claim_reads_the_same_on_both_ports(
        served: ServedHttp, later: Callable[[float], None]) -> None:
    clocked = _new(served, clock_bank_s="60")
    cases = [
        (pb.ClaimTimeoutRequest(state=clocked.state), "DEADLINE_NOT_PASSED"),
        (pb.ClaimTimeoutRequest(state=clocked.state, expected_step=9), "STALE_STEP"),
        (pb.ClaimTimeoutRequest(state=_new(served).state), "NO_CLOCK"),
        (pb.ClaimTimeoutRequest(state=b"not a state"), "MALFORMED_STATE"),
    ]
    for request, reason in cases:
        assert [answer[1] for answer in _both(served, request)] == [reason, reason]  # type: ignore[index]
    forfeiting = _new(served, clock_bank_s="60", timeout_policy="forfeit")
    later(70)
    ended = served.stub.ClaimTimeout(pb.ClaimTimeoutRequest(state=forfeiting.state)).update
    assert list(ended.outcome.forfeited) == [0, 1]
    finished = _both(served, pb.ClaimTimeoutRequest(state=ended.state))
    assert finished == [(grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")] * 2


def test_a_claim_past_the_deadline_plays_the_policy_on_both_ports(
        served: ServedHttp, later: Callable[[float], None]) -> None:
    clocked = _new(served, clock_move_s="30", timeout_policy="greedy")
    later(33)  # past the deadline and the test server's 2 s tolerance
    grpc_update, http_update = _both(served, pb.ClaimTimeoutRequest(
        state=clocked.state, expected_step=0, views=all_views()))
    for update in (grpc_update, http_update):
        assert isinstance(update, pb.GameUpdate) and update.step == 2
        said = [e.table.timed_out for e in update.events if e.WhichOneof("game") == "table"]
        assert [(t.seat, t.policy) for t in said if not t.HasField("action")] == \
            [(0, "greedy"), (1, "greedy")]
    assert isinstance(grpc_update, pb.GameUpdate) and isinstance(http_update, pb.GameUpdate)
    # the same claim gives the same moves on any call: a seed of the game and the step
    assert [e.SerializeToString() for e in grpc_update.events] == \
        [e.SerializeToString() for e in http_update.events]


def test_a_late_action_is_refused_on_both_ports_and_one_in_time_is_charged(
        served: ServedHttp, later: Callable[[float], None]) -> None:
    clocked = _new(served, clock_bank_s="10", clock_increment_s="1")
    seat, action = first_legal(clocked)
    request = pb.ApplyActionRequest(state=clocked.state, seat=seat, action=action,
                                    views=all_views())
    later(13)
    with pytest.raises(grpc.RpcError) as excinfo:
        served.stub.ApplyAction(request)
    assert refusal(excinfo)[:2] == (grpc.StatusCode.FAILED_PRECONDITION, "DEADLINE_PASSED")
    with http_client("http1") as client, pytest.raises(HttpRefusal) as refused:
        Caller(client, served.base, "connect-json")("ApplyAction", request, pb.ApplyActionResponse)
    assert refused.value.reason == "DEADLINE_PASSED"
    later(11)  # within the tolerance: applied, the bank emptied and the increment added
    update = served.stub.ApplyAction(request).update
    clock = update.views[0].clocks[seat]
    assert clock.bank.seconds == 1 and update.HasField("server_time")
    assert dict(update.table_options)["clock_bank_s"] == "10"
