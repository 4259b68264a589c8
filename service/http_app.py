"""The HTTP port's ASGI application: routes, CORS and the body limit around Connect.

What it adds to connectrpc's generated app, in the order a request meets it:

* CORS for the configured origins (preflights answered here, never reaching
  a handler; Connect and gRPC-Web headers allowed and exposed);
* `/healthz` (the process answers), `/readyz` (not while draining) and
  `/openapi.json` for load balancers and tools that speak no gRPC;
* the request size limit (`--max-request-bytes`, as gRPC's): a body above it
  is refused with 413 / resource_exhausted (gRPC-Web: grpc-status 8) from its
  Content-Length or as soon as the bytes read pass the limit, so no more than
  the limit is ever held;
* 404 for unknown paths and 405 for RPC paths asked with another method than POST.

Everything else is connectrpc's: protocol negotiation, codecs, timeouts and
error rendering (service/http_service.py adapts it to GameCore).
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from service.http_service import SERVICE

__all__ = ["HttpApp", "Readiness", "CorsPolicy", "RPC_PREFIX"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RPC_PREFIX = f"/{SERVICE.full_name}/"

#: Request headers a browser may send to the RPC routes (Connect and gRPC-Web clients).
ALLOWED_HEADERS = (
    "Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms",
    "Connect-Accept-Encoding", "Connect-Content-Encoding", "Content-Encoding",
    "Grpc-Timeout", "Grpc-Accept-Encoding", "Grpc-Encoding", "X-Grpc-Web", "X-User-Agent",
)
#: Response headers a browser script may read (gRPC-Web statuses and Connect metadata).
EXPOSED_HEADERS = (
    "Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin", "Grpc-Encoding",
    "Connect-Protocol-Version", "Connect-Content-Encoding", "Content-Encoding",
)
_PREFLIGHT_MAX_AGE = "7200"  # seconds; Chromium caps it at 2 hours


@dataclass
class Readiness:
    """Whether /readyz says ready; cleared first thing on SIGTERM."""

    ready: bool = True


@dataclass(frozen=True)
class CorsPolicy:
    """Which browser origins may call: exact origins, `scheme://host:*` (any port) or `*`."""

    origins: tuple[str, ...] = ()
    _exact: frozenset[str] = field(init=False, repr=False)
    _any_port: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        exact = {o.rstrip("/") for o in self.origins if not o.endswith(":*")}
        any_port = tuple(o[:-2] for o in self.origins if o.endswith(":*"))
        object.__setattr__(self, "_exact", frozenset(exact))
        object.__setattr__(self, "_any_port", any_port)

    @classmethod
    def parse(cls, text: str) -> CorsPolicy:
        return cls(tuple(o.strip() for o in text.split(",") if o.strip()))

    def allows(self, origin: str) -> bool:
        if not origin or origin == "null":
            return False
        if "*" in self._exact or origin in self._exact:
            return True
        for base in self._any_port:
            if origin == base:
                return True
            if origin.startswith(base + ":") and origin[len(base) + 1:].isdigit():
                return True
        return False


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def _json_error(code: str, message: str) -> bytes:
    return json.dumps({"code": code, "message": message}).encode()


async def _respond(
    send: Send, status: int, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
    headers: Iterable[tuple[str, str]] = (), head: bool = False,
) -> None:
    all_headers = [(b"content-type", content_type.encode()),
                   (b"content-length", str(len(body)).encode())]
    all_headers += [(k.lower().encode(), v.encode()) for k, v in headers]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


class _TooLarge(Exception):
    pass


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, bool]:
    """The whole body, or _TooLarge once more than `limit` bytes arrived; and if it disconnected."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"", True
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), False


def _too_large_message(limit: int) -> str:
    return f"the request body is larger than the limit of {limit} bytes (--max-request-bytes)"


