"""The TypeScript client over native gRPC: connect-node's gRPC transport (HTTP/2) against grpcio.

Every configuration of the conformance suite (every game, player count and
bool/enum option value, plus the int options' bounds) is played to the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conformance.configs import CONFIGS
from tests.interop.ts_client import PLAY_CONFIG, check_reports, play
from tests.service.conftest import Served


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    s = Served(PLAY_CONFIG)
    yield s
    s.close()


def test_every_config_over_native_grpc(server: Served, tmp_path: Path) -> None:
    reports = play(f"http://{server.address}", ["--protocol", "grpc"], CONFIGS, tmp_path)
    check_reports(reports, CONFIGS, "grpc")
