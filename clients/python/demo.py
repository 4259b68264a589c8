"""Play whole games through a marketplay server with random legal moves,
or with server-side bots in some seats (SuggestAction).

    python clients/python/demo.py                      # every game, player count and mode
    python clients/python/demo.py --game spice-merchant --players 4
    python clients/python/demo.py --bots 1,2 --policy ismcts   # one game per title, bots in 1, 2
    make demo ARGS="--game market-fresh --players 2 --bots 1 --policy greedy"

Seats named by --bots ask the server for their move (--policy, the server's
default budget); the other seats play uniformly random legal moves.

Every call asks for the players' text in --locale (default en; de, or en-XA,
the pseudo-locale): each game prints its first move's label and ends with the
outcome as the server words it; --log prints every public event's line.

    python clients/python/demo.py --game spice-merchant --players 2 --locale de --log

With random moves only, every player count is played with the default options;
then every other value of each enum option (variants such as Crate Heights or
Solo) once, at the smallest player count the server accepts for it: about 20
games in a few seconds. With bots a game takes seconds to a minute, so the demo
plays one game per title (the fewest players that seat every bot) unless --all
or --players asks for more; a game that runs longer than a few seconds prints
its progress.

    python clients/python/demo.py --address host:port  # that server, or an error
    MARKETPLAY_ADDRESS=host:port python clients/python/demo.py     # the same

Uses the server at --address (or $MARKETPLAY_ADDRESS). With neither, it uses
127.0.0.1:50051 (`make run`) if a server answers there, else starts one of its
own for the duration of the demo and says so; an address that was given never
falls back to a server of its own, so the demo cannot pass against the wrong one.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import grpc

from marketplay.v1 import game_service_pb2 as pb
from marketplay.v1 import game_service_pb2_grpc as pb_grpc

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_ADDRESS = "127.0.0.1:50051"
#: Seconds of a game without output after which it prints how far it is.
PROGRESS_SECONDS = 5.0


@contextmanager
def server_at(address: str | None) -> Iterator[str]:
    """The server at `address`; with no address, the default one or a throwaway local one."""
    channel = grpc.insecure_channel(address or DEFAULT_ADDRESS)
    try:
        grpc.channel_ready_future(channel).result(timeout=1.5 if address is None else 5)
        print(f"using the server at {address or DEFAULT_ADDRESS}")
        yield address or DEFAULT_ADDRESS
        return
    except grpc.FutureTimeoutError:
        if address is not None:
            sys.exit(f"demo: no marketplay server answers at {address}")
    finally:
        channel.close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.main", "--port", str(port), "--metrics-port", "0"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    address = f"127.0.0.1:{port}"
    print(f"no server at {DEFAULT_ADDRESS}; started one of its own at {address}")
    try:
        with grpc.insecure_channel(address) as ch:
            grpc.channel_ready_future(ch).result(timeout=30)
        yield address
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def round_of(update: pb.GameUpdate) -> int | None:
    """The round number of games that have rounds (read off the spectator view)."""
    for view in update.views:
        if not view.HasField("seat"):
            game = getattr(view, view.WhichOneof("game") or "")
            value = getattr(game, "round", None)
            return int(value) if value is not None else None
    return None


POLICIES = {"random": pb.BOT_POLICY_RANDOM, "greedy": pb.BOT_POLICY_GREEDY,
            "ismcts": pb.BOT_POLICY_ISMCTS}


@dataclass
class Bots:
    """Seats played by SuggestAction, and how long their answers took."""

    seats: frozenset[int] = frozenset()
    policy: str = "ismcts"
    seconds: list[float] = field(default_factory=list)

    def choose(self, stub: pb_grpc.GameServiceStub, update: pb.GameUpdate,
               decision: pb.Decision) -> pb.GameAction:
        started = time.perf_counter()
        answer = stub.SuggestAction(pb.SuggestActionRequest(
            state=update.state, seat=decision.seat, policy=POLICIES[self.policy],
            expected_step=update.step))
        self.seconds.append(time.perf_counter() - started)
        return answer.action


def same_move(a: pb.GameAction, b: pb.GameAction) -> bool:
    """Whether two actions are the same move, whatever their labels say."""
    x, y = pb.GameAction(), pb.GameAction()
    x.CopyFrom(a)
    y.CopyFrom(b)
    x.ClearField("label")
    y.ClearField("label")
    return x == y


@dataclass
class Words:
    """What the players read: the locale every call asks for text in, and whether
    to print every public event's line (Message.text) as the game goes."""

    locale: str = "en"
    log: bool = False

    def views(self) -> pb.ViewSelection:
        """Every seat's view and the spectator's, with text in the locale."""
        return pb.ViewSelection(all_seats=True, spectator=True, locale=self.locale)

    def print_events(self, update: pb.GameUpdate) -> None:
        if self.log:
            for event in update.events:
                if not event.audience:  # public: the private copies repeat it per seat
                    print(f"  #{event.step} {event.message.text}", flush=True)


