"""Dataclasses that write out the `__init__` (and a state's `clone`) their fields
derive (engines/core/schema.py, `methods_source`; `make dataclass-methods`), so
mypyc compiles them: they are current, they are the class's own, a frozen one stays
frozen, and a state's `clone` copies what `Schema.clone` copies."""

from __future__ import annotations

import importlib
import os
from dataclasses import FrozenInstanceError, dataclass, field, fields

import pytest

from engines import registry
from engines.core import Game
from engines.core.dataclass_methods import ENGINES, marked_classes, rewritten, sources
from engines.core.events import Event
from engines.core.schema import Int, Schema, methods_source, wire

#: game id -> (its package, a player count it takes)
GAMES = {"central-market": ("central_market", 3), "market-fresh": ("market_fresh", 2),
         "spice-merchant": ("spice_merchant", 2)}


@pytest.mark.skipif(bool(os.environ.get("MARKETPLAY_COMPILED")),
                    reason="the sources' own check: a compiled class keeps no annotations' text")
def test_every_marked_class_holds_its_generated_methods_as_they_are_now() -> None:
    """A field added, renamed, re-typed or given another default without `make
    dataclass-methods` fails here; every game's State and moves are marked, and Event."""
    paths = sources()
    for package, _ in GAMES.values():
        for module in ("state", "moves"):
            assert ENGINES / package / f"{module}.py" in paths, (package, module)
    assert "Event" in marked_classes(ENGINES / "core" / "events.py")
    for path in paths:
        assert rewritten(path) == path.read_text(), f"{path}: run `make dataclass-methods`"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_written_out_init_and_clone_are_the_class_own_and_copy_like_the_schema(game_id: str) -> None:
    """The class keeps its own `__init__` (the dataclass would make one from a string,
    interpreted even in the compiled build), and its `clone` shares and copies exactly
    the fields the derived `Schema.clone` does, mid-game."""
    package, players = GAMES[game_id]
    module = importlib.import_module(f"engines.{package}.state")
    code = getattr(module.State.__init__, "__code__", None)  # a compiled method has none
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


def test_a_frozen_class_written_out_is_its_own_keeps_its_default_and_stays_frozen() -> None:
    """`Event` (frozen, a default): its `__init__` is its own (native when compiled),
    takes the default, and an assignment is refused as the dataclass's would be."""
    code = getattr(Event.__init__, "__code__", None)
    assert code is None or code.co_filename.endswith("events.py"), code
    event = Event("message")  # type: ignore[arg-type]
    assert event.audience is None and event == Event("message", None)  # type: ignore[arg-type]
    with pytest.raises(FrozenInstanceError):
        event.audience = frozenset()  # type: ignore[misc]


def test_what_cannot_be_written_out_is_refused() -> None:
    """A default made by a factory, or one that is not a literal, is refused rather
    than lost or misread; a literal one is written as it reads back."""

    @dataclass
    class Factory:
        seat: int = wire(Int(0, 3))
        turn: list[int] = field(default_factory=list)

    @dataclass
    class Other:
        seats: frozenset[int] = frozenset()

    @dataclass
    class Literals:
        seat: int
        both: tuple[int, ...] = (1, 2)
        one: tuple[int, ...] = (3,)
        name: str | None = None

    with pytest.raises(TypeError, match=r"Factory\.turn is not a plain positional field"):
        methods_source(Factory)
    with pytest.raises(TypeError, match="cannot be written out"):
        methods_source(Other)
    source = methods_source(Literals)
    assert "both: tuple[int, ...] = (1, 2)," in source and "one: tuple[int, ...] = (3,)," in source
    assert "name: str | None = None," in source and "self.seat = seat" in source
