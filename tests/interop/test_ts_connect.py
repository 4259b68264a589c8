"""The TypeScript client over Connect on the HTTP port: JSON (every configuration), binary.

connect-node's Connect transport plays every configuration of the conformance
suite to the end in JSON over HTTP/1.1; Connect's binary format, HTTP/2
(h2c) and connect-web's fetch transport play one configuration per game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conformance.configs import CONFIGS
from tests.interop.ts_client import PLAY_CONFIG, ServedBoth, check_reports, one_per_game, play


@pytest.fixture(scope="module")
def server() -> Iterator[ServedBoth]:
    s = ServedBoth(PLAY_CONFIG)
    yield s
    s.close()


def test_every_config_over_connect_json(server: ServedBoth, tmp_path: Path) -> None:
    reports = play(server.http_url, ["--protocol", "connect", "--json"], CONFIGS, tmp_path)
    check_reports(reports, CONFIGS, "connect+json")


@pytest.mark.parametrize(("flags", "protocol"), [
    (["--protocol", "connect", "--binary"], "connect+binary"),
    (["--protocol", "connect", "--json", "--web"], "web:connect+json"),
])
def test_one_game_each_over_connect_binary_and_connect_web(server: ServedBoth, tmp_path: Path,
                                                           flags: list[str], protocol: str) -> None:
    configs = one_per_game(CONFIGS)
    check_reports(play(server.http_url, flags, configs, tmp_path), configs, protocol)
