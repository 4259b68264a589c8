"""What player-facing text costs: ApplyAction's CPU with and without a locale.

    python -m bench.text_cost [--rounds 8] [--served N] [--modes de ...]
                              [--baseline PATH [--baseline-modes none de]]

For each game: one seeded whole game at its largest table, every call asking
for every seat's view and the spectator's, replayed through the core in
process (parse the request, ApplyAction, serialise the response; the state
cache warm, as on the replica that sealed the state). Each round replays the
game call by call, each call made in every mode back to back, so the
machine's load falls on every mode alike (the modes keep their texts apart).
The rounds come in turns: a turn is one round per mode, each call's order
shuffled in its first round and rotated by one in each next, so every mode
makes every call first once a turn. A call's cost in a mode is the one it
had first: the call made just after its twin in another mode finds what
that twin left (work the twin did, and the same code and data just run),
6-123 us of a call's 300-600 (docs/benchmarks.md, "What does a locale
cost?"), where a worker's real call has no twin before it. Before each
round, the text caches are emptied and `--served` other seeded games of
the same title (30 by default) are played in every mode, through a core of
their own (so the measured game's states stay in its own cache): the
worker has served other games, so the labels and the sentences that recur are known, and this
game's own are new to it. 30 games of a title are 1,300 to 8,000 calls
(Spice Merchant's 44 calls a game to Market Fresh's 240 and Central
Market's 270): a few minutes of one worker's traffic at most, after which
the text caches hold what recurs (docs/text.md, "What it costs").
`--served 3` is a worker's first calls, `--cold` its very first game:

- `none`: no locale and no Messages (what a call cost before text existed);
- `messages`: `ViewSelection.messages`, ids and arguments only;
- `en`, `de`: rendered in a locale; `de+names`: with display names (a text
  naming a seat is kept without them and filled per call).

The process collects garbage as a worker does (service/main.py, `tune_gc`:
start-up frozen, the young generation collected every 50,000 objects);
`--cpython-gc` keeps CPython's defaults (700, 10, 10), under which the text
caches' survivors make full collections over the whole heap come sooner.

Printed: each mode's median CPU per call with its range over the turns, and
the median and range of its turns' ratios to `none` (the goal: a locale at
most 1.15x); below, the floor, the part of it the collector spent
(gc.callbacks), the ratio with each call's cost averaged over its positions
(`any position`), and what a call made after its twin saved against the
same call made first (`a twin helps`, us a call). With `--baseline`, `none` is also
measured in a subprocess on another checkout (e.g. the last release's), in
the same rotation, so "no locale costs what it cost" is a ratio measured side
by side too; `--baseline-modes` measures more modes there
(`base de`: a locale's cost before a change and after it, in one run). A
baseline's mode is shown with its ratio to the baseline's `none`, and `base
none` with its ratio to this checkout's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.loopback import KEYS
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.main import tune_gc
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore

GAMES = (("spice-merchant", 4), ("central-market", 5), ("market-fresh", 4))
#: The games a worker has served before the measured one (`--served`'s default).
SERVED = 30
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
CALL = Call()
MODES = ["none", "messages", "en", "de", "de+names"]


def _views(mode: str, players: int) -> pb.ViewSelection:
    views = pb.ViewSelection(all_seats=True, spectator=True)
    if mode == "messages":
        views.messages = True
    elif mode in ("en", "de"):
        views.locale = mode
    elif mode == "de+names":
        views.locale = "de"
        views.seat_names.extend(NAMES[:players])
    return views


def _core() -> GameCore:
    return GameCore(StateStore(Sealer.from_config(KEYS), 8192, NullObserver()), NullObserver(),
                    False, 100)


def whole_game(core: GameCore, game_id: str, players: int,
               seed: bytes = b"text cost") -> list[pb.ApplyActionRequest]:
    """Every ApplyAction of one seeded game (no views asked: the modes add theirs)."""
    return played(core.new_game(new_game_request(game_id, players, seed), CALL).update,
                  lambda request: core.apply_action(request, CALL).update)


def new_game_request(game_id: str, players: int, seed: bytes) -> pb.NewGameRequest:
    return pb.NewGameRequest(game_id=game_id, num_players=players, seed=seed,
                             views=pb.ViewSelection(all_seats=True))


def played(update: pb.GameUpdate,
           answer: Callable[[pb.ApplyActionRequest], pb.GameUpdate]) -> list[pb.ApplyActionRequest]:
    """A game played from `update` to its end by a seeded policy, each action
    `answer`ed (by a core in process, or a server): its ApplyActions, no views
    asked."""
    policy = Rng(b"text cost policy")
    requests = []
    while update.decisions:
        decision = update.decisions[policy.below(len(update.decisions))]
        action = decision.legal_actions[policy.below(len(decision.legal_actions))]
        request = pb.ApplyActionRequest(state=update.state, seat=decision.seat, action=action)
        requests.append(request)
        asked = pb.ApplyActionRequest()
        asked.CopyFrom(request)
        asked.views.all_seats = True
        update = answer(asked)
    return requests


def _forget_text() -> None:
    try:
        from service import text
    except ImportError:  # a checkout from before text
        return
    text.forget()


def _payloads(requests: list[pb.ApplyActionRequest], mode: str, players: int) -> list[bytes]:
    payloads = []
    for request in requests:
        copy = pb.ApplyActionRequest()
        copy.CopyFrom(request)
        copy.views.CopyFrom(_views(mode, players))
        payloads.append(copy.SerializeToString())
    return payloads


class _Collections:
    """The CPU the garbage collector spends (gc.callbacks): what part of a
    mode's cost is collections its survivors bring on sooner."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._start = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            self.spent += time.process_time() - self._start


