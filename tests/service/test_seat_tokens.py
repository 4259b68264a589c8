"""--require-seat-tokens: a seat's view or action needs that seat's token."""

from __future__ import annotations

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import Served, first_legal, refusal

GAME = "spice-merchant"


def test_actions_and_views_need_the_seats_token(served_with_tokens: Served) -> None:
    stub = served_with_tokens.stub
    new = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=3, seed=b"tokens",
                                         views=pb.ViewSelection(all_seats=True)))
    tokens = list(new.seat_tokens)
    seat, action = first_legal(new.update)
    state = new.update.state

    def refused(request: pb.ApplyActionRequest | pb.GetViewRequest) -> None:
        with pytest.raises(grpc.RpcError) as excinfo:
            (stub.ApplyAction if isinstance(request, pb.ApplyActionRequest) else stub.GetView)(
                request)  # type: ignore[operator]
        code, reason, _ = refusal(excinfo)
        assert (code, reason) == (grpc.StatusCode.PERMISSION_DENIED, "SEAT_TOKEN_REQUIRED")

    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action))
    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action,
                                  seat_token=tokens[(seat + 1) % 3]))
    refused(pb.ApplyActionRequest(state=state, seat=seat, action=action, seat_token="a.forged"))
    refused(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1])))
    refused(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1]),
                              view_tokens={1: tokens[2]}))
    view = stub.GetView(pb.GetViewRequest(state=state, views=pb.ViewSelection(seats=[1]),
                                          view_tokens={1: tokens[1]})).update
    assert [v.seat for v in view.views] == [1]
    spectator = stub.GetView(pb.GetViewRequest(state=state,
                                               views=pb.ViewSelection(spectator=True))).update
    assert not spectator.views[0].HasField("seat")
    done = stub.ApplyAction(pb.ApplyActionRequest(state=state, seat=seat, action=action,
                                                  seat_token=tokens[seat],
                                                  views=pb.ViewSelection(seats=[seat]))).update
    assert done.step == 1


def test_tokens_are_not_required_by_default(served: Served) -> None:
    new = served.stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"open",
                                                views=pb.ViewSelection(all_seats=True)))
    seat, action = first_legal(new.update)
    assert served.stub.ApplyAction(pb.ApplyActionRequest(
        state=new.update.state, seat=seat, action=action)).update.step == 1
