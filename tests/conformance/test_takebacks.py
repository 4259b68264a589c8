"""Take-backs provably never reveal, for every game, rules version, player count and
option set (configs.py): the barrier engines/core/takebacks.py derives is held to
the information flow (checks.check_barrier), a take-back restores exactly the
position it names, and a seat that takes back and plays on sees nothing a fresh
game reaching the same position would not show it (docs/testing.md, "Take-backs").
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import Game, Rng
from engines.core.takebacks import TakebackWindow, barrier, record, take_back
from tests.conformance.checks import check_barrier, observers, seen_by, wire
from tests.conformance.configs import PlayConfig, each_config
from tests.conformance.playout import MAX_STEPS, choose, playout
from tests.conformance.sampling import sample_steps

#: Replays of every configuration, over a quarter of the conformance suite's time, cost three
#: times that traced: engines/core/takebacks.py's lines and each game's declaration run
#: with coverage on in tests/engines/test_takeback_barriers.py and tests/service.
pytestmark = pytest.mark.no_cover

#: The barrier check judges this many steps of each playout (kind-complete, as the leak
#: check: sampling.py), every seat as the observer at each, with checks.BARRIER_TWINS
#: twins apiece.
BARRIER_STEPS = 64
BARRIER_PER_KIND = 2


@each_config
def test_a_step_that_is_no_barrier_shows_every_twin_the_same_and_the_verdict_tells_nothing(
        config: PlayConfig) -> None:
    """A step judged no barrier, played on any twin of any seat that can play it, shows
    that seat and the spectator the very same bytes: taking it back hides nothing any
    of them learnt. And on every twin that shows a seat the same, the verdict is the
    same: whether a take-back is allowed is a function of what the seat saw."""
    rng = Rng(b"barrier")
    steps = list(playout(config.new_game(b"barrier-seed"), b"barrier-policy"))
    sample = [steps[i] for i in sample_steps(steps, BARRIER_STEPS, BARRIER_PER_KIND)]
    judged: Counter[str] = Counter()
    compared = 0
    for step in sample:
        for observer in range(config.num_players):
            verdict = check_barrier(step, observer, rng)
            judged[verdict.barrier or "none"] += 1
            if verdict.barrier is None:
                compared += verdict.played
    assert judged["none"], f"no step of {config.label()} could be taken back: {dict(judged)}"
    assert compared, "no twin played a step judged no barrier: the check compared nothing"


def _views(game: Game) -> list[bytes]:
    return [wire(game.engine.view(game.state, who)) for who in observers(game)]


@each_config
def test_a_takeback_restores_every_view_the_counter_and_the_same_action_replays_alike(
        config: PlayConfig) -> None:
    """At every step a seat may take back (every fourth, at most), taking back 1..all of
    its actions gives the position those actions started from: every seat's and the
    spectator's view, legal actions and decisions the same bytes, the RNG counter the
    same, the step one higher; and the action first played there plays the same again."""
    rng = Rng(b"takeback-restores")
    window = TakebackWindow()
    history: list[tuple[Game, int, object]] = []  # (position, seat, action played there)
    done = 0
    for index, step in enumerate(playout(config.new_game(b"restore-seed"), b"restore-policy")):
        history.append((step.before, step.seat, step.action))
        window = record(window, step.before, step.seat, step.action, step.after, step.events)
        allowed = window.steps_for(step.seat)
        if not allowed or index % 4:
            continue
        steps = 1 + rng.below(allowed)
        restored, left = take_back(step.after, window, step.seat, steps)
        target, seat, first = history[-steps]
        assert seat == step.seat and left.steps_for(seat) == allowed - steps
        assert restored.step == step.after.step + 1
        assert restored.rng_counter == target.rng_counter == step.after.rng_counter
        assert restored.engine.encode(restored.state) == target.engine.encode(target.state)
        assert _views(restored) == _views(target)
        for who in observers(target):
            assert seen_by(restored, [], who) == seen_by(target, [], who)
        again, again_events = restored.apply(seat, first)  # type: ignore[arg-type]
        original, original_events = target.apply(seat, first)  # type: ignore[arg-type]
        assert again.engine.encode(again.state) == original.engine.encode(original.state)
        assert [wire(e.message) for e in again_events] == [wire(e.message) for e in original_events]
        done += 1
    if config.num_players > 1 or config.game_id == "market-fresh":
        assert done, f"no take-back was tried in {config.label()}"


@each_config
def test_a_seat_that_takes_back_and_plays_on_sees_what_a_fresh_game_would_show(
        config: PlayConfig) -> None:
    """Random playouts where, whenever the seat that just acted may, it sometimes takes
    back some of its actions and plays on differently: along the whole game, every
    seat's and the spectator's view, and the events each is shown, are those of a
    fresh game that reached the same position without the take-backs (same seed, the
    surviving actions): nobody learns anything a take-back could have bought."""
    seed, policy = b"fresh-seed", Rng(b"fresh-policy")
    game, window = config.new_game(seed), TakebackWindow()
    path = [config.new_game(seed)]  # the fresh game's positions along the surviving actions
    taken = 0
    for _ in range(MAX_STEPS):
        if not game.to_act():
            break
        seat, action = choose(game, policy)
        after, events = game.apply(seat, action)
        fresh, fresh_events = path[-1].apply(seat, action)
        for who in observers(game):
            assert seen_by(after, events, who) == seen_by(fresh, fresh_events, who), (
                f"step {after.step}: {who} is shown other bytes than in a fresh game")
        assert after.rng_counter == fresh.rng_counter
        window = record(window, game, seat, action, after, events)
        game = after
        path.append(fresh)
        allowed = window.steps_for(seat)
        if allowed and policy.below(3) == 0:
            steps = 1 + policy.below(allowed)
            game, window = take_back(game, window, seat, steps)
            del path[-steps:]
            taken += 1
            assert _views(game) == _views(path[-1]) and game.rng_counter == path[-1].rng_counter
    assert not game.to_act(), "the game did not end"
    assert game.engine.encode(game.state) == path[-1].engine.encode(path[-1].state)
    if config.num_players > 1 or config.game_id == "market-fresh":
        assert taken, f"no take-back happened in {config.label()}"


@each_config
def test_the_barrier_is_a_chance_outcome_the_end_or_a_declared_reveal_never_less(
        config: PlayConfig) -> None:
    """The framework's own rules hold at every step: chance and the game's end are
    always barriers, and so is an event addressed to a seat that did not act."""
    for step in playout(config.new_game(b"rules-seed"), b"rules-policy"):
        found = barrier(step.before, step.seat, step.after, step.events)
        if step.after.rng_counter != step.before.rng_counter or not step.after.to_act():
            assert found in ("chance", "game-end")
        elif any(e.audience is not None and e.audience - {step.seat} for e in step.events):
            assert found == "told-another-seat"
