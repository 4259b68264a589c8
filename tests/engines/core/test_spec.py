"""Option specs: wire text in, typed values out, clear errors otherwise."""

from __future__ import annotations

import pytest
from google.protobuf.wrappers_pb2 import Int32Value

from engines.core import GameSpec, InvalidOptions, OptionSpec

SPEC = GameSpec(
    game_id="demo", title="Demo", min_players=2, max_players=4, rules_version="1",
    options=(
        OptionSpec("fast", "bool", False, "a flag"),
        OptionSpec("price", "int", 10, "a number", min_value=5, max_value=20),
        OptionSpec("mode", "enum", "a", "a choice", allowed=("a", "b")),
    ),
    proto_field="demo", action_type=Int32Value, sealed_size=256,
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


@pytest.mark.parametrize("text, value", [
    ("true", True), ("1", True), ("yes", True), ("on", True), (" TRUE ", True),
    ("false", False), ("0", False), ("no", False), ("off", False), ("Off", False),
])
def test_bool_options_take_the_usual_spellings(text: str, value: bool) -> None:
    assert SPEC.resolve_options({"fast": text}, 2)["fast"] is value


@pytest.mark.parametrize("text, value", [("5", 5), ("20", 20), (" 12 ", 12)])
def test_int_options_take_their_bounds(text: str, value: int) -> None:
    assert SPEC.resolve_options({"price": text}, 2)["price"] == value


@pytest.mark.parametrize("players", [2, 4])
def test_the_player_count_bounds_are_inclusive(players: int) -> None:
    assert SPEC.resolve_options({}, players)["mode"] == "a"


@pytest.mark.parametrize("options, players, says", [
    ({}, 5, "demo takes 2..4 players, got 5"),
    ({"speed": "1", "zoom": "2"}, 2, "unknown option(s) for demo: speed, zoom; known: fast, mode, price"),
    ({"fast": "maybe"}, 2, "option 'fast' takes true or false, got 'maybe'"),
    ({"price": "ten"}, 2, "option 'price' takes an integer, got 'ten'"),
    ({"price": "21"}, 2, "option 'price' must be in 5..20, got 21"),
    ({"mode": "c"}, 2, "option 'mode' must be one of a, b; got 'c'"),
])
def test_refusals_say_what_to_fix(options: dict[str, str], players: int, says: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        SPEC.resolve_options(options, players)
    assert str(refused.value) == says


def test_a_game_without_options_says_so() -> None:
    bare = GameSpec(game_id="bare", title="Bare", min_players=1, max_players=1, rules_version="1",
                    proto_field="bare", action_type=Int32Value, sealed_size=256)
    with pytest.raises(InvalidOptions, match="known: none"):
        bare.resolve_options({"x": "1"}, 1)
    assert bare.resolve_options({}, 1) == {}
    assert bare.max_action_bytes == 64


def test_option_text_is_canonical() -> None:
    fast, price, mode = SPEC.options
    assert (fast.text(True), fast.text(False), price.text(7), mode.text("b")) == ("true", "false", "7", "b")


def test_a_game_info_makes_each_versions_spec_named_by_its_proto_file() -> None:
    """The id and envelope field come from the Action message's proto file, the
    rest is copied: two versions differ only in name and options."""
    from engines.core.spec import BotTuning, GameInfo
    from marketplay.v1 import market_fresh_pb2

    tuning = BotTuning(points_spread=4.0, search_iterations=9, search_exploration=0.3)
    info = GameInfo("Fresh", min_players=1, max_players=4,
                    action_type=market_fresh_pb2.MarketFreshAction, max_action_bytes=40,
                    bots=tuning, sealed_size=512)
    one, two = info.spec("1", ()), info.spec("market-fresh/2", SPEC.options)
    assert (two.game_id, two.proto_field, two.title) == ("market-fresh", "market_fresh", "Fresh")
    assert (two.min_players, two.max_players, two.max_action_bytes) == (1, 4, 40)
    assert two.action_type is market_fresh_pb2.MarketFreshAction
    assert (two.bots, two.sealed_size, two.options) == (tuning, 512, SPEC.options)
    assert (one.rules_version, one.options, two.rules_version) == ("1", (), "market-fresh/2")
