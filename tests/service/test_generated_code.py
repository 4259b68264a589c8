"""The committed generated code is exactly what `make proto` produces."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_generated_code_matches_proto(tmp_path: Path) -> None:
    protos = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "proto").rglob("*.proto"))
    bin_dir = str(Path(sys.executable).parent)
    subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", "-I", "proto",
         f"--python_out={tmp_path}", f"--grpc_python_out={tmp_path}",
         f"--mypy_out={tmp_path}", f"--mypy_grpc_out={tmp_path}", *protos],
        cwd=ROOT, check=True, env={**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"]},
    )
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    committed_dir = ROOT / "clients" / "python"
    committed = sorted(
        p.relative_to(committed_dir) for p in (committed_dir / "marketplay").rglob("*_pb2*")
        if p.is_file()
    )
    assert generated == committed, "run `make proto` and commit the result"
    for rel in generated:
        assert filecmp.cmp(tmp_path / rel, committed_dir / rel, shallow=False), (
            f"{rel} is stale: run `make proto` and commit the result"
        )
