"""The committed generated code is exactly what `make proto` produces, for every language.

`make proto` itself runs with each output pointed into a temporary directory
(`make proto PY_OUT=... TS_OUT=... CS_OUT=... GO_OUT=... JAVA_OUT=... OPENAPI_OUT=...`), so the
commands exist once, in the Makefile. To add a language or generator: add its
*_OUT variable to the `proto` target and a row to GENERATED.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MAKE = shutil.which("make")

# Makefile variable -> (committed directory, hand-written files in it, relative to it):
# every other file there must be exactly what `make proto` writes.
GENERATED: dict[str, tuple[str, frozenset[str]]] = {
    "PY_OUT": ("clients/python", frozenset({
        "pyproject.toml", "README.md", "LICENSE", "demo.py",
        "marketplay/__init__.py", "marketplay/v1/__init__.py", "marketplay/py.typed",
    })),
    "TS_OUT": ("clients/ts/src/gen", frozenset()),
    "CS_OUT": ("clients/csharp/Runtime/Generated", frozenset()),
    "GO_OUT": ("clients/go", frozenset({
        "go.mod", "README.md", "LICENSE", "client/client.go", "client/errors.go", "client/client_test.go",
        "cmd/marketplay-play/main.go",
    })),
    "JAVA_OUT": ("clients/jvm/src/generated/java", frozenset()),
}
OPENAPI = ROOT / "docs" / "openapi.json"
IGNORED_PARTS = {"__pycache__", "build", "dist"}
IGNORED_SUFFIXES = {".pyc"}


def files_under(root: Path) -> set[str]:
    return {
        str(p.relative_to(root)) for p in root.rglob("*")
        if p.is_file() and not IGNORED_PARTS & set(p.relative_to(root).parts[:-1])
        and p.suffix not in IGNORED_SUFFIXES and ".egg-info" not in str(p)
    }


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make proto` run into a fresh directory per language."""
    out = tmp_path_factory.mktemp("generated")
    assert MAKE is not None, "make is not on PATH"
    dirs = [f"{var}={out / var}" for var in GENERATED]
    for var in GENERATED:
        (out / var).mkdir()
    done = subprocess.run(
        [MAKE, "--no-print-directory", "-s", "proto", f"PY={sys.executable}", *dirs,
         f"OPENAPI_OUT={out / 'openapi.json'}"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "MAKEFLAGS": ""},
    )
    assert done.returncode == 0, f"make proto failed:\n{done.stdout}\n{done.stderr}"
    return out


@pytest.mark.parametrize("var", sorted(GENERATED))
def test_generated_code_matches_proto(generated: Path, var: str) -> None:
    committed_dir, hand_written = GENERATED[var]
    fresh = generated / var
    committed = ROOT / committed_dir
    made = files_under(fresh)
    assert made, f"make proto wrote nothing into {var}"
    kept = files_under(committed) - hand_written
    assert made == kept, (
        f"{committed_dir}: missing {sorted(made - kept)}, left over {sorted(kept - made)}; "
        "run `make proto` and commit the result"
    )
    for rel in sorted(made):
        assert filecmp.cmp(fresh / rel, committed / rel, shallow=False), (
            f"{committed_dir}/{rel} is stale: run `make proto` and commit the result"
        )


def test_openapi_document_matches_proto(generated: Path) -> None:
    assert (generated / "openapi.json").read_text() == OPENAPI.read_text(), (
        "docs/openapi.json is stale: run `make proto` and commit the result"
    )
