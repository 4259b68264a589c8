"""Every test a rules document cites exists, so the docs cannot drift from
the scenarios that back their decisions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
RULE_DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))


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

    assert {d.stem for d in RULE_DOCS} == set(registry.ENGINES)
