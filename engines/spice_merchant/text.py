"""What Spice Merchant's players read: each action, event, decision and
refusal as a phrase of the game's catalogs (locales/<locale>/spice-merchant.ftl,
docs/text.md). Events and actions are read off their messages; a decision
says what is asked; a refusal says which rule the move breaks, with its
numbers, from what the refused seat may see (its own hand, the markets)."""

from __future__ import annotations

from pathlib import Path

from google.protobuf.message import Message

from engines.core.engine import Event
from engines.core.text import (
    GameText,
    Phrase,
    ProtoPhrases,
    decision_phrase,
    enum_term,
    tie_break_term,
)
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.messages import market_pb, spice_pb
from engines.spice_merchant.moves import FakeDemand, Move, OpenTrade, RegisterSecret
from engines.spice_merchant.rules import markets_held, secret_goods_due
from engines.spice_merchant.state import REGISTRATION, TRADING, State
from marketplay.v1 import spice_merchant_pb2 as pb

PREFIX = "spice-merchant"
CATALOGS = Path(__file__).parent / "locales"

#: Events and actions as their messages say them; the round's record (every
#: seat's goods and sales) and the final scores are the view's to show.
PHRASES = ProtoPhrases(
    PREFIX,
    seats=frozenset({"seat", "first_player", "winners"}),
    skip=frozenset({"markets", "seats", "scores", "score_cards"}),
    fields={"tie_break": lambda name: tie_break_term(PREFIX, name)},
)


#: The terms of the spices and markets, as the messages' enums name them.
SPICES = tuple(enum_term(pb.SpiceMerchantSpice.DESCRIPTOR, spice_pb(s)) for s in range(NUM_SPICES))
MARKETS = tuple(enum_term(pb.SpiceMerchantMarket.DESCRIPTOR, market_pb(m)) for m in range(NUM_MARKETS))


def event(happened: Event) -> Phrase:
    """A private copy (the seat's own cards) is its own phrase: "you drew ..."."""
    phrase = PHRASES.read(happened.message, "event")
    winners = phrase.arg("winners")
    if isinstance(winners, tuple):
        phrase = Phrase(phrase.id, (*phrase.args, ("count", len(winners))))
    if happened.audience is not None:
        return Phrase(phrase.id + "-private", phrase.args)
    return phrase


def action(state: State, seat: int, kind: str, message: Message) -> Phrase:
    return PHRASES.read(message, "action")


def decision(state: State, seat: int, kind: str) -> Phrase:
    """Registration says how many goods; a turn whether open trade is still open."""
    if kind == "register-secret":
        return decision_phrase(PREFIX, kind, count=secret_goods_due(state, seat))
    return decision_phrase(PREFIX, kind, open_trade=int(not state.open_trade_used(seat)))


def refusal(state: State, seat: int, move: Move) -> Phrase | None:
    """Why the seat may not make `move` now, from what it may see; None when the
    generic refusal says it (not its turn, another phase)."""
    hand = state.hands[seat]
    table = state.rules.data
    if isinstance(move, RegisterSecret):
        if state.phase != REGISTRATION or state.registered[seat]:
            return None
        due = secret_goods_due(state, seat)
        if len(move.spices) != due:
            return Phrase.of(f"{PREFIX}-refusal-register-count", count=due)
        return _lacking(hand, move.spices)
    if state.phase != TRADING or seat != state.turn:
        return None
    if isinstance(move, OpenTrade):
        if state.open_trade_used(seat):
            return Phrase.of(f"{PREFIX}-refusal-open-trade-used")
        return _lacking(hand, (move.spice,))
    return _fake_demand_refusal(state, hand, move, table.market_capacity, table.markets_per_spice)


def _lacking(hand: list[int], spices: tuple[int, ...]) -> Phrase | None:
    for spice in set(spices):
        if hand[spice] < spices.count(spice):
            return Phrase.of(f"{PREFIX}-refusal-not-in-hand", spice=SPICES[spice],
                             count=spices.count(spice), held=hand[spice])
    return None


def _fake_demand_refusal(state: State, hand: list[int], move: FakeDemand, capacity: int,
                         most_markets: int) -> Phrase | None:
    """ "You have to put down 1 kind of spice to 1 market place"; "1 market place
    can have only 1 kind of spice, with 4 cards as the maximum"; "The same kind
    of spice cards can occupy a maximum of 2 market places"."""
    held, count = state.markets[move.market]
    market = MARKETS[move.market]
    if held not in (move.spice, -1) and count:
        return Phrase.of(f"{PREFIX}-refusal-market-holds-another-spice", market=market,
                         spice=SPICES[held])
    if count + move.count > capacity:
        return Phrase.of(f"{PREFIX}-refusal-market-full", market=market, room=capacity - count)
    if held != move.spice and markets_held(state, move.spice) >= most_markets:
        return Phrase.of(f"{PREFIX}-refusal-spice-in-two-markets", spice=SPICES[move.spice],
                         most=most_markets)
    if not move.count >= 1:
        return None
    return _lacking(hand, (move.spice,) * move.count)


TEXT: GameText = GameText(PREFIX, CATALOGS, action=action, event=event, decision=decision, refusal=refusal)
