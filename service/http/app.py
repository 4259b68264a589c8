"""The HTTP port's ASGI application: routes, CORS and the body limit around Connect.

What it adds to connectrpc's generated app, in the order a request meets it:

* CORS for the configured origins (service/http/cors.py): preflights answered
  here, allowed origins get the Connect and gRPC-Web headers exposed;
* `/healthz` (the process answers), `/readyz` (not while draining) and
  `/openapi.json`, for load balancers and tools that speak no gRPC;
* the browser playground at `/` and `/playground/<file>` (service/playground);
* each shipped locale's catalog at `/catalogs/<locale>.ftl` (service/http/catalogs.py);
* the request size limit (`--max-request-bytes`, as gRPC's): a body above it
  is refused with 413 / resource_exhausted (gRPC-Web: grpc-status 8) from its
  Content-Length, or as soon as the bytes read pass the limit, so no more
  than the limit is ever held; a gzip-encoded Connect body likewise once it
  inflates past the limit; every route's body within --http-body-timeout-ms
  (408 BODY_TIMEOUT), and one cut short 400 (service/http/bodies.py);
* gRPC-Web text mode, translated to binary (service/http/grpc_web_text.py);
* 404 for unknown paths and RPCs, 405 for RPC paths asked with another method
  than POST; native gRPC refused (UNIMPLEMENTED, GRPC_ON_GRPC_PORT: 415 over
  HTTP/1.1, a trailers-only gRPC status over h2c), since Granian sends no
  HTTP trailers; it is served on the gRPC port;
* admission (service/admission.py): at most --max-concurrent-rpcs calls at
  once, 429 / resource_exhausted (reason OVERLOADED) past it, 503 /
  unavailable (reason DRAINING) once draining;
* for every RPC, however it ended: the grpc_server_* metrics, and one report
  (log line for a refusal, span when tracing: service/calls.py);
* the same for the streams of the apps mounted beside the RPCs (server
  reflection: service/http/streams.py).

Admission, metrics and the report are the call's lifecycle
(service/lifecycle.py), the same component the gRPC port uses; this module
opens it for each RPC and stream path and records the refusals it writes itself, and
reads back the code of answers connectrpc writes on its own (`_watching`).
Everything else is connectrpc's: protocol negotiation, codecs, timeouts and
the rendering of handler errors (service/http/connect.py adapts it to the
core). Refusals written here are rendered by service/errors.py and carry an
ErrorInfo reason like every other.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from connectrpc.compression.gzip import GzipCompression
from connectrpc.errors import ConnectError

from service import playground
from service.admission import Admission
from service.calls import CallReporter
from service.contract import RPCS, SERVICE
from service.core import Call
from service.errors import (
    Code,
    ServiceError,
    code_of_connect_name,
    code_of_http_status,
    code_of_number,
    connect_error_json,
    echo,
    grpc_web_error_headers,
    http_status,
    invalid,
)
from service.http import catalogs, grpc_web_text
from service.http.bodies import (
    FRAME_PREFIX,
    BodyCut,
    Replay,
    RequestBody,
    TooLarge,
    closing,
    header,
)
from service.http.connect import drop_tracebacks, protocol_of
from service.http.cors import CorsPolicy
from service.http.streams import Stream, end_stream_code
from service.lifecycle import CallLife, Lifecycle

if TYPE_CHECKING:
    from service.rpc_metrics import UnaryCallMetrics

__all__ = ["RPC_PREFIX", "CallApp", "HttpApp", "Readiness"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
#: What serves an RPC: an ASGI call plus the call's life (service/http/connect.py's
#: `GameServiceApp.serve`, behind response compression).
CallApp = Callable[[Scope, Receive, Send, CallLife], Awaitable[None]]

RPC_PREFIX = f"/{SERVICE.full_name}/"
_RPCS = RPCS
_GRPC_FRAME = FRAME_PREFIX
_GZIP = GzipCompression()  # connectrpc's: stops inflating one byte past the limit


@dataclass
class Readiness:
    """Whether /readyz says ready; cleared first thing on SIGTERM."""

    ready: bool = True


class _ConnectionAges:
    """When each HTTP/1.1 connection was first seen and how many requests it carried, to
    close it once it is `age` old or has carried `requests` (Granian has neither limit).

    Keyed by the peer's address and port (one live TCP connection each), at most
    _TRACKED of them, oldest forgotten first: forgetting one only gives it a
    fresh start. 0 turns either off. HTTP/2 connections are not counted: the
    application cannot close one (docs/security.md, "Rebalancing").
    """

    _TRACKED = 4096

    def __init__(self, age: float, requests: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._age = age
        self._requests = requests
        self._clock = clock
        self._born: OrderedDict[tuple[str, int], tuple[float, int]] = OrderedDict()

    def too_old(self, scope: Scope) -> bool:
        client = scope.get("client")
        if not (self._age or self._requests) or not client or scope.get("http_version") == "2":
            return False
        peer, now = (str(client[0]), int(client[1])), self._clock()
        born, count = self._born.get(peer, (now, 0))
        count += 1
        self._born[peer] = (born, count)
        self._born.move_to_end(peer)
        if len(self._born) > self._TRACKED:
            self._born.popitem(last=False)
        if (not self._age or now - born < self._age) and \
                (not self._requests or count < self._requests):
            return False
        del self._born[peer]  # this response closes it; the port may come back as a new one
        return True


async def _respond(
    send: Send, status: int, body: bytes = b"", content_type: str = "text/plain; charset=utf-8",
    headers: Iterable[tuple[str, str]] = (), head: bool = False,
) -> None:
    all_headers = [(b"content-type", content_type.encode()),
                   (b"content-length", str(len(body)).encode())]
    all_headers += [(k.lower().encode(), v.encode()) for k, v in headers]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": b"" if head else body})


async def _refuse(send: Send, status: int, error: ServiceError, grpc_type: str = "",
                  headers: Iterable[tuple[str, str]] = ()) -> None:
    """A refusal in the caller's protocol: Connect error JSON, gRPC-Web trailers-only
    (status in the headers), or native gRPC's, trailers-only as well."""
    if grpc_type:
        # Trailers-only for native gRPC too: Granian sends no HTTP trailers (ASGI's
        # http.response.trailers) but ends an HTTP/2 stream on an empty response's headers.
        await _respond(send, 200, b"", grpc_type, [*grpc_web_error_headers(error), *headers])
    else:
        await _respond(send, status, connect_error_json(error), "application/json", headers)


