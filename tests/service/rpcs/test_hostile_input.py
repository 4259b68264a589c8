"""Hostile input costs a caller nothing it can use to exhaust the server.

No caller-controlled bytes may size a cache or a buffer: an action that is
larger than any legal action is refused before any rule or cache sees it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import grpc
import pytest

from engines.spice_merchant import moves
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import spice_merchant_pb2 as sm
from tests.service.conftest import TEST_CONFIG, Served
from tests.service.rpcs.test_refusals import expect

Code = grpc.StatusCode


def _huge_registration(spices: int, salt: int) -> pb.GameAction:
    """A RegisterSecret naming `spices` cards (a legal one names one or two)."""
    wire = [1 + (i * 7 + salt) % 6 for i in range(spices)]
    return pb.GameAction(spice_merchant=sm.SpiceMerchantAction(
        register_secret=sm.SpiceMerchantRegisterSecret(spices=wire)))


def _rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def roomy() -> Iterator[Served]:
    """The default 1 MiB request limit, as in production."""
    s = Served(replace(TEST_CONFIG, max_request_bytes=1 << 20))
    yield s
    s.close()


def test_an_action_larger_than_any_legal_one_is_refused_unread(roomy: Served) -> None:
    stub = roomy.stub
    update = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=3)).update
    action = _huge_registration(200_000, 0)
    message = expect(lambda: stub.ApplyAction(pb.ApplyActionRequest(
        state=update.state, seat=0, action=action)), Code.INVALID_ARGUMENT, "MALFORMED_ACTION")
    assert "at most 32 bytes" in message
    replay = pb.ReplayRequest(game_id="spice-merchant", num_players=3, seed=b"s",
                              actions=[pb.SeatAction(seat=0, action=action)])
    message = expect(lambda: stub.Replay(replay), Code.INVALID_ARGUMENT, "MALFORMED_ACTION")
    assert message.startswith("action 0:")


def test_distinct_huge_actions_do_not_grow_memory(roomy: Served) -> None:
    """Before the bound, 60 distinct ~1 MB registrations grew a worker by ~540 MiB."""
    stub = roomy.stub
    state = stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=3)).update.state
    requests = [pb.ApplyActionRequest(state=state, seat=0, action=_huge_registration(150_000, i))
                for i in range(40)]
    before = _rss_bytes()
    for request in requests:
        expect(lambda r=request: stub.ApplyAction(r), Code.INVALID_ARGUMENT, "MALFORMED_ACTION")
    growth = _rss_bytes() - before
    assert growth < 48 << 20, f"RSS grew by {growth >> 20} MiB"


def test_the_move_cache_never_keys_on_an_oversized_action() -> None:
    """The engine guards its own cache too: bots and tests call it directly."""
    before = moves._move_of_bytes.cache_info().currsize
    for salt in range(20):
        assert moves.move_of(_huge_registration(1000, salt).spice_merchant) is None
    assert moves._move_of_bytes.cache_info().currsize == before
