"""Every event of whole games, field by field: who acted, what was taken,
refilled, removed and scored, checked against the states before and after."""

from __future__ import annotations

import pytest

from engines.core import Game
from engines.market_fresh import ENGINE
from engines.market_fresh.messages import crate
from engines.market_fresh.state import NONE, decode, encode
from marketplay.v1 import market_fresh_pb2 as pb
from tests.conformance.playout import playout

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
    data = ENGINE.rules.data
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
        if body.HasField("crate"):  # the face-up take, and the taker's own face-down copy
            first, second = (data.produce[half].id for half in data.crates[taken])
            assert (body.crate.id, body.crate.first, body.crate.second) == (taken, first, second)
        else:
            assert body.face_down and audience is None
        assert taken in after.state.hands[seat]
    elif kind == "crate_chosen":
        assert body.crate == crate(data, action.choose_crate.crate.id)
    elif kind == "crate_placed":
        placed = before.state.chosen_crate
        grid = before.state.grid
        first = action.place.first.row * grid + action.place.first.col
        second = action.place.second.row * grid + action.place.second.col
        below = before.state.shopfronts[seat]
        halves = data.crates[placed]
        matches = (below.tops[first] == halves[0]) + (below.tops[second] == halves[1])
        assert body.crate == crate(data, placed)
        assert (body.first, body.second) == (action.place.first, action.place.second)
        assert body.height == below.heights[first] + 1 == after.state.shopfronts[seat].heights[first]
        assert body.matching_halves == matches and body.perfect_match == (matches == 2)
        assert after.state.perfect_match == body.perfect_match
        squares = ENGINE.view(after.state, None).seats[seat].shopfront.squares
        assert squares[first].top_crate_id == squares[second].top_crate_id == placed
    elif kind == "scored":
        assert body.option.produce == action.score.produce
        assert body.option.scoring == action.score.scoring
        assert body.score == after.state.scores[seat]
    elif kind == "face_up_refilled":
        assert body.crate.id in after.state.face_up
        assert body.face_down_left == len(after.state.supply)
    elif kind == "farmer_tile":
        produce = data.produce_index[body.produce]
        assert body.to_row > body.from_row
        assert after.state.board[produce][body.to_row - 1] == seat
        assert body.from_row == next(
            (row for row in range(1, 8) if before.state.board[produce][row - 1] == seat), 0)
    elif kind == "crate_removed":
        assert body.crate == action.remove_crate.crate
        assert body.score == after.state.scores[seat]
        assert body.points_lost == before.state.scores[seat] - after.state.scores[seat]
    elif kind == "game_ended":
        assert body.outcome == ENGINE.view(after.state, None).outcome
        assert len(body.outcome.seats) == after.state.num_players
    return kind


def _check_step(seat: int, action: pb.MarketFreshAction, before: Game, after: Game) -> None:
    """What a step leaves behind: a state that reads back, a turn count that
    grows by one a turn, the turn's scratch fields cleared for the next."""
    state = after.state
    assert decode(encode(state), ENGINE.rules) == state
    if action.WhichOneof("kind") in ("score", "remove_crate"):  # the last step of a turn
        assert state.turn == before.state.turn + 1
        assert (state.chosen_crate, state.perfect_match, state.took_slot) == (NONE, False, NONE)
    else:
        assert state.turn == before.state.turn
    if action.WhichOneof("kind") == "score" and action.score.scoring == pb.MARKET_FRESH_SCORING_HEIGHT:
        bit = 1 << ENGINE.rules.data.produce_index[action.score.produce]
        assert state.height_used[seat] == before.state.height_used[seat] | bit


def _checked_kinds(game: Game, policy_seed: bytes) -> list[str]:
    """Play `game` out at random, checking every event and step; the kinds seen."""
    kinds = []
    for step in playout(game, policy_seed):
        for event in step.events:
            assert isinstance(event.message, pb.MarketFreshEvent)
            audience = None if event.audience is None else frozenset(event.audience)
            kinds.append(_check(event.message, audience, step.seat, step.action, step.before,
                                step.after))
        _check_step(step.seat, step.action, step.before, step.after)
    return kinds


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGS,
                         ids=[f"{p}p-{o['variant']}" for p, o, _ in CONFIGS])
def test_every_event_of_a_game_names_the_acting_seat_and_what_moved(
        players: int, options: dict[str, str], seed: bytes) -> None:
    seen = set(_checked_kinds(Game.new(ENGINE, players, options, seed), seed + b"policy"))
    assert {"crate_chosen", "crate_placed", "scored", "game_ended"} <= seen
    if players > 1:  # solo lays out its crates face up and has no Farmer Tiles
        assert {"crate_taken", "face_up_refilled", "farmer_tile"} <= seen


def test_a_removal_names_the_seat_the_crate_and_the_points_lost() -> None:
    """Small grids fill up: some seat of a 4x4 game must remove a crate."""
    removals = 0
    for n in range(6):
        game = Game.new(ENGINE, 4, {"variant": "standard", "grid": "4"}, b"remove%d" % n)
        removals += _checked_kinds(game, b"remove-policy%d" % n).count("crate_removed")
        if removals and n >= 1:
            break
    assert removals
