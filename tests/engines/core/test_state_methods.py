"""Each game's state class writes out the `__init__` and `clone` its fields derive
(engines/core/schema.py, `methods_source`; `make state-methods`), so mypyc compiles
them: they are current, they are the class's own, and they copy what `Schema.clone`
copies."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields

import pytest

from engines import registry
from engines.core import Game
from engines.core.schema import Int, Schema, methods_source, wire
from engines.core.state_methods import rewritten, state_sources

#: game id -> (its package, a player count it takes)
GAMES = {"central-market": ("central_market", 3), "market-fresh": ("market_fresh", 2),
         "spice-merchant": ("spice_merchant", 2)}


def test_every_state_module_holds_its_generated_methods_as_they_are_now() -> None:
    """A field added, renamed or re-typed without `make state-methods` fails here."""
    paths = state_sources()
    assert {p.parent.name for p in paths} == {package for package, _ in GAMES.values()}
    for path in paths:
        assert rewritten(path) == path.read_text(), f"{path}: run `make state-methods`"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_written_out_init_and_clone_are_the_class_own_and_copy_like_the_schema(game_id: str) -> None:
    """The class keeps its own `__init__` (the dataclass would make one from a string,
    interpreted even in the compiled build), and its `clone` shares and copies exactly
    the fields the derived `Schema.clone` does, mid-game."""
    package, players = GAMES[game_id]
    module = importlib.import_module(f"engines.{package}.state")
    init = module.State.__init__
    code = getattr(init, "__code__", None)  # a compiled method has none
    assert code is None or code.co_filename == module.__file__, code
    game = Game.new(registry.ENGINES[game_id], players, {}, b"methods")
    for _ in range(12):
        seat = game.to_act()[0].seat
        game, _events = game.apply(seat, game.engine.legal_actions(game.state, seat)[-1])
    state = game.state
    derived = Schema(module.State, game_id).clone(state)
    written = state.clone()
    assert written == derived == state and written is not state
    for f in fields(module.State):
        value = getattr(state, f.name)
        assert (getattr(written, f.name) is value) == (getattr(derived, f.name) is value), f.name


def test_a_field_with_a_default_is_refused() -> None:
    """Every field is written out, so a default (which the written `__init__` would
    drop) is refused rather than lost."""

    @dataclass
    class Defaulted:
        seat: int = wire(Int(0, 3))
        turn: int = 0

    with pytest.raises(TypeError, match=r"Defaulted\.turn has a default"):
        methods_source(Defaulted)
