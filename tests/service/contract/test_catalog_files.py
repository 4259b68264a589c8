"""The catalogs the TypeScript package carries (clients/ts/catalogs) are exactly
what `make catalogs` writes now: each shipped locale's, as the HTTP port serves
GET /catalogs/<locale>.ftl (service/http/catalogs.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from service.text import shipped_catalogs

ROOT = Path(__file__).resolve().parents[3]
COMMITTED = ROOT / "clients" / "ts" / "catalogs"
MAKE = shutil.which("make")


def test_the_committed_catalogs_are_not_stale(tmp_path: Path) -> None:
    assert MAKE is not None, "make is not on PATH"
    out = tmp_path / "catalogs"
    done = subprocess.run(
        # -o: the target's venv is this interpreter's; never build one here.
        [MAKE, "--no-print-directory", "-s", "catalogs", f"PY={sys.executable}",
         f"CATALOGS_OUT={out}", "-o", ".venv/.runtime"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    assert done.returncode == 0, f"make catalogs failed:\n{done.stdout}\n{done.stderr}"
    made = sorted(p.name for p in out.iterdir())
    assert made == sorted(f"{locale}.ftl" for locale in shipped_catalogs().locales)
    kept = sorted(p.name for p in COMMITTED.iterdir())
    assert made == kept, f"clients/ts/catalogs: made {made}, committed {kept}; run `make catalogs`"
    for name in made:
        assert (out / name).read_bytes() == (COMMITTED / name).read_bytes(), (
            f"clients/ts/catalogs/{name} is stale: run `make catalogs` and commit the result")


def test_export_removes_a_locale_no_longer_shipped(tmp_path: Path) -> None:
    from service.http.catalogs import export

    (tmp_path / "fr.ftl").write_text("gone = weg\n")
    (tmp_path / "notes.txt").write_text("kept")
    written = export(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*(p.name for p in written), "notes.txt"])
    assert "fr.ftl" not in {p.name for p in written}
