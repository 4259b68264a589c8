"""Record golden playthroughs.

    python -m tests.golden.record                 # re-record every existing file
    python -m tests.golden.record GAME N [k=v ...] [--seed S]   # add one

Re-record only after an intended rule change, and read the diff.
"""

from __future__ import annotations

import argparse
import json

from tests.golden.recording import GOLDEN_DIR, record, write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_id", nargs="?")
    parser.add_argument("num_players", nargs="?", type=int)
    parser.add_argument("options", nargs="*", help="option=value pairs")
    parser.add_argument("--seed", default="golden-1")
    args = parser.parse_args()
    if args.game_id is None:
        for path in sorted(GOLDEN_DIR.glob("*/*.json")):
            old = json.loads(path.read_text())
            print(write(record(old["game_id"], old["num_players"], old["options"], old["seed"])))
        return
    if args.num_players is None:
        parser.error("num_players is required with game_id")
    options = dict(pair.split("=", 1) for pair in args.options)
    print(write(record(args.game_id, args.num_players, options, args.seed)))


if __name__ == "__main__":
    main()
