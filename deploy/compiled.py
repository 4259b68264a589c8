"""The compiled build: the engines compiled to C extension modules by mypyc, in a
directory of their own (docs/deploy.md, "Compiled or pure").

    python deploy/compiled.py [OUT] [--opt-level 0-3] [--separate] [--jobs N]
                                        (`make compiled`; OUT defaults to build/compiled)

OUT receives a copy of `engines/` (sources and data files) with an extension module
beside every compiled source; Python imports the extension first, so OUT on the path
ahead of the checkout (PYTHONPATH, or MARKETPLAY_COMPILED for the tests: tests/conftest.py)
runs the compiled engines, and nothing else ever does. A plain install (`pip install .`,
`make install`) stays pure Python: this script is its only way in.
"""

from __future__ import annotations

import argparse
import os
import shutil
import time
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
    "engines/core/dataclass_methods.py": "a development tool (`make dataclass-methods`), not a game's",
    "engines/core/versions.py": "DataRules, a generic dataclass",
    "engines/central_market/versions.py": "rules versions: read once per call",
    "engines/market_fresh/versions.py": "Rules subclasses DataRules",
    "engines/spice_merchant/versions.py": "Rules subclasses DataRules",
}

#: How it is built, by default: what compiled fastest for the same speed (docs/deploy.md,
#: "Compiled or pure", has the figures): mypyc's optimisation level (the C compiler's -O),
#: one extension module per source (`separate`) or one for all, C compilers at once.
OPT_LEVEL = "3"
SEPARATE = False
JOBS = 1


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The engine sources mypyc compiles, as paths relative to `root`."""
    sources = sorted(p.relative_to(root).as_posix() for p in (root / "engines").rglob("*.py"))
    return [s for s in sources if s not in PURE]


def build(out: Path, opt_level: str = OPT_LEVEL, separate: bool = SEPARATE, jobs: int = JOBS) -> None:
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
                          opt_level=opt_level, separate=separate, target_dir="c")
    setup(name="marketplay-compiled", ext_modules=extensions,
          script_args=["--quiet", "build_ext", "--inplace", "--parallel", str(jobs),
                       "--build-temp", "c/temp", "--build-lib", "c/lib"])
    shutil.rmtree(out / "c")  # the generated C and objects: only the modules are kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--opt-level", default=OPT_LEVEL, choices="0123")
    parser.add_argument("--separate", action=argparse.BooleanOptionalAction, default=SEPARATE)
    parser.add_argument("--jobs", type=int, default=JOBS)
    args = parser.parse_args()
    started = time.perf_counter()
    build(args.out.resolve(), args.opt_level, args.separate, args.jobs)
    print(f"compiled {len(compiled_sources())} modules into {args.out} in "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
