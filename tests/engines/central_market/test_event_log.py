"""Whole stretches of play with every event they cause, public and private,
field by field: Rot, Tourists and both reaction windows; the end of a round
with set-aside choices, scoring, the final round's pick-up and the game end.

Each list was checked against the rulebook by hand (the numbers are worked
out in the comments), so a changed field is a changed rule or a bug.
"""

from __future__ import annotations

from google.protobuf import text_format

from engines.central_market import rules
from engines.central_market.data import ROT, TOURISTS
from engines.central_market.state import GAME_OVER, NO_SEAT, RoundScore, Sale
from engines.core.engine import Event
from tests.engines.central_market.helpers import CARROTS, EGGPLANTS, TOMATOES, Play, card, make_state

T = "CENTRAL_MARKET_PRODUCT_TOMATOES"


def log(events: list[Event]) -> list[str]:
    """`all <event>` for a public event, `[seat] <event>` for a private one."""
    return [
        ("all" if e.audience is None else str(sorted(e.audience)))
        + " " + text_format.MessageToString(e.message, as_one_line=True)
        for e in events
    ]


def test_rot_tourists_and_declined_reactions() -> None:
    """Seat 1 sells 2 kg at 4 and seat 2 rots it (2 - 2//2 = 1 kg paid: 4);
    seat 0 sells 3 kg at 6 (18), plays Tourists at the lowest bid, 4, on
    4 kg more (16); seat 1 declines Rot and Tourists."""
    hands = [["tomatoes-3", "tomatoes-4", "peppers-2"], ["tomatoes-2", "tomatoes-3"], ["cucumbers-2"]]
    play = Play(make_state(hands, action_cards=[TOURISTS, TOURISTS | ROT, ROT]))
    play.offer(0, TOMATOES, 6).bid(1, 4).pass_(2).stay(0)
    play.sell(1, "tomatoes-2").act(2, rules.PLAY_ROT)
    play.sell(0, "tomatoes-3").pass_(1)
    play.act(0, rules.PLAY_TOURISTS).sell(0, "tomatoes-4").pass_(1)
    kg = {n: f"cards {{ product: {T} kg: {n} }}" for n in (2, 3, 4)}
    assert log(play.events) == [
        f"all offered {{ product: {T} }}",
        "all bid_placed { price: 6 }",
        "all bid_placed { seat: 1 price: 4 }",
        "all passed { seat: 2 }",
        "all stayed { }",
        f"all card_played {{ seat: 1 card {{ product: {T} kg: 2 }} }}",
        f"all cards_played {{ seat: 1 product: {T} played_kg: 2 sold_kg: 2 }}",
        "all rot_played { seat: 2 target: 1 paid_kg: 1 }",
        f"all sale_settled {{ sale {{ seat: 1 product: {T} price: 4 {kg[2]} played_kg: 2 sold_kg: 2"
        " paid_kg: 1 income: 4 rotted_by: 2 } }",
        f"all card_played {{ card {{ product: {T} kg: 3 }} }}",
        f"all cards_played {{ product: {T} played_kg: 3 sold_kg: 3 }}",
        "all reaction_declined { seat: 1 }",
        f"all sale_settled {{ sale {{ product: {T} price: 6 {kg[3]} played_kg: 3 sold_kg: 3"
        " paid_kg: 3 income: 18 } }",
        f"all tourists_played {{ product: {T} price: 4 }}",
        f"all card_played {{ card {{ product: {T} kg: 4 }} tourists: true }}",
        f"all sale_settled {{ sale {{ product: {T} price: 4 {kg[4]} played_kg: 4 sold_kg: 4"
        " paid_kg: 4 income: 16 tourists: true } }",
        "all reaction_declined { seat: 1 tourists: true }",
        "all offer_skipped { seat: 1 reason: CENTRAL_MARKET_SKIP_REASON_NOTHING_TO_OFFER }",
    ]
    tomatoes = card("tomatoes-2"), card("tomatoes-3"), card("tomatoes-4")
    assert play.state.sales == [
        Sale(seat=1, product=TOMATOES, price=4, played_kg=2, sold_kg=2, lost_kg=0, paid_kg=1,
             income=4, cheat=False, tourists=False, cards=(tomatoes[0],), rotted_by=(2,)),
        Sale(seat=0, product=TOMATOES, price=6, played_kg=3, sold_kg=3, lost_kg=0, paid_kg=3,
             income=18, cheat=False, tourists=False, cards=(tomatoes[1],), rotted_by=()),
        Sale(seat=0, product=TOMATOES, price=4, played_kg=4, sold_kg=4, lost_kg=0, paid_kg=4,
             income=16, cheat=False, tourists=True, cards=(tomatoes[2],), rotted_by=()),
    ]
    assert play.state.action_cards == [0, TOURISTS | ROT, 0]
    assert play.state.income == [34, 4, 0]
    assert (play.state.seller, play.state.sale_cheat) == (NO_SEAT, False)


