"""`--workers N`: processes sharing one port, summed metrics, restarts, clean stop.

Real `python -m service.main` processes on 127.0.0.1, every wait bounded.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from service.config import Config
from tests.ops.procs import ROOT, Service, per_process_sample

CHECK = {"grpc_service": "grpc.health.v1.Health", "grpc_method": "Check", "grpc_code": "OK"}


@pytest.fixture
def multiproc_dir(tmp_path: Path) -> Path:
    path = tmp_path / "multiproc"
    path.mkdir()
    return path


@pytest.fixture
def two_workers(tmp_path: Path, multiproc_dir: Path) -> Iterator[Service]:
    service = Service(tmp_path, "--workers", "2", multiproc_dir=multiproc_dir)
    try:
        service.wait_ready(workers=2)
        yield service
    finally:
        service.kill()


def _checks_until_both_workers_served(service: Service, dirs: tuple[Path, Path]) -> int:
    """Health checks on fresh connections until each worker has answered some; returns count."""
    multiproc_dir, tmp = dirs
    pids = service.worker_pids()
    for calls in range(1, 201):
        service.health()
        per_worker = [
            per_process_sample(multiproc_dir, pid, tmp, "grpc_server_handled_total", **CHECK)
            for pid in pids
        ]
        if calls >= 20 and all(n > 0 for n in per_worker):
            return calls
    raise AssertionError(f"connections never reached both workers: {per_worker}")


def test_two_workers_share_the_port_and_metrics_add_up(
    two_workers: Service, multiproc_dir: Path, tmp_path: Path
) -> None:
    """Both workers answer on the one port, and /metrics reports the sum of both."""
    before = two_workers.sample("grpc_server_handled_total", **CHECK)
    calls = _checks_until_both_workers_served(two_workers, (multiproc_dir, tmp_path))
    total = two_workers.sample("grpc_server_handled_total", **CHECK)
    assert total - before == calls
    pids = two_workers.worker_pids()
    per_worker = [
        per_process_sample(multiproc_dir, pid, tmp_path, "grpc_server_handled_total", **CHECK)
        for pid in pids
    ]
    assert len(per_worker) == 2 and all(n > 0 for n in per_worker)
    assert sum(per_worker) == total  # every scraped Check came from one of the two
    # Game metrics are summed too (no pid label), and build info is merged to one series.
    with grpc.insecure_channel(two_workers.address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        for _ in range(4):
            stub.NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=3), timeout=10)
    assert two_workers.sample("marketplay_games_started_total", game="spice-merchant") == 4
    build_lines = [line for line in two_workers.scrape().splitlines()
                   if line.startswith("marketplay_build_info{")]
    assert len(build_lines) == 1 and "pid=" not in build_lines[0]


def test_both_workers_serve_the_http_port(
    two_workers: Service, multiproc_dir: Path, tmp_path: Path
) -> None:
    """Each worker serves HTTP on the shared port too, counted in the same gRPC series.

    `wait_ready` asks for two workers' pids and one health answer, so a
    worker may still be starting and not yet bound to the ports: on a
    loaded machine all of 200 calls once reached the other one. The calls go
    on until both have served (bounded by count, not time)."""
    labels = {"grpc_service": "marketplay.v1.GameService", "grpc_method": "ListGames",
              "grpc_code": "OK"}
    pids = two_workers.worker_pids()
    url = f"http://127.0.0.1:{two_workers.http_port}/marketplay.v1.GameService/ListGames"
    for calls in range(1, 2001):
        request = urllib.request.Request(url, data=b"{}", method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:  # a fresh connection
            assert response.status == 200
        per_worker = [per_process_sample(multiproc_dir, pid, tmp_path,
                                         "grpc_server_handled_total", **labels) for pid in pids]
        if calls >= 20 and all(n > 0 for n in per_worker):
            break
    else:
        raise AssertionError(f"HTTP connections never reached both workers: {per_worker}")
    assert two_workers.sample("grpc_server_handled_total", **labels) == calls
    ready = f"http://127.0.0.1:{two_workers.http_port}/readyz"
    with urllib.request.urlopen(ready, timeout=10) as response:
        assert response.status == 200


def test_a_killed_worker_is_restarted_and_its_counts_kept(two_workers: Service) -> None:
    """SIGKILL one worker: the supervisor forks a new one; counters never go backwards."""
    for _ in range(10):
        two_workers.health()
    counted = two_workers.sample("grpc_server_handled_total", **CHECK)
    old = two_workers.worker_pids()
    victim = min(old)
    cores_before = _worker_cores(two_workers)
    os.kill(victim, signal.SIGKILL)
    now = _wait_for_replacement(two_workers, victim, seconds=20)
    assert now - old and (old - {victim}) <= now
    two_workers.wait_ready(workers=2)
    assert _worker_cores(two_workers) == cores_before  # the replacement runs where its slot did
    assert two_workers.sample("grpc_server_handled_total", **CHECK) > counted
    assert f"worker {victim} died" in two_workers.log()


def _worker_cores(service: Service) -> list[set[int]]:
    """Each worker's CPU affinity, sorted (a pinned worker's is one core)."""
    return sorted((os.sched_getaffinity(pid) for pid in service.worker_pids()), key=sorted)


def test_workers_are_pinned_one_per_core_when_the_mask_allows(two_workers: Service) -> None:
    """Two workers and exactly two allowed cores: one worker on each. With more cores in
    the mask than workers they are left to the scheduler (service/workers.py, `pinning`)."""
    mask = os.sched_getaffinity(0)
    if len(mask) == 2:
        assert _worker_cores(two_workers) == [{core} for core in sorted(mask)]
        assert "pinned to cores" in two_workers.log()
    else:
        assert _worker_cores(two_workers) == [mask, mask]


def test_pinning_needs_one_core_per_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    from service import workers

    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {3, 1})
    assert workers.pinning(Config(workers=2)) == [1, 3]
    assert workers.pinning(Config(workers=2, pin_workers=False)) == [None, None]
    assert workers.pinning(Config(workers=1)) == [None]
    assert workers.pinning(Config(workers=3)) == [None, None, None]
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert workers.pinning(Config(workers=2)) == [None, None]


def test_sigterm_stops_every_worker_cleanly(two_workers: Service) -> None:
    """SIGTERM to the supervisor: workers drain and exit 0, then the supervisor exits 0."""
    pids = two_workers.worker_pids()
    assert len(pids) == 2
    assert two_workers.stop(timeout=20) == 0  # grace 2 s + kill margin 5 s, with room
    for pid in pids:  # reaped by the supervisor (a zombie would still have its /proc entry)
        assert not Path(f"/proc/{pid}").exists(), pid
    log = two_workers.log()
    assert log.count("marketplay stopped") == 2, log
    for pid in pids:
        assert f"worker {pid} exited (0)" in log


def _wait_for_replacement(service: Service, victim: int, seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = service.worker_pids()
        if len(now) == 2 and victim not in now:
            return now
        time.sleep(0.1)
    raise AssertionError(f"worker {victim} not replaced in {seconds}s:\n{service.log()}")


def test_a_trickling_scrape_never_holds_up_supervision(two_workers: Service) -> None:
    """A /metrics client that sends its request a byte at a time and never finishes it:
    other scrapes are answered, a killed worker is replaced and SIGTERM stops everything.

    The supervisor once served /metrics from its own loop; such a client held it in
    handle_request(), so no dead worker was replaced and no SIGTERM forwarded.
    """
    slow = socket.create_connection(("127.0.0.1", two_workers.metrics_port), timeout=10)
    stop, dripping = threading.Event(), threading.Event()

    def drip() -> None:
        for sent, byte in enumerate(itertools.cycle(b"GET /metrics HTTP/1.1\r\nX-Slow: ")):
            if stop.wait(0.3):
                return
            try:
                slow.send(bytes([byte]))
            except OSError:
                return
            if sent == 3:
                dripping.set()

    dripper = threading.Thread(target=drip, daemon=True)
    dripper.start()
    try:
        assert dripping.wait(20)  # the slow request is being read by now
        assert "grpc_server_started_total" in two_workers.scrape()
        victim = min(two_workers.worker_pids())
        os.kill(victim, signal.SIGKILL)
        _wait_for_replacement(two_workers, victim, seconds=20)
        assert dripper.is_alive()  # the slow client is still at it
        assert two_workers.stop(timeout=20) == 0, two_workers.log()  # grace 2 s + kill margin 5 s
    finally:
        stop.set()
        slow.close()
        dripper.join(5)


def test_single_worker_serves_metrics_in_process(tmp_path: Path) -> None:
    """--workers 1: no supervisor; /metrics from the serving process itself."""
    service = Service(tmp_path)
    try:
        service.wait_ready(workers=1)
        assert service.worker_pids() == set()
        service.health()
        assert service.sample("grpc_server_handled_total", **CHECK) >= 1
        assert "process_cpu_seconds_total" in service.scrape()
        # The image's HEALTHCHECK command agrees, for the whole server and the game service.
        probe_env = {**os.environ, "MARKETPLAY_PORT": str(service.port)}
        for name in ("", "marketplay.v1.GameService"):
            probe = subprocess.run([sys.executable, "-m", "service.probe", name], cwd=ROOT,
                                   env=probe_env, capture_output=True, timeout=30, check=False)
            assert probe.returncode == 0, probe.stderr
        assert service.stop() == 0
        probe = subprocess.run([sys.executable, "-m", "service.probe"], cwd=ROOT, env=probe_env,
                               capture_output=True, text=True, timeout=30, check=False)
        assert probe.returncode == 1 and "unhealthy" in probe.stderr
    finally:
        service.kill()


def test_a_crash_looping_worker_makes_the_supervisor_give_up(tmp_path: Path) -> None:
    """Workers that die as soon as they start (here: each killed as soon as it
    exists; a port in use is refused before any fork) make the supervisor give up
    after RestartPolicy.max_quick_deaths in a row and exit 1, rather than loop."""
    from service.workers import RestartPolicy

    service = Service(tmp_path, "--workers", "2")
    killed = 0
    try:
        for _ in range(10_000):  # bounded by count: the restart delays add up to seconds
            if service.proc.poll() is not None:
                break
            for pid in service.worker_pids():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
            time.sleep(0.01)
        assert service.proc.wait(timeout=90) == 1, service.log()
    finally:
        service.kill()
    assert killed >= RestartPolicy.max_quick_deaths
    assert "giving up" in service.log() and "Traceback" not in service.log()


def test_a_failed_fork_leaves_the_supervisor_unpinned_and_counts_as_a_quick_death(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """fork() can fail (EAGAIN: out of processes, ENOMEM). The supervisor pins itself
    to the worker's core and blocks the forwarded signals across the fork; a failure
    must undo both (else it serves /metrics from one core and never hears SIGTERM)
    and be retried by the restart policy, giving up after its quick deaths."""
    import errno

    from service import workers

    cores, blocked = os.sched_getaffinity(0), signal.pthread_sigmask(signal.SIG_BLOCK, [])

    def no_fork() -> int:
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(workers.os, "fork", no_fork)
    supervisor = workers._Supervisor(Config(workers=2), None, lambda *args: 0)  # type: ignore[arg-type]
    slot = workers._Slot(core=min(cores))
    try:
        for deaths in range(1, workers.RestartPolicy.max_quick_deaths):
            supervisor._spawn(slot)
            assert os.sched_getaffinity(0) == cores
            assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == blocked
            assert (slot.pid, slot.quick_deaths) == (0, deaths)
            assert slot.restart_at > slot.started
            assert not supervisor._stop_signal
        supervisor._spawn(slot)
    finally:
        os.sched_setaffinity(0, cores)
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    assert (supervisor._stop_signal, supervisor._exit_code) == (signal.SIGTERM, 1)
    assert "cannot fork a worker (Resource temporarily unavailable); restarting in" in caplog.text
    assert "giving up" in caplog.text


def test_workers_share_the_ephemeral_key(tmp_path: Path) -> None:
    """No state keys and two workers: a state sealed by one worker opens on the other.

    Each GetView goes over a fresh connection, which the kernel hands to either
    worker; before the supervisor made the key, about half were refused.
    """
    service = Service(tmp_path, "--workers", "2", keys=None)
    try:
        service.wait_ready(workers=2)
        with grpc.insecure_channel(service.address) as channel:
            new = pb_grpc.GameServiceStub(channel).NewGame(
                pb.NewGameRequest(game_id="spice-merchant", num_players=3), timeout=10)
        refused = []
        for _ in range(64):
            with grpc.insecure_channel(service.address) as channel:
                try:
                    pb_grpc.GameServiceStub(channel).GetView(
                        pb.GetViewRequest(state=new.update.state), timeout=10)
                except grpc.RpcError as exc:
                    refused.append(exc.code())
        assert refused == []
    finally:
        service.kill()


def test_a_bad_key_file_stops_start_up_with_one_line(tmp_path: Path) -> None:
    """Start-up errors name the setting and exit non-zero, without a traceback."""
    service = Service(tmp_path, "--workers", "2", "--state-keys-file", str(tmp_path / "missing"))
    try:
        assert service.proc.wait(timeout=60) == 2
    finally:
        service.kill()
    log = service.log()
    assert "--state-keys-file" in log and "Traceback" not in log, log


def test_importing_prometheus_client_too_early_is_caught() -> None:
    """Multiprocess mode only works if the env var precedes the import: say so loudly."""
    code = (
        "import prometheus_client\n"
        "from service.config import Config\n"
        "from service.workers import prepare_metrics\n"
        "try:\n"
        "    prepare_metrics(Config(workers=2))\n"
        "except RuntimeError as exc:\n"
        "    print('refused:', exc)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60, check=True)
    assert "refused: prometheus_client was imported before" in out.stdout


def test_the_multiprocess_directory_it_makes_is_on_tmpfs() -> None:
    """Files on disk cost ~25% QPS (docs/benchmarks.md), so --workers picks /dev/shm."""
    code = (
        "import os\n"
        "from service.config import Config\n"
        "from service.workers import _on_tmpfs, prepare_metrics\n"
        "path = prepare_metrics(Config(workers=2))\n"
        "print(path, _on_tmpfs(path))\n"
        "os.rmdir(path)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60, check=True)
    path, on_tmpfs = out.stdout.split()
    assert Path(path).name.startswith("marketplay-metrics-")
    if os.access("/dev/shm", os.W_OK):
        assert on_tmpfs == "True"


def test_a_replacement_worker_gets_traffic_from_connected_clients(
    tmp_path: Path, multiproc_dir: Path
) -> None:
    """Clients of a killed worker reconnect to the survivor; connections aging out
    (--max-connection-age-ms) bring some back to the replacement without new clients.
    The default age is short for this reason (bench/rebalance.py measures it:
    docs/deploy.md, "Balance gRPC over replicas")."""
    assert Config().max_connection_age_ms <= 60_000  # was 5 minutes: no traffic for that long
    service = Service(tmp_path, "--workers", "2", "--max-connection-age-ms", "2000",
                      multiproc_dir=multiproc_dir)
    stop = threading.Event()

    def call_steadily() -> None:
        with grpc.insecure_channel(service.address) as channel:
            stub = pb_grpc.GameServiceStub(channel)
            while not stop.wait(0.02):
                # the kill breaks some calls in flight; the channel reconnects
                with contextlib.suppress(grpc.RpcError):
                    stub.ListGames(pb.ListGamesRequest(), timeout=5)

    callers = [threading.Thread(target=call_steadily, daemon=True) for _ in range(6)]
    try:
        service.wait_ready(workers=2)
        for caller in callers:
            caller.start()
        old = service.worker_pids()
        victim = min(old)
        os.kill(victim, signal.SIGKILL)
        (replacement,) = _wait_for_replacement(service, victim, seconds=20) - old
        labels = {"grpc_service": "marketplay.v1.GameService", "grpc_method": "ListGames"}
        deadline = time.monotonic() + 40  # generous: the age is 2 s (+-10% jitter)
        while time.monotonic() < deadline:
            if per_process_sample(multiproc_dir, replacement, tmp_path,
                                  "grpc_server_started_total", **labels) > 0:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"replacement {replacement} got no call from the callers")
    finally:
        stop.set()
        for caller in callers:
            caller.join(10)
        service.kill()


def test_server_options_share_the_port_and_age_out_connections() -> None:
    """SO_REUSEPORT only with several workers; old connections close so clients rebalance."""
    from service.server import server_options

    config = Config(workers=2, max_connection_age_ms=60_000, max_connection_age_grace_ms=7_500)
    options = dict(server_options(config))
    assert options["grpc.so_reuseport"] == 1
    assert options["grpc.max_connection_age_ms"] == 60_000
    assert options["grpc.max_connection_age_grace_ms"] == 7_500
    # A grace shorter than the longest bot search is raised to cover it.
    searching = Config(max_connection_age_grace_ms=1_000, bot_max_millis=4_000)
    assert dict(server_options(searching))["grpc.max_connection_age_grace_ms"] == 5_000
    assert dict(server_options(Config(workers=1)))["grpc.so_reuseport"] == 0
