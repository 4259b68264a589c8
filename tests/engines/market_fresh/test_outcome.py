"""The end of a game: the outcome's details, seat by seat, against final
scoring worked out from the table, in the standard game and in solo."""

from __future__ import annotations

from engines.core import Game, Rng
from engines.market_fresh import ENGINE
from engines.market_fresh.scoring import final_scores, solo_rating
from engines.market_fresh.state import NONE, OVER
from marketplay.v1 import market_fresh_pb2 as pb
from tests.engines.market_fresh.helpers import PRODUCE


def _finished(players: int, options: dict[str, str], seed: bytes) -> Game:
    game = Game.new(ENGINE, players, options, seed)
    policy = Rng(seed + b"-policy")
    while game.to_act():
        (decision,) = game.to_act()
        actions = ENGINE.legal_actions(game.state, decision.seat)
        game, _ = game.apply(decision.seat, actions[policy.below(len(actions))])
    return game


def test_a_standard_game_reports_every_part_of_final_scoring() -> None:
    game = _finished(3, {}, b"outcome")
    state = game.state
    assert (state.phase, state.current) == (OVER, NONE)
    outcome = game.outcome()
    assert outcome is not None
    details = outcome.details
    assert isinstance(details, pb.MarketFreshOutcome)
    assert details.variant == pb.MARKET_FRESH_VARIANT_STANDARD
    finals = final_scores(state.variant, state.board, state.scores)
    assert any(f.column_awards for f in finals) and any(f.farmer_tile_points for f in finals)
    for shown, final in zip(details.seats, finals, strict=True):
        assert (shown.seat, shown.crate_points, shown.column_points, shown.farmer_tiles,
                shown.farmer_tile_points, shown.total) == (
            final.seat, final.crate_points, final.column_points, final.farmer_tiles,
            final.farmer_tile_points, final.total)
        assert [(a.produce, a.row, a.points) for a in shown.column_awards] == [
            (PRODUCE[p].id, row, points) for p, row, points in final.column_awards]
    assert [r.score for r in outcome.results] == [f.total for f in finals]
    assert ENGINE.view(state, None).outcome == details


def test_a_solo_game_ends_with_its_rating_and_unused_crates() -> None:
    game = _finished(1, {"variant": "solo"}, b"solo-outcome")
    state = game.state
    assert (state.phase, state.current) == (OVER, NONE)
    outcome = game.outcome()
    assert outcome is not None and isinstance(outcome.details, pb.MarketFreshOutcome)
    (shown,) = outcome.details.seats
    assert outcome.details.variant == pb.MARKET_FRESH_VARIANT_SOLO
    assert shown.unused_crates == len(state.face_up)
    assert shown.unused_crate_penalty == 3 * len(state.face_up)
    assert outcome.details.solo_rating == solo_rating(shown.total)