def test_round_end_final_round_pick_up_and_game_end() -> None:
    """Round 6 of 7: incomes 15, 8, 6 score 3, 2, 1 victory points on top
    of 5, 3, 3; seat 2, now last, starts the final round, where each seat
    discards its hand face down (the default from version 2: only the count
    is told) and picks up its set-aside cards."""
    hands = [["tomatoes-3", "tomatoes-2"], ["carrots-2", "peppers-3"], ["eggplants-2"]]
    play = Play(make_state(hands, round_=6, vp=[5, 3, 3], action_cards=[0, 0, 0]))
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-3")
    play.offer(1, CARROTS, 4).pass_(2).pass_(0).sell(1, "carrots-2")
    play.offer(2, EGGPLANTS, 3).pass_(0).pass_(1).sell(2, "eggplants-2")
    assert play.deciders() == [(0, "set-aside"), (1, "set-aside")]
    play.events.clear()
    play.act(1, rules.KEEP_ALL_CARDS).act(0, rules.SetAside(card("tomatoes-2")))
    assert log(play.events) == [
        "all set_aside_chosen { seat: 1 }",
        "[1] set_aside_chosen { seat: 1 }",
        "all set_aside_chosen { }",
        f"[0] set_aside_chosen {{ card {{ product: {T} kg: 2 }} }}",
        "all set_aside_revealed { count: 1 }",
        "all set_aside_revealed { seat: 1 }",
        "all round_scored { score { round: 6 incomes: 15 incomes: 8 incomes: 6"
        " victory_points: 3 victory_points: 2 victory_points: 1 } }",
        "all starting_player_chosen { seat: 2 }",
        "all round_started { round: 7 starting_player: 2 final_round: true }",
        "all hand_discarded { seat: 2 face_down: true }",
        "all set_aside_picked_up { seat: 2 }",
        "[2] set_aside_picked_up { seat: 2 }",
        "all hand_discarded { face_down: true }",
        "all set_aside_picked_up { count: 1 }",
        f"[0] set_aside_picked_up {{ count: 1 cards {{ product: {T} kg: 2 }} }}",
        "all hand_discarded { seat: 1 count: 1 face_down: true }",
        "all set_aside_picked_up { seat: 1 }",
        "[1] set_aside_picked_up { seat: 1 }",
        "all offer_skipped { seat: 2 reason: CENTRAL_MARKET_SKIP_REASON_NOTHING_TO_OFFER }",
    ]
    assert play.state.vp == [8, 5, 4]
    assert play.state.history == [RoundScore(6, (15, 8, 6), (3, 2, 1))]
    assert play.state.hands == [[card("tomatoes-2")], [], []]
    assert play.state.discarded == [[], [card("peppers-3")], []]
    assert card("peppers-3") not in play.state.discard
    play.events.clear()
    play.offer(0, TOMATOES, 2).pass_(1).pass_(2).sell(0, "tomatoes-2")
    assert log(play.events)[-3:] == [
        "all offer_skipped { seat: 1 reason: CENTRAL_MARKET_SKIP_REASON_NOTHING_TO_OFFER }",
        "all round_scored { score { round: 7 incomes: 4 incomes: 0 incomes: 0"
        " victory_points: 3 victory_points: 0 victory_points: 0 } }",
        "all game_ended { winners: 0 }",
    ]
    assert play.state.phase == GAME_OVER and play.state.vp == [11, 5, 4]
