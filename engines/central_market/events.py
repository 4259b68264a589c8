"""Builders for CentralMarketEvent messages, public and private copies.

Only this module, view.py and messages.py build protobuf messages; the rules code calls
these helpers with plain ints.
"""

from __future__ import annotations

from collections.abc import Sequence

from google.protobuf.message import Message

from engines.central_market.messages import card_pb, cards_pb, product_pb, round_score_pb, sale_pb
from engines.central_market.state import OFFER, SELL, RoundScore, Sale, State
from engines.core.engine import Event
from engines.core.events import public, public_and_private
from marketplay.v1 import central_market_pb2 as pb

Ev = pb.CentralMarketEvent


def round_started(round_: int, starting_player: int, final: bool) -> Event:
    return public(Ev(round_started=pb.CentralMarketRoundStarted(
        round=round_, starting_player=starting_player, final_round=final)))


def delivered(seat: int, cards: Sequence[int]) -> list[Event]:
    """Public: how many cards the seat got; private: which."""
    return public_and_private(
        seat,
        Ev(cards_delivered=pb.CentralMarketCardsDelivered(seat=seat, count=len(cards))),
        Ev(cards_delivered=pb.CentralMarketCardsDelivered(
            seat=seat, count=len(cards), cards=cards_pb(cards))),
    )


def reshuffled(count: int) -> Event:
    return public(Ev(discard_reshuffled=pb.CentralMarketDiscardReshuffled(count=count)))


def delivery_stopped() -> Event:
    return public(Ev(delivery_stopped=pb.CentralMarketDeliveryStopped()))


def hand_discarded(seat: int, cards: Sequence[int], with_count: bool) -> Event:
    """Face up: everybody sees the cards (version 2 also states the count)."""
    return public(Ev(hand_discarded=pb.CentralMarketHandDiscarded(
        seat=seat, cards=cards_pb(cards), count=len(cards) if with_count else 0)))


def hand_discarded_face_down(seat: int, count: int) -> Event:
    """Face down: the cards reach no view or event, not even the seat's own."""
    return public(Ev(hand_discarded=pb.CentralMarketHandDiscarded(
        seat=seat, count=count, face_down=True)))


def set_aside_picked_up(seat: int, cards: Sequence[int]) -> list[Event]:
    """Public: how many set-aside cards the seat picked up; private: which."""
    return public_and_private(
        seat,
        Ev(set_aside_picked_up=pb.CentralMarketSetAsidePickedUp(seat=seat, count=len(cards))),
        Ev(set_aside_picked_up=pb.CentralMarketSetAsidePickedUp(
            seat=seat, count=len(cards), cards=cards_pb(cards))),
    )


def offer_skipped(seat: int, reason: int) -> Event:
    return public(Ev(offer_skipped=pb.CentralMarketOfferSkipped(
        seat=seat, reason=reason)))  # type: ignore[arg-type]


def offered(seat: int, product: int) -> Event:
    return public(Ev(offered=pb.CentralMarketOffered(seat=seat, product=product_pb(product))))


def bid_placed(seat: int, price: int) -> Event:
    return public(Ev(bid_placed=pb.CentralMarketBidPlaced(seat=seat, price=price)))


def passed(seat: int, reason: int = 0) -> Event:
    return public(Ev(passed=pb.CentralMarketPassed(seat=seat, reason=reason)))  # type: ignore[arg-type]


def stayed(seat: int, automatic: bool) -> Event:
    return public(Ev(stayed=pb.CentralMarketStayed(seat=seat, automatic=automatic)))


def cheat_revealed(seat: int, product: int) -> Event:
    return public(Ev(cheat_revealed=pb.CentralMarketCheatRevealed(
        seat=seat, product=product_pb(product))))


def sale_skipped(seat: int, product: int, reason: int) -> Event:
    return public(Ev(sale_skipped=pb.CentralMarketSaleSkipped(
        seat=seat, product=product_pb(product), reason=reason)))  # type: ignore[arg-type]


def card_played(seat: int, card: int, tourists: bool) -> Event:
    return public(Ev(card_played=pb.CentralMarketCardPlayed(
        seat=seat, card=card_pb(card), tourists=tourists)))


