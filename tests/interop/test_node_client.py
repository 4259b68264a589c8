"""The Node.js client (clients/node/play.mjs) against a real server, for every registered game.

A second language reading the .proto files at run time checks the contract as
a non-Python caller sees it: field names, int64/bytes handling, oneofs, and the
google.rpc.Status details in the grpc-status-details-bin trailer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from engines.registry import ENGINES
from marketplay.v1 import game_service_pb2 as pb
from tests.service.conftest import TEST_CONFIG, Served

ROOT = Path(__file__).resolve().parents[2]
NODE_DIR = ROOT / "clients" / "node"
NODE = shutil.which("node")
NPM = shutil.which("npm")
PLAY_TIMEOUT_SECONDS = 180
NPM_TIMEOUT_SECONDS = 300

# Options to use when NewGame refuses a game's defaults at its min_players.
WHEN_DEFAULTS_REFUSED: dict[str, dict[str, str]] = {
    "market-fresh": {"variant": "solo"},  # one player plays Stackin' Solo only
}

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")


def child_env() -> dict[str, str]:
    """The environment for node/npm, minus proxies: the server is on loopback."""
    proxies = {"http_proxy", "https_proxy", "grpc_proxy", "all_proxy"}
    env = {k: v for k, v in os.environ.items() if k.lower() not in proxies}
    env.pop("MARKETPLAY_ADDRESS", None)
    return env


@pytest.fixture(scope="session")
def node_client() -> Path:
    """clients/node with its dependencies installed (npm ci, once, if node_modules is missing)."""
    if not (NODE_DIR / "node_modules").is_dir():
        assert NPM is not None, "node is on PATH but npm is not; run `npm ci` in clients/node"
        done = subprocess.run([NPM, "ci", "--no-audit", "--no-fund"], cwd=NODE_DIR, env=child_env(),
                              capture_output=True, text=True, timeout=NPM_TIMEOUT_SECONDS, check=False)
        assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    return NODE_DIR / "play.mjs"


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    s = Served(TEST_CONFIG)
    yield s
    s.close()


def game_setup(server: Served, game_id: str) -> tuple[int, dict[str, str]]:
    """(players, options): min_players with default options, unless NewGame refuses those."""
    players = ENGINES[game_id].spec.min_players
    try:
        server.stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players))
    except grpc.RpcError as exc:
        code = exc.code()
        if code != grpc.StatusCode.INVALID_ARGUMENT or game_id not in WHEN_DEFAULTS_REFUSED:
            raise
        return players, WHEN_DEFAULTS_REFUSED[game_id]
    return players, {}


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_node_client_plays_replays_and_sees_a_refusal(node_client: Path, server: Served,
                                                      game_id: str) -> None:
    players, options = game_setup(server, game_id)
    assert server.address.startswith("127.0.0.1:")
    flags = [arg for name, value in sorted(options.items()) for arg in ("--option", f"{name}={value}")]
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(node_client), "--address", server.address, *flags, game_id, str(players)],
        cwd=node_client.parent, env=child_env(), capture_output=True, text=True,
        timeout=PLAY_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, f"play.mjs exited {done.returncode}:\n{done.stderr}"
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    summary = json.loads(lines[0])
    assert summary["game"] == game_id
    assert isinstance(summary["steps"], int) and summary["steps"] > 0
    winners = summary["winners"]
    assert winners and all(isinstance(w, int) and 0 <= w < players for w in winners)
    assert len(set(winners)) == len(winners)
    assert summary["replay_digest_ok"] is True
    assert summary["tampered_reason"] == "TAMPERED_STATE"
