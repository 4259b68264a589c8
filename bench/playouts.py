"""Engine-only playouts: actions per second of apply + legal actions, in-process.

    .venv/bin/python -m bench.playouts [--trees DIR ...] [--rounds 5] [--actions 4000]

Each game plays, after a warm-up, random legal actions through `Game.apply` (the framework's
checks, the engine's `is_legal` and `apply`) and `engine.legal_actions` for
every decider, starting a new seeded game whenever one ends, until
`--actions` actions were applied; no view, no encoding, no service. The
count bounds the work; the process's CPU time (not the wall clock, which
other processes on a shared machine stretch) measures it.

With `--trees`, each round runs every tree (a checkout with `engines/` and
`clients/python/`) in a subprocess of its own, in rotated order, so a tree
before a change and the tree after it are measured side by side under the
same load; the report gives each tree's median actions/s with the range, and
the median of the per-round ratios against the first tree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: (game id, players, options): the configurations docs/benchmarks.md records.
CONFIGS: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("spice-merchant", 4, {}),
    ("central-market", 4, {}),
    ("market-fresh", 4, {}),
)


def play(game_id: str, players: int, options: dict[str, str], actions: int) -> float:
    """Actions per CPU second of `actions` random legal actions (new games as needed)."""
    from engines import registry
    from engines.core import Game, Rng

    engine = registry.get(game_id)
    assert engine is not None, game_id
    chooser = Rng(b"bench-playouts")
    done, games = 0, 0
    start = time.process_time()
    while done < actions:
        game = Game.new(engine, players, options, b"playout-%d" % games)
        games += 1
        while done < actions:
            deciders = game.to_act()
            if not deciders:
                break
            moves = [engine.legal_actions(game.state, d.seat) for d in deciders]
            pick = chooser.below(len(deciders))
            choice = moves[pick][chooser.below(len(moves[pick]))]
            game, _ = game.apply(deciders[pick].seat, choice)
            done += 1
    return done / (time.process_time() - start)


def _worker(actions: int) -> None:
    """One measurement of every configuration in this process's tree, as JSON
    (after a tenth as many actions to warm the engines' caches)."""
    import engines

    assert Path(engines.__file__).resolve().is_relative_to(Path.cwd()), engines.__file__
    result = {}
    for game_id, players, options in CONFIGS:
        play(game_id, players, options, max(1, actions // 10))
        result[game_id] = play(game_id, players, options, actions)
    print(json.dumps(result))


def _run_tree(tree: Path, actions: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'clients' / 'python'}")
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--actions", str(actions)],
        cwd=tree, env=env, check=True, capture_output=True, text=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", nargs="*", type=Path, default=[])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.actions)
        return
    trees = [tree.resolve() for tree in args.trees] or [Path(__file__).resolve().parents[1]]
    runs: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    for round_no in range(args.rounds):
        order = trees[round_no % len(trees):] + trees[:round_no % len(trees)]
        for tree in order:
            runs[tree].append(_run_tree(tree, args.actions))
    print(f"actions/s, {args.rounds} rounds of {args.actions} actions per game, median (min-max)")
    base = trees[0]
    for game_id, players, _ in CONFIGS:
        for tree in trees:
            values = [run[game_id] for run in runs[tree]]
            line = (f"{game_id:15} {players}p {tree!s:28} {statistics.median(values):8.0f} "
                    f"({min(values):.0f}-{max(values):.0f})")
            if tree != base:
                ratios = [a[game_id] / b[game_id] for a, b in zip(runs[tree], runs[base], strict=True)]
                line += (f"  x{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
                         f" vs {base.name}")
            print(line)


if __name__ == "__main__":
    main()
