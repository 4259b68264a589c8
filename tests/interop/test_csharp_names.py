"""Generated C# types don't clash with System or common UnityEngine types.

A C# file starts with `using System;` (and in Unity `using UnityEngine;`):
a message named Action or Event then makes every use ambiguous (CS0104).
The generated C# (clients/csharp/Runtime/Generated, namespace Marketplay.V1,
clients/codegen/csharp_json.py) declares one top-level type per top-level
message and enum of each .proto file, plus PreserveAttribute (map entries
are dictionaries, not types).
"""

from __future__ import annotations

from pathlib import Path

from google.protobuf.descriptor import FileDescriptor

from marketplay.v1 import central_market_pb2, game_service_pb2, market_fresh_pb2, spice_merchant_pb2

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FILES: list[FileDescriptor] = [m.DESCRIPTOR for m in
                               (game_service_pb2, central_market_pb2, market_fresh_pb2, spice_merchant_pb2)]
# A hand-picked part of UnityEngine (no Unity here): the types a game's messages
# would most plausibly be named like.
UNITY_ENGINE = {
    "Application", "Color", "Debug", "Event", "EventType", "Input", "Object", "Random",
    "Resources", "Time", "Transform", "Vector2", "Vector3",
}


KINDS = ("  public sealed partial class ", "  public sealed class ", "  public enum ")


def system_types() -> set[str]:
    lines = (HERE / "csharp_system_types.txt").read_text().splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def generated_type_names() -> set[str]:
    names: set[str] = set()
    for file in FILES:
        names |= set(file.message_types_by_name) | set(file.enum_types_by_name)
    return names


def test_the_system_type_list_is_the_one_that_caught_action() -> None:
    assert {"Action", "Object", "Random", "Type"} <= system_types()


def test_no_generated_type_shares_a_name_with_system_or_unity_engine() -> None:
    names = generated_type_names()
    assert {"GameAction", "GameEvent", "GameUpdate"} <= names
    assert not names & system_types(), sorted(names & system_types())
    assert not names & UNITY_ENGINE, sorted(names & UNITY_ENGINE)


def test_the_generated_csharp_declares_exactly_those_types() -> None:
    declared: set[str] = set()
    for path in (ROOT / "clients" / "csharp" / "Runtime" / "Generated").glob("*.cs"):
        for line in path.read_text().splitlines():
            # Top-level declarations are indented two spaces inside the namespace block.
            for kind in KINDS:
                if line.startswith(kind):
                    declared.add(line[len(kind):].split()[0])
    assert declared == generated_type_names() | {"PreserveAttribute"}
