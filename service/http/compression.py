"""Response compression on the HTTP port: gzip above a size threshold, when accepted.

connectrpc (0.13) gzips every response whose client accepts gzip, however
small, and the compression header it writes is fixed before it knows the
size. So its app is given requests without their accept headers (it then
answers identity, and still inflates gzip request messages), and this
middleware, around it, compresses what is worth it:

* Connect unary (`application/json`, `application/proto`): a 200 body of at
  least `min_bytes` when `Accept-Encoding` accepts gzip (q-values honoured,
  `*` counts) gets `Content-Encoding: gzip`; anything else stays
  `Content-Encoding: identity`. Error bodies (non-200) are never compressed.
* gRPC-Web (`application/grpc-web*`; native gRPC is refused on this port before
  it gets here, GRPC_ON_GRPC_PORT): when `grpc-accept-encoding` lists
  gzip and the first message frame is at least `min_bytes`, the response says
  `grpc-encoding: gzip` and each message frame that large is compressed (flag
  0x01); smaller frames and the trailers frame are not (the flag is per
  message). Otherwise the response is `grpc-encoding: identity`, untouched.

GameService has no streaming RPCs, so `Connect-Accept-Encoding` (Connect
streaming) never applies; it is removed like the others so connectrpc never
compresses on its own.

Compression runs on the event loop below `OFFLOAD_BYTES` (level 1 deflates
a 35 KB JSON update in ~0.1-0.2 ms, less than encoding it: docs/benchmarks.md)
and on a thread above it (zlib releases the GIL), so a large Replay does not
stall the other connections' calls.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from service.http.checks import CallApp
    from service.lifecycle import CallLife

__all__ = ["DEFAULT_LEVEL", "OFFLOAD_BYTES", "ResponseCompression", "accepts_gzip",
           "gzip_bytes", "lists_gzip"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: gzip level: 1 keeps 85-95% of level 6's saving on these responses at about
#: half its CPU (bench/compression.py, docs/benchmarks.md).
DEFAULT_LEVEL = 1
#: Bodies at least this large are compressed on a thread, not on the event loop.
OFFLOAD_BYTES = 128 << 10

_ACCEPT_HEADERS = frozenset({b"accept-encoding", b"connect-accept-encoding",
                             b"grpc-accept-encoding"})
_FRAME = 5  # a gRPC(-Web) frame's prefix: flags byte and 4-byte big-endian length
_COMPRESSED = 0x01
_TRAILERS = 0x80


def gzip_bytes(data: bytes, level: int = DEFAULT_LEVEL) -> bytes:
    """`data` as one gzip member (mtime 0, so equal inputs give equal bytes)."""
    return zlib.compress(data, level, wbits=31)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an HTTP `Accept-Encoding` value accepts gzip (RFC 9110 12.5.3)."""
    star: bool | None = None
    for part in accept_encoding.split(","):
        coding, _, params = part.partition(";")
        name = coding.strip().lower()
        if name not in ("gzip", "x-gzip", "*"):
            continue
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
        if name == "*":
            star = weight > 0
        else:
            return weight > 0
    return bool(star)


def lists_gzip(grpc_accept_encoding: str) -> bool:
    """Whether a `grpc-accept-encoding` list (names, no weights) names gzip."""
    return any(name.strip().lower() == "gzip" for name in grpc_accept_encoding.split(","))


class ResponseCompression:
    """ASGI middleware around connectrpc's app (see the module docstring)."""

    def __init__(self, app: CallApp, min_bytes: int, level: int = DEFAULT_LEVEL) -> None:
        self._app = app
        self._min = min_bytes
        self._level = level

    async def __call__(self, scope: Scope, receive: Receive, send: Send, life: CallLife) -> None:
        if scope.get("type") != "http":
            await self._app(scope, receive, send, life)
            return
        kept: list[tuple[bytes, bytes]] = []
        accept = grpc_accept = content_type = ""
        for key, value in scope.get("headers", ()):
            name = bytes(key).lower()
            if name == b"accept-encoding":
                accept += "," + bytes(value).decode("latin-1")
            elif name == b"grpc-accept-encoding":
                grpc_accept += "," + bytes(value).decode("latin-1")
            elif name not in _ACCEPT_HEADERS:
                if name == b"content-type":
                    content_type = bytes(value).decode("latin-1")
                kept.append((key, value))
        inner = {**scope, "headers": kept}
        if content_type.startswith("application/grpc"):
            if lists_gzip(grpc_accept):
                send = _FramedSender(send, self).send
        elif accepts_gzip(accept):
            send = _UnarySender(send, self).send
        await self._app(inner, receive, send, life)

    async def compress(self, data: bytes) -> bytes:
        """gzip `data`, on a thread when it is large enough to stall the loop."""
        if len(data) < OFFLOAD_BYTES:
            return gzip_bytes(data, self._level)
        return await asyncio.get_running_loop().run_in_executor(
            None, gzip_bytes, data, self._level)

    def worth_it(self, size: int) -> bool:
        return size >= self._min


