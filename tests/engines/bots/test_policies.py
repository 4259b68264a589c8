"""The policies on real games: legal answers, honest statistics, the
evaluation at work, simultaneous decisions, and games without a heuristic."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from engines import registry
from engines.bots import (
    GREEDY_SAMPLES,
    POLICIES,
    Budget,
    GreedyPolicy,
    IsmctsConfig,
    IsmctsPolicy,
    Policy,
    Suggestion,
    default_iterations,
    suggest,
)
from engines.bots.common import plays
from engines.bots.greedy import judged
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.core import Game, NotYourTurn, Rng
from engines.core.spec import BotTuning
from engines.core.standard import StandardEngine
from engines.market_fresh.rules import options_now
from engines.market_fresh.state import SCORE
from engines.spice_merchant.spec import MODULES as SPICE_MODULES
from engines.spice_merchant.versions import RULES as SPICE_RULES
from tests.conformance.playout import playout


def wire(message: Any) -> bytes:
    return message.SerializeToString(deterministic=True)  # type: ignore[no-any-return]


def check(game: Game, seat: int, answer: Suggestion, iterations: int) -> None:
    legal = [wire(a) for a in game.engine.legal_actions(game.state, seat)]
    assert wire(answer.action) in legal
    assert [wire(c.action) for c in answer.candidates] == legal
    assert all(0.0 <= c.mean_value <= 1.0 for c in answer.candidates)
    if len(legal) > 1 and iterations:
        assert answer.iterations == iterations


@pytest.mark.parametrize("playout_kind", ["random", "truncated", "greedy"])
def test_ismcts_visits_one_root_action_per_iteration(playout_kind: str) -> None:
    """Every iteration goes through the bot's root decision exactly once, so
    the root visits add up to the iterations (in every playout kind)."""
    policy = IsmctsPolicy(IsmctsConfig(playout=playout_kind, depth=4))  # type: ignore[arg-type]
    game = Game.new(registry.ENGINES["central-market"], 4, {}, b"visits")
    for step in list(playout(game, b"visits-policy"))[:60:6]:
        seat = step.before.to_act()[0].seat
        answer = policy.choose(step.before, seat, Budget(30), Rng(b"v"))
        check(step.before, seat, answer, 30)
        if len(answer.candidates) > 1:
            assert sum(c.visits for c in answer.candidates) == 30
            best = max(c.visits for c in answer.candidates)
            assert next(c for c in answer.candidates if c.action == answer.action).visits == best


def test_simultaneous_deciders_each_get_their_own_answer() -> None:
    """Spice Merchant's registration: every seat decides at once; asking for
    the second decider searches with both choosing at the root."""
    game = Game.new(registry.ENGINES["spice-merchant"], 3, {}, b"together")
    assert [d.seat for d in game.to_act()] == [0, 1, 2]
    for seat in (0, 2):
        answer = suggest(game, seat, POLICIES["ismcts"], Budget(40), b"s")
        check(game, seat, answer, 40)
        assert sum(c.visits for c in answer.candidates) == 40


def test_a_seat_that_does_not_decide_is_refused_like_apply() -> None:
    game = Game.new(registry.ENGINES["central-market"], 3, {}, b"idle")
    with pytest.raises(NotYourTurn):
        suggest(game, 1, POLICIES["greedy"], Budget(1), b"s")


def score_steps(seed: bytes) -> list[Game]:
    """Crate Heights positions where scoring options differ by 5+ points
    (no final scoring: the score track is the whole estimate)."""
    found = []
    game = Game.new(registry.ENGINES["market-fresh"], 2, {"variant": "crate-heights"}, seed)
    for step in playout(game, seed):
        s = step.before.state
        if s.phase == SCORE:
            points = sorted(o.points for o in options_now(s))
            if len(points) > 1 and points[-1] - points[-2] >= 5:
                found.append(step.before)
    return found


def best_scoring(game: Game) -> bytes:
    s = game.state
    options = options_now(s)  # in the order of the legal actions
    best = max(range(len(options)), key=lambda i: options[i].points)
    return wire(game.engine.legal_actions(s, s.current)[best])


def test_greedy_takes_the_scoring_its_evaluation_prefers() -> None:
    positions = score_steps(b"heights")
    assert positions
    for game in positions:
        answer = suggest(game, game.state.current, POLICIES["greedy"], Budget(8), b"s")
        assert wire(answer.action) == best_scoring(game)


def test_ismcts_takes_the_best_scoring_in_the_last_turn() -> None:
    """Early on ISMCTS may keep a produce's one height scoring for later; in
    the game's last scoring there is no later (and a decided game is still
    played for points)."""
    lasts = []
    for seed in (b"a", b"b", b"c", b"d", b"e", b"f"):
        positions = score_steps(seed)
        if positions:
            game = positions[-1]
            after, _ = game.apply(game.state.current, game.engine.legal_actions(
                game.state, game.state.current)[0])
            if not after.to_act():
                lasts.append(game)
    assert lasts
    for game in lasts:
        answer = suggest(game, game.state.current, POLICIES["ismcts"], Budget(100), b"s")
        assert wire(answer.action) == best_scoring(game)


#: A game that offers bots no evaluation: they must play samples out.
NO_HEURISTIC = replace(SPICE_MODULES, estimate=None, search_estimate=None)


@pytest.mark.parametrize("name", ["greedy", "ismcts"])
def test_without_a_heuristic_samples_are_played_to_the_end(name: str) -> None:
    game = Game.new(StandardEngine(NO_HEURISTIC, SPICE_RULES[0]), 2, {}, b"plain")
    for step in list(playout(game, b"plain-policy"))[5:40:10]:
        seat = step.before.to_act()[0].seat
        answer = suggest(step.before, seat, POLICIES[name], Budget(4), b"s")
        check(step.before, seat, answer, 4)
        if len(answer.candidates) > 1:
            assert any(c.mean_value > 0 for c in answer.candidates)


@pytest.mark.parametrize(("policy", "used"), [
    (GreedyPolicy(), "estimate"),
    (IsmctsPolicy(), "search_estimate"),
    (LookaheadPolicy(LookaheadConfig(samples=4, horizon=2, tie_margin=1.0)), "search_estimate"),
])
def test_a_search_judges_by_the_search_estimate_and_greedy_by_the_estimate(
        policy: Policy, used: str) -> None:
    """Spice Merchant's search counts a share of the hand's potential and
    greedy (`medium`) does not (engines/spice_merchant/evaluation.py): each
    policy calls its own evaluation, and only its own."""
    calls: Counter[str] = Counter()

    def counted(name: str) -> Callable[[Any], Sequence[float]]:
        found = getattr(SPICE_MODULES, name)

        def estimate(state: Any) -> Sequence[float]:
            calls[name] += 1
            return found(state)  # type: ignore[no-any-return]
        return estimate

    modules = replace(SPICE_MODULES, estimate=counted("estimate"),
                      search_estimate=counted("search_estimate"))
    game = Game.new(StandardEngine(modules, SPICE_RULES[0]), 4, {}, b"judges")
    step = next(s for s in list(playout(game, b"judges-play"))[6:]
                if len(s.before.engine.legal_actions(s.before.state, s.before.to_act()[0].seat)) > 2)
    seat = step.before.to_act()[0].seat
    policy.choose(step.before, seat, Budget(16), Rng(b"j"))
    assert set(calls) == {used}, calls


def test_greedy_samples_every_action_on_the_same_determinizations() -> None:
    game = Game.new(registry.ENGINES["spice-merchant"], 2, {}, b"greedy")
    step = list(playout(game, b"greedy-policy"))[8]
    seat = step.before.to_act()[0].seat
    answer = GreedyPolicy().choose(step.before, seat, Budget(5), Rng(b"g"))
    check(step.before, seat, answer, 5)
    assert {c.visits for c in answer.candidates} == {5}
    assert max(c.mean_value for c in answer.candidates) == next(
        c.mean_value for c in answer.candidates if c.action == answer.action)


def spice_main_turn() -> Game:
    """A Spice Merchant position with far more legal actions than root_top_k."""
    game = Game.new(registry.ENGINES["spice-merchant"], 2, {}, b"wide")
    for step in playout(game, b"wide-policy"):
        seat = step.before.to_act()[0].seat
        if len(step.before.engine.legal_actions(step.before.state, seat)) > 12:
            return step.before
    raise AssertionError("no wide position")


def test_the_root_admits_only_its_best_actions_by_the_prior_when_the_budget_is_small() -> None:
    """Widening at the root: with 60 iterations for a dozen or more actions,
    only the root_top_k best by greedy's one-ply judgement (by the search's
    evaluation) are searched; with
    a budget that visits every action root_visits times, all are."""
    game = spice_main_turn()
    seat = game.to_act()[0].seat
    legal = game.engine.legal_actions(game.state, seat)
    config = IsmctsConfig(root_top_k=4)
    answer = IsmctsPolicy(config).choose(game, seat, Budget(60), Rng(b"w"))
    searched = [i for i, c in enumerate(answer.candidates) if c.visits]
    assert len(searched) == 4 and sum(c.visits for c in answer.candidates) == 60
    moves = plays(game.engine).moves(game.state, seat)  # greedy's judgement, by the search's evaluation
    means, _ = judged(game, seat, moves, config.prior_samples, Budget(config.prior_samples), Rng(b"w"))
    best4 = sorted(range(len(legal)), key=lambda i: (-means[i], i))[:4]
    assert sorted(searched) == sorted(best4)
    # admitted is not visited: an exploration wide enough that every admitted action is tried
    wide = IsmctsConfig(root_top_k=4, root_visits=1, exploration=2.0)
    answer = IsmctsPolicy(wide).choose(game, seat, Budget(2 * len(legal)), Rng(b"w"))
    assert all(c.visits for c in answer.candidates)


def test_nodes_are_keyed_by_the_deciding_seats_information_state() -> None:
    """Two determinizations that differ only in what seat 1 cannot see share
    seat 1's node; ones that differ in seat 1's own hand do not."""
    from engines.bots.common import plays
    from engines.bots.ismcts import _Node, _Search

    game = Game.new(registry.ENGINES["central-market"], 3, {}, b"keys")
    engine = game.engine
    search = _Search(engine, 0, IsmctsConfig(), Rng(b"k"), _Node([]), {}, plays(engine),
                     0.7, 2)
    state = game.state
    node = IsmctsPolicy._node(search, state, 1)
    assert list(node.moves) == list(plays(engine).moves(state, 1))
    hidden_from_1 = engine.resample_hidden(state, 1, Rng(b"other"))
    assert hidden_from_1.hands[1] == state.hands[1] and hidden_from_1.hands != state.hands
    assert IsmctsPolicy._node(search, hidden_from_1, 1) is node
    hidden_from_0 = engine.resample_hidden(state, 0, Rng(b"other"))
    assert hidden_from_0.hands[1] != state.hands[1]
    assert IsmctsPolicy._node(search, hidden_from_0, 1) is not node


def test_each_policy_says_its_own_default_budget_and_whether_it_searches() -> None:
    """No caller branches on a policy's name: the policy object answers."""
    for engine in registry.every_engine():
        assert POLICIES["random"].default_iterations(engine) == 1
        assert POLICIES["greedy"].default_iterations(engine) == GREEDY_SAMPLES
        assert POLICIES["ismcts"].default_iterations(engine) == engine.spec.bots.search_iterations
        assert default_iterations(POLICIES["ismcts"], engine) == engine.spec.bots.search_iterations
    assert {name: p.searches for name, p in POLICIES.items()} == {
        "random": False, "greedy": True, "ismcts": True}


