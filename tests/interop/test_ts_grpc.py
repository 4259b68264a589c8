"""The TypeScript client over native gRPC: connect-node's gRPC transport (HTTP/2) against grpcio.

Every game, rules version and player count of the conformance suite is played to
the end (test_ts_connect.py plays every option value too, over Connect JSON).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.configs import PlayConfig
from tests.interop.ts_client import (
    SEATING_PARTS,
    TS_PARTS,
    ServedBoth,
    check_reports,
    part_id,
    play,
)


@pytest.mark.parametrize("part", SEATING_PARTS, ids=part_id)
def test_every_seating_over_native_grpc(served_both: ServedBoth, tmp_path: Path,
                                       part: list[PlayConfig]) -> None:
    """Each game, rules version and player count (Connect JSON plays every option value),
    GAMES_PER_PART games a test."""
    reports = play(served_both.grpc_url, ["--protocol", "grpc"], part, tmp_path)
    check_reports(reports, part, "grpc")


def test_the_parts_are_every_config_once() -> None:
    """Cutting the games into parts drops and repeats none; the binary transports' share
    keeps every game, rules version and player count."""
    from tests.interop.ts_client import GAMES_PER_PART, TS_CONFIGS

    assert [c for part in TS_PARTS for c in part] == TS_CONFIGS
    assert max(len(part) for part in TS_PARTS) <= GAMES_PER_PART
    assert len({part_id(part) for part in TS_PARTS}) == len(TS_PARTS)
    seatings = [c for part in SEATING_PARTS for c in part]
    assert {(c.game_id, c.rules_version, c.num_players) for c in seatings} == \
        {(c.game_id, c.rules_version, c.num_players) for c in TS_CONFIGS}
    assert len(seatings) == len(set(map(id, seatings))) < len(TS_CONFIGS)
    assert len({part_id(part) for part in SEATING_PARTS}) == len(SEATING_PARTS)
