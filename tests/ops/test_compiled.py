"""The compiled build (deploy/compiled.py): a run on it really runs its extension
modules, and a plain install of the package builds and imports none of ours."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPILED = os.environ.get("MARKETPLAY_COMPILED", "")
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def build_script() -> ModuleType:
    """deploy/compiled.py, which names the modules it compiles."""
    spec = importlib.util.spec_from_file_location("compiled_build", ROOT / "deploy" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_name(source: str) -> str:
    return source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


@pytest.mark.skipif(not COMPILED, reason="a run on the compiled build only (MARKETPLAY_COMPILED)")
def test_the_compiled_run_imports_every_compiled_module_from_the_build() -> None:
    """`make test`'s second run (tests/engines, tests/conformance) is on the compiled
    engines: every module deploy/compiled.py compiles is imported from an extension
    module in MARKETPLAY_COMPILED, and the ones it leaves pure from the sources there."""
    build = Path(COMPILED).resolve()
    script = build_script()
    sources = script.compiled_sources()
    assert len(sources) > 50, sources
    for source in sources:
        path = Path(importlib.import_module(module_name(source)).__file__ or "")
        assert path.is_relative_to(build) and path.name.endswith(EXTENSIONS), (source, path)
    for source in script.PURE:
        path = Path(importlib.import_module(module_name(source)).__file__ or "")
        assert path == build / source, (source, path)


@pytest.mark.slow
def test_a_plain_install_builds_and_imports_no_extension_module_of_ours(tmp_path: Path) -> None:
    """`pip install .` of what the image copies, with no C compiler reachable (CC and
    the PATH point at none), installs only Python sources of ours, and a server's
    modules imported from there are all pure Python, and play."""
    src = tmp_path / "src"
    for part in ("engines", "service", "protojson", "clients/python/marketplay"):
        shutil.copytree(ROOT / part, src / part, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", src)
    target = tmp_path / "site"
    no_compiler = {**os.environ, "CC": "/nonexistent/cc", "CXX": "/nonexistent/c++",
                   "PATH": str(Path(sys.executable).parent)}
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--no-build-isolation", "--disable-pip-version-check", "--target", str(target),
                    str(src)], check=True, env=no_compiler, capture_output=True, cwd=tmp_path)
    ours = ("engines", "service", "protojson", "marketplay")
    installed = [p for name in ours for p in (target / name).rglob("*") if p.is_file()]
    assert installed and not [p for p in installed if p.name.endswith(EXTENSIONS)]
    probe = (
        "import json, sys\n"
        "from engines import registry\n"
        "from engines.core import Game\n"
        "import service.core, service.main\n"
        "game = Game.new(registry.ENGINES['spice-merchant'], 2, {}, b'plain')\n"
        "seat = game.to_act()[0].seat\n"
        "game, _ = game.apply(seat, game.engine.legal_actions(game.state, seat)[0])\n"
        f"ours = {ours!r}\n"
        "print(json.dumps({name: getattr(module, '__file__', None) for name, module in\n"
        "                  list(sys.modules.items()) if name.split('.')[0] in ours}))\n"
    )
    out = subprocess.run([sys.executable, "-P", "-c", probe], check=True, capture_output=True,
                         text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(target)})
    files = json.loads(out.stdout)
    assert "engines.core.game" in files and "service.core" in files
    for name, file in files.items():
        assert file is None or (Path(file).is_relative_to(target) and file.endswith(".py")), (name, file)
