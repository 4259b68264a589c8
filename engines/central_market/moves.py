"""Central Market's moves, and their protobuf form (CentralMarketAction).

Inside the engine a move is a pair `(kind, argument)`: the kind names the
move as the rulebook does, the argument is a product, a price or a card
code (NO_ARGUMENT for moves without one). On the wire a product is its enum
value (index + 1) and a card is (product, kg).
"""

from __future__ import annotations

from engines.central_market.data import NUM_PRODUCTS, SIZES_KG, code
from engines.central_market.events import card_pb, product_pb
from engines.core.actions import ActionCodec
from marketplay.v1 import central_market_pb2 as pb

Move = tuple[str, int]

NO_ARGUMENT = -1

# Move kinds, in the rulebook's words.
OFFER_PRODUCT = "offer"
BID = "bid"
PASS = "pass"
STAY = "stay"
SELL_CARD = "sell-card"
FINISH_SALE = "finish-sale"
PLAY_ROT = "play-rot"
PLAY_TOURISTS = "play-tourists"
SET_ASIDE_CARD = "set-aside"
KEEP_ALL_CARDS = "keep-all"

#: The largest legal action, a card to sell, is 8 bytes.
MAX_ACTION_BYTES = 32

#: Moves without an argument, by the name of their field in the action's oneof.
_NO_ARGUMENT_FIELDS = {
    "pass": PASS,
    "stay": STAY,
    "finish_sale": FINISH_SALE,
    "play_rot": PLAY_ROT,
    "play_tourists": PLAY_TOURISTS,
    "keep_all": KEEP_ALL_CARDS,
}
_FIELD_OF = {kind: name for name, kind in _NO_ARGUMENT_FIELDS.items()}


def _card_code(card: pb.CentralMarketCard) -> int | None:
    if not 1 <= card.product <= NUM_PRODUCTS or card.kg not in SIZES_KG:
        return None
    return code(card.product - 1, card.kg)


def read_move(action: pb.CentralMarketAction) -> Move | None:
    """The move an action names, or None if it names no possible move."""
    which = action.WhichOneof("move")
    if which is None:
        return None
    if which in _NO_ARGUMENT_FIELDS:
        return (_NO_ARGUMENT_FIELDS[which], NO_ARGUMENT)
    if which == "offer":
        product = action.offer.product
        return (OFFER_PRODUCT, product - 1) if 1 <= product <= NUM_PRODUCTS else None
    if which == "bid":
        return (BID, action.bid.price)
    card = _card_code(action.sell_card.card if which == "sell_card" else action.set_aside.card)
    if card is None:
        return None
    return (SELL_CARD if which == "sell_card" else SET_ASIDE_CARD, card)


def build_action(move: Move) -> pb.CentralMarketAction:
    kind, argument = move
    Action = pb.CentralMarketAction
    if kind == OFFER_PRODUCT:
        return Action(offer=pb.CentralMarketOffer(product=product_pb(argument)))
    if kind == BID:
        return Action(bid=pb.CentralMarketBid(price=argument))
    if kind == SELL_CARD:
        return Action(sell_card=pb.CentralMarketSellCard(card=card_pb(argument)))
    if kind == SET_ASIDE_CARD:
        return Action(set_aside=pb.CentralMarketSetAside(card=card_pb(argument)))
    message = Action()
    getattr(message, _FIELD_OF[kind]).SetInParent()  # "pass" is a Python keyword
    return message


#: Fewer than a hundred distinct moves exist, so every cache holds them all.
CODEC: ActionCodec[Move, pb.CentralMarketAction] = ActionCodec(
    pb.CentralMarketAction, build_action, read_move, MAX_ACTION_BYTES, cache_size=512
)
