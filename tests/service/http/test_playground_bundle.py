"""The committed playground bundle (service/playground/static) is exactly what
`make playground` builds from clients/ts/playground now: esbuild's output is a
function of its pinned version, the build options and the sources."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
COMMITTED = ROOT / "service" / "playground" / "static"
MAKE = shutil.which("make")


def test_the_committed_playground_bundle_is_not_stale(tmp_path: Path) -> None:
    assert MAKE is not None, "make is not on PATH"
    out = tmp_path / "static"
    done = subprocess.run(
        [MAKE, "--no-print-directory", "-s", "playground", f"PLAYGROUND_OUT={out}"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    assert done.returncode == 0, f"make playground failed:\n{done.stdout}\n{done.stderr}"
    made = sorted(p.name for p in out.iterdir())
    kept = sorted(p.name for p in COMMITTED.iterdir())
    assert "index.html" in made and any(n.endswith(".js") for n in made), made
    assert made == kept, (
        f"service/playground/static: built {made}, committed {kept}; run `make playground` and commit"
    )
    for name in made:
        assert filecmp.cmp(out / name, COMMITTED / name, shallow=False), (
            f"service/playground/static/{name} is stale: run `make playground` and commit the result"
        )
