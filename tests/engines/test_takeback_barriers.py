"""Each barrier of each game, by name (docs/rules/<game>.md, "Take-backs"): a seat
cannot take back across a draw, a reveal, another seat's action or a round's end.

Each case finds the first step of its kind in seeded playouts of the game,
follows the take-back window there (engines/core/takebacks.py) and asks for a
take-back: refused with TakebackBarrier, or NotYourAction once another seat
acted, never allowed. The step before each such barrier could be taken back,
so the refusal is the barrier's doing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines import registry
from engines.central_market.state import SELL
from engines.core import Game
from engines.core.errors import NotYourAction, TakebackBarrier
from engines.core.takebacks import TakebackWindow, barrier, record, take_back
from tests.conformance.checks import event_kind
from tests.conformance.playout import Step, playout

Matches = Callable[[Step], bool]


def _kinds(step: Step) -> set[str]:
    return {event_kind(event.message) for event in step.events}


def _own(kind: str) -> Matches:
    """A step whose events include `kind` addressed to the seat that acted."""
    return lambda step: any(event_kind(e.message) == kind and e.audience == {step.seat}
                            for e in step.events)


def _any(*kinds: str) -> Matches:
    return lambda step: bool(_kinds(step) & set(kinds))


#: (game, barrier, the step that is one, the reason takebacks.barrier gives it).
BARRIERS: list[tuple[str, str, Matches, set[str]]] = [
    ("central-market", "after a draw", _any("cards_delivered"), {"told-another-seat", "reveal"}),
    ("central-market", "after a reveal: a Cheat shown", _any("cheat_revealed"), {"reveal"}),
    ("central-market", "after a reveal: a sale starts",
     lambda s: s.after.state.phase == SELL and not s.after.state.sale_cards
     and "cheat_revealed" not in _kinds(s), {"reveal"}),
    ("central-market", "after a reshuffle", _any("discard_reshuffled"), {"chance"}),
    ("central-market", "across a round end", _any("round_scored"),
     {"chance", "told-another-seat", "reveal"}),
    ("market-fresh", "after a draw: a face-down take", _own("crate_taken"), {"reveal"}),
    ("market-fresh", "after a reveal: the face-up refill", _any("face_up_refilled"), {"reveal"}),
    ("market-fresh", "across the game's end", _any("game_ended"), {"game-end"}),
    ("spice-merchant", "after a draw",
     lambda s: _own("cards_drawn")(s) and bool(_kinds(s) & {"open_traded", "fake_demanded"})
     and "round_scored" not in _kinds(s), {"reveal"}),
    ("spice-merchant", "after a reveal: the round's scoring", _any("round_scored"),
     {"reveal", "chance", "game-end"}),
    ("spice-merchant", "across a round end", _any("round_started"), {"chance"}),
]


def _walk(game_id: str, matches: Matches) -> tuple[Step, TakebackWindow]:
    """The first step of seeded playouts that `matches`, and the window after it."""
    engine = registry.ENGINES[game_id]
    for seed in range(20):
        players = engine.spec.min_players + seed % (engine.spec.max_players - engine.spec.min_players + 1)
        game = Game.new(engine, max(2, players), {}, f"barriers-{seed}".encode())
        window = TakebackWindow()
        for step in playout(game, f"barrier-policy-{seed}".encode()):
            window = record(window, step.before, step.seat, step.action, step.after, step.events)
            if matches(step):
                return step, window
    raise AssertionError(f"no {game_id} step of that kind in 20 games")


@pytest.mark.parametrize(("game_id", "name", "matches", "reasons"), BARRIERS,
                         ids=[f"{g}: {n}" for g, n, _, _ in BARRIERS])
def test_a_seat_cannot_take_back_across_the_barrier(
        game_id: str, name: str, matches: Matches, reasons: set[str]) -> None:
    step, window = _walk(game_id, matches)
    assert barrier(step.before, step.seat, step.after, step.events) in reasons
    assert window.steps_for(step.seat) == 0
    with pytest.raises(TakebackBarrier):
        take_back(step.after, window, step.seat, 1)


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_a_seat_cannot_take_back_after_another_seat_acted(game_id: str) -> None:
    """A step no barrier (its seat could take it back), then another seat's action:
    the first seat's take-back is NOT_YOUR_ACTION."""
    previous: list[Step] = []

    def after_another(step: Step) -> bool:
        found = bool(previous) and previous[-1].seat != step.seat and barrier(
            previous[-1].before, previous[-1].seat, previous[-1].after, previous[-1].events) is None
        previous.append(step)
        return found

    step, window = _walk(game_id, after_another)
    earlier = previous[-2]
    with pytest.raises(NotYourAction, match=f"seat {step.seat}'s"):
        take_back(step.after, window, earlier.seat, 1)


@pytest.mark.parametrize("game_id", sorted(registry.ENGINES))
def test_the_seat_could_take_back_just_before(game_id: str) -> None:
    """Each game has steps no barrier, which its seat may take back, and only those."""
    step, window = _walk(game_id, lambda s: barrier(s.before, s.seat, s.after, s.events) is None)
    restored, left = take_back(step.after, window, step.seat, 1)
    assert restored.engine.encode(restored.state) == step.before.engine.encode(step.before.state)
    assert left.steps_for(step.seat) == window.steps_for(step.seat) - 1
