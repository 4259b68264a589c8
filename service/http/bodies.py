"""The HTTP port's request bodies: read once, within a size limit and one deadline.

Every request of the port (service/http/app.py) reads its body through a
`RequestBody`, and all of it must arrive within `--http-body-timeout-ms` of
the request's start: an RPC reads it whole before it is admitted; a stream
(server reflection) its first message before it is admitted, the rest as
its app asks; anything answered without its body (a page, a refusal) reads
and drops it. Which is how a client that sends a head and a few bytes holds
nothing for long, whatever path it names (issue 42: the reflection routes
had no deadline, and 520 such connections held a worker's descriptors for
minutes).

Over HTTP/1.1 a response sent before its request's body was read to its end
says `Connection: close` (`closing`): the server will not read on, and a
client that reused the connection found it closed under its next request.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["FRAME_PREFIX", "BodyCut", "Replay", "RequestBody", "TooLarge", "closing", "header"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: gRPC, gRPC-Web and Connect streaming's per-message prefix: flags byte and 4-byte length.
FRAME_PREFIX = 5
#: At most this much of a refused body is read and dropped (over HTTP/2, or HTTP/1.1 below).
_DISCARD_MAX_BYTES = 64 << 20
#: The largest declared HTTP/1.1 body read on (and dropped) after its refusal.
H1_READ_ON_BYTES = 1 << 20


class TooLarge(Exception):
    """The body, or its first message, is over the limit."""


class BodyCut(Exception):
    """The body stopped short of its end: the client went away, or the server could not parse
    its framing (Granian hands the application a malformed chunk size, `-1` or 19 hex
    digits, as a disconnect, and answered 500 when the application then sent nothing)."""


def header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if bytes(key).lower() == name:
            return bytes(value).decode("latin-1")
    return ""


class RequestBody:
    """One request's body, read once, and whether its end has been seen."""

    def __init__(self, scope: Scope, receive: Receive, limit: int, seconds: float) -> None:
        self.h2 = scope.get("http_version") == "2"
        declared = header(scope, b"content-length")
        #: The declared length, if any (a chunked or HTTP/2 body may declare none).
        self.declared = int(declared) if declared.isascii() and declared.isdigit() else None
        #: HTTP/1.1 reads on past a refusal for a body of up to H1_READ_ON_BYTES, so the
        #: connection stays usable and the client reads its answer: closing a connection with
        #: the body unread resets it, and the answer may be lost with it. A larger one (or a
        #: chunked one) is left unread and the answer says Connection: close.
        self._h1_reads_on = self.declared is not None and \
            self.declared <= max(limit, H1_READ_ON_BYTES)
        self._receive = receive
        #: When the whole body must have arrived (the event loop's clock).
        self.deadline = asyncio.get_running_loop().time() + seconds
        #: No byte of the body is left to come (an HTTP/1.1 request declaring none has none).
        self.ended = self.declared == 0 or (
            not self.h2 and self.declared is None and not header(scope, b"transfer-encoding"))
        self._last_read = False  # the server's last body message has been received

    async def next(self) -> Message:
        """The next message from the server, noting the body's end."""
        message = await self._receive()
        if message["type"] == "http.request" and not message.get("more_body", False):
            self.ended = self._last_read = True
        return message

    async def read(self, limit: int) -> bytes:
        """The whole body: TooLarge past `limit` bytes (declared or read), BodyCut if it
        ends early, TimeoutError past the deadline."""
        if self.declared is not None and self.declared > limit:
            raise TooLarge
        return await self._read_until(limit, lambda _: False)

    async def read_first(self, limit: int) -> bytes:
        """What has arrived once the first enveloped message is complete (or the body has
        ended): a stream's request, read before it is admitted. TooLarge if that message
        declares more than `limit` bytes; BodyCut and TimeoutError as `read`."""

        def complete(data: bytes) -> bool:
            if len(data) < FRAME_PREFIX:
                return False
            length = int.from_bytes(data[1:FRAME_PREFIX], "big")
            if length > limit:
                raise TooLarge
            return len(data) >= FRAME_PREFIX + length

        return await self._read_until(limit + FRAME_PREFIX, complete)

    async def _read_until(self, limit: int, enough: Callable[[bytes], bool]) -> bytes:
        chunks: list[bytes] = []
        size = 0
        async with asyncio.timeout_at(self.deadline):
            while not self._last_read:
                message = await self.next()
                if message["type"] == "http.disconnect":
                    raise BodyCut
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    raise TooLarge
                chunks.append(chunk)
                if enough(b"".join(chunks)):
                    break
        return b"".join(chunks)

    async def discard(self) -> None:
        """Before answering without the body: let the rest of it arrive, and drop it.

        Over HTTP/2 the client then gets the answer after its whole request, not a reset
        stream (Hypercorn 0.18, the server before Granian, dropped the whole connection
        otherwise: hypercorn issue 329); over HTTP/1.1 the connection stays usable after
        the refusal of a body no larger than H1_READ_ON_BYTES. Bounded by the deadline
        and _DISCARD_MAX_BYTES, and keeps nothing; `ended` says whether the end came.
        """
        if self.ended or not (self.h2 or self._h1_reads_on):
            return
        discarded = 0
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout_at(self.deadline):
                while discarded <= _DISCARD_MAX_BYTES and not self.ended:
                    message = await self.next()
                    if message["type"] == "http.disconnect":
                        break
                    discarded += len(message.get("body", b""))


def closing(send: Send, body: RequestBody) -> Send:
    """`send` that says `Connection: close` on an HTTP/1.1 response sent before `body` was
    read to its end: the server reads no further, so the connection cannot carry another
    request, and a client must not be left to find that out with its next one."""

    async def send_closing(message: Message) -> None:
        if message["type"] == "http.response.start" and not body.ended:
            headers = list(message.get("headers", ()))
            if not any(bytes(k).lower() == b"connection" for k, _ in headers):
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
        await send(message)

    return send_closing


class Replay:
    """`receive` for the inner app: what was read already, then whatever comes.

    `more` says whether the body goes on (a stream's first message); if not, what comes
    next is a disconnect. The bytes are handed over once and not kept, and `release()`
    drops them if they never were (connectrpc refused the call before reading it):
    connectrpc's error handling keeps its receiver in a reference cycle
    (service/http/connect.py, drop_tracebacks), which must not hold the request's bytes.
    """

    def __init__(self, body: bytes, receive: Receive, more: bool = False) -> None:
        self._pending = [body]
        self._more = more
        self._receive: Receive | None = receive

    async def __call__(self) -> Message:
        if self._pending:
            return {"type": "http.request", "body": self._pending.pop(), "more_body": self._more}
        if self._receive is None:
            return {"type": "http.disconnect"}
        return await self._receive()

    def release(self) -> None:
        self._pending.clear()
        self._receive = None
