"""A bare grpcio sync server whose one method returns the request bytes.

The baseline for bench/apply_vs_echo.py: same server settings as marketplay
(thread pool size, message limits), no protobuf parsing, no work. With
--burn-us the handler first spins that much thread CPU time: an echo whose
handler costs what marketplay's handler costs shows what grpcio itself adds
around a handler of that weight. With --workers N it is deployed as
marketplay's `--workers` is: N processes sharing the port (SO_REUSEPORT),
with --pin each on a core of its own, so a ratio compares like with like.
With --aio it is a grpc.aio server, as marketplay's gRPC port is since issue 18,
its handler a coroutine on the event loop.
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time
from concurrent import futures
from typing import Any

METHOD = "/bench.Echo/Echo"


def serve_aio(port: int, burn_us: float, reuse_port: bool) -> None:
    import asyncio

    import grpc  # after the fork: no gRPC object may cross it
    import grpc.aio

    burn = burn_us / 1e6

    async def echo(request: Any, context: Any) -> Any:
        if burn:
            until = time.thread_time() + burn
            while time.thread_time() < until:
                pass
        return request

    async def run() -> None:
        server = grpc.aio.server(options=[("grpc.so_reuseport", 1 if reuse_port else 0)])
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
            "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(echo)}),))
        server.add_insecure_port(f"127.0.0.1:{port}")
        await server.start()
        done = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, done.set)
        await done.wait()
        await server.stop(1)

    asyncio.run(run())


def serve(port: int, threads: int, burn_us: float, reuse_port: bool, aio: bool = False) -> None:
    if aio:
        serve_aio(port, burn_us, reuse_port)
        return
    import grpc  # after the fork: no gRPC object may cross it

    burn = burn_us / 1e6

    def echo(request: Any, context: Any) -> Any:
        if burn:
            until = time.thread_time() + burn
            while time.thread_time() < until:
                pass
        return request

    handler = grpc.method_handlers_generic_handler(
        "bench.Echo", {"Echo": grpc.unary_unary_rpc_method_handler(echo)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads),
                         options=[("grpc.so_reuseport", 1 if reuse_port else 0)])
    server.add_generic_rpc_handlers((handler,))
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    done.wait()
    server.stop(1).wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--burn-us", type=float, default=0.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--pin", action="store_true", help="worker i on the i-th allowed core")
    parser.add_argument("--aio", action="store_true", help="a grpc.aio server (no thread pool)")
    args = parser.parse_args()
    if args.workers == 1 and not args.pin:
        serve(args.port, args.threads, args.burn_us, False, args.aio)
        return
    cores = sorted(os.sched_getaffinity(0))
    children = []
    for index in range(args.workers):
        pid = os.fork()
        if pid == 0:
            if args.pin and args.workers <= len(cores):
                os.sched_setaffinity(0, {cores[index]})
            serve(args.port, args.threads, args.burn_us, True, args.aio)
            os._exit(0)
        children.append(pid)

    def forward(signum: int, frame: Any) -> None:
        for child in children:
            os.kill(child, signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    for child in children:
        while True:
            try:
                os.waitpid(child, 0)
                break
            except InterruptedError:
                continue


if __name__ == "__main__":
    main()
