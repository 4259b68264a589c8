"""The TypeScript client over native gRPC: connect-node's gRPC transport (HTTP/2) against grpcio.

Every configuration of the conformance suite (every game, player count and
bool/enum option value, plus the int options' bounds) is played to the end.
"""

from __future__ import annotations

from pathlib import Path

from tests.interop.ts_client import TS_CONFIGS, ServedBoth, check_reports, play


def test_every_config_over_native_grpc(served_both: ServedBoth, tmp_path: Path) -> None:
    reports = play(served_both.grpc_url, ["--protocol", "grpc"], TS_CONFIGS, tmp_path)
    check_reports(reports, TS_CONFIGS, "grpc")
