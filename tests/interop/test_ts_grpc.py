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


def test_the_parts_hold_every_seating_and_option_value_once() -> None:
    """Cutting the games into parts drops and repeats none; the binary transports' share
    keeps every game, rules version and player count, Connect JSON's every option value
    of each game and rules version too."""
    from tests.interop.ts_client import GAMES_PER_PART, TS_CONFIGS, option_values

    def seating(c: PlayConfig) -> tuple[str, str, int]:
        return c.game_id, c.rules_version, c.num_players

    for parts in (TS_PARTS, SEATING_PARTS):
        played = [c for part in parts for c in part]
        assert len(played) == len(set(map(id, played))) < len(TS_CONFIGS)
        assert played == sorted(played, key=TS_CONFIGS.index)
        assert {seating(c) for c in played} == {seating(c) for c in TS_CONFIGS}
        assert max(len(part) for part in parts) <= GAMES_PER_PART
        assert len({part_id(part) for part in parts}) == len(parts)
    over_json = [c for part in TS_PARTS for c in part]
    assert set().union(*map(option_values, over_json)) == \
        set().union(*map(option_values, TS_CONFIGS))
