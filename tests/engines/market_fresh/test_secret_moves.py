"""Secret moves (docs/rules/market-fresh.md, "Secret moves"): Market Fresh has
none, and declares none; the conformance suite holds it to that claim."""

from __future__ import annotations

from engines.core import Game
from engines.market_fresh import ENGINE
from tests.conformance.checks import check_action_twins, event_kind
from tests.conformance.playout import playout


def test_secret_moves_none_every_choice_is_made_in_view_of_all() -> None:
    """Taking a crate face down names no crate (which one comes is chance, told
    to the taker alone); the crate chosen for the shopfront, its placement, its
    scoring and a removal are made face up. So no two of a seat's actions look
    the same to another seat unless every view is the same after both."""
    assert not ENGINE.has_secret_moves
    game = Game.new(ENGINE, 3, {}, b"no secret moves")
    kinds: set[str] = set()
    for step in playout(game, b"market fresh twins"):
        verdict = check_action_twins(step.before, step.seat)
        assert verdict.secret_pairs == 0
        kinds.add(next(d.kind for d in step.before.to_act() if d.seat == step.seat))
        if len(kinds) == 4:
            break
    assert kinds == {"take-crate", "choose-crate", "place-crate", "score"}


def test_secret_moves_a_face_down_take_is_one_action_whatever_it_draws() -> None:
    """The face-down take is one action for any supply; the crate it draws is
    named in the taker's private event alone."""
    game = Game.new(ENGINE, 2, {}, b"face down")
    seat = game.to_act()[0].seat
    face_down = [a for a in ENGINE.legal_actions(game.state, seat) if a.HasField("take_face_down")]
    assert len(face_down) == 1
    _, events = game.apply(seat, face_down[0])
    taken = [e for e in events if event_kind(e.message) == "crate_taken"]
    assert [(e.audience, e.message.crate_taken.HasField("crate")) for e in taken] == [
        (None, False), (frozenset({seat}), True)]
