"""Market Fresh's estimate takes the board's final-scoring points from a
cache (engines/market_fresh/evaluation.py, `board_points`): it must give
exactly what final scoring on the state as it stands gives, in every variant
and player count, at every step of seeded random playouts."""

from __future__ import annotations

import pytest

from engines.market_fresh.evaluation import estimate
from engines.market_fresh.rules import options_now
from engines.market_fresh.scoring import final_scores
from engines.market_fresh.state import SCORE, State
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.conformance.playout import playout

CONFIGS_MF = [c for c in CONFIGS if c.game_id == "market-fresh"]


def uncached(state: State) -> list[float]:
    points = [float(f.total) for f in final_scores(state.variant, state.board, state.scores)]
    if state.phase == SCORE:
        points[state.current] += max(o.points for o in options_now(state))
    return points


@pytest.mark.parametrize("config", CONFIGS_MF, ids=[c.label() for c in CONFIGS_MF])
def test_the_cached_board_points_give_final_scorings_totals(config: PlayConfig) -> None:
    checked = 0
    for step in playout(config.new_game(b"board-points"), b"board-points-policy"):
        for state in (step.before.state, step.after.state):
            assert estimate(state) == uncached(state), f"step {step.before.step}"
            checked += 1
    assert checked > 20