def cards_played(seat: int, product: int, played: int, sold: int, lost: int) -> Event:
    return public(Ev(cards_played=pb.CentralMarketCardsPlayed(
        seat=seat, product=product_pb(product), played_kg=played, sold_kg=sold, lost_kg=lost)))


def rot_played(seat: int, target: int, paid: int) -> Event:
    return public(Ev(rot_played=pb.CentralMarketRotPlayed(seat=seat, target=target, paid_kg=paid)))


def reaction_declined(seat: int, tourists: bool) -> Event:
    return public(Ev(reaction_declined=pb.CentralMarketReactionDeclined(
        seat=seat, tourists=tourists)))


def tourists_played(seat: int, product: int, price: int) -> Event:
    return public(Ev(tourists_played=pb.CentralMarketTouristsPlayed(
        seat=seat, product=product_pb(product), price=price)))


def sale_settled(sale: Sale) -> Event:
    return public(Ev(sale_settled=pb.CentralMarketSaleSettled(sale=sale_pb(sale))))


def set_aside_chosen(seat: int, card: int) -> list[Event]:
    """Public: the seat has chosen; private: what (card -1 keeps every card)."""
    mine = pb.CentralMarketSetAsideChosen(seat=seat)
    if card >= 0:
        mine.card.CopyFrom(card_pb(card))
    return public_and_private(
        seat, Ev(set_aside_chosen=pb.CentralMarketSetAsideChosen(seat=seat)), Ev(set_aside_chosen=mine)
    )


def set_aside_revealed(seat: int, count: int) -> Event:
    return public(Ev(set_aside_revealed=pb.CentralMarketSetAsideRevealed(seat=seat, count=count)))


def round_scored(score: RoundScore) -> Event:
    return public(Ev(round_scored=pb.CentralMarketRoundScored(score=round_score_pb(score))))


def starting_player_chosen(seat: int) -> Event:
    return public(Ev(starting_player_chosen=pb.CentralMarketStartingPlayerChosen(seat=seat)))


def game_ended(winners: Sequence[int]) -> Event:
    return public(Ev(game_ended=pb.CentralMarketGameEnded(winners=winners)))


#: Events that tell some seat what no seat chose to show: the cards dealt ("each player
#: is dealt 4 product cards from the draw pile"), a skipped offerer's hand ("doesn't have
#: product in his hand that he can legally offer, he skips his turn"), a Cheat shown at
#: the sale ("he has to play the Cheat card to show that he in fact doesn't have this
#: product"), how many cards each seat set aside, and the set-aside cards picked up for
#: the final round.
REVEALING = frozenset({"cards_delivered", "offer_skipped", "cheat_revealed",
                       "set_aside_revealed", "set_aside_picked_up"})
#: With skip-idle-reactions (trusted callers only), who is asked for Tourists, and
#: who passed over, shows who holds the product; the window follows these events.
_TOURISTS_WINDOW_AFTER = frozenset({"sale_settled", "sale_skipped", "reaction_declined"})


def reveals(state: State, events: Sequence[Message]) -> bool:
    """The step's reveals, for take-backs (Engine.reveals): REVEALING; the final
    round's hands discarded face up ("players discard all the cards left in their
    hand"); the prompts that show what a hand holds: a new offer (a seat without a
    product it may offer "skips his turn") and a sale starting (a seller without the
    product "has to play the Cheat card", so one who shows none holds it); and, with
    skip-idle-reactions, the Tourists window. A bid, a pass, a card sold or set
    aside is the seat's own choice: taking it back tells nobody anything more."""
    ours = [message for message in events if isinstance(message, Ev)]
    kinds = {message.WhichOneof("kind") for message in ours}
    if kinds & REVEALING or state.phase == OFFER or (state.phase == SELL and not state.sale_cards):
        return True
    if any(message.WhichOneof("kind") == "hand_discarded" and not message.hand_discarded.face_down
           for message in ours):
        return True
    return state.skip_idle and bool(kinds & _TOURISTS_WINDOW_AFTER)
