"""gRPC-Web text mode, which connectrpc does not speak, as a translation to binary mode.

grpc-web's JavaScript client sends `application/grpc-web-text` by default:
the same frames as gRPC-Web, base64-encoded. The HTTP app decodes the
request, hands connectrpc a binary gRPC-Web call, and base64-encodes the
response on the way out. Unary calls only (all of GameService's are), so the
response is encoded once, whole.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["CONTENT_TYPE", "binary_content_type", "decode_body", "text_response"]

CONTENT_TYPE = "application/grpc-web-text"
_BINARY = b"application/grpc-web"

Message = MutableMapping[str, Any]
Send = Callable[[Message], Awaitable[None]]


def binary_content_type(content_type: str) -> str:
    """`application/grpc-web-text+proto` -> `application/grpc-web+proto`."""
    return _BINARY.decode() + content_type[len(CONTENT_TYPE):]


def decode_body(data: bytes) -> bytes:
    """The frames of a text-mode body: base64, possibly several padded chunks in a row.

    Raises ValueError if it is not base64.
    """
    data = b"".join(data.split())
    try:
        return b"".join(base64.b64decode(chunk, validate=True)
                        for chunk in re.findall(rb"[^=]+=*", data))
    except binascii.Error as exc:
        raise ValueError(str(exc)) from None


def text_response(send: Send) -> Send:
    """`send`, turning a binary gRPC-Web response into a text-mode one."""
    chunks: list[bytes] = []

    async def text_send(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = []
            for key, value in message.get("headers", ()):
                name = bytes(key).lower()
                if name == b"content-length":
                    continue  # the body grows by a third
                if name == b"content-type":
                    value = bytes(value).replace(_BINARY, CONTENT_TYPE.encode(), 1)
                headers.append((key, value))
            await send({**message, "headers": headers})
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await send({"type": "http.response.body", "body": base64.b64encode(b"".join(chunks))})
        else:
            await send(message)

    return text_send
