"""The Market Fresh engine: the common interface over the rules, views and moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from google.protobuf.message import Message

from engines.core.engine import Decision, Engine, Event, Outcome
from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from engines.market_fresh import evaluation, rules
from engines.market_fresh.actions import MAX_ACTION_BYTES, codecs
from engines.market_fresh.hidden import resample_hidden
from engines.market_fresh.outcome import final_outcome
from engines.market_fresh.state import (
    OVER,
    PHASE_KINDS,
    SOLO,
    VARIANT_NAMES,
    State,
    decode,
    encode,
)
from engines.market_fresh.versions import Rules
from engines.market_fresh.view import render
from marketplay.v1 import market_fresh_pb2 as pb

#: The options, the same under every rules version so far.
OPTIONS = (
    OptionSpec(
        "variant",
        "enum",
        "standard",
        "standard game; crate-heights (Crate Heights variant, 2-4 players); "
        "solo (Stackin' Solo, exactly 1 player, 4x4 grid)",
        allowed=VARIANT_NAMES,
    ),
    OptionSpec(
        "grid",
        "enum",
        "auto",
        "shopfront grid: 5 (5x5), 4 (the smaller 4x4 grids) or auto "
        "(5x5, but 4x4 for solo, which always uses it)",
        allowed=("auto", "5", "4"),
    ),
)


def spec_of(version: Rules) -> GameSpec:
    """What ListGames shows of one rules version (versions.py names them: a
    rule or data change is a new version, and the data digest is part of the
    name, so a state made under other crate or grid data is refused)."""
    return GameSpec(
        game_id="market-fresh",
        title="Market Fresh",
        min_players=1,
        max_players=4,
        rules_version=version.version,
        options=OPTIONS,
        max_action_bytes=MAX_ACTION_BYTES,
    )


def resolve_variant(num_players: int, options: Mapping[str, OptionValue]) -> tuple[int, int]:
    """(variant, grid side) from validated options; InvalidOptions on contradictions.

    Solo: "Take one Shopfront Board, with the 4x4 grid faceup." The other
    games take 2-4 players ("For two players ... three ... four players").
    """
    variant = VARIANT_NAMES.index(str(options.get("variant", "standard")))
    grid_text = str(options.get("grid", "auto"))
    if variant == SOLO:
        if num_players != 1:
            raise InvalidOptions(f"variant solo takes exactly 1 player, got {num_players}")
        if grid_text == "5":
            raise InvalidOptions("variant solo is played on the 4x4 grid; use grid=4 or auto")
        return variant, 4
    if not 2 <= num_players <= 4:
        raise InvalidOptions(
            f"variant {VARIANT_NAMES[variant]} takes 2-4 players, got {num_players}; "
            "one player plays variant=solo"
        )
    return variant, 4 if grid_text == "4" else 5


class MarketFreshEngine(Engine[State, pb.MarketFreshAction]):
    action_type = pb.MarketFreshAction
    proto_field = "market_fresh"

    def __init__(self, version: Rules) -> None:
        self.rules = version
        self.spec = spec_of(version)
        self._codecs = codecs(version.data)

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        variant, grid = resolve_variant(num_players, options)
        return rules.new_game(self.rules, num_players, variant, grid, rng)

    def to_act(self, state: State) -> Sequence[Decision]:
        if state.phase == OVER:
            return ()
        return (Decision(state.current, PHASE_KINDS[state.phase]),)

    def legal_actions(self, state: State, seat: int) -> Sequence[pb.MarketFreshAction]:
        return self._codecs[state.grid].actions(rules.legal_moves(state, seat))

    def is_legal(self, state: State, seat: int, action: pb.MarketFreshAction) -> bool:
        move = self._codecs[state.grid].move_of(action)
        return move is not None and rules.is_legal(state, seat, rules.normalize(state, move))

    def apply(
        self, state: State, seat: int, action: pb.MarketFreshAction, rng: Rng
    ) -> tuple[State, list[Event]]:
        move = rules.normalize(state, self._codecs[state.grid].legal_move_of(action))
        return rules.apply_move(state, seat, move)

    def view(self, state: State, seat: int | None) -> Message:
        return render(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return final_outcome(state) if state.phase == OVER else None

    def encode(self, state: State) -> bytes:
        return encode(state)

    def decode(self, data: bytes) -> State:
        return decode(data, self.rules)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)