class HttpApp:
    """The ASGI application served on --http-port (see the module docstring)."""

    def __init__(
        self,
        connect: ASGIApp,
        max_request_bytes: int,
        cors: CorsPolicy,
        readiness: Readiness,
        openapi: bytes,
    ) -> None:
        self._connect = connect
        self._limit = max_request_bytes
        self._cors = cors
        self._readiness = readiness
        self._openapi = openapi

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":  # websockets: not served here
            return
        origin = _header(scope, b"origin")
        method = scope["method"]
        if method == "OPTIONS" and origin and _header(scope, b"access-control-request-method"):
            await self._preflight(scope, origin, send)
            return
        if origin and self._cors.allows(origin):
            send = self._with_cors(origin, send)
        await self._route(scope, receive, send)

    async def _route(self, scope: Scope, receive: Receive, send: Send) -> None:
        path, method = scope["path"], scope["method"]
        head = method == "HEAD"
        if path.startswith(RPC_PREFIX):
            if method != "POST":
                await _respond(send, 405, _json_error(
                    "unimplemented", f"{path} takes POST (Connect or gRPC-Web), not {method}"
                ), "application/json", [("Allow", "POST")])
                return
            await self._rpc(scope, receive, send)
            return
        if method in ("GET", "HEAD"):
            if path == "/healthz":
                await _respond(send, 200, b"ok\n", head=head)
                return
            if path == "/readyz":
                if self._readiness.ready:
                    await _respond(send, 200, b"ready\n", head=head)
                else:
                    await _respond(send, 503, b"draining\n", head=head)
                return
            if path == "/openapi.json":
                await _respond(send, 200, self._openapi, "application/json", head=head)
                return
        if path in ("/healthz", "/readyz", "/openapi.json"):
            await _respond(send, 405, b"GET or HEAD\n", headers=[("Allow", "GET, HEAD")])
            return
        await _respond(send, 404, _json_error("not_found", f"no such path: {path}"),
                       "application/json")

    async def _rpc(self, scope: Scope, receive: Receive, send: Send) -> None:
        content_type = _header(scope, b"content-type")
        grpc_web = content_type.startswith("application/grpc-web")
        if content_type.startswith("application/grpc") and not grpc_web and \
                scope.get("http_version") != "2":
            await _respond(send, 415, _json_error(
                "unimplemented", "native gRPC needs HTTP/2 (h2c); use the gRPC port, or "
                "Connect or gRPC-Web here"), "application/json")
            return
        # gRPC-Web frames the message in 5 bytes; the limit is on the message, as in gRPC.
        limit = self._limit + (5 if grpc_web else 0)
        declared = _header(scope, b"content-length")
        try:
            if declared.isdigit() and int(declared) > limit:
                raise _TooLarge
            body, disconnected = await _read_body(receive, limit)
        except _TooLarge:
            await self._refuse_too_large(send, grpc_web)
            return
        if disconnected:
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: only a disconnect can come

        await self._connect(scope, replay, send)

    async def _refuse_too_large(self, send: Send, grpc_web: bool) -> None:
        message = _too_large_message(self._limit)
        if grpc_web:
            # gRPC-Web carries its status in headers (a trailers-only response).
            await _respond(send, 200, b"", "application/grpc-web+proto", [
                ("grpc-status", "8"), ("grpc-message", urllib.parse.quote(message)),
            ])
            return
        await _respond(send, 413, _json_error("resource_exhausted", message), "application/json")

    async def _preflight(self, scope: Scope, origin: str, send: Send) -> None:
        if not self._cors.allows(origin):
            await _respond(send, 403, b"origin not allowed (--http-cors-origins)\n",
                           headers=[("Vary", "Origin")])
            return
        await _respond(send, 204, b"", headers=[
            ("Access-Control-Allow-Origin", origin),
            ("Access-Control-Allow-Methods", "POST, GET, HEAD"),
            ("Access-Control-Allow-Headers", ", ".join(ALLOWED_HEADERS)),
            ("Access-Control-Expose-Headers", ", ".join(EXPOSED_HEADERS)),
            ("Access-Control-Max-Age", _PREFLIGHT_MAX_AGE),
            ("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
        ])

    @staticmethod
    def _with_cors(origin: str, send: Send) -> Send:
        extra = [
            (b"access-control-allow-origin", origin.encode("latin-1")),
            (b"access-control-expose-headers", ", ".join(EXPOSED_HEADERS).encode()),
            (b"vary", b"Origin"),
        ]

        async def cors_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        return cors_send

    @staticmethod
    async def _lifespan(receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
