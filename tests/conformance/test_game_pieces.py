"""docs/adding-a-game.md lists what a game touches; every registered game has each piece.

The list is read from the doc (between its `pieces` markers), so a piece
added to the doc without a check here, or a check without its line in the
doc, fails as surely as a game that lacks one.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import tomllib
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engines import registry
from engines.core.engine import Engine
from engines.core.rng import Rng
from engines.core.schema import Schema
from engines.core.standard import Modules, StandardEngine
from marketplay.v1 import game_service_pb2 as envelope

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "adding-a-game.md").read_text()
_BLOCK = DOC.split("<!-- pieces:", 1)[1].split("<!-- end pieces -->", 1)[0]
#: The pieces the doc lists (top-level items) and the standard modules (nested items).
PIECES = re.findall(r"^- `([^`]+)`", _BLOCK, re.MULTILINE)
STANDARD_MODULES = re.findall(r"^  - `([a-z_]+)\.py`", _BLOCK, re.MULTILINE)


def _package(engine: Engine[Any, Any]) -> str:
    return engine.spec.proto_field


def _engine_package(engine: Engine[Any, Any]) -> None:
    package = _package(engine)
    for module in STANDARD_MODULES:
        assert (ROOT / "engines" / package / f"{module}.py").is_file(), module
    game = importlib.import_module(f"engines.{package}")
    spec = importlib.import_module(f"engines.{package}.spec")
    assert isinstance(engine, StandardEngine) and engine.modules is spec.MODULES
    assert registry.VERSIONS[engine.spec.game_id] == game.VERSIONS and game.ENGINE is game.VERSIONS[0]
    modules: Modules[Any, Any, Any, Any] = spec.MODULES
    assert modules.info is spec.INFO and modules.info.proto_field == package
    for part in ("options", "new_game", "deciders", "legal_moves", "apply", "view", "outcome",
                 "encode", "decode", "resample_hidden", "estimate"):
        function = getattr(modules, part)
        assert function.__module__.startswith(f"engines.{package}."), (part, function.__module__)
    if modules.hidden is not None:
        assert modules.hidden.places.__module__ == f"engines.{package}.hidden", modules.hidden
    _state_module(package, modules)
    _moves_module(package, engine)


def _state_module(package: str, modules: Modules[Any, Any, Any, Any]) -> None:
    """state.py: one mutable, slotted State whose encode, decode and clone come
    from its schema (engines/core/schema.py)."""
    state = importlib.import_module(f"engines.{package}.state")
    assert isinstance(state.SCHEMA, Schema) and state.SCHEMA.cls is state.State
    params = state.State.__dataclass_params__
    # no per-instance __dict__: slotted, or a native class on the compiled build
    assert not params.frozen and state.State.__dictoffset__ == 0, "one state style: mutable, slots"
    assert modules.encode.__module__ == modules.decode.__module__ == f"engines.{package}.state"
    assert {f.name for f in dataclasses.fields(state.State)} == {
        "rules", *(f.name for f in state.SCHEMA.fields)}


def move_kinds(move: Any) -> tuple[Any, ...]:
    """The kinds of `Move`: the members of a union, or a game's one kind."""
    return typing.get_args(move) or (move,)


def _moves_module(package: str, engine: Engine[Any, Any]) -> None:
    """moves.py: `Move` is a union of frozen dataclasses, and every legal
    action of a new game reads back as one of them."""
    moves = importlib.import_module(f"engines.{package}.moves")
    kinds = move_kinds(moves.Move)
    assert kinds and all(
        dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen for kind in kinds
    ), moves.Move
    assert isinstance(engine, StandardEngine)
    rng = Rng(b"pieces")
    state = engine.new_game(engine.spec.max_players, engine.spec.resolve_options(
        {}, engine.spec.max_players), rng)
    codec = engine.modules.codec(engine.rules)(state)
    for decision in engine.to_act(state):
        for action in engine.legal_actions(state, decision.seat):
            assert isinstance(codec.move_of(action), kinds)


def _proto_file(engine: Engine[Any, Any]) -> None:
    package = _package(engine)
    assert (ROOT / "proto" / "marketplay" / "v1" / f"{package}.proto").is_file()
    generated = importlib.import_module(f"marketplay.v1.{package}_pb2")
    title = engine.spec.action_type.__name__.removesuffix("Action")
    for kind in ("Action", "View", "Event", "Outcome"):
        assert hasattr(generated, title + kind), title + kind


