"""clients/python installs on its own and plays a game, without the server's dependencies.

The package is copied out of the repository, installed with pip into a fresh
venv (its dependencies come from the package index), and
standalone_client.py runs there in isolated mode against a loopback server.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.service.conftest import TEST_CONFIG, Served

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "python"
SCRIPT = Path(__file__).with_name("standalone_client.py")
INSTALL_TIMEOUT_SECONDS = 300
PLAY_TIMEOUT_SECONDS = 120


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with marketplay-client installed from a copy of clients/python."""
    tmp = tmp_path_factory.mktemp("python-client")
    source = tmp / "marketplay-client"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(PACKAGE / name, source / name)
    shutil.copytree(PACKAGE / "marketplay", source / "marketplay",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)],
        capture_output=True, text=True, timeout=INSTALL_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    return python


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    s = Served(TEST_CONFIG)
    yield s
    s.close()


def installed(python: Path) -> dict[str, str]:
    done = subprocess.run([str(python), "-m", "pip", "list", "--format=json", "--disable-pip-version-check"],
                          capture_output=True, text=True, timeout=60, check=True)
    return {p["name"].lower(): p["version"] for p in json.loads(done.stdout)}


def test_package_depends_on_protobuf_and_grpc_only(venv_python: Path) -> None:
    packages = installed(venv_python)
    assert "marketplay-client" in packages
    assert {"protobuf", "grpcio", "grpcio-status"} <= packages.keys()
    server_only = {"cryptography", "prometheus-client", "cachetools", "marketplay"}
    assert not server_only & packages.keys(), sorted(server_only & packages.keys())


def test_package_plays_a_game_in_its_own_venv(venv_python: Path, server: Served, tmp_path: Path) -> None:
    done = subprocess.run(
        [str(venv_python), "-I", str(SCRIPT), server.address, "spice-merchant", "2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=PLAY_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["steps"] > 0 and report["final_step"] == report["steps"]
    assert report["winners"]
    assert report["refused"] == ["INVALID_ARGUMENT", "TAMPERED_STATE"]
    assert Path(report["marketplay_file"]).is_relative_to(venv_python.parent.parent)
    assert all(report["absent"].values()), report["absent"]
