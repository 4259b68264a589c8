"""Peak memory of one worker under a burst of large concurrent calls, with the
admission limit (the default, 4 x threads) and without it (a limit no burst reaches).

Fires CALLS concurrent GetView calls carrying ~1 MB each (a state that is refused
after reading, as a flood of any large request would be) over 8 channels at a
`python -m service.main` on loopback, and reads the server's peak RSS (VmHWM)
and the codes the calls got.

    nice -n 10 .venv/bin/python -m bench.overload_memory [calls]     (default 400)
"""

from __future__ import annotations

import os
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
            state = os.urandom(1 << 20)
            channels = [grpc.insecure_channel(service.address, options=[
                ("grpc.max_send_message_length", 4 << 20)]) for _ in range(8)]
            futures = [pb_grpc.GameServiceStub(channels[i % 8]).GetView.future(
                pb.GetViewRequest(state=state), timeout=60) for i in range(calls)]
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
                         ("no limit", ("--max-concurrent-rpcs", "1000000"))):
        before, peak, codes = burst(calls, *flags)
        print(f"{label:20s} RSS {before:.0f} -> peak {peak:.0f} MiB; codes {dict(codes)}",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
