"""The code each HTTP call ended with, read from the response its client receives.

connectrpc answers some calls itself (a bad timeout or protocol header, an
unsupported codec, its own deadline, a status only in gRPC-Web's trailers
frame); `watching` reads the status, grpc-status header, trailers frame or
Connect error body as it is sent, so every call is counted and reported
(service/lifecycle.py) with the code its client saw (docs/architecture.md,
"A call's life, on both ports").
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from service.errors import Code, code_of_connect_name, code_of_http_status, code_of_number
from service.http.bodies import FRAME_PREFIX, Message, Send
from service.http.streams import end_stream_code
from service.lifecycle import CallLife

__all__ = ["TRAILERS_FLAG", "watching"]

_GRPC_FRAME = FRAME_PREFIX
TRAILERS_FLAG = 0x80


def watching(send: Send, life: CallLife) -> Send:
    """`send` that reads the code the client receives when connectrpc answers itself (a
    bad header, an unsupported codec, a status only in gRPC-Web's trailers frame), so
    every call is counted and reported with the code its client saw."""
    error_body: list[bytes] = []
    state = {"status": 200, "grpc_web": False, "connect_stream": False}

    async def watched(message: Message) -> None:
        if life.outcome.code is Code.OK:
            kind = message["type"]
            if kind == "http.response.start":
                state["status"] = message["status"]
                content_type = next((bytes(v) for k, v in message.get("headers", ())
                                     if bytes(k).lower() == b"content-type"), b"")
                state["grpc_web"] = content_type.startswith(b"application/grpc-web")
                state["connect_stream"] = content_type.startswith(b"application/connect+")
                if message["status"] >= 400:
                    life.outcome.code = code_of_http_status(message["status"])
            if kind in ("http.response.start", "http.response.trailers"):
                status = _status_header(message.get("headers", ()))
                if status:
                    life.outcome.code = code_of_number(str(status))
            if kind == "http.response.body":
                chunk = bytes(message.get("body", b""))
                if state["grpc_web"] or state["connect_stream"]:
                    trailed = (_trailer_status if state["grpc_web"] else end_stream_code)(chunk)
                    if trailed is not None:
                        life.outcome.code = trailed
                elif int(state["status"]) >= 400 and sum(map(len, error_body)) < 4096:
                    error_body.append(chunk)
                    if not message.get("more_body", False):
                        life.outcome.code = _connect_code(b"".join(error_body),
                                                             life.outcome.code)
        await send(message)

    return watched


def _trailer_status(chunk: bytes) -> Code | None:
    """The grpc-status of a gRPC-Web trailers frame in `chunk`, if it holds one."""
    offset = 0
    while offset + _GRPC_FRAME <= len(chunk):
        flags, length = chunk[offset], int.from_bytes(chunk[offset + 1:offset + 5], "big")
        frame = chunk[offset + _GRPC_FRAME:offset + _GRPC_FRAME + length]
        if flags & TRAILERS_FLAG:
            for line in frame.split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"grpc-status":
                    return code_of_number(value.strip().decode("latin-1"))
        offset += _GRPC_FRAME + length
    return None


def _connect_code(body: bytes, otherwise: Code) -> Code:
    """The code a Connect error body names (what a Connect client reads), else `otherwise`."""
    try:
        named = json.loads(body).get("code")
    except (ValueError, AttributeError):
        return otherwise
    return (code_of_connect_name(named) or otherwise) if isinstance(named, str) else otherwise


def _status_header(headers: Iterable[tuple[bytes, bytes]]) -> int:
    for key, value in headers:
        if bytes(key).lower() == b"grpc-status" and bytes(value).isdigit():
            return int(value)
    return 0
