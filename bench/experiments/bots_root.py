"""Root statistics of default ISMCTS against greedy (docs/bots.md, "What the
root sees"): the range of the searched root actions' means, the most visited
action's share, and how often the two policies choose alike.

    nice -n 19 .venv/bin/python -m bench.experiments.bots_root \
        spice-merchant:2 spice-merchant:4 central-market:3 central-market:5
"""
import statistics
import sys

from bench.bots import playout_positions
from engines import registry
from engines.bots import POLICIES, Budget, default_iterations, suggest

for gid, n in [(a, int(b)) for a, b in (x.split(":") for x in sys.argv[1:])]:
    engine = registry.ENGINES[gid]
    spread, top, agree, legal_n, tried = [], [], 0, [], []
    pos = playout_positions(gid, n, games=2, seed="diag", draws="dg", first=3, per_game=8,
                            choices=3)
    for g in pos:
        seat = g.to_act()[0].seat
        budget = Budget(default_iterations(POLICIES["ismcts"], engine))
        a = suggest(g, seat, POLICIES["ismcts"], budget, b"diag")
        gr = suggest(g, seat, POLICIES["greedy"], Budget(8), b"diag")
        seen = [c for c in a.candidates if c.visits]
        means = [c.mean_value for c in seen]
        spread.append(max(means) - min(means))
        top.append(max(c.visits for c in seen) / a.iterations)
        tried.append(len(seen))
        legal_n.append(len(a.candidates))
        agree += a.action == gr.action
    print(f"{gid} {n}p: positions {len(pos)}, legal actions median {statistics.median(legal_n)}, "
          f"root actions searched median {statistics.median(tried)}, "
          f"mean-value range among them median {statistics.median(spread):.3f}, "
          f"most-visited share median {statistics.median(top):.2f}, "
          f"same choice as greedy {agree}/{len(pos)}", flush=True)
