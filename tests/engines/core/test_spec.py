"""Option specs: wire text in, typed values out, clear errors otherwise."""

from __future__ import annotations

import pytest

from engines.core import GameSpec, InvalidOptions, OptionSpec

SPEC = GameSpec(
    game_id="demo", title="Demo", min_players=2, max_players=4, rules_version="1",
    options=(
        OptionSpec("fast", "bool", False, "a flag"),
        OptionSpec("price", "int", 10, "a number", min_value=5, max_value=20),
        OptionSpec("mode", "enum", "a", "a choice", allowed=("a", "b")),
    ),
)


def test_defaults_fill_missing_options() -> None:
    assert SPEC.resolve_options({}, 3) == {"fast": False, "price": 10, "mode": "a"}


def test_wire_text_is_parsed_by_kind() -> None:
    got = SPEC.resolve_options({"fast": "true", "price": "7", "mode": "b"}, 2)
    assert got == {"fast": True, "price": 7, "mode": "b"}
    assert [o.text(got[o.name]) for o in SPEC.options] == ["true", "7", "b"]


@pytest.mark.parametrize("options, players", [
    ({}, 1), ({}, 5), ({"speed": "1"}, 2), ({"fast": "maybe"}, 2),
    ({"price": "4"}, 2), ({"price": "21"}, 2), ({"price": "ten"}, 2), ({"mode": "c"}, 2),
])
def test_bad_options_raise_invalid_options(options: dict[str, str], players: int) -> None:
    with pytest.raises(InvalidOptions):
        SPEC.resolve_options(options, players)
