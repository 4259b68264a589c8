"""Golden playthroughs: seeded random games kept as JSON files.

Each file holds the configuration and the rules version, every action in
protobuf text format, the public events it caused and a digest of the state
after it. Replaying the file under its rules version must reproduce all of
them, so any rule change shows up as a diff. Every rules version the server
plays has its own files: a game's first version's keep their names, later
versions' names end in `-rules<n>`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.protobuf import text_format

from engines import registry
from engines.core import Game
from engines.core.versions import number_of
from tests.conformance.playout import playout

GOLDEN_DIR = Path(__file__).parent / "files"


def _text(message: Any) -> str:
    return text_format.MessageToString(message, as_one_line=True)


def record(
    game_id: str, num_players: int, options: dict[str, str], seed: str, rules_version: str = ""
) -> dict[str, Any]:
    """Play the seeded game under `rules_version` (empty: the newest)."""
    engine = registry.get(game_id, rules_version)
    if engine is None:
        raise SystemExit(f"unknown game {game_id} or rules version {rules_version!r}")
    game = Game.new(engine, num_players, options, seed.encode())
    steps = []
    last = game
    for step in playout(game, seed.encode()):
        steps.append(
            {
                "seat": step.seat,
                "action": _text(step.action),
                "public_events": [_text(e.message) for e in step.events if e.audience is None],
                "state_sha256": step.after.digest().hex(),
            }
        )
        last = step.after
    outcome = last.outcome()
    assert outcome is not None
    return {
        "game_id": game_id,
        "rules_version": engine.spec.rules_version,
        "num_players": num_players,
        "options": options,
        "seed": seed,
        "steps": steps,
        "scores": [r.score for r in outcome.results],
        "winners": list(outcome.winners),
        "tie_break": outcome.tie_break,
    }


def golden_path(record_: dict[str, Any]) -> Path:
    opts = "-".join(f"{k}={v}" for k, v in sorted(record_["options"].items()))
    name = f"{record_['num_players']}p" + (f"-{opts}" if opts else "") + f"-{record_['seed']}"
    number = number_of(record_["rules_version"])
    if number > 1:
        name += f"-rules{number}"
    return GOLDEN_DIR / record_["game_id"] / f"{name}.json"


def write(record_: dict[str, Any]) -> Path:
    path = golden_path(record_)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record_, indent=1) + "\n")
    return path
