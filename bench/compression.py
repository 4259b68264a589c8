"""Bytes on the wire and server CPU per call, with and without response gzip.

    python -m bench.compression [--rounds 5] [--calls 150] [--min-bytes 0] [--survey]

For each game (4 players, 12 random actions in from a fixed seed), one view
and all views, and each HTTP protocol (Connect JSON, Connect proto,
gRPC-Web): an ApplyAction asked again and again over one keep-alive HTTP/1.1
connection to one server (`--workers 1`, metrics off, --http-compress-min-bytes
`--min-bytes`, 0 so every cell pays for its compression), once accepting
gzip and once not. Every (cell, gzip or not) pair is driven in each round, the
order rotated round by round; the server's CPU is read from
/proc/<pid>/task/*/schedstat of every server thread (and its children's) before
and after `--calls` calls. Printed: response body bytes (identity, gzip), the
server's CPU per call both ways as median [min-max] over rounds, and the
added CPU. Then, in-process, the cost of deflating those same bodies at gzip
level 1 and 6 (and brotli quality 3 when the brotli package is importable),
which is how the level was chosen.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from google.protobuf import json_format

import protojson
from bench.handler_cpu import CALL, GAMES, mid_game, service
from bench.loopback import KEYS, free_port
from marketplay.v1 import game_service_pb2 as pb

ROOT = Path(__file__).resolve().parents[1]
URL = "/marketplay.v1.GameService/ApplyAction"
PROTOCOLS = ("connect-json", "connect-proto", "grpc-web")
VIEWS = {"one": pb.ViewSelection(seats=[0]),
         "all": pb.ViewSelection(all_seats=True, spectator=True)}


def schedstat_ns(pid: int) -> int:
    """Nanoseconds on CPU of every thread of `pid` and of its children."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
            children = (task / "children").read_text().split()
        except OSError:
            continue
        total += sum(schedstat_ns(int(child)) for child in children)
    return total


@dataclass
class Cell:
    game: str
    view: str
    protocol: str
    body: bytes
    cpu_us: dict[bool, list[float]] = field(default_factory=lambda: {False: [], True: []})
    wire: dict[bool, int] = field(default_factory=dict)
    response: bytes = b""  # an identity response body, as the server sent it

    def headers(self, gzipped: bool) -> dict[str, str]:
        if self.protocol == "grpc-web":
            extra = {"grpc-accept-encoding": "gzip"} if gzipped else {}
            return {"content-type": "application/grpc-web+proto", "x-grpc-web": "1",
                    "accept-encoding": "identity", **extra}
        codec = "json" if self.protocol == "connect-json" else "proto"
        return {"content-type": f"application/{codec}",
                "accept-encoding": "gzip" if gzipped else "identity"}


def cells() -> list[Cell]:
    svc = service()
    out = []
    for game_id, players in GAMES:
        update = mid_game(svc, game_id, players, 12)
        decision = next(d for d in update.decisions if d.legal_actions)
        for view, selection in VIEWS.items():
            request = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                            action=decision.legal_actions[0], views=selection)
            binary = request.SerializeToString()
            bodies = {"connect-json": json_format.MessageToJson(request).encode(),
                      "connect-proto": binary,
                      "grpc-web": struct.pack(">BI", 0, len(binary)) + binary}
            out += [Cell(game_id, view, p, bodies[p]) for p in PROTOCOLS]
    return out


def call(client: httpx.Client, base: str, cell: Cell, gzipped: bool) -> bytes:
    """One call; the response body as sent (before any inflating)."""
    with client.stream("POST", base + URL, content=cell.body,
                       headers=cell.headers(gzipped)) as response:
        raw = b"".join(response.iter_raw())
    assert response.status_code == 200, response.status_code
    encoding = response.headers.get("content-encoding" if cell.protocol != "grpc-web"
                                    else "grpc-encoding", "identity")
    assert encoding == ("gzip" if gzipped else "identity"), (cell, encoding)
    return raw


