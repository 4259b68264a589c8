"""Golden transcripts: every golden playthrough as the English a player reads.

    python -m tests.golden.transcripts     # rewrite them after an intended wording change

For each golden playthrough (tests/golden/files), a text file beside the
files (tests/golden/transcripts/<game>/<name>.txt): each step's prompt to the
seat that acted, the label of what it chose, the events it caused (a private
copy marked with its seat) and, at the end, the outcome. A wording change in
a catalog is then a visible diff of these files, reviewed like any other;
the rules are not touched (the playthroughs themselves never change for a
wording). Rendered by the service's own renderer, in English, with the
default seat names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines import registry
from engines.core import Game
from service.text import Speaker, shipped_catalogs
from tests.conformance.playout import playout
from tests.golden.recording import GOLDEN_DIR

TRANSCRIPTS = Path(__file__).parent / "transcripts"


def transcript(recorded: dict[str, Any]) -> str:
    """The English transcript of one recorded playthrough (replayed from its seed)."""
    engine = registry.get(recorded["game_id"], recorded["rules_version"])
    assert engine is not None
    speaker = Speaker(shipped_catalogs(), "en")
    seed = recorded["seed"].encode()
    game = Game.new(engine, recorded["num_players"], recorded["options"], seed)
    lines = [f"{recorded['game_id']} {recorded['rules_version']}, {recorded['num_players']} seats, "
             f"options {json.dumps(recorded['options'], sort_keys=True)}, seed {recorded['seed']}"]
    last = game
    for step in playout(game, seed):
        kind = next(d.kind for d in step.before.to_act() if d.seat == step.seat)
        state = step.before.state
        lines.append(f"{step.before.step}. seat {step.seat}, {kind}: "
                     f"{speaker.text(engine.decision_phrase(state, step.seat, kind))}")
        lines.append(f"   > {speaker.text(engine.action_phrase(state, step.seat, kind, step.action))}")
        for event in step.events:
            mark = "-" if event.audience is None else f"({','.join(map(str, sorted(event.audience)))})"
            lines.append(f"   {mark} {speaker.text(engine.event_phrase(event))}")
        last = step.after
    outcome = last.outcome()
    assert outcome is not None
    lines.append(f"= {speaker.text(engine.outcome_phrase(outcome))}")
    return "\n".join(lines) + "\n"


def transcript_path(playthrough: Path) -> Path:
    return TRANSCRIPTS / playthrough.parent.name / f"{playthrough.stem}.txt"


def playthroughs() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*/*.json"))


def main() -> None:
    for path in playthroughs():
        out = transcript_path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(transcript(json.loads(path.read_text())), encoding="utf-8")
        print(out)


if __name__ == "__main__":
    main()
