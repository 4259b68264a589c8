"""Real server processes: statelessness across replicas, health, reflection,
and graceful shutdown on SIGTERM. Loopback only, bounded in time."""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.loopback import free_port
from tests.service.conftest import KEYS_A, all_views

ROOT = Path(__file__).resolve().parents[3]



def start_server(port: int, *extra: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "MARKETPLAY_STATE_KEYS": KEYS_A, "MARKETPLAY_METRICS_PORT": "0",
           "MARKETPLAY_HTTP_PORT": "0", "MARKETPLAY_WORKERS": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.main", "--port", str(port), "--grace-seconds", "2", *extra],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        grpc.channel_ready_future(channel).result(timeout=20)
    finally:
        channel.close()
    return proc


def stop(proc: subprocess.Popen[bytes]) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=20)
    return out.decode()


@pytest.fixture(scope="module")
def two_replicas() -> Iterator[tuple[int, int]]:
    ports = free_port(), free_port()
    procs = [start_server(p) for p in ports]
    yield ports
    for proc in procs:
        stop(proc)


def test_one_game_alternating_between_two_processes(two_replicas: tuple[int, int]) -> None:
    """Statelessness: any replica holding the key serves any call of a game."""
    channels = [grpc.insecure_channel(f"127.0.0.1:{p}") for p in two_replicas]
    stubs = [pb_grpc.GameServiceStub(c) for c in channels]
    try:
        update = stubs[0].NewGame(pb.NewGameRequest(game_id="spice-merchant", num_players=3,
                                                    views=all_views())).update
        rng = Rng(b"alternate")
        calls = 0
        while not update.HasField("outcome"):
            deciders = [d for d in update.decisions if d.legal_actions]
            decision = deciders[rng.below(len(deciders))]
            action = decision.legal_actions[rng.below(len(decision.legal_actions))]
            calls += 1
            update = stubs[calls % 2].ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=action,
                expected_step=update.step, views=all_views())).update
        assert calls > 20 and update.outcome.winners
    finally:
        for c in channels:
            c.close()


def test_health_and_reflection(two_replicas: tuple[int, int]) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{two_replicas[0]}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "marketplay.v1.GameService"):
            status = health.Check(health_pb2.HealthCheckRequest(service=service)).status
            assert status == health_pb2.HealthCheckResponse.SERVING
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        responses = stub.ServerReflectionInfo(iter([
            reflection_pb2.ServerReflectionRequest(list_services="")]))
        names = {s.name for r in responses for s in r.list_services_response.service}
        assert {"marketplay.v1.GameService", "grpc.health.v1.Health"} <= names


def test_sigterm_drains_and_exits_cleanly() -> None:
    port = free_port()
    proc = start_server(port)
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        watch = health.Watch(health_pb2.HealthCheckRequest(service=""), timeout=15)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
    out = stop(proc)
    assert proc.returncode == 0, out
    assert time.monotonic() - started < 10
    assert "draining" in out


