"""deploy/constraints.txt, the lock the image installs with hashes, still satisfies
pyproject.toml; and pyproject admits no protobuf older than the generated code needs.
deploy/build-constraints.txt, the image's compiler tools, agrees with both."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "deploy" / "constraints.txt"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
GENERATED = sorted((ROOT / "clients" / "python" / "marketplay").rglob("*_pb2.py"))
# The image's interpreter: markers are judged for CPython 3.11 on Linux.
IMAGE_ENV = {"python_version": "3.11", "python_full_version": "3.11.0", "sys_platform": "linux",
             "platform_system": "Linux", "os_name": "posix", "implementation_name": "cpython",
             "platform_python_implementation": "CPython", "platform_machine": "x86_64",
             "extra": ""}
RELOCK = "deploy/constraints.txt is stale: run `make constraints` and commit it"


def pins(lock: Path = CONSTRAINTS) -> dict[str, tuple[Requirement, list[str]]]:
    """Every locked requirement (continuation lines joined) with its sha256 hashes."""
    text = re.sub(r"\s*\\\n\s*", " ", lock.read_text())
    locked: dict[str, tuple[Requirement, list[str]]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", line)
        requirement = Requirement(re.sub(r"\s*--hash=\S+", "", line))
        locked[canonicalize_name(requirement.name)] = (requirement, hashes)
    return locked


def pinned_version(requirement: Requirement) -> Version:
    (spec,) = requirement.specifier
    assert spec.operator == "==", f"{requirement}: not pinned with =="
    return Version(spec.version)


def test_every_pin_is_exact_and_hashed() -> None:
    """pip's hash-checking mode (the image's build) needs an exact version and a hash for all."""
    locked = pins()
    assert locked
    for name, (requirement, hashes) in locked.items():
        pinned_version(requirement)
        assert hashes, f"{name}: no --hash"


def test_constraints_satisfy_pyproject() -> None:
    """Each runtime dependency and build requirement is locked, at a version pyproject allows."""
    locked = pins()
    wanted = [Requirement(r) for r in PYPROJECT["project"]["dependencies"]]
    wanted += [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]
    for requirement in wanted:
        if requirement.marker and not requirement.marker.evaluate(IMAGE_ENV):
            continue
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement.name} is not locked; {RELOCK}"
        version = pinned_version(locked[name][0])
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{requirement.name}=={version} is outside {requirement.specifier}; {RELOCK}")


def test_locked_packages_bring_no_unlocked_dependency() -> None:
    """The lock is closed: what each locked package needs (as installed here) is locked too."""
    locked = pins()
    checked = 0
    for name, (requirement, _) in locked.items():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if Version(dist.version) != pinned_version(requirement):
            continue  # only the very version the lock names says what it needs
        checked += 1
        for dependency in map(Requirement, dist.requires or []):
            if dependency.marker and not dependency.marker.evaluate(IMAGE_ENV):
                continue
            assert canonicalize_name(dependency.name) in locked, (
                f"{name} needs {dependency.name}; {RELOCK}")
    assert checked >= len(PYPROJECT["project"]["dependencies"])  # the venv follows the lock


def test_protobuf_floor_is_the_generated_codes_runtime() -> None:
    """Generated code refuses an older protobuf at import: pyproject must not allow one."""
    assert GENERATED
    versions = set()
    for path in GENERATED:
        found = re.search(r"ValidateProtobufRuntimeVersion\(\s*_runtime_version\.Domain\.PUBLIC,"
                          r"\s*(\d+),\s*(\d+),\s*(\d+),", path.read_text())
        assert found, path
        versions.add(Version(".".join(found.groups())))
    (generated,) = versions  # all from one protoc
    protobuf = next(Requirement(r) for r in PYPROJECT["project"]["dependencies"]
                    if canonicalize_name(Requirement(r).name) == "protobuf")
    floors = [Version(s.version) for s in protobuf.specifier if s.operator in (">=", "==", "~=")]
    assert floors and max(floors) >= generated, f"protobuf{protobuf.specifier} admits < {generated}"
    assert protobuf.specifier.contains(generated)
    assert any(s.operator in ("<", "<=", "==", "~=") for s in protobuf.specifier), "no ceiling"


def test_floating_majors_are_capped() -> None:
    """Every runtime dependency has an upper bound (or an exact pin): no new major sneaks in."""
    for line in PYPROJECT["project"]["dependencies"]:
        specifier: SpecifierSet = Requirement(line).specifier
        assert any(s.operator in ("<", "<=", "==", "~=") for s in specifier), line


def test_the_image_build_stage_compiles_with_the_dev_pins_and_the_runtime_versions() -> None:
    """deploy/build-constraints.txt (the compiled engines' tools in the image's build
    stage) pins mypy and types-protobuf as the dev extra does, and what it shares with
    the runtime lock at the same version, every file hashed."""
    build = pins(ROOT / "deploy" / "build-constraints.txt")
    runtime = pins()
    extra = PYPROJECT["project"]["optional-dependencies"]["dev"]
    dev = {canonicalize_name(r.name): r for r in map(Requirement, extra)}
    for name in ("mypy", "types-protobuf"):
        assert pinned_version(build[name][0]) in dev[name].specifier, (name, RELOCK)
    assert {"orjson", "protobuf", "setuptools"} <= build.keys()
    for name, (requirement, hashes) in build.items():
        assert hashes, name
        if name in runtime:
            assert pinned_version(requirement) == pinned_version(runtime[name][0]), (name, RELOCK)
