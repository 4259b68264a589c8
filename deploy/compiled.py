"""The compiled build: the engines compiled to C extension modules by mypyc, in a
directory of their own (docs/deploy.md, "Compiled or pure").

    python deploy/compiled.py [OUT] [--opt-level 0-3] [--separate] [--jobs N]
                                        (`make compiled`; OUT defaults to build/compiled)
    python deploy/compiled.py [OUT] --venv VENV      (the image's build stage: deploy/Dockerfile)

OUT receives a copy of `engines/` (sources and data files) with an extension module
beside every compiled source; Python imports the extension first, so OUT on the path
ahead of the checkout (PYTHONPATH, or MARKETPLAY_COMPILED for the tests: tests/conftest.py)
runs the compiled engines, and nothing else ever does. A plain install (`pip install .`,
`make install`) stays pure Python: this script is its only way in.

With `--venv`, the extension modules are then copied into VENV's site-packages, beside
the same sources a plain install of this checkout put there (refused otherwise): the
image's engines are compiled that way, and tests/ops/test_compiled.py runs the very
command the Dockerfile does. OUT is built only when it does not already hold a build of
these sources with these options (its `.sources` stamp), so `make test-compiled` reuses
`make compiled`'s.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from importlib import metadata
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


def stamp(opt_level: str, separate: bool) -> str:
    """What a build is of: the sources it compiles, how, by which mypyc, for which CPython."""
    digest = hashlib.sha256(json.dumps([opt_level, separate, metadata.version("mypy"), sys.version,
                                        sysconfig.get_config_var("EXT_SUFFIX")]).encode())
    for source in [*compiled_sources(), *sorted(PURE)]:
        digest.update(source.encode() + b"\0" + (ROOT / source).read_bytes() + b"\0")
    return digest.hexdigest()


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
    (out / ".sources").write_text(stamp(opt_level, separate) + "\n")


def extensions(out: Path) -> list[Path]:
    """The extension modules of the build in `out`, relative to it (mypyc's shared
    library module at the top, one small module beside each compiled source)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.name.endswith(suffixes))


def install(out: Path, venv: Path) -> int:
    """Copy the build in `out` into `venv`'s site-packages, which must hold this
    checkout's engines as a plain install put them (and the same CPython): the
    extension modules answer for those very sources. Returns how many it copied."""
    probe = "import json, sys, sysconfig; print(json.dumps([sysconfig.get_path('platlib'), sys.version]))"
    site, version = json.loads(subprocess.run([str(venv / "bin" / "python"), "-c", probe],
                                              check=True, capture_output=True, text=True).stdout)
    if version != sys.version:
        raise SystemExit(f"{venv} runs Python {version}, this build is for {sys.version}")
    site_path = Path(site)
    for source in compiled_sources():
        installed = site_path / source
        if not installed.is_file() or installed.read_bytes() != (ROOT / source).read_bytes():
            raise SystemExit(f"{venv} does not hold this checkout's {source}: install it first "
                             "(pip install .), then compile")
    modules = extensions(out)
    for module in modules:
        shutil.copy2(out / module, site_path / module)
    return len(modules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--opt-level", default=OPT_LEVEL, choices="0123")
    parser.add_argument("--separate", action=argparse.BooleanOptionalAction, default=SEPARATE)
    parser.add_argument("--jobs", type=int, default=JOBS)
    parser.add_argument("--venv", type=Path, help="then copy the build into this venv's plain install")
    args = parser.parse_args()
    started, out = time.perf_counter(), args.out.resolve()
    current = (out / ".sources").is_file() and \
        (out / ".sources").read_text().strip() == stamp(args.opt_level, args.separate)
    if args.venv is None or not current:
        build(out, args.opt_level, args.separate, args.jobs)
        print(f"compiled {len(compiled_sources())} modules into {args.out} in "
              f"{time.perf_counter() - started:.0f} s")
    if args.venv is not None:
        print(f"installed {install(out, args.venv)} extension modules into {args.venv}")


if __name__ == "__main__":
    main()
