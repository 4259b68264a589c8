"""The TypeScript client over Connect on the HTTP port: JSON (every option value), binary, h2c.

connect-node's Connect transport plays, in JSON over HTTP/1.1, every game,
rules version and player count of the conformance suite and every option
value of each (`one_per_option_value`: 48 of the 102 configurations) to the
end; Connect's binary format, HTTP/2 (h2c) and connect-web's fetch transport
play one configuration per game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.configs import PlayConfig
from tests.interop.ts_client import (
    TS_CONFIGS,
    TS_PARTS,
    ServedBoth,
    check_reports,
    one_per_game,
    part_id,
    play,
)


# The in-process server's 48 games repeat the lines the one-game tests below and
# tests/service reach; tracing them cost more than the games themselves.
@pytest.mark.no_cover
@pytest.mark.parametrize("part", TS_PARTS, ids=part_id)
def test_every_option_value_over_connect_json(served_both: ServedBoth, tmp_path: Path,
                                              part: list[PlayConfig]) -> None:
    """Every seating and option value, GAMES_PER_PART games a test (the parts together:
    `one_per_option_value(TS_CONFIGS)`)."""
    reports = play(served_both.http_url, ["--protocol", "connect", "--json"], part, tmp_path)
    check_reports(reports, part, "connect+json")


@pytest.mark.parametrize(("flags", "protocol"), [
    (["--protocol", "connect", "--binary"], "connect+binary"),
    (["--protocol", "connect", "--json", "--http2"], "connect+json+h2"),
    (["--protocol", "connect", "--json", "--web"], "web:connect+json"),
])
def test_one_game_each_over_binary_h2c_and_connect_web(served_both: ServedBoth, tmp_path: Path,
                                                           flags: list[str], protocol: str) -> None:
    configs = one_per_game(TS_CONFIGS)
    check_reports(play(served_both.http_url, flags, configs, tmp_path), configs, protocol)
