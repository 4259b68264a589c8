"""The committed generated code is exactly what `make proto` produces.

The test runs the Makefile's own `proto` target into a temporary directory
(`make proto PY_OUT=... OPENAPI_OUT=...`), so the command exists once. A new
output (another language) is one more variable here and one more entry in
GENERATED.
"""

from __future__ import annotations

import filecmp
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Make variable -> (committed location, what counts as generated under it).
GENERATED = {
    "PY_OUT": (ROOT / "clients" / "python", ("*_pb2*", "*_connect.py", "*.binpb")),
}
OPENAPI = ROOT / "docs" / "openapi.json"


def _files(base: Path, patterns: tuple[str, ...]) -> list[Path]:
    return sorted({p.relative_to(base) for pattern in patterns for p in base.rglob(pattern)
                   if p.is_file()})


def test_generated_code_matches_proto(tmp_path: Path) -> None:
    outputs = {name: tmp_path / name.lower() for name in GENERATED}
    for out in outputs.values():
        out.mkdir()
    openapi = tmp_path / "openapi.json"
    made = subprocess.run(
        ["make", "--no-print-directory", "proto",
         *(f"{name}={out}" for name, out in outputs.items()), f"OPENAPI_OUT={openapi}"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    for name, (committed_dir, patterns) in GENERATED.items():
        generated = _files(outputs[name], patterns)
        assert generated, f"make proto wrote nothing to {name}"
        assert generated == _files(committed_dir, patterns), "run `make proto` and commit the result"
        for rel in generated:
            assert filecmp.cmp(outputs[name] / rel, committed_dir / rel, shallow=False), (
                f"{rel} is stale: run `make proto` and commit the result"
            )
    assert openapi.read_text() == OPENAPI.read_text(), (
        "docs/openapi.json is stale: run `make proto` and commit the result"
    )
