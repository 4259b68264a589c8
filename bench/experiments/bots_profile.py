"""cProfile a fixed-iteration ISMCTS search on seeded random-playout positions
(docs/bots.md, "Where the time goes now"):

    nice -n 19 .venv/bin/python -m bench.experiments.bots_profile spice-merchant 2 60 cumulative
"""
import cProfile
import io
import pstats
import sys
import time

from bench.bots import playout_positions
from engines.bots import Budget, IsmctsPolicy, suggest

gid, count = sys.argv[1], int(sys.argv[2])
its = int(sys.argv[3]) if len(sys.argv) > 3 else 100
pos = playout_positions(gid, count, games=2)
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
