"""The compiled build (deploy/compiled.py): a run on it really runs its extension
modules, and a plain install of the package builds and imports none of ours."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
import re
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


# --- the image's compiled engines (deploy/Dockerfile) ---------------------------------------

DOCKERFILE = (ROOT / "deploy" / "Dockerfile").read_text()
#: The build stage's step that compiles the engines into the image's venv.
IMAGE_STEP = re.compile(r"(/opt/\w+)/bin/python (deploy/compiled\.py --venv (/opt/\w+))[; \\]*$", re.M)


def image_step() -> tuple[list[str], str]:
    """The Dockerfile's compile step: the script's arguments, and the venv they name."""
    found = IMAGE_STEP.findall(DOCKERFILE)
    assert len(found) == 1, found
    _python, command, venv = found[0]
    return command.split(), venv


def test_the_image_build_stage_compiles_its_venv_with_the_script_and_the_runtime_gets_no_compiler() -> None:
    """The build stage runs deploy/compiled.py --venv on the venv it just installed the
    app into (by default: COMPILED=1), after that install; the runtime stage copies that
    venv and installs nothing, so the compiler stays behind."""
    command, venv = image_step()
    runtime = DOCKERFILE.index("\nFROM ${PYTHON_IMAGE} AS runtime")
    step = DOCKERFILE.index(" ".join(command))
    install = DOCKERFILE.index(f"RUN {venv}/bin/pip install --no-cache-dir --no-index --no-build-isolation .")
    assert install < step < runtime
    assert "ARG COMPILED=1\n" in DOCKERFILE and 'if [ "$COMPILED" = 1 ]; then' in DOCKERFILE
    assert f"COPY --from=build {venv} {venv}" in DOCKERFILE[runtime:]
    assert "gcc" in DOCKERFILE[:runtime] and "gcc" not in DOCKERFILE[runtime:]


_PLAY = (
    "import hashlib, importlib, json, sys\n"
    "from engines import registry\n"
    "from engines.core import Game\n"
    "digest, files = hashlib.sha256(), {}\n"
    "for game_id, players in (('central-market', 3), ('market-fresh', 2), ('spice-merchant', 2)):\n"
    "    game = Game.new(registry.ENGINES[game_id], players, {}, b'image')\n"
    "    for step in range(60):\n"
    "        if game.outcome() is not None:\n"
    "            break\n"
    "        seat = game.to_act()[0].seat\n"
    "        actions = game.engine.legal_actions(game.state, seat)\n"
    "        game, events = game.apply(seat, actions[step % len(actions)])\n"
    "        digest.update(game.encode() + repr(events).encode())\n"
    "for name in sys.argv[1:]:\n"
    "    files[name] = importlib.import_module(name).__file__\n"
    "print(json.dumps({'digest': digest.hexdigest(), 'files': files}))\n"
)


@pytest.mark.skipif(not COMPILED, reason="a run on the compiled build only (MARKETPLAY_COMPILED)")
def test_the_image_step_on_a_plain_install_gives_compiled_engines_that_play_as_pure(tmp_path: Path) -> None:
    """The Dockerfile's very command, on a throwaway venv holding a plain install of the
    checkout (its dependencies borrowed from ours): afterwards every module the script
    compiles is imported from an extension module in that venv, and a seeded game of
    each title plays to the same states and events as on the pure checkout."""
    command, venv = image_step()
    target = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
    site = Path(subprocess.run([str(target / "bin" / "python"), "-c",
                                "import sysconfig; print(sysconfig.get_path('platlib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    src = tmp_path / "src"
    for part in ("engines", "service", "protojson", "clients/python/marketplay"):
        shutil.copytree(ROOT / part, src / part, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", src)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--no-build-isolation", "--disable-pip-version-check", "--target", str(site),
                    str(src)], check=True, capture_output=True, cwd=tmp_path)
    # the third-party packages from ours, after the venv's own (a plain path: no .pth run)
    ours = next(p for p in sys.path if p.endswith("site-packages") and Path(p, "orjson").is_dir())
    (site / "borrowed.pth").write_text(ours + "\n")
    step = subprocess.run([sys.executable, *[str(target) if a == venv else a for a in command]],
                          check=True, capture_output=True, text=True, cwd=ROOT)
    assert "installed" in step.stdout, step.stdout

    sources = build_script().compiled_sources()
    names = [module_name(source) for source in sources]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MARKETPLAY_COMPILED")}
    compiled = subprocess.run([str(target / "bin" / "python"), "-P", "-c", _PLAY, *names],
                              check=True, capture_output=True, text=True, cwd=tmp_path, env=env)
    pure = subprocess.run([sys.executable, "-P", "-c", _PLAY, *names], check=True,
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**env, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'clients' / 'python'}"})
    got, want = json.loads(compiled.stdout), json.loads(pure.stdout)
    for name, file in got["files"].items():
        assert Path(file).is_relative_to(site) and file.endswith(EXTENSIONS), (name, file)
    for name, file in want["files"].items():
        assert file.endswith(".py") and Path(file).is_relative_to(ROOT), (name, file)
    assert got["digest"] == want["digest"]


@pytest.mark.skipif(not COMPILED, reason="a run on the compiled build only (MARKETPLAY_COMPILED)")
def test_the_image_step_refuses_a_venv_without_the_checkout_engines(tmp_path: Path) -> None:
    """Extension modules answer for the sources they were compiled from: a venv whose
    plain install is missing (or differs) gets none of them, and a clear refusal."""
    command, venv = image_step()
    target = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
    step = subprocess.run([sys.executable, *[str(target) if a == venv else a for a in command]],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert step.returncode != 0 and "does not hold this checkout's engines/" in step.stderr, step.stderr
    assert not [p for p in target.rglob("*") if p.name.endswith(EXTENSIONS)]
