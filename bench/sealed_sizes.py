"""The largest sealed plaintexts per game: what each size class must hold.

    .venv/bin/python -m bench.sealed_sizes [--seeds N]

Plays every conformance configuration (each game, rules version, player
count and option set: tests/conformance/configs.py) to the end with N
random-policy seeds, and measures every state's sealed plaintext
(docs/security.md, "Sealed format": the 4-byte length, the 34-byte
instance envelope, the table block and `Game.encode()`) at a table without
a clock, at one with every clock at its bounds (each seat's clock running),
and at that table with take-backs on (the restorable position and the
seat's actions since, followed along the playout). Prints the largest per
game against its size class (`GameSpec.sealed_size`; twice that with
take-backs on, service/padding.py).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import replace

from engines import registry
from service import table as tables
from service.instance import Instance
from tests.conformance.configs import CONFIGS
from tests.conformance.playout import playout

#: The largest clock table (every option at its bound, every seat on the clock).
CLOCKED = tables.TableOptions(tables.MAX_CLOCK_S, tables.MAX_INCREMENT_S, tables.MAX_CLOCK_S,
                              tables.FORFEIT)
UNDOING = replace(CLOCKED, takebacks=tables.UNTIL_BARRIER)
NOW_MS = 1 << 62
ENVELOPE = len(Instance.draw().encode())


def plaintext(game_bytes: int, table: tables.Table | None) -> int:
    """The sealed plaintext's length before padding."""
    block = 0 if table is None else 2 + len(tables.encode(table))
    return 4 + ENVELOPE + block + game_bytes


def measure(seeds: int) -> dict[str, dict[str, int]]:
    largest: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for config in CONFIGS:
        for seed in range(seeds):
            game = config.new_game(f"sealed-sizes-{seed}".encode())
            table = tables.Table.new(CLOCKED, game, NOW_MS)
            undoing = tables.Table.new(UNDOING, game, NOW_MS)
            sizes = largest[config.game_id]
            for index, step in enumerate(playout(game, f"policy-{seed}".encode())):
                encoded = len(step.after.encode())
                table = table.after_action(step.seat, step.after, NOW_MS + index)
                undoing = undoing.after_action(step.seat, step.after, NOW_MS + index).record(
                    step.before, step.seat, step.action, step.after, step.events)
                sizes["no table"] = max(sizes["no table"], plaintext(encoded, None))
                sizes["clocks"] = max(sizes["clocks"], plaintext(encoded, table))
                sizes["take-backs"] = max(sizes["take-backs"], plaintext(encoded, undoing))
                sizes["steps"] = max(sizes["steps"], undoing.window.steps_for(step.seat))
    return largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    largest = measure(args.seeds)
    print(f"{len(CONFIGS)} configurations x {args.seeds} seeds")
    for game_id in sorted(largest):
        size = registry.ENGINES[game_id].spec.sealed_size
        cells = ", ".join(f"{name} {value}" for name, value in largest[game_id].items())
        print(f"{game_id}: size class {size} (take-backs {2 * size}); largest plaintext: "
              f"{cells}")


if __name__ == "__main__":
    main()
