"""The Central Market Engine: options, action conversion, resampling, outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from engines.central_market import evaluation, rules
from engines.central_market.data import (
    CHEAT,
    DEFAULT_MAX_PRICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_REMOVED_PRODUCT,
    NUM_CODES,
    NUM_PRODUCTS,
    PRODUCTS,
    SIZES_KG,
    code,
    product_of,
    unused_count,
)
from engines.central_market.events import card_pb, product_pb, round_score_pb
from engines.central_market.rules import Action
from engines.central_market.scoring import final_ranking
from engines.central_market.state import (
    BIDDING,
    FIRST_LAP,
    GAME_OVER,
    KEEP_ALL,
    LOWERING,
    NOT_ASKED,
    OFFER,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    STAYED,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    UNDECIDED,
    State,
    decode,
    encode,
)
from engines.central_market.view import build_view
from engines.core.engine import Decision, Engine, Event, Outcome, SeatResult
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
    max_action_bytes=32,  # the largest legal action, a card to sell, is 8 bytes
)

_NO_ARG = {
    "pass": rules.PASS,
    "stay": rules.STAY,
    "finish_sale": rules.FINISH_SALE,
    "play_rot": rules.PLAY_ROT,
    "play_tourists": rules.PLAY_TOURISTS,
    "keep_all": rules.KEEP_ALL_ACT,
}

_FIELD_OF = {kind: name for name, kind in _NO_ARG.items()}


def _card_code(card: pb.CentralMarketCard) -> int | None:
    if not 1 <= card.product <= NUM_PRODUCTS or card.kg not in SIZES_KG:
        return None
    return code(card.product - 1, card.kg)


def action_tuple(action: pb.CentralMarketAction) -> Action | None:
    """The rules' form of an action, or None if it names no possible move."""
    move = action.WhichOneof("move")
    if move is None:
        return None
    if move in _NO_ARG:
        return (_NO_ARG[move], -1)
    if move == "offer":
        product = action.offer.product
        return (rules.OFFER_ACT, product - 1) if 1 <= product <= NUM_PRODUCTS else None
    if move == "bid":
        return (rules.BID, action.bid.price)
    card = _card_code(action.sell_card.card if move == "sell_card" else action.set_aside.card)
    if card is None:
        return None
    return (rules.SELL_CARD if move == "sell_card" else rules.SET_ASIDE_ACT, card)


def action_message(action: Action) -> pb.CentralMarketAction:
    kind, arg = action
    A = pb.CentralMarketAction
    if kind == rules.OFFER_ACT:
        return A(offer=pb.CentralMarketOffer(product=product_pb(arg)))
    if kind == rules.BID:
        return A(bid=pb.CentralMarketBid(price=arg))
    if kind == rules.SELL_CARD:
        return A(sell_card=pb.CentralMarketSellCard(card=card_pb(arg)))
    if kind == rules.SET_ASIDE_ACT:
        return A(set_aside=pb.CentralMarketSetAside(card=card_pb(arg)))
    field = _FIELD_OF[kind]  # "pass" is a Python keyword, hence getattr
    message = A()
    getattr(message, field).SetInParent()
    return message


@lru_cache(maxsize=512)
def _action_bytes(action: Action) -> bytes:
    """An action message's bytes, built once: there are fewer than a hundred
    distinct actions, and parsing bytes is cheaper than building a message."""
    return action_message(action).SerializeToString()


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
        max_price = options[MAX_PRICE]
        assert isinstance(max_price, int)
        return rules.new_state(
            num_players, max_price, removed_index, bool(options[SKIP_IDLE]), rng
        )

    def to_act(self, state: State) -> Sequence[Decision]:
        return [Decision(seat, kind) for seat, kind in rules.deciders(state)]

    def legal_actions(self, state: State, seat: int) -> Sequence[pb.CentralMarketAction]:
        A = pb.CentralMarketAction
        return [A.FromString(_action_bytes(a)) for a in rules.legal(state, seat)]

    def is_legal(self, state: State, seat: int, action: pb.CentralMarketAction) -> bool:
        move = action_tuple(action)
        return move is not None and move in rules.legal(state, seat)

    def apply(
        self, state: State, seat: int, action: pb.CentralMarketAction, rng: Rng
    ) -> tuple[State, list[Event]]:
        move = action_tuple(action)
        assert move is not None, "apply is only called with legal actions"
        return rules.apply(state, seat, move, rng)

    def view(self, state: State, seat: int | None) -> pb.CentralMarketView:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != GAME_OVER:
            return None
        unused = [unused_count(m) for m in state.action_cards]
        ranks, winners, tie_break = final_ranking(state.vp, unused)
        results = tuple(
            SeatResult(seat, state.vp[seat], ranks[seat], (unused[seat],))
            for seat in range(state.num_players)
        )
        details = pb.CentralMarketOutcome(
            victory_points=state.vp,
            unused_action_cards=unused,
            history=[round_score_pb(h) for h in state.history],
        )
        return Outcome(results, tuple(winners), tie_break, details)

    def encode(self, state: State) -> bytes:
        return encode(state)

    def decode(self, data: bytes) -> State:
        return decode(data)

    def resample_hidden(self, state: State, observer: int, rng: Rng) -> State:
        return resample_hidden(state, observer, rng)

    points_spread = evaluation.SPREAD
    search_iterations = evaluation.SEARCH_ITERATIONS

    def estimate(self, state: State) -> list[float]:
        return evaluation.estimate(state)


# ------------------------------------------------------------------ resampling

