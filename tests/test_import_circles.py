"""No module of service/ imports itself back, even for types only.

The graph is read from the source with `ast`, not from `sys.modules`, so an
import under `if TYPE_CHECKING:` or inside a function counts like any other:
a circle of type-only imports still means two modules that cannot be read
(or moved) one without the other.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Circles left on purpose, each with where it lives and why it is not broken here.
KNOWN: set[frozenset[str]] = set()


def _modules(package: str, root: Path) -> dict[str, Path]:
    modules = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of `package` (a folder of `root`) it imports, anywhere in its
    source."""
    modules = _modules(package, root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            graph[name] |= {target for target in targets if target in modules and target != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_service_has_no_import_circles() -> None:
    found = set(circles(import_graph("service")))
    assert found - KNOWN == set(), sorted(sorted(group) for group in found - KNOWN)
    assert found >= KNOWN, "a known circle is gone: take it out of KNOWN"


def test_the_graph_sees_type_only_and_function_imports(tmp_path: Path) -> None:
    """The check itself: a circle made only of TYPE_CHECKING and late imports is found."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    (package / "b.py").write_text("def late():\n    from . import c\n")
    (package / "c.py").write_text("import pkg.a\n")
    assert circles(import_graph("pkg", tmp_path)) == [frozenset({"pkg.a", "pkg.b", "pkg.c"})]
