"""The gRPC transport: each RPC hands its request to GameCore.

Kept thin on purpose (grpc's examples): what a call does lives in
service/core.py; this module only turns the grpc context into a `Call` and a
ServiceError into a gRPC status carrying google.rpc.ErrorInfo.

Requests are parsed here, not by grpc: `add_to_server` registers the
service with identity deserializers, so bytes that are not the request
message are refused like any other bad input (INVALID_ARGUMENT, reason
MALFORMED_REQUEST, one log line, counted by the metrics interceptor) instead
of grpc's own INTERNAL "Exception deserializing request!" with a traceback
and no metrics.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.core import Call, GameCore, guarded
from service.errors import DOMAIN, Code, ServiceError

Req = TypeVar("Req")
Resp = TypeVar("Resp")
log = logging.getLogger(__name__)
SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]


def to_status(error: ServiceError) -> grpc.Status:
    """The gRPC rendering of a refusal: its code, message and ErrorInfo."""
    info = error_details_pb2.ErrorInfo(reason=error.reason, domain=DOMAIN, metadata=error.metadata)
    detail = any_pb2.Any()
    detail.Pack(info)
    status = status_pb2.Status(code=int(error.code), message=str(error), details=[detail])
    return rpc_status.to_status(status)


def _call_of(context: grpc.ServicerContext) -> Call:
    remaining = context.time_remaining()
    deadline = time.monotonic() + remaining if remaining is not None else None
    return Call(deadline=deadline, peer=context.peer(), protocol="grpc")


class GameService(pb_grpc.GameServiceServicer):
    def __init__(self, core: GameCore) -> None:
        self.core = core

    def _serve(
        self, method: Callable[[Req, Call], Resp], request: Req, context: grpc.ServicerContext
    ) -> Resp:
        try:
            return guarded(method, request, _call_of(context))
        except ServiceError as exc:
            context.abort_with_status(to_status(exc))
        raise AssertionError("abort_with_status returned")  # pragma: no cover

    def ListGames(
        self, request: pb.ListGamesRequest, context: grpc.ServicerContext
    ) -> pb.ListGamesResponse:
        return self._serve(self.core.list_games, request, context)

    def NewGame(self, request: pb.NewGameRequest, context: grpc.ServicerContext) -> pb.NewGameResponse:
        return self._serve(self.core.new_game, request, context)

    def ApplyAction(
        self, request: pb.ApplyActionRequest, context: grpc.ServicerContext
    ) -> pb.ApplyActionResponse:
        return self._serve(self.core.apply_action, request, context)

    def GetView(self, request: pb.GetViewRequest, context: grpc.ServicerContext) -> pb.GetViewResponse:
        return self._serve(self.core.get_view, request, context)

    def Replay(self, request: pb.ReplayRequest, context: grpc.ServicerContext) -> pb.ReplayResponse:
        return self._serve(self.core.replay, request, context)

    def SuggestAction(
        self, request: pb.SuggestActionRequest, context: grpc.ServicerContext
    ) -> pb.SuggestActionResponse:
        return self._serve(self.core.suggest_action, request, context)

    def RenewSeatToken(
        self, request: pb.RenewSeatTokenRequest, context: grpc.ServicerContext
    ) -> pb.RenewSeatTokenResponse:
        return self._serve(self.core.renew_seat_token, request, context)


def _parsing(
    behavior: Callable[[Any, grpc.ServicerContext], Any], request_type: type[Message]
) -> Callable[[bytes, grpc.ServicerContext], Any]:
    name = request_type.DESCRIPTOR.full_name

    def handler(data: bytes, context: grpc.ServicerContext) -> Any:
        try:
            request = request_type.FromString(data)
        except (DecodeError, RecursionError) as exc:
            log.info("malformed %s (%d bytes) from %s: %s", name, len(data), context.peer(),
                     str(exc)[:120])
            context.abort_with_status(to_status(ServiceError(
                Code.INVALID_ARGUMENT, "MALFORMED_REQUEST", f"the request is not a valid {name}")))
        return behavior(request, context)

    return handler


def add_to_server(servicer: GameService, server: grpc.Server) -> None:
    """Register every GameService RPC, each parsing its own request (see the module doc)."""
    handlers = {}
    for method in SERVICE.methods:
        request_type: type[Message] = getattr(pb, method.input_type.name)
        response_type: type[Message] = getattr(pb, method.output_type.name)
        handlers[method.name] = grpc.unary_unary_rpc_method_handler(
            _parsing(getattr(servicer, method.name), request_type),
            request_deserializer=None,
            response_serializer=response_type.SerializeToString,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))
    # As the generated code does (grpcio >= 1.63 looks registered methods up faster); stubs lag.
    server.add_registered_method_handlers(SERVICE.full_name, handlers)  # type: ignore[attr-defined]