COLLECTIONS = _Collections()


def play(core: GameCore, requests: list[pb.ApplyActionRequest], mode: str, players: int,
         served: list[pb.ApplyActionRequest] | None = None) -> tuple[float, float]:
    """CPU microseconds per call over the whole game in `mode`, and of them the
    collector's, after the text caches were emptied and, with `served`, those
    other games were played: through a core of their own, let go before the
    measured game (its state cache stays warm with the measured game's states
    alone, and the heap the collector walks holds no more states than that)."""
    payloads = _payloads(requests, mode, players)
    _forget_text()
    other = _core()
    for payload in _payloads(served or [], mode, players):
        other.apply_action(pb.ApplyActionRequest.FromString(payload), CALL)
    del other
    start, collected = time.process_time(), COLLECTIONS.spent
    for payload in payloads:
        core.apply_action(pb.ApplyActionRequest.FromString(payload), CALL).SerializeToString()
    return ((time.process_time() - start) / len(payloads) * 1e6,
            (COLLECTIONS.spent - collected) / len(payloads) * 1e6)


def turn_orders(calls: int, modes: list[str], turn: int) -> list[list[list[str]]]:
    """A turn's rounds: for each round, each call's order of the modes. The
    first round's is shuffled call by call (seeded by the turn), each next
    round's rotated by one: every mode makes every call first once a turn."""
    order = random.Random(f"text cost order {turn}".encode())
    shuffled = [order.sample(modes, len(modes)) for _ in range(calls)]
    return [[each[shift:] + each[:shift] for each in shuffled] for shift in range(len(modes))]


def play_together(core: GameCore, requests: list[pb.ApplyActionRequest], modes: list[str],
                  players: int, served: list[pb.ApplyActionRequest],
                  orders: list[list[str]] | None = None) -> dict[str, _Round]:
    """`play` for every mode at once, call by call: each call of the game is
    made in every mode back to back, in `orders` (each call's order of the
    modes; by default shuffled from call to call, as a turn's first round),
    and the machine's load falls on every mode alike (the modes keep their
    texts apart: no mode finds what another said). Each mode's CPU seconds
    for each call and the collector's in all."""
    if orders is None:
        orders = turn_orders(len(requests), modes, 0)[0]
    payloads = {mode: _payloads(requests, mode, players) for mode in modes}
    _forget_text()
    for mode in modes:
        other = _core()
        for payload in _payloads(served, mode, players):
            other.apply_action(pb.ApplyActionRequest.FromString(payload), CALL)
        del other
    rounds = {mode: _Round([], 0.0) for mode in modes}
    for call in range(len(requests)):
        for mode in orders[call]:
            payload = payloads[mode][call]
            start, before = time.process_time(), COLLECTIONS.spent
            core.apply_action(pb.ApplyActionRequest.FromString(payload), CALL).SerializeToString()
            rounds[mode].calls.append(time.process_time() - start)
            rounds[mode].collected += COLLECTIONS.spent - before
    return rounds


