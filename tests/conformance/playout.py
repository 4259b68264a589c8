"""Seeded random playouts: the driver shared by conformance and golden tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from google.protobuf.message import Message

from engines.core import Event, Game, Rng

#: No game in the catalogue comes near this many actions; a playout that
#: does is stuck in a loop.
MAX_STEPS = 20_000


@dataclass(frozen=True)
class Step:
    before: Game
    seat: int
    action: Message
    after: Game
    events: list[Event]


def choose(game: Game, policy: Rng) -> tuple[int, Message]:
    """A uniformly random decider, then a uniformly random legal action."""
    deciders = game.to_act()
    seat = deciders[policy.below(len(deciders))].seat
    legal = game.engine.legal_actions(game.state, seat)
    assert legal, f"seat {seat} must decide but has no legal action"
    return seat, legal[policy.below(len(legal))]


def playout(game: Game, policy_seed: bytes) -> Iterator[Step]:
    """Play random legal actions until the game is over."""
    policy = Rng(policy_seed)
    for _ in range(MAX_STEPS):
        if not game.to_act():
            return
        seat, action = choose(game, policy)
        after, events = game.apply(seat, action, expected_step=game.step)
        yield Step(game, seat, action, after, events)
        game = after
    raise AssertionError(f"game did not end within {MAX_STEPS} actions")
