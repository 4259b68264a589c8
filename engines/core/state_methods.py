"""Writes each game's state class's generated `__init__` and `clone` into its source
(`make state-methods`; engines/core/schema.py, `methods_source`, says why they are
written out). tests/engines/core/test_state_methods.py fails when one is stale.

    python -m engines.core.state_methods [--check]
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from engines.core.schema import METHODS_BEGIN, METHODS_END, methods_source

ENGINES = Path(__file__).resolve().parents[1]


def state_sources() -> list[Path]:
    """Every game's state module: engines/<game>/state.py."""
    return sorted(ENGINES.glob("*/state.py"))


def rewritten(path: Path) -> str:
    """The text of state module `path` with its State's generated methods as they
    must be now; the methods go at the end of the fields when it has none yet."""
    module = importlib.import_module(f"engines.{path.parent.name}.state")
    text = path.read_text()
    block = methods_source(module.State)
    if METHODS_BEGIN in text:
        start = text.index(METHODS_BEGIN)
        end = text.index(METHODS_END, start) + len(METHODS_END) + 1
        return text[:start] + block + text[end:]
    raise SystemExit(f"{path}: no `{METHODS_BEGIN.strip()}` line in class State: "
                     "put one, and the end line, after its fields")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which are stale")
    args = parser.parse_args()
    stale = []
    for path in state_sources():
        text = rewritten(path)
        if text != path.read_text():
            stale.append(path)
            if not args.check:
                path.write_text(text)
    verb = "stale" if args.check else "rewrote"
    print(f"{verb}: {', '.join(str(p) for p in stale) or 'none'}")
    if args.check and stale:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
