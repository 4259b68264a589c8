"""The compiled build against pure Python, side by side: IS-MCTS iterations per CPU
second (`bench.bots --speed`'s positions), engine playouts (`bench.playouts`) and
reading a state (`bench.state_read`'s checked decode and authenticated read).

    make compiled && nice -n 10 .venv/bin/python -m bench.compiled [--rounds 5]
        [--build build/compiled] [--iterations 200] [--actions 2000] [--games 1]

Each round runs every measure once per build, each in a fresh process (the pure
one on the checkout, the compiled one with the build ahead of it on the path; each
checks which engines it imported), the builds' order rotated round by round. Every
figure is CPU time (process or thread), so other load stretches both sides alike;
printed: each build's median (min-max) over the rounds and the median (min-max) of
the per-round speed-up, compiled over pure (> 1: the compiled build is faster).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURES = ("ismcts", "playouts", "read", "decode")
#: Which way is better: a rate (higher) or a time (lower).
RATES = {"ismcts": True, "playouts": True, "read": False, "decode": False}
UNITS = {"ismcts": "iterations / CPU s", "playouts": "actions / CPU s",
         "read": "us / position", "decode": "us / position"}


def _worker(build: str, iterations: int, actions: int, games: int) -> None:
    """One build's figures, as one JSON line: {measure: {table: value}}."""
    import engines.core.game

    compiled = engines.core.game.__file__ or ""
    is_extension = compiled.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert is_extension == bool(build), (build, compiled)
    from bench import bots, playouts, state_read
    from engines.bots import Budget, IsmctsPolicy, suggest

    result: dict[str, dict[str, float]] = {name: {} for name in MEASURES}
    for game_id, players in bots.SPEED_TABLES:
        positions = bots.playout_positions(game_id, players, games=3)
        policy, done, cpu = IsmctsPolicy(), 0, time.process_time()
        for game in positions:
            done += suggest(game, game.to_act()[0].seat, policy, Budget(iterations), b"speed").iterations
        result["ismcts"][f"{game_id} {players}p"] = done / (time.process_time() - cpu)
    for game_id, players, options in playouts.CONFIGS:
        playouts.play(game_id, players, options, max(1, actions // 10))
        result["playouts"][f"{game_id} {players}p"] = playouts.play(game_id, players, options, actions)
    for game_id, players in state_read.TABLES:
        spent = state_read.measure(state_read.positions(game_id, players, games), 3)
        for way in ("read", "decode"):
            result[way][f"{game_id} {players}p"] = statistics.median(spent[way])
    print(json.dumps(result))


def _run(build: Path | None, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    path = [str(build)] if build else []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([*path, str(ROOT), str(ROOT / "clients" / "python")]))
    env.pop("MARKETPLAY_COMPILED", None)
    out = subprocess.run(
        [sys.executable, "-P", "-m", "bench.compiled", "--worker", str(build or ""),
         "--iterations", str(args.iterations), "--actions", str(args.actions), "--games", str(args.games)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _shown(values: list[float]) -> str:
    digits = 0 if statistics.median(values) >= 100 else 1
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200, help="IS-MCTS iterations per position")
    parser.add_argument("--actions", type=int, default=2000, help="playout actions per game")
    parser.add_argument("--games", type=int, default=1, help="seeded games per table for state reads")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        _worker(args.worker, args.iterations, args.actions, args.games)
        return
    build = args.build.resolve()
    if not (build / "engines").is_dir():
        raise SystemExit(f"no compiled build in {build}: run `make compiled`")
    sides: dict[str, Path | None] = {"pure": None, "compiled": build}
    runs: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name in sides}
    names = list(sides)
    for round_no in range(args.rounds):
        for name in names[round_no % 2:] + names[:round_no % 2]:
            runs[name].append(_run(sides[name], args))
    print(f"compiled ({build}) vs pure, {args.rounds} rounds: median (min-max); "
          "speed-up = compiled over pure, per round")
    print("| measure | table | pure | compiled | speed-up |")
    print("|---|---|---:|---:|---:|")
    for measure in MEASURES:
        for table in runs["pure"][0][measure]:
            pure = [run[measure][table] for run in runs["pure"]]
            compiled = [run[measure][table] for run in runs["compiled"]]
            gain = [(c / p if RATES[measure] else p / c) for p, c in zip(pure, compiled, strict=True)]
            print(f"| {measure} ({UNITS[measure]}) | {table} | {_shown(pure)} | {_shown(compiled)} | "
                  f"x{statistics.median(gain):.2f} ({min(gain):.2f}-{max(gain):.2f}) |")


if __name__ == "__main__":
    main()
