"""`make golden` refuses to record a changed playthrough under an unchanged
rules version: a bug must fail the golden tests, never become the new truth.
A new rules version gets files of its own; the old versions' stay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engines import registry
from tests.golden import record as recorder
from tests.golden.recording import GOLDEN_DIR

SOURCE = GOLDEN_DIR / "spice-merchant" / "2p-golden-1.json"


@pytest.fixture
def golden_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of one golden file in a scratch golden directory."""
    target = tmp_path / "spice-merchant" / SOURCE.name
    target.parent.mkdir()
    shutil.copy(SOURCE, target)
    monkeypatch.setattr("tests.golden.recording.GOLDEN_DIR", tmp_path)
    return target


def _edit(path: Path, **change: object) -> str:
    data = json.loads(path.read_text())
    data.update(change)
    data["steps"][3]["state_sha256"] = "0" * 64  # as if the engine now played differently
    text = json.dumps(data, indent=1) + "\n"
    path.write_text(text)
    return text


def test_a_changed_playthrough_under_the_same_rules_version_is_refused(golden_copy: Path) -> None:
    text = _edit(golden_copy)
    with pytest.raises(recorder.SameRulesVersion, match="bump the game's rules_version"):
        recorder.rerecord([golden_copy])
    assert golden_copy.read_text() == text, "a refused file must stay as it was"


def test_a_file_of_a_retired_rules_version_is_refused(golden_copy: Path) -> None:
    text = _edit(golden_copy, rules_version="spice-merchant/0")
    with pytest.raises(recorder.SameRulesVersion, match="no longer plays"):
        recorder.rerecord([golden_copy])
    assert golden_copy.read_text() == text


def test_each_rules_version_gets_its_own_files_and_old_ones_stay(golden_copy: Path) -> None:
    """The copy is version 1's; every newer version gets `-rules<n>` files."""
    before = golden_copy.read_text()
    written = recorder.record_new_versions([golden_copy])
    newer = [e.spec.rules_version for e in registry.VERSIONS["spice-merchant"]
             if e.spec.rules_version != json.loads(before)["rules_version"]]
    assert [json.loads(p.read_text())["rules_version"] for p in written] == newer
    assert all(p.parent == golden_copy.parent and "-rules" in p.name for p in written)
    assert golden_copy.read_text() == before
    assert recorder.record_new_versions([golden_copy, *written]) == []  # nothing left to add


def test_an_unchanged_playthrough_is_left_alone(golden_copy: Path) -> None:
    before = golden_copy.stat().st_mtime_ns
    assert recorder.rerecord([golden_copy]) == []
    assert golden_copy.stat().st_mtime_ns == before
