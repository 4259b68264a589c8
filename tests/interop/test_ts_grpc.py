"""The TypeScript client over native gRPC: connect-node's gRPC transport (HTTP/2) against grpcio.

Every configuration of the conformance suite (every game, player count and
bool/enum option value, plus the int options' bounds) is played to the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.configs import PlayConfig
from tests.interop.ts_client import (
    TS_PARTS,
    ServedBoth,
    check_reports,
    part_id,
    play,
)


@pytest.mark.parametrize("part", TS_PARTS, ids=part_id)
def test_every_config_over_native_grpc(served_both: ServedBoth, tmp_path: Path,
                                       part: list[PlayConfig]) -> None:
    """Every configuration, GAMES_PER_PART games a test (all parts: all of TS_CONFIGS)."""
    reports = play(served_both.grpc_url, ["--protocol", "grpc"], part, tmp_path)
    check_reports(reports, part, "grpc")


def test_the_parts_are_every_config_once() -> None:
    """Cutting the games into parts drops and repeats none."""
    from tests.interop.ts_client import GAMES_PER_PART, TS_CONFIGS

    assert [c for part in TS_PARTS for c in part] == TS_CONFIGS
    assert max(len(part) for part in TS_PARTS) <= GAMES_PER_PART
    assert len({part_id(part) for part in TS_PARTS}) == len(TS_PARTS)
