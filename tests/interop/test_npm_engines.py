"""Every npm package the Makefile installs supports the Node.js the README documents, so
`npm ci` prints no EBADENGINE warning (issue 22: @bufbuild/protoc-gen-es 2.17 declared
node >= 22 while the README said Node.js 20+)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Every package.json whose lockfile the Makefile installs with `npm ci`.
NPM_DIRS = ["proto", "clients/ts", "clients/ts/playground", "docs/lint"]
#: npm's own semver (the library its engine check uses), found from the node on PATH.
SATISFIES = """
const path = require("path"), { execSync } = require("child_process");
const semver = require(path.join(execSync("npm root -g").toString().trim(), "npm",
                                 "node_modules", "semver"));
const [version, ranges] = JSON.parse(process.argv[1]);
console.log(JSON.stringify(ranges.map(r => semver.satisfies(version, r, {includePrerelease: true}))));
"""


def documented_node() -> str:
    """The README's minimum Node.js ("Node.js 20.19+") as a full version."""
    match = re.search(r"Node\.js (\d+)(?:\.(\d+))?\+", (ROOT / "README.md").read_text())
    assert match is not None, "README.md names no minimum Node.js"
    return f"{match.group(1)}.{match.group(2) or 0}.0"


def locked_engines(directory: str) -> dict[str, str]:
    """package name@version -> its engines.node range, for the package and its lockfile."""
    lock = json.loads((ROOT / directory / "package-lock.json").read_text())
    ranges: dict[str, str] = {}
    for key, entry in lock["packages"].items():
        engines = entry.get("engines")
        if isinstance(engines, dict) and "node" in engines:
            name = key.rsplit("node_modules/", 1)[-1] or directory
            ranges[f"{name}@{entry.get('version', '')}"] = engines["node"]
    return ranges


def satisfied(version: str, ranges: list[str]) -> list[bool]:
    node = shutil.which("node")
    assert node, "needs Node.js (README: Requirements)"
    out = subprocess.run([node, "-e", SATISFIES, json.dumps([version, ranges])],
                         capture_output=True, text=True, check=True, timeout=60)
    result: list[bool] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize("directory", NPM_DIRS)
def test_no_locked_package_excludes_the_documented_node(directory: str) -> None:
    """The documented minimum, the newer LTS lines (22, 24) and this machine's Node."""
    ranges = locked_engines(directory)
    assert ranges, f"{directory}: no engines at all? (the lockfile is unreadable)"
    here = subprocess.run(["node", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip().lstrip("v")
    for version in (documented_node(), "22.99.0", "24.99.0", here):
        names, wanted = list(ranges), list(ranges.values())
        refused = [f"{n} wants node {r}" for n, r, ok in
                   zip(names, wanted, satisfied(version, wanted), strict=True) if not ok]
        assert not refused, f"{directory} on Node {version}: {refused}"


def test_this_machine_runs_the_documented_node() -> None:
    """The check above means something only if the machine's Node is one the README allows."""
    here = subprocess.run(["node", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip().lstrip("v")
    assert satisfied(here, [f">={documented_node()}"]) == [True], here


def test_the_checker_sees_an_excluding_range() -> None:
    """protoc-gen-es 2.17's range, which the suite must catch, fails the documented Node."""
    assert satisfied(documented_node(), [">=22", ">=20", "^16.20||^18.18||>=20.17"]) == [
        False, True, True]
