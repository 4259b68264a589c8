"""A refusal repeats at most 64 characters of any value the caller sent.

A 4 KB game_id used to come back three times (message, ErrorInfo metadata,
and the message again inside grpc-status-details-bin), past clients' 8 KB
header limit: `rpc_status.from_call` then raised instead of reading the
refusal.
"""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

HUGE = "g" * 4096
WIDE = "\u00e9\u4e2d\U0001f600" * 1365  # 4 KB of characters, 3-4 bytes each in UTF-8
Call = Callable[[pb_grpc.GameServiceStub], object]

CALLS: dict[str, tuple[Call, grpc.StatusCode, str]] = {
    "game_id": (lambda s: s.NewGame(pb.NewGameRequest(game_id=HUGE, num_players=2)),
                grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME"),
    "wide-game_id": (lambda s: s.NewGame(pb.NewGameRequest(game_id=WIDE, num_players=2)),
                     grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME"),
    "replay-game_id": (lambda s: s.Replay(pb.ReplayRequest(game_id=HUGE, num_players=2, seed=b"s")),
                       grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME"),
    "rules_version": (lambda s: s.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, rules_version=HUGE)),
        grpc.StatusCode.NOT_FOUND, "UNKNOWN_RULES_VERSION"),
    "option-value": (lambda s: s.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, options={"nutmeg-prices": HUGE})),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"),
    "option-name": (lambda s: s.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, options={HUGE: "1"})),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"),
    "many-option-names": (lambda s: s.NewGame(pb.NewGameRequest(
        game_id="spice-merchant", num_players=2, options={f"{i:02d}" + "x" * 60: "1" for i in range(16)})),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"),
}


def _header_bytes(metadata: object) -> int:
    return sum(len(k) + len(v) for k, v in metadata)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_huge_echoed_value_gives_a_small_readable_refusal(stub: pb_grpc.GameServiceStub,
                                                           name: str) -> None:
    call, code, reason = CALLS[name]
    with pytest.raises(grpc.RpcError) as excinfo:
        call(stub)
    err = excinfo.value
    assert err.code() == code  # type: ignore[attr-defined]
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    assert status is not None
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.reason == reason
    assert len(status.message) <= 512
    assert all(len(v) <= 64 for v in info.metadata.values())
    assert "g" * 65 not in status.message
    assert _header_bytes(err.trailing_metadata()) < 2048  # type: ignore[attr-defined]
