"""Every refusal: the right status code, an ErrorInfo reason, nothing changed."""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from marketplay.v1 import central_market_pb2 as cm
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from marketplay.v1 import spice_merchant_pb2 as sm
from tests.service.conftest import KEYS_B, TEST_CONFIG, Served, all_views, first_legal, refusal

GAME = "spice-merchant"
Code = grpc.StatusCode


@pytest.fixture(scope="module")
def start(stub: pb_grpc.GameServiceStub) -> pb.GameUpdate:
    return stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"refusals",
                                          views=all_views())).update


def expect(call: object, code: grpc.StatusCode, reason: str) -> str:
    with pytest.raises(grpc.RpcError) as excinfo:
        call()  # type: ignore[operator]
    got_code, got_reason, message = refusal(excinfo)
    assert (got_code, got_reason) == (code, reason), message
    assert message
    return message


def apply(stub: pb_grpc.GameServiceStub, state: bytes, seat: int, action: pb.GameAction,
          **extra: object) -> object:
    return lambda: stub.ApplyAction(pb.ApplyActionRequest(state=state, seat=seat, action=action,
                                                          **extra))  # type: ignore[arg-type]


def test_unknown_game_is_not_found(stub: pb_grpc.GameServiceStub) -> None:
    message = expect(lambda: stub.NewGame(pb.NewGameRequest(game_id="chess", num_players=2)),
                     Code.NOT_FOUND, "UNKNOWN_GAME")
    assert "spice-merchant" in message  # tells the developer what exists


@pytest.mark.parametrize("request_", [
    pb.NewGameRequest(game_id=GAME, num_players=9),
    pb.NewGameRequest(game_id=GAME, num_players=3, options={"no-such-option": "1"}),
])
def test_bad_options_are_invalid_argument(stub: pb_grpc.GameServiceStub,
                                          request_: pb.NewGameRequest) -> None:
    expect(lambda: stub.NewGame(request_), Code.INVALID_ARGUMENT, "INVALID_OPTIONS")


def test_bad_seed_and_view_seat(stub: pb_grpc.GameServiceStub) -> None:
    expect(lambda: stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"x" * 65)),
           Code.INVALID_ARGUMENT, "BAD_SEED")
    expect(lambda: stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2,
                                                  views=pb.ViewSelection(seats=[2]))),
           Code.INVALID_ARGUMENT, "BAD_VIEW_SEAT")


def test_tampered_truncated_and_garbage_states(stub: pb_grpc.GameServiceStub,
                                               start: pb.GameUpdate) -> None:
    seat, action = first_legal(start)
    state = start.state
    flipped = bytearray(state)
    flipped[-5] ^= 0x01
    expect(apply(stub, bytes(flipped), seat, action), Code.INVALID_ARGUMENT, "TAMPERED_STATE")
    expect(apply(stub, state[:-1], seat, action), Code.INVALID_ARGUMENT, "TAMPERED_STATE")
    expect(apply(stub, state[:20], seat, action), Code.INVALID_ARGUMENT, "MALFORMED_STATE")
    expect(apply(stub, b"\x00garbage", seat, action), Code.INVALID_ARGUMENT, "MALFORMED_STATE")
    expect(apply(stub, b"", seat, action), Code.INVALID_ARGUMENT, "MISSING_STATE")
    # The header is authenticated too: relabelling the game is tampering.
    relabelled = state.replace(b"spice-merchant", b"spice-merchanT", 1)
    expect(apply(stub, relabelled, seat, action), Code.INVALID_ARGUMENT, "TAMPERED_STATE")


def test_state_sealed_under_a_foreign_key_is_refused(start: pb.GameUpdate) -> None:
    from dataclasses import replace
    other = Served(replace(TEST_CONFIG, state_keys=KEYS_B))
    try:
        seat, action = first_legal(start)
        message = expect(apply(other.stub, start.state, seat, action),
                         Code.INVALID_ARGUMENT, "UNKNOWN_STATE_KEY")
        assert "'a'" in message
    finally:
        other.close()


