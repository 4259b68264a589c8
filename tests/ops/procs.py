"""Start `python -m service.main` as a real process on loopback, and look inside it."""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client import CollectorRegistry
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.parser import text_string_to_metric_families

from tests.loopback import free_port

ROOT = Path(__file__).resolve().parents[2]
KEYS = "ops:" + base64.b64encode(hashlib.sha256(b"marketplay ops test key").digest()).decode()



class Service:
    """One `service.main` process (supervisor or single worker) and its ports."""

    def __init__(
        self, tmp: Path, *flags: str, multiproc_dir: Path | None = None, keys: str | None = KEYS,
        nofile: int | None = None,
    ) -> None:
        """`keys` None starts it with no state keys (an ephemeral one); `nofile` sets its
        descriptor limit (soft and hard), as a container's may be."""
        self.port, self.metrics_port, self.http_port = free_port(), free_port(), free_port()
        env = {**os.environ, "MARKETPLAY_STATE_KEYS": keys or ""}
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        if multiproc_dir is not None:
            env["PROMETHEUS_MULTIPROC_DIR"] = str(multiproc_dir)
        self.log_path = tmp / f"service-{self.port}.log"
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "service.main", "--host", "127.0.0.1",
             "--port", str(self.port), "--metrics-port", str(self.metrics_port),
             "--http-port", str(self.http_port),
             "--grace-seconds", "2", "--threads", "4", "--workers", "1", *flags],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            preexec_fn=None if nofile is None else functools.partial(
                resource.setrlimit, resource.RLIMIT_NOFILE, (nofile, nofile)),
        )
        self.address = f"127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, workers: int, timeout: float = 30.0) -> None:
        """Until health says SERVING, /metrics answers and `workers` workers run."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log()
            try:
                if self.health() and self.scrape() and (
                    workers == 1 or len(self.worker_pids()) == workers
                ):
                    return
            except (grpc.RpcError, OSError):
                pass
            time.sleep(0.2)
        raise AssertionError(f"not ready in {timeout}s:\n{self.log()}")

    def health(self) -> bool:
        """One grpc.health.v1 Check on a fresh connection (so SO_REUSEPORT may pick any worker)."""
        with grpc.insecure_channel(self.address) as channel:
            response = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(), timeout=5
            )
        return bool(response.status == health_pb2.HealthCheckResponse.SERVING)

    def scrape(self) -> str:
        url = f"http://127.0.0.1:{self.metrics_port}/metrics"
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode())

    def sample(self, name: str, **labels: str) -> float:
        """Sum of the samples called `name` whose labels include `labels`."""
        total = 0.0
        for family in text_string_to_metric_families(self.scrape()):
            for s in family.samples:
                if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                    total += s.value
        return total

    def worker_pids(self) -> set[int]:
        return children(self.proc.pid)

    def stop(self, timeout: float = 20.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            self._log.close()

    def kill(self) -> None:
        """Last resort for a test that failed half-way: leave no process behind.

        Workers are looked up only while the supervisor lives (so its pid is still ours);
        once it is gone, PR_SET_PDEATHSIG has already sent them SIGTERM.
        """
        if self.proc.poll() is None:
            for pid in self.worker_pids():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait(timeout=10)
        self._log.close()


def children(parent: int) -> set[int]:
    """Live child processes of `parent`, read from /proc (Linux)."""
    pids = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so split after the last ')'.
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == parent and state != "Z":
            pids.add(int(entry.name))
    return pids


def per_process_sample(multiproc_dir: Path, pid: int, tmp: Path, name: str,
                       **labels: str) -> float:
    """What one worker alone counted, read from its own multiprocess file."""
    only = tmp / f"only-{pid}"
    only.mkdir(exist_ok=True)
    source = multiproc_dir / f"counter_{pid}.db"
    if not source.exists():
        return 0.0
    shutil.copy(source, only / source.name)
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(only))
    total = 0.0
    for family in registry.collect():
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                total += s.value
    return total
