"""HTTP/2 control-frame floods on the HTTP port (docs/security.md, "Hostile clients").

A connection that resets streams, or sends SETTINGS or PINGs, faster than any
client needs is answered GOAWAY ENHANCE_YOUR_CALM and closed
(service/h2_guard.py), before its flood creates more streams; normal calls on
other connections are still answered.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from marketplay.v1 import game_service_pb2 as pb
from service.h2_guard import MAX_CONTROL_FRAMES
from tests.attacks.h2raw import RawH2
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import Caller, http_client

GET_VIEW = "/marketplay.v1.GameService/GetView"


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(TEST_CONFIG)
    yield served
    served.close()


def _rapid_reset(attacker: RawH2) -> None:
    attacker.reset(attacker.headers(GET_VIEW, "application/json"))


FLOODS: dict[str, Callable[[RawH2], None]] = {
    "rapid reset": _rapid_reset,
    "settings": RawH2.settings,
}


@pytest.mark.parametrize("flood", sorted(FLOODS))
def test_a_flooding_connection_is_told_to_calm_down_and_closed(
        served: ServedHttp, flood: str) -> None:
    assert served.running.http is not None
    attacker = RawH2(served.running.http.port)
    try:
        for _ in range(MAX_CONTROL_FRAMES * 3):
            if attacker.closed.is_set():
                break
            try:
                FLOODS[flood](attacker)
            except OSError:
                break
        deadline = time.monotonic() + 30
        while not attacker.closed.is_set() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert attacker.goaways >= 1 and attacker.closed.is_set()
    finally:
        attacker.close()
    with http_client("http1") as client:  # and the port still serves everyone else
        games = Caller(client, served.base, "connect-json")(
            "ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
    assert games.games
