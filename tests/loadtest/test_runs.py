"""Real, bounded Locust runs (`make load`'s driver) against loopback servers with two workers.

No timing assertions: only what every run must show however busy the machine
is (every game accounted for, no contract failure, no unexpected status), and,
for the worker killed mid-run, that its errors stay in a generous window
around the kill and stop once the supervisor has replaced it.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.loadtest.conftest import LOADTEST
from tests.ops.procs import Service

ROOT = LOADTEST.parents[1]
QUICK_MIX = Path(__file__).with_name("quick-mix.toml")
REPORTS = ("report.html", "summary.md", "summary.json", "locust_stats.csv",
           "locust_stats_history.csv", "locust_failures.csv")
AFTER_KILL = 8.0  # seconds after a kill by which errors must have stopped (generous on 2 cores)
RUN_CAP = 120  # the killed-worker run's --seconds: it is stopped once it has shown recovery
RECOVERY_DEADLINE = 60.0  # past the kill's window, for Locust's history to show requests served


USERS = 6


def load(out: Path, seconds: int, *args: str) -> list[str]:
    return [sys.executable, str(LOADTEST / "run.py"), "--seconds", str(seconds), "--users", str(USERS),
            "--spawn-rate", "6", "--mix", str(QUICK_MIX), "--out", str(out), *args]


def summary(out: Path) -> dict[str, Any]:
    return json.loads((out / "summary.json").read_text())  # type: ignore[no-any-return]


def rpc(s: dict[str, Any], name: str, protocol: str = "grpc") -> dict[str, Any]:
    return next(r for r in s["rpcs"] if r["name"] == f"{protocol} {name}")


def history(out: Path) -> list[dict[str, str]]:
    """The per-second "Aggregated" rows written so far (the last line may be half-written)."""
    try:
        with (out / "locust_stats_history.csv").open() as f:
            rows = [r for r in csv.DictReader(f) if r.get("Name") == "Aggregated"]
    except FileNotFoundError:
        return []
    return [r for r in rows if all(r.get(k) for k in ("Timestamp", "Total Request Count",
                                                       "Total Failure Count"))]


def served_after(out: Path, after: float) -> bool:
    """Locust's history shows requests completed in two rows stamped after `after`."""
    late = [r for r in history(out) if int(r["Timestamp"]) > after]
    return len(late) >= 2 and int(late[-1]["Total Request Count"]) > int(late[0]["Total Request Count"])


def assert_every_game_accounted_for(s: dict[str, Any]) -> None:
    games = s["games"]
    assert games["started"] > 0 and games["completed"] > 0, games
    assert games["abandoned"] == 0 and games["not_started"] == 0, (games, s["errors"])
    assert games["started"] == games["completed"] + games["interrupted"], games
    assert games["in_progress"] == 0
    # replay_fraction 1.0: every completed game was audited, and each audit passed (a
    # Replay cut by a killed worker is a failed attempt, resent: only the passes count)
    replays = [r for r in s["rpcs"] if r["name"].endswith(" Replay")]
    assert sum(r["requests"] - r["failures"] for r in replays) == games["completed"]


def test_make_load_plays_whole_games_with_no_failure(tmp_path: Path) -> None:
    """`make load`'s default path: a 2-worker server of its own on loopback, 10 seconds."""
    out = tmp_path / "load"
    done = subprocess.run(load(out, 10, "--server-workers", "2"), cwd=ROOT, capture_output=True,
                          text=True, timeout=150, env={**os.environ, "MARKETPLAY_ADDRESS": ""})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    for name in REPORTS:
        assert (out / name).stat().st_size > 0, name
    s = summary(out)
    assert s["run"]["target"].startswith("127.0.0.1:")
    assert s["errors"] == {} and s["requests"]["failures"] == 0
    assert rpc(s, "Replay")["failures"] == 0
    assert_every_game_accounted_for(s)
    assert rpc(s, "ApplyAction")["requests"] >= s["games"]["actions_per_game"]["max"]
    assert "server" in s["run"]["cpu"]
    with (out / "locust_stats.csv").open() as f:
        rows = {(r["Type"], r["Name"]): r for r in csv.DictReader(f)}
    assert int(rows[("grpc", "ApplyAction")]["Failure Count"]) == 0
    # Locust flushes its CSV as it stops the users, the summary is written once they
    # have stopped: a game each user finishes in between is in the summary only.
    in_csv = sum(int(r["Request Count"]) for (kind, _), r in rows.items() if kind == "game")
    assert 0 <= s["games"]["completed"] - in_csv <= USERS
    page = (out / "summary.md").read_text()
    assert "| grpc ApplyAction |" in page and "games/s" in page
    assert "<html" in (out / "report.html").read_text()[:2000].lower()


