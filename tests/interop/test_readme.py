"""The README's quick start is followed verbatim: its Python example runs as it says
(with the interpreter `make run` set up, from any directory) and plays a game, and its
table of make targets names every target the Makefile declares."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import start_server
from tests.service.conftest import TEST_CONFIG

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def _block_after(marker: str, language: str) -> str:
    start = README.index(marker)
    match = re.compile(rf"```{language}\n(.*?)```", re.DOTALL).search(README, start)
    assert match is not None, f"no {language} block after {marker!r}"
    return match.group(1)


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """A server configured as `make run`'s (seat tokens not required), on loopback ports."""
    serving = start_server(TEST_CONFIG, http=False)
    yield serving.address
    serving.stop()


def test_the_python_example_plays_a_game_with_the_venv_make_run_made(address: str, tmp_path: Path) -> None:
    """`.venv/bin/python game.py` in a fresh directory, the server's address in
    MARKETPLAY_ADDRESS (the block's own default is `make run`'s): the games, then the
    outcome's results and tie-break."""
    assert "`.venv/bin/python game.py`" in README
    (tmp_path / "game.py").write_text(_block_after("<!-- README Python:", "python"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["MARKETPLAY_ADDRESS"] = address
    done = subprocess.run([sys.executable, "game.py"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    games, results = done.stdout.splitlines()[:2]
    assert games == "['central-market', 'market-fresh', 'spice-merchant']"
    assert results.startswith("[(0, "), results


def _targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text()
    return {t for line in re.findall(r"^\.PHONY:(.*)$", makefile, re.MULTILINE) for t in line.split()}


def test_the_make_targets_table_names_every_target() -> None:
    start = README.index("<!-- make targets:")
    table = README[start:README.index("\n\n", README.index("| target |", start))]
    listed = set(re.findall(r"`make ([a-z-]+)", table))
    assert listed == _targets(), (f"missing: {sorted(_targets() - listed)}; "
                                  f"not in the Makefile: {sorted(listed - _targets())}")


def test_every_doc_names_the_tarball_npm_pack_writes_outside_the_repo() -> None:
    """The TypeScript package's tarball by its real name (issue 41: 0.1.0 after 0.2.0),
    and every `npm pack` a doc tells a reader to run writes it outside the repository."""
    version = json.loads((ROOT / "clients" / "ts" / "package.json").read_text())["version"]
    docs = [ROOT / "README.md", ROOT / "clients" / "ts" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    named = 0
    for doc in docs:
        text = doc.read_text()
        for found in re.findall(r"marketplay-client-([0-9][\w.]*?)\.tgz", text):
            assert found == version, f"{doc.name}: marketplay-client-{found}.tgz, npm pack writes {version}"
            named += 1
        for command in re.findall(r"(?:^|&& )(npm pack\b[^`\n#]*)", text, re.MULTILINE):
            assert "--pack-destination" in command, f"{doc.name}: {command!r} leaves the tarball here"
            named += 1
    assert named >= 4  # two names, two commands


def test_make_test_installs_every_tool_the_native_clients_build_with() -> None:
    """`make system-tools` (a prerequisite of `make test`) looks up each tool the
    interop builds run, protoc among them: a CI run once built the JVM client with
    no protoc, since `:=` had expanded the list before `PROTO_TOOLS` was set."""
    shown = subprocess.run(["make", "-n", "--no-print-directory", "system-tools"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60, check=True).stdout
    for pair in ("protoc:protobuf-compiler", "protoc-gen-go:protoc-gen-go", "mvn:maven",
                 "grpc_java_plugin:protobuf-compiler-grpc-java-plugin", "go:golang-go",
                 "kotlinc:kotlin", "mcs:mono-mcs", "promtool:prometheus", "chromium:chromium"):
        assert pair in shown, pair
