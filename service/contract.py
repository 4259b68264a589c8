"""The service as the generated contract describes it, named once.

Every module that needs GameService's name or its RPCs reads them here, from
the generated descriptor, so a renamed or added RPC in the .proto reaches
routing, metrics, call reports, traces and the OpenAPI document together.
"""

from __future__ import annotations

from google.protobuf.descriptor import ServiceDescriptor

from marketplay.v1 import game_service_pb2 as pb

__all__ = ["RPCS", "SERVICE", "SERVICE_NAME"]

SERVICE: ServiceDescriptor = pb.DESCRIPTOR.services_by_name["GameService"]
#: "marketplay.v1.GameService", as gRPC paths, metric labels and spans spell it.
SERVICE_NAME: str = SERVICE.full_name
#: The RPC names in the order the .proto declares them ("ListGames", ...).
RPCS: tuple[str, ...] = tuple(method.name for method in SERVICE.methods)
