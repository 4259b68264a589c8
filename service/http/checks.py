"""The HTTP port's request checks: what an RPC request must be before connectrpc sees it.

In the order a request meets them (service/http/app.py routes it here):
native gRPC refused (UNIMPLEMENTED, GRPC_ON_GRPC_PORT: it is served on the gRPC
port), a content type no protocol of the port speaks refused with a reason
(connectrpc's own 415 has none), an unknown RPC or a method other than POST
refused; then the body, within --max-request-bytes and --http-body-timeout-ms
(service/http/bodies.py), and only then admission (a slow sender holds no
slot); a gzip-encoded Connect body inflated within the limit, gRPC-Web text
translated to binary (service/http/grpc_web_text.py), a gRPC(-Web) body
checked to be one message frame. Each refusal is recorded on the call's life
and written in the caller's protocol (service/http/answers.py); what passes
goes to the RPC app with the life (service/http/connect.py's
`GameServiceApp.serve`), its answer watched (service/http/watching.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from connectrpc.compression.gzip import GzipCompression
from connectrpc.errors import ConnectError

from service.contract import RPCS, SERVICE
from service.errors import Code, ServiceError, echo, http_status, invalid
from service.http import grpc_web_text
from service.http.answers import one_body, refuse
from service.http.bodies import (
    FRAME_PREFIX,
    BodyCut,
    Receive,
    Replay,
    RequestBody,
    Scope,
    Send,
    TooLarge,
    header,
)
from service.http.connect import protocol_of
from service.http.watching import TRAILERS_FLAG, watching
from service.lifecycle import CallLife

__all__ = ["NATIVE_GRPC", "CallApp", "RpcRequests", "native_grpc",
           "refuse_native_grpc"]

#: What serves an RPC: an ASGI call plus the call's life (service/http/connect.py's
#: `GameServiceApp.serve`, behind response compression).
CallApp = Callable[[Scope, Receive, Send, CallLife], Awaitable[None]]

_GRPC_FRAME = FRAME_PREFIX
_GZIP = GzipCompression()  # connectrpc's: stops inflating one byte past the limit


class RpcRequests:
    """The checks of every RPC request, then the RPC app (`connect`) for what passes."""

    def __init__(self, connect: CallApp, max_request_bytes: int, body_seconds: float) -> None:
        self._connect = connect
        self._limit = max_request_bytes
        self._body_seconds = body_seconds

    async def serve(self, scope: Scope, rpc: str, body_reader: RequestBody, receive: Receive,
                    send: Send, life: CallLife) -> None:
        """Check the request to `rpc`, read its body, admit it and serve it as `life`."""
        if native_grpc(scope):
            await body_reader.discard()
            await refuse_native_grpc(scope, send, life.refused(NATIVE_GRPC))
            return
        if rpc in RPCS and scope["method"] == "POST" and \
                _media_type(scope) not in _MEDIA_TYPES:
            # Before connectrpc, whose own 415 has an empty body and no reason.
            await body_reader.discard()
            await refuse(send, 415, life.refused(_unsupported_type(scope)),
                         headers=[("Accept-Post", ", ".join(_CONNECT_TYPES))])
            return
        if rpc not in RPCS or scope["method"] != "POST":
            await body_reader.discard()
            await self._wrong_rpc(scope, rpc, life, send)
            return
        body = await self.admitted_body(scope, body_reader, life, send)
        if body is not None:
            await self._rpc(scope, body, receive, send, life)

    async def admitted_body(self, scope: Scope, body_reader: RequestBody, life: CallLife,
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
            await refuse(send, http_status(refusal.code), refusal, grpc_content_type(scope))
            return None
        return body

    async def _wrong_rpc(self, scope: Scope, rpc: str, life: CallLife, send: Send) -> None:
        if rpc not in RPCS:
            error = ServiceError(Code.UNIMPLEMENTED, "UNKNOWN_METHOD",
                                 f"{SERVICE.full_name} has no method {echo(rpc)}")
            life.refused(error)
            await refuse(send, 404, error, grpc_content_type(scope))
            return
        error = ServiceError(Code.UNIMPLEMENTED, "METHOD_NOT_ALLOWED",
                             f"{scope['path']} takes POST (Connect or gRPC-Web), "
                             f"not {echo(scope['method'])}")
        life.refused(error)
        await refuse(send, 405, error, headers=[("Allow", "POST")])

    async def _read_body(self, scope: Scope, body_reader: RequestBody, life: CallLife,
                         send: Send, first: bool = False) -> bytes | None:
        """The request body (`first`: what has come once a stream's first message has),
        or None once a refusal (413, 408, 400) has been sent."""
        grpc_type = grpc_content_type(scope)
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
            await refuse(send, 413, life.refused(_too_large(self._limit)), grpc_type)
        except TimeoutError:
            await refuse(send, 408, life.refused(self.body_timeout()), grpc_type)
        except BodyCut:
            # Granian hands a body it cannot parse (a bad chunk size) to us as a disconnect,
            # and answered 500 for us when we sent nothing; a client really gone reads nothing.
            await refuse(send, 400, life.refused(invalid(
                "MALFORMED_REQUEST", "the request body ended before it was complete: its "
                "chunked framing is malformed, or it was cut off")), grpc_type)
        return None

    def body_timeout(self) -> ServiceError:
        return ServiceError(
            Code.DEADLINE_EXCEEDED, "BODY_TIMEOUT",
            f"the request body did not arrive within {self._body_seconds:g}s "
            "(--http-body-timeout-ms)")

    async def _rpc(self, scope: Scope, body: bytes, receive: Receive, send: Send,
                   life: CallLife) -> None:
        content_type = header(scope, b"content-type")
        grpc_type = grpc_content_type(scope)
        text = content_type.startswith(grpc_web_text.CONTENT_TYPE)
        encoding = header(scope, b"content-encoding").strip().lower()
        if encoding not in ("", "identity", "gzip") and not grpc_type:
            # connectrpc answers 501 without a reason (and we counted it Unknown).
            await refuse(send, 501, life.refused(ServiceError(
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
                await refuse(send, 413, life.refused(_too_large(self._limit)))
                return
            except Exception as exc:
                await refuse(send, 400, life.refused(invalid(
                    "MALFORMED_REQUEST", f"Content-Encoding is gzip but the body is not: {exc}")))
                return
            scope = _without_header(scope, b"content-encoding")
        if text:
            try:
                body = grpc_web_text.decode_body(body)
            except ValueError as exc:
                await refuse(send, 400, life.refused(invalid(
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
                await refuse(send, 400, life.refused(invalid(
                    "MALFORMED_REQUEST", f"a unary {protocol_of(content_type)} request is one "
                    f"message frame: {problem}")), grpc_type)
                return
        if grpc_type:
            send = one_body(send)
        send = watching(send, life)
        replay = Replay(body, receive)
        del body
        try:
            await self._connect(scope, replay, send, life)
        finally:
            replay.release()



def _envelope_problem(body: bytes, grpc_encoding: str) -> str | None:
    """What is wrong with a gRPC(-Web) unary request body, if anything."""
    if len(body) < _GRPC_FRAME:
        return "the body ends inside the 5-byte frame prefix" if body else "the body is empty"
    flags, length = body[0], int.from_bytes(body[1:_GRPC_FRAME], "big")
    if len(body) < _GRPC_FRAME + length:
        return "the frame is incomplete"
    if len(body) > _GRPC_FRAME + length:
        return "the body holds more than one frame"
    if flags & TRAILERS_FLAG or flags & ~0x01:
        return f"frame flags {flags:#04x} are not a message's"
    if flags & 0x01 and grpc_encoding.strip().lower() in ("", "identity"):
        return "the frame is marked compressed but no grpc-encoding was sent"
    return None


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


#: Native gRPC answers need HTTP trailers, which Granian does not send (docs/http.md).
NATIVE_GRPC = ServiceError(
    Code.UNIMPLEMENTED, "GRPC_ON_GRPC_PORT",
    "native gRPC is served on the gRPC port (--port, 50051), not here; "
    "use it, or Connect or gRPC-Web on this port")


def native_grpc(scope: Scope) -> bool:
    return grpc_content_type(scope) != "" and not grpc_content_type(scope).startswith("application/grpc-web")


async def refuse_native_grpc(scope: Scope, send: Send, error: ServiceError) -> None:
    """HTTP/1.1: 415 with a Connect error body; HTTP/2: the gRPC status, trailers-only."""
    if scope.get("http_version") == "2":
        await refuse(send, 200, error, grpc_content_type(scope))
    else:
        await refuse(send, 415, error)


def _enveloped(scope: Scope) -> bool:
    """Whether the body is a stream of enveloped messages (Connect streaming, gRPC-Web and
    gRPC in binary), so that its first message can be read before the rest."""
    media_type = _media_type(scope)
    return media_type.startswith("application/connect+") or \
        media_type.partition("+")[0] in ("application/grpc-web", "application/grpc")


def grpc_content_type(scope: Scope) -> str:
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
