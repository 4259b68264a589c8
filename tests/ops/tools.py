"""Shared by the ops tests: finding the external tools, reading the dashboard."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def tool(*names: str) -> str:
    """A tool from this venv (pinned by pyproject's dev extras) first, else from PATH."""
    for name in names:
        found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
        if found:
            return found
    pytest.fail(f"none of {names} found: `make test` installs them "
                "(pyproject dev extras; promtool: deploy/ci-packages.txt)")


DASHBOARD = DEPLOY / "grafana" / "marketplay-dashboard.json"


def dashboard_exprs() -> list[str]:
    dash = json.loads(DASHBOARD.read_text())
    return [t["expr"] for p in dash["panels"] for t in p.get("targets", [])]


def dashboard_metric_names() -> set[str]:
    names: set[str] = set()
    for expr in dashboard_exprs():
        names |= set(re.findall(r"\b((?:grpc_server|marketplay|process)_[a-z_]+)\b", expr))
    return names