def play_turn(core: GameCore, requests: list[pb.ApplyActionRequest], modes: list[str],
              players: int, served: list[pb.ApplyActionRequest],
              turn: int) -> tuple[dict[str, _Round], dict[str, _Round], dict[str, float]]:
    """One round per mode (`turn_orders`), each after its own emptied caches
    and served games. Each mode's cost of each call as it had it first, and
    its mean over the turn's rounds (every position once), each with the
    collector's CPU per round; and what a call made after its twin cost less
    than made first (seconds, mean over the calls)."""
    first = {mode: [0.0] * len(requests) for mode in modes}
    later = {mode: [0.0] * len(requests) for mode in modes}
    collected = dict.fromkeys(modes, 0.0)
    rounds = turn_orders(len(requests), modes, turn)
    for orders in rounds:
        costs = play_together(core, requests, modes, players, served, orders)
        for mode, measure in costs.items():
            collected[mode] += measure.collected / len(rounds)
            for call, cost in enumerate(measure.calls):
                if orders[call][0] == mode:
                    first[mode][call] = cost
                else:
                    later[mode][call] += cost / (len(modes) - 1)
    alone = len(modes) == 1  # `none` alone: no twin, nothing after one
    helped = {mode: 0.0 if alone else (sum(first[mode]) - sum(later[mode])) / len(requests)
              for mode in modes}
    share = 1 / len(modes)  # each position's part of the mean
    mean = {mode: first[mode] if alone else
            [share * a + (1 - share) * b for a, b in zip(first[mode], later[mode], strict=True)]
            for mode in modes}
    return ({mode: _Round(first[mode], collected[mode]) for mode in modes},
            {mode: _Round(mean[mode], collected[mode]) for mode in modes}, helped)


@dataclass
class _Round:
    """One mode's round: each call's CPU seconds, and the collector's in all."""

    calls: list[float]
    collected: float

    def per_call(self) -> float:
        """CPU microseconds per call."""
        return sum(self.calls) / len(self.calls) * 1e6


def floor_ratio(rounds: list[_Round], none: list[_Round]) -> float:
    """The rounds' floor against `none`'s: each call's least CPU over the
    rounds, summed over the game. A round's calls are the same work every
    round (the caches emptied and the same games served first), so a call's
    least is its cost with the machine's interruptions left out: a figure the
    load moves far less than a round's sum (docs/benchmarks.md)."""
    def floor(of: list[_Round]) -> float:
        least: list[float] = [min(call) for call in zip(*(r.calls for r in of), strict=True)]
        return sum(least)
    return floor(rounds) / floor(none)


def _baseline(path: str, game_id: str, players: int, modes: list[str],
              args: argparse.Namespace) -> dict[str, float]:
    """`modes` on another checkout, in a subprocess (its own code, same machine)."""
    env = {**os.environ, "PYTHONPATH": f"{path}:{path}/clients/python"}
    out = subprocess.run([sys.executable, "-m", "bench.text_cost", "--one", game_id, str(players),
                          "--modes", *modes, *(["--cpython-gc"] if args.cpython_gc else []),
                          *(["--cold"] if args.cold else ["--served", str(args.served)])],
                         cwd=path, env=env, capture_output=True, text=True, check=True)
    costs: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return costs


