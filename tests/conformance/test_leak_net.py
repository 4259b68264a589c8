"""The leak net catches leaks planted in copies of the games, with no help
from any game's own scenario tests (docs/testing.md, "The leak net").

Each test plays a variant engine (the game's modules with one function
wrapped, engines/core/standard.py) through the conformance checks and
requires them to fail, and the unchanged game to pass the same run, so a
check that could not fail would fail here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from google.protobuf import struct_pb2

from engines import registry
from engines.central_market.messages import card_pb
from engines.central_market.state import SET_ASIDE
from engines.core import Event, Game, Rng
from engines.core.standard import StandardEngine
from engines.spice_merchant.messages import spices_pb
from engines.spice_merchant.moves import RegisterSecret
from tests.conformance import sealed_bid
from tests.conformance.checks import check_action_twins, check_barrier, check_no_leak, event_kind
from tests.conformance.playout import Step, playout
from tests.conformance.sampling import sample_steps

Engine = StandardEngine[Any, Any, Any, Any]


def _steps(engine: Engine, players: int, options: dict[str, str] | None = None) -> list[Step]:
    """A kind-complete sample of one seeded playout (what the conformance tests judge)."""
    steps = list(playout(Game.new(engine, players, options or {}, b"leak-net"), b"net-policy"))
    return [steps[i] for i in sample_steps(steps, 64, 2)]


def _action_twins(steps: list[Step]) -> None:
    for step in steps:
        for decision in step.before.to_act():
            check_action_twins(step.before, decision.seat)


def _state_twins(steps: list[Step]) -> None:
    rng = Rng(b"net")
    for step in steps:
        for observer in range(step.before.num_players):
            check_no_leak(step, observer, rng)


def _newest(game_id: str) -> Engine:
    engine = registry.get(game_id)
    assert isinstance(engine, StandardEngine)
    return engine


def _variant(engine: Engine, **modules: Any) -> Engine:
    return StandardEngine(replace(engine.modules, **modules), engine.rules)


# ------------------------------------------------------- Spice Merchant: a public event


def _spices_told_publicly(engine: Engine) -> Callable[..., tuple[Any, list[Event]]]:
    """apply, with the public "seat N registered k cards" naming the spices."""
    real = engine.modules.apply

    def apply(state: Any, seat: int, move: Any, rng: Rng) -> tuple[Any, list[Event]]:
        after, events = real(state, seat, move, rng)
        if isinstance(move, RegisterSecret):
            told = events[0].message.__deepcopy__()
            told.secret_registered.spices.extend(spices_pb(move.spices))
            events = [Event(told), *events[1:]]
        return after, events

    return apply


def test_spice_merchant_spices_in_the_public_registration_event_are_caught() -> None:
    """The leak the review planted: SecretRegistered's public copy naming the
    spices. The action twins fail on it, with the declaration and without it."""
    engine = _newest("spice-merchant")
    _action_twins(_steps(engine, 4))
    leaky = _variant(engine, apply=_spices_told_publicly(engine))
    with pytest.raises(AssertionError, match="differ only in what seat 1 may not learn"):
        _action_twins(_steps(leaky, 4))
    undeclared = _variant(leaky, known_part=None)
    with pytest.raises(AssertionError, match="a secret of the move the game does not declare"):
        _action_twins(_steps(undeclared, 4))


# ------------------------------------------------------- Central Market: a public view


def _set_aside_shown_publicly(engine: Engine) -> Callable[[Any, int | None], Any]:
    """view, with each seat's pending set-aside card among its public seat row's played cards."""
    real = engine.modules.view

    def view(state: Any, seat: int | None) -> Any:
        shown = real(state, seat)
        if state.phase == SET_ASIDE:
            for row, choice in zip(shown.seats, state.set_aside_choice, strict=True):
                if choice >= 0:
                    row.played_cards.append(card_pb(choice))
        return shown

    return view


def test_central_market_set_aside_card_in_the_public_seat_rows_is_caught() -> None:
    """The other planted leak: the set-aside choice shown in every view's seat
    rows. The action twins catch it (the declaration keeps the card secret), and
    so do the state twins (a redeal moves the pending card)."""
    engine = _newest("central-market")
    steps = _steps(engine, 3)
    assert any(s.before.state.phase == SET_ASIDE for s in steps), "no set-aside was judged"
    _action_twins(steps)
    _state_twins(steps)
    leaky = _variant(engine, view=_set_aside_shown_publicly(engine))
    with pytest.raises(AssertionError, match="differ only in what"):
        _action_twins(_steps(leaky, 3))
    with pytest.raises(AssertionError, match="view depends on what it cannot see"):
        _state_twins(_steps(leaky, 3))


# ------------------------------------------------------- a new game's secret bid


def test_a_new_games_secret_bid_in_a_public_event_is_caught_declared_or_not() -> None:
    """A game with no scenario tests (Sealed Bid): clean, it passes; its bid told
    in the public event fails, whether the game declared the bid secret (the
    declaration's twins) or forgot to (its views keep the bid from the other
    seat, so its events must too)."""
    plain = sealed_bid.engine()
    _action_twins(_steps(plain, 2))
    _state_twins(_steps(plain, 2))
    _action_twins(_steps(sealed_bid.engine(declared=False), 2))

    def told(seat: int, bid: int) -> struct_pb2.Value:
        return struct_pb2.Value(string_value=f"seat {seat} has bid {bid}")

    with pytest.raises(AssertionError, match="differ only in what seat 1 may not learn"):
        _action_twins(_steps(sealed_bid.engine(announce_with=told), 2))
    with pytest.raises(AssertionError, match="does not declare"):
        _action_twins(_steps(sealed_bid.engine(announce_with=told, declared=False), 2))


def test_a_declaration_that_hides_what_the_view_shows_fails() -> None:
    """The declaration is held to the views too: Sealed Bid declared to hide a
    bid that its views show (a bid shown face up) fails the action twins."""
    def face_up(state: Any, seat: int | None) -> struct_pb2.Value:
        shown = sealed_bid.view(state, seat)
        shown.struct_value.fields["face up"].list_value.values.extend(
            struct_pb2.Value(number_value=bid) for bid in state.bids)
        return shown

    leaky = _variant(sealed_bid.engine(), view=face_up)
    with pytest.raises(AssertionError, match="differ only in what"):
        _action_twins(_steps(leaky, 2))


# ------------------------------------------------------- the state twins' own blind spots


def test_a_decision_kind_that_depends_on_hidden_cards_is_caught() -> None:
    """Who decides is not enough: the decision's kind is compared too (a variant
    whose offer decision names whether the offerer holds tomatoes)."""
    engine = _newest("central-market")
    real = engine.modules.deciders

    def deciders(state: Any) -> list[tuple[int, str]]:
        return [(seat, kind + ("+tomatoes" if kind == "offer" and any(
            card < 10 for card in state.hands[seat]) else "")) for seat, kind in real(state)]

    _state_twins(_steps(engine, 4))
    with pytest.raises(AssertionError, match="who decides what depends"):
        _state_twins(_steps(_variant(engine, deciders=deciders), 4))


def test_an_event_leak_where_the_next_view_changes_is_caught() -> None:
    """Events are judged even at a step that reveals something to the observer:
    a face-up refill (a new crate shown to all) whose event also names the next
    face-down crate is caught by a twin that reveals the same refill."""
    engine = _newest("market-fresh")
    real = engine.modules.apply

    def apply(state: Any, seat: int, move: Any, rng: Rng) -> tuple[Any, list[Event]]:
        after, events = real(state, seat, move, rng)
        for event in events:
            if event_kind(event.message) == "face_up_refilled" and after.supply:
                event.message.face_up_refilled.face_down_left = after.supply[-1]
        return after, events

    _state_twins(_steps(engine, 4))
    with pytest.raises(AssertionError, match="events tell seat"):
        _state_twins(_steps(_variant(engine, apply=apply), 4))


# ------------------------------------------------------- take-backs: undeclared reveals


def _barriers(steps: list[Step], skip_actor: bool = False) -> None:
    """The take-back check (checks.check_barrier) at each step, every seat as observer
    (all but the seat that acted, with `skip_actor`)."""
    rng = Rng(b"net-barriers")
    for step in steps:
        for observer in range(step.before.num_players):
            if not (skip_actor and observer == step.seat):
                check_barrier(step, observer, rng)


def _without(real: Callable[[Any, Any], bool], kind: str) -> Callable[[Any, Any], bool]:
    """A game's reveals declaration that forgot the events of `kind`."""
    def reveals(state: Any, events: Any) -> bool:
        return real(state, [message for message in events if event_kind(message) != kind])

    return reveals


