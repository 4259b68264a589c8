"""The Spice Merchant engine: the common interface over rules, view, scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from engines.core.engine import Decision, Engine, Event, Outcome
from engines.core.errors import InvalidOptions
from engines.core.ranking import ranked_outcome
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from engines.spice_merchant import evaluation, hidden, rules
from engines.spice_merchant.moves import CODEC, MAX_ACTION_BYTES, action_messages, move_of
from engines.spice_merchant.state import GAME_OVER, State, decode, encode
from engines.spice_merchant.versions import Rules
from engines.spice_merchant.view import build_view
from marketplay.v1 import spice_merchant_pb2 as pb


def spec_of(version: Rules) -> GameSpec:
    """What ListGames shows of one rules version (versions.py names them: the
    data digest is part of the name, so new prices make a new version)."""
    return GameSpec(
        game_id="spice-merchant",
        title="Spice Merchant",
        # "4 game information cards ... The remaining cards are not used": at most
        # 4 seats; the minimum is not printed, 2 is the smallest table that trades.
        min_players=2,
        max_players=4,
        rules_version=version.version,
        options=(
            OptionSpec(
                name="nutmeg-prices",
                kind="enum",
                default=version.data.default_nutmeg,
                description=(
                    "Nutmeg & Mace points for a market holding 1-2-3-4 cards (the row is blank "
                    "in the rulebook; the default interpolates between Clove and Saffron)"
                ),
                allowed=tuple(version.data.nutmeg_variants),
            ),
        ),
        max_action_bytes=MAX_ACTION_BYTES,
    )


@lru_cache(maxsize=256)
def _decisions(deciders: tuple[tuple[int, str], ...]) -> tuple[Decision, ...]:
    """Decisions are immutable: made once per distinct list of deciders."""
    return tuple(Decision(seat, kind) for seat, kind in deciders)


class SpiceMerchantEngine(Engine[State, pb.SpiceMerchantAction]):
    action_type = pb.SpiceMerchantAction
    proto_field = "spice_merchant"

    def __init__(self, version: Rules) -> None:
        self.rules = version
        self.spec = spec_of(version)

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        if options.get("nutmeg-prices") not in self.rules.data.nutmeg_variants:
            raise InvalidOptions("option 'nutmeg-prices' names no known price row")
        return rules.new_game(self.rules, num_players, options, rng)

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
        return rules.apply(state, seat, CODEC.legal_move_of(action), rng)

    def view(self, state: State, seat: int | None) -> pb.SpiceMerchantView:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != GAME_OVER:
            return None
        return ranked_outcome(
            rules.final_keys(state),
            rules.TIE_BREAKS,
            pb.SpiceMerchantOutcome(
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
        return decode(data, self.rules)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return hidden.resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)
