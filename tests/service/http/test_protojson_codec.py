"""The HTTP port's JSON codec is service.http.protojson, with the port's refusal and empty-body rules.

No sockets: the codec object itself, as connectrpc calls it.
"""

from __future__ import annotations

import json
import threading

import pytest
from connectrpc.code import Code as ConnectCode
from connectrpc.errors import ConnectError
from google.protobuf import json_format
from google.rpc import error_details_pb2

from marketplay.v1 import game_service_pb2 as pb
from service.http.connect import codecs

JSON = next(codec for codec in codecs() if codec.name() == "json")


def _reason(error: ConnectError) -> str:
    infos = [error_details_pb2.ErrorInfo.FromString(detail.message_bytes) for detail in error.details
             if detail.type_name == "google.rpc.ErrorInfo"]
    assert len(infos) == 1
    return infos[0].reason


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
    with pytest.raises(ConnectError) as refused:
        JSON.decode(body, pb.NewGameRequest)
    assert refused.value.code is ConnectCode.INVALID_ARGUMENT
    assert _reason(refused.value) == "MALFORMED_REQUEST"
    assert "marketplay.v1.NewGameRequest in JSON" in refused.value.message


def test_the_refusal_names_the_field_given_twice() -> None:
    with pytest.raises(ConnectError, match=r"gameId.*game_id.*same field"):
        JSON.decode(b'{"numPlayers": 2, "game_id": "a", "gameId": "b"}', pb.NewGameRequest)


def test_first_use_from_many_threads_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plans compiled on first use are published whole: threads racing to compile all succeed."""
    from service.http import protojson

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
