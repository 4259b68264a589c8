"""Record golden playthroughs.

    python -m tests.golden.record                 # re-record every existing file
    python -m tests.golden.record GAME N [k=v ...] [--seed S]   # add one

A golden file that would change is written only if the game's rules version
changed since it was recorded: an intended rule change bumps the version
(docs/rules/<game>.md), so a diff under the same version is a bug, never a
new truth. Read the diff after recording.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tests.golden.recording import GOLDEN_DIR, golden_path, record, write


class SameRulesVersion(Exception):
    """A golden file would change although its rules version did not."""


def check_rerecord(path: Path, new: dict[str, Any]) -> bool:
    """Whether `new` may replace the file at `path` (False: nothing would change).

    Raises SameRulesVersion if the play differs under an unchanged version.
    """
    if not path.exists():
        return True
    old = json.loads(path.read_text())
    if old == new:
        return False
    if old.get("rules_version") == new["rules_version"]:
        raise SameRulesVersion(
            f"{path}: the playthrough changed but {new['game_id']} is still at rules version "
            f"{new['rules_version']!r}. If the rules changed on purpose, bump the game's "
            "rules_version first; otherwise the engine has a bug."
        )
    return True


def rerecord(paths: list[Path]) -> list[Path]:
    """Re-record `paths`; writes nothing unless every changed file may change."""
    planned = []
    refusals = []
    for path in paths:
        old = json.loads(path.read_text())
        new = record(old["game_id"], old["num_players"], old["options"], old["seed"])
        try:
            if check_rerecord(path, new):
                planned.append(new)
        except SameRulesVersion as exc:
            refusals.append(str(exc))
    if refusals:
        raise SameRulesVersion("refused to re-record:\n" + "\n".join(refusals))
    return [write(new) for new in planned]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_id", nargs="?")
    parser.add_argument("num_players", nargs="?", type=int)
    parser.add_argument("options", nargs="*", help="option=value pairs")
    parser.add_argument("--seed", default="golden-1")
    args = parser.parse_args()
    try:
        if args.game_id is None:
            written = rerecord(sorted(GOLDEN_DIR.glob("*/*.json")))
        else:
            if args.num_players is None:
                parser.error("num_players is required with game_id")
            options = dict(pair.split("=", 1) for pair in args.options)
            new = record(args.game_id, args.num_players, options, args.seed)
            written = [write(new)] if check_rerecord(golden_path(new), new) else []
    except SameRulesVersion as exc:
        sys.exit(str(exc))
    for path in written:
        print(f"wrote {path}")
    if not written:
        print("every golden file is already up to date")


if __name__ == "__main__":
    main()
