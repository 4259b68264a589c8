"""What opening a state's plain bytes costs on the miss path: the checked decode
against the authenticated read (issue 38), beside a clone of the decoded game.

    .venv/bin/python -m bench.state_read [--games 3] [--rounds 5]

Collects every position of N seeded random games of each title (4, 3 and 4
seats), encoded as `Game.encode` writes them (the header line and the
engine's body: what the service seals). Each round times, in a rotated
order, the three ways over all positions: `Game.decode` of any bytes
(every value and the game's cross-field checks), `Game.decode(...,
authenticated=True)` (the header, then the body by its layout: what
service/states.py does after the AEAD), and the state's `clone()` (the
price of a copy, the goal's yardstick). Prints microseconds per position
(thread CPU time; median and range over the rounds) and the ratios within
each round.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engines import registry
from engines.core import Game
from tests.conformance.playout import playout

TABLES = [("central-market", 4), ("market-fresh", 3), ("spice-merchant", 4)]


def positions(game_id: str, players: int, games: int) -> list[Game]:
    """Every position of `games` seeded random games."""
    engine = registry.get(game_id)
    assert engine is not None
    found: list[Game] = []
    for index in range(games):
        game = Game.new(engine, players, {}, b"read-%d" % index)
        found.append(game)
        found += [step.after for step in playout(game, b"policy-%d" % index)]
    return found


def measure(games: list[Game], rounds: int) -> dict[str, list[float]]:
    """Microseconds per position of each way, one figure per round (order rotated)."""
    engine, data = games[0].engine, [game.encode() for game in games]
    ways: dict[str, Callable[[], object]] = {
        "decode": lambda: [Game.decode(engine, d) for d in data],
        "read": lambda: [Game.decode(engine, d, authenticated=True) for d in data],
        "clone": lambda: [g.state.clone() for g in games],
    }
    for work in ways.values():  # warm: generated readers, header caches
        work()
    spent: dict[str, list[float]] = {name: [] for name in ways}
    names = list(ways)
    for round_no in range(rounds):
        for name in names[round_no % 3:] + names[: round_no % 3]:
            started = time.thread_time_ns()
            ways[name]()
            spent[name].append((time.thread_time_ns() - started) / 1e3 / len(data))
    return spent


def shown(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print("us per position (thread CPU), median (min-max) over the rounds; ratios within each round")
    for game_id, players in TABLES:
        games = positions(game_id, players, args.games)
        spent = measure(games, args.rounds)
        ratio = [d / r for d, r in zip(spent["decode"], spent["read"], strict=True)]
        copy = [r / c for r, c in zip(spent["read"], spent["clone"], strict=True)]
        print(f"{game_id} {players}p, {len(games)} positions: decode {shown(spent['decode'])}, "
              f"authenticated read {shown(spent['read'])}, clone {shown(spent['clone'])}; "
              f"decode / read x{shown(ratio)}, read / clone x{shown(copy)}")


if __name__ == "__main__":
    main()
