"""Root statistics of default ISMCTS against greedy (docs/bots.md, "What the
root sees"): the range of the searched root actions' means, the most visited
action's share, and how often the two policies choose alike.

    nice -n 19 .venv/bin/python -m bench.experiments.bots_root \
        spice-merchant:2 spice-merchant:4 central-market:3 central-market:5
"""
import statistics
import sys

from engines import registry
from engines.bots import POLICIES, Budget, default_iterations, suggest
from engines.core import Game, Rng


def positions(gid, n, k=2):
    engine = registry.ENGINES[gid]
    out = []
    for j in range(k):
        game, rng = Game.new(engine, n, {}, f"diag{j}".encode()), Rng(f"dg{j}".encode())
        steps = []
        while game.to_act():
            steps.append(game)
            seat = game.to_act()[0].seat
            legal = engine.legal_actions(game.state, seat)
            game, _ = game.apply(seat, legal[rng.below(len(legal))])
        out += [g for g in steps[3::max(1, len(steps) // 8)]
                if len(engine.legal_actions(g.state, g.to_act()[0].seat)) > 2]
    return out

for gid, n in [(a, int(b)) for a, b in (x.split(":") for x in sys.argv[1:])]:
    engine = registry.ENGINES[gid]
    spread, top, agree, legal_n, tried = [], [], 0, [], []
    pos = positions(gid, n)
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
