"""Imports go one way (docs/architecture.md, "Layers" and "The contract package").

The engines are pure rules: they import the standard library, protobuf's runtime,
orjson and the generated message modules of the contract (`marketplay.v1.*_pb2`),
never the service, a transport or a client's stubs. The service reaches a game
only through the registry, the engine interface and the bots, never a game's
package. A change that crosses a layer fails here rather than in review.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What the engines may import beyond the standard library and themselves.
ENGINE_THIRD_PARTY = {"google.protobuf", "orjson"}
#: The engine packages the service may import; never a game's own package.
SERVICE_MAY_USE = ("engines.core", "engines.registry", "engines.bots")


def _imports(package: str) -> Iterator[tuple[Path, int, str]]:
    """(file, line, absolute module) of every import in `package`, `from x import y`
    giving `x.y` so that `from engines import central_market` is seen too."""
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, node.lineno, alias.name
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    yield path, node.lineno, f"{node.module}.{alias.name}"


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def _is_message_module(module: str) -> bool:
    parts = module.split(".")
    return (len(parts) >= 3 and parts[:2] == ["marketplay", "v1"]
            and parts[2].endswith("_pb2"))


def _allowed_in_engines(module: str) -> bool:
    top = module.split(".")[0]
    return (top in sys.stdlib_module_names or top == "engines" or _is_message_module(module)
            or any(module == name or module.startswith(name + ".")
                   for name in ENGINE_THIRD_PARTY))


def test_the_engines_import_only_rules_and_the_contracts_messages() -> None:
    crossing = [f"{_where(path, line)} imports {module}"
                for path, line, module in _imports("engines")
                if not _allowed_in_engines(module)]
    assert not crossing


def test_the_service_reaches_games_only_through_the_registry() -> None:
    crossing = [f"{_where(path, line)} imports {module}"
                for path, line, module in _imports("service")
                if module.startswith("engines.")
                and not module.startswith(SERVICE_MAY_USE)]
    assert not crossing


@pytest.mark.parametrize(("module", "allowed"), [
    ("marketplay.v1.spice_merchant_pb2", True),
    ("marketplay.v1.game_service_pb2_grpc", False),
    ("marketplay.v1.game_service_connect", False),
    ("service.errors", False),
    ("grpc", False),
    ("google.protobuf.message", True),
    ("itertools", True),
])
def test_the_engine_rule_tells_messages_from_stubs_and_transports(module: str,
                                                                   allowed: bool) -> None:
    assert _allowed_in_engines(module) is allowed
