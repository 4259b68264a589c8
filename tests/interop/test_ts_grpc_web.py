"""The TypeScript client over gRPC-Web on the HTTP port.

connect-node's gRPC-Web transport (binary, HTTP/1.1) plays every configuration
of the conformance suite to the end; connect-web's fetch transport plays one
configuration per game.
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


def test_every_config_over_grpc_web(server: ServedBoth, tmp_path: Path) -> None:
    reports = play(server.http_url, ["--protocol", "grpc-web"], CONFIGS, tmp_path)
    check_reports(reports, CONFIGS, "grpc-web+binary")


def test_one_game_each_over_connect_web_grpc_web(server: ServedBoth, tmp_path: Path) -> None:
    configs = one_per_game(CONFIGS)
    check_reports(play(server.http_url, ["--protocol", "grpc-web", "--web"], configs, tmp_path),
                  configs, "web:grpc-web+binary")
