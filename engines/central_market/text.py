"""What Central Market's players read: each action, event, decision and
refusal as a phrase of the game's catalogs (locales/<locale>/central-market.ftl,
docs/text.md).

Events are read off their copies, so a public copy never names a hidden card
and a seat's private copy (its delivery, its set-aside choice) is a phrase of
its own ("You are dealt ..."). A card is one term (`central-market-card-
tomatoes-3`), a list of cards a list of terms in hand order, so the text of a
seat's cards does not depend on the hidden order they were dealt in. Labels
differ by decision ("Start at 5", "Bid 5", "Lower to 5"; "Pass" while bidding,
"Decline" in a reaction window) and use public facts and the deciding seat's
own cards only; prompts use public facts only (every seat sees every
decision); a refusal says which rule a move breaks, with its numbers, from
what the refused seat may see.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from google.protobuf.message import Message

from engines.central_market.bidding import may_bid
from engines.central_market.data import (
    CHEAT,
    LOWEST_PRICE,
    NUM_CODES,
    NUM_PRODUCTS,
    PRODUCTS,
    ROT,
    TOURISTS,
    kg_of,
    product_of,
)
from engines.central_market.moves import (
    Bid,
    FinishSale,
    Move,
    Offer,
    PlayRot,
    PlayTourists,
    SellCard,
    SetAside,
)
from engines.central_market.rounds import offerable_products
from engines.central_market.state import (
    FIRST_LAP,
    LOWERING,
    OFFER,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    STARTING_BID,
    TOURISTS_SALE,
    TOURISTS_WINDOW,
    State,
)
from engines.core.engine import Event
from engines.core.text import (
    Arg,
    GameText,
    Phrase,
    ProtoPhrases,
    Seat,
    Term,
    decision_phrase,
    enum_term,
    kebab,
)
from marketplay.v1 import central_market_pb2 as pb

PREFIX = "central-market"
CATALOGS = Path(__file__).parent / "locales"

#: The products' terms, by product index (`central-market-product-tomatoes`).
PRODUCT_TERMS = tuple(enum_term(pb.CentralMarketProduct.DESCRIPTOR, p + 1) for p in range(NUM_PRODUCTS))
#: The cards' terms, by card code (`central-market-card-tomatoes-3`).
CARD_TERMS = tuple(Term(f"{PREFIX}-card-{PRODUCTS[product_of(c)]}-{kg_of(c)}") for c in range(NUM_CODES))
_UNKNOWN = Term("unknown")


def card_term(card: pb.CentralMarketCard) -> Term:
    """A card message as its term; the engine sends only real cards."""
    if not 1 <= card.product <= NUM_PRODUCTS:
        return _UNKNOWN
    return Term(f"{PREFIX}-card-{PRODUCTS[card.product - 1]}-{card.kg}")


def card_terms(cards: Iterable[pb.CentralMarketCard]) -> tuple[Term, ...]:
    """Cards in hand order (product, then weight): the same cards read alike
    whatever order the hidden draw pile dealt them in."""
    return tuple(card_term(c) for c in sorted(cards, key=lambda c: (c.product, c.kg)))


# ------------------------------------------------------------------ events

#: Events as their messages say them: a seat field a seat, a flag 0 or 1, a
#: skip reason its term; a card a term, cards a list of terms.
PHRASES = ProtoPhrases(
    PREFIX,
    seats=frozenset({"seat", "starting_player", "target", "winners"}),
    fields={"card": card_term, "cards": card_terms},
)

#: The event cases whose private copy shows the seat its own cards.
_WITH_CARDS = frozenset({"cards_delivered", "set_aside_picked_up"})


def event(happened: Event) -> Phrase:
    """The event copy's phrase: a private copy's id ends in `-private`.

    The settled sale and the round's scores are records the view shows in
    full: their lines name what a player follows in a log (who earned what;
    who earned most)."""
    message = happened.message
    assert isinstance(message, pb.CentralMarketEvent)
    case = message.WhichOneof("kind")
    if case == "sale_settled":
        return _sale_settled(message.sale_settled.sale)
    if case == "round_scored":
        return _round_scored(message.round_scored.score)
    if case == "hand_discarded":
        return _hand_discarded(message.hand_discarded)
    phrase = PHRASES.read(message, "event")
    args = dict(phrase.args)
    private = happened.audience is not None
    if case == "passed":
        if message.passed.reason:  # passed for a public reason, not by choice
            return Phrase(f"{phrase.id}-automatically", phrase.args)
        del args["reason"]
    elif case in _WITH_CARDS and not private:
        del args["cards"]  # the public copy holds none
    elif case == "set_aside_chosen" and private and "card" not in args:
        return Phrase(f"{phrase.id}-keep-all-private", phrase.args)
    elif case == "game_ended":
        args["count"] = len(message.game_ended.winners)
    return Phrase(phrase.id + ("-private" if private else ""), tuple(args.items()))


def _hand_discarded(discarded: pb.CentralMarketHandDiscarded) -> Phrase:
    """Face down only the count is told; face up the cards (version 1 sets no
    count, so it is counted here)."""
    if discarded.face_down:
        return Phrase.of(f"{PREFIX}-event-hand-discarded-face-down", seat=Seat(discarded.seat),
                         count=discarded.count)
    return Phrase.of(f"{PREFIX}-event-hand-discarded", seat=Seat(discarded.seat),
                     cards=card_terms(discarded.cards), count=len(discarded.cards))


def _sale_settled(sale: pb.CentralMarketSale) -> Phrase:
    return Phrase.of(
        f"{PREFIX}-event-sale-settled", seat=Seat(sale.seat),
        product=enum_term(pb.CentralMarketProduct.DESCRIPTOR, sale.product),
        income=sale.income, paid_kg=sale.paid_kg, price=sale.price, tourists=int(sale.tourists))


def _round_scored(score: pb.CentralMarketRoundScore) -> Phrase:
    """Who earned the most income, and the victory points that earned; nobody
    when nobody earned any (then nobody scores)."""
    top = max(score.incomes, default=0)
    seats = tuple(s for s, income in enumerate(score.incomes) if top and income == top)
    points = score.victory_points[seats[0]] if seats else 0
    return Phrase.of(f"{PREFIX}-event-round-scored", round=score.round,
                     seats=tuple(Seat(s) for s in seats), count=len(seats), income=top,
                     points=points)


# ------------------------------------------------------------------ labels


def action(state: State, seat: int, kind: str, message: Message) -> Phrase:
    """`central-market-action-<decision kind>-<move>`: a pass is "Pass" while
    bidding but "Decline" in a reaction window; a stay names the seat's bid,
    a Rot the seller (both public)."""
    assert isinstance(message, pb.CentralMarketAction)
    case = message.WhichOneof("move") or "unknown"
    id = f"{PREFIX}-action-{kind}-{kebab(case)}"
    if case == "offer":
        return Phrase.of(id, product=enum_term(pb.CentralMarketProduct.DESCRIPTOR, message.offer.product))
    if case == "bid":
        return Phrase.of(id, price=message.bid.price)
    if case == "sell_card":
        return Phrase.of(id, card=card_term(message.sell_card.card))
    if case == "set_aside":
        return Phrase.of(id, card=card_term(message.set_aside.card))
    if case == "stay":
        return Phrase.of(id, bid=state.bids[seat])
    if case == "play_rot":
        return Phrase.of(id, seller=Seat(state.seller))
    return Phrase(id)


def label_context(state: State, seat: int, kind: str) -> tuple[int, int]:
    """All of the state a label reads: the seat's own bid (a stay names it) and
    the seller (a Rot names him); the service keeps labels by it."""
    return state.bids[seat], state.seller


# ------------------------------------------------------------------ prompts


def decision(state: State, seat: int, kind: str) -> Phrase:
    """What the seat is asked, with the public facts it decides on: the
    product, the lowest bid, whose sale, the limits left."""
    product = PRODUCT_TERMS[state.product] if 0 <= state.product < NUM_PRODUCTS else _UNKNOWN
    phase = state.phase
    if phase == STARTING_BID:
        return decision_phrase(PREFIX, kind, product=product, least=LOWEST_PRICE,
                               most=state.max_price)
    if phase == FIRST_LAP:
        return decision_phrase(PREFIX, kind, product=product, lowest=state.lowest_bid())
    if phase == LOWERING:
        return decision_phrase(PREFIX, kind, product=product, lowest=state.lowest_bid(),
                               bid=state.bids[seat])
    if phase == SELL:
        return decision_phrase(PREFIX, kind, product=product, price=state.bids[seat],
                               cheat=int(state.sale_cheat), product_left=state.product_left[state.product],
                               player_left=state.player_left[seat])
    if phase == ROT_WINDOW:
        return decision_phrase(PREFIX, kind, seller=Seat(state.seller), product=product,
                               paid_kg=state.sale_paid, price=state.bids[state.seller])
    if phase in (TOURISTS_WINDOW, TOURISTS_SALE):
        return decision_phrase(PREFIX, kind, product=product, price=state.lowest_bid())
    return decision_phrase(PREFIX, kind)  # offer, set-aside: nothing on the table yet


# ------------------------------------------------------------------ refusals


def _refusal(name: str, **args: Arg) -> Phrase:
    return Phrase.of(f"{PREFIX}-refusal-{name}", **args)


def refusal(state: State, seat: int, move: Move) -> Phrase | None:
    """Why the seat may not make `move` now, from its own hand and the public
    table; None where the generic refusal says it (a move of another
    decision, e.g. a stay in the first lap)."""
    phase = state.phase
    if isinstance(move, PlayRot | PlayTourists) and phase != _WINDOWS[type(move)]:
        return _action_card_refusal(state, seat, move)
    if phase == OFFER and isinstance(move, Offer):
        return _offer_refusal(state, seat, move.product)
    if phase in (STARTING_BID, FIRST_LAP, LOWERING) and isinstance(move, Bid):
        return _bid_refusal(state, seat, move.price)
    if phase in (SELL, TOURISTS_SALE) and isinstance(move, SellCard | FinishSale):
        return _sale_refusal(state, seat, move)
    if phase == TOURISTS_WINDOW and isinstance(move, PlayTourists):
        return _refusal("product-not-in-hand", product=PRODUCT_TERMS[state.product])
    if phase == SET_ASIDE and isinstance(move, SetAside) and move.card not in state.hands[seat]:
        return _refusal("card-not-in-hand", card=CARD_TERMS[move.card])
    return None


#: The window each reaction card is played in.
_WINDOWS = {PlayRot: ROT_WINDOW, PlayTourists: TOURISTS_WINDOW}


def _action_card_refusal(state: State, seat: int, move: PlayRot | PlayTourists) -> Phrase:
    """ "which he can play only once"; Rot "Immediately after any other player
    has played the cards"; Tourists "As soon as players have completed
    selling a product"."""
    rot = isinstance(move, PlayRot)
    if not state.action_cards[seat] & (ROT if rot else TOURISTS):
        return _refusal("rot-used" if rot else "tourists-used")
    return _refusal("rot-not-now" if rot else "tourists-not-now")


