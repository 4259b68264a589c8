"""What an ApplyAction costs the server over each protocol, side by side (issue 19).

    nice -n 10 python -m bench.protocols [--before DIR] [--rounds 5] [--requests 400]

One worker per tree (`--workers 1`, metrics off, the default handler threads)
serves native gRPC on one port and Connect / gRPC-Web on its HTTP port. For
every game (4 players, 12 random actions in) the next ApplyAction is asked
twice: for one seat's view and for every seat's. h2load (Debian package
`nghttp2-client`; its client CPU is small and the same for every protocol)
sends `--requests` of each over 4 keep-alive connections: native gRPC over
h2c, Connect proto, gRPC-Web and Connect JSON over HTTP/1.1. The figure is
the server's CPU per call (the schedstat run time of every thread of the
server's processes, from /proc) over a count of calls, not a time. Before
anything is timed, one call of each kind is checked to answer a full
ApplyActionResponse.

The gRPC ApplyAction / bare echo ratios of bench/apply_vs_echo.py (calls/s at
1 and 16 callers, the same one-seat Spice Merchant request bytes) are folded
into the same rounds: each tree beside an echo of its own server model
(grpc.aio now; with `--before 62e69bb`'s tree, the thread-pool server).

Each server is started through bench/threadnames.py, so its CPU per call is
also printed split by thread (the gRPC event loop, the handler threads,
grpcio's C threads, the HTTP port's loop and its handler threads).

`--before DIR[=LABEL]` (repeatable) also runs an older or experimental
checkout (`git archive REV | tar -x -C DIR`; 62e69bb is release 0.2.0, the
baseline issue 19 measured) beside this one, so before and after come from
one run. Every server is started first and kept up; each round runs every
measurement once, the order rotated round by round.
Ratios are taken within a round; medians and min-max ranges over rounds are
printed. Timings here are never test assertions.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import struct
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from google.protobuf import json_format

from bench.apply_vs_echo import APPLY, ECHO, ROOT, apply_payload, drive, spawn, tree_cpu_seconds
from bench.http_servers import Candidate, Workload, _answers, h2load
from bench.loopback import free_port, spread, thread_cpu_by_name, thread_cpu_seconds
from marketplay.v1 import game_service_pb2 as pb

GAMES = ("spice-merchant", "central-market", "market-fresh")
VIEWS = {"one view": pb.ViewSelection(seats=[0]), "all views": pb.ViewSelection(all_seats=True)}
PROTOCOLS = ("gRPC", "Connect proto", "gRPC-Web", "Connect JSON")
#: issue 19's goals: server CPU per call at most this times native gRPC's
GOALS = {"Connect proto": 1.15, "gRPC-Web": 1.15, "Connect JSON": 1.3}
CALLERS = (1, 16)
NAMES = ROOT / "bench" / "threadnames.py"  # a server's threads named, for the split by thread
H1 = ("--h1", "-c", "4", "-m", "1")  # 4 HTTP/1.1 keep-alive connections, one call at a time


def frame(message: bytes) -> bytes:
    """gRPC / gRPC-Web length-prefixed message framing (uncompressed)."""
    return b"\0" + struct.pack(">I", len(message)) + message


def workloads(request: bytes) -> dict[str, Workload]:
    """The same ApplyAction request as each protocol sends it."""
    as_json = json_format.MessageToJson(pb.ApplyActionRequest.FromString(request),
                                        indent=None).encode()
    return {
        "gRPC": Workload("gRPC", ("-c", "4", "-m", "1"), "application/grpc", frame(request),
                         grpc=True),
        "Connect proto": Workload("Connect proto", H1, "application/proto", request),
        "gRPC-Web": Workload("gRPC-Web", H1, "application/grpc-web+proto", frame(request)),
        "Connect JSON": Workload("Connect JSON", H1, "application/json", as_json),
    }


@dataclass
class Tree:
    """One checkout's server (gRPC and HTTP ports) and the echo it is compared with."""

    label: str
    root: Path
    echo_args: list[str]
    grpc_port: int = 0
    http_port: int = 0
    echo_port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    echo: subprocess.Popen[bytes] | None = None
    #: (game, view) -> protocol -> the request as it sends it
    loads: dict[tuple[str, str], dict[str, Workload]] = field(default_factory=dict)
    echo_payload: bytes = b""

    def start(self) -> None:
        self.grpc_port, self.http_port, self.echo_port = free_port(), free_port(), free_port()
        self.proc = spawn([str(NAMES), "service.main", "--workers", "1", "--metrics-port", "0",
                           "--port", str(self.grpc_port), "--http-port", str(self.http_port)],
                          self.grpc_port, self.root)
        deadline = time.monotonic() + 30
        while not _answers(self.http_port):
            if time.monotonic() > deadline:
                raise SystemExit(f"{self.label}: the HTTP port did not come up")
            time.sleep(0.2)
        self.echo = spawn(["-m", "bench.echo_server", *self.echo_args,
                           "--port", str(self.echo_port)], self.echo_port)
        for game in GAMES:
            for view, selection in VIEWS.items():
                request = apply_payload(self.grpc_port, game, 12, selection)
                self.loads[game, view] = workloads(request)
                check(self, self.loads[game, view], 1 if view == "one view" else 4)
        self.echo_payload = self.loads["spice-merchant", "one view"]["gRPC"].body[5:]

    def stop(self) -> None:
        for proc in (self.proc, self.echo):
            if proc is not None:
                proc.terminate()
                proc.wait()