@pytest.mark.parametrize(("game_id", "players", "kind"), [
    ("market-fresh", 3, "face_up_refilled"),  # a crate turned face up for all
    ("market-fresh", 3, "crate_taken"),  # a face-down crate its taker alone learns
    ("spice-merchant", 3, "cards_drawn"),  # the cards a seat draws, told to it alone
])
def test_a_reveal_the_declaration_forgot_is_caught(game_id: str, players: int, kind: str) -> None:
    """Each game's reveals declaration (Engine.reveals) with one kind of reveal left
    out: a step that tells a seat something now passes for no barrier, and the
    take-back check finds a twin whose next view or events differ. The unchanged
    game passes the same run."""
    engine = _newest(game_id)
    _barriers(_steps(engine, players))
    assert engine.modules.reveals is not None
    forgetful = _variant(engine, reveals=_without(engine.modules.reveals, kind))
    with pytest.raises(AssertionError, match="an undeclared reveal"):
        _barriers(_steps(forgetful, players))


def test_a_prompt_that_shows_a_hand_is_a_reveal_the_declaration_must_hold() -> None:
    """No event says it: a seat whose sale starts shows no Cheat only if it holds the
    product. Central Market's declaration without its prompts is caught."""
    engine = _newest("central-market")
    assert engine.modules.reveals is not None
    real = engine.modules.reveals

    def events_only(state: Any, events: Any) -> bool:
        return real(replace(state, phase=-1), events)  # the phase no longer says anything

    with pytest.raises(AssertionError, match="an undeclared reveal"):
        _barriers(_steps(_variant(engine, reveals=events_only), 4))


def test_a_verdict_that_depends_on_a_hidden_card_is_caught_as_a_side_channel() -> None:
    """Whether a take-back is allowed must tell nothing: a declaration that calls a
    face-down take a reveal only when the crate drawn has an even id (a fact only its
    taker sees) gives the other seats twins that look the same but are judged
    differently, and the check says so (the taker's own twins fail as an undeclared
    reveal, so the other seats are judged alone here)."""
    engine = _newest("market-fresh")
    assert engine.modules.reveals is not None
    real = engine.modules.reveals

    def peeking(state: Any, events: Any) -> bool:
        drawn = [m.crate_taken.crate.id for m in events
                 if event_kind(m) == "crate_taken" and m.crate_taken.HasField("crate")]
        if any(m.crate_taken.face_down for m in events if event_kind(m) == "crate_taken"):
            return bool(drawn) and drawn[0] % 2 == 0
        return real(state, events)

    _barriers(_steps(engine, 3), skip_actor=True)
    with pytest.raises(AssertionError, match="would tell it what it cannot see"):
        _barriers(_steps(_variant(engine, reveals=peeking), 3), skip_actor=True)

