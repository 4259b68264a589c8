"""`python -m service.probe`: exit 0 if the local server reports SERVING.

For container runtimes without native gRPC probes (Docker HEALTHCHECK,
docker compose); Kubernetes uses its built-in grpc probe instead. Reads the
same MARKETPLAY_PORT as the server, so it follows the configured port.
"""

from __future__ import annotations

import os
import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def main() -> int:
    port = os.environ.get("MARKETPLAY_PORT", "50051")
    service = sys.argv[1] if len(sys.argv) > 1 else ""
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            response = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=3
            )
    except grpc.RpcError as exc:
        print(f"unhealthy: {exc.code().name}", file=sys.stderr)
        return 1
    if response.status != health_pb2.HealthCheckResponse.SERVING:
        print(f"unhealthy: {health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