def check(tree: Tree, loads: dict[str, Workload], views: int) -> None:
    """One call of each protocol answers a whole ApplyActionResponse (h2load counts
    HTTP statuses only, and a gRPC or gRPC-Web error is a 200)."""
    answers: dict[str, pb.ApplyActionResponse] = {}
    with grpc.insecure_channel(f"127.0.0.1:{tree.grpc_port}") as channel:
        call: Callable[[bytes], bytes] = channel.unary_unary(
            APPLY, request_serializer=None, response_deserializer=None)
        answers["gRPC"] = pb.ApplyActionResponse.FromString(call(loads["gRPC"].body[5:]))
    for name in PROTOCOLS[1:]:
        load = loads[name]
        request = urllib.request.Request(
            f"http://127.0.0.1:{tree.http_port}{APPLY}", data=load.body, method="POST",
            headers={"content-type": load.content_type})
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        if name == "Connect JSON":
            answers[name] = json_format.Parse(body, pb.ApplyActionResponse())
            continue
        if name == "Connect proto":
            answers[name] = pb.ApplyActionResponse.FromString(body)
            continue
        size = struct.unpack(">I", body[1:5])[0]
        trailer = body[5 + size:]
        if body[0] != 0 or b"grpc-status:0" not in trailer.replace(b" ", b""):
            raise SystemExit(f"{tree.label} gRPC-Web: not a whole answer: {trailer[:200]!r}")
        answers[name] = pb.ApplyActionResponse.FromString(body[5:5 + size])
    for name, answer in answers.items():
        if not answer.update.state or len(answer.update.views) < views:
            raise SystemExit(f"{tree.label} {name}: an incomplete answer "
                             f"({len(answer.update.views)} views)")


@dataclass(frozen=True)
class Job:
    """One measurement of a round: an h2load cell, or an apply / echo drive."""

    tree: str
    what: str  # a protocol, "apply" or "echo"
    game: str = ""
    view: str = ""
    callers: int = 0


Split = dict[str, float]  # server CPU us per call by thread name


def per_call(before: Split, after: Split, calls: int) -> Split:
    return {name: (after.get(name, 0.0) - ran) / calls * 1e6 for name, ran in before.items()}


