"""protojson's cached JSON of view pieces, over whole games, in-process.

    nice -n 5 python -m bench.json_pieces [--games 2] [--rounds 5]

h2load (bench/protocols.py) sends one request again and again, so every piece
of its response is cached after the first call: the best case. Here each
game is played from start to end with random legal actions, 4 players, and
every step's ApplyActionResponse is encoded once, as a client playing the
game makes the server do: one seat's view, and every seat's plus the
spectator's. Each round encodes every game's sequence twice, with the piece
cache (emptied first: nothing from an earlier round or pass) and without it
(a budget of 0 bytes), the two passes in a rotated order; the figure is thread
CPU per response. Both passes are checked to write the same bytes.
Timings are never test assertions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import protojson
from bench.handler_cpu import CALL, GAMES, service
from marketplay.v1 import game_service_pb2 as pb

SELECTIONS = {"one view": pb.ViewSelection(seats=[0]),
              "all views": pb.ViewSelection(all_seats=True, spectator=True)}


def responses(game_id: str, players: int, games: int, selection: pb.ViewSelection,
              seed: int) -> list[pb.ApplyActionResponse]:
    """Every ApplyActionResponse of `games` random games, in the order they were played."""
    core, rng, out = service(), random.Random(seed), []
    everyone = pb.ViewSelection(all_seats=True)
    for _ in range(games):
        update = core.new_game(pb.NewGameRequest(game_id=game_id, num_players=players,
                                                 views=everyone), CALL).update
        while not update.HasField("outcome"):
            decision = rng.choice([d for d in update.decisions if d.legal_actions])
            action = rng.choice(list(decision.legal_actions))
            request = pb.ApplyActionRequest(state=update.state, seat=decision.seat,
                                            action=action, views=selection)
            out.append(core.apply_action(request, CALL))
            # the next step's legal actions, for the random player
            update = core.get_view(pb.GetViewRequest(state=out[-1].update.state,
                                                     views=everyone), CALL).update
    return out


def encode_all(messages: list[pb.ApplyActionResponse], cache_bytes: int) -> tuple[float, bytes]:
    """Thread CPU us per message, and the last message's bytes."""
    protojson._fragments = protojson._Fragments(cache_bytes)
    started = time.thread_time_ns()
    last = b""
    for message in messages:
        last = protojson.encode(message)
    return (time.thread_time_ns() - started) / len(messages) / 1000, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="random games per game and views")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    budget = protojson.FRAGMENT_CACHE_BYTES
    print("thread CPU per response encoded, us: median (min-max) over rounds; "
          "each step's response encoded once")
    print(f"{'game':15s} {'views':9s} {'steps':>5s} {'JSON bytes':>10s} {'cached':>18s} "
          f"{'not cached':>18s} {'not / cached':>16s}")
    for game_id, players in GAMES:
        for label, selection in SELECTIONS.items():
            messages = responses(game_id, players, args.games, selection, seed=7)
            for message in messages:  # every byte-for-byte check in the cached order
                assert protojson.encode(message) == protojson.encode(message)
            timings: dict[int, list[float]] = {budget: [], 0: []}
            outputs: dict[int, bytes] = {}
            encode_all(messages[:20], budget)  # plans compiled before timing
            for round_ in range(args.rounds):
                order = [budget, 0] if round_ % 2 == 0 else [0, budget]
                for cache in order:
                    cpu, outputs[cache] = encode_all(messages, cache)
                    timings[cache].append(cpu)
            assert outputs[budget] == outputs[0], "the cache changed the bytes"
            ratios = [a / b for a, b in zip(timings[0], timings[budget], strict=True)]
            size = statistics.median(len(protojson.encode(m)) for m in messages)
            print(f"{game_id:15s} {label:9s} {len(messages):5d} {size:10,.0f} "
                  f"{_spread(timings[budget]):>18s} {_spread(timings[0]):>18s} "
                  f"{statistics.median(ratios):6.2f}x ({min(ratios):.2f}-{max(ratios):.2f})")
    protojson._fragments = protojson._Fragments(budget)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


if __name__ == "__main__":
    main()
