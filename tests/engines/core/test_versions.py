"""Rules versions: one name format, the frozen pre-format names, frozen data,
and a registry that plays every released version."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.versions import FORMAT, DataError, check_frozen, number_of, rules_version

#: Released before the format was fixed; inside sealed states and digests forever.
PRE_FORMAT = {"central-market/1", "spice-merchant/1+data.84407ecfd483", "1+data.e336757b6063"}


def test_every_version_the_server_plays_has_the_one_format_or_is_a_frozen_old_name() -> None:
    for engine in registry.every_engine():
        version = engine.spec.rules_version
        match = FORMAT.fullmatch(version)
        if version in PRE_FORMAT:
            continue
        assert match and match["game"] == engine.spec.game_id, version


def test_the_old_names_are_still_played() -> None:
    played = {engine.spec.rules_version for engine in registry.every_engine()}
    assert played >= PRE_FORMAT


def test_each_game_plays_its_versions_newest_first() -> None:
    for game_id, engines in registry.VERSIONS.items():
        numbers = [number_of(e.spec.rules_version) for e in engines]
        assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)
        assert registry.get(game_id) is engines[0] is registry.ENGINES[game_id]
        for engine in engines:
            assert registry.get(game_id, engine.spec.rules_version) is engine
    assert registry.get("central-market", "central-market/0") is None
    assert registry.get("chess", "") is None


def test_names_are_built_and_read_back() -> None:
    assert rules_version("market-fresh", 3, "0123456789ab") == "market-fresh/3+data.0123456789ab"
    assert rules_version("central-market", 2) == "central-market/2"
    assert [number_of(v) for v in ("central-market/2", "1+data.e336757b6063", "a/12")] == [2, 1, 12]
    for bad in ("", "central-market", "central-market/0", "x/1+data.short", "X/1"):
        with pytest.raises(ValueError):
            number_of(bad) if bad != "X/1" else rules_version("X", 1)


def test_a_released_versions_data_is_frozen() -> None:
    check_frozen("market-fresh/2+data.e336757b6063", "e336757b6063", "components/1")
    with pytest.raises(DataError, match="components/1: these files have digest 000000000000"):
        check_frozen("market-fresh/2+data.e336757b6063", "000000000000", "components/1")


def test_every_versions_data_files_ship_in_the_package() -> None:
    """The image installs the package, not the tree: every data file a rules
    version reads must match pyproject's package-data, or the server would
    stop at start-up for want of it."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["*"]
    files = sorted((root / "engines").rglob("components/*/*.json"))
    assert files
    for path in files:
        package = next(p for p in path.parents if (p / "__init__.py").exists())
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