def measure(args: argparse.Namespace) -> list[Cell]:
    http_port, port = free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MARKETPLAY_STATE_KEYS": KEYS}
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.main", "--workers", "1", "--port", str(port),
         "--http-port", str(http_port), "--metrics-port", "0",
         "--http-compress-min-bytes", str(args.min_bytes)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{http_port}"
    runs = [(cell, gzipped) for cell in cells() for gzipped in (False, True)]
    try:
        with httpx.Client(timeout=30) as client:
            for _ in range(600):
                try:
                    client.get(base + "/readyz").raise_for_status()
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            for cell, gzipped in runs:
                raw = call(client, base, cell, gzipped)
                cell.wire[gzipped] = len(raw)
                cell.response = cell.response or raw
            for round_ in range(args.rounds):
                shift = round_ * len(runs) // args.rounds
                for cell, gzipped in runs[shift:] + runs[:shift]:
                    for _ in range(5):
                        call(client, base, cell, gzipped)
                    before = schedstat_ns(proc.pid)
                    for _ in range(args.calls):
                        call(client, base, cell, gzipped)
                    cell.cpu_us[gzipped].append(
                        (schedstat_ns(proc.pid) - before) / args.calls / 1000)
                print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        proc.terminate()
        proc.wait(30)
    return [cell for cell, gzipped in runs if gzipped]


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} [{min(values):,.0f}-{max(values):,.0f}]"


def report(measured: list[Cell]) -> None:
    print("| game | views | protocol | identity B | gzip B | saved | CPU/call identity us "
          "| CPU/call gzip us | added us |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for cell in measured:
        plain, packed = cell.wire[False], cell.wire[True]
        added = [g - p for p, g in zip(cell.cpu_us[False], cell.cpu_us[True], strict=True)]
        print(f"| {cell.game} | {cell.view} | {cell.protocol} | {plain:,} | {packed:,} "
              f"| {1 - packed / plain:.0%} | {_spread(cell.cpu_us[False])} "
              f"| {_spread(cell.cpu_us[True])} | {_spread(added)} |")


def levels(measured: list[Cell], reps: int) -> None:
    """In-process: the cost of deflating each identity body the server sent, at gzip
    level 1 and 6 (and brotli quality 3 when it is importable)."""
    try:
        import brotli  # type: ignore[import-untyped]  # optional: only to compare
    except ImportError:
        brotli = None
    coders = [lambda b: zlib.compress(b, 1, wbits=31), lambda b: zlib.compress(b, 6, wbits=31)]
    if brotli is not None:
        coders.append(lambda b: brotli.compress(b, quality=3))
    print("\n| game | views | protocol | bytes | gzip-1 B | gzip-1 us | gzip-6 B | gzip-6 us"
          + (" | br-3 B | br-3 us |" if brotli else " |"))
    print("|---|---|---|---:|---:|---:|---:|---:" + ("|---:|---:|" if brotli else "|"))
    for cell in measured:
        if cell.protocol == "grpc-web":
            continue  # the Connect proto body and 5 bytes of frame
        body = cell.response
        row = f"| {cell.game} | {cell.view} | {cell.protocol} | {len(body):,}"
        for coder in coders:
            rounds = []
            for _ in range(5):
                began = time.process_time()
                for _ in range(reps):
                    coder(body)
                rounds.append((time.process_time() - began) / reps * 1e6)
            row += f" | {len(coder(body)):,} | {_spread(rounds)}"
        assert gzip.decompress(coders[0](body)) == body
        print(row + " |")


def survey() -> None:
    """In-process: how much gzip level 1 saves on responses of many sizes (2 or 3 and 4
    players, 0/12/40 actions in, one view and all, both codecs), smallest first."""
    svc = service()
    rows = []
    for game_id, _ in GAMES:
        for players in (3, 4) if game_id == "central-market" else (2, 4):
            for steps in (0, 12, 40):
                update = mid_game(svc, game_id, players, steps)
                for view, selection in VIEWS.items():
                    response = svc.get_view(pb.GetViewRequest(state=update.state,
                                                              views=selection), CALL)
                    for codec, body in (("proto", response.SerializeToString()),
                                        ("json", protojson.encode(response))):
                        saved = 1 - len(zlib.compress(body, 1, wbits=31)) / len(body)
                        rows.append((len(body), saved, game_id, players, steps, view, codec))
    print("| bytes | saved | game | players | actions in | views | codec |")
    print("|---:|---:|---|---:|---:|---|---|")
    for size, saved, *where in sorted(rows):
        print(f"| {size:,} | {saved:.0%} | " + " | ".join(map(str, where)) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=150)
    parser.add_argument("--min-bytes", type=int, default=0)
    parser.add_argument("--level-reps", type=int, default=500)
    parser.add_argument("--survey", action="store_true",
                        help="only the in-process size survey that set the threshold")
    args = parser.parse_args()
    if args.survey:
        survey()
        return
    measured = measure(args)
    report(measured)
    levels(measured, args.level_reps)


if __name__ == "__main__":
    main()
