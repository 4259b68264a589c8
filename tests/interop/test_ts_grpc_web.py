"""The TypeScript client over gRPC-Web on the HTTP port.

connect-node's gRPC-Web transport (binary, HTTP/1.1) plays every game, rules
version and player count of the conformance suite to the end (test_ts_connect.py
plays every option value too, over Connect JSON); the same over HTTP/2 (h2c) and
connect-web's fetch transport play one configuration per game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.configs import PlayConfig
from tests.interop.ts_client import (
    SEATING_PARTS,
    TS_CONFIGS,
    ServedBoth,
    check_reports,
    one_per_game,
    part_id,
    play,
)


@pytest.mark.parametrize("part", SEATING_PARTS, ids=part_id)
def test_every_seating_over_grpc_web(served_both: ServedBoth, tmp_path: Path,
                                    part: list[PlayConfig]) -> None:
    """Each game, rules version and player count (Connect JSON plays every option value),
    GAMES_PER_PART games a test."""
    reports = play(served_both.http_url, ["--protocol", "grpc-web"], part, tmp_path)
    check_reports(reports, part, "grpc-web+binary")


@pytest.mark.parametrize(("flags", "protocol"), [
    (["--protocol", "grpc-web", "--http2"], "grpc-web+binary+h2"),
    (["--protocol", "grpc-web", "--web"], "web:grpc-web+binary"),
])
def test_one_game_each_over_h2c_and_connect_web(served_both: ServedBoth, tmp_path: Path,
                                                flags: list[str], protocol: str) -> None:
    configs = one_per_game(TS_CONFIGS)
    check_reports(play(served_both.http_url, flags, configs, tmp_path), configs, protocol)
