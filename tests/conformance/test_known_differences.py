"""The leak check's known exceptions, each held to exactly what it excuses.

Central Market version 1 lists a seat's delivered cards in dealing order, so
two tables that differ only in the hidden draw pile's order can tell the seat
the same cards in another order (the hypothesis search found it: the inputs
below). Version 1 can never change, so the leak check accepts that
difference, and only that, for version 1; version 2 lists the cards sorted
and is held to byte-identical events (docs/rules/versions.md).

Central Market's face-up final discards say whose cards they were, and the
open pile in the view keeps only the cards (FORGOTTEN_BY_THE_TABLE): twins
whose hidden hands differ only in which seat held which discarded card reach
the same next view with other events (the hypothesis search found that too).
"""

from __future__ import annotations

from engines.core import Event, Game, Rng
from marketplay.v1 import central_market_pb2 as pb
from tests.conformance.checks import check_no_leak, events_match, find_twin, seen_by, visible
from tests.conformance.configs import PlayConfig
from tests.conformance.playout import playout

OPTIONS = {"removed-product": "tomatoes", "skip-idle-reactions": "false"}
SEED, POLICY, STEP, OBSERVER = b"\xec\xf2B>\xd9am", b"\xa6\x0f\xe8\xa3", 24, 1


def _finding(version: str) -> tuple[Game, list[Event], list[Event]]:
    """The hypothesis test's loop up to STEP; then the real events and the
    twin's (resampled for OBSERVER exactly as check_no_leak does)."""
    config = PlayConfig("central-market", 3, OPTIONS, version)
    rng = Rng(SEED)
    for index, step in enumerate(playout(config.new_game(SEED), POLICY)):
        observer = rng.below(3)
        if index < STEP:
            check_no_leak(step, observer, rng)
            continue
        assert observer == OBSERVER
        game = step.before
        twin_state = game.engine.resample_hidden(game.state, observer, rng)
        twin = Game(game.engine, game.num_players, game.options, game.seed, game.rng_counter,
                    game.step, twin_state)
        _, twin_events = twin.apply(step.seat, step.action)
        return game, step.events, twin_events
    raise AssertionError("the playout ended before the finding's step")


def test_version_1_delivery_order_differs_and_is_the_one_known_difference() -> None:
    game, ours, theirs = _finding("central-market/1")
    assert visible(ours, OBSERVER) != visible(theirs, OBSERVER)
    differing = [(a, b) for a, b in zip(
        [e.message for e in ours if e.visible_to(OBSERVER)],
        [e.message for e in theirs if e.visible_to(OBSERVER)], strict=True) if a != b]
    assert differing and all(a.WhichOneof("kind") == "cards_delivered" for a, _ in differing)
    for a, b in differing:
        assert a.cards_delivered.seat == OBSERVER and a.cards_delivered.cards != b.cards_delivered.cards
        assert sorted(map(bytes, (c.SerializeToString() for c in a.cards_delivered.cards))) == sorted(
            map(bytes, (c.SerializeToString() for c in b.cards_delivered.cards)))
    assert events_match(game, ours, theirs, OBSERVER)


def test_version_2_passes_the_finding_byte_for_byte() -> None:
    """The same search inputs under version 2: every step's events are
    byte-identical for the sampled observer (no exception applies)."""
    config = PlayConfig("central-market", 3, OPTIONS, "central-market/2")
    rng = Rng(SEED)
    for step in playout(config.new_game(SEED), POLICY):
        check_no_leak(step, rng.below(3), rng)


def _delivery(seat: int, *cards: tuple[int, int]) -> Event:
    message = pb.CentralMarketEvent(cards_delivered=pb.CentralMarketCardsDelivered(
        seat=seat, count=len(cards),
        cards=[pb.CentralMarketCard(product=p, kg=kg) for p, kg in cards]))  # type: ignore[misc]
    return Event(message, frozenset((seat,)))


