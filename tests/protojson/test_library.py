"""protojson is a library: it imports protobuf, orjson and the standard library, nothing of ours."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "protojson"


def test_it_imports_nothing_of_marketplay() -> None:
    imported: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.partition(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.partition(".")[0])
    assert imported - set(sys.stdlib_module_names) == {"google", "orjson"}
