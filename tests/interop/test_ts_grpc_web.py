"""The TypeScript client over gRPC-Web on the HTTP port.

connect-node's gRPC-Web transport (binary, HTTP/1.1) plays every configuration
of the conformance suite to the end; the same over HTTP/2 (h2c) and
connect-web's fetch transport play one configuration per game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.interop.ts_client import TS_CONFIGS, ServedBoth, check_reports, needs_http_port, one_per_game, play

pytestmark = needs_http_port


def test_every_config_over_grpc_web(served_both: ServedBoth, tmp_path: Path) -> None:
    reports = play(served_both.http_url, ["--protocol", "grpc-web"], TS_CONFIGS, tmp_path)
    check_reports(reports, TS_CONFIGS, "grpc-web+binary")


@pytest.mark.parametrize(("flags", "protocol"), [
    (["--protocol", "grpc-web", "--http2"], "grpc-web+binary+h2"),
    (["--protocol", "grpc-web", "--web"], "web:grpc-web+binary"),
])
def test_one_game_each_over_h2c_and_connect_web(served_both: ServedBoth, tmp_path: Path,
                                                flags: list[str], protocol: str) -> None:
    configs = one_per_game(TS_CONFIGS)
    check_reports(play(served_both.http_url, flags, configs, tmp_path), configs, protocol)
