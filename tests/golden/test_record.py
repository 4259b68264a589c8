"""`make golden` refuses to record a changed playthrough under an unchanged
rules version: a bug must fail the golden tests, never become the new truth."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

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


def test_a_changed_playthrough_under_a_new_rules_version_is_recorded(golden_copy: Path) -> None:
    _edit(golden_copy, rules_version="spice-merchant/0")
    assert recorder.rerecord([golden_copy]) == [golden_copy]
    assert golden_copy.read_text() == SOURCE.read_text()


def test_an_unchanged_playthrough_is_left_alone(golden_copy: Path) -> None:
    before = golden_copy.stat().st_mtime_ns
    assert recorder.rerecord([golden_copy]) == []
    assert golden_copy.stat().st_mtime_ns == before
