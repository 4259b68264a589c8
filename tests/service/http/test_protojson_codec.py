"""The HTTP port's JSON codec is protojson, with the port's refusal and empty-body rules.

No sockets: the codec object itself, as connectrpc calls it. A body it refuses
comes back as `Malformed` (the handler records and raises it on the call's
life: tests/service/http/test_call_life.py), carrying the refusal.
"""

from __future__ import annotations

import json
import re
import threading

import pytest
from google.protobuf import json_format

from marketplay.v1 import game_service_pb2 as pb
from service.errors import Code, ServiceError
from service.http.connect import Malformed, codecs

JSON = next(codec for codec in codecs() if codec.name() == "json")


def _refusal(body: bytes) -> ServiceError:
    refused = JSON.decode(body, pb.NewGameRequest)
    assert isinstance(refused, Malformed)
    return refused.error


def test_writes_what_the_port_wrote_before() -> None:
    """The compact json_format text, non-ASCII escaped."""
    message = pb.NewGameResponse(seat_tokens=["é", "t"], update=pb.GameUpdate(step=3, state=b"\x00\xff"))
    expected = json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()
    assert JSON.encode(message) == expected


def test_reads_a_request() -> None:
    body = b'{"gameId": "spice-merchant", "numPlayers": 3, "views": {"allSeats": true}, "seed": "YWJj"}'
    assert JSON.decode(body, pb.NewGameRequest) == pb.NewGameRequest(
        game_id="spice-merchant", num_players=3, views=pb.ViewSelection(all_seats=True), seed=b"abc")


def test_an_empty_body_is_the_empty_message() -> None:
    assert JSON.decode(b" \n", pb.NewGameRequest) == pb.NewGameRequest()


@pytest.mark.parametrize("body", [
    b'{"game_id": "a", "gameId": "b"}',  # json_format would take "b"
    b'{"gameId": "a", "gameId": "b"}',
    b'{"numPlayers": 99999999999}',
    b'{"gameId": ',
])
def test_a_refused_body_is_malformed_request(body: bytes) -> None:
    """INVALID_ARGUMENT with reason MALFORMED_REQUEST, naming the message and the field."""
    refused = _refusal(body)
    assert (refused.code, refused.reason) == (Code.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    assert "marketplay.v1.NewGameRequest in JSON" in str(refused)


def test_the_refusal_names_the_field_given_twice() -> None:
    refused = _refusal(b'{"numPlayers": 2, "game_id": "a", "gameId": "b"}')
    assert re.search(r"gameId.*game_id.*same field", str(refused))


def test_first_use_from_many_threads_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plans compiled on first use are published whole: threads racing to compile all succeed."""
    import protojson

    message = pb.ApplyActionResponse(update=pb.GameUpdate(
        step=4, decisions=[pb.Decision(seat=1)], views=[pb.GameView(seat=2)]))
    expected = json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()
    results: list[object] = []
    for _ in range(5):
        monkeypatch.setattr(protojson, "_encoders", {})
        monkeypatch.setattr(protojson, "_decoders", {})
        start = threading.Barrier(8)

        def race(start: threading.Barrier = start) -> None:
            start.wait()
            encoded = protojson.encode(message)
            results.append((encoded, protojson.decode(encoded, pb.ApplyActionResponse)))

        threads = [threading.Thread(target=race) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert results == [(expected, message)] * 40