def run_job(job: Job, tree: Tree, requests: int, seconds: float, tmp: Path,
            split: dict[Job, list[Split]]) -> float:
    """The job's figure: server CPU us per call (h2load), or calls/s (drive); the
    server's CPU per call by thread goes to `split`."""
    assert tree.proc is not None and tree.echo is not None
    if job.what in ("apply", "echo"):
        apply = job.what == "apply"
        pid = (tree.proc if apply else tree.echo).pid
        threads = thread_cpu_by_name(pid)
        result = drive(job.what, tree.grpc_port if apply else tree.echo_port,
                       APPLY if apply else ECHO, tree.echo_payload, job.callers, seconds, pid)
        warm_up = 20 * job.callers  # drive()'s, before its own count starts
        split.setdefault(job, []).append(
            per_call(threads, thread_cpu_by_name(pid), result.calls + warm_up))
        return result.qps
    load = tree.loads[job.game, job.view][job.what]
    port = tree.grpc_port if load.grpc else tree.http_port
    target = Candidate(f"{tree.label} {job.what}", port, tree.proc)
    body = tmp / f"{tree.label}-{job.game}-{job.view}-{job.what}".replace(" ", "_")
    body.write_bytes(load.body)
    h2load(target, load, max(40, requests // 10), body, APPLY)  # warm-up
    before = tree_cpu_seconds(tree.proc.pid, thread_cpu_seconds)
    threads = thread_cpu_by_name(tree.proc.pid)
    h2load(target, load, requests, body, APPLY)
    split.setdefault(job, []).append(per_call(threads, thread_cpu_by_name(tree.proc.pid), requests))
    return (tree_cpu_seconds(tree.proc.pid, thread_cpu_seconds) - before) / requests * 1e6


def report_split(trees: list[Tree], split: dict[Job, list[Split]], protocols: list[str]) -> None:
    """Where a call's server CPU goes, by thread: median us per call over rounds."""
    print(f"\nserver CPU per call by thread, us, median over rounds (threads above 2 us); "
          f"h2load: {GAMES[0]}, one view")
    for tree in trees:
        picked = [(f"{p} h2load c4", Job(tree.label, p, GAMES[0], "one view")) for p in protocols]
        picked += [(f"{what} x{callers}", Job(tree.label, what, callers=callers))
                   for what in ("apply", "echo") for callers in CALLERS]
        for label, job in picked:
            samples = split.get(job, [])
            names = sorted({name for sample in samples for name in sample})
            medians = {name: statistics.median(s.get(name, 0.0) for s in samples)
                       for name in names}
            shown = ", ".join(f"{name} {value:,.0f}" for name, value in
                              sorted(medians.items(), key=lambda kv: -kv[1]) if value > 2)
            print(f"  {tree.label:6s} {label:34s} total {sum(medians.values()):,.0f}: {shown}")


def report(trees: list[Tree], results: dict[Job, list[float]], protocols: list[str]) -> None:
    print("\nserver CPU per ApplyAction, us: median (min-max) over rounds; "
          "x = within-round ratio to gRPC, median (min-max)")
    for tree in trees:
        print(f"\n{tree.label}\n| game | views | " + " | ".join(
            [*protocols, *(f"{p} / gRPC" for p in protocols[1:])]) + " |")
        print("|---|---|" + "---:|" * (2 * len(protocols) - 1))
        missed = []
        for game in GAMES:
            for view in VIEWS:
                cpu = {p: results[Job(tree.label, p, game, view)] for p in protocols}
                cells = [spread(cpu[p]) for p in protocols]
                for p in protocols[1:]:
                    ratio = [a / b for a, b in zip(cpu[p], cpu["gRPC"], strict=True)]
                    cells.append(spread(ratio, 2))
                    if statistics.median(ratio) > GOALS[p]:
                        missed.append(f"{game} {view} {p} {statistics.median(ratio):.2f}x")
                print(f"| {game} | {view} | " + " | ".join(cells) + " |")
        if len(protocols) > 1:
            print(f"goals ({', '.join(f'{p} <= {GOALS[p]}x' for p in protocols[1:])} gRPC): "
                  + ("all met" if not missed else "missed: " + "; ".join(missed)))
    for other in trees[1:]:
        print(f"\nnow / {other.label}, server CPU per call (within-round ratio)")
        print("| game | views | " + " | ".join(protocols) + " |\n|---|---|"
              + "---:|" * len(protocols))
        for game in GAMES:
            for view in VIEWS:
                cells = []
                for p in protocols:
                    now = results[Job(trees[0].label, p, game, view)]
                    old = results[Job(other.label, p, game, view)]
                    cells.append(spread([a / b for a, b in zip(now, old, strict=True)], 2))
                print(f"| {game} | {view} | " + " | ".join(cells) + " |")
    print("\ngRPC ApplyAction / bare echo, calls/s within each round "
          "(goal >= 0.75 at 1 and 16 callers)")
    for tree in trees:
        for callers in CALLERS:
            apply = results[Job(tree.label, "apply", callers=callers)]
            echo = results[Job(tree.label, "echo", callers=callers)]
            ratio = [a / b for a, b in zip(apply, echo, strict=True)]
            print(f"  {tree.label:8s} x{callers:<2d} apply {spread(apply)} calls/s, "
                  f"echo ({' '.join(tree.echo_args)}) {spread(echo)}: {spread(ratio, 2)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=400,
                        help="h2load calls per protocol, game and view in each round")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="per apply / echo drive in each round")
    parser.add_argument("--before", action="append", default=[], metavar="DIR[=LABEL]",
                        help="also an older (or experimental) checkout, git archive REV | "
                             "tar -x -C DIR, named LABEL in the report; repeatable")
    parser.add_argument("--protocols", default=",".join(PROTOCOLS),
                        help="a comma-separated subset of: " + ", ".join(PROTOCOLS))
    parser.add_argument("--json", default="", help="also write every sample to this file")
    args = parser.parse_args()
    if shutil.which("h2load") is None:
        raise SystemExit("needs h2load: apt-get install nghttp2-client")

    trees = [Tree("now", ROOT, ["--aio"])]
    for n, other in enumerate(args.before):
        where, _, label = other.partition("=")
        root = Path(where).resolve()
        # 0.2.0 ran the gRPC port on grpcio's thread-pool server (4 threads); since
        # issue 18 it is grpc.aio (service/grpc_server.py): each beside its own echo
        aio = (root / "service" / "grpc_server.py").exists()
        trees.append(Tree(label or ("before" if n == 0 else f"before{n + 1}"), root,
                          ["--aio"] if aio else ["--threads", "4"]))
    protocols = [p for p in PROTOCOLS if p in args.protocols.split(",")]
    if "gRPC" not in protocols:
        raise SystemExit("--protocols: gRPC is what the others are compared with")
    # trees interleaved, so a tree's cell and its twin in the other run back to back
    jobs = [Job(t.label, p, g, v) for g in GAMES for v in VIEWS for p in protocols for t in trees]
    jobs += [Job(t.label, w, callers=c) for c in CALLERS for w in ("apply", "echo") for t in trees]
    results: dict[Job, list[float]] = {job: [] for job in jobs}
    split: dict[Job, list[Split]] = {}
    by_label = {t.label: t for t in trees}
    try:
        for tree in trees:
            tree.start()
        for tree in trees:
            sizes = {k: len(v["Connect JSON"].body) for k, v in tree.loads.items()}
            print(f"{tree.label}: {tree.root} (pid {tree.proc.pid if tree.proc else 0}); "
                  f"request JSON bytes {sizes}")
        print(f"{args.rounds} rounds x {len(jobs)} measurements, {args.requests} calls per "
              f"h2load cell, {args.seconds} s per drive", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            for round_no in range(args.rounds):
                shift = round_no * len(jobs) // args.rounds
                for job in jobs[shift:] + jobs[:shift]:
                    results[job].append(run_job(job, by_label[job.tree], args.requests,
                                                args.seconds, Path(tmp), split))
                print(f"  round {round_no + 1}/{args.rounds} done", flush=True)
    finally:
        for tree in trees:
            tree.stop()
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{**job.__dict__, "samples": values, "by_thread": split.get(job, [])}
             for job, values in results.items()], indent=1))
    report(trees, results, protocols)
    report_split(trees, split, protocols)


if __name__ == "__main__":
    main()