def test_the_exception_excuses_nothing_else() -> None:
    """Other cards, another event, or version 2: refused."""
    v1 = PlayConfig("central-market", 3, {}, "central-market/1").new_game(b"g")
    v2 = PlayConfig("central-market", 3, {}, "central-market/2").new_game(b"g")
    dealt = _delivery(0, (1, 2), (3, 4))
    reordered = _delivery(0, (3, 4), (1, 2))
    assert events_match(v1, [dealt], [reordered], 0)
    assert not events_match(v2, [dealt], [reordered], 0)
    assert not events_match(v1, [dealt], [_delivery(0, (3, 4), (1, 3))], 0)
    passed = Event(pb.CentralMarketEvent(passed=pb.CentralMarketPassed(seat=1)))
    other = Event(pb.CentralMarketEvent(passed=pb.CentralMarketPassed(seat=2)))
    assert not events_match(v1, [dealt, passed], [reordered, other], 0)


#: The second finding: the property's inputs, and the step and observer it failed at.
FACE_UP = {"max-price": "10", "removed-product": "carrots", "skip-idle-reactions": "false",
           "cheat-mixed-products": "false", "reveal-final-discards": "true"}
FACE_UP_SEED, FACE_UP_STEP, FACE_UP_OBSERVER = b"\x00", 215, 1


def _discarded(events: list[Event]) -> list[pb.CentralMarketHandDiscarded]:
    return [e.message.hand_discarded for e in events
            if e.message.WhichOneof("kind") == "hand_discarded"]  # type: ignore[attr-defined]


def _rest(events: list[Event], observer: int) -> list[bytes]:
    return [e.message.SerializeToString() for e in events if e.visible_to(observer)
            and e.message.WhichOneof("kind") != "hand_discarded"]  # type: ignore[attr-defined]


def test_whose_face_up_discards_the_table_forgets_and_only_that() -> None:
    """At the final round's start the twin's seats discarded each other's cards:
    the same pile, the same next view, events that differ only in who laid which
    card; the check accepts exactly that."""
    config = PlayConfig("central-market", 3, FACE_UP, "central-market/2")
    rng = Rng(FACE_UP_SEED)
    for step in playout(config.new_game(FACE_UP_SEED), FACE_UP_SEED):
        observer = rng.below(3)
        if step.before.step < FACE_UP_STEP:
            check_no_leak(step, observer, rng)
            continue
        assert observer == FACE_UP_OBSERVER
        match = find_twin(step, observer, rng).match
        assert match is not None
        theirs = match.apply(step.seat, step.action)[1]
        assert visible(step.events, observer) != visible(theirs, observer)
        ours_discarded, their_discarded = _discarded(step.events), _discarded(theirs)
        assert [(d.seat, len(d.cards)) for d in ours_discarded] == [
            (d.seat, len(d.cards)) for d in their_discarded]
        assert [d.cards for d in ours_discarded] != [d.cards for d in their_discarded]
        assert sorted(c.SerializeToString() for d in ours_discarded for c in d.cards) == sorted(
            c.SerializeToString() for d in their_discarded for c in d.cards)
        assert _rest(step.events, observer) == _rest(theirs, observer)
        assert events_match(step.before, step.events, theirs, observer)
        assert not seen_by(step.after, step.events, observer).differences(
            seen_by(match.apply(step.seat, step.action)[0], theirs, observer))
        return
    raise AssertionError("the playout ended before the finding's step")


def test_the_forgotten_seat_excuses_no_other_card() -> None:
    """A face-up discard with other cards in all (the pile would differ), a
    face-down one, or another event: refused."""
    game = PlayConfig("central-market", 3, FACE_UP, "central-market/2").new_game(b"g")

    def discard(seat: int, *cards: tuple[int, int], face_down: bool = False) -> Event:
        return Event(pb.CentralMarketEvent(hand_discarded=pb.CentralMarketHandDiscarded(
            seat=seat, count=len(cards), face_down=face_down,
            cards=[pb.CentralMarketCard(product=p, kg=kg) for p, kg in cards])))  # type: ignore[misc]

    assert events_match(game, [discard(0, (1, 2)), discard(1, (3, 4))],
                        [discard(0, (3, 4)), discard(1, (1, 2))], 2)
    assert not events_match(game, [discard(0, (1, 2))], [discard(0, (1, 2), (3, 4))], 2)
    assert not events_match(game, [discard(0, (1, 2))], [discard(1, (1, 2))], 2)
    assert not events_match(game, [discard(0, face_down=True)], [discard(1, face_down=True)], 2)