def test_grpc_and_http_users_with_bot_seats_are_reported_apart(tmp_path: Path) -> None:
    """Half the users over Connect JSON on the HTTP port, every move asked of the real
    SuggestAction: each protocol has its own rows, BOTS_BUSY (the server's one bot slot
    per worker is often taken here) is played at random and is no failure."""
    out = tmp_path / "mixed"
    done = subprocess.run(load(out, 8, "--server-workers", "2", "--protocols", "grpc=1,http=1",
                               "--", "--chooser", "suggest:greedy"),
                          cwd=ROOT, capture_output=True, text=True, timeout=150,
                          env={**os.environ, "MARKETPLAY_ADDRESS": ""})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    s = summary(out)
    assert s["run"]["protocols"] == {"grpc": 1, "http": 1}
    assert s["run"]["http_target"].startswith("http://127.0.0.1:")
    assert s["run"]["chooser"] == "suggest:greedy"
    assert s["errors"] == {} and s["requests"]["failures"] == 0
    assert_every_game_accounted_for(s)
    with (out / "locust_stats.csv").open() as f:
        rows = {(r["Type"], r["Name"]): r for r in csv.DictReader(f)}
    answered = 0
    for protocol in ("grpc", "http"):
        for name in ("ListGames", "NewGame", "ApplyAction", "SuggestAction"):
            assert rpc(s, name, protocol)["requests"] > 0, (protocol, name)
            assert int(rows[(protocol, name)]["Request Count"]) > 0, (protocol, name)
        answered += rpc(s, "SuggestAction", protocol)["requests"]
        apply = rpc(s, "ApplyAction", protocol)["requests"]
        busy = next((r for r in s["rpcs"] if r["name"] == f"{protocol} SuggestAction BOTS_BUSY"),
                    {"requests": 0, "failures": 0})
        assert busy["failures"] == 0
        # one suggestion (answered, or refused and played at random) per action, but for
        # the games the run stopped between the two calls
        asked = rpc(s, "SuggestAction", protocol)["requests"] + busy["requests"]
        assert 0 <= asked - apply <= USERS, (protocol, asked, apply)
    assert s["suggestions"]["answered"] == answered
    assert s["suggestions"]["bots_busy_random"] == sum(
        r["requests"] for r in s["rpcs"] if r["name"].endswith(" SuggestAction BOTS_BUSY"))
    page = (out / "summary.md").read_text()
    assert "| http ApplyAction |" in page and "| grpc SuggestAction |" in page
    assert f"SuggestAction answered {answered} moves" in page


def test_a_killed_worker_causes_errors_only_around_the_kill(tmp_path: Path) -> None:
    """The run lasts until Locust's history shows it serving past the window after the
    kill (bounded), then stops as Ctrl-C would: on a busy machine neither the kill nor
    the recovery comes at a fixed second of a fixed-length run."""
    service = Service(tmp_path, "--workers", "2")
    out = tmp_path / "load"
    log = (tmp_path / "locust.log").open("w")
    runner: subprocess.Popen[str] | None = None
    try:
        service.wait_ready(workers=2)
        runner = subprocess.Popen(load(out, RUN_CAP, "--address", service.address), cwd=ROOT,
                                  stdout=log, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while service.sample("grpc_server_handled_total", grpc_method="ApplyAction") < 300:
            assert runner.poll() is None and time.monotonic() < deadline, "no load reached the server"
            time.sleep(0.2)
        victim = min(service.worker_pids())
        killed_at = time.time()
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + RECOVERY_DEADLINE
        while not served_after(out, killed_at + AFTER_KILL):
            assert runner.poll() is None, "the run ended before it showed recovery"
            assert time.monotonic() < deadline, (
                f"no request served in the {RECOVERY_DEADLINE:g} s after the kill's window",
                history(out)[-3:])
            time.sleep(0.5)
        runner.send_signal(signal.SIGINT)  # run.py passes it on: Locust stops and reports
        code = runner.wait(timeout=150)
        assert code in (0, 1), (tmp_path / "locust.log").read_text()[-4000:]  # 1: errors were seen
        pids = service.worker_pids()
        assert len(pids) == 2 and victim not in pids, service.log()  # the supervisor replaced it
        assert service.proc.poll() is None
    finally:
        if runner is not None and runner.poll() is None:
            runner.kill()
        log.close()
        service.kill()
    s = summary(out)
    assert set(s["errors"]) <= {"UNAVAILABLE"}, s["errors"]  # the connection died, nothing else
    for second in map(int, s["error_seconds"]):
        assert killed_at - 1 <= second <= killed_at + AFTER_KILL, (second - killed_at, s["error_seconds"])
    assert_every_game_accounted_for(s)  # failed calls were resent: no game was lost
    # ... and the run went on serving well after the kill, with no failure there
    late = [r for r in history(out) if int(r["Timestamp"]) > killed_at + AFTER_KILL]
    assert late, "the run ended too soon after the kill to show recovery"
    assert int(late[-1]["Total Request Count"]) > int(late[0]["Total Request Count"])
    assert int(late[-1]["Total Failure Count"]) == int(late[0]["Total Failure Count"])


def test_open_traffic_runs_games_at_its_arrival_rate_to_the_end(tmp_path: Path) -> None:
    """Short: the open model's arrivals start games, play them and stop with the run.

    (The ramp shares the closed model's users; its staircase is tested in test_parts.)
    """
    out = tmp_path / "open"
    done = subprocess.run(load(out, 3, "--traffic", "open", "--arrival-rate", "8",
                               "--server-workers", "1", "--protocols", "grpc,http"),
                          cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "MARKETPLAY_ADDRESS": ""})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    s = summary(out)
    assert s["run"]["traffic"] == "open" and s["errors"] == {}
    assert s["games"]["started"] > 0 and s["games"]["in_progress"] == 0
    assert s["games"]["abandoned"] == 0 and s["games"]["dropped_arrivals"] == 0
    # each arriving game picks its protocol by the shares (about 24 games: both get some)
    assert rpc(s, "NewGame", "grpc")["requests"] > 0 and rpc(s, "NewGame", "http")["requests"] > 0