def _envelope(engine: Engine[Any, Any]) -> None:
    field = engine.spec.proto_field
    for wrapper, kind in ((envelope.GameAction, "Action"), (envelope.GameView, "View"),
                          (envelope.GameEvent, "Event"), (envelope.Outcome, "Outcome")):
        member = wrapper.DESCRIPTOR.fields_by_name.get(field)
        assert member is not None and member.containing_oneof is not None, (wrapper, field)
        assert member.message_type.name.endswith(kind)
    action = envelope.GameAction.DESCRIPTOR.fields_by_name[field].message_type
    assert action is engine.spec.action_type.DESCRIPTOR


def _registry_line(engine: Engine[Any, Any]) -> None:
    text = (ROOT / "engines" / "registry.py").read_text()
    assert f"from engines.{_package(engine)} import VERSIONS" in text


def _ts_export(engine: Engine[Any, Any]) -> None:
    index = (ROOT / "clients" / "ts" / "src" / "index.ts").read_text()
    assert f'export * from "./gen/marketplay/v1/{_package(engine)}_pb.js";' in index


def _playground(engine: Engine[Any, Any]) -> None:
    games = ROOT / "clients" / "ts" / "playground" / "src" / "games"
    index = (games / "index.ts").read_text()
    entry = re.search(rf'"{re.escape(engine.spec.game_id)}": (\w+),', index)
    assert entry is not None, "no playground entry"
    module = re.search(rf'import {{ {entry[1]} }} from "\./(\w+)\.js";', index)
    assert module is not None and (games / f"{module[1]}.ts").is_file()


def _load_mix(engine: Engine[Any, Any]) -> None:
    mix = tomllib.loads((ROOT / "clients" / "loadtest" / "mix.toml").read_text())
    assert engine.spec.game_id in {table["id"] for table in mix["game"]}


def _goldens(engine: Engine[Any, Any]) -> None:
    assert list((ROOT / "tests" / "golden" / "files" / engine.spec.game_id).glob("*.json"))


def _rule_doc(engine: Engine[Any, Any]) -> None:
    assert (ROOT / "docs" / "rules" / f"{engine.spec.game_id}.md").is_file()


def _versions_row(engine: Engine[Any, Any]) -> None:
    versions = (ROOT / "docs" / "rules" / "versions.md").read_text()
    assert re.search(rf"^\| [^|]*\| `{re.escape(engine.spec.rules_version)}` \|", versions, re.MULTILINE)


def _tests(engine: Engine[Any, Any]) -> None:
    """Test modules, and one test-helper module of one name for every game."""
    folder = ROOT / "tests" / "engines" / _package(engine)
    assert list(folder.glob("test_*.py"))
    others = sorted(p.name for p in folder.glob("*.py") if not p.name.startswith("test_"))
    assert others == ["__init__.py", "helpers.py"], others


#: One check per piece, keyed as the doc names it.
CHECKS: dict[str, Callable[[Engine[Any, Any]], None]] = {
    "engines/<package>/": _engine_package,
    "proto/marketplay/v1/<package>.proto": _proto_file,
    "proto/marketplay/v1/game_service.proto": _envelope,
    "engines/registry.py": _registry_line,
    "clients/ts/src/index.ts": _ts_export,
    "clients/ts/playground/src/games/index.ts": _playground,
    "clients/loadtest/mix.toml": _load_mix,
    "tests/golden/files/<game-id>/": _goldens,
    "docs/rules/<game-id>.md": _rule_doc,
    "docs/rules/versions.md": _versions_row,
    "tests/engines/<package>/": _tests,
}


def test_the_doc_lists_exactly_the_pieces_checked_here() -> None:
    assert list(CHECKS) == PIECES
    assert STANDARD_MODULES == ["__init__", "spec", "versions", "state", "moves", "messages",
                                "rules", "view", "events", "hidden", "text", "evaluation"]


@pytest.mark.parametrize("piece", list(CHECKS))
@pytest.mark.parametrize("game_id", sorted(registry.VERSIONS))
def test_every_registered_game_has_each_piece(game_id: str, piece: str) -> None:
    for engine in registry.VERSIONS[game_id]:
        CHECKS[piece](engine)


def test_a_game_with_one_move_kind_declares_it_as_its_move() -> None:
    @dataclasses.dataclass(frozen=True)
    class Bid:
        coins: int

    @dataclasses.dataclass(frozen=True)
    class Pass:
        pass

    assert move_kinds(Bid) == (Bid,)
    assert move_kinds(Bid | Pass) == (Bid, Pass)
