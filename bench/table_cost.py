"""What take-backs cost an ApplyAction: the core's time per call with the table
option `takebacks` off and on, and the sealed state's length.

    .venv/bin/python -m bench.table_cost [--games N]

Plays N seeded random games of each title through `GameCore` in-process (no
socket, the decoded-state cache off, so every call opens its state), asking
for every seat's view and the spectator's, and prints the median and mean
microseconds per ApplyAction side by side. With take-backs on, a call also
judges the step's barrier and keeps the restorable position, and the state
seals to twice the game's size class (docs/security.md, "Sealed format").
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from engines.core import Rng
from marketplay.v1 import game_service_pb2 as pb
from service.core import Call, GameCore
from service.observe import NullObserver
from service.sealing import Sealer
from service.states import StateStore

VIEWS = pb.ViewSelection(all_seats=True, spectator=True)
#: A fixed key (these states are thrown away).
SEALER = Sealer([("bench", hashlib.sha256(b"marketplay bench: table cost").digest())])
TABLES = [("central-market", 4), ("market-fresh", 3), ("spice-merchant", 4)]


def play(game_id: str, players: int, takebacks: str, seed: bytes) -> tuple[list[float], int]:
    """Seconds per ApplyAction over one random game, and its sealed length."""
    core = GameCore(StateStore(SEALER, 0, NullObserver()), NullObserver(), False, 100)
    update = core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players, seed=seed,
                                             options={"takebacks": takebacks}, views=VIEWS),
                           Call()).update
    rng, spent = Rng(seed), []
    while update.decisions:
        decision = update.decisions[rng.below(len(update.decisions))]
        action = decision.legal_actions[rng.below(len(decision.legal_actions))]
        started = time.perf_counter()
        update = core.apply_action(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=action, views=VIEWS), Call()).update
        spent.append(time.perf_counter() - started)
    return spent, len(update.state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for game_id, players in TABLES:
        for takebacks in ("off", "until-barrier"):
            spent: list[float] = []
            for index in range(args.games):
                times, sealed = play(game_id, players, takebacks, f"cost-{index}".encode())
                spent += times
            print(f"{game_id} {players}p takebacks={takebacks}: {len(spent)} calls, median "
                  f"{statistics.median(spent) * 1e6:.0f} us, mean {statistics.mean(spent) * 1e6:.0f} us,"
                  f" sealed {sealed} bytes")


if __name__ == "__main__":
    main()
