"""The bots' heuristic for Market Fresh (engines/market_fresh/evaluation.py)."""

from __future__ import annotations

import pytest

from engines.core import Game
from engines.market_fresh import ENGINE
from engines.market_fresh.evaluation import estimate
from engines.market_fresh.rules import options_now
from engines.market_fresh.scoring import final_scores
from engines.market_fresh.state import SCORE
from tests.conformance.playout import playout


@pytest.mark.parametrize("variant", ["standard", "crate-heights"])
def test_final_scores_now_plus_the_best_scoring_of_a_placed_crate(variant: str) -> None:
    """Every state: the final score as it stands; in the score step, the
    seat that placed a crate also counts its best scoring option."""
    scored = 0
    for step in playout(Game.new(ENGINE, 3, {"variant": variant}, b"evaluation"), b"p"):
        s = step.after.state
        totals = [float(f.total) for f in final_scores(s.variant, s.board, s.scores)]
        if s.phase == SCORE:
            totals[s.current] += max(o.points for o in options_now(s))
            scored += 1
        assert estimate(s) == totals == ENGINE.estimate(s)
    assert scored > 10


def test_solo_leaves_the_unplaced_crate_penalty_for_the_end() -> None:
    game = Game.new(ENGINE, 1, {"variant": "solo"}, b"solo-evaluation")
    assert estimate(game.state) == [0.0]
