"""How long until a replacement worker gets traffic from clients already connected.

Two workers share the port (`--workers 2`); eight long-lived channels call
ListGames steadily; one worker is killed. Its clients reconnect at once, all to
the survivor (the replacement is still starting), and reach the replacement
only when the survivor closes their connections for age
(`--max-connection-age-ms`, with grpcio's +-10% jitter). Prints, per age, the
seconds from the replacement answering health checks to its first game call.

    .venv/bin/python -m bench.rebalance [age_ms ...]      (default: 5000 30000)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import grpc

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.ops.procs import Service, per_process_sample

CHANNELS = 8
LABELS = {"grpc_service": "marketplay.v1.GameService", "grpc_method": "ListGames"}


def measure(age_ms: int, limit: float = 120.0) -> float:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        multiproc = tmp / "multiproc"
        multiproc.mkdir()
        service = Service(tmp, "--workers", "2", "--max-connection-age-ms", str(age_ms),
                          multiproc_dir=multiproc)
        stop = threading.Event()
        try:
            service.wait_ready(workers=2)

            def caller() -> None:
                with grpc.insecure_channel(service.address) as channel:
                    stub = pb_grpc.GameServiceStub(channel)
                    while not stop.is_set():
                        with contextlib.suppress(grpc.RpcError):
                            stub.ListGames(pb.ListGamesRequest(), timeout=5)
                        time.sleep(0.02)

            threads = [threading.Thread(target=caller, daemon=True) for _ in range(CHANNELS)]
            for thread in threads:
                thread.start()
            time.sleep(1)
            old = service.worker_pids()
            victim = min(old)
            os.kill(victim, signal.SIGKILL)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                pids = service.worker_pids()
                if len(pids) == 2 and victim not in pids:
                    break
                time.sleep(0.05)
            (replacement,) = pids - old
            service.wait_ready(workers=2)
            ready = time.monotonic()
            while time.monotonic() - ready < limit:
                if per_process_sample(multiproc, replacement, tmp, "grpc_server_started_total",
                                      **LABELS) > 0:
                    return time.monotonic() - ready
                time.sleep(0.1)
            return float("inf")
        finally:
            stop.set()
            service.stop()
            service.kill()


def main(argv: list[str]) -> None:
    ages = [int(a) for a in argv] or [5000, 30000]
    print("age_ms  seconds_until_replacement_serves  (shared 2-core machine)")
    for age in ages:
        print(f"{age:6d}  {measure(age):.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
