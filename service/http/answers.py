"""What the HTTP port writes itself: a page, a refusal in the caller's protocol, and
the shaping of what connectrpc writes (extra headers; a unary gRPC-Web answer in one body).

Refusals are rendered by service/errors.py: a Connect error body, or the
grpc-status headers of a trailers-only gRPC(-Web) response.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.errors import ServiceError, connect_error_json, grpc_web_error_headers
from service.http.bodies import Message, Send

__all__ = ["one_body", "refuse", "respond", "with_headers"]


async def respond(
    send: Send, status: int, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
    headers: Iterable[tuple[str, str]] = (), head: bool = False,
) -> None:
    all_headers = [(b"content-type", content_type.encode()),
                   (b"content-length", str(len(body)).encode())]
    all_headers += [(k.lower().encode(), v.encode()) for k, v in headers]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


async def refuse(send: Send, status: int, error: ServiceError, grpc_type: str = "",
                  headers: Iterable[tuple[str, str]] = ()) -> None:
    """A refusal in the caller's protocol: Connect error JSON, gRPC-Web trailers-only
    (status in the headers), or native gRPC's, trailers-only as well."""
    if grpc_type:
        # Trailers-only for native gRPC too: Granian sends no HTTP trailers (ASGI's
        # http.response.trailers) but ends an HTTP/2 stream on an empty response's headers.
        await respond(send, 200, b"", grpc_type, [*grpc_web_error_headers(error), *headers])
    else:
        await respond(send, status, connect_error_json(error), "application/json", headers)


def with_headers(send: Send, extra: list[tuple[str, str]]) -> Send:
    encoded = [(k.lower().encode(), v.encode("latin-1")) for k, v in extra]

    async def send_with(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *encoded]}
        await send(message)

    return send_with


def one_body(send: Send) -> Send:
    """`send` for a unary gRPC-Web response: its frames go out as one body, of known length.

    connectrpc writes a unary gRPC-Web response as a stream: the message frame
    (more_body) then the trailers frame. Granian sends a body that comes in
    more than one piece chunked, each piece a trip from the event loop to its
    Rust side and back, which made a gRPC-Web call's HTTP loop cost 2.7x a
    Connect call's (docs/benchmarks.md, "gRPC-Web on Granian"). A unary
    response is bounded and connectrpc holds it whole anyway, so it is held
    here until its last piece and sent at once, with its Content-Length.
    """
    start: list[Message] = []
    chunks: list[bytes] = []

    async def send_once(message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            start.append(message)
            return
        if kind != "http.response.body" or not start:
            await send(message)
            return
        chunks.append(bytes(message.get("body", b"")))
        if message.get("more_body", False):
            return
        body = b"".join(chunks)
        chunks.clear()
        head = start.pop()
        headers = [(k, v) for k, v in head.get("headers", ())
                   if bytes(k).lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({**head, "headers": headers})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    return send_once
