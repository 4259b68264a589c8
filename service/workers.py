"""Several worker processes on one port: Python's GIL gives one core per process.

grpc's documented multiprocessing pattern: fork the workers before any gRPC
object exists, and let each bind the same port with SO_REUSEPORT so the kernel
spreads connections over them. The supervisor left behind never touches
gRPC: its main thread restarts a worker that dies (`RestartPolicy` says when)
and forwards SIGTERM so every worker drains within `grace_seconds`; a thread
of its own serves the summed Prometheus metrics of all workers
(prometheus-client multiprocess mode), so no scrape can hold up supervision.

Import order matters: `prepare_metrics` must run before anything imports
prometheus_client, so `service.main` imports `service.metrics` only inside
`serve`, which runs in the worker.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import logging
import os
import selectors
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import FrameType
from typing import TYPE_CHECKING, NamedTuple

from service.config import Config, StartupError, port_in_use
from service.sealing import Sealer

if TYPE_CHECKING:
    from service.metrics_server import MetricsServer

__all__ = ["Restart", "RestartPolicy", "prepare_metrics", "run"]

log = logging.getLogger("marketplay.workers")

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
_FORWARDED = {signal.SIGTERM, signal.SIGINT, signal.SIGCHLD}  # the supervisor's handled signals
_KILL_AFTER_GRACE = 5.0  # seconds past grace before a stuck worker gets SIGKILL
_own_dirs: list[str] = []  # multiprocess directories we created, removed at exit


def prepare_metrics(config: Config) -> str | None:
    """Turn on prometheus-client multiprocess mode if several workers share /metrics.

    Returns the directory in use. Stale files from an earlier run are removed so
    counters start from zero, as Prometheus expects after a restart.
    """
    path = os.environ.get(MULTIPROC_ENV) or None
    wanted = path is not None or (config.worker_count > 1 and config.metrics_port != 0)
    if not wanted:
        return None
    values = sys.modules.get("prometheus_client.values")
    if values is not None and not getattr(values.ValueClass, "_multiprocess", False):
        raise RuntimeError(
            "prometheus_client was imported before PROMETHEUS_MULTIPROC_DIR was set; "
            "call service.workers.prepare_metrics() before importing service.metrics"
        )
    if path is None:
        shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        path = tempfile.mkdtemp(prefix="marketplay-metrics-", dir=shm)
        _own_dirs.append(path)
        os.environ[MULTIPROC_ENV] = path
    if not _on_tmpfs(path):
        # Measured: metric writes to mmap files on disk cost ~25% QPS, on tmpfs ~0-6%.
        log.warning("%s=%s is not on tmpfs: metrics will slow calls down; use a memory-backed "
                    "directory (Kubernetes: emptyDir medium Memory)", MULTIPROC_ENV, path)
    os.makedirs(path, exist_ok=True)
    for stale in glob.glob(os.path.join(path, "*.db")):
        os.remove(stale)
    return path


def _on_tmpfs(path: str) -> bool:
    """Whether `path` lives on a memory filesystem, from the longest matching mount."""
    real = os.path.realpath(path)
    best, fstype = "", ""
    try:
        with open("/proc/self/mounts") as mounts:
            for line in mounts:
                parts = line.split()
                mount = parts[1]
                if (real == mount or real.startswith(mount.rstrip("/") + "/")) and len(mount) > len(
                    best
                ):
                    best, fstype = mount, parts[2]
    except OSError:
        return True  # not Linux: nothing to say
    return fstype in ("tmpfs", "ramfs")


#: serve(config, sealer, announce): one worker until it drains; `announce` is True for the
#: one worker whose start-up log names the URLs a person can open (the first one).
Serve = Callable[[Config, Sealer, bool], int]


class Restart(NamedTuple):
    """What to do about a worker that died: its run of quick deaths, and the delay
    before its replacement starts (None: stop restarting, the supervisor exits)."""

    quick_deaths: int
    delay: float | None


@dataclass(frozen=True)
class RestartPolicy:
    """When a dead worker is replaced: at once after a long life, with a doubling
    delay while it keeps dying soon after starting, never after too many such deaths
    in a row (a port in use, a bad key: restarting cannot help, and exiting lets
    Kubernetes report it). Pure, so it is tested without forking."""

    #: A worker dying this soon after starting is crash-looping (generous: a loaded
    #: machine can take seconds to import and bind).
    quick_death_seconds: float = 10.0
    max_quick_deaths: int = 5
    first_delay: float = 0.2
    max_delay: float = 5.0

    def after_death(self, quick_deaths: int, lived_seconds: float) -> Restart:
        """The verdict for a worker that lived `lived_seconds`, after `quick_deaths`
        quick deaths in a row before this one."""
        quick = quick_deaths + 1 if lived_seconds < self.quick_death_seconds else 0
        if quick >= self.max_quick_deaths:
            return Restart(quick, None)
        if quick == 0:
            return Restart(0, 0.0)
        return Restart(quick, min(self.first_delay * 2 ** (quick - 1), self.max_delay))


def run(config: Config, sealer: Sealer, serve: Serve) -> int:
    """Serve `config` with `config.workers` processes; returns the exit code.

    `serve(config, sealer)` runs one gRPC server until SIGTERM/SIGINT, drains
    and returns an exit code. With one worker it runs in this process
    (Kubernetes restarts the container if it dies); with more, under a
    supervisor. Workers inherit `sealer` by fork, never through argv or the
    environment, so an ephemeral key is one key for all of them and outlives
    a worker's restart.
    """
    config = replace(config, workers=config.worker_count)
    if config.workers == 1:
        http = _metrics_http(config)
        if http is not None:
            http.serve_in_background()
        try:
            return serve(config, sealer, True)
        finally:
            if http is not None:
                http.shutdown()
                http.server_close()
    try:
        _refuse_shared_ports(config)
        return _Supervisor(config, sealer, serve).run()
    finally:
        while _own_dirs:  # the multiprocess directory prepare_metrics made for us
            shutil.rmtree(_own_dirs.pop(), ignore_errors=True)


def _refuse_shared_ports(config: Config) -> None:
    """StartupError if another process listens on the gRPC or HTTP port.

    The workers bind with SO_REUSEPORT, which lets any process of the same user
    share a port: a second `make run` would silently take half of the first
    one's connections. A socket bound without SO_REUSEPORT cannot join, so
    probing with one tells "taken" from "free" before any worker binds.
    """
    family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
    with contextlib.ExitStack() as held:  # all held at once: --port equal to --http-port fails too
        for name, port in (("port", config.port), ("http_port", config.http_port)):
            if not port:
                continue
            probe = held.enter_context(socket.socket(family, socket.SOCK_STREAM))
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is no owner
            try:
                probe.bind((config.host, port))
                probe.listen()
            except OSError as exc:
                raise port_in_use(name, config.host, port, exc.strerror or str(exc)) from None


def _metrics_http(config: Config) -> MetricsServer | None:
    if not config.metrics_port:
        return None
    from service.metrics_server import metrics_http_server  # after prepare_metrics

    try:
        http = metrics_http_server(config.host, config.metrics_port)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise port_in_use("metrics_port", config.host, config.metrics_port, why) from None
    return http  # its URL is in the start-up lines (service/main.py, `urls`)


def pinning(config: Config) -> list[int | None]:
    """The core each worker is pinned to (None: not pinned), by worker slot.

    Pinned only when the affinity mask holds exactly one core per worker: then
    no worker's threads migrate or share a core with another worker's, and the
    GIL handoffs of one process stay on one core's caches (measured in
    docs/benchmarks.md). A mask with more cores than workers (a CPU quota on a
    shared node, or fewer workers asked for) is left to the scheduler: pinning
    there would stack workers on cores that other processes also use.
    """
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if config.pin_workers and len(cores) == config.workers > 1:
        return list(cores)
    return [None] * config.workers


@dataclass
class _Slot:
    """One worker's place: its process (0: none), when it started, when to restart it,
    and the core it runs on (None: any the supervisor may use)."""

    core: int | None = None
    pid: int = 0
    started: float = 0.0
    quick_deaths: int = 0
    restart_at: float = 0.0


class _Supervisor:
    """Forks, watches and stops the workers from a select loop on signals alone;
    /metrics is served by its own threads."""

    def __init__(self, config: Config, sealer: Sealer, serve: Serve) -> None:
        self._config = config
        self._sealer = sealer
        self._serve = serve
        self._slots = [_Slot(core=core) for core in pinning(config)]
        self._stop_signal = 0
        self._exit_code = 0
        self._reserved: socket.socket | None = None
        self._http: MetricsServer | None = None
        self._policy = RestartPolicy()
        self._wakeup_r = self._wakeup_w = -1
        self._announced = False

    def run(self) -> int:
        config = self._config
        if config.port == 0:
            # Hold the port the workers will share, so "port 0" still means one port.
            family = socket.AF_INET6 if ":" in config.host else socket.AF_INET
            self._reserved = socket.socket(family, socket.SOCK_STREAM)
            self._reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            self._reserved.bind((config.host, 0))
            config = self._config = replace(config, port=self._reserved.getsockname()[1])
        self._wakeup_r, self._wakeup_w = os.pipe()
        os.set_blocking(self._wakeup_r, False)
        os.set_blocking(self._wakeup_w, False)
        signal.set_wakeup_fd(self._wakeup_w)
        signal.signal(signal.SIGTERM, self._on_stop)
        signal.signal(signal.SIGINT, self._on_stop)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)  # only to wake the loop
        self._http = _metrics_http(config)
        if self._http is not None:
            self._http.serve_in_background()
        cores = [slot.core for slot in self._slots]
        log.info("supervisor %d: %d workers on %s:%d%s", os.getpid(), config.workers,
                 config.host, config.port,
                 f", pinned to cores {cores}" if None not in cores else "")
        for slot in self._slots:
            self._spawn(slot)
        try:
            self._loop()
        finally:
            self._cleanup()
        return self._exit_code

    def _on_stop(self, signum: int, frame: FrameType | None) -> None:
        self._stop_signal = self._stop_signal or signum

    def _loop(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self._wakeup_r, selectors.EVENT_READ)  # signals: SIGCHLD, SIGTERM
        kill_at = 0.0
        while True:
            if selector.select(timeout=0.5):
                with contextlib.suppress(BlockingIOError):
                    os.read(self._wakeup_r, 512)
            self._reap()
            now = time.monotonic()
            if self._stop_signal and not kill_at:
                log.info("signal %d: stopping %d workers", self._stop_signal, self._live())
                kill_at = now + self._config.grace_seconds + _KILL_AFTER_GRACE
                self._signal_all(signal.SIGTERM)
            if kill_at:
                if not self._live():
                    return
                if now > kill_at:
                    log.error("workers still running after grace: SIGKILL")
                    self._signal_all(signal.SIGKILL)
                    kill_at = now + 3600  # only once
                continue
            for slot in self._slots:
                if not slot.pid and now >= slot.restart_at:
                    self._spawn(slot)

    def _live(self) -> int:
        return sum(1 for slot in self._slots if slot.pid)

    def _signal_all(self, signum: int) -> None:
        for slot in self._slots:
            if slot.pid:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(slot.pid, signum)

    def _reap(self) -> None:
        from prometheus_client.multiprocess import mark_process_dead  # after prepare_metrics

        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            slot = next((candidate for candidate in self._slots if candidate.pid == pid), None)
            if slot is None:
                continue
            slot.pid = 0
            if os.environ.get(MULTIPROC_ENV):
                mark_process_dead(pid)  # type: ignore[no-untyped-call]
            code = os.waitstatus_to_exitcode(status)
            if self._stop_signal:
                log.info("worker %d exited (%d)", pid, code)
                if code not in (0, -signal.SIGTERM):
                    self._exit_code = 1
                continue
            self._restart_later(slot, f"worker {pid} died (exit {code})")

    def _restart_later(self, slot: _Slot, what: str) -> None:
        """Schedule `slot`'s next worker by the restart policy, or give up."""
        now = time.monotonic()
        slot.quick_deaths, delay = self._policy.after_death(slot.quick_deaths, now - slot.started)
        if delay is None:
            log.error("worker keeps dying at start (last: %s); giving up", what)
            self._exit_code = 1
            self._stop_signal = signal.SIGTERM
            return
        log.warning("%s; restarting in %.1fs", what, delay)
        slot.restart_at = now + delay

    def _spawn(self, slot: _Slot) -> None:
        supervisor = os.getpid()
        # Blocked across the fork: a SIGTERM sent to a child before it has undone the
        # supervisor's handlers would run them in the child and be lost (the worker then
        # served on, and was killed after the grace). Blocked, it waits until the child
        # has its own handling, then stops it.
        announce, self._announced = not self._announced, True
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _FORWARDED)
        # Pinned across the fork too: the child inherits its core from its first
        # instruction, so nobody (a test, `taskset -p`) ever sees a live worker unpinned.
        supervisor_cores = os.sched_getaffinity(0) if slot.core is not None else None
        if slot.core is not None:
            os.sched_setaffinity(0, {slot.core})
        try:
            pid = os.fork()
        except OSError as exc:
            pid, failure = -1, exc
        if pid:
            if supervisor_cores is not None:
                os.sched_setaffinity(0, supervisor_cores)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            if pid < 0:
                # Out of processes or memory (EAGAIN, ENOMEM): a worker that could not
                # start, so it counts as a quick death; the supervisor stays unpinned and
                # hears its signals.
                slot.started = time.monotonic()
                self._restart_later(slot, f"cannot fork a worker ({failure.strerror})")
                return
            slot.pid, slot.started = pid, time.monotonic()
            log.info("worker %d started", pid)
            return
        code = 1
        try:
            self._become_worker(supervisor)
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            code = self._serve(self._config, self._sealer, announce)
        except StartupError as exc:
            log.error("worker %d cannot start: %s", os.getpid(), exc)
        except BaseException:
            log.exception("worker %d failed", os.getpid())
        finally:
            logging.shutdown()
            os._exit(code)

    def _become_worker(self, supervisor: int) -> None:
        """Undo the supervisor's signal set-up and drop its sockets in the child."""
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        os.close(self._wakeup_r)
        os.close(self._wakeup_w)
        if self._http is not None:
            self._http.close_inherited()
        if self._reserved is not None:
            self._reserved.close()
        _die_with_parent(supervisor)

    def _cleanup(self) -> None:
        signal.set_wakeup_fd(-1)
        os.close(self._wakeup_r)
        os.close(self._wakeup_w)
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
        if self._reserved is not None:
            self._reserved.close()


def _die_with_parent(supervisor: int) -> None:
    """Ask Linux to SIGTERM this worker if the supervisor dies (no orphaned servers)."""
    pr_set_pdeathsig = 1
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != supervisor:  # it died before prctl took effect
        os._exit(1)
