"""Does the order of the modes decide bench.text_cost's figure? (issue 35)

    nice -n 5 .venv/bin/python -m bench.experiments.text_order GAME PLAYERS [ROUNDS] [--own]

The design before turns made each call of the measured game in `none` and
in German back to back, in one fixed order (`random.Random(b"text cost
order")`, drawn afresh every round). This plays that order (A) and its
complement (B), ROUNDS rounds each (3 by default), alternating, each round
after the text caches are emptied and 30 games are served, as the bench's.
Printed: each order's median ratio, then from each call's least CPU over
the rounds, each mode's cost made first and made second, and the ratio with
each mode made first (what a worker's call, which has no twin, costs).
`--own` gives each mode a core of its own (its own state cache and decoded
states) to see whether the twin's help is the states they share.
docs/history/benchmarks-notebook.md, "Player-facing text, sixth pass".
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench import text_cost as tc
from marketplay.v1 import game_service_pb2 as pb
from service.main import tune_gc

MODES = ["none", "de"]


def main() -> None:
    tune_gc()
    args = [a for a in sys.argv[1:] if a != "--own"]
    game_id, players = args[0], int(args[1])
    rounds = int(args[2]) if len(args) > 2 else 3
    core, requests, served = tc._game(game_id, players, tc.SERVED)
    cores = {m: tc._core() if "--own" in sys.argv else core for m in MODES}
    calls = {m: tc.whole_game(cores[m], game_id, players) if cores[m] is not core else requests
             for m in MODES}
    payloads = {m: tc._payloads(calls[m], m, players) for m in MODES}
    draw = random.Random(b"text cost order")
    order_a = [draw.sample(MODES, 2) for _ in requests]
    orders = {"A": order_a, "B": [each[::-1] for each in order_a]}

    def play(order: list[list[str]]) -> dict[str, list[float]]:
        tc._forget_text()
        for mode in MODES:
            other = tc._core()
            for payload in tc._payloads(served, mode, players):
                other.apply_action(pb.ApplyActionRequest.FromString(payload), tc.CALL)
        costs: dict[str, list[float]] = {m: [] for m in MODES}
        for call, modes in enumerate(order):
            for mode in modes:
                start = time.process_time()
                cores[mode].apply_action(pb.ApplyActionRequest.FromString(payloads[mode][call]),
                                         tc.CALL).SerializeToString()
                costs[mode].append(time.process_time() - start)
        return costs

    tc.play_together(core, requests, MODES, players, [])  # every path run once
    found: dict[str, list[dict[str, list[float]]]] = {"A": [], "B": []}
    for round_ in range(rounds):
        for name in ("A", "B") if round_ % 2 == 0 else ("B", "A"):
            found[name].append(play(orders[name]))
    for name, runs in found.items():
        ratios = [sum(r["de"]) / sum(r["none"]) for r in runs]
        firsts = sum(o[0] == "de" for o in orders[name])
        print(f"order {name}: de first at {firsts} of {len(requests)} calls, de/none median "
              f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    first, second = dict.fromkeys(MODES, 0.0), dict.fromkeys(MODES, 0.0)
    for call in range(len(requests)):
        for mode in MODES:
            least = {name: min(r[mode][call] for r in runs) for name, runs in found.items()}
            made_first_in = "A" if orders["A"][call][0] == mode else "B"
            first[mode] += least[made_first_in]
            second[mode] += least["B" if made_first_in == "A" else "A"]
    for mode in MODES:
        print(f"{mode}: made first {first[mode] / len(requests) * 1e6:.1f} us, made second "
              f"{second[mode] / len(requests) * 1e6:.1f} us a call")
    print(f"de/none, each made first: {first['de'] / first['none']:.3f}; each made second: "
          f"{second['de'] / second['none']:.3f}")


if __name__ == "__main__":
    main()
