"""HTTP/2 control-frame floods on the HTTP port (docs/security.md, "Hostile clients").

Granian's HTTP/2 (the h2 crate under hyper, in Rust, off the GIL) closes a
connection that resets streams as fast as it opens them (CVE-2023-44487,
"rapid reset") after a few dozen resets, and answers SETTINGS and PING floods
without Python ever running; normal calls on other connections are answered
during every flood. Each flood is bounded in frames, not in time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from hyperframe.frame import PingFrame

from marketplay.v1 import game_service_pb2 as pb
from tests.attacks.h2raw import RawH2
from tests.service.conftest import TEST_CONFIG, ServedHttp
from tests.service.http_client import Caller, http_client

GET_VIEW = "/marketplay.v1.GameService/GetView"
#: Frames one flood sends at most; rapid reset must be cut off well before.
FLOOD_FRAMES = 3_000
MAX_RECONNECTS = 200


@pytest.fixture(scope="module")
def served() -> Iterator[ServedHttp]:
    served = ServedHttp(TEST_CONFIG)
    yield served
    served.close()


def _rapid_reset(attacker: RawH2) -> None:
    attacker.reset(attacker.headers(GET_VIEW, "application/json"))


def _ping(attacker: RawH2) -> None:
    attacker.send(PingFrame(0, opaque_data=b"floodflo").serialize())


FLOODS: dict[str, Callable[[RawH2], None]] = {
    "rapid reset": _rapid_reset,
    "settings": RawH2.settings,
    "ping": _ping,
}


def _flood(port: int, flood: str) -> tuple[int, bool]:
    """(frames sent, whether the server closed the connection) of one bounded flood."""
    attacker = RawH2(port)
    sent = 0
    try:
        for _ in range(FLOOD_FRAMES):
            if attacker.closed.is_set():
                break
            try:
                FLOODS[flood](attacker)
            except OSError:
                break
            sent += 1
        if flood == "rapid reset":  # its close may still be on the way
            deadline = time.monotonic() + 30
            while not attacker.closed.is_set() and time.monotonic() < deadline:
                time.sleep(0.05)
        return sent, attacker.closed.is_set()
    finally:
        attacker.close()


def test_rapid_reset_closes_the_connection(served: ServedHttp) -> None:
    assert served.running.http is not None
    # Whether the server closed it is the point; how many resets the client wrote before
    # its reader saw the GOAWAY depends on thread scheduling (3,000 on a fast idle run).
    sent, closed = _flood(served.running.http.port, "rapid reset")
    assert closed, f"{sent} resets and the connection is still open"


@pytest.mark.parametrize("flood", sorted(FLOODS))
def test_normal_calls_are_answered_during_a_flood(served: ServedHttp, flood: str) -> None:
    assert served.running.http is not None
    port = served.running.http.port
    done = threading.Event()

    def attack() -> None:
        for _ in range(MAX_RECONNECTS):  # reconnecting at once, as the bench's attackers do
            if done.is_set():
                break
            _flood(port, flood)

    attackers = [threading.Thread(target=attack, daemon=True) for _ in range(2)]
    for attacker in attackers:
        attacker.start()
    try:
        with http_client("h2c") as client:
            call = Caller(client, served.base, "connect-json")
            for _ in range(10):
                games = call("ListGames", pb.ListGamesRequest(), pb.ListGamesResponse)
                assert games.games
    finally:
        done.set()
        for attacker in attackers:
            attacker.join(60)
