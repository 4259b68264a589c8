"""The streams of the apps the HTTP port mounts (server reflection), run like its RPCs.

connectrpc-grpcreflect's app serves a bidirectional stream and reads it as it
goes, so its body cannot be read whole first as an RPC's is: the HTTP
application (service/http/app.py) reads its first message within the body
deadline and admits the call, then `Stream` runs the app on the rest, the
whole stream (request and answers) within the same deadline, and counts its
messages each way. A reflection client asks and is answered in milliseconds;
one that stops half-way, or never reads its answers, is cut at the deadline
instead of holding its connection and its admission slot (issue 42: 520
connections that sent 5 bytes of a reflection request stayed open 50-154 s).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from service.errors import Code, code_of_connect_name
from service.http.bodies import FRAME_PREFIX, Message, Receive, Replay, RequestBody, Scope, Send

if TYPE_CHECKING:
    from service.lifecycle import CallLife

__all__ = ["Frames", "Stream", "end_stream_code"]

ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
#: Connect's flag for the end-of-stream frame (its JSON carries the error, if any).
_END_STREAM = 0x02


class Frames:
    """Counts the messages in a stream of enveloped frames, fed as its bytes come: a frame
    whose flags mark an end (Connect's end of stream, gRPC-Web's trailers) is no message."""

    _END_FLAGS = 0x80 | _END_STREAM

    def __init__(self, counted: Callable[[], None]) -> None:
        self._counted = counted
        self._head = b""
        self._left = 0  # bytes of the current frame still to come

    def feed(self, data: bytes) -> None:
        at = 0
        while at < len(data):
            if self._left:
                step = min(self._left, len(data) - at)
                self._left -= step
                at += step
                continue
            need = FRAME_PREFIX - len(self._head)
            self._head += data[at:at + need]
            at += need
            if len(self._head) == FRAME_PREFIX:
                if not self._head[0] & self._END_FLAGS:
                    self._counted()
                self._left = int.from_bytes(self._head[1:], "big")
                self._head = b""


class Stream:
    """One call to a mounted app, its first bytes already read (`first`)."""

    def __init__(self, body: RequestBody, first: bytes, life: CallLife) -> None:
        self._body = body
        self._first = first
        self._received = Frames(life.message_received)
        self._sent = Frames(life.message_sent)
        #: The app has started its answer (a refusal can no longer replace it).
        self.answered = False

    async def run(self, app: ASGIApp, scope: Scope, send: Send) -> None:
        """Run `app` to its end; TimeoutError if the body's deadline passes first (the app
        is cancelled: an answer under way is left unfinished, which ends the stream)."""
        self._received.feed(self._first)
        replay = Replay(self._first, self._receive, more=not self._body.ended)
        self._first = b""
        try:
            async with asyncio.timeout_at(self._body.deadline):
                await app(scope, replay, self._counted(send))
        finally:
            replay.release()

    async def _receive(self) -> Message:
        message = await self._body.next()
        self._received.feed(message.get("body", b""))
        return message

    def _counted(self, send: Send) -> Send:
        async def send_counted(message: Message) -> None:
            if message["type"] == "http.response.start":
                self.answered = True
            elif message["type"] == "http.response.body":
                self._sent.feed(bytes(message.get("body", b"")))
            await send(message)

        return send_counted


def end_stream_code(chunk: bytes) -> Code | None:
    """The error code of a Connect end-of-stream frame in `chunk`, if it holds one (a
    stream's status travels there, as a unary call's in its error body)."""
    offset = 0
    while offset + FRAME_PREFIX <= len(chunk):
        flags, length = chunk[offset], int.from_bytes(chunk[offset + 1:offset + 5], "big")
        frame = chunk[offset + FRAME_PREFIX:offset + FRAME_PREFIX + length]
        if flags & _END_STREAM:
            try:
                error: Any = json.loads(frame).get("error") or {}
                named = error.get("code")
            except (ValueError, AttributeError):
                return None
            return code_of_connect_name(named) if isinstance(named, str) else None
        offset += FRAME_PREFIX + length
    return None