def test_rule_refusals(stub: pb_grpc.GameServiceStub, start: pb.GameUpdate) -> None:
    seat, action = first_legal(start)
    # Every seat registers at first; once one has, it is idle while the others decide.
    after = stub.ApplyAction(pb.ApplyActionRequest(state=start.state, seat=seat, action=action,
                                                   views=all_views())).update
    assert seat not in {d.seat for d in after.decisions}
    message = expect(apply(stub, after.state, seat, first_legal(after)[1]),
                     Code.PERMISSION_DENIED, "NOT_YOUR_TURN")
    assert "is not deciding now" in message
    expect(apply(stub, start.state, 7, action), Code.PERMISSION_DENIED, "NOT_YOUR_TURN")
    empty = pb.GameAction(spice_merchant=sm.SpiceMerchantAction())
    expect(apply(stub, start.state, seat, empty), Code.FAILED_PRECONDITION, "ILLEGAL_ACTION")
    expect(apply(stub, start.state, seat, action, expected_step=3), Code.ABORTED, "STALE_STEP")
    expect(apply(stub, start.state, seat, pb.GameAction()), Code.INVALID_ARGUMENT, "MISSING_ACTION")
    foreign = pb.GameAction(central_market=cm.CentralMarketAction())
    expect(apply(stub, start.state, seat, foreign), Code.INVALID_ARGUMENT, "WRONG_GAME_ACTION")
    # Nothing was lost: the original state still plays.
    assert stub.ApplyAction(pb.ApplyActionRequest(state=start.state, seat=seat, action=action,
                                                  expected_step=0)).update.step == 1


def test_finished_game_refuses_actions(stub: pb_grpc.GameServiceStub) -> None:
    from tests.service.rpcs.test_contract import _play_to_end
    start = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"over"))
    final, log = _play_to_end(stub, start.update)
    expect(apply(stub, final.state, 0, log[-1].action), Code.FAILED_PRECONDITION, "GAME_OVER")


def test_oversized_requests(stub: pb_grpc.GameServiceStub, start: pb.GameUpdate) -> None:
    seat, action = first_legal(start)
    huge = start.state + b"\x00" * (TEST_CONFIG.max_request_bytes + 1)
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.ApplyAction(pb.ApplyActionRequest(state=huge, seat=seat, action=action))
    assert excinfo.value.code() == Code.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
    too_many = [pb.SeatAction(seat=seat, action=action)] * (TEST_CONFIG.max_replay_actions + 1)
    expect(lambda: stub.Replay(pb.ReplayRequest(game_id=GAME, num_players=3, seed=b"r",
                                                actions=too_many)),
           Code.RESOURCE_EXHAUSTED, "REPLAY_TOO_LONG")


def _metadata(excinfo: pytest.ExceptionInfo[grpc.RpcError]) -> dict[str, str]:
    status = rpc_status.from_call(excinfo.value)  # type: ignore[arg-type]
    assert status is not None
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return dict(info.metadata)


@pytest.mark.parametrize(("second", "code", "reason"), [
    ("same-seat-again", Code.PERMISSION_DENIED, "NOT_YOUR_TURN"),  # seat 0 has registered
    ("empty-action", Code.FAILED_PRECONDITION, "ILLEGAL_ACTION"),
])
def test_replay_names_the_failing_action(stub: pb_grpc.GameServiceStub, start: pb.GameUpdate,
                                         second: str, code: grpc.StatusCode, reason: str) -> None:
    seat, action = first_legal(start)
    other = (seat + 1) % 3
    follow = {
        "same-seat-again": pb.SeatAction(seat=seat, action=action),
        "empty-action": pb.SeatAction(seat=other, action=pb.GameAction(
            spice_merchant=sm.SpiceMerchantAction())),
    }[second]
    actions = [pb.SeatAction(seat=seat, action=action), follow]
    with pytest.raises(grpc.RpcError) as excinfo:
        stub.Replay(pb.ReplayRequest(game_id=GAME, num_players=3, seed=b"refusals",
                                     actions=actions))
    got_code, got_reason, message = refusal(excinfo)
    assert (got_code, got_reason) == (code, reason), message
    assert message.startswith("action 1:")
    assert _metadata(excinfo)["action_index"] == "1"


def test_replay_without_a_seed(stub: pb_grpc.GameServiceStub) -> None:
    expect(lambda: stub.Replay(pb.ReplayRequest(game_id=GAME, num_players=3)),
           Code.INVALID_ARGUMENT, "MISSING_SEED")
