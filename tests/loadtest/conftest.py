"""The load generator's own package lives beside its locustfile, not in the venv."""

from __future__ import annotations

import sys
from pathlib import Path

LOADTEST = Path(__file__).resolve().parents[2] / "clients" / "loadtest"
if str(LOADTEST) not in sys.path:
    sys.path.insert(0, str(LOADTEST))