#: Rejection sampling gives up after this many draws and deals by construction
#: (`_constructed_deal`): consistent with every public fact, just not uniform.
_RESAMPLE_TRIES = 200


def _public_constraints(s: State) -> tuple[set[int], set[int], int]:
    """What the table knows about hidden hands right now.

    Returns (seats that must hold the current product, seats that must not,
    seat that must hold some offerable product or -1). A bidder without an
    unused Cheat holds the product ("A player may bid only if he has the
    product"), the offerer offered from his hand, a revealed cheater holds
    none of it, a seat asked to offer holds something it may offer, and with
    skip-idle-reactions a seat asked for Tourists holds the product.
    """
    must: set[int] = set()
    must_not: set[int] = set()
    offer_seat = -1
    phase = s.phase
    if phase == OFFER:
        offer_seat = s.offerer
    if s.product >= 0:
        waiting = set(s.sell_order)
        if phase in (STARTING_BID, FIRST_LAP, LOWERING):
            waiting = {i for i in range(s.num_players) if s.bid_state[i] in (BIDDING, STAYED)}
            waiting.add(s.offerer)
        for seat in waiting:
            if seat == s.offerer or not s.action_cards[seat] & CHEAT:
                must.add(seat)
        if phase == SELL and s.sale_cheat:
            must_not.add(s.seller)
        elif phase in (SELL, TOURISTS_SALE) and not s.sale_cards:
            must.add(s.seller)
        must_not.update(i for i in range(s.num_players) if s.cheated[i])
        if phase == TOURISTS_WINDOW and s.skip_idle:
            must.add(s.pointer)  # asked only because it holds the product
    return must, must_not, offer_seat


def resample_hidden(state: State, observer: int, rng: Rng) -> State:
    """Redeal every card the observer cannot see (other hands, other seats'
    set-aside cards, the draw pile) uniformly among the deals that agree with
    every public fact, and redraw other seats' pending set-aside choices."""
    s = state.clone()
    others = [i for i in range(s.num_players) if i != observer]
    # Sorted: the order must not depend on where the hidden cards truly are,
    # or two states the observer cannot tell apart would resample differently
    # and a bot's answer would depend on them (canonical, docs/bots.md).
    pool = sorted([c for i in others for c in s.hands[i] + s.set_aside[i]] + s.draw)
    must, must_not, offer_seat = _public_constraints(s)
    must.discard(observer)
    must_not.discard(observer)
    if offer_seat == observer:
        offer_seat = -1
    product = s.product

    def deal() -> tuple[dict[int, list[int]], dict[int, list[int]], int] | None:
        """Hands and set-asides sliced off `pool`, or None if they contradict a public fact."""
        at = 0
        hands: dict[int, list[int]] = {}
        asides: dict[int, list[int]] = {}
        for i in others:
            hands[i] = sorted(pool[at : at + len(s.hands[i])])
            at += len(s.hands[i])
            asides[i] = sorted(pool[at : at + len(s.set_aside[i])])
            at += len(s.set_aside[i])
        if any(all(product_of(c) != product for c in hands[i]) for i in must):
            return None
        if any(any(product_of(c) == product for c in hands[i]) for i in must_not):
            return None
        if offer_seat >= 0 and not {product_of(c) for c in hands[offer_seat]} - set(s.offered):
            return None
        return hands, asides, at

    for _ in range(_RESAMPLE_TRIES):
        rng.shuffle(pool)
        dealt = deal()
        if dealt is not None:
            break
    else:
        pool = _constructed_deal(s, others, pool, must, must_not, offer_seat)
        dealt = deal()
        assert dealt is not None, "the real deal proves a consistent one exists"
    hands, asides, at = dealt
    for i in others:
        s.hands[i] = hands[i]
        s.set_aside[i] = asides[i]
    s.draw = pool[at:]
    if s.phase == SET_ASIDE:
        for i in others:
            if s.pending[i] not in (UNDECIDED, NOT_ASKED):
                choices = [KEEP_ALL, *sorted(set(s.hands[i]))]
                s.pending[i] = choices[rng.below(len(choices))]
    assert all(0 <= c < NUM_CODES for c in s.draw)
    return s


def _constructed_deal(
    s: State, others: list[int], pool: list[int], must: set[int], must_not: set[int],
    offer_seat: int,
) -> list[int]:
    """`pool` reordered so that the slices `resample_hidden` deals satisfy the
    constraints, for the rare position where rejection keeps failing.

    Hands are filled in turn, each from the front of the (shuffled) pool: a
    seat that must hold the product first takes one of it, a seat asked to
    offer first takes a card it may offer, a seat known to hold none takes
    only other products. The real deal proves each step can succeed. It
    depends only on public facts and `pool`'s order, so it stays canonical.
    """
    left = pool[:]
    hands: dict[int, list[int]] = {}

    def take(test: Callable[[int], bool]) -> int:
        card = next(c for c in left if test(c))
        left.remove(card)
        return card

    for i in sorted(must):
        hands[i] = [take(lambda c: product_of(c) == s.product)]
    if offer_seat >= 0:
        hands[offer_seat] = [take(lambda c: product_of(c) not in s.offered)]
    for i in sorted(must_not):
        hands[i] = [take(lambda c: product_of(c) != s.product) for _ in s.hands[i]]
    out: list[int] = []
    for i in others:
        hand = hands.get(i, [])
        hand += [left.pop(0) for _ in range(len(s.hands[i]) - len(hand))]
        out += hand + [left.pop(0) for _ in s.set_aside[i]]
    return out + left


ENGINE = CentralMarketEngine()
