"""The conformance suite: every registered game, every player count and
option set (configs.py), played to the end with seeded random legal actions.

A new engine gets all of this for free by registering itself.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engines.core import (
    Game,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Rng,
    StaleStep,
)
from tests.conformance.checks import (
    check_action_twins,
    check_decisions,
    check_no_leak,
    check_outcome,
    check_round_trip,
)
from tests.conformance.configs import CONFIGS, PlayConfig, each_config
from tests.conformance.hidden import can_vary, hidden_places
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps, step_kind


@each_config
def test_random_playout_reaches_a_consistent_end(config: PlayConfig) -> None:
    """Every state on the way is well formed, survives the wire format, and
    apply never mutates the state it was given."""
    game = config.new_game(b"conformance-playout")
    check_decisions(game)
    encoded = game.encode()
    last = game
    for step in playout(game, b"policy-1"):
        assert step.before.encode() == encoded, "apply mutated its input state"
        assert step.after.step == step.before.step + 1
        check_decisions(step.after)
        check_round_trip(step.after)
        encoded = step.after.encode()
        last = step.after
    check_outcome(last)
    outcome = last.outcome()
    assert outcome is not None


@each_config
def test_every_legal_action_applies(config: PlayConfig) -> None:
    """Not just the one a playout picks: at every fifth step, every legal
    action of every decider applies cleanly and yields a well-formed state
    (up to 60 actions a step, spread evenly over the list)."""
    for index, step in enumerate(playout(config.new_game(b"every-action"), b"every-policy")):
        if index % 5:
            continue
        game = step.before
        for decision in game.to_act():
            legal = list(config.engine.legal_actions(game.state, decision.seat))
            stride = max(1, len(legal) // 60)
            for action in legal[::stride]:
                after, _ = game.apply(decision.seat, action)
                assert after.step == game.step + 1
                check_decisions(after)


@each_config
def test_same_seed_and_actions_give_identical_bytes(config: PlayConfig) -> None:
    first = [s.after.encode() for s in playout(config.new_game(b"twin-seed"), b"twin-policy")]
    second = [s.after.encode() for s in playout(config.new_game(b"twin-seed"), b"twin-policy")]
    assert first == second
    # Every catalogue game shuffles at set-up, so the seed must matter.
    assert config.new_game(b"another-seed").encode() != config.new_game(b"twin-seed").encode()


#: Share of resamples that must differ from the real state where a redeal can
#: differ (a constrained one may keep the real deal now and then).
MIN_VARIED = 0.5


#: The leak check judges this many steps of each configuration's playout (more
#: only if its step kinds need them), every observer at each: the first
#: LEAK_PER_KIND steps of every kind, the last, and an even spread over the rest.
#: Every step of every observer was 20-35 s a configuration under coverage on
#: a busy machine; the Hypothesis property below still judges every step of
#: the games it draws (fixed examples and a fresh search) for a sampled observer.
LEAK_STEPS = 64
LEAK_PER_KIND = 2


@pytest.mark.no_cover  # the property test below runs the same checks with coverage on
@each_config
def test_views_actions_and_events_never_leak(config: PlayConfig) -> None:
    """The leak checks compare each state with a resampled twin, so they cover
    only what the resampler really moves: an inert resampler fails here.
    They run on a kind-complete sample of the playout's steps (sampling.py):
    every (decision kind, action) the game met is judged for every observer."""
    rng = Rng(b"resample")
    steps = list(playout(config.new_game(b"leak-seed"), b"leak-policy"))
    sample = [steps[i] for i in sample_steps(steps, LEAK_STEPS, LEAK_PER_KIND)]
    assert {step_kind(s) for s in sample} == {step_kind(s) for s in steps}, "a step kind went unjudged"
    could_vary = varied = 0
    compared: Counter[str] = Counter()
    for step in sample:
        for observer in range(config.num_players):
            verdict = check_no_leak(step, observer, rng)
            compared[verdict.events] += 1
            if can_vary(hidden_places(config.engine, step.before.state, observer)):
                could_vary += 1
                varied += verdict.changed
    assert varied >= MIN_VARIED * could_vary, (
        f"resample_hidden changed only {varied} of {could_vary} states it could have changed"
    )
    assert compared["bytes"] >= MIN_EVENTS_COMPARED * compared.total(), (
        f"the events were compared byte for byte at only {compared['bytes']} of "
        f"{compared.total()} steps and observers: {dict(compared)}"
    )


#: Share of (step, observer) pairs at which check_no_leak must find a twin that
#: plays the step to the observer's real next view, so their events are compared
#: byte for byte. The rest reveal too much at once for a random twin to match
#: (a round's scoring, a seat's own multi-card draw): docs/testing.md, "State twins".
MIN_EVENTS_COMPARED = 0.85


#: Every decision kind at least this often: the action twins judge it at these
#: steps of the playout (sampling.py), every seat that decides there, every observer.
TWIN_PER_KIND = 3


@pytest.mark.no_cover  # the property test below runs the action twins with coverage on
@each_config
def test_secret_moves_stay_secret_and_the_declaration_holds(config: PlayConfig) -> None:
    """Action twins (checks.check_action_twins): at a kind-complete sample of the
    playout's states, every deciding seat's legal actions are played against
    each other for every observer. Two that differ only in what the game's
    declaration hides (Engine.known_part) show an observer the same bytes; and
    an observer whose view cannot tell two apart, while another seat's can, is
    told nothing more, so an undeclared secret fails too. A game that declares
    secret moves must have them varied here, or the check proved nothing."""
    steps = list(playout(config.new_game(b"twin-seed"), b"twin-policy"))
    sample = [steps[i] for i in sample_steps(steps, LEAK_STEPS, TWIN_PER_KIND)]
    secret_pairs = 0
    for step in sample:
        for decision in step.before.to_act():
            secret_pairs += check_action_twins(step.before, decision.seat).secret_pairs
    declares = config.engine.has_secret_moves
    assert (secret_pairs > 0) == declares, (
        f"{secret_pairs} pairs of secret twins for a game that "
        f"{'declares' if declares else 'does not declare'} secret moves"
    )


def test_the_leak_sample_is_bounded_and_holds_every_kind() -> None:
    """sample_steps keeps the first steps of each kind and the last, spreads the
    rest, and stays within its total when the kinds allow."""
    config = max(CONFIGS, key=lambda c: c.num_players)
    steps = list(playout(config.new_game(b"leak-seed"), b"leak-policy"))
    kinds = {step_kind(s) for s in steps}
    assert len(steps) > LEAK_STEPS > 2 * len(kinds), "pick a longer game to test the sampler on"
    chosen = sample_steps(steps, LEAK_STEPS, LEAK_PER_KIND)
    assert len(chosen) == LEAK_STEPS == len(set(chosen))
    assert chosen == sorted(chosen) and chosen[-1] == len(steps) - 1
    assert {step_kind(steps[i]) for i in chosen} == kinds
    for kind in kinds:
        first = [i for i, s in enumerate(steps) if step_kind(s) == kind][:LEAK_PER_KIND]
        assert set(first) <= set(chosen), kind
    eighths = {8 * i // len(steps) for i in chosen}
    assert eighths == set(range(8)), "the sample left a stretch of the game unjudged"
    assert sample_steps(steps[:5], LEAK_STEPS, LEAK_PER_KIND) == list(range(5))


@each_config
def test_bad_actions_are_refused_and_change_nothing(config: PlayConfig) -> None:
    engine = config.engine
    last: Game | None = None
    for index, step in enumerate(playout(config.new_game(b"refusals"), b"refusal-policy")):
        game = step.before
        before = game.encode()
        deciders = {d.seat for d in game.to_act()}
        with pytest.raises(IllegalAction):
            game.apply(step.seat, engine.spec.action_type())  # an empty action is never legal
        with pytest.raises(NotYourTurn):
            game.apply(config.num_players, step.action)
        with pytest.raises(NotYourTurn):
            game.apply(-1, step.action)
        idle = [s for s in range(config.num_players) if s not in deciders]
        if idle:
            with pytest.raises(NotYourTurn):
                game.apply(idle[index % len(idle)], step.action)
        with pytest.raises(StaleStep):
            game.apply(step.seat, step.action, expected_step=game.step - 1)
        assert game.encode() == before
        last = step.after
    assert last is not None
    with pytest.raises(GameOver):
        last.apply(0, engine.spec.action_type())


#: Fixed cases run on every run, before the search: one per game, a short seed
#: and a long one, so CI always covers each game whatever the search draws.
FIXED_SEEDS = [(b"\x00", b"\x00"), (b"fixed-seed-one", b"p1"), (bytes(range(32)), b"policy-2")]


def _with_fixed_examples(test: Callable[..., None]) -> Callable[..., None]:
    for game_id in sorted({c.game_id for c in CONFIGS}):
        first, *_ = [c for c in CONFIGS if c.game_id == game_id]
        for seed, policy in FIXED_SEEDS:
            test = example(config=first, seed=seed, policy=policy)(test)
    return test


@_with_fixed_examples
@given(
    config=st.sampled_from(CONFIGS) if CONFIGS else st.nothing(),
    seed=st.binary(min_size=1, max_size=32),
    policy=st.binary(min_size=1, max_size=8),
)
def test_property_any_seed_plays_to_a_consistent_end(
    config: PlayConfig, seed: bytes, policy: bytes
) -> None:
    """Hypothesis picks seeds and policies; every playout ends consistently,
    round-trips at every step and leaks nothing: not to a sampled observer's
    state twin, nor through the acting seat's action twins."""
    rng = Rng(seed)
    game = config.new_game(seed)
    last = game
    could_vary = varied = 0
    for step in playout(game, policy):
        check_round_trip(step.after)
        observer = rng.below(config.num_players)
        verdict = check_no_leak(step, observer, rng)
        if can_vary(hidden_places(config.engine, step.before.state, observer)):
            could_vary += 1
            varied += verdict.changed
        check_action_twins(step.before, step.seat)
        last = step.after
    assert varied >= MIN_VARIED * could_vary, "resample_hidden left most states as they were"
    check_outcome(last)
    replayed = config.new_game(seed)
    for step in playout(replayed, policy):
        replayed = step.after
    assert replayed.digest() == last.digest()