def play(stub: pb_grpc.GameServiceStub, game_id: str, players: int,
         options: dict[str, str], bots: Bots, heading: str = "",
         clock: Callable[[], float] = time.perf_counter, words: Words | None = None) -> None:
    """One game to its end. `heading` is its place in the run ("[2/3] "); `clock` is
    read before and after each move, to print progress (steps, round, bot moves, time)
    once PROGRESS_SECONDS have passed without output; `words`, the text to ask for."""
    words = words or Words()
    everyone = words.views()
    label = f"{game_id}, {players} players" + (f", {options}" if options else "")
    seated = sorted(s for s in bots.seats if s < players)
    if seated:
        label += f", {bots.policy} bots in seat(s) {', '.join(map(str, seated))}"
    print(f"\n== {heading}{label}", flush=True)
    started = last_output = clock()
    update = stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players,
                                            options=options, views=everyone)).update
    first = True
    pick = secrets.SystemRandom()
    last_round = round_of(update)
    bots.seconds.clear()
    while not update.HasField("outcome"):
        decision = pick.choice([d for d in update.decisions if d.legal_actions])
        if decision.seat in bots.seats:
            action = bots.choose(stub, update, decision)
        else:
            action = pick.choice(list(decision.legal_actions))
        if first:
            # A bot's answer carries no label; the same move among the legal actions does.
            label = next((a.label.text for a in decision.legal_actions
                          if same_move(a, action)), "") or "?"
            print(f"  first move: {label} ({decision.prompt.text})", flush=True)
            first = False
        update = stub.ApplyAction(pb.ApplyActionRequest(
            state=update.state, seat=decision.seat, action=action,
            expected_step=update.step, views=everyone)).update
        words.print_events(update)
        current = round_of(update)
        now = clock()
        if current != last_round:
            print(f"  round {last_round} done at step {update.step}", flush=True)
            last_round, last_output = current, now
        elif now - last_output >= PROGRESS_SECONDS:
            where = f", round {current}" if current is not None else ""
            print(f"  ... step {update.step}{where}, {len(bots.seconds)} bot moves, "
                  f"{now - started:.0f}s so far", flush=True)
            last_output = now
    if last_round is not None:
        print(f"  round {last_round} done at step {update.step}: game over")
    seconds = clock() - started
    outcome = update.outcome
    print(f"  {outcome.summary.text}")
    for result in outcome.results:
        mark = "  winner" if result.seat in outcome.winners else ""
        bot = f"  ({bots.policy} bot)" if result.seat in bots.seats else ""
        print(f"  seat {result.seat}: {result.score} points, rank {result.rank}{mark}{bot}")
    if bots.seconds:
        times = sorted(bots.seconds)
        print(f"  bots: {len(times)} suggestions, median {1000 * times[len(times) // 2]:.0f} ms, "
              f"slowest {1000 * times[-1]:.0f} ms")
    print(f"  decided by: {outcome.tie_break}; {update.step} actions in {seconds:.2f}s; "
          f"seed {outcome.seed.hex()}")


