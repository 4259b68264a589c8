"""The Market Fresh engine: the common interface over rules.py and view.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from google.protobuf.message import Message

from engines.core.engine import Decision, Engine, Event, Outcome, SeatResult
from engines.core.errors import IllegalAction, InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from engines.market_fresh import evaluation, rules, view
from engines.market_fresh.data import DATA
from engines.market_fresh.state import (
    OVER,
    PHASE_KINDS,
    SOLO,
    VARIANT_NAMES,
    State,
    decode,
    encode,
)
from marketplay.v1 import market_fresh_pb2 as pb

#: Bump whenever a rule interpretation changes; the data digest is appended
#: so that a state made under other crate or grid data is refused.
RULES_VERSION = "1"

SPEC = GameSpec(
    game_id="market-fresh",
    title="Market Fresh",
    min_players=1,
    max_players=4,
    rules_version=f"{RULES_VERSION}+data.{DATA.digest}",
    options=(
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
    ),
    max_action_bytes=96,  # the largest legal action, a crate taken face up, is 36 bytes
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
    spec = SPEC
    action_type = pb.MarketFreshAction
    proto_field = "market_fresh"

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        variant, grid = resolve_variant(num_players, options)
        return rules.new_game(num_players, variant, grid, rng)

    def to_act(self, state: State) -> Sequence[Decision]:
        if state.phase == OVER:
            return ()
        return (Decision(state.current, PHASE_KINDS[state.phase]),)

    def legal_actions(self, state: State, seat: int) -> Sequence[pb.MarketFreshAction]:
        return [view.action(m, state.grid) for m in rules.legal_moves(state, seat)]

    def is_legal(self, state: State, seat: int, action: pb.MarketFreshAction) -> bool:
        move = view.move_of(action, state.grid)
        return move is not None and rules.is_legal(state, seat, move)

    def apply(
        self, state: State, seat: int, action: pb.MarketFreshAction, rng: Rng
    ) -> tuple[State, list[Event]]:
        move = view.move_of(action, state.grid)
        if move is None or not rules.is_legal(state, seat, move):
            raise IllegalAction("that action is not legal now; see legal_actions")
        return rules.apply_move(state, seat, move)

    def view(self, state: State, seat: int | None) -> Message:
        return view.render(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = view.finals(state)
        ranks = view.ranks(scores)
        results = tuple(
            SeatResult(seat=f.seat, score=f.total, rank=r) for f, r in zip(scores, ranks, strict=True)
        )
        winners = tuple(f.seat for f, r in zip(scores, ranks, strict=True) if r == 1)
        tie_break = "shared" if len(winners) > 1 else "score"
        return Outcome(results, winners, tie_break, view.outcome(state, scores))

    def encode(self, state: State) -> bytes:
        return encode(state)

    def decode(self, data: bytes) -> State:
        return decode(data)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return rules.resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)

