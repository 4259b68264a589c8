"""cProfile a fixed-iteration ISMCTS search on seeded random-playout positions
(docs/bots.md, "Where the time goes now"):

    nice -n 19 .venv/bin/python -m bench.experiments.bots_profile spice-merchant 2 60 cumulative
"""
import cProfile
import io
import pstats
import sys
import time

from engines import registry
from engines.bots import Budget, IsmctsPolicy, suggest
from engines.core import Game, Rng


def positions(gid, count, runs=2):
    engine = registry.ENGINES[gid]
    out = []
    for k in range(runs):
        game, rng = Game.new(engine, count, {}, f"speed{k}".encode()), Rng(f"sp{k}".encode())
        steps = []
        while game.to_act():
            steps.append(game)
            seat = game.to_act()[0].seat
            legal = engine.legal_actions(game.state, seat)
            game, _ = game.apply(seat, legal[rng.below(len(legal))])
        out += [g for g in steps[5::max(1, len(steps) // 6)]
                if len(engine.legal_actions(g.state, g.to_act()[0].seat)) > 1]
    return out

gid, count = sys.argv[1], int(sys.argv[2])
its = int(sys.argv[3]) if len(sys.argv) > 3 else 100
pos = positions(gid, count)
policy = IsmctsPolicy()
pr = cProfile.Profile()
cpu = time.process_time()
done = 0
pr.enable()
for g in pos:
    done += suggest(g, g.to_act()[0].seat, policy, Budget(its), b"speed").iterations
pr.disable()
cpu = time.process_time() - cpu
print(gid, count, "positions", len(pos), "iterations", done, "cpu", round(cpu, 2), "per s", round(done / cpu))
s = io.StringIO()
pstats.Stats(pr, stream=s).sort_stats(sys.argv[4] if len(sys.argv) > 4 else "tottime").print_stats(28)
print("\n".join(line for line in s.getvalue().splitlines() if line.strip())[:6000])
