"""CPU time of the ApplyAction handler per game, in-process (no gRPC).

    python -m bench.handler_cpu [--calls 3000]

For each game: a 4-player game advanced 12 random actions from a fixed seed,
then the next legal action applied again and again through the servicer
(parse the request, ApplyAction with the state cache warm, serialise the
response), asking for one seat's view and for every view. This is the part of
a call's cost that the service owns; bench/apply_vs_echo.py shows what gRPC
adds around it.
"""

from __future__ import annotations

import argparse
import time

from bench.loopback import KEYS
from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore

GAMES = (("spice-merchant", 4), ("central-market", 4), ("market-fresh", 4))


CALL = Call()


def service() -> GameCore:
    store = StateStore(Sealer.from_config(KEYS), 4096, NullObserver())
    return GameCore(store, NullObserver(), False, 100)


def mid_game(svc: GameCore, game_id: str, players: int, steps: int) -> pb.GameUpdate:
    everyone = pb.ViewSelection(all_seats=True)
    update = svc.new_game(pb.NewGameRequest(game_id=game_id, num_players=players, seed=b"bench",
                                            views=everyone), CALL).update
    policy = Rng(b"bench-policy")
    for _ in range(steps):
        if not update.decisions:
            break  # a short game ended first: its last update
        decision = next(d for d in update.decisions if d.legal_actions)
        action = decision.legal_actions[policy.below(len(decision.legal_actions))]
        update = svc.apply_action(pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                                        action=action, views=everyone), CALL).update
    return update


def cpu_us(svc: GameCore, payload: bytes, calls: int) -> float:
    for _ in range(50):
        svc.apply_action(pb.ApplyActionRequest.FromString(payload), CALL)
    start = time.process_time()
    for _ in range(calls):
        svc.apply_action(pb.ApplyActionRequest.FromString(payload), CALL).SerializeToString()
    return (time.process_time() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--steps", type=int, default=12)
    args = parser.parse_args()
    svc = service()
    print(f"{'game':16s} {'one view':>9s} {'all views':>10s}   (us of CPU per ApplyAction)")
    for game_id, players in GAMES:
        update = mid_game(svc, game_id, players, args.steps)
        decision = next(d for d in update.decisions if d.legal_actions)
        timings = []
        for views in (pb.ViewSelection(seats=[0]), pb.ViewSelection(all_seats=True, spectator=True)):
            request = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                            action=decision.legal_actions[0], views=views)
            timings.append(cpu_us(svc, request.SerializeToString(), args.calls))
        print(f"{game_id:16s} {timings[0]:9.0f} {timings[1]:10.0f}")


if __name__ == "__main__":
    main()
