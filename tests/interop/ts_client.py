"""Drives the TypeScript client's player (clients/ts/src/play.ts) for the interop tests.

play.ts plays each configuration to the end over one transport and checks
the step, GetView, Replay's digest and two refusals itself; check_reports
checks its report of every game. Each transport has its own test file so
pytest-xdist (--dist loadfile) can run them side by side.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

from service.config import Config
from tests.conformance.configs import CONFIGS, PlayConfig, one_per_seating
from tests.servers import start_server
from tests.service.conftest import TEST_CONFIG

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "clients" / "ts"
PLAY_JS = TS_DIR / "dist" / "play.js"
BUILD_TIMEOUT_SECONDS = 300
PLAY_TIMEOUT_SECONDS = 280

# Replays of the longest games (Central Market, 5 seats) carry a few hundred actions.
# Tokens required and expiring, so every call of the players must carry the right one.
PLAY_CONFIG = replace(TEST_CONFIG, max_replay_actions=10_000, max_request_bytes=1 << 20,
                      require_seat_tokens=True, seat_token_ttl=3600)

EXPECTED_REFUSALS = {
    "tampered": {"code": "InvalidArgument", "reason": "TAMPERED_STATE"},
    "stale": {"code": "Aborted", "reason": "STALE_STEP"},
}


def child_env() -> dict[str, str]:
    """The environment for node/npm, minus proxies: the servers are on loopback."""
    proxies = {"http_proxy", "https_proxy", "grpc_proxy", "all_proxy", "no_proxy"}
    return {k: v for k, v in os.environ.items() if k.lower() not in proxies}


def _npm(*args: str) -> None:
    npm = shutil.which("npm")
    assert npm is not None, "npm is not on PATH: install Node.js 20+ (make install needs it)"
    done = subprocess.run([npm, *args], cwd=TS_DIR, env=child_env(), capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT_SECONDS, check=False)
    assert done.returncode == 0, f"npm {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


def _stale() -> bool:
    if not PLAY_JS.exists():
        return True
    sources = [*TS_DIR.joinpath("src").rglob("*.ts"), TS_DIR / "tsconfig.json", TS_DIR / "package-lock.json"]
    return max(p.stat().st_mtime for p in sources) > PLAY_JS.stat().st_mtime


def built_play_js() -> Path:
    """clients/ts/dist built from the current sources, once across xdist workers (a file lock)."""
    with (TS_DIR / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (TS_DIR / "node_modules").is_dir():
            _npm("ci", "--no-audit", "--no-fund")
        if _stale():
            _npm("run", "--silent", "build")
    return PLAY_JS


def play(base_url: str, flags: list[str], configs: list[PlayConfig],
         tmp_path: Path) -> list[dict[str, object]]:
    """Runs play.js over `configs`; its one JSON report per game, in order."""
    listed = tmp_path / "configs.json"
    listed.write_text(json.dumps(
        [{"game": c.game_id, "players": c.num_players, "options": c.options,
          "rules_version": c.rules_version} for c in configs]
    ))
    assert base_url.startswith("http://127.0.0.1:")
    node = shutil.which("node")
    assert node is not None, "node is not on PATH: install Node.js 20+"
    done = subprocess.run(
        [node, str(built_play_js()), "--base-url", base_url, *flags, "--configs", str(listed)],
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


def token_server_configs(configs: list[PlayConfig]) -> list[PlayConfig]:
    """The configurations a server requiring seat tokens (PLAY_CONFIG) starts: a
    trusted-only option set away from its default is refused there
    (OPTION_NEEDS_TRUST; tests/service/rpcs/test_rules_versions.py plays those)."""
    def trusted(config: PlayConfig) -> bool:
        given = config.options
        return any(o.trusted_only and o.name in given and o.parse(given[o.name]) != o.default
                   for o in config.engine.spec.options)
    return [c for c in configs if not trusted(c)]


#: Every conformance configuration, under its rules version, that PLAY_CONFIG's server starts.
TS_CONFIGS = token_server_configs(CONFIGS)

#: Games per play.js run. Each part of the configurations is a test of its own, so a test's
#: work is a fixed count of games, far inside pytest-timeout's 300 s however busy the
#: machine (issue 22: all 102 games in one test timed out at 280 s under load 10-20;
#: measured at load 13-14 on 2 cores: 12 Connect JSON games took up to 129 s, so 6).
GAMES_PER_PART = 6


def in_parts(configs: list[PlayConfig], size: int = GAMES_PER_PART) -> list[list[PlayConfig]]:
    """`configs` in order, cut into runs of at most `size`."""
    return [configs[i:i + size] for i in range(0, len(configs), size)]


def part_id(part: list[PlayConfig]) -> str:
    """A test id for a part: the positions of its games in TS_CONFIGS (1-based)."""
    first = TS_CONFIGS.index(part[0]) + 1
    last = TS_CONFIGS.index(part[-1]) + 1
    return f"games{first}-{last}"


def option_values(config: PlayConfig) -> set[tuple[str, str, str, str]]:
    """(game, rules version, option, value) of every option `config` sets."""
    return {(config.game_id, config.rules_version, name, value)
            for name, value in config.options.items()}


def one_per_option_value(configs: list[PlayConfig]) -> list[PlayConfig]:
    """`one_per_seating`, then, in the order of `configs`, each configuration that sets an
    option value (per game and rules version) none chosen before sets: every seating and
    every option value, in 48 of the 102 configurations.

    Connect JSON's bytes depend on which fields a variant's messages carry and with what
    values (an option value such as removed-product=carrots or reveal-final-discards=true
    changes what the views and events hold); the messages' schema is the game's whatever
    its options, and the JSON codec is proven byte for byte against json_format by
    tests/protojson/test_protojson.py. A configuration that only recombines values
    already played adds no new bytes to decode, only the cost of a game (issue 22: the
    suite's wall time)."""
    chosen = one_per_seating(configs)
    seen = set().union(*(option_values(c) for c in chosen))
    for config in configs:
        new = option_values(config) - seen
        if new and config not in chosen:
            chosen.append(config)
            seen |= new
    return sorted(chosen, key=configs.index)


#: The Connect JSON share: every seating and option value, in parts of GAMES_PER_PART.
TS_PARTS = in_parts(one_per_option_value(TS_CONFIGS))
#: The binary transports' share: 20 of the 102 configurations, in parts as above. Connect
#: JSON's encoding depends on which fields each variant's messages carry (so TS_PARTS
#: plays every option value); the binary transports (native gRPC, gRPC-Web)
#: carry the same messages through generated code, so they play every rules version at
#: every player count (`one_per_seating`) but not each option value again (issue 22).
SEATING_PARTS = in_parts(one_per_seating(TS_CONFIGS))


def one_per_game(configs: list[PlayConfig]) -> list[PlayConfig]:
    """The first configuration of each game: a representative subset for the extra legs."""
    firsts: dict[str, PlayConfig] = {}
    for config in configs:
        firsts.setdefault(config.game_id, config)
    return list(firsts.values())


class ServedBoth:
    """One server process's two ports, as `make run` serves them: gRPC and HTTP (Connect, gRPC-Web)."""

    def __init__(self, config: Config) -> None:
        self.serving = start_server(config, http=True)
        self.running = self.serving.running
        self.grpc_url = self.serving.grpc_url
        self.http_url = self.serving.base

    def close(self) -> None:
        self.serving.stop()
