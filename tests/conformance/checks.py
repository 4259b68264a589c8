"""Assertions every engine must satisfy, shared by the example-based and the
hypothesis-driven conformance tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from google.protobuf.message import Message

from engines.core import Game, Rng
from engines.core.engine import Event
from engines.core.ranking import competition_ranks
from tests.conformance.playout import Step


def wire(message: object) -> bytes:
    return message.SerializeToString(deterministic=True)  # type: ignore[attr-defined,no-any-return]


def check_decisions(game: Game) -> None:
    """Deciders are distinct seats with non-empty, duplicate-free actions;
    everybody else has nothing to choose from."""
    engine = game.engine
    deciders = game.to_act()
    seats = [d.seat for d in deciders]
    assert len(seats) == len(set(seats)), f"duplicate deciders {seats}"
    bound = engine.spec.max_action_bytes
    for seat in range(game.num_players):
        actions = [wire(a) for a in engine.legal_actions(game.state, seat)]
        assert all(len(a) <= bound for a in actions), f"a legal action exceeds {bound} bytes"
        if seat in seats:
            assert actions, f"decider {seat} has no legal action"
            assert len(actions) == len(set(actions)), f"duplicate legal actions for seat {seat}"
        else:
            assert not actions, f"non-decider {seat} was offered actions"
    if not deciders:
        check_outcome(game)
    else:
        assert game.outcome() is None, "outcome reported while seats still decide"


def check_outcome(game: Game) -> None:
    outcome = game.outcome()
    assert outcome is not None, "game over without an outcome"
    assert [r.seat for r in outcome.results] == list(range(game.num_players))
    ranked = sorted(outcome.results, key=lambda r: r.rank)
    for better, worse in itertools.pairwise(ranked):
        assert better.score >= worse.score, "a lower rank has a higher score"
        if better.rank == worse.rank:
            assert better.score == worse.score, "tied rank with different scores"
            assert better.tie_break_values == worse.tie_break_values
    keys = [(r.score, *r.tie_break_values) for r in outcome.results]
    assert [r.rank for r in outcome.results] == competition_ranks(keys), "not competition ranks"
    assert sorted(outcome.winners) == sorted(r.seat for r in outcome.results if r.rank == 1)
    assert outcome.tie_break
    assert game.to_act() == ()


def check_round_trip(game: Game) -> None:
    encoded = game.encode()
    again = Game.decode(game.engine, encoded)
    assert again.encode() == encoded, "state does not survive encode/decode"
    for seat in range(game.num_players):
        assert wire(game.engine.view(again.state, seat)) == wire(game.engine.view(game.state, seat))


def visible(events: list[Event], viewer: int | None) -> list[bytes]:
    return [wire(e.message) for e in events if e.visible_to(viewer)]


def _delivery_sorted(message: Message) -> Message:
    """A Central Market event with a private delivery's cards in sorted order."""
    if message.WhichOneof("kind") != "cards_delivered":  # type: ignore[attr-defined]
        return message
    copy = type(message)()
    copy.CopyFrom(message)
    cards = sorted(copy.cards_delivered.cards, key=wire)  # type: ignore[attr-defined]
    del copy.cards_delivered.cards[:]  # type: ignore[attr-defined]
    copy.cards_delivered.cards.extend(cards)  # type: ignore[attr-defined]
    return copy


#: Known differences a rules version keeps forever, by (game, rules version):
#: events are compared again after this rewrite, so it must change nothing but
#: the difference. Central Market version 1 lists a seat's new cards in its
#: private `cards_delivered` in the order they were dealt, which follows the
#: hidden draw pile: two tables that differ only there can tell the seat the
#: same four cards in another order. It tells the seat nothing its hand does
#: not (the same cards), but it breaks byte-identical events; version 2 lists
#: them sorted, and version 1 cannot change (docs/rules/versions.md).
KNOWN_EVENT_DIFFERENCES: dict[tuple[str, str], Callable[[Message], Message]] = {
    ("central-market", "central-market/1"): _delivery_sorted,
}


def events_match(game: Game, ours: list[Event], theirs: list[Event], viewer: int) -> bool:
    """The events `viewer` sees are the same bytes, or differ only as its
    game's rules version is known to (KNOWN_EVENT_DIFFERENCES)."""
    if visible(ours, viewer) == visible(theirs, viewer):
        return True
    known = KNOWN_EVENT_DIFFERENCES.get((game.game_id, game.rules_version))
    if known is None:
        return False

    def rewritten(events: list[Event]) -> list[bytes]:
        return [wire(known(e.message)) for e in events if e.visible_to(viewer)]

    return rewritten(ours) == rewritten(theirs)


def check_no_leak(step: Step, observer: int, rng: Rng) -> bool:
    """Two states that differ only in what `observer` cannot see give the
    observer identical views, legal actions and (when its next view is equal)
    identical events.

    Returns whether the resampled twin differs from the real state at all:
    callers assert that it mostly does, or these checks would compare a state
    with itself and prove nothing.
    """
    game = step.before
    engine = game.engine
    twin_state = engine.resample_hidden(game.state, observer, rng)
    changed = engine.encode(twin_state) != engine.encode(game.state)
    twin = Game(game.engine, game.num_players, game.options, game.seed, game.rng_counter,
                game.step, twin_state)
    assert wire(engine.view(twin_state, observer)) == wire(engine.view(game.state, observer)), (
        f"seat {observer}'s view depends on what it cannot see"
    )
    assert wire(engine.view(twin_state, None)) == wire(engine.view(game.state, None)), (
        "resampling changed public information"
    )
    assert [wire(a) for a in engine.legal_actions(twin_state, observer)] == [
        wire(a) for a in engine.legal_actions(game.state, observer)
    ], f"seat {observer}'s legal actions depend on what it cannot see"
    assert [d.seat for d in twin.to_act()] == [d.seat for d in game.to_act()]
    if not engine.is_legal(twin_state, step.seat, step.action):
        return changed  # another seat's private choice that only makes sense with its real cards
    twin_after, twin_events = twin.apply(step.seat, step.action)
    if wire(engine.view(twin_after.state, observer)) != wire(
        engine.view(step.after.state, observer)
    ):
        return changed  # the action revealed something to the observer (a draw, a scoring)
    assert events_match(game, twin_events, step.events, observer), (
        f"events tell seat {observer} something its view does not"
    )
    return changed
