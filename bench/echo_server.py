"""A bare grpcio sync server whose one method returns the request bytes.

The baseline for bench/apply_vs_echo.py: same server settings as marketplay
(thread pool size, message limits), no protobuf parsing, no work. With
--burn-us the handler first spins that much thread CPU time: an echo whose
handler costs what marketplay's handler costs shows what grpcio itself adds
around a handler of that weight.
"""

from __future__ import annotations

import argparse
import signal
import threading
import time
from concurrent import futures
from typing import Any

import grpc

METHOD = "/bench.Echo/Echo"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--burn-us", type=float, default=0.0)
    args = parser.parse_args()
    burn = args.burn_us / 1e6

    def echo(request: Any, context: Any) -> Any:
        if burn:
            until = time.thread_time() + burn
            while time.thread_time() < until:
                pass
        return request

    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=args.threads))
    server.add_generic_rpc_handlers((handler,))
    server.add_insecure_port(f"127.0.0.1:{args.port}")
    server.start()
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    done.wait()
    server.stop(1).wait()


if __name__ == "__main__":
    main()
