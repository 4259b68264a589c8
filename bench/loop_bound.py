"""The most one call may cost the gRPC port's event loop (service/grpc_service.py).

    nice -n 5 python -m bench.loop_bound [--games 3] [--seed 1]

The cheap RPCs (`Rpc.inline`: NewGame, ApplyAction, GetView, RenewSeatToken)
run their core on the grpc.aio loop when the request is at most
INLINE_MAX_BYTES, so every other call on the port waits while one runs. This
prints what that wait can be, as the core's thread CPU per call (so other
processes' load does not count), in-process, with the state cache off (every
state decrypted and decoded: the cold path, the dearest):

* every ApplyAction and GetView of `--games` random games per game and
  variant at the most players (after one untimed game: a process's first
  call of a kind pays one-off imports, ~40 ms once), asking for every seat's view and the
  spectator's (the largest response), and each NewGame;
* a forged state of INLINE_MAX_BYTES (a real header, bytes that fail
  authentication): the decrypt an attacker with no state can make the loop
  do, as often as it likes.

Medians, p99 and maxima are printed; timings are never test assertions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from marketplay.v1 import game_service_pb2 as pb
from service.bots import Bots, BotSettings
from service.core import INLINE_MAX_BYTES, Call, GameCore
from service.errors import ServiceError
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore
from tests.service.conftest import KEYS_A

#: (game, options) at the most players: each game's variants with their own rules paths
GAMES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("spice-merchant", 4, {}),
    ("central-market", 5, {}),
    ("market-fresh", 4, {"variant": "standard"}),
    ("market-fresh", 4, {"variant": "crate-heights"}),
    ("market-fresh", 4, {"variant": "standard", "grid": "4"}),
    ("market-fresh", 1, {"variant": "solo"}),
)
EVERYONE = pb.ViewSelection(all_seats=True, spectator=True)


def _cpu_us(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.thread_time_ns()
    try:
        result = fn()
    except ServiceError as exc:
        result = exc
    return (time.thread_time_ns() - started) / 1000, result


def _spread(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"  {label:44s} {len(samples):5d} calls: median {statistics.median(samples):7,.0f}"
            f"  p99 {p99:7,.0f}  max {ordered[-1]:7,.0f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="random games per game and variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    store = StateStore(Sealer.from_config(KEYS_A), 0, NullObserver(), 0)  # no state cache
    core = GameCore(store, NullObserver(), False, 10_000, bots=Bots(BotSettings()))
    print(f"core thread CPU per call, us; state cache off; request limit on the loop "
          f"{INLINE_MAX_BYTES} bytes")
    largest = 0
    for game_id, players, options in GAMES:
        new_game, apply, view = [], [], []
        for played in range(args.games + 1):
            if played == 1:  # the first game warms the process (imports, caches): untimed
                for samples in (new_game, apply, view):
                    samples.clear()
            request = pb.NewGameRequest(game_id=game_id, num_players=players, options=options,
                                        views=EVERYONE)
            cpu, answer = _cpu_us(lambda r=request: core.new_game(r, Call()))
            new_game.append(cpu)
            update = answer.update
            while not update.HasField("outcome"):
                deciding = [d for d in update.decisions if d.legal_actions]
                decision = rng.choice(deciding)
                action = rng.choice(list(decision.legal_actions))
                largest = max(largest, len(update.state))
                cpu, _ = _cpu_us(lambda s=update.state: core.get_view(
                    pb.GetViewRequest(state=s, views=EVERYONE), Call()))
                view.append(cpu)
                step = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                             action=action, views=EVERYONE)
                cpu, answer = _cpu_us(lambda r=step: core.apply_action(r, Call()))
                apply.append(cpu)
                if isinstance(answer, ServiceError):
                    raise SystemExit(f"{game_id}: a legal action was refused: {answer}")
                update = answer.update
        shown = f"{game_id} {players}p {','.join(f'{k}={v}' for k, v in options.items())}"
        print(f"{shown}:")
        print(_spread("NewGame (every view)", new_game))
        print(_spread("ApplyAction (cold, every view)", apply))
        print(_spread("GetView (cold, every view)", view))
    real = core.new_game(pb.NewGameRequest(game_id="market-fresh", num_players=4),
                         Call()).update.state
    forged = real + os.urandom(INLINE_MAX_BYTES - 64 - len(real))  # fails authentication
    samples = []
    for _ in range(200):
        cpu, answer = _cpu_us(lambda: core.apply_action(
            pb.ApplyActionRequest(state=forged, seat=0), Call()))
        assert isinstance(answer, ServiceError), "a forged state was accepted"
        samples.append(cpu)
    print(f"largest state met: {largest} bytes")
    print(_spread(f"ApplyAction, forged {len(forged)}-byte state", samples))


if __name__ == "__main__":
    main()
