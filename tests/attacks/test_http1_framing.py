"""HTTP/1.1 framing a client gets wrong is answered plainly (issue 42, findings 3 and 4).

* A body over the limit is refused 413; past the size the server reads on (1 MiB,
  or the limit), it is left unread and the connection closed after the answer.
  Some such 413s (bodies of 1.1-2.1 MB) came without `Connection: close`, and the
  client's next request on the connection failed. Now the answer says so.
* A malformed chunk-size line (`-1`, 19 hex digits) reached the application as
  a disconnect; it answered nothing and Granian answered 500, unlogged and
  uncounted. Now it is 400 MALFORMED_REQUEST, counted InvalidArgument.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

import pytest

from tests.servers import Metered
from tests.service.conftest import TEST_CONFIG

LIST_GAMES = "/marketplay.v1.GameService/ListGames"
LIMIT = TEST_CONFIG.max_request_bytes
#: Bodies over the limit: read on and dropped (up to 1 MiB), then left unread.
SIZES = (LIMIT + 1, 300_000, 1 << 20, *range(1_100_000, 2_150_000, 50_000), 3_000_000)
BAD_CHUNK_SIZES = (b"-1", b"1" * 19, b"f" * 19, b"0x10", b"zz", b"")


@pytest.fixture(scope="module")
def metered() -> Iterator[Metered]:
    served = Metered(TEST_CONFIG)
    yield served
    served.stop()


def _request(body: bytes = b"{}", content_type: str = "application/json") -> bytes:
    return (f"POST {LIST_GAMES} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def _response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of the next response on `sock`; (0, {}, b"") if it closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return 0, {}, b""
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    while len(body) < int(headers.get("content-length", "0")):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


@pytest.mark.parametrize("size", SIZES)
def test_a_413_either_keeps_its_connection_usable_or_says_close(metered: Metered,
                                                                size: int) -> None:
    with socket.create_connection(("127.0.0.1", metered.port), timeout=20) as sock:
        head = (f"POST {LIST_GAMES} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {size}\r\n\r\n").encode()
        with contextlib.suppress(OSError):  # the server stopped reading; its answer is there
            sock.sendall(head + b" " * size)
        status, headers, _ = _response(sock)
        assert status == 413
        if headers.get("connection", "").lower() == "close":
            assert size > 1 << 20  # below that the body is read on, the connection kept
            return
        sock.sendall(_request())
        second, _, _ = _response(sock)
        assert second == 200, f"a {size}-byte body's 413 kept no usable connection"


@pytest.mark.parametrize("chunk_size", BAD_CHUNK_SIZES)
def test_a_malformed_chunk_size_is_400_and_counted(metered: Metered, chunk_size: bytes) -> None:
    before = metered.handled("InvalidArgument")
    with socket.create_connection(("127.0.0.1", metered.port), timeout=20) as sock:
        sock.sendall((f"POST {LIST_GAMES} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      "\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
                     + chunk_size + b"\r\n{}\r\n0\r\n\r\n")
        status, headers, body = _response(sock)
    assert status == 400, body
    assert b"MALFORMED_REQUEST" in body
    assert headers.get("connection") == "close"
    assert metered.handled("InvalidArgument", before + 1) == before + 1


@pytest.mark.parametrize("path", ["/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                                  "/healthz"])
def test_other_routes_answer_a_malformed_chunk_size_without_a_500(metered: Metered,
                                                                  path: str) -> None:
    with socket.create_connection(("127.0.0.1", metered.port), timeout=20) as sock:
        sock.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\n"
                      "Content-Type: application/connect+proto\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n-1\r\nxx\r\n0\r\n\r\n").encode())
        status, _, body = _response(sock)
    assert status in (400, 405), body
