"""What ClaimTimeout plays for the seats that ran out of time.

For each seat whose deadline and the server's tolerance have passed (in seat
order), the table's timeout policy answers (docs/integration.md, "Turn
clocks"):

* `random`, `greedy`, `easy` or `medium`: a bot's move from what the seat
  may know (engines/bots), on a small fixed budget: random is uniform over
  the legal actions, greedy a one-ply lookahead over TIMEOUT_GREEDY_SAMPLES
  sampled states, `easy` and `medium` the levels at their own budgets
  (engines/bots/levels.py: the bots SuggestAction plays at those levels);
  never a search whose time depends on the machine (`hard` is refused as a
  timeout policy: service/table.py). The bots' seed comes from the game
  instance, the step and the seat, so two replicas that claim the same
  timeout play the same move.
* `pass`: the rules' pass of the seat's decision (Engine.pass_action); a
  decision without one is answered by `random` (the event says so).
* `forfeit`: every seat that ran out forfeits at once and the game ends
  there (engines/core/ranking.py, `forfeit_outcome`).

Each seat answered is charged like a seat that acted (its bank runs dry, then
the increment), and its decision is played once per call: a seat whose next
decision starts during the call is on the clock again from then, so a player
who comes back can still act.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from google.protobuf.message import Message

from engines.bots import LEVELS, POLICIES, Budget, suggest
from engines.core import Event, Game
from engines.core.events import private, public
from marketplay.v1 import game_service_pb2 as pb
from service import clocks
from service.instance import Instance
from service.table import FORFEIT, GREEDY, PASS, RANDOM, Table

#: Greedy's sampled states for a timed-out seat: a fixed, small budget (each
#: sample plays every legal action once), so a claim costs about what a few
#: actions do and gives the same move on every machine.
TIMEOUT_GREEDY_SAMPLES = 4


@dataclass(frozen=True)
class Claimed:
    """A claim's result: the game and table after it, its events and each event's step."""

    game: Game
    table: Table
    events: list[Event]
    steps: list[int]


def overdue_seats(game: Game, table: Table, now_ms: int, tolerance_ms: int) -> list[int]:
    """The deciding seats whose deadline and the tolerance after it have passed."""
    rules = table.options.clock
    return [d.seat for d in game.to_act()
            if clocks.overdue(rules, table.clocks[d.seat], now_ms, tolerance_ms)]


def bot_seed(instance: Instance, step: int, seat: int) -> bytes:
    """The timeout bots' seed: the same claim gives the same move on any replica, and
    nothing about it follows from the game's seed."""
    return hashlib.sha256(b"marketplay timeout|" + instance.id + step.to_bytes(8, "big")
                          + seat.to_bytes(4, "big")).digest()[:16]


def timeout_move(game: Game, seat: int, policy: str, seed: bytes) -> tuple[Message, str]:
    """The action the policy plays for `seat`, and the policy that answered
    (`random` for a `pass` table at a decision without a pass)."""
    if policy == PASS:
        action = game.engine.pass_action(game.state, seat)
        if action is not None:
            return action, PASS
        policy = RANDOM
    if policy == GREEDY:
        chosen = suggest(game, seat, POLICIES[GREEDY], Budget(TIMEOUT_GREEDY_SAMPLES), seed)
    elif policy in LEVELS:
        level = LEVELS[policy]
        chosen = suggest(game, seat, level.policy, Budget(level.iterations(game.engine)), seed)
    else:
        chosen = suggest(game, seat, POLICIES[RANDOM], Budget(1), seed)
    return chosen.action, policy


def timed_out(seat: int, policy: str, action: Message | None, field: str) -> list[Event]:
    """The public TimedOut, and (for a move) the seat's own copy naming the action."""
    said = [public(pb.TableEvent(timed_out=pb.TimedOut(seat=seat, policy=policy)))]
    if action is not None:
        own = pb.TimedOut(seat=seat, policy=policy)
        getattr(own.action, field).CopyFrom(action)
        said.append(private(seat, pb.TableEvent(timed_out=own)))
    return said


def claim(game: Game, table: Table, overdue: list[int], now_ms: int,
          instance: Instance) -> Claimed:
    """Play the table's timeout policy for each seat in `overdue` (module docstring)."""
    policy = table.options.timeout_policy
    field = game.engine.spec.proto_field
    events: list[Event] = []
    steps: list[int] = []
    if policy == FORFEIT:
        after = replace(game, step=game.step + 1)
        for seat in overdue:
            said = timed_out(seat, FORFEIT, None, field)
            events += said
            steps += [after.step] * len(said)
        return Claimed(after, table.forfeit(overdue, now_ms), events, steps)
    started = {seat: table.clocks[seat].started_ms for seat in overdue}
    for seat in overdue:
        deciding = {d.seat for d in game.to_act()}
        if seat not in deciding or table.clocks[seat].started_ms != started[seat]:
            continue  # an earlier seat's move ended or restarted this decision
        action, answered = timeout_move(game, seat, policy, bot_seed(instance, game.step, seat))
        after, moved = game.apply(seat, action)
        table = table.after_action(seat, after, now_ms).table_moved()
        said = timed_out(seat, answered, action, field) + moved
        events += said
        steps += [after.step] * len(said)
        game = after
    return Claimed(game, table, events, steps)
