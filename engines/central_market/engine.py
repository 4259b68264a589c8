"""The Central Market engine: the common interface over the rules, views and moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.central_market import rules
from engines.central_market.data import (
    DEFAULT_MAX_PRICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_REMOVED_PRODUCT,
    PRODUCTS,
    unused_count,
)
from engines.central_market.events import round_score_pb
from engines.central_market.hidden import resample_hidden
from engines.central_market.moves import CODEC, MAX_ACTION_BYTES
from engines.central_market.rounds import new_state
from engines.central_market.scoring import final_outcome
from engines.central_market.state import GAME_OVER, State, decode, encode
from engines.central_market.view import build_view
from engines.core.engine import Decision, Engine, Event, Outcome
from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from marketplay.v1 import central_market_pb2 as pb

MAX_PRICE = "max-price"
REMOVED_PRODUCT = "removed-product"
SKIP_IDLE = "skip-idle-reactions"

SPEC = GameSpec(
    game_id="central-market",
    title="Central Market",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_version="central-market/1",
    options=(
        OptionSpec(
            MAX_PRICE,
            "int",
            DEFAULT_MAX_PRICE,
            "Highest price on the Bidding card (prices run 1..max-price); the real card's "
            "range is unknown, 10 is a proposal.",
            min_value=2,
            max_value=30,
        ),
        OptionSpec(
            REMOVED_PRODUCT,
            "enum",
            NO_REMOVED_PRODUCT,
            "Three-player 40-card variant: the product removed from the game "
            "('none' plays with all 50 cards; only 3 players may remove one).",
            allowed=(NO_REMOVED_PRODUCT, *PRODUCTS),
        ),
        OptionSpec(
            SKIP_IDLE,
            "bool",
            False,
            "Skip Rot and Tourists prompts for seats with no usable card: a Rot on a sale "
            "paid for 1 kg, Tourists without a card of the product in hand. For trusted "
            "callers: a Tourists prompt then shows that the seat holds the product.",
        ),
    ),
    max_action_bytes=MAX_ACTION_BYTES,
)

class CentralMarketEngine(Engine[State, pb.CentralMarketAction]):
    spec = SPEC
    action_type = pb.CentralMarketAction
    proto_field = "central_market"

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        removed = str(options[REMOVED_PRODUCT])
        if removed != NO_REMOVED_PRODUCT and num_players != 3:
            raise InvalidOptions(
                "removed-product (the 40-card variant) is for a three player game only"
            )
        removed_index = PRODUCTS.index(removed) if removed != NO_REMOVED_PRODUCT else -1
        max_price = int(options[MAX_PRICE])
        return new_state(num_players, max_price, removed_index, bool(options[SKIP_IDLE]), rng)

    def to_act(self, state: State) -> Sequence[Decision]:
        return [Decision(seat, kind) for seat, kind in rules.deciders(state)]

    def legal_actions(self, state: State, seat: int) -> Sequence[pb.CentralMarketAction]:
        return CODEC.actions(rules.legal_moves(state, seat))

    def is_legal(self, state: State, seat: int, action: pb.CentralMarketAction) -> bool:
        move = CODEC.move_of(action)
        return move is not None and move in rules.legal_moves(state, seat)

    def apply(
        self, state: State, seat: int, action: pb.CentralMarketAction, rng: Rng
    ) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, CODEC.legal_move_of(action), rng)

    def view(self, state: State, seat: int | None) -> pb.CentralMarketView:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != GAME_OVER:
            return None
        unused = [unused_count(cards) for cards in state.action_cards]
        details = pb.CentralMarketOutcome(
            victory_points=state.vp,
            unused_action_cards=unused,
            history=[round_score_pb(score) for score in state.history],
        )
        return final_outcome(state.vp, unused, details)

    def encode(self, state: State) -> bytes:
        return encode(state)

    def decode(self, data: bytes) -> State:
        return decode(data)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return resample_hidden(state, observer, rng)


ENGINE = CentralMarketEngine()
