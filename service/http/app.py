"""The HTTP port's ASGI application: its routes and pages, around connectrpc's app.

What it answers itself, in the order a request meets it:

* CORS for the configured origins (service/http/cors.py): preflights answered
  here, allowed origins get the Connect and gRPC-Web headers exposed;
* every route's body bounded by --http-body-timeout-ms (service/http/bodies.py);
  HTTP/1.1 connections closed past their age or request count;
* `/marketplay.v1.GameService/<Method>`: an RPC, whose life
  (service/lifecycle.py, admission, metrics, one report) opens here and is
  passed on with it: the request checks, the body limit and admission are
  service/http/checks.py's, the RPC itself service/http/connect.py's, the
  code its client saw is read back by service/http/watching.py;
* the streams of the apps mounted beside the RPCs (server reflection:
  service/http/streams.py), with an RPC's life;
* the browser playground at `/` and `/playground/<file>` (service/playground),
  each shipped locale's catalog at `/catalogs/<locale>.ftl`
  (service/http/catalogs.py);
* `/healthz` (the process answers), `/readyz` (not while draining) and
  `/openapi.json`, for load balancers and tools that speak no gRPC; 404 for
  any other path, 405 for a page asked with a method other than GET or HEAD.

Everything else is connectrpc's: protocol negotiation, codecs, timeouts and
the rendering of handler errors. Refusals written by the port are rendered
by service/errors.py (service/http/answers.py) and carry an ErrorInfo
reason like every other.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from service import playground
from service.admission import Admission
from service.calls import CallReporter
from service.contract import SERVICE
from service.core import Call
from service.errors import Code, ServiceError
from service.http import catalogs
from service.http.answers import refuse, respond, with_headers
from service.http.bodies import Receive, RequestBody, Scope, Send, closing, header
from service.http.checks import (
    NATIVE_GRPC,
    CallApp,
    RpcRequests,
    grpc_content_type,
    native_grpc,
    refuse_native_grpc,
)
from service.http.connect import drop_tracebacks, protocol_of
from service.http.cors import CorsPolicy
from service.http.streams import ASGIApp, Stream
from service.http.watching import watching
from service.lifecycle import Lifecycle

if TYPE_CHECKING:
    from service.rpc_metrics import UnaryCallMetrics

__all__ = ["RPC_PREFIX", "CallApp", "HttpApp", "Readiness"]

RPC_PREFIX = f"/{SERVICE.full_name}/"


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
        #: The checks of an RPC request, then `connect` for what passes (service/http/checks.py).
        self._requests = RpcRequests(connect, max_request_bytes, body_seconds)
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
            send = with_headers(send, self._cors.response_headers(origin))
        if self._ages.too_old(scope):
            # HTTP/1.1 keep-alive connections end after --http-max-connection-age-ms (as
            # gRPC's do) or --http-keep-alive-max-requests, so long-lived clients reach
            # new workers and replicas.
            send = with_headers(send, [("Connection", "close")])
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
            await refuse(send, 404, ServiceError(
                Code.NOT_FOUND, "UNKNOWN_PATH",
                f"no such path: {path} (RPCs are POST {RPC_PREFIX}<Method>)"))
        elif method not in ("GET", "HEAD"):
            await respond(send, 405, b"GET or HEAD\n", headers=[("Allow", "GET, HEAD")])
        else:
            status, body, content_type = page()
            await respond(send, status, body, content_type, head=method == "HEAD")

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
            await self._requests.serve(scope, rpc, body_reader, receive, send, life)

    async def _stream_call(self, scope: Scope, app: ASGIApp, body: RequestBody,
                           send: Send) -> None:
        """A call to a mounted app (server reflection: a bidirectional stream), with an
        RPC's life: the body deadline, admission once its first message is read, its
        metrics and its report (service/http/streams.py)."""
        name = scope["path"][1:]
        with self._lifecycle.call(name, lambda: _scope_call(scope), lambda: _headers(scope)) as life:
            grpc_type = grpc_content_type(scope)
            if native_grpc(scope):  # reflection: grpcio's, on the gRPC port
                await body.discard()
                await refuse_native_grpc(scope, send, life.refused(NATIVE_GRPC))
                return
            first = await self._requests.admitted_body(scope, body, life, send, first=True)
            if first is None:
                return
            stream = Stream(body, first, life)
            del first
            try:
                await stream.run(app, scope, watching(send, life))
            except TimeoutError:
                error = life.refused(self._requests.body_timeout())
                if not stream.answered:
                    await refuse(send, 408, error, grpc_type)

    async def _preflight(self, origin: str, send: Send) -> None:
        if not self._cors.allows(origin):
            await respond(send, 403, b"origin not allowed (--http-cors-origins)\n",
                          headers=[("Vary", "Origin")])
            return
        await respond(send, 204, headers=self._cors.preflight_headers(origin))

    @staticmethod
    async def _lifespan(receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return


def _scope_call(scope: Scope) -> Call:
    """The call to report when no handler made one (connectrpc never reached ours)."""
    return Call(peer=_peer(scope), protocol=protocol_of(header(scope, b"content-type")))


def _peer(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else ""


def _headers(scope: Scope) -> dict[str, str]:
    return {bytes(k).decode("latin-1").lower(): bytes(v).decode("latin-1")
            for k, v in scope.get("headers", ())}
