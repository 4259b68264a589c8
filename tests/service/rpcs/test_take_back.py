"""TakeBack end to end, on both ports of a real server requiring seat tokens: a
take-back answers the same over gRPC and Connect JSON, its refusals read alike,
and the seat's token is needed as for its actions."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, ServedHttp, all_views, first_legal, on_both_ports


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    s = ServedHttp(replace(TEST_CONFIG, require_seat_tokens=True))
    yield s
    s.close()


def _both(served: ServedHttp, request: pb.TakeBackRequest) -> list[object]:
    return on_both_ports(served, "TakeBack", request, pb.TakeBackResponse, "h2c")


def test_a_takeback_and_its_refusals_read_the_same_on_both_ports(served: ServedHttp) -> None:
    new = served.stub.NewGame(pb.NewGameRequest(game_id="central-market", num_players=3,
                                                seed=b"wire-undo", views=all_views()))
    tokens = dict(enumerate(new.seat_tokens))
    seat, action = first_legal(new.update)
    offered = served.stub.ApplyAction(pb.ApplyActionRequest(
        state=new.update.state, seat=seat, action=action, seat_token=tokens[seat],
        views=all_views(), view_tokens=tokens)).update
    assert [v.takeback_steps for v in offered.views] == \
        [int(v.HasField("seat") and v.seat == seat) for v in offered.views]
    undo = pb.TakeBackRequest(state=offered.state, seat=seat, seat_token=tokens[seat],
                              expected_step=1, views=all_views(), view_tokens=tokens)
    over_grpc, over_http = _both(served, undo)
    for update in (over_grpc, over_http):
        assert isinstance(update, pb.GameUpdate)
        assert update.step == 2 and [e.table.taken_back.steps for e in update.events] == [1]
        assert [v.central_market for v in update.views] == \
            [v.central_market for v in new.update.views]
    refusals = {
        "SEAT_TOKEN_REQUIRED": replace_request(undo, seat_token=tokens[(seat + 1) % 3]),
        "NOT_YOUR_ACTION": replace_request(undo, seat=(seat + 1) % 3,
                                           seat_token=tokens[(seat + 1) % 3]),
        "TAKEBACK_BARRIER": replace_request(undo, steps=2),
        "STALE_STEP": replace_request(undo, expected_step=0),
    }
    for reason, request in refusals.items():
        answers = _both(served, request)
        assert [answer[1] for answer in answers] == [reason, reason], answers  # type: ignore[index]


def replace_request(request: pb.TakeBackRequest, **fields: object) -> pb.TakeBackRequest:
    copy = pb.TakeBackRequest()
    copy.CopyFrom(request)
    for name, value in fields.items():
        setattr(copy, name, value)
    return copy
