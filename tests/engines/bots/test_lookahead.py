"""The lookahead policy (engines/bots/lookahead.py): greedy's move, unless greedy's
judgement ties; then the tied moves, and only they, are played on."""

from __future__ import annotations

from engines import registry
from engines.bots import Budget, GreedyPolicy, Stream, suggest
from engines.bots.levels import LEVELS
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.core import Game
from tests.conformance.playout import playout


def central_market_positions(kind: str | None = None) -> list[Game]:
    """Positions of two seeded 3-player playouts with two or more legal actions
    (only decisions of `kind`, if given)."""
    engine = registry.ENGINES["central-market"]
    found = []
    for seed in (b"look-1", b"look-2"):
        for step in playout(Game.new(engine, 3, {}, seed), seed + b"-moves"):
            decision = step.before.to_act()[0]
            legal = engine.legal_actions(step.before.state, decision.seat)
            if len(legal) > 1 and kind in (None, decision.kind):
                found.append(step.before)
    return found


def test_a_move_alone_at_the_top_of_greedys_judgement_is_greedys_answer() -> None:
    """Same seed: the same determinizations, so bit for bit greedy's answer and statistics."""
    alone = 0
    for game in central_market_positions()[::3]:
        seat = game.to_act()[0].seat
        greedy = GreedyPolicy().choose(game, seat, Budget(8), Stream(b"same"))
        means = [c.mean_value for c in greedy.candidates]
        if means.count(max(means)) > 1:
            continue
        alone += 1
        assert LookaheadPolicy().choose(game, seat, Budget(8), Stream(b"same")) == greedy
    assert alone >= 10


def test_greedys_ties_are_played_on_and_the_best_mean_is_taken() -> None:
    """Setting a card aside ties every card in greedy's judgement (the evaluation does
    not see the final round): each is played on, on the same determinizations."""
    told_apart = 0
    positions = central_market_positions("set-aside")
    assert positions
    for game in positions:
        seat = game.to_act()[0].seat
        answer = LookaheadPolicy().choose(game, seat, Budget(6), Stream(b"ties"))
        assert answer.iterations == 6
        assert {c.visits for c in answer.candidates} == {6}
        means = [c.mean_value for c in answer.candidates]
        chosen = next(c for c in answer.candidates if c.action == answer.action)
        assert chosen.mean_value == max(means)
        told_apart += len(set(means)) > 1
    assert told_apart  # some: most set-asides matter only in the final round, past the horizon


def test_a_tie_margin_of_one_plays_every_move_on() -> None:
    for game in central_market_positions()[:40:4]:
        seat = game.to_act()[0].seat
        answer = LookaheadPolicy(LookaheadConfig(tie_margin=1.0)).choose(
            game, seat, Budget(3), Stream(b"all"))
        assert {c.visits for c in answer.candidates} == {3}


def test_top_k_plays_greedys_best_k_moves_on_with_the_ties() -> None:
    """`top_k` (a screen's candidate, docs/history/bots-notebook.md): greedy's best k
    moves by its judgement are played on, tied or not, and no other move."""
    checked = 0
    for game in central_market_positions()[:60:3]:
        seat = game.to_act()[0].seat
        greedy = GreedyPolicy().choose(game, seat, Budget(8), Stream(b"top"))
        means = [c.mean_value for c in greedy.candidates]
        if len(means) < 4 or means.count(max(means)) > 1:
            continue
        answer = LookaheadPolicy(LookaheadConfig(top_k=2)).choose(
            game, seat, Budget(3), Stream(b"top"))
        best_two = sorted(range(len(means)), key=lambda i: -means[i])[:2]
        played = [i for i, c in enumerate(answer.candidates) if c.visits == 3]
        assert played == sorted(best_two)
        checked += 1
    assert checked >= 3


def test_hard_is_the_lookahead_in_central_market_and_ismcts_elsewhere() -> None:
    hard = LEVELS["hard"]
    for game_id, engine in registry.ENGINES.items():
        expected = "lookahead" if game_id == "central-market" else "ismcts"
        assert engine.spec.bots.hard_policy == expected
        game = Game.new(engine, engine.spec.min_players + 1, {}, b"hard")
        seat = game.to_act()[0].seat
        played = suggest(game, seat, hard.policy, Budget(hard.iterations(engine)), b"h")
        own = LookaheadPolicy() if expected == "lookahead" else None
        if own is not None:
            assert played == suggest(game, seat, own, Budget(own.config.samples), b"h")
            assert hard.reports(engine) == "greedy"
        else:
            assert hard.iterations(engine) == engine.spec.bots.search_iterations
            assert hard.reports(engine) == "ismcts"
