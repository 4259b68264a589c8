"""The compiled build: the engines compiled to C extension modules by mypyc, in a
directory of their own (docs/deploy.md, "Compiled or pure").

    python deploy/compiled.py [OUT]          (`make compiled`; OUT defaults to build/compiled)

OUT receives a copy of `engines/` (sources and data files) with an extension module
beside every compiled source; Python imports the extension first, so OUT on the path
ahead of the checkout (PYTHONPATH, or MARKETPLAY_COMPILED for the tests: tests/conftest.py)
runs the compiled engines, and nothing else ever does. A plain install (`pip install .`,
`make install`) stays pure Python: this script is its only way in.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Engine modules left as Python, each with why. mypyc cannot create a generic
#: dataclass (the class statement fails at import: "attribute '__dict__' of 'type'
#: objects is not writable"), so the modules declaring one stay interpreted, and so
#: do the rules versions, which subclass `DataRules`; an interpreted class cannot
#: subclass a compiled one, so `Engine`, the interface a game implements, stays too.
#: None of them runs per move: they are declarations, read once per call.
PURE = {
    "engines/core/engine.py": "Engine, subclassed by any engine (tests' toy engine too)",
    "engines/core/hidden.py": "Hidden, a generic dataclass",
    "engines/core/standard.py": "Modules, a generic dataclass",
    "engines/core/versions.py": "DataRules, a generic dataclass",
    "engines/central_market/versions.py": "rules versions: read once per call",
    "engines/market_fresh/versions.py": "Rules subclasses DataRules",
    "engines/spice_merchant/versions.py": "Rules subclasses DataRules",
}

#: mypyc's optimisation level (-O3 C, the default); docs/benchmarks.md, "compiled vs pure".
OPT_LEVEL = "3"


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The engine sources mypyc compiles, as paths relative to `root`."""
    sources = sorted(p.relative_to(root).as_posix() for p in (root / "engines").rglob("*.py"))
    return [s for s in sources if s not in PURE]


def build(out: Path) -> None:
    """Copy the engines into `out` and compile them there, in place."""
    from mypyc.build import mypycify
    from setuptools import setup

    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT / "engines", out / "engines",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    sources = compiled_sources()
    # mypy checks what it compiles, strictly, with the generated messages' stubs;
    # `--config-file=` keeps the checkout's configuration (its file list) out of it.
    os.environ["MYPYPATH"] = str(ROOT / "clients" / "python")
    os.chdir(out)
    extensions = mypycify([*sources, "--strict", "--python-version", "3.11",
                           "--explicit-package-bases", "--config-file="],
                          opt_level=OPT_LEVEL, target_dir="c")
    setup(name="marketplay-compiled", ext_modules=extensions,
          script_args=["--quiet", "build_ext", "--inplace", "--build-temp", "c/temp", "--build-lib", "c/lib"])
    shutil.rmtree(out / "c")  # the generated C and objects: only the modules are kept


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build" / "compiled").resolve())
