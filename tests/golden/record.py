"""Record golden playthroughs.

    python -m tests.golden.record                 # check every file, add new versions' files
    python -m tests.golden.record GAME N [k=v ...] [--seed S] [--rules-version V]   # add one

Every file is replayed under its own rules version, which never changes once
released (docs/rules/versions.md): a file that would change is refused, since
a diff under the same version is a bug, never a new truth. An intended rule
change is a new rules version, and this records, for each version the server
plays, every configuration the other versions' files hold (where its options
exist), next to the old files. Read the new files after recording.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engines import registry
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
    """Re-record `paths`, each under its own rules version; writes nothing
    unless every changed file may change."""
    planned = []
    refusals = []
    for path in paths:
        old = json.loads(path.read_text())
        if registry.get(old["game_id"], old["rules_version"]) is None:
            refusals.append(
                f"{path}: this server no longer plays {old['game_id']} rules version "
                f"{old['rules_version']!r}; retiring a version deletes its golden files "
                "(docs/rules/versions.md)"
            )
            continue
        new = record(old["game_id"], old["num_players"], old["options"], old["seed"],
                     old["rules_version"])
        try:
            if check_rerecord(path, new):
                planned.append(new)
        except SameRulesVersion as exc:
            refusals.append(str(exc))
    if refusals:
        raise SameRulesVersion("refused to re-record:\n" + "\n".join(refusals))
    return [write(new) for new in planned]


def record_new_versions(paths: list[Path]) -> list[Path]:
    """Record, under each rules version the server plays, every configuration
    (game, players, options, seed) that `paths` hold and that version lacks."""
    configs = {}
    for path in paths:
        old = json.loads(path.read_text())
        key = (old["game_id"], old["num_players"], json.dumps(old["options"], sort_keys=True),
               old["seed"])
        configs[key] = old
    written = []
    for game_id, num_players, options, seed in sorted(configs):
        for engine in registry.VERSIONS.get(game_id, ()):
            version = engine.spec.rules_version
            if not set(json.loads(options)) <= {o.name for o in engine.spec.options}:
                continue  # an option this version does not have
            planned = {"game_id": game_id, "num_players": num_players,
                       "options": json.loads(options), "seed": seed, "rules_version": version}
            if golden_path(planned).exists():
                continue
            written.append(write(record(game_id, num_players, json.loads(options), seed, version)))
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_id", nargs="?")
    parser.add_argument("num_players", nargs="?", type=int)
    parser.add_argument("options", nargs="*", help="option=value pairs")
    parser.add_argument("--seed", default="golden-1")
    parser.add_argument("--rules-version", default="", help="default: the newest")
    args = parser.parse_args()
    try:
        if args.game_id is None:
            existing = sorted(GOLDEN_DIR.glob("*/*.json"))
            written = rerecord(existing) + record_new_versions(existing)
        else:
            if args.num_players is None:
                parser.error("num_players is required with game_id")
            options = dict(pair.split("=", 1) for pair in args.options)
            new = record(args.game_id, args.num_players, options, args.seed, args.rules_version)
            written = [write(new)] if check_rerecord(golden_path(new), new) else []
    except SameRulesVersion as exc:
        sys.exit(str(exc))
    for path in written:
        print(f"wrote {path}")
    if not written:
        print("every golden file is already up to date")


if __name__ == "__main__":
    main()
