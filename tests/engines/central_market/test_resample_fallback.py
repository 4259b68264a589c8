"""resample_hidden's constructed deal, for positions where rejection sampling
keeps failing: it must agree with every public fact and stay canonical."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE, engine
from engines.central_market.data import product_of
from engines.central_market.state import State
from engines.core import Game, Rng
from tests.conformance.playout import playout


def hidden(s: State, observer: int) -> list[int]:
    """Every card the observer cannot see, as a sorted multiset."""
    others = [i for i in range(s.num_players) if i != observer]
    return sorted([c for i in others for c in s.hands[i] + s.set_aside[i]] + s.draw)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_constructed_deal_keeps_every_public_constraint(
        monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    monkeypatch.setattr(engine, "_RESAMPLE_TRIES", 0)  # every resample constructs its deal
    for step in playout(Game.new(ENGINE, players, {}, b"fallback"), b"fallback-policy"):
        s = step.before.state
        must, must_not, offer_seat = engine._public_constraints(s)
        for observer in range(players):
            twin = ENGINE.resample_hidden(s, observer, Rng(b"one"))
            again = ENGINE.resample_hidden(twin, observer, Rng(b"one"))
            assert ENGINE.encode(again) == ENGINE.encode(
                ENGINE.resample_hidden(s, observer, Rng(b"one"))), "not canonical"
            assert twin.hands[observer] == s.hands[observer]
            assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]
            assert hidden(twin, observer) == hidden(s, observer)
            assert [len(a) for a in twin.set_aside] == [len(a) for a in s.set_aside]
            for seat in must - {observer}:
                assert any(product_of(c) == s.product for c in twin.hands[seat])
            for seat in must_not - {observer}:
                assert all(product_of(c) != s.product for c in twin.hands[seat])
            if offer_seat not in (-1, observer):
                assert {product_of(c) for c in twin.hands[offer_seat]} - set(s.offered)
            assert [d.seat for d in ENGINE.to_act(twin)] == [d.seat for d in ENGINE.to_act(s)]
            assert [a.SerializeToString() for a in ENGINE.legal_actions(twin, observer)] == [
                a.SerializeToString() for a in ENGINE.legal_actions(s, observer)]