def mode_options(info: pb.GameInfo) -> list[dict[str, str]]:
    """One option set per non-default value of each enum option."""
    return [
        {option.name: value}
        for option in info.options
        if option.type == pb.OPTION_TYPE_ENUM
        for value in option.allowed_values
        if value != option.default_value
    ]


def accepted(stub: pb_grpc.GameServiceStub, game_id: str, players: int,
             options: dict[str, str]) -> bool:
    """False when the server refuses that configuration (INVALID_ARGUMENT)."""
    try:
        stub.NewGame(pb.NewGameRequest(game_id=game_id, num_players=players, options=options))
    except grpc.RpcError as exc:
        if exc.code() == grpc.StatusCode.INVALID_ARGUMENT:  # type: ignore[attr-defined]
            return False
        raise
    return True


Plan = list[tuple[str, int, dict[str, str]]]


def plan_games(stub: pb_grpc.GameServiceStub, games: list[pb.GameInfo], players: int | None,
               bots: Bots, every: bool) -> tuple[Plan, list[str]]:
    """The games to play, and the configurations the server refused (to report).

    Random moves only, --all or --players: every player count, then each non-default
    enum option value at the smallest count the server accepts. Bots otherwise: one
    game per title, at the fewest players that seat every bot (a bot game takes
    seconds to a minute; the full list, about 20 games, takes about two minutes)."""
    plan: Plan = []
    refused: list[str] = []
    for info in games:
        counts = [players] if players else list(range(info.min_players, info.max_players + 1))
        if bots.seats and not every and not players:
            needed = max(bots.seats) + 1
            plan.append((info.game_id, next((n for n in counts if n >= needed), counts[-1]), {}))
            continue
        plan.extend((info.game_id, n, {}) for n in counts if accepted(stub, info.game_id, n, {}))
        for options in mode_options(info):
            n = next((n for n in counts if accepted(stub, info.game_id, n, options)), None)
            if n is None:
                refused.append(f"{info.game_id} {options}: refused for {counts} players")
            else:
                plan.append((info.game_id, n, options))
    return plan, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", default=os.environ.get("MARKETPLAY_ADDRESS") or None,
                        help=f"host:port of the server (default $MARKETPLAY_ADDRESS, else "
                             f"{DEFAULT_ADDRESS} or a server of its own)")
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument("--players", type=int, help="one player count (default: all)")
    parser.add_argument("--bots", default="",
                        help="comma-separated seats (0-based) that server-side bots play")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="ismcts",
                        help="the bots' policy (default: ismcts)")
    parser.add_argument("--all", action="store_true",
                        help="with --bots, still play every player count and mode (default: "
                             "one game per title)")
    parser.add_argument("--locale", default="en",
                        help="the language of the players' text (BCP 47: en, de, en-XA; "
                             "default en)")
    parser.add_argument("--log", action="store_true",
                        help="print every public event's line of each game's log")
    args = parser.parse_args()
    try:
        seats = frozenset(int(s) for s in args.bots.split(",") if s.strip())
    except ValueError:
        parser.error(f"--bots takes seat numbers like 1,2; got {args.bots!r}")
    bots = Bots(seats, args.policy)
    with server_at(args.address) as address, grpc.insecure_channel(address) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        games = [info for info in stub.ListGames(pb.ListGamesRequest()).games
                 if not args.game or info.game_id == args.game]
        if not games:
            sys.exit(f"demo: the server plays no game {args.game!r}")
        plan, refused = plan_games(stub, games, args.players, bots, args.all)
        scope = (" (one per title with bots; --all for every player count and mode)"
                 if bots.seats and not args.all and not args.players else "")
        print(f"{len(plan)} game(s) to play{scope}", flush=True)
        for number, (game_id, players, options) in enumerate(plan, 1):
            play(stub, game_id, players, options, bots, heading=f"[{number}/{len(plan)}] ",
                 words=Words(args.locale, args.log))
        for line in refused:
            print(f"\n== {line}")


if __name__ == "__main__":
    main()
