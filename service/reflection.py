"""Server reflection on both ports, so tools list and call methods with no schema.

`buf curl`, grpcurl and Postman ask `grpc.reflection.v1.ServerReflection`
(newer) or `grpc.reflection.v1alpha.ServerReflection` (older) for the
service's descriptors. The gRPC port serves both from grpcio-reflection's
servicer: it implements only v1alpha, whose messages v1 copied field for
field (same numbers, same types), so the same handler answers under the v1
name. The HTTP port serves both through connectrpc-grpcreflect, over Connect
and gRPC-Web; reflection is a bidirectional stream, which needs HTTP/2
(`buf curl --http2-prior-knowledge`).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

import grpc
import grpc.aio
from grpc_reflection.v1alpha import _async as reflection_aio
from grpc_reflection.v1alpha import reflection, reflection_pb2

__all__ = ["STREAMS", "V1", "V1ALPHA", "enable_grpc_reflection", "http_reflection_apps"]

V1 = "grpc.reflection.v1.ServerReflection"
V1ALPHA = reflection.SERVICE_NAME
#: The one method of each, a bidirectional stream, as metrics and call reports name it.
STREAMS = tuple(f"{name}/ServerReflectionInfo" for name in (V1, V1ALPHA))


def enable_grpc_reflection(service_names: tuple[str, ...], server: grpc.aio.Server) -> None:
    """v1alpha as grpcio-reflection serves it, and the same servicer under the v1 name."""
    servicer = reflection_aio.ReflectionServicer((*service_names, V1ALPHA))
    for name in (V1ALPHA, V1):
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(name, {
            "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
                servicer.ServerReflectionInfo,
                request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
                response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString),
        }),))


def http_reflection_apps(service: str, max_request_bytes: int) -> Mapping[str, Any]:
    """Path prefix -> the connectrpc ASGI app answering reflection for `service`."""
    import protobuf.wkt
    from connectrpc_grpcreflect import (
        ServerReflectionAlphaASGIApplication,
        ServerReflectionAlphaService,
        ServerReflectionASGIApplication,
        ServerReflectionService,
    )

    data = resources.files("marketplay.v1").joinpath("descriptors.binpb").read_bytes()
    described = protobuf.wkt.FileDescriptorSet.from_binary(data).to_registry().service(service)
    assert described is not None, f"{service} is not in marketplay/v1/descriptors.binpb"
    return {
        f"/{V1}/": ServerReflectionASGIApplication(
            ServerReflectionService(described), read_max_bytes=max_request_bytes),
        f"/{V1ALPHA}/": ServerReflectionAlphaASGIApplication(
            ServerReflectionAlphaService(described), read_max_bytes=max_request_bytes),
    }
