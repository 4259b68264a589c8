"""A real scrape of `python -m service.main` after real game traffic: promtool-clean,
complete, and what the Grafana dashboard and alerts query."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from engines.core import Rng
from engines.registry import ENGINES, rules_versions
from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc
from tests.ops.procs import Service
from tests.ops.tools import dashboard_metric_names, tool

GAME = "spice-merchant"


def play(address: str) -> None:
    """One whole game, one refused action, one repeated state (a cache hit)."""
    every = pb.ViewSelection(all_seats=True)
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        stub.ListGames(pb.ListGamesRequest(), timeout=10)
        update = stub.NewGame(pb.NewGameRequest(game_id=GAME, num_players=2, seed=b"scrape",
                                                views=every), timeout=10).update
        first = next(d for d in update.decisions if d.legal_actions)
        stub.SuggestAction(pb.SuggestActionRequest(  # one bot search, for the bot series
            state=update.state, seat=first.seat, policy=pb.BOT_POLICY_GREEDY, max_iterations=3,
            seed=b"scrape"), timeout=30)
        rng = Rng(b"scrape-policy")
        refused = False
        for _ in range(3000):
            if update.HasField("outcome"):
                break
            deciders = [d for d in update.decisions if d.legal_actions]
            decision = deciders[rng.below(len(deciders))]
            action = decision.legal_actions[rng.below(len(decision.legal_actions))]
            if not refused:
                refused = True
                with pytest.raises(grpc.RpcError):  # a stale step: ABORTED
                    stub.ApplyAction(pb.ApplyActionRequest(
                        state=update.state, seat=decision.seat, action=action,
                        expected_step=update.step + 7), timeout=10)
            update = stub.ApplyAction(pb.ApplyActionRequest(
                state=update.state, seat=decision.seat, action=action, views=every,
                expected_step=update.step), timeout=10).update
        assert update.HasField("outcome")


@pytest.fixture(scope="module", params=[1, 2], ids=["one-worker", "two-workers"])
def scraped(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    service = Service(tmp_path_factory.mktemp("scrape"), "--workers", str(request.param))
    try:
        service.wait_ready(workers=request.param)
        play(service.address)
        yield service.scrape()
        assert service.stop() == 0
    finally:
        service.kill()


def test_scrape_passes_promtool_check_metrics(scraped: str) -> None:
    """`promtool check metrics` (exposition format and naming lint) accepts the scrape."""
    out = subprocess.run([tool("promtool"), "check", "metrics"], input=scraped,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_scrape_has_every_metric_with_real_values(scraped: str) -> None:
    """gRPC and game metrics carry the traffic just played, with Go's code names."""
    method = 'grpc_method="ApplyAction",grpc_service="marketplay.v1.GameService",grpc_type="unary"'
    assert re.search(rf'grpc_server_handled_total{{grpc_code="OK",{method}}} [1-9]', scraped)
    assert re.search(rf'grpc_server_handled_total{{grpc_code="Aborted",{method}}} 1\.0', scraped)
    assert re.search(rf'grpc_server_handling_seconds_count{{{method}}} [1-9]', scraped)
    for name in ("grpc_server_started_total", "grpc_server_msg_received_total",
                 "grpc_server_msg_sent_total"):
        assert re.search(rf"^{name}{{{method}}} [1-9]", scraped, re.M), name
    rules = re.escape(f'rules_version="{ENGINES[GAME].spec.rules_version}"')
    assert re.search(
        rf'marketplay_games_started_total{{game="{GAME}",{rules},variant="[^"]*"}} 1\.0', scraped)
    assert re.search(
        rf'marketplay_games_finished_total{{game="{GAME}",{rules},variant="[^"]*"}} 1\.0', scraped)
    assert re.search(rf'marketplay_actions_refused_total{{game="{GAME}",reason="[A-Z_]+"}} 1\.0',
                     scraped)
    assert re.search(rf'marketplay_actions_applied_total{{game="{GAME}",{rules}}} [1-9]', scraped)
    assert re.search(rf'marketplay_sealed_state_bytes_count{{game="{GAME}"}} [1-9]', scraped)
    assert re.search(rf'marketplay_engine_seconds_count{{game="{GAME}",rpc="ApplyAction"}} [1-9]',
                     scraped)
    assert re.search(r"^marketplay_state_cache_(hits|misses)_total [1-9]", scraped, re.M)
    assert "_created" not in scraped  # go-grpc-prometheus has no such series
    # The HTTP port's connections, per worker and summed: the limit is the default cap each.
    limit = re.search(r"^marketplay_http_connections_limit (\d+)\.0$", scraped, re.M)
    assert limit is not None and int(limit.group(1)) % 4096 == 0 and int(limit.group(1)) > 0
    for name in ("marketplay_http_connections", "marketplay_http_connections_waiting",
                 "marketplay_http_connections_idle_closed_total"):
        assert re.search(rf"^{name} \d", scraped, re.M), name


def test_bot_series_carry_the_search(scraped: str) -> None:
    """One greedy SuggestAction: a search, its iterations and time; BOTS_BUSY at 0."""
    bot = f'game="{GAME}",policy="greedy"'
    assert re.search(rf"^marketplay_bot_searches_total{{{bot}}} 1\.0$", scraped, re.M)
    assert re.search(rf"^marketplay_bot_iterations_total{{{bot}}} [1-9]", scraped, re.M)
    assert re.search(rf"^marketplay_bot_search_seconds_count{{{bot}}} 1\.0$", scraped, re.M)
    assert re.search(rf"^marketplay_bots_busy_total{{{bot}}} 0\.0$", scraped, re.M)


def test_every_worker_has_its_memory_and_cpu_series(scraped: str,
                                                    request: pytest.FixtureRequest) -> None:
    """process_* per worker: the process's own with one worker, one `pid` each with two
    (multiprocess mode drops them; service/metrics_server.py reads /proc per worker)."""
    rss = re.findall(r"^process_resident_memory_bytes(?:{pid=\"(\d+)\"})? (\S+)$", scraped, re.M)
    cpu = re.findall(r"^process_cpu_seconds_total(?:{pid=\"(\d+)\"})? (\S+)$", scraped, re.M)
    workers = request.node.callspec.params["scraped"]
    assert len(rss) == len(cpu) == workers, (rss, cpu)
    assert all(bool(pid) == (workers > 1) for pid, _ in rss + cpu)
    assert len({pid for pid, _ in rss}) == len(rss) and all(float(v) > 1e6 for _, v in rss)
    assert all(float(v) > 0 for _, v in cpu)
    assert re.search(r"^python_info{", scraped, re.M)


def test_build_info_names_every_rules_version(scraped: str) -> None:
    """marketplay_build_info carries the version and every rules version each
    game plays, newest first."""
    line = next(x for x in scraped.splitlines() if x.startswith("marketplay_build_info{"))
    for game_id in ENGINES:
        assert f"{game_id}={'|'.join(rules_versions(game_id))}" in line
    assert "central-market=central-market/2|central-market/1" in line  # several, newest first
    assert line.endswith(" 1.0")


def test_dashboard_and_alerts_query_only_exported_metrics(scraped: str) -> None:
    """Every marketplay/grpc metric the Grafana dashboard and the alerts use is exported."""
    exported = set(re.findall(r"^([a-z_:]+)(?:{| )", scraped, re.M))
    rules = (Path(__file__).resolve().parents[2] / "deploy/k8s/components/monitoring/prometheusrule.yaml")
    used = dashboard_metric_names() | set(
        re.findall(r"\b((?:grpc_server|marketplay)_[a-z_]+)\b", rules.read_text()))
    assert used and used <= exported, used - exported