def test_every_registered_game_is_covered() -> None:
    from engines import registry

    assert {c.game_id for c in CONFIGS} == set(registry.ENGINES)


def test_every_rules_version_is_covered() -> None:
    """Old versions stay in the suite as long as the server plays them."""
    from engines import registry

    assert {(c.game_id, c.engine.spec.rules_version) for c in CONFIGS} == {
        (e.spec.game_id, e.spec.rules_version) for e in registry.every_engine()}


def test_the_sample_holds_every_game_version_option_set_and_seating() -> None:
    """configs.sampled: each option set of each game and rules version once (a seating
    none of them reached would add one more), every seating, fewer than all; the
    player counts rotate over the option sets, fewest seats first."""
    from tests.conformance.configs import all_configs, sampled

    every = all_configs()
    sample = sampled(every)

    def option_set(c: PlayConfig) -> tuple[str, str, frozenset[tuple[str, str]]]:
        return c.game_id, c.rules_version, frozenset(c.options.items())

    def seating(c: PlayConfig) -> tuple[str, str, int]:
        return c.game_id, c.rules_version, c.num_players

    assert len(sample) < len(every) and sample == sorted(sample, key=every.index)
    assert {option_set(c) for c in sample} == {option_set(c) for c in every}
    assert {seating(c) for c in sample} == {seating(c) for c in every}
    assert len(sample) == len({option_set(c) for c in sample}), "the rotation alone reaches every seating"
    made_up = [PlayConfig("g", n, {"o": str(k)}, "g/1") for k in range(5) for n in (2, 3, 4)]
    assert [(c.options["o"], c.num_players) for c in sampled(made_up)] == [
        ("0", 2), ("1", 3), ("2", 4), ("3", 2), ("4", 3)]
    lone = [PlayConfig("h", n, {}, "h/1") for n in (2, 3)]
    assert sampled(lone) == lone, "a seating no option set reached is played too"


def test_the_pairwise_cover_holds_every_value_and_pair() -> None:
    """With more than two option axes the suite plays a pairwise cover: every
    value and every pair of values some valid combination holds."""
    from tests.conformance.configs import pairwise

    axes = [[("a", "1"), ("a", "2"), ("a", "3")], [("b", "x"), ("b", "y")],
            [("c", "t"), ("c", "f")], [("d", "t"), ("d", "f")]]
    combos = list(itertools.product(*axes))
    cover = pairwise(combos)
    assert len(cover) < len(combos)
    wanted = {pair for combo in combos for pair in itertools.combinations(combo, 2)}
    assert wanted == {pair for combo in cover for pair in itertools.combinations(combo, 2)}
    assert pairwise(list(itertools.product(*axes[:2]))) == list(itertools.product(*axes[:2]))