def signal_thread(pid: int, tid: int, signum: int) -> None:
    """tgkill(2): deliver a signal to one thread of a process, as the kernel may on its own."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.tgkill(pid, tid, signum) != 0:
        raise OSError(ctypes.get_errno(), f"tgkill({pid}, {tid}, {signum})")


def test_sigterm_delivered_to_another_thread_still_drains() -> None:
    """The kernel hands a process-wide SIGTERM to any thread that does not block it, a
    gRPC thread included; the main thread must still see it and drain (a CI run once
    waited 20 s for an exit that never came)."""
    port = free_port()
    proc = start_server(port)
    try:
        others = [int(t.name) for t in Path(f"/proc/{proc.pid}/task").iterdir()
                  if int(t.name) != proc.pid and not blocks(proc.pid, int(t.name),
                                                            signal.SIGTERM)]
        assert others, "every other thread blocks SIGTERM"
        signal_thread(proc.pid, others[-1], signal.SIGTERM)
        out = proc.communicate(timeout=20)[0].decode()  # no second signal: this one must do
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == 0, out
    assert "draining" in out and "marketplay stopped" in out


def blocks(pid: int, tid: int, signum: int) -> bool:
    """Whether thread `tid` has `signum` in its blocked mask (SigBlk in /proc status)."""
    for line in Path(f"/proc/{pid}/task/{tid}/status").read_text().splitlines():
        if line.startswith("SigBlk:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


class HeldCalls:
    """Test-only: holds the first ListGames call inside the core (admitted, on a handler
    thread) until released, and says when it has entered, so a call is surely in flight
    when the drain starts."""

    def __init__(self, core: Any) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        inner = core.list_games

        def held(request: Any, call: Any) -> Any:
            if not self.entered.is_set():  # the first call: held; later ones are not
                self.entered.set()
                assert self.release.wait(timeout=20), "the test never released the call"
            return inner(request, call)

        core.list_games = held


def test_drain_lets_calls_in_flight_finish_and_turns_new_ones_away() -> None:
    from tests.servers import serving
    from tests.service.conftest import TEST_CONFIG

    with serving(TEST_CONFIG) as served, grpc.insecure_channel(served.address) as channel:
        running = served.running
        held = HeldCalls(running.core)  # the port looks the core's method up per call
        stopping = threading.Event()
        stop = running.server.stop

        def stop_and_tell(grace: float | None) -> threading.Event:
            done = stop(grace)  # returns at once; from here on new calls are refused
            stopping.set()
            return done

        running.server.stop = stop_and_tell  # type: ignore[method-assign]
        stub = pb_grpc.GameServiceStub(channel)
        watch = health_pb2_grpc.HealthStub(channel).Watch(
            health_pb2.HealthCheckRequest(service=""), timeout=20)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        in_flight = stub.ListGames.future(pb.ListGamesRequest(), timeout=20)
        assert held.entered.wait(timeout=10)  # the call is now inside the handler
        drainer = threading.Thread(target=running.drain, args=(5.0,))
        drainer.start()
        assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
        watch.cancel()  # a watch is a call in flight too: let the drain not wait for it
        with pytest.raises(grpc.RpcError) as late:  # refused, retryably, before any stop
            stub.ListGames(pb.ListGamesRequest(), timeout=5)
        assert late.value.code() is grpc.StatusCode.UNAVAILABLE  # type: ignore[attr-defined]
        assert not stopping.is_set()  # the port still accepts while a call is in flight
        held.release.set()
        assert in_flight.result().games  # finished normally during the drain
        assert stopping.wait(timeout=10)  # then it stops accepting
        drainer.join(timeout=10)
        assert not drainer.is_alive()


def _start_on_a_taken_port(setting: str, workers: int, shared: bool) -> tuple[int, str, str]:
    """Start `make run`'s server with `setting`'s port held by another socket (with
    SO_REUSEPORT when `shared`, as another marketplay's worker holds it): the
    port, the process's stderr, and the refusal's first words."""
    holder = socket.socket()
    if shared:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    taken = holder.getsockname()[1]
    ports = {"port": free_port(), "http_port": free_port(), "metrics_port": free_port(), setting: taken}
    env = {**os.environ, "MARKETPLAY_STATE_KEYS": KEYS_A, "MARKETPLAY_WORKERS": str(workers),
           **{f"MARKETPLAY_{name.upper()}": str(port) for name, port in ports.items()}}
    try:
        done = subprocess.run([sys.executable, "-m", "service.main", "--host", "127.0.0.1"], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
    finally:
        holder.close()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    variable, flag = f"MARKETPLAY_{setting.upper()}", "--" + setting.replace("_", "-")
    return taken, done.stderr, f"marketplay: {flag} / {variable}: cannot bind 127.0.0.1:{taken} ("


@pytest.mark.parametrize("setting", ["port", "http_port"])
def test_a_second_server_does_not_share_a_port_another_process_serves(setting: str) -> None:
    """Workers bind with SO_REUSEPORT, which any process of the same user may share:
    a second `make run` is refused (exit 2, the port named) instead of quietly
    taking half of the first one's connections."""
    _, stderr, refusal = _start_on_a_taken_port(setting, workers=2, shared=True)
    assert refusal in stderr


def test_one_port_for_grpc_and_http_is_refused() -> None:
    """With SO_REUSEPORT a worker's gRPC and HTTP servers could both bind one port and
    split its connections between two protocols: refused at start-up instead."""
    port = free_port()
    env = {**os.environ, "MARKETPLAY_STATE_KEYS": KEYS_A, "MARKETPLAY_WORKERS": "2",
           "MARKETPLAY_PORT": str(port), "MARKETPLAY_HTTP_PORT": str(port),
           "MARKETPLAY_METRICS_PORT": str(free_port())}
    done = subprocess.run([sys.executable, "-m", "service.main", "--host", "127.0.0.1"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert f"marketplay: --http-port / MARKETPLAY_HTTP_PORT: cannot bind 127.0.0.1:{port} (" in done.stderr


@pytest.mark.parametrize("setting", ["port", "http_port", "metrics_port"])
def test_a_port_in_use_names_its_environment_variable(setting: str) -> None:
    """`make run` takes no flags, so a port in use says which environment variable
    chooses another (and the flag), in one line with no traceback, and exits 2."""
    taken, stderr, refusal = _start_on_a_taken_port(setting, workers=1, shared=False)
    variable, flag = f"MARKETPLAY_{setting.upper()}", "--" + setting.replace("_", "-")
    ours = [line for line in stderr.splitlines() if line.startswith("marketplay: ")]
    assert len(ours) == 1, stderr  # (grpcio's core logs a line of its own before it)
    assert ours[0].startswith(refusal), ours
    assert ours[0].endswith(f"; choose another port: {variable}={taken + 1} make run, or {flag} {taken + 1}")
