"""Replay every golden playthrough and compare it step by step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.recording import GOLDEN_DIR, record

FILES = sorted(GOLDEN_DIR.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_playthrough_is_reproduced(path: Path) -> None:
    """Re-record from the same seed and compare; the first differing step is
    reported. After an intended rule change: `make golden` and read the diff."""
    expected = json.loads(path.read_text())
    actual = record(expected["game_id"], expected["num_players"], expected["options"],
                    expected["seed"], expected["rules_version"])
    assert actual["rules_version"] == expected["rules_version"], "rules version changed"
    for index, (want, got) in enumerate(zip(expected["steps"], actual["steps"], strict=False)):
        assert got == want, f"step {index} differs"
    assert len(actual["steps"]) == len(expected["steps"])
    assert actual == expected


def test_every_game_has_golden_playthroughs() -> None:
    from engines import registry

    assert {p.parent.name for p in FILES} == set(registry.ENGINES)


def test_every_rules_version_has_golden_playthroughs() -> None:
    """Each version the server plays replays its own files (older versions'
    files stay as they were recorded)."""
    from engines import registry

    recorded = {(json.loads(p.read_text())["game_id"], json.loads(p.read_text())["rules_version"])
                for p in FILES}
    assert recorded >= {(e.spec.game_id, e.spec.rules_version) for e in registry.every_engine()}


def test_every_golden_playthrough_reads_as_its_transcript() -> None:
    """The English of every golden playthrough is as recorded in its transcript
    (tests/golden/transcripts.py): a wording change in a catalog is a visible
    diff there; `python -m tests.golden.transcripts` rewrites them."""
    from tests.golden.transcripts import playthroughs, transcript, transcript_path

    for path in playthroughs():
        recorded = transcript_path(path)
        assert recorded.exists(), f"no transcript for {path.name}: python -m tests.golden.transcripts"
        assert transcript(json.loads(path.read_text())) == recorded.read_text(encoding="utf-8"), (
            f"{recorded} differs: read the diff of `python -m tests.golden.transcripts`")