class HttpApp:
    """The ASGI application served on --http-port (see the module docstring)."""

    def __init__(
        self,
        connect: CallApp,
        max_request_bytes: int,
        cors: CorsPolicy,
        readiness: Readiness,
        openapi: bytes,
        admission: Admission | None = None,
        reporter: CallReporter | None = None,
        metrics: UnaryCallMetrics | None = None,
        body_seconds: float = 10.0,
        mounted: Mapping[str, ASGIApp] | None = None,
        connection_age: float = 0.0,
        connection_requests: int = 0,
        streams: tuple[str, ...] = (),
    ) -> None:
        """`mounted` apps serve bidirectional streams, `streams` their names (as
        "package.Service/Method"), each counted like an RPC."""
        self._ages = _ConnectionAges(connection_age, connection_requests)
        self._connect = connect
        #: Path prefix -> another connectrpc app (server reflection, service/reflection.py).
        self._mounted = dict(mounted or {})
        self._limit = max_request_bytes
        self._body_seconds = body_seconds
        self._cors = cors
        self.readiness = readiness
        self._openapi = openapi
        self.admission = admission or Admission(1 << 30)
        self._lifecycle = Lifecycle(self.admission, reporter or CallReporter(), metrics,
                                    release=drop_tracebacks, streams=streams)

    def begin_drain(self) -> None:
        """Not ready from now on, and every new call refused with UNAVAILABLE (DRAINING)."""
        self.admission.drain()  # before /readyz says so: whoever sees 503 is refused
        self.readiness.ready = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] == "websocket":
            # Not served here: closing before accepting answers the Upgrade with 403.
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            return
        origin = header(scope, b"origin")
        if scope["method"] == "OPTIONS" and origin and \
                header(scope, b"access-control-request-method"):
            await self._preflight(origin, send)
            return
        if origin and self._cors.allows(origin):
            send = _with_headers(send, self._cors.response_headers(origin))
        if self._ages.too_old(scope):
            # HTTP/1.1 keep-alive connections end after --http-max-connection-age-ms (as
            # gRPC's do) or --http-keep-alive-max-requests, so long-lived clients reach
            # new workers and replicas.
            send = _with_headers(send, [("Connection", "close")])
        await self._route(scope, receive, send)

    async def _route(self, scope: Scope, receive: Receive, send: Send) -> None:
        path, method = scope["path"], scope["method"]
        # Every route's body, RPC, stream or page, is bounded by --http-body-timeout-ms.
        request_body = RequestBody(scope, receive, self._limit, self._body_seconds)
        if not request_body.ended and not request_body.h2:
            send = closing(send, request_body)
        if path.startswith(RPC_PREFIX):
            await self._rpc_call(scope, request_body, receive, send)
            return
        for prefix, app in self._mounted.items():
            if path.startswith(prefix):
                await self._stream_call(scope, app, request_body, send)
                return
        await request_body.discard()
        asset = playground.lookup(path) or catalogs.lookup(path)
        if asset is not None:
            await playground.serve(asset, scope, send)
            return
        pages = {"/healthz": self._healthz, "/readyz": self._readyz, "/openapi.json": self._doc}
        page = pages.get(path)
        if page is None:
            await _refuse(send, 404, ServiceError(
                Code.NOT_FOUND, "UNKNOWN_PATH",
                f"no such path: {path} (RPCs are POST {RPC_PREFIX}<Method>)"))
        elif method not in ("GET", "HEAD"):
            await _respond(send, 405, b"GET or HEAD\n", headers=[("Allow", "GET, HEAD")])
        else:
            status, body, content_type = page()
            await _respond(send, status, body, content_type, head=method == "HEAD")

    def _healthz(self) -> tuple[int, bytes, str]:
        return 200, b"ok\n", "text/plain; charset=utf-8"

    def _readyz(self) -> tuple[int, bytes, str]:
        if self.readiness.ready:
            return 200, b"ready\n", "text/plain; charset=utf-8"
        return 503, b"draining\n", "text/plain; charset=utf-8"

    def _doc(self) -> tuple[int, bytes, str]:
        return 200, self._openapi, "application/json"

    async def _rpc_call(self, scope: Scope, body_reader: RequestBody, receive: Receive,
                        send: Send) -> None:
        """One RPC, from admission to its report (its lifecycle), whatever refuses or ends it."""
        rpc = scope["path"][len(RPC_PREFIX):]

        with self._lifecycle.call(rpc, lambda: _scope_call(scope), lambda: _headers(scope)) as life:
            await self._rpc_life(scope, rpc, body_reader, receive, send, life)

    async def _rpc_life(self, scope: Scope, rpc: str, body_reader: RequestBody, receive: Receive,
                        send: Send, life: CallLife) -> None:
        if _native_grpc(scope):
            await body_reader.discard()
            await _refuse_native_grpc(scope, send, life.refused(_NATIVE_GRPC))
            return
        if rpc in _RPCS and scope["method"] == "POST" and \
                _media_type(scope) not in _MEDIA_TYPES:
            # Before connectrpc, whose own 415 has an empty body and no reason.
            await body_reader.discard()
            await _refuse(send, 415, life.refused(_unsupported_type(scope)),
                          headers=[("Accept-Post", ", ".join(_CONNECT_TYPES))])
            return
        if rpc not in _RPCS or scope["method"] != "POST":
            await body_reader.discard()
            await self._wrong_rpc(scope, rpc, life, send)
            return
        body = await self._admitted_body(scope, body_reader, life, send)
        if body is not None:
            await self._rpc(scope, body, receive, send, life)

    async def _admitted_body(self, scope: Scope, body_reader: RequestBody, life: CallLife,
                             send: Send, first: bool = False) -> bytes | None:
        """The body (`first`: a stream's first message), then admission; None once refused.

        The body first, within --http-body-timeout-ms: a slow sender holds no admission
        slot, and cannot hold its connection's stream for ever.
        """
        body = await self._read_body(scope, body_reader, life, send, first)
        if body is None:
            return None
        refusal = life.admit()
        if refusal is not None:
            await _refuse(send, http_status(refusal.code), refusal, _grpc_type(scope))
            return None
        return body

    async def _wrong_rpc(self, scope: Scope, rpc: str, life: CallLife, send: Send) -> None:
        if rpc not in _RPCS:
            error = ServiceError(Code.UNIMPLEMENTED, "UNKNOWN_METHOD",
                                 f"{SERVICE.full_name} has no method {echo(rpc)}")
            life.refused(error)
            await _refuse(send, 404, error, _grpc_type(scope))
            return
        error = ServiceError(Code.UNIMPLEMENTED, "METHOD_NOT_ALLOWED",
                             f"{scope['path']} takes POST (Connect or gRPC-Web), "
                             f"not {echo(scope['method'])}")
        life.refused(error)
        await _refuse(send, 405, error, headers=[("Allow", "POST")])

    async def _stream_call(self, scope: Scope, app: ASGIApp, body: RequestBody,
                           send: Send) -> None:
        """A call to a mounted app (server reflection: a bidirectional stream), with an
        RPC's life: the body deadline, admission once its first message is read, its
        metrics and its report (service/http/streams.py)."""
        name = scope["path"][1:]
        with self._lifecycle.call(name, lambda: _scope_call(scope), lambda: _headers(scope)) as life:
            grpc_type = _grpc_type(scope)
            if _native_grpc(scope):  # reflection: grpcio's, on the gRPC port
                await body.discard()
                await _refuse_native_grpc(scope, send, life.refused(_NATIVE_GRPC))
                return
            first = await self._admitted_body(scope, body, life, send, first=True)
            if first is None:
                return
            stream = Stream(body, first, life)
            del first
            try:
                await stream.run(app, scope, _watching(send, life))
            except TimeoutError:
                error = life.refused(self._body_timeout())
                if not stream.answered:
                    await _refuse(send, 408, error, grpc_type)

    async def _read_body(self, scope: Scope, body_reader: RequestBody, life: CallLife,
                         send: Send, first: bool = False) -> bytes | None:
        """The request body (`first`: what has come once a stream's first message has),
        or None once a refusal (413, 408, 400) has been sent."""
        grpc_type = _grpc_type(scope)
        text = header(scope, b"content-type").startswith(grpc_web_text.CONTENT_TYPE)
        # The limit is on the message, as in gRPC: gRPC and gRPC-Web add a frame prefix,
        # and gRPC-Web text mode base64 (4 bytes for every 3).
        limit = self._limit + (_GRPC_FRAME if grpc_type else 0)
        wire_limit = (limit + 2) // 3 * 4 if text else limit
        try:
            if first and _enveloped(scope):
                return await body_reader.read_first(self._limit)
            return await body_reader.read(wire_limit)
        except TooLarge:
            await body_reader.discard()
            await _refuse(send, 413, life.refused(_too_large(self._limit)), grpc_type)
        except TimeoutError:
            await _refuse(send, 408, life.refused(self._body_timeout()), grpc_type)
        except BodyCut:
            # Granian hands a body it cannot parse (a bad chunk size) to us as a disconnect,
            # and answered 500 for us when we sent nothing; a client really gone reads nothing.
            await _refuse(send, 400, life.refused(invalid(
                "MALFORMED_REQUEST", "the request body ended before it was complete: its "
                "chunked framing is malformed, or it was cut off")), grpc_type)
        return None

    def _body_timeout(self) -> ServiceError:
        return ServiceError(
            Code.DEADLINE_EXCEEDED, "BODY_TIMEOUT",
            f"the request body did not arrive within {self._body_seconds:g}s "
            "(--http-body-timeout-ms)")

    async def _rpc(self, scope: Scope, body: bytes, receive: Receive, send: Send,
                   life: CallLife) -> None:
        content_type = header(scope, b"content-type")
        grpc_type = _grpc_type(scope)
        text = content_type.startswith(grpc_web_text.CONTENT_TYPE)
        encoding = header(scope, b"content-encoding").strip().lower()
        if encoding not in ("", "identity", "gzip") and not grpc_type:
            # connectrpc answers 501 without a reason (and we counted it Unknown).
            await _refuse(send, 501, life.refused(ServiceError(
                Code.UNIMPLEMENTED, "UNSUPPORTED_ENCODING",
                f"Content-Encoding {echo(encoding)} is not supported; send gzip or identity",
                {"encoding": encoding})), headers=[("Accept-Encoding", "gzip, identity")])
            return
        if encoding == "gzip" and not grpc_type:
            # Connect unary: decompressed here, so a body that inflates past the limit is
            # refused like any other (connectrpc would say 429); at most limit+1 bytes inflate.
            try:
                body = _GZIP.decompress(body, self._limit)
            except ConnectError:
                await _refuse(send, 413, life.refused(_too_large(self._limit)))
                return
            except Exception as exc:
                await _refuse(send, 400, life.refused(invalid(
                    "MALFORMED_REQUEST", f"Content-Encoding is gzip but the body is not: {exc}")))
                return
            scope = _without_header(scope, b"content-encoding")
        if text:
            try:
                body = grpc_web_text.decode_body(body)
            except ValueError as exc:
                await _refuse(send, 400, life.refused(invalid(
                    "MALFORMED_REQUEST", f"a gRPC-Web text body must be base64: {exc}")),
                    grpc_type)
                return
            scope = _with_content_type(scope, grpc_web_text.binary_content_type(content_type))
            send = grpc_web_text.text_response(send)
        if grpc_type:
            problem = _envelope_problem(body, header(scope, b"grpc-encoding"))
            if problem is not None:
                # connectrpc would answer some of these INTERNAL and others with a status
                # only in the trailers frame; the body is at fault: INVALID_ARGUMENT.
                await _refuse(send, 400, life.refused(invalid(
                    "MALFORMED_REQUEST", f"a unary {protocol_of(content_type)} request is one "
                    f"message frame: {problem}")), grpc_type)
                return
        if grpc_type:
            send = _one_body(send)
        send = _watching(send, life)
        replay = Replay(body, receive)
        del body
        try:
            await self._connect(scope, replay, send, life)
        finally:
            replay.release()

    async def _preflight(self, origin: str, send: Send) -> None:
        if not self._cors.allows(origin):
            await _respond(send, 403, b"origin not allowed (--http-cors-origins)\n",
                           headers=[("Vary", "Origin")])
            return
        await _respond(send, 204, headers=self._cors.preflight_headers(origin))

    @staticmethod
    async def _lifespan(receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return


_TRAILERS_FLAG = 0x80


def _envelope_problem(body: bytes, grpc_encoding: str) -> str | None:
    """What is wrong with a gRPC(-Web) unary request body, if anything."""
    if len(body) < _GRPC_FRAME:
        return "the body ends inside the 5-byte frame prefix" if body else "the body is empty"
    flags, length = body[0], int.from_bytes(body[1:_GRPC_FRAME], "big")
    if len(body) < _GRPC_FRAME + length:
        return "the frame is incomplete"
    if len(body) > _GRPC_FRAME + length:
        return "the body holds more than one frame"
    if flags & _TRAILERS_FLAG or flags & ~0x01:
        return f"frame flags {flags:#04x} are not a message's"
    if flags & 0x01 and grpc_encoding.strip().lower() in ("", "identity"):
        return "the frame is marked compressed but no grpc-encoding was sent"
    return None


def _watching(send: Send, life: CallLife) -> Send:
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
        if flags & _TRAILERS_FLAG:
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


#: Content types of a Connect unary call (a charset parameter is allowed on JSON).
_CONNECT_TYPES = ("application/json", "application/proto")
#: Every media type an RPC is served in: Connect unary, gRPC-Web (binary and text), gRPC.
_MEDIA_TYPES = frozenset({
    *_CONNECT_TYPES,
    *(f"application/{kind}{codec}" for kind in ("grpc-web", "grpc-web-text", "grpc")
      for codec in ("", "+proto", "+json")),
})


def _media_type(scope: Scope) -> str:
    """The request's content type without parameters, lower-cased."""
    return header(scope, b"content-type").split(";", 1)[0].strip().lower()


def _unsupported_type(scope: Scope) -> ServiceError:
    given = _media_type(scope)
    said = f"Content-Type {echo(given)}" if given else "no Content-Type"
    return ServiceError(
        Code.UNIMPLEMENTED, "UNSUPPORTED_CONTENT_TYPE",
        f"{said}: send Connect as application/json or application/proto, gRPC-Web as "
        "application/grpc-web[-text][+proto|+json] (curl: -H 'Content-Type: application/json')",
        {"content_type": given})


def _scope_call(scope: Scope) -> Call:
    """The call to report when no handler made one (connectrpc never reached ours)."""
    return Call(peer=_peer(scope), protocol=protocol_of(header(scope, b"content-type")))


def _peer(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else ""


def _headers(scope: Scope) -> dict[str, str]:
    return {bytes(k).decode("latin-1").lower(): bytes(v).decode("latin-1")
            for k, v in scope.get("headers", ())}


#: Native gRPC answers need HTTP trailers, which Granian does not send (docs/http.md).
_NATIVE_GRPC = ServiceError(
    Code.UNIMPLEMENTED, "GRPC_ON_GRPC_PORT",
    "native gRPC is served on the gRPC port (--port, 50051), not here; "
    "use it, or Connect or gRPC-Web on this port")


def _native_grpc(scope: Scope) -> bool:
    return _grpc_type(scope) != "" and not _grpc_type(scope).startswith("application/grpc-web")


async def _refuse_native_grpc(scope: Scope, send: Send, error: ServiceError) -> None:
    """HTTP/1.1: 415 with a Connect error body; HTTP/2: the gRPC status, trailers-only."""
    if scope.get("http_version") == "2":
        await _refuse(send, 200, error, _grpc_type(scope))
    else:
        await _refuse(send, 415, error)


def _enveloped(scope: Scope) -> bool:
    """Whether the body is a stream of enveloped messages (Connect streaming, gRPC-Web and
    gRPC in binary), so that its first message can be read before the rest."""
    media_type = _media_type(scope)
    return media_type.startswith("application/connect+") or \
        media_type.partition("+")[0] in ("application/grpc-web", "application/grpc")


def _grpc_type(scope: Scope) -> str:
    """The content type of a gRPC or gRPC-Web call ("" for Connect): their refusals travel
    in grpc-status headers (a trailers-only response), not in a JSON body."""
    content_type = header(scope, b"content-type")
    return content_type if content_type.startswith("application/grpc") else ""


def _too_large(limit: int) -> ServiceError:
    return ServiceError(Code.RESOURCE_EXHAUSTED, "REQUEST_TOO_LARGE",
                        f"the request is over the limit of {limit} bytes (--max-request-bytes)")


def _without_header(scope: Scope, name: bytes) -> Scope:
    return {**scope, "headers": [(k, v) for k, v in scope.get("headers", ())
                                 if bytes(k).lower() != name]}


def _with_content_type(scope: Scope, content_type: str) -> Scope:
    headers = _without_header(scope, b"content-type")["headers"]
    return {**scope, "headers": [*headers, (b"content-type", content_type.encode())]}


def _with_headers(send: Send, extra: list[tuple[str, str]]) -> Send:
    encoded = [(k.lower().encode(), v.encode("latin-1")) for k, v in extra]

    async def send_with(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *encoded]}
        await send(message)

    return send_with


def _one_body(send: Send) -> Send:
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
