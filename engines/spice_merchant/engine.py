"""The Spice Merchant engine: the common interface over rules, view, scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from engines.core.engine import Decision, Engine, Event, Outcome, SeatResult
from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from engines.spice_merchant import evaluation, hidden, rules
from engines.spice_merchant.data import DEFAULT_NUTMEG, DIGEST, NUTMEG_VARIANTS
from engines.spice_merchant.moves import MAX_ACTION_BYTES, action_messages, move_of
from engines.spice_merchant.scoring import ranks
from engines.spice_merchant.state import GAME_OVER, State, decode, encode
from engines.spice_merchant.view import build_view
from marketplay.v1 import spice_merchant_pb2 as pb

#: Bump on any change of a rule decision (docs/rules/spice-merchant.md).
RULES_VERSION = "spice-merchant/1"

SPEC = GameSpec(
    game_id="spice-merchant",
    title="Spice Merchant",
    # "4 game information cards ... The remaining cards are not used": at most
    # 4 seats; the minimum is not printed, 2 is the smallest table that trades.
    min_players=2,
    max_players=4,
    rules_version=f"{RULES_VERSION}+data.{DIGEST}",
    options=(
        OptionSpec(
            name="nutmeg-prices",
            kind="enum",
            default=DEFAULT_NUTMEG,
            description=(
                "Nutmeg & Mace points for a market holding 1-2-3-4 cards (the row is blank "
                "in the rulebook; the default interpolates between Clove and Saffron)"
            ),
            allowed=tuple(NUTMEG_VARIANTS),
        ),
    ),
    max_action_bytes=MAX_ACTION_BYTES,
)


@lru_cache(maxsize=256)
def _decisions(deciders: tuple[tuple[int, str], ...]) -> tuple[Decision, ...]:
    """Decisions are immutable: made once per distinct list of deciders."""
    return tuple(Decision(seat, kind) for seat, kind in deciders)


class SpiceMerchantEngine(Engine[State, pb.SpiceMerchantAction]):
    spec = SPEC
    action_type = pb.SpiceMerchantAction
    proto_field = "spice_merchant"

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        if options.get("nutmeg-prices") not in NUTMEG_VARIANTS:
            raise InvalidOptions("option 'nutmeg-prices' names no known price row")
        return rules.new_game(num_players, options, rng)

    def to_act(self, state: State) -> Sequence[Decision]:
        return list(_decisions(tuple(rules.deciders(state))))

    def legal_actions(self, state: State, seat: int) -> Sequence[pb.SpiceMerchantAction]:
        return action_messages(rules.legal_moves(state, seat))

    def is_legal(self, state: State, seat: int, action: pb.SpiceMerchantAction) -> bool:
        move = move_of(action)
        return move is not None and rules.is_legal(state, seat, move)

    def apply(
        self, state: State, seat: int, action: pb.SpiceMerchantAction, rng: Rng
    ) -> tuple[State, list[Event]]:
        move = move_of(action)
        if move is None:  # the framework checked is_legal; keep mypy and misuse honest
            raise ValueError("not a spice-merchant move")
        return rules.apply(state, seat, move, rng)

    def view(self, state: State, seat: int | None) -> pb.SpiceMerchantView:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != GAME_OVER:
            return None
        keys = rules.final_keys(state)
        seat_ranks = ranks(keys)
        winners, tie_break = rules.winners_of(state)
        return Outcome(
            results=tuple(
                SeatResult(seat, state.scores[seat], seat_ranks[seat], (state.goods_sold(seat),))
                for seat in range(state.num_players)
            ),
            winners=tuple(winners),
            tie_break=tie_break,
            details=pb.SpiceMerchantOutcome(
                seats=[
                    pb.SpiceMerchantSeatTotals(
                        seat=seat,
                        score=state.scores[seat],
                        goods_sold=state.goods_sold(seat),
                        round_points=state.round_points[seat],
                    )
                    for seat in range(state.num_players)
                ]
            ),
        )

    def encode(self, state: State) -> bytes:
        return encode(state)

    def decode(self, data: bytes) -> State:
        return decode(data)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return hidden.resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)
