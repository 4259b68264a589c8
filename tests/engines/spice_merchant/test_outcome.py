"""The end of a game: the outcome's details and the game-ended event agree
with the final table, seat by seat."""

from __future__ import annotations

from engines.core import Game, Rng
from engines.spice_merchant import ENGINE


def _finished(seed: bytes) -> tuple[Game, list[object]]:
    game = Game.new(ENGINE, 3, {}, seed)
    policy = Rng(seed + b"-policy")
    events: list[object] = []
    while game.to_act():
        deciders = game.to_act()
        seat = deciders[policy.below(len(deciders))].seat
        actions = ENGINE.legal_actions(game.state, seat)
        game, new = game.apply(seat, actions[policy.below(len(actions))])
        events.extend(e.message for e in new)
    return game, events


def test_outcome_details_and_game_ended_report_the_final_table() -> None:
    game, events = _finished(b"outcome")
    state = game.state
    outcome = game.outcome()
    assert outcome is not None and outcome.details is not None
    seats = range(state.num_players)
    totals = outcome.details.seats  # type: ignore[attr-defined]
    assert [t.seat for t in totals] == list(seats)
    assert [t.score for t in totals] == state.scores
    assert [t.goods_sold for t in totals] == [state.goods_sold(s) for s in seats]
    assert [list(t.round_points) for t in totals] == state.round_points
    assert all(len(t.round_points) == 4 for t in totals)
    (ended,) = [e.game_ended for e in events if e.WhichOneof("event") == "game_ended"]  # type: ignore[attr-defined]
    assert list(ended.winners) == list(outcome.winners)
    assert ended.tie_break == outcome.tie_break
    assert list(ended.scores) == state.scores
    assert list(ended.score_cards) == [state.goods_sold(s) for s in seats]
    assert [r.score for r in outcome.results] == state.scores
    assert [r.tie_break_values for r in outcome.results] == [(state.goods_sold(s),) for s in seats]