def _replace_header(headers: list[tuple[bytes, bytes]], name: bytes,
                    value: bytes) -> list[tuple[bytes, bytes]]:
    return [*((k, v) for k, v in headers if bytes(k).lower() != name), (name, value)]


class _UnarySender:
    """Holds a Connect unary 200 response until its body is complete, then gzips it if
    it is large enough; any other response passes through."""

    def __init__(self, send: Send, owner: ResponseCompression) -> None:
        self._send = send
        self._owner = owner
        self._start: Message | None = None
        self._chunks: list[bytes] = []

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start" and message.get("status") == 200:
            self._start = message
            return
        if self._start is None or kind != "http.response.body":
            await self._send(message)
            return
        self._chunks.append(bytes(message.get("body", b"")))
        if message.get("more_body", False):
            return
        start, self._start = self._start, None
        body = b"".join(self._chunks)
        self._chunks.clear()
        headers = list(start.get("headers", ()))
        if self._owner.worth_it(len(body)):
            body = await self._owner.compress(body)
            headers = _replace_header(headers, b"content-encoding", b"gzip")
            if any(bytes(k).lower() == b"content-length" for k, _ in headers):
                headers = _replace_header(headers, b"content-length", str(len(body)).encode())
        if not any(bytes(k).lower() == b"vary" for k, _ in headers):
            headers.append((b"vary", b"Accept-Encoding"))
        await self._send({**start, "headers": headers})
        await self._send({**message, "body": body})


class _FramedSender:
    """gRPC-Web and gRPC: holds the headers until the first frame says whether the
    response is compressed, then compresses every message frame large enough."""

    def __init__(self, send: Send, owner: ResponseCompression) -> None:
        self._send = send
        self._owner = owner
        self._start: Message | None = None
        self._compressing = False
        self._passthrough = False
        self._pending = bytearray()

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            if message.get("status") == 200:
                self._start = message
            else:
                self._passthrough = True
                await self._send(message)
            return
        if kind != "http.response.body" or self._passthrough:
            await self._flush_start()
            await self._send(message)
            return
        self._pending += message.get("body", b"")
        more = bool(message.get("more_body", False))
        out = bytearray()
        while len(self._pending) >= _FRAME:
            length = int.from_bytes(self._pending[1:_FRAME], "big")
            if len(self._pending) < _FRAME + length:
                break
            flags = self._pending[0]
            frame = bytes(self._pending[_FRAME:_FRAME + length])
            del self._pending[:_FRAME + length]
            if self._start is not None:
                self._decide(flags, length)
                await self._flush_start()
            out += await self._frame(flags, frame)
        if not more:
            out += self._pending  # an incomplete frame: the client will say so
            self._pending.clear()
        if out or not more:
            await self._flush_start()
            await self._send({**message, "body": bytes(out), "more_body": more})

    def _decide(self, flags: int, length: int) -> None:
        self._compressing = flags == 0 and self._owner.worth_it(length)
        if self._compressing and self._start is not None:
            headers = _replace_header(list(self._start.get("headers", ())),
                                      b"grpc-encoding", b"gzip")
            self._start = {**self._start, "headers": headers}

    async def _frame(self, flags: int, frame: bytes) -> bytes:
        if self._compressing and flags == 0 and self._owner.worth_it(len(frame)):
            frame = await self._owner.compress(frame)
            flags = _COMPRESSED
        return bytes([flags]) + len(frame).to_bytes(4, "big") + frame

    async def _flush_start(self) -> None:
        if self._start is not None:
            start, self._start = self._start, None
            await self._send(start)