def _game(game_id: str, players: int, served: int) -> tuple[
        GameCore, list[pb.ApplyActionRequest], list[pb.ApplyActionRequest]]:
    """A core, the measured game's calls and the calls of the games served before it."""
    core = _core()
    requests = whole_game(core, game_id, players)
    return core, requests, [request for number in range(served)
                            for request in whole_game(_core(), game_id, players,
                                                      f"served game {number}".encode())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8,
                        help="rounds, made a whole number of turns (one round per mode; "
                             "default 8: four turns of `none` and one mode)")
    parser.add_argument("--games", nargs="*", default=[g for g, _ in GAMES],
                        help="the games to measure (default: all)")
    parser.add_argument("--served", type=int, default=SERVED,
                        help=f"games of the title the worker served first (default: {SERVED})")
    parser.add_argument("--cold", action="store_true",
                        help="no other game first: a worker's first game (--served 0)")
    parser.add_argument("--baseline", help="another checkout: `none` measured there too")
    parser.add_argument("--baseline-modes", nargs="+", default=["none"], choices=MODES,
                        help="the modes measured on the baseline too (default: none)")
    parser.add_argument("--cpython-gc", action="store_true",
                        help="CPython's default collector thresholds, not the worker's")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "PLAYERS"), help=argparse.SUPPRESS)
    parser.add_argument("--modes", nargs="+", choices=MODES, default=["de"],
                        help="the modes measured beside `none` (default: de). Modes measured "
                             "together share the worker's caches, as one worker serving them all "
                             "would: with many, Market Fresh's labels overflow the labels kept")
    args = parser.parse_args()
    if not args.cpython_gc:
        tune_gc()
    if args.one:  # the baseline's side: one round of each mode, as JSON
        players = int(args.one[1])
        core, requests, served = _game(args.one[0], players, 0 if args.cold else args.served)
        for mode in args.modes:
            play(core, requests, mode, players)  # every path run once
        print(json.dumps({mode: play(core, requests, mode, players, served)[0]
                          for mode in args.modes}))
        return
    based = [f"base {m}" for m in args.baseline_modes] if args.baseline else []
    modes = ["none", *[m for m in args.modes if m != "none"]]
    slots = ["here", *(["baseline"] if based else [])]
    print(f"{'game':16s} " + " ".join(f"{m:>28s}" for m in [*modes, *based]))
    for game_id, players in GAMES:
        if game_id not in args.games:
            continue
        core, requests, served = _game(game_id, players, 0 if args.cold else args.served)
        play_together(core, requests, modes, players, [])  # every path run once
        samples: dict[str, list[float]] = {m: [] for m in [*modes, *based]}
        ratios: dict[str, list[float]] = {m: [] for m in modes}
        collected: dict[str, list[float]] = {m: [] for m in modes}
        helped: dict[str, list[float]] = {m: [] for m in modes}
        anywhere: dict[str, list[float]] = {m: [] for m in modes}
        measured: dict[str, list[_Round]] = {m: [] for m in modes}
        turns = -(-args.rounds // len(modes))
        for turn in range(turns):
            for slot in slots[turn % len(slots):] + slots[:turn % len(slots)]:
                if slot == "baseline":
                    shift = turn % len(args.baseline_modes)
                    order = args.baseline_modes[shift:] + args.baseline_modes[:shift]
                    for mode, cost in _baseline(args.baseline, game_id, players, order,
                                                args).items():
                        samples[f"base {mode}"].append(cost)
                    continue
                costs, means, saved = play_turn(core, requests, modes, players, served, turn)
                for mode, measure in costs.items():
                    anywhere[mode].append(means[mode].per_call() / means["none"].per_call())
                    samples[mode].append(measure.per_call())
                    ratios[mode].append(measure.per_call() / costs["none"].per_call())
                    collected[mode].append(measure.collected / len(requests) * 1e6)
                    helped[mode].append(saved[mode] * 1e6)
                    measured[mode].append(measure)
        none = statistics.median(samples["none"])
        cells = []
        for mode in [*modes, *based]:
            median = statistics.median(samples[mode])
            if mode in ratios:  # measured call by call beside `none`: the rounds' ratios
                ratio = statistics.median(ratios[mode])
                spread = f" {min(ratios[mode]):4.2f}-{max(ratios[mode]):4.2f}"
            else:  # a baseline's mode against the baseline's none; its none against this none
                own = mode != "base none" and "base none" in samples
                ratio = median / (statistics.median(samples["base none"]) if own else none)
                spread = ""
            cells.append(f"{median:5.0f} ({min(samples[mode]):4.0f}-{max(samples[mode]):4.0f}) "
                         f"{ratio:4.2f}x{spread}")
        print(f"{game_id:16s} " + " ".join(f"{c:>28s}" for c in cells), flush=True)
        print(f"{'  floor':16s} " + " ".join(
            f"{floor_ratio(measured[m], measured['none']):27.2f}x" for m in modes), flush=True)
        print(f"{'  of it gc':16s} " + " ".join(
            f"{statistics.median(collected[m]):27.0f} " for m in modes), flush=True)
        print(f"{'  any position':16s} " + " ".join(
            f"{statistics.median(anywhere[m]):22.2f}x {min(anywhere[m]):4.2f}-"
            f"{max(anywhere[m]):4.2f}"[-28:] for m in modes), flush=True)
        print(f"{'  a twin helps':16s} " + " ".join(
            f"{statistics.median(helped[m]):27.0f} " for m in modes), flush=True)
    how = "with CPython's defaults" if args.cpython_gc else "as a worker does"
    print(f"(us of CPU per ApplyAction, all seats' views and the spectator's, as each mode"
          f" made the call first; median (range) over {turns} turns of {len(modes)} rounds of"
          f" a whole game, every call made in every mode back to back, each mode first once a"
          f" turn; ratio to none: the median (range) of the turns' ratios; `floor`: each call's"
          f" least CPU over the turns, summed, against none's; `of it gc`: the collector's"
          f" median per round; `any position`: the ratio with each call's cost its mean over"
          f" the turn's rounds, first or not (what the design before turns measured, without"
          f" its fixed order); `a twin helps`: what a call made after its twin in another"
          f" mode cost less than made first, us a call; garbage collected {how}; the worker"
          f" served {0 if args.cold else args.served} games of the title first)")


if __name__ == "__main__":
    main()
