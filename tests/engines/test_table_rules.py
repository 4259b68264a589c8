"""What each game declares for the table's policies (docs/rules/<game>.md,
"Turn clocks"): the rulebook's pass of each decision, for a table whose
timeout policy is `pass`, and each seat's standing if the game stopped now,
for seats that forfeit on time. Checked along seeded playouts of every game.
"""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import Game
from engines.core.pieces import serialize
from tests.conformance.playout import playout

#: Central Market's pass by decision kind (the action's oneof case); None: no pass.
CENTRAL_MARKET_PASSES = {
    "bid": "pass", "lower-bid": "stay", "respond-rot": "pass", "respond-tourists": "pass",
    "set-aside": "keep_all", "offer": None, "starting-bid": None, "sell": None,
    "tourists-sale": None,
}


@pytest.mark.parametrize("engine", registry.VERSIONS["central-market"],
                         ids=lambda e: e.spec.rules_version)
def test_central_market_passes_where_the_rulebook_lets_a_player_decline(engine: object) -> None:
    game = Game.new(engine, 4, {}, b"passes")  # type: ignore[arg-type]
    seen = set()
    for step in playout(game, b"passes-policy"):
        for decision in step.before.to_act():
            expected = CENTRAL_MARKET_PASSES[decision.kind]
            found = step.before.engine.pass_action(step.before.state, decision.seat)
            if expected is None:
                assert found is None, decision.kind
                continue
            assert found is not None and found.WhichOneof("move") == expected, decision.kind
            legal = [serialize(a) for a in step.before.engine.legal_actions(
                step.before.state, decision.seat)]
            assert serialize(found) in legal
            seen.add(decision.kind)
    assert seen == {kind for kind, move in CENTRAL_MARKET_PASSES.items() if move}


def test_only_central_market_has_a_pass() -> None:
    has_pass = {game_id: engine.has_pass for game_id, engine in registry.ENGINES.items()}
    assert (has_pass["central-market"], has_pass["market-fresh"], has_pass["spice-merchant"]) == (
        True, False, False)


@pytest.mark.parametrize("engine", registry.every_engine(), ids=lambda e: e.spec.rules_version)
def test_the_standing_at_the_end_is_the_outcomes_key_before_end_scoring(engine: object) -> None:
    """Mid-game, every seat has a key of the outcome's shape; at the end, the
    standing ranks as the outcome does where the game has no end-of-game scoring."""
    players = max(2, engine.spec.min_players)  # type: ignore[attr-defined]
    game = Game.new(engine, players, {}, b"standing")  # type: ignore[arg-type]
    last = game
    for step in playout(game, b"standing-policy"):
        standing = step.after.engine.standing(step.after.state)
        assert len(standing.keys) == players
        assert all(len(key) == 1 + len(standing.tie_breaks) for key in standing.keys)
        last = step.after
    outcome = last.outcome()
    assert outcome is not None
    final = last.engine.standing(last.state)
    if engine.spec.game_id != "market-fresh":  # type: ignore[attr-defined]
        assert [(r.score, *r.tie_break_values) for r in outcome.results] == list(final.keys)
