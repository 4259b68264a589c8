"""Every event of whole games, field by field: who acted, what was taken,
refilled, removed and scored, checked against the states before and after."""

from __future__ import annotations

import pytest

from engines.core import Game, Rng
from engines.market_fresh import ENGINE
from marketplay.v1 import market_fresh_pb2 as pb

CONFIGS = [
    (3, {"variant": "standard"}, b"events-3"),
    (4, {"variant": "crate-heights", "grid": "4"}, b"events-4"),
    (2, {"variant": "standard", "grid": "4"}, b"events-2"),
    (1, {"variant": "solo"}, b"events-1"),
]


def _check(event: pb.MarketFreshEvent, audience: frozenset[int] | None, seat: int,
           action: pb.MarketFreshAction, before: Game, after: Game) -> str:
    kind = str(event.WhichOneof("kind"))
    body = getattr(event, kind)
    if "seat" in body.DESCRIPTOR.fields_by_name:
        assert body.seat == seat, kind
    move = action.WhichOneof("kind")
    if kind == "crate_taken":
        assert body.face_down == (move == "take_face_down")
        if body.face_down:
            taken = before.state.supply[-1]
            assert body.HasField("crate") == (audience == frozenset((seat,)))
        else:
            taken = action.take_face_up.crate.id
            assert audience is None
        assert not body.HasField("crate") or body.crate.id == taken
        assert taken in after.state.hands[seat]
    elif kind == "face_up_refilled":
        assert body.crate.id in after.state.face_up
        assert body.face_down_left == len(after.state.supply)
    elif kind == "farmer_tile":
        assert body.produce in [p.id for p in ENGINE.rules.data.produce]
        assert body.to_row > body.from_row
    elif kind == "crate_removed":
        assert body.crate == action.remove_crate.crate
        assert body.score == after.state.scores[seat]
        assert body.points_lost == before.state.scores[seat] - after.state.scores[seat]
    elif kind == "game_ended":
        assert body.outcome == ENGINE.view(after.state, None).outcome
        assert len(body.outcome.seats) == after.state.num_players
    return kind


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGS,
                         ids=[f"{p}p-{o['variant']}" for p, o, _ in CONFIGS])
def test_every_event_of_a_game_names_the_acting_seat_and_what_moved(
        players: int, options: dict[str, str], seed: bytes) -> None:
    game = Game.new(ENGINE, players, options, seed)
    policy = Rng(seed + b"policy")
    seen: set[str] = set()
    while game.to_act():
        (decider,) = game.to_act()
        seat = decider.seat
        actions = ENGINE.legal_actions(game.state, seat)
        action = actions[policy.below(len(actions))]
        after, events = game.apply(seat, action)
        for event in events:
            audience = None if event.audience is None else frozenset(event.audience)
            assert isinstance(event.message, pb.MarketFreshEvent)
            seen.add(_check(event.message, audience, seat, action, game, after))
        game = after
    assert {"crate_chosen", "crate_placed", "scored", "game_ended"} <= seen
    if players > 1:  # solo lays out its crates face up and has no Farmer Tiles
        assert {"crate_taken", "face_up_refilled", "farmer_tile"} <= seen


def test_a_removal_names_the_seat_the_crate_and_the_points_lost() -> None:
    """Small grids fill up: some seat of a 4x4 game must remove a crate."""
    removals = 0
    for n in range(6):
        game = Game.new(ENGINE, 4, {"variant": "standard", "grid": "4"}, b"remove%d" % n)
        policy = Rng(b"remove-policy%d" % n)
        while game.to_act():
            (decider,) = game.to_act()
            actions = ENGINE.legal_actions(game.state, decider.seat)
            action = actions[policy.below(len(actions))]
            after, events = game.apply(decider.seat, action)
            for event in events:
                assert isinstance(event.message, pb.MarketFreshEvent)
                kind = _check(event.message, None if event.audience is None
                              else frozenset(event.audience), decider.seat, action, game, after)
                removals += kind == "crate_removed"
            game = after
        if removals and n >= 1:
            break
    assert removals