def test_exploration_by_share_scales_the_constant_by_two_over_the_players() -> None:
    """At 4 players `exploration_by_share` searches exactly as half the
    constant does; at 2 players it changes nothing."""
    for players, factor in ((4, 0.5), (2, 1.0)):
        game = Game.new(registry.ENGINES["spice-merchant"], players, {}, b"share")
        step = next(s for s in playout(game, b"share-policy")
                    if len(s.before.engine.legal_actions(s.before.state,
                                                          s.before.to_act()[0].seat)) > 3)
        seat = step.before.to_act()[0].seat
        scaled = IsmctsPolicy(IsmctsConfig(exploration=0.7, exploration_by_share=1))
        plain = IsmctsPolicy(IsmctsConfig(exploration=0.7 * factor))
        other = IsmctsPolicy(IsmctsConfig(exploration=0.7 * factor * 3))
        answers = [p.choose(step.before, seat, Budget(40), Rng(b"e")) for p in (scaled, plain, other)]
        assert answers[0] == answers[1]
        assert answers[0].candidates != answers[2].candidates  # the constant matters here


def _a_choice_of_four(game_id: str, engine: Any, players: int = 0) -> tuple[Game, int]:
    """The first position of a seeded random playout (at `players`, by default
    the fewest but one) where the seat to act has more than three legal
    actions, and that seat."""
    game = Game.new(engine, players or max(2, engine.spec.min_players), {}, b"own")
    step = next(s for s in playout(game, b"own-policy")
                if len(s.before.engine.legal_actions(s.before.state,
                                                      s.before.to_act()[0].seat)) > 3)
    return step.before, step.before.to_act()[0].seat


