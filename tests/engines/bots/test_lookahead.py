"""The lookahead policy (engines/bots/lookahead.py): greedy's move, unless greedy's
judgement ties; then the tied moves, and only they, are played on."""

from __future__ import annotations

from engines import registry
from engines.bots import Budget, GreedyPolicy, Stream, Suggestion, suggest
from engines.bots.common import plays, suggestion
from engines.bots.greedy import GREEDY_SAMPLES, judged
from engines.bots.levels import LEVELS
from engines.bots.lookahead import LookaheadConfig, LookaheadPolicy
from engines.central_market.data import PLAYER_LIMIT_KG, kg_of
from engines.core import Game
from tests.conformance.playout import playout


def central_market_positions(kind: str | None = None, players: int = 3) -> list[Game]:
    """Positions of two seeded playouts with two or more legal actions
    (only decisions of `kind`, if given)."""
    engine = registry.ENGINES["central-market"]
    found = []
    for seed in (b"look-1", b"look-2"):
        for step in playout(Game.new(engine, players, {}, seed), seed + b"-moves"):
            decision = step.before.to_act()[0]
            legal = engine.legal_actions(step.before.state, decision.seat)
            if len(legal) > 1 and kind in (None, decision.kind):
                found.append(step.before)
    return found


def judgement(game: Game, seat: int, stream: bytes) -> Suggestion:
    """Greedy's one ply on 8 determinizations by the search's evaluation: the
    judgement the lookahead starts from, as a greedy answer."""
    moves = plays(game.engine).moves(game.state, seat)
    totals, done = judged(game, seat, moves, GREEDY_SAMPLES, Budget(GREEDY_SAMPLES), Stream(stream))
    best = totals.index(max(totals))
    legal = game.engine.legal_actions(game.state, seat)
    return suggestion(legal, best, done, [done] * len(moves), totals)


def test_a_move_alone_at_the_top_of_greedys_judgement_is_greedys_answer() -> None:
    """Same seed: the same determinizations, so bit for bit greedy's answer and
    statistics, by the search's evaluation (which counts the set-aside cards)."""
    alone = 0
    for game in central_market_positions()[::3]:
        seat = game.to_act()[0].seat
        greedy = judgement(game, seat, b"same")
        means = [c.mean_value for c in greedy.candidates]
        if means.count(max(means)) > 1:
            continue
        alone += 1
        assert LookaheadPolicy().choose(game, seat, Budget(8), Stream(b"same")) == greedy
    assert alone >= 10


def test_medium_is_greedy_by_the_evaluation_that_leaves_the_set_aside_out() -> None:
    """At 5 players the set-aside cards count only in the search's evaluation:
    greedy (`medium`) ties every card, the lookahead's judgement puts the
    heaviest on top (below the player limit)."""
    checked = 0
    for game in central_market_positions("set-aside", players=5):
        seat = game.to_act()[0].seat
        greedy = GreedyPolicy().choose(game, seat, Budget(8), Stream(b"aside"))
        assert len({c.mean_value for c in greedy.candidates}) == 1
        heaviest = max(kg_of(c) for c in game.state.hands[seat])
        if sum(kg_of(c) for c in game.state.set_aside[seat]) + heaviest <= PLAYER_LIMIT_KG:
            assert judgement(game, seat, b"aside").action.set_aside.card.kg == heaviest
            checked += 1
    assert checked >= 10


def test_greedys_ties_are_played_on_and_the_best_mean_is_taken() -> None:
    """Where the judgement ties at its top (most sales, a third of the offers and
    bids, cards of one weight set aside), the tied moves and only they are
    played on, each on the same determinizations."""
    tied, told_apart = 0, 0
    for game in central_market_positions()[::2]:
        seat = game.to_act()[0].seat
        means = [c.mean_value for c in judgement(game, seat, b"ties").candidates]
        top = [i for i, mean in enumerate(means) if mean == max(means)]
        if len(top) == 1:
            continue
        tied += 1
        answer = LookaheadPolicy().choose(game, seat, Budget(6), Stream(b"ties"))
        assert answer.iterations == 6
        assert [i for i, c in enumerate(answer.candidates) if c.visits == 6] == top
        assert all(c.visits == 0 for i, c in enumerate(answer.candidates) if i not in top)
        played = [answer.candidates[i].mean_value for i in top]
        chosen = next(c for c in answer.candidates if c.action == answer.action)
        assert chosen.mean_value == max(played)
        told_apart += len(set(played)) > 1
    assert tied >= 10 and told_apart


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
        greedy = judgement(game, seat, b"top")
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
