"""bench/protocols.py's requests and bench/loopback.py's CPU split by thread.

The benchmark's figures are never asserted (timings are not test results);
what is checked is that every protocol is sent the same request, that a
server's threads are told apart by name, and that the report's ratios are
taken within a round and name the goals missed.
"""

from __future__ import annotations

import os
import struct
import threading
from pathlib import Path

import pytest
from google.protobuf import json_format

from bench import threadnames
from bench.loopback import thread_cpu_by_name, thread_cpu_seconds
from bench.protocols import PROTOCOLS, workloads
from marketplay.v1 import game_service_pb2 as pb


def test_every_protocol_carries_the_same_request() -> None:
    request = pb.ApplyActionRequest(state=b"\x01" * 40, seat=2,
                                    views=pb.ViewSelection(all_seats=True))
    raw = request.SerializeToString()
    loads = workloads(raw)
    assert list(loads) == list(PROTOCOLS)
    for name in ("gRPC", "gRPC-Web"):
        body = loads[name].body
        assert body[0] == 0 and struct.unpack(">I", body[1:5])[0] == len(raw)
        assert pb.ApplyActionRequest.FromString(body[5:]) == request
    assert loads["Connect proto"].body == raw
    assert json_format.Parse(loads["Connect JSON"].body, pb.ApplyActionRequest()) == request
    assert loads["gRPC"].grpc and not any(loads[p].grpc for p in PROTOCOLS[1:])


def test_a_pool_of_named_threads_adds_up_under_one_name() -> None:
    started = threading.Barrier(3)
    done = threading.Event()

    def spin() -> None:
        total = 0
        for i in range(200_000):  # bounded by count: some CPU time on any machine
            total += i
        started.wait()
        done.wait()

    original = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]
    threading.Thread._bootstrap_inner = threadnames._named  # type: ignore[attr-defined]
    try:
        pool = [threading.Thread(target=spin, name=f"benchpool_{n}") for n in range(2)]
        for thread in pool:
            thread.start()
    finally:
        threading.Thread._bootstrap_inner = original  # type: ignore[attr-defined]
    started.wait()
    try:
        split = thread_cpu_by_name(os.getpid())
        assert split["benchpool_*"] > 0
        assert "benchpool_0" not in split and "benchpool_1" not in split
        # the split counts the process's children too (a multiprocessing resource
        # tracker an earlier test left running, say): so does what it is held to
        pid = os.getpid()
        children = [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
                    for child in (task / "children").read_text().split()]
        everything = thread_cpu_seconds(pid) + sum(map(thread_cpu_seconds, children))
        assert sum(split.values()) <= everything + 1e-3
    finally:
        done.set()
        for thread in pool:
            thread.join()


def test_os_names_keep_a_pool_worker_apart_from_its_loop() -> None:
    assert threadnames.os_name("marketplay-http_0") == "marketplay-ht_0"
    assert threadnames.os_name("marketplay-http") == "marketplay-http"
    assert threadnames.os_name("marketplay_12") == "marketplay_12"
    assert threadnames.os_name("Thread-3 (_poll_wrapper)") == "Thread-3 (_poll"
    assert all(len(threadnames.os_name(n)) <= 15 for n in ("a" * 40, "b" * 30 + "_123"))


def test_the_report_takes_ratios_within_a_round_and_names_missed_goals(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench.protocols import CALLERS, GAMES, VIEWS, Job, Tree, report

    trees = [Tree("now", Path("."), ["--aio"]), Tree("old", Path("."), ["--threads", "4"])]
    results: dict[Job, list[float]] = {}
    for tree in trees:
        for game in GAMES:
            for view in VIEWS:
                # two rounds; gRPC's cost doubles in the second, and so does every other's
                results[Job(tree.label, "gRPC", game, view)] = [100.0, 200.0]
                results[Job(tree.label, "Connect proto", game, view)] = [110.0, 220.0]
                results[Job(tree.label, "gRPC-Web", game, view)] = [110.0, 220.0]
                json_cost = 200.0 if (tree.label, game) == ("now", GAMES[0]) else 120.0
                results[Job(tree.label, "Connect JSON", game, view)] = [json_cost, 2 * json_cost]
        for what in ("apply", "echo"):
            for callers in CALLERS:
                results[Job(tree.label, what, callers=callers)] = (
                    [80.0, 40.0] if what == "apply" else [100.0, 50.0])
    report(trees, results, list(PROTOCOLS))
    out = capsys.readouterr().out
    now, old = out.split("\nold\n")
    # within-round ratios: 1.10 and 2.00 in both rounds, whatever the rounds' level
    assert "| 1.10 (1.10-1.10) | 1.10 (1.10-1.10) | 2.00 (2.00-2.00) |" in now
    assert "missed: spice-merchant one view Connect JSON 2.00x; " \
           "spice-merchant all views Connect JSON 2.00x" in now
    assert "all met" in old.split("\nnow / old")[0]
    assert "0.80 (0.80-0.80)" in out  # apply / echo