def test_the_default_exploration_is_the_games_own() -> None:
    """IsmctsConfig() searches each game with its BotTuning.search_exploration
    (Spice Merchant's differs from the others': docs/bots.md)."""
    constants = {}
    for game_id, engine in registry.ENGINES.items():
        position, seat = _a_choice_of_four(game_id, engine)
        constant = constants[game_id] = engine.spec.bots.search_exploration
        answers = [IsmctsPolicy(config).choose(position, seat, Budget(40), Rng(b"e"))
                   for config in (IsmctsConfig(), IsmctsConfig(exploration=constant),
                                  IsmctsConfig(exploration=constant * 3))]
        assert answers[0] == answers[1], game_id
        assert answers[0].candidates != answers[2].candidates, game_id
    assert constants["spice-merchant"] < constants["central-market"]


def test_the_default_playout_depth_is_the_games_own() -> None:
    """IsmctsConfig() plays out to each game's depth at the table's count
    (BotTuning.playout_depth; docs/bots.md, "Playout depth per game"), and the
    depth changes what the search sees."""
    for game_id, engine in registry.ENGINES.items():
        for players in sorted({max(2, engine.spec.min_players), engine.spec.max_players}):
            position, seat = _a_choice_of_four(game_id, engine, players)
            own = engine.spec.bots.playout_depth(players)
            answers = [IsmctsPolicy(config).choose(position, seat, Budget(40), Rng(b"e"))
                       for config in (IsmctsConfig(), IsmctsConfig(depth=own),
                                      IsmctsConfig(depth=own + 2))]
            assert answers[0] == answers[1], (game_id, players)
            assert answers[0].candidates != answers[2].candidates, (game_id, players)


def test_market_fresh_plays_out_one_decision_at_four_players_and_two_below() -> None:
    """Market Fresh's depth by count (engines/market_fresh/evaluation.py): at 4
    players three opponents move between two of the bot's turns."""
    bots = registry.ENGINES["market-fresh"].spec.bots
    assert [bots.playout_depth(players) for players in (1, 2, 3, 4)] == [2, 2, 2, 1]
    assert [registry.ENGINES["spice-merchant"].spec.bots.playout_depth(players)
            for players in (2, 3, 4)] == [1, 1, 1]
    assert BotTuning(search_depth=3).playout_depth(9) == 3
    assert BotTuning(search_depth=3, search_depth_crowded=1, crowded_from=3).playout_depth(2) == 3
