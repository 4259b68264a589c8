"""Writes the generated `__init__` (and a state's `clone`) of each dataclass that
asks for them into its source: every class in engines/ holding the `METHODS_BEGIN`
line (`make dataclass-methods`; engines/core/schema.py, `methods_source`, says why
they are written out). tests/engines/core/test_dataclass_methods.py fails when one is stale.

    python -m engines.core.dataclass_methods [--check]
"""

from __future__ import annotations

import argparse
import ast
import importlib
from pathlib import Path

from engines.core.schema import METHODS_BEGIN, METHODS_END, methods_source

ENGINES = Path(__file__).resolve().parents[1]


def marked_classes(path: Path) -> list[str]:
    """The top-level classes of `path` holding a `METHODS_BEGIN` line, in order."""
    text = path.read_text()
    if METHODS_BEGIN not in text:
        return []
    body = ast.parse(text).body
    named = []
    for n, line in enumerate(text.splitlines(), start=1):
        if line == METHODS_BEGIN:  # in the last statement that starts above it: a class
            owner = [node for node in body if node.lineno < n][-1]
            if not isinstance(owner, ast.ClassDef):
                raise SystemExit(f"{path}:{n}: `{METHODS_BEGIN.strip()}` outside a top-level class")
            named.append(owner.name)
    return named


def sources() -> list[Path]:
    """Every engine module with a class whose methods are written out."""
    return [p for p in sorted(ENGINES.rglob("*.py")) if marked_classes(p)]


def rewritten(path: Path) -> str:
    """The text of `path` with each marked class's generated methods as they must be now."""
    module = importlib.import_module(".".join(path.relative_to(ENGINES.parent).with_suffix("").parts))
    if not (module.__file__ or "").endswith(".py"):  # a compiled class keeps no annotations' text
        raise SystemExit(f"{module.__name__} is compiled ({module.__file__}): run this on the sources")
    text = path.read_text()
    start = 0
    for name in marked_classes(path):
        start = text.index(METHODS_BEGIN, start)
        end = text.index(METHODS_END, start) + len(METHODS_END) + 1
        block = methods_source(getattr(module, name))
        text = text[:start] + block + text[end:]
        start += len(block)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which are stale")
    args = parser.parse_args()
    stale = []
    for path in sources():
        text = rewritten(path)
        if text != path.read_text():
            stale.append(path)
            if not args.check:
                path.write_text(text)
    print(f"{'stale' if args.check else 'rewrote'}: {', '.join(map(str, stale)) or 'none'}")
    if args.check and stale:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
