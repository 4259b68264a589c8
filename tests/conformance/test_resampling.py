"""`resample_hidden` for every game: it really redeals what the observer
cannot see, and it never contradicts what the observer knows (its view,
the public view, and every fact it was told in events since the game began).

The conformance leak checks compare each state with a resampled twin, so
they are only as strong as the resampler is lively and faithful: these tests
hold it to both.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engines.core import Event, Game, Rng
from tests.conformance import sealed_bid
from tests.conformance.checks import wire
from tests.conformance.configs import CONFIGS, PlayConfig, each_config
from tests.conformance.hidden import can_vary, hidden_places, pinned, told
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps, step_kind

#: One plain table per game, rules version and player count (the options do
#: not change what is hidden).
PLAIN = {(c.game_id, c.engine.spec.rules_version, c.num_players): c for c in reversed(CONFIGS)}
TABLES = sorted(PLAIN.values(), key=PlayConfig.label)
each_table = pytest.mark.parametrize("config", TABLES, ids=[c.label() for c in TABLES])



def _draws(places: dict[str, Any]) -> int:
    """The most redeals to try: enough that each card is expected in the smallest
    hidden place about ten times (a miss then has odds of about e**-10). The
    test stops drawing once every free card has been in two places, so a lively
    resampler needs a few; only a stuck card costs them all."""
    sizes = [c.total() for c in places.values() if c.total()]
    return min(1000, max(40, 10 * sum(sizes) // min(sizes)))


#: States the redeal tests judge per table: the one after set-up, then a
#: kind-complete sample of a playout's states (sampling.py: before the first
#: step of every kind, the last, an even spread over the rest), so a short game
#: or a rare decision is judged as surely as a long game's common ones.
SAMPLED_STATES = 12


def _sample_states(config: PlayConfig) -> Iterator[Game]:
    """The state after set-up, then the states before a kind-complete sample
    of a seeded playout's steps."""
    game = config.new_game(b"resample-variety")
    yield game
    steps = list(playout(game, b"variety-policy"))
    for index in sample_steps(steps, SAMPLED_STATES, 1):
        if index:
            yield steps[index].before


@each_table
def test_every_hidden_card_reaches_more_than_one_place(config: PlayConfig) -> None:
    """Over many redeals, every kind of card the observer cannot see turns up
    in more than one hidden place (another hand, a pile, the deck), wherever
    the state has two places for it and no public fact ties it to one (a
    Central Market bidder known to hold the product); so a redeal is never a
    copy. A game whose hidden cards lie in one place (a face-down deck alone)
    has none to move."""
    rng = Rng(b"variety")
    checked = hidden = 0
    for game in _sample_states(config):
        for observer in range(config.num_players):
            places = hidden_places(config.engine, game.state, observer)
            if sum(1 for c in places.values() if c) >= 2:  # one place: no card can change places
                hidden += sum(c.total() for c in places.values())
            if not can_vary(places):
                continue
            reached: dict[int, set[str]] = defaultdict(set)
            held = pinned(config.engine, game.state, observer)
            stuck: list[int] = []
            for _ in range(_draws(places)):
                twin = config.engine.resample_hidden(game.state, observer, rng)
                for place, items in hidden_places(config.engine, twin, observer).items():
                    for item in items:
                        reached[item].add(place)
                # Every redeal holds every hidden card somewhere, so `reached` already
                # names them all: once each free one has been in two places, more
                # redeals cannot change the verdict.
                stuck = sorted(item for item in set(reached) - held if len(reached[item]) < 2)
                if not stuck:
                    break
            assert not stuck, f"step {game.step}, observer {observer}: cards {stuck} never moved"
            checked += 1
    assert checked >= 2 or not hidden, "too few states to judge"


