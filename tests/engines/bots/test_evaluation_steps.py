"""Central Market's evaluation does not jump where nothing happened.

The bots' value of a position (engines/central_market/evaluation.py) should
change when money, cards or commitments change, not when a seat merely
passes, stays, declines a reaction or closes a sale it has nothing more to
add to: an estimate that jumps there misleads every search that looks past
such a step. The evaluation once dropped the sale waiting in a Rot window and
every bidder still to sell (the seller's estimate fell by about 1.6 VP across
"finish the sale"), and moved its rank-versus-size weight when a product
closed; this test failed on both. The search's evaluation (the kilograms
held for the final round besides) is held to the same.
"""

from __future__ import annotations

import pytest

from engines.central_market.data import product_of
from engines.central_market.moves import CODEC, FINISH_SALE, PASS, STAY, Move
from engines.central_market.state import State
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.conformance.playout import playout

#: The largest change, in victory points, allowed across such a step.
MAX_JUMP = 0.25
#: Seeded random playouts per configuration.
GAMES = 4

CONFIGS_CM = [c for c in CONFIGS if c.game_id == "central-market"]


def moves_nothing(before: State, after: State, move: Move, seat: int) -> bool:
    """A step that moves no money and no card and commits to nothing: a
    pass (in the bidding or a declined Rot or Tourists), a stay, or closing a
    sale with nothing of its product left in hand. (A bid or an offer names a
    price or a product; selling or setting aside moves a card; playing Rot or
    Tourists moves money and an action card.) The steps the rules then run by
    themselves, a sale settling as promised, the next seller or offer turn,
    the end of selling, stay in."""
    if before.hands != after.hands:
        return False
    if move in (PASS, STAY):
        return True
    if move == FINISH_SALE:
        return before.sale_cheat or not any(
            product_of(c) == before.product for c in before.hands[seat])
    return False


@pytest.mark.parametrize("config", CONFIGS_CM, ids=[c.label() for c in CONFIGS_CM])
def test_the_estimate_does_not_jump_across_a_step_that_moves_nothing(config: PlayConfig) -> None:
    engine = config.engine
    checked = 0
    for number in range(GAMES):
        seed = f"steady-{number}".encode()
        for step in playout(config.new_game(seed), seed):
            before, after = step.before.state, step.after.state
            move = CODEC.move_of(step.action)
            assert move is not None
            if not moves_nothing(before, after, move, step.seat):
                continue
            checked += 1
            for judge in (engine.estimate, engine.search_estimate):
                old, new = judge(before), judge(after)
                assert old is not None and new is not None
                jump = max(abs(a - b) for a, b in zip(old, new, strict=True))
                assert jump <= MAX_JUMP, (
                    f"game {number} step {step.before.step} ({move}, phase {before.phase} -> "
                    f"{after.phase}): the {judge.__name__} moved by {jump:.2f} VP ({old} -> {new})")
    assert checked > 20 * GAMES  # the playouts do reach such steps
