"""resample_hidden keeps what the table has learnt about hidden hands."""

from __future__ import annotations

from engines.central_market import ENGINE
from engines.central_market.data import CHEAT, product_of
from engines.central_market.state import OFFER
from engines.core import Rng
from tests.engines.central_market.helpers import TOMATOES, Play, make_state


def test_a_cheat_revealed_earlier_in_the_round_is_remembered() -> None:
    """ "he has to play the Cheat card to show that he in fact doesn't have
    this product": seat 1 holds no tomatoes for the rest of the round (no
    card arrives before the next delivery), so no redeal may give it any,
    although the draw pile is full of them."""
    hands = [["tomatoes-2", "tomatoes-2"], ["carrots-3", "peppers-4", "peppers-4"], ["eggplants-2"]]
    draw = ["tomatoes-3"] * 4 + ["tomatoes-4"] * 3 + ["carrots-2"] * 3
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0], draw=draw))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0)
    play.sell(1, "carrots-3").decline_reactions().sell(0, "tomatoes-2").decline_reactions()
    assert play.state.phase == OFFER and play.state.offerer == 1
    rng = Rng(b"cheat")
    for _ in range(200):
        twin = ENGINE.resample_hidden(play.state, 0, rng)
        assert all(product_of(c) != TOMATOES for c in twin.hands[1])
    # Seat 2 made no such claim: it gets tomatoes in some redeals.
    assert any(
        any(product_of(c) == TOMATOES for c in ENGINE.resample_hidden(play.state, 0, rng).hands[2])
        for _ in range(50)
    )
