"""The Central Market engine: the common interface over the rules, views and moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.central_market import evaluation, rules
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
from engines.central_market.rounds import Table, new_state
from engines.central_market.scoring import final_outcome
from engines.central_market.state import GAME_OVER, State, decode, encode
from engines.central_market.versions import RULES, Rules
from engines.central_market.view import build_view
from engines.core.engine import Decision, Engine, Event, Outcome
from engines.core.errors import InvalidOptions
from engines.core.rng import Rng
from engines.core.spec import GameSpec, OptionSpec, OptionValue
from marketplay.v1 import central_market_pb2 as pb

MAX_PRICE = "max-price"
REMOVED_PRODUCT = "removed-product"
SKIP_IDLE = "skip-idle-reactions"
CHEAT_MIXED = "cheat-mixed-products"
REVEAL_DISCARDS = "reveal-final-discards"

_MAX_PRICE_OPTION = OptionSpec(
    MAX_PRICE,
    "int",
    DEFAULT_MAX_PRICE,
    "Highest price on the Bidding card (prices run 1..max-price); the real card's "
    "range is unknown, 10 is a proposal.",
    min_value=2,
    max_value=30,
)
_REMOVED_PRODUCT_OPTION = OptionSpec(
    REMOVED_PRODUCT,
    "enum",
    NO_REMOVED_PRODUCT,
    "Three-player 40-card variant: the product removed from the game "
    "('none' plays with all 50 cards; only 3 players may remove one).",
    allowed=(NO_REMOVED_PRODUCT, *PRODUCTS),
)


def options_of(rules: Rules) -> tuple[OptionSpec, ...]:
    """The options a rules version takes (version 2 added two)."""
    if not rules.choice_options:
        return (
            _MAX_PRICE_OPTION,
            _REMOVED_PRODUCT_OPTION,
            OptionSpec(
                SKIP_IDLE,
                "bool",
                False,
                "Skip Rot and Tourists prompts for seats with no usable card: a Rot on a sale "
                "paid for 1 kg, Tourists without a card of the product in hand. For trusted "
                "callers: a Tourists prompt then shows that the seat holds the product.",
                trusted_only=True,
            ),
        )
    return (
        _MAX_PRICE_OPTION,
        _REMOVED_PRODUCT_OPTION,
        OptionSpec(
            SKIP_IDLE,
            "bool",
            False,
            "Skip Tourists prompts for seats without a card of the product in hand. For "
            "trusted callers: a Tourists prompt then shows that the seat holds the product.",
            trusted_only=True,
        ),
        OptionSpec(
            CHEAT_MIXED,
            "bool",
            False,
            "A cheater may sell cards of several products; by default his first card fixes "
            "the one product he sells (\"play any other product from his hand\").",
        ),
        OptionSpec(
            REVEAL_DISCARDS,
            "bool",
            False,
            "Final round: the hands discarded go face up to the open discard pile; by "
            "default they are discarded face down and reach no view or event.",
        ),
    )


def spec_of(rules: Rules) -> GameSpec:
    return GameSpec(
        game_id="central-market",
        title="Central Market",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        rules_version=rules.version,
        options=options_of(rules),
        max_action_bytes=MAX_ACTION_BYTES,
    )


class CentralMarketEngine(Engine[State, pb.CentralMarketAction]):
    action_type = pb.CentralMarketAction
    proto_field = "central_market"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.spec = spec_of(rules)

    def new_game(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        removed = str(options[REMOVED_PRODUCT])
        if removed != NO_REMOVED_PRODUCT and num_players != 3:
            raise InvalidOptions(
                "removed-product (the 40-card variant) is for a three player game only"
            )
        table = Table(
            max_price=int(options[MAX_PRICE]),
            removed_product=PRODUCTS.index(removed) if removed != NO_REMOVED_PRODUCT else -1,
            skip_idle=bool(options[SKIP_IDLE]),
            cheat_mixed=bool(options.get(CHEAT_MIXED, True)),
            reveal_discards=bool(options.get(REVEAL_DISCARDS, True)),
        )
        return new_state(self.rules, num_players, table, rng)

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
        return decode(data, self.rules)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)


#: One engine per rules version, newest first; new games use the first.
VERSIONS = tuple(CentralMarketEngine(rules) for rules in RULES)
ENGINE = VERSIONS[0]
