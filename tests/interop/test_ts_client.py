"""The TypeScript client (clients/ts) plays every game and variant over each transport.

A second language using the generated contract (protoc-gen-es) through
Connect's transports checks the API as a non-Python caller sees it: field
names, int64 and bytes in binary and JSON, oneofs, and the google.rpc.ErrorInfo
of a refusal, decoded from the grpc-status-details-bin trailer (gRPC), the
Connect error JSON and the gRPC-Web trailers. Every configuration of the
conformance suite (every game, player count and bool/enum option value) is
played to the end over each transport by clients/ts/src/play.ts, which checks
the step, GetView, Replay's digest and two refusals itself; here we check its
report of each game.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conformance.configs import CONFIGS, PlayConfig
from tests.service.conftest import TEST_CONFIG, Served

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "clients" / "ts"
NODE = shutil.which("node")
NPM = shutil.which("npm")
BUILD_TIMEOUT_SECONDS = 300
PLAY_TIMEOUT_SECONDS = 240
# Replays of the longest games (Central Market, 5 seats) carry a few hundred actions.
CONFIG = replace(TEST_CONFIG, max_replay_actions=10_000, max_request_bytes=1 << 20)

EXPECTED_REFUSALS = {
    "tampered": {"code": "InvalidArgument", "reason": "TAMPERED_STATE"},
    "stale": {"code": "Aborted", "reason": "STALE_STEP"},
}


def child_env() -> dict[str, str]:
    """The environment for node/npm, minus proxies: the server is on loopback."""
    proxies = {"http_proxy", "https_proxy", "grpc_proxy", "all_proxy", "no_proxy"}
    return {k: v for k, v in os.environ.items() if k.lower() not in proxies}


def npm(*args: str) -> None:
    assert NPM is not None, "npm is not on PATH: install Node.js 20+ (make install needs it)"
    done = subprocess.run([NPM, *args], cwd=TS_DIR, env=child_env(), capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT_SECONDS, check=False)
    assert done.returncode == 0, f"npm {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


@pytest.fixture(scope="session")
def play_js() -> Path:
    """clients/ts built (tsc) from the current sources; npm ci first on a fresh clone."""
    if not (TS_DIR / "node_modules").is_dir():
        npm("ci", "--no-audit", "--no-fund")
    npm("run", "--silent", "build")
    return TS_DIR / "dist" / "play.js"


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    s = Served(CONFIG)
    yield s
    s.close()


def play(play_js: Path, base_url: str, flags: list[str], configs: list[PlayConfig],
         tmp_path: Path) -> list[dict[str, object]]:
    """Runs play.js over `configs`; its one JSON report per game, in order."""
    listed = tmp_path / "configs.json"
    listed.write_text(json.dumps(
        [{"game": c.game_id, "players": c.num_players, "options": c.options} for c in configs]
    ))
    assert base_url.startswith("http://127.0.0.1:")
    assert NODE is not None, "node is not on PATH: install Node.js 20+"
    done = subprocess.run(
        [NODE, str(play_js), "--base-url", base_url, *flags, "--configs", str(listed)],
        cwd=TS_DIR, env=child_env(), capture_output=True, text=True,
        timeout=PLAY_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, f"play.js exited {done.returncode}:\n{done.stderr}"
    reports = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(reports) == len(configs), done.stdout
    return reports


def check_reports(reports: list[dict[str, object]], configs: list[PlayConfig], protocol: str) -> None:
    for report, config in zip(reports, configs, strict=True):
        label = config.label()
        assert report["protocol"] == protocol, label
        assert (report["game"], report["players"], report["options"]) == (
            config.game_id, config.num_players, config.options), label
        steps = report["steps"]
        assert isinstance(steps, int) and steps > 0, label
        winners = report["winners"]
        assert isinstance(winners, list) and winners, label
        assert all(isinstance(w, int) and 0 <= w < config.num_players for w in winners), label
        assert len(set(winners)) == len(winners), label
        assert report["replay_digest_ok"] is True, label
        assert report["view_step_ok"] is True, label
        assert report["refusals"] == EXPECTED_REFUSALS, label


def test_every_config_over_native_grpc(play_js: Path, server: Served, tmp_path: Path) -> None:
    """connect-node's gRPC transport (HTTP/2) against the grpcio server."""
    reports = play(play_js, f"http://{server.address}", ["--protocol", "grpc"], CONFIGS, tmp_path)
    check_reports(reports, CONFIGS, "grpc")
