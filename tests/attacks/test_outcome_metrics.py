"""Metrics say what the client saw (docs/security.md, "Hostile clients").

A gRPC-Web envelope connectrpc rejected was counted OK; a compressed frame
without grpc-encoding answered INTERNAL and was counted OK; an unknown
Content-Encoding answered 501 and was counted Unknown. Now each is refused
with a documented code and reason, and counted with the code the client got.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from marketplay.v1 import game_service_pb2 as pb
from tests.servers import Metered
from tests.service.conftest import TEST_CONFIG
from tests.service.http_client import http_client, parse_grpc_web

RPC = "/marketplay.v1.GameService/ListGames"
MESSAGE = pb.ListGamesRequest().SerializeToString()


def _frame(message: bytes, flags: int = 0) -> bytes:
    return bytes([flags]) + len(message).to_bytes(4, "big") + message


@pytest.fixture(scope="module")
def metered() -> Iterator[Metered]:
    served = Metered(TEST_CONFIG)
    yield served
    served.stop()


GRPC_WEB = {
    "incomplete frame": (_frame(MESSAGE)[:3], {}),
    "empty body": (b"", {}),
    "two messages": (_frame(b"") + _frame(b""), {}),
    "trailers frame": (_frame(b"", 0x80), {}),
    "compressed without grpc-encoding": (_frame(b"\x1f\x8b", 0x01), {}),
}


@pytest.mark.parametrize("case", sorted(GRPC_WEB))
def test_a_bad_grpc_web_envelope_is_invalid_argument_and_counted_so(
        metered: Metered, case: str) -> None:
    body, headers = GRPC_WEB[case]
    before = metered.handled("InvalidArgument")
    with http_client("http1") as client:
        response = client.post(metered.base + RPC, content=body, headers={
            "content-type": "application/grpc-web+proto", **headers})
    status = response.headers.get("grpc-status") or parse_grpc_web(response.content)[1].get(
        "grpc-status")
    assert status == "3", (case, response.headers, response.content)
    assert metered.handled("InvalidArgument", before + 1) == before + 1


@pytest.mark.parametrize("encoding", ["br", "zstd", "deflate"])
def test_an_unknown_content_encoding_is_unimplemented_and_counted_so(
        metered: Metered, encoding: str) -> None:
    before = metered.handled("Unimplemented")
    with http_client("http1") as client:
        response = client.post(metered.base + RPC, content=b"{}", headers={
            "content-type": "application/json", "content-encoding": encoding})
    assert response.status_code == 501
    assert response.json()["details"][0]["debug"]["reason"] == "UNSUPPORTED_ENCODING"
    assert metered.handled("Unimplemented", before + 1) == before + 1
    assert metered.handled("Unknown") == 0


def test_a_connect_error_body_sets_the_counted_code(metered: Metered) -> None:
    """A refusal connectrpc writes itself is counted by the code its body names."""
    before = metered.handled("InvalidArgument")
    with http_client("http1") as client:  # a bad Connect-Timeout-Ms header: connectrpc's 400
        response = client.post(metered.base + RPC, content=b"{}", headers={
            "content-type": "application/json", "connect-timeout-ms": "soon"})
    assert response.status_code >= 400
    code = response.json()["code"]
    counted = {"invalid_argument": "InvalidArgument", "unknown": "Unknown",
               "internal": "Internal"}[code]
    assert counted == "InvalidArgument"
    assert metered.handled(counted, before + 1) == before + 1
