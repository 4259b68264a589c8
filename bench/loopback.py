"""What every benchmark here shares: a throwaway state key, free loopback
ports, and a process's CPU time read from /proc (benchmarks only ever drive
servers on 127.0.0.1)."""

from __future__ import annotations

import base64
import hashlib
import os
import statistics
from pathlib import Path

from tests.loopback import free_port as free_port  # one per process, never twice

#: A fixed, public key: benchmark states are throwaway (a hash, because the
#: server refuses keys that are visibly not random).
KEYS = "bench:" + base64.b64encode(hashlib.sha256(b"marketplay bench key").digest()).decode()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pid: int) -> float:
    """CPU time of every live thread of a process, from /proc/<pid>/task/*/schedstat:
    nanoseconds, where /proc/<pid>/stat counts clock ticks (10 ms)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            continue  # the thread ended between the listing and the read
    return total / 1e9


def thread_cpu_by_name(pid: int) -> dict[str, float]:
    """Seconds of CPU per thread name (/proc comm) over a process and its children,
    as bench/threadnames.py names Python's threads; a pool worker's `_N` becomes
    `_*`, so a pool's threads add up under one name."""
    totals: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            ran = int((task / "schedstat").read_text().split()[0]) / 1e9
            children = (task / "children").read_text().split()
        except (OSError, IndexError, ValueError):
            continue
        prefix, _, number = name.rpartition("_")
        if prefix and number.isdigit():
            name = prefix + "_*"
        elif name.startswith("Thread-"):  # threading's unnamed "Thread-3 (target)"
            name = "Thread-N " + name.split(" ", 1)[1] if " " in name else "Thread-N"
        totals[name] = totals.get(name, 0.0) + ran
        for child in children:
            for key, value in thread_cpu_by_name(int(child)).items():
                totals[key] = totals.get(key, 0.0) + value
    return totals


def spread(values: list[float], digits: int = 0) -> str:
    """A figure over rounds: its median (min-max)."""
    return (f"{statistics.median(values):,.{digits}f} "
            f"({min(values):,.{digits}f}-{max(values):,.{digits}f})")
