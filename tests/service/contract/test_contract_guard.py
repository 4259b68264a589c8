"""`buf breaking` guards the contract: a renumbered or removed field fails CI."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
BUF = ROOT / "proto" / "node_modules" / ".bin" / "buf"
SERVICE = Path("marketplay/v1/game_service.proto")

pytestmark = pytest.mark.skipif(not BUF.exists(), reason="buf is installed by `make install`")


def _breaking(proto: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BUF), "breaking", str(proto), "--against",
                           str(ROOT / "proto" / "baseline.binpb")],
                          capture_output=True, text=True, timeout=120, check=False)


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    copy = tmp_path / "proto"
    shutil.copytree(ROOT / "proto", copy, ignore=shutil.ignore_patterns("node_modules"))
    text = (copy / SERVICE).read_text()
    assert old in text
    (copy / SERVICE).write_text(text.replace(old, new, 1))
    return copy


def test_the_committed_contract_matches_its_baseline() -> None:
    result = _breaking(ROOT / "proto")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(("old", "new"), [
    ("  int64 step = 2;              // increases", "  int64 step = 13;             // increases"),
    ("  int32 num_players = 8;\n", "\n"),
])
def test_a_renumbered_or_removed_field_is_refused(tmp_path: Path, old: str, new: str) -> None:
    result = _breaking(_edited(tmp_path, old, new))
    assert result.returncode != 0
    assert "GameUpdate" in result.stdout + result.stderr
