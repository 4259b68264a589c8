"""clients/python installs on its own and plays a game, without the server's dependencies.

The package is copied out of the repository, installed with its `connect`
extra by pip into a fresh venv (the dependencies come from the package
index), and standalone_client.py runs there in isolated mode against a
loopback server: over gRPC, and over Connect (JSON) on the HTTP port, asking
for German text with display names: the event, legal action and outcome it
shows are the server's German text of their Messages (service/text.py renders
the same Messages here), not the English.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interop.messages import check_said
from tests.interop.ts_client import ServedBoth

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
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(PACKAGE / name, source / name)
    shutil.copytree(PACKAGE / "marketplay", source / "marketplay",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"{source}[connect]"],
        capture_output=True, text=True, timeout=INSTALL_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    return python


def installed(python: Path) -> dict[str, str]:
    done = subprocess.run([str(python), "-m", "pip", "list", "--format=json", "--disable-pip-version-check"],
                          capture_output=True, text=True, timeout=60, check=True)
    return {p["name"].lower(): p["version"] for p in json.loads(done.stdout)}


def test_package_depends_on_protobuf_and_grpc_only(venv_python: Path) -> None:
    packages = installed(venv_python)
    assert "marketplay-client" in packages
    assert {"protobuf", "grpcio", "grpcio-status", "connectrpc"} <= packages.keys()
    server_only = {"cryptography", "prometheus-client", "cachetools", "marketplay"}
    assert not server_only & packages.keys(), sorted(server_only & packages.keys())


@pytest.mark.parametrize("transport", ["grpc", "connect"])
def test_package_plays_a_game_in_its_own_venv(venv_python: Path, served_both: ServedBoth, tmp_path: Path,
                                              transport: str) -> None:
    target = served_both.grpc_url.removeprefix("http://") if transport == "grpc" else served_both.http_url
    done = subprocess.run(
        [str(venv_python), "-I", str(SCRIPT), transport, target, "spice-merchant", "2", "de", "Ann,Bo"],
        cwd=tmp_path, capture_output=True, text=True, timeout=PLAY_TIMEOUT_SECONDS, check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["steps"] > 0 and report["final_step"] == report["steps"]
    assert report["winners"]
    assert report["refused"] == ["INVALID_ARGUMENT", "TAMPERED_STATE"]
    assert Path(report["marketplay_file"]).is_relative_to(venv_python.parent.parent)
    assert all(report["absent"].values()), report["absent"]
    assert report["locale"] == "de"
    assert report["action"]["message"]["id"].startswith("spice-merchant-action-")
    assert report["event"]["message"]["id"].startswith("spice-merchant-event-")
    assert report["outcome"]["message"]["id"] == "outcome"
    for shown in ("action", "event", "outcome"):
        check_said(report[shown], "de", ("Ann", "Bo"), f"{transport} {shown}")
    assert "\u2068Ann\u2069" in report["outcome"]["text"] or "\u2068Bo\u2069" in report["outcome"]["text"]
