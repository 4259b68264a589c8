"""Every test a rules document cites exists, so the docs cannot drift from
the scenarios that back their decisions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
RULE_DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
#: One page per game, beside the page on rules versions.
GAME_DOCS = [d for d in RULE_DOCS if d.stem != "versions"]


def _defined() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("*.py"):
        names.add(path.stem)
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


@pytest.mark.parametrize("doc", RULE_DOCS, ids=[d.stem for d in RULE_DOCS])
def test_every_cited_scenario_test_exists(doc: Path) -> None:
    cited = set(re.findall(r"\btest_\w+", doc.read_text()))
    assert cited, f"{doc.name} cites no scenario tests"
    assert not cited - _defined(), f"{doc.name} cites tests that do not exist"


def test_every_registered_game_has_a_rules_document() -> None:
    from engines import registry

    assert {d.stem for d in GAME_DOCS} == set(registry.ENGINES)


def test_every_rules_version_is_listed_in_versions_md_and_its_games_page() -> None:
    """docs/rules/versions.md lists every version the server plays, and each
    game's page lists its own."""
    from engines import registry

    versions = (ROOT / "docs" / "rules" / "versions.md").read_text()
    for engine in registry.every_engine():
        name = f"`{engine.spec.rules_version}`"
        page = (ROOT / "docs" / "rules" / f"{engine.spec.game_id}.md").read_text()
        assert name in versions and name in page, engine.spec.rules_version
