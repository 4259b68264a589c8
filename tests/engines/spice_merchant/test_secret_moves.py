"""Secret moves (docs/rules/spice-merchant.md, "Secret moves"): the spices of a
secret registration are the registering seat's alone; that it registered, and
how many cards, is public."""

from __future__ import annotations

from engines.core import Game
from engines.spice_merchant import ENGINE
from engines.spice_merchant.moves import FakeDemand, OpenTrade, RegisterSecret, action_message
from tests.conformance.checks import check_action_twins, seen_by


def test_secret_moves_registered_spices_are_the_registering_seats_alone() -> None:
    """At the first registration every seat decides at once; seat 0's choices
    differ to seat 1 and the spectator only in what they may not learn, and
    show them the same bytes; seat 0 knows what it chose."""
    game = Game.new(ENGINE, 3, {}, b"secret registration")
    assert {d.kind for d in game.to_act()} == {"register-secret"}
    choices = ENGINE.legal_actions(game.state, 0)
    assert len(choices) >= 2
    for observer in (1, 2, None):
        assert {ENGINE.known_part(game.state, 0, a, observer) for a in choices} == {(RegisterSecret, 1)}
    assert len({ENGINE.known_part(game.state, 0, a, 0) for a in choices}) == len(choices)
    verdict = check_action_twins(game, 0)
    assert verdict.secret_pairs >= 3 * (len(choices) - 1)
    first, second = (game.apply(0, a) for a in choices[:2])
    for observer in (1, 2, None):
        assert seen_by(*first, observer) == seen_by(*second, observer)
    assert seen_by(*first, 0).view != seen_by(*second, 0).view


def test_secret_moves_open_trade_and_fake_demand_are_public() -> None:
    """Every other move is laid face up: the declaration hides none of it, and
    a two-card registration hides the spices, not that there were two."""
    state = Game.new(ENGINE, 2, {}, b"public moves").state
    assert ENGINE.known_part(state, 0, action_message(RegisterSecret((1, 2))), 1) == (RegisterSecret, 2)
    for move in (OpenTrade(3), FakeDemand(0, 3, 2)):
        assert ENGINE.known_part(state, 0, action_message(move), 1) == move
        assert ENGINE.known_part(state, 0, action_message(move), None) == move
