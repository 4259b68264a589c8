"""What player-facing text costs: ApplyAction's CPU with and without a locale.

    python -m bench.text_cost [--rounds 7] [--baseline PATH]

For each game: one seeded whole game at its largest table, every call asking
for every seat's view and the spectator's, replayed through the core in
process (parse the request, ApplyAction, serialise the response; the state
cache warm, as on the replica that sealed the state). Each round replays the
game once per mode, the modes in a rotated order. Before each, the text
caches are emptied and three other seeded games of the same title are played
in that mode: the worker has served other games, so the labels and the
shapes of sentences that recur are known, and this game's own are new to it
(`--cold`: not even that, as on a worker's first game):

- `none`: no locale and no Messages (what a call cost before text existed);
- `messages`: `ViewSelection.messages`, ids and arguments only;
- `en`, `de`: rendered in a locale; `de+names`: with display names, whose
  texts are never cached.

Printed: each mode's median CPU per call with its range over the rounds, and
its ratio to `none` (the goal: a locale at most 1.15x). With `--baseline`,
`none` is also measured in a subprocess on another checkout (e.g. the last
release's), in the same rotation, so "no locale costs what it cost" is a ratio
measured side by side too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from bench.loopback import KEYS
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore

GAMES = (("spice-merchant", 4), ("central-market", 5), ("market-fresh", 4))
#: The games a worker has served before the measured one (their seeds).
WARM_GAMES = (b"another game", b"a third game", b"a fourth game")
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
CALL = Call()


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
    update = core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players,
                                             seed=seed,
                                             views=pb.ViewSelection(all_seats=True)), CALL).update
    policy = Rng(b"text cost policy")
    requests = []
    while update.decisions:
        decision = update.decisions[policy.below(len(update.decisions))]
        action = decision.legal_actions[policy.below(len(decision.legal_actions))]
        request = pb.ApplyActionRequest(state=update.state, seat=decision.seat, action=action)
        requests.append(request)
        request = pb.ApplyActionRequest()
        request.CopyFrom(requests[-1])
        request.views.all_seats = True
        update = core.apply_action(request, CALL).update
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


def play(core: GameCore, requests: list[pb.ApplyActionRequest], mode: str, players: int,
         warm: list[pb.ApplyActionRequest] | None = None) -> float:
    """CPU microseconds per call over the whole game in `mode`, after the text
    caches were emptied and, with `warm`, that other game was played."""
    payloads = _payloads(requests, mode, players)
    _forget_text()
    for payload in _payloads(warm or [], mode, players):
        core.apply_action(pb.ApplyActionRequest.FromString(payload), CALL)
    start = time.process_time()
    for payload in payloads:
        core.apply_action(pb.ApplyActionRequest.FromString(payload), CALL).SerializeToString()
    return (time.process_time() - start) / len(payloads) * 1e6


def _baseline(path: str, game_id: str, players: int) -> float:
    """`none` on another checkout, in a subprocess (its own code, same machine)."""
    env = {**os.environ, "PYTHONPATH": f"{path}:{path}/clients/python"}
    out = subprocess.run([sys.executable, "-m", "bench.text_cost", "--one", game_id, str(players)],
                         cwd=path, env=env, capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["none"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=[g for g, _ in GAMES],
                        help="the games to measure (default: all)")
    parser.add_argument("--cold", action="store_true",
                        help="no other game first: a worker's first game")
    parser.add_argument("--baseline", help="another checkout: `none` measured there too")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "PLAYERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # the baseline's side: one round of `none`, as JSON
        core = _core()
        requests = whole_game(core, args.one[0], int(args.one[1]))
        play(core, requests, "none", int(args.one[1]))  # warm
        print(json.dumps({"none": play(core, requests, "none", int(args.one[1]))}))
        return
    modes = ["none", "messages", "en", "de", "de+names"] + (["baseline"] if args.baseline else [])
    print(f"{'game':16s} " + " ".join(f"{m:>18s}" for m in modes))
    for game_id, players in GAMES:
        if game_id not in args.games:
            continue
        core = _core()
        requests = whole_game(core, game_id, players)
        warm = None if args.cold else [request for seed in WARM_GAMES
                                       for request in whole_game(core, game_id, players, seed)]
        for mode in modes[:-1] if args.baseline else modes:
            play(core, requests, mode, players)  # every path run once
        samples: dict[str, list[float]] = {m: [] for m in modes}
        for round_ in range(args.rounds):
            order = modes[round_ % len(modes):] + modes[:round_ % len(modes)]
            for mode in order:
                cost = (_baseline(args.baseline, game_id, players) if mode == "baseline"
                        else play(core, requests, mode, players, warm))
                samples[mode].append(cost)
        base = statistics.median(samples["none"])
        cells = []
        for mode in modes:
            median = statistics.median(samples[mode])
            cells.append(f"{median:5.0f} ({min(samples[mode]):4.0f}-{max(samples[mode]):4.0f}) "
                         f"{median / base:4.2f}x")
        print(f"{game_id:16s} " + " ".join(f"{c:>18s}" for c in cells), flush=True)
    print(f"(us of CPU per ApplyAction, all seats' views and the spectator's, median (range)"
          f" over {args.rounds} rounds of a whole game, ratio to none)")


if __name__ == "__main__":
    main()