@each_table
def test_a_redeal_keeps_every_count_and_the_observers_cards(config: PlayConfig) -> None:
    """Only who holds which hidden card changes: each hidden place keeps its
    size, the hidden cards stay the same cards, the state stays well formed,
    and the observer's own view and the public view are unchanged."""
    engine = config.engine
    rng = Rng(b"counts")
    for game in _sample_states(config):
        for observer in range(config.num_players):
            real = hidden_places(config.engine, game.state, observer)
            twin = engine.resample_hidden(game.state, observer, rng)
            again = hidden_places(config.engine, twin, observer)
            assert {p: c.total() for p, c in again.items()} == {p: c.total() for p, c in real.items()}
            assert sum(again.values(), start=Counter[int]()) == sum(real.values(), start=Counter[int]())
            assert engine.encode(engine.decode(engine.encode(twin))) == engine.encode(twin)
            assert wire(engine.view(twin, observer)) == wire(engine.view(game.state, observer))
            assert wire(engine.view(twin, None)) == wire(engine.view(game.state, None))


# ------------------------------------------------------------------ what events told
# Each game declares what its events tell an observer (its hidden.py's `Told`).


def _visible(events: list[Event], viewer: int) -> list[Any]:
    return [e.message for e in events if e.visible_to(viewer)]


#: Steps after which the redeals are judged, per configuration (sampling.py: the
#: first TOLD_PER_KIND steps of every kind, the last, an even spread over the
#: rest); the observers follow the events of every step. Judging every step
#: was 10-30 s a Central Market configuration under coverage on a busy machine.
TOLD_STEPS = 64
TOLD_PER_KIND = 2


@pytest.mark.no_cover  # resample_hidden's lines: the tests above run them with coverage on
@each_config
def test_a_redeal_agrees_with_everything_the_observer_was_told(config: PlayConfig) -> None:
    """From set-up to the end, each observer follows the events it sees; after a
    kind-complete sample of the steps (every kind of step the game met, and
    spread over the whole game), redeals from its point of view contradict
    none of them and keep its own cards exactly."""
    engine = config.engine
    rng = Rng(b"told")
    facts_of = [told(engine) for _ in range(config.num_players)]
    steps = list(playout(config.new_game(b"told-seed"), b"told-policy"))
    judged = set(sample_steps(steps, TOLD_STEPS, TOLD_PER_KIND))
    assert {step_kind(steps[i]) for i in judged} == {step_kind(s) for s in steps}
    for index, step in enumerate(steps):
        for observer, facts in enumerate(facts_of):
            for message in _visible(step.events, observer):
                facts.see(message)
            if index not in judged:
                continue
            for _ in range(3):
                twin = engine.resample_hidden(step.after.state, observer, rng)
                assert not facts.contradicted_by(twin, observer), (
                    f"step {step.after.step}: {facts.contradicted_by(twin, observer)}"
                )
                assert wire(engine.view(twin, observer)) == wire(engine.view(step.after.state, observer))


@dataclass(frozen=True)
class _Unregistered:
    """A table of a game the registry does not hold, shaped as PlayConfig for the tests above."""

    engine: Any
    num_players: int

    def new_game(self, seed: bytes) -> Game:
        return Game.new(self.engine, self.num_players, {}, seed)


def test_a_two_step_game_with_one_move_kind_and_no_hidden_cards_is_judged_at_every_step() -> None:
    """Sealed Bid (tests/conformance/sealed_bid.py) declares no hidden places (a
    face-down bid is a choice drawn afresh, not a card) and ends after two
    bids: every redeal test above runs on it, and judges both steps."""
    table = _Unregistered(sealed_bid.engine(), 2)
    assert table.engine.hidden is None
    steps = list(playout(table.new_game(b"told-seed"), b"told-policy"))
    assert len(steps) == 2 and sample_steps(steps, TOLD_STEPS, TOLD_PER_KIND) == [0, 1]
    test_every_hidden_card_reaches_more_than_one_place(table)  # type: ignore[arg-type]
    test_a_redeal_keeps_every_count_and_the_observers_cards(table)  # type: ignore[arg-type]
    test_a_redeal_agrees_with_everything_the_observer_was_told(table)  # type: ignore[arg-type]
