"""resample_hidden's constructed deal, for positions where rejection sampling
keeps failing: it must agree with every public fact and stay canonical."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE, hidden
from engines.central_market.data import product_of
from engines.central_market.state import State
from engines.core import Game, Rng
from tests.conformance.playout import playout


def unseen(s: State, observer: int) -> list[int]:
    """Every card the observer cannot see, as a sorted multiset."""
    others = [i for i in range(s.num_players) if i != observer]
    return sorted([c for i in others for c in s.hands[i] + s.set_aside[i] + s.discarded[i]] + s.draw)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_constructed_deal_keeps_every_public_constraint(
        monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    monkeypatch.setattr(hidden, "RESAMPLE_TRIES", 0)  # every resample constructs its deal
    for step in playout(Game.new(ENGINE, players, {}, b"fallback"), b"fallback-policy"):
        s = step.before.state
        holds, lacks, offer_seat = hidden.known_about_hands(s)
        for observer in range(players):
            twin = ENGINE.resample_hidden(s, observer, Rng(b"one"))
            again = ENGINE.resample_hidden(twin, observer, Rng(b"one"))
            assert ENGINE.encode(again) == ENGINE.encode(twin), "not canonical"
            assert twin.hands[observer] == s.hands[observer]
            assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]
            assert [len(a) for a in twin.set_aside] == [len(a) for a in s.set_aside]
            assert [len(d) for d in twin.discarded] == [len(d) for d in s.discarded]
            assert unseen(twin, observer) == unseen(s, observer)
            for seat, product in holds:
                if seat != observer:
                    assert any(product_of(c) == product for c in twin.hands[seat])
            for seat, product in lacks:
                if seat != observer:
                    assert all(product_of(c) != product for c in twin.hands[seat])
            if offer_seat not in (-1, observer):
                assert {product_of(c) for c in twin.hands[offer_seat]} - set(s.offered)
            assert [d.seat for d in ENGINE.to_act(twin)] == [d.seat for d in ENGINE.to_act(s)]
            assert [a.SerializeToString() for a in ENGINE.legal_actions(twin, observer)] == [
                a.SerializeToString() for a in ENGINE.legal_actions(s, observer)]
