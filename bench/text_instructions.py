"""What player-facing text costs, counted: ApplyAction's instructions per call
with and without a locale, under Valgrind's callgrind, which the machine's
load cannot move.

    python -m bench.text_instructions [--modes none de de+names] [--games ...]
                                      [--served 30] [--checkout PATH ...]

The calls are bench.text_cost's: for each title, one seeded whole game at
its largest table, every call asking for every seat's view and the
spectator's, parsed, applied and serialised through the core in process,
on a worker that has served `--served` other games of the title first
(its text caches emptied before them). Each mode runs in a process of its
own under callgrind, which counts only the measured game's calls: the
process makes a system call callgrind zeroes its counts at just before
them (sched_yield) and one it dumps them at just after (getppid). The
collector is run and then switched off for the measured calls, so a
collection does not fall in one mode's calls and not another's; `kept` is
what it would have had to look at: the tracked objects each call left.
The interpreter's hash seed is fixed, so a run counts the same to a few
instructions a call every time.

Instructions are not time: a cache miss or a mispredicted branch costs
more than an instruction, and text's work (dict lookups over large caches,
protobuf parsing) has more of them per instruction than the engines'. So
bench.text_cost, timed, remains the measure of issue 35's goal; this one
says exactly what work a change removed, on a machine whose speed moves by
10-20% within minutes (docs/benchmarks.md, "What does a locale cost?").
`--checkout` counts other checkouts too (a commit before a change: `git
archive <commit> | tar -x -C <dir>`, with this .venv linked into it); their
own bench.text_cost plays the calls. Two processes run at once (the
machine's two cores); each takes one to four minutes. Needs `valgrind`
(Debian's package).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.text_cost import GAMES, MODES

HERE = Path(__file__).resolve().parent.parent


def count_one(game_id: str, players: int, mode: str, served: int) -> dict[str, float]:
    """The measured side, run under callgrind: the setup, then the marked
    calls, with the collector off (and on again after)."""
    from bench import text_cost
    from marketplay.v1 import game_service_pb2 as pb

    core, requests, before = text_cost._game(game_id, players, served)
    payloads = text_cost._payloads(requests, mode, players)
    text_cost._forget_text()
    other = text_cost._core()
    for payload in text_cost._payloads(before, mode, players):
        other.apply_action(pb.ApplyActionRequest.FromString(payload), text_cost.CALL)
    del other
    gc.collect()
    gc.disable()
    tracked = gc.get_count()[0]
    os.sched_yield()  # callgrind: zero the counts here
    for payload in payloads:
        core.apply_action(pb.ApplyActionRequest.FromString(payload),
                          text_cost.CALL).SerializeToString()
    os.getppid()  # callgrind: dump the counts here
    kept = (gc.get_count()[0] - tracked) / len(payloads)
    gc.enable()
    return {"calls": len(payloads), "kept": kept}


def counted(checkout: Path, game_id: str, players: int, mode: str, served: int) -> dict[str, float]:
    """Instructions per call of one mode, in one checkout, under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0",
               "PYTHONPATH": f"{checkout}:{checkout}/clients/python"}
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--zero-before=sched_yield", "--dump-before=getppid",
             f"--callgrind-out-file={out}", sys.executable, str(Path(__file__).resolve()),
             "--one", game_id, str(players), mode, str(served)],
            cwd=checkout, env=env, capture_output=True, text=True, check=True)
        result: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
        # the dump at getppid: the counts since sched_yield (out.1; out is the rest)
        summary = next(line for line in Path(f"{out}.1").read_text().splitlines()
                       if line.startswith("summary:"))
        result["instructions"] = int(summary.split()[1]) / result["calls"]
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modes", nargs="+", choices=MODES, default=["none", "de", "de+names"])
    parser.add_argument("--games", nargs="*", default=None, help="the games (default: all)")
    parser.add_argument("--served", type=int, default=30,
                        help="games of the title the worker served first (default: 30)")
    parser.add_argument("--checkout", action="append", default=[],
                        help="another checkout to count too (repeatable)")
    parser.add_argument("--one", nargs=4, metavar=("GAME", "PLAYERS", "MODE", "SERVED"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        from service.main import tune_gc

        tune_gc()  # as a worker collects
        print(json.dumps(count_one(args.one[0], int(args.one[1]), args.one[2], int(args.one[3]))))
        return
    if shutil.which("valgrind") is None:
        sys.exit("bench.text_instructions needs valgrind (apt-get install valgrind)")
    modes = ["none", *[m for m in args.modes if m != "none"]]
    games = [(g, p) for g, p in GAMES if args.games is None or g in args.games]
    checkouts = [HERE, *(Path(c).resolve() for c in args.checkout)]
    jobs = [(c, g, p, m) for c in checkouts for g, p in games for m in modes]

    def count(job: tuple[Path, str, int, str]) -> dict[str, float]:
        checkout, game_id, players, mode = job
        return counted(checkout, game_id, players, mode, args.served)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(jobs, pool.map(count, jobs), strict=True))
    print(f"{'checkout':24s} {'game':16s} " + " ".join(f"{m:>24s}" for m in modes))
    for checkout in checkouts:
        for game_id, players in games:
            none = results[(checkout, game_id, players, "none")]["instructions"]
            cells = []
            for mode in modes:
                result = results[(checkout, game_id, players, mode)]
                cells.append(f"{result['instructions'] / 1e3:7.0f}k {result['instructions'] / none:5.3f}x"
                             f" kept {result['kept']:3.0f}")
            print(f"{str(checkout)[-24:]:24s} {game_id:16s} " + " ".join(f"{c:>24s}" for c in cells),
                  flush=True)
    print(f"(instructions per ApplyAction, all seats' views and the spectator's, over one whole"
          f" game per title, counted by callgrind; ratio to the checkout's none; kept: tracked"
          f" objects a call left for the collector; the worker served {args.served} games of the"
          f" title first)")


if __name__ == "__main__":
    main()
