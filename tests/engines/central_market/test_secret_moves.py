"""Secret moves (docs/rules/central-market.md, "Secret moves"): the set-aside
choice is the seat's own. Which card stays with the seat; whether it kept every
card is told to the others only when the last seat has chosen; and the last
choice before the final round shows through the hand it then discards, where
the table discards face up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines import registry
from engines.central_market.moves import KeepAll, SetAside
from engines.central_market.state import SET_ASIDE, UNDECIDED
from engines.core import Game
from tests.conformance.checks import check_action_twins, seen_by
from tests.conformance.playout import playout


def _first(version: str, players: int, options: dict[str, str],
           wanted: Callable[[Any], bool]) -> Game:
    """The first state of a seeded playout that `wanted` accepts."""
    engine = registry.get("central-market", version)
    assert engine is not None
    for step in playout(Game.new(engine, players, options, b"secret moves"), b"set-aside"):
        if wanted(step.before.state):
            return step.before
    raise AssertionError("the playout never reached the wanted state")


def _undecided(state: Any) -> int:
    return state.set_aside_choice.count(UNDECIDED) if state.phase == SET_ASIDE else 0


def _last_with_cards(state: Any) -> bool:
    """One seat left to choose, holding two different cards or more."""
    if _undecided(state) != 1:
        return False
    return len(set(state.hands[state.set_aside_choice.index(UNDECIDED)])) >= 2


def _chooser(game: Game) -> tuple[int, list[Any]]:
    seat = next(d.seat for d in game.to_act())
    return seat, list(game.engine.legal_actions(game.state, seat))


def _known(game: Game, seat: int, actions: list[Any], observer: int | None) -> set[Any]:
    return {game.engine.known_part(game.state, seat, a, observer) for a in actions}


def test_secret_moves_set_aside_card_and_choice_stay_with_the_seat_until_the_last_chooses() -> None:
    """With others still choosing, every set-aside choice of a seat (each card,
    or keeping all) is one move to the others, and shows them the same bytes."""
    game = _first("", 4, {}, lambda s: _undecided(s) == 4)
    seat, choices = _chooser(game)
    assert len(choices) >= 3
    others = [o for o in (*range(4), None) if o != seat]
    for observer in others:
        assert len(_known(game, seat, choices, observer)) == 1
    assert check_action_twins(game, seat).secret_pairs >= len(others) * (len(choices) - 1)
    keep = next(a for a in choices if a.WhichOneof("move") == "keep_all")
    card = next(a for a in choices if a.WhichOneof("move") == "set_aside")
    for observer in others:
        assert seen_by(*game.apply(seat, keep), observer) == seen_by(*game.apply(seat, card), observer)


def test_secret_moves_the_last_choice_tells_whether_not_which() -> None:
    """The last seat's choice ends the round and reveals how many cards each set
    aside: keeping all and setting one aside differ to the others, two cards do not."""
    game = _first("", 4, {}, lambda s: _last_with_cards(s) and s.round < 3)
    seat, choices = _chooser(game)
    known = _known(game, seat, choices, (seat + 1) % 4)
    assert known == {("set-aside choice", SetAside), ("set-aside choice", KeepAll)}
    assert check_action_twins(game, seat).secret_pairs > 0


def test_secret_moves_last_set_aside_before_the_final_round_shows_through_face_up_discards() -> None:
    """Before the final round the last seat's choice starts that round, whose
    first step discards the rest of each hand: face up (version 1, or
    reveal-final-discards), that tells the others which card was kept back, so
    the choice is public there; face down (version 2's default), it stays secret."""
    for version, options, public in (
        ("central-market/1", {}, True),
        ("central-market/2", {"reveal-final-discards": "true"}, True),
        ("central-market/2", {}, False),
    ):
        game = _first(version, 3, options,
                      lambda s: _last_with_cards(s) and s.round + 1 == s.final_round)
        seat, choices = _chooser(game)
        cards = [a for a in choices if a.WhichOneof("move") == "set_aside"]
        assert len(cards) >= 2
        observer = (seat + 1) % 3
        assert len(_known(game, seat, cards, observer)) == (len(cards) if public else 1), version
        told = [seen_by(*game.apply(seat, a), observer) for a in cards[:2]]
        assert (told[0] != told[1]) == public, version
        check_action_twins(game, seat)
