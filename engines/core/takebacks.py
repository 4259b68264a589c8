"""Take-backs: a seat takes back its own latest actions, back to the latest barrier.

A barrier is any applied action after which some seat (or the spectator)
knows something it could not know before it, any chance outcome, or an
action by another seat (docs/integration.md, "Take-backs"). No game flags
its moves: the barrier is derived here, for every game, from what each step
already gives (`barrier`):

* **chance**: the RNG counter moved (a shuffle, a draw the RNG makes);
* **the end**: the game ended, and the outcome reveals the seed, hence every card;
* **someone was told something**: an event addressed privately to a seat
  other than the one that acted;
* **a reveal** the game declares, in one place next to its events
  (`Engine.reveals`): what the public events, or the actor's own private
  ones, tell that no seat chose (a card drawn from a pile shuffled earlier,
  a crate turned face up, another seat's hand shown);
* **another seat acted**: a seat takes back only its own trailing actions
  (`TakebackWindow.seat`).

The public part of the actor's own action is no barrier: it is what is taken
back, and the take-back's event tells every seat. So whether a take-back is
allowed depends only on the step's events (their kinds and audiences), the
RNG counter and who acted, and the conformance suite checks that none of
that depends on what a seat cannot see, and that no step judged no barrier
changes any seat's view in a way its twins would not (docs/testing.md,
"Take-backs").

The restorable position is the game before the seat's first action since
the barrier, kept as the engine's encoding, plus those actions: with no
chance in between, replaying a prefix of them is deterministic, and the RNG
counter is the one the game has now. A take-back's position comes with a new,
higher step (steps never go backwards, so a stale client cannot replay the
undone branch).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from google.protobuf.message import Message

from engines.core.engine import Event
from engines.core.errors import NotYourAction, TakebackBarrier
from engines.core.game import Game
from engines.core.pieces import serialize

#: The most actions a seat may take back at once. A longer run of one seat's
#: actions without a barrier (a solo game, where nothing is hidden) keeps its
#: latest MAX_TAKEBACK_STEPS: the restorable position moves forward with it.
MAX_TAKEBACK_STEPS = 8
#: `TakebackWindow.seat` before any seat acted, and after the table acted for one
#: (a move played on timeout).
NOBODY = -1

#: Why a step is a barrier (`barrier`), by the rule that made it one.
CHANCE, GAME_END, TOLD_ANOTHER_SEAT, REVEAL = "chance", "game-end", "told-another-seat", "reveal"


@dataclass(frozen=True)
class TakebackWindow:
    """What may be taken back: the latest actor's own actions since the latest barrier."""

    #: The seat whose action was the game's latest (NOBODY: none yet, or the table's).
    seat: int = NOBODY
    #: The engine's encoding of the position before `actions` (empty when there are none).
    base: bytes = b""
    #: The seat's actions since the latest barrier, oldest first, serialized.
    actions: tuple[bytes, ...] = ()

    def steps_for(self, seat: int) -> int:
        """How many of `seat`'s latest actions it may take back now."""
        return len(self.actions) if seat == self.seat else 0


def barrier(before: Game, seat: int, after: Game, events: Sequence[Event]) -> str | None:
    """Why the step from `before` to `after` (`seat` acted, `events` followed) is a
    barrier, or None: it told no seat anything the actor did not choose."""
    if after.rng_counter != before.rng_counter:
        return CHANCE
    if not after.to_act():
        return GAME_END
    if any(event.audience is not None and event.audience - {seat} for event in events):
        return TOLD_ANOTHER_SEAT
    if after.engine.reveals(after.state, [event.message for event in events]):
        return REVEAL
    return None


def _replayed(game: Game, base: bytes, seat: int, actions: Sequence[bytes]) -> Game:
    """The position `actions` of `seat` lead to from `base` (engine bytes this
    service wrote: `Engine.read`), at `game`'s RNG counter: no chance lies in
    between, so this is the position they led to."""
    engine = game.engine
    at = replace(game, state=engine.read(base))
    parse = engine.spec.action_type.FromString
    for action in actions:
        at, _ = at.apply(seat, parse(action))
    return at


def record(window: TakebackWindow, before: Game, seat: int, action: Message, after: Game,
           events: Sequence[Event]) -> TakebackWindow:
    """The window once `seat`'s legal `action` took `before` to `after` with `events`."""
    if barrier(before, seat, after, events) is not None:
        return TakebackWindow(seat)
    if window.seat != seat or not window.actions:
        return TakebackWindow(seat, before.engine.encode(before.state), (serialize(action),))
    base, actions = window.base, (*window.actions, serialize(action))
    if len(actions) > MAX_TAKEBACK_STEPS:  # the oldest action becomes part of the base
        base = before.engine.encode(_replayed(before, base, seat, actions[:1]).state)
        actions = actions[1:]
    return TakebackWindow(seat, base, actions)


def take_back(game: Game, window: TakebackWindow, seat: int,
              steps: int) -> tuple[Game, TakebackWindow]:
    """`game` with `seat`'s latest `steps` actions taken back, at the next step, and the
    window that is left; NotYourAction or TakebackBarrier when that is not allowed."""
    if window.seat != seat:
        latest = "no action yet" if window.seat == NOBODY else f"seat {window.seat}'s"
        raise NotYourAction(
            f"seat {seat} may take back only its own latest actions; the game's latest "
            f"action was {latest}")
    allowed = len(window.actions)
    if not 1 <= steps <= allowed:
        raise TakebackBarrier(
            f"seat {seat} may take back {allowed} action(s) now, not {steps}: a barrier (a "
            "chance outcome, something a seat learnt, another seat's action) or the "
            f"limit of {MAX_TAKEBACK_STEPS} lies before")
    kept = window.actions[: allowed - steps]
    restored = _replayed(game, window.base, seat, kept)
    return replace(restored, step=game.step + 1), TakebackWindow(
        seat, window.base if kept else b"", kept)