def _offer_refusal(state: State, seat: int, product: int) -> Phrase | None:
    """ "He chooses one product from his hand"; "In each round each product
    can be offered and sold only once!" """
    if product in offerable_products(state, seat):
        return None
    term = PRODUCT_TERMS[product]
    if product == state.removed_product:
        return _refusal("product-removed", product=term)
    if product in state.offered:
        return _refusal("already-offered", product=term)
    return _refusal("product-not-in-hand", product=term)


def _bid_refusal(state: State, seat: int, price: int) -> Phrase | None:
    """ "makes his starting bid"; "bid - ... lower than the current lowest
    bid. A player may bid only if he has the product in his hands (see the
    card "Cheat" for exception)"."""
    if state.phase == STARTING_BID:
        if not LOWEST_PRICE <= price <= state.max_price:
            return _refusal("price-range", least=LOWEST_PRICE, most=state.max_price)
        return None
    if state.phase == FIRST_LAP and not may_bid(state, seat):
        if state.action_cards[seat] & CHEAT:
            return _refusal("cheat-needs-a-card", product=PRODUCT_TERMS[state.product])
        return _refusal("bid-needs-product", product=PRODUCT_TERMS[state.product])
    lowest = state.lowest_bid()
    if price >= lowest:
        return _refusal("bid-not-below", lowest=lowest)
    if price < LOWEST_PRICE:
        return _refusal("price-range", least=LOWEST_PRICE, most=lowest - 1)
    return None


def _sale_refusal(state: State, seat: int, move: SellCard | FinishSale) -> Phrase | None:
    """ "he has to play at least one card from his hand with this product"; a
    cheater sells "any other product" (from version 2, one product unless
    cheat-mixed-products); a Tourists sale sells "the product, which had just
    been sold"."""
    if isinstance(move, FinishSale):
        return None if state.sale_cards else _refusal("finish-without-cards")
    card = CARD_TERMS[move.card]
    if move.card not in state.hands[seat]:
        return _refusal("card-not-in-hand", card=card)
    cheating = state.phase == SELL and state.sale_cheat
    if not cheating and product_of(move.card) != state.product:
        return _refusal("card-not-of-product", card=card, product=PRODUCT_TERMS[state.product])
    if cheating and not state.cheat_mixed and state.sale_cards:
        first = product_of(state.sale_cards[0])
        if product_of(move.card) != first:
            return _refusal("cheat-one-product", card=card, product=PRODUCT_TERMS[first])
    return None


TEXT: GameText = GameText(PREFIX, CATALOGS, action=action, event=event, decision=decision, refusal=refusal,
                label_context=label_context)
