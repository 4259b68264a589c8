"""Peak memory of one worker under a burst of large concurrent calls, with the
admission limit (the default, 4 x threads) and without it (a limit no burst reaches).

Fires CALLS concurrent GetView calls of ~1 MB each (a real state plus 40,000
view tokens, which cost tens of milliseconds to parse, so calls queue) over 8
channels at a `python -m service.main` on loopback, and reads the server's peak
RSS (VmHWM) and the codes the calls got.

    nice -n 10 .venv/bin/python -m bench.overload_memory [calls]     (default 400)
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

import grpc

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.ops.procs import Service


def _peak_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def burst(calls: int, *flags: str) -> tuple[float, float, Counter[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        service = Service(Path(tmp), "--threads", "16", "--max-request-bytes", str(2 << 20),
                          *flags)
        try:
            service.wait_ready(workers=1)
            before = _peak_mib(service.proc.pid)
            channels = [grpc.insecure_channel(service.address, options=[
                ("grpc.max_send_message_length", 4 << 20)]) for _ in range(8)]
            state = pb_grpc.GameServiceStub(channels[0]).NewGame(pb.NewGameRequest(
                game_id="spice-merchant", num_players=3), timeout=10).update.state
            request = pb.GetViewRequest(state=state, view_tokens={
                i: f"{i:016d}" for i in range(40_000)})
            futures = [pb_grpc.GameServiceStub(channels[i % 8]).GetView.future(
                request, timeout=120) for i in range(calls)]
            codes = Counter(f.code().name for f in futures)
            peak = _peak_mib(service.proc.pid)
            for channel in channels:
                channel.close()
            return before, peak, codes
        finally:
            service.stop()
            service.kill()


def main(argv: list[str]) -> None:
    calls = int(argv[0]) if argv else 400
    print(f"{calls} concurrent ~1 MB calls, one worker, 16 threads (shared 2-core machine)")
    for label, flags in (("limit 64 (default)", ()),
                         ("limit 16", ("--max-concurrent-rpcs", "16")),
                         ("no limit", ("--max-concurrent-rpcs", "1000000"))):
        before, peak, codes = burst(calls, *flags)
        print(f"{label:20s} RSS {before:.0f} -> peak {peak:.0f} MiB; codes {dict(codes)}",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
