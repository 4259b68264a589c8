"""docs/bots.md's Python blocks run as the page says: after the README's Python
example has made `stub`, `pb` and `everyone`, against a server configured as
`make run`'s."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.servers import start_server
from tests.service.conftest import TEST_CONFIG

BOTS_MD = (Path(__file__).resolve().parents[3] / "docs" / "bots.md").read_text()


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", BOTS_MD, re.DOTALL)


@pytest.fixture(scope="module")
def namespace() -> Iterator[dict[str, Any]]:
    """What the README's example leaves behind, on a loopback server."""
    serving = start_server(TEST_CONFIG, http=False)
    channel = grpc.insecure_channel(serving.address)
    yield {"stub": pb_grpc.GameServiceStub(channel), "pb": pb,
           "everyone": pb.ViewSelection(all_seats=True, spectator=True)}
    channel.close()
    serving.stop()


def test_the_page_has_its_two_blocks() -> None:
    assert len(_blocks()) == 2


def test_a_suggested_move_is_applied_and_a_timeout_handler_plays_the_next(
        namespace: dict[str, Any]) -> None:
    suggest, on_timeout = _blocks()
    exec(suggest, namespace)  # the doc's own code, run as written
    update = namespace["update"]
    assert update.step == 1 and len(update.views) == 4
    exec(on_timeout, namespace)
    seat = next(d.seat for d in update.decisions)
    after = namespace["on_timeout"](namespace["stub"], update, seat, namespace["tokens"][seat])
    assert after.step == 2 and [v.seat for v in after.views] == [seat]
