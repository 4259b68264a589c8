"""What each seat may see: views and the audience of every event."""

from __future__ import annotations

from engines.core import Rng
from engines.spice_merchant import ENGINE
from engines.spice_merchant.hidden import resample_hidden
from engines.spice_merchant.state import REGISTRATION, State
from marketplay.v1 import spice_merchant_pb2 as pb
from tests.engines.spice_merchant.helpers import (
    CLOVE,
    GINGER,
    PEPPER,
    SAFFRON,
    fake,
    messages,
    open_trade,
    play,
    register,
    table,
)


def _state() -> State:
    return table(
        players=3,
        round_no=3,
        turn=1,
        hands={0: "pepper*5", 1: "clove*4 ginger*3", 2: "saffron*5 cinnamon*2"},
        secret={0: "ginger*2", 1: "clove saffron", 2: "pepper nutmeg"},
        open_goods={2: "saffron"},
        markets={"A": "ginger*2", "D": "clove*4"},
        scores=[5, 7, 2],
        score_cards={0: "pepper", 1: "ginger*2"},
    )


def test_own_view_shows_own_hand_and_secret_goods_only() -> None:
    state = _state()
    view = ENGINE.view(state, 1)
    assert list(view.hand) == [GINGER + 1] * 3 + [CLOVE + 1] * 4
    assert list(view.secret_goods) == [CLOVE + 1, SAFFRON + 1]
    assert [s.secret_goods_count for s in view.seats] == [2, 2, 2]
    assert [s.hand_size for s in view.seats] == [5, 7, 7]


def test_public_facts_are_in_every_view() -> None:
    state = _state()
    view = ENGINE.view(state, None)
    assert not view.hand and not view.secret_goods
    assert view.round == 3 and view.total_rounds == 4 and view.turn == 1
    assert view.phase == pb.SPICE_MERCHANT_PHASE_TRADING
    assert view.first_player == 0 and view.seats[0].first_player
    assert view.secret_goods_to_register == 2
    assert [(m.spice, m.count) for m in view.markets] == [
        (GINGER + 1, 2),
        (0, 0),
        (0, 0),
        (CLOVE + 1, 4),
        (0, 0),
        (0, 0),
    ]
    assert [s.score for s in view.seats] == [5, 7, 2]
    assert [s.score_cards for s in view.seats] == [1, 2, 0]
    assert [s.open_trade_used for s in view.seats] == [False, False, True]
    assert view.seats[2].open_good == SAFFRON + 1
    assert view.deck_size == len(state.deck)
    assert [row.cards for row in view.price_list] == [16, 16, 14, 14, 12, 12]
    assert not view.HasField("last_round")


def test_views_do_not_depend_on_hidden_cards() -> None:
    state = _state()
    rng = Rng(b"r")
    for observer in range(3):
        twin = resample_hidden(state, observer, rng)
        assert ENGINE.view(twin, observer) == ENGINE.view(state, observer)
        assert ENGINE.view(twin, None) == ENGINE.view(state, None)
        assert twin.card_census() == state.card_census()


def test_draws_are_public_as_a_count_and_private_as_cards() -> None:
    state = table(hands={0: "pepper*7", 1: "clove*7"}, deck_top="saffron ginger")
    _, events = play(state, 0, fake("A", "pepper", 2))
    public = messages(events, "cards_drawn")
    private = messages(events, "cards_drawn", viewer=0)
    assert [(e.cards_drawn.count, list(e.cards_drawn.spices)) for e in public] == [(2, [])]
    assert [list(e.cards_drawn.spices) for e in private] == [[GINGER + 1, SAFFRON + 1]]
    assert all(
        e.visible_to(0) and not e.visible_to(1) and not e.visible_to(None) for e in events if e.audience
    )


def test_open_trade_and_fake_demand_events_are_public() -> None:
    state = table(hands={0: "pepper*7", 1: "clove*7"})
    _, events = play(state, 0, open_trade("pepper"))
    (traded,) = messages(events, "open_traded")
    assert (traded.open_traded.seat, traded.open_traded.spice) == (0, PEPPER + 1)
    _, events = play(state, 0, fake("B", "pepper", 3))
    (demand,) = messages(events, "fake_demanded")
    assert (demand.fake_demanded.market, demand.fake_demanded.spice, demand.fake_demanded.count) == (
        pb.SPICE_MERCHANT_MARKET_B,
        PEPPER + 1,
        3,
    )


def test_scoring_reveals_every_seats_goods_in_the_event_and_the_view() -> None:
    state = table(
        hands={0: "clove*4 pepper*3", 1: "pepper*7"},
        secret={0: "clove", 1: "saffron"},
        open_goods={1: "ginger"},
        markets={"A": "saffron*4"},
    )
    after, events = play(state, 0, fake("B", "clove", 4))
    (scored,) = messages(events, "round_scored")
    assert scored.round_scored == ENGINE.view(after, 0).last_round
    assert scored.round_scored.round == 1
    seat1 = scored.round_scored.seats[1]
    assert list(seat1.secret_goods) == [SAFFRON + 1] and seat1.open_good == GINGER + 1
    assert list(seat1.unsold) == [GINGER + 1] and seat1.points == 10 and seat1.score == 10
    assert ENGINE.view(after, None).seats[1].round_points == [10]


def test_registration_view_shows_who_has_registered() -> None:
    state = table(phase=REGISTRATION, hands={0: "pepper*7", 1: "clove*7"})
    after, _ = play(state, 0, register("pepper"))
    view = ENGINE.view(after, 1)
    assert [s.registered for s in view.seats] == [True, False]
    assert view.phase == pb.SPICE_MERCHANT_PHASE_REGISTRATION and not view.HasField("turn")


def test_every_field_of_a_draw_a_fake_demand_and_an_open_trade() -> None:
    """Each event carries who, what and how many, public and private alike;
    a draw the deck cannot cover says how many cards are missing."""
    state = table(turn=1, hands={0: "pepper*7", 1: "clove*7"}, markets={"B": "clove*1"},
                  deck_top="saffron", deck_size=1)
    _, events = play(state, 1, fake("B", "clove", 2))
    assert [e.message for e in events] == [
        pb.SpiceMerchantEvent(fake_demanded=pb.SpiceMerchantFakeDemanded(
            seat=1, market=pb.SPICE_MERCHANT_MARKET_B, spice=CLOVE + 1, count=2, market_count=3)),
        pb.SpiceMerchantEvent(cards_drawn=pb.SpiceMerchantCardsDrawn(
            seat=1, count=1, deck_size=0, missing=1)),
        pb.SpiceMerchantEvent(cards_drawn=pb.SpiceMerchantCardsDrawn(
            seat=1, count=1, spices=[SAFFRON + 1], deck_size=0, missing=1)),
    ]
    state = table(turn=1, hands={0: "pepper*7", 1: "clove*7"}, deck_top="ginger")
    _, events = play(state, 1, open_trade("clove"))
    left = len(state.deck) - 1
    assert [e.message for e in events] == [
        pb.SpiceMerchantEvent(open_traded=pb.SpiceMerchantOpenTraded(seat=1, spice=CLOVE + 1)),
        pb.SpiceMerchantEvent(cards_drawn=pb.SpiceMerchantCardsDrawn(seat=1, count=1, deck_size=left)),
        pb.SpiceMerchantEvent(cards_drawn=pb.SpiceMerchantCardsDrawn(
            seat=1, count=1, spices=[GINGER + 1], deck_size=left)),
    ]


def test_every_field_of_a_registration() -> None:
    state = table(phase=REGISTRATION, round_no=3, hands={0: "pepper*7", 1: "clove*7"})
    _, events = play(state, 1, register("clove", "clove"))
    assert [(e.audience, e.message) for e in events] == [
        (None, pb.SpiceMerchantEvent(secret_registered=pb.SpiceMerchantSecretRegistered(
            seat=1, count=2))),
        (frozenset((1,)), pb.SpiceMerchantEvent(secret_registered=pb.SpiceMerchantSecretRegistered(
            seat=1, count=2, spices=[CLOVE + 1] * 2))),
    ]


def test_a_pass_after_an_open_trade_names_the_seat_and_ends_the_round() -> None:
    """The last card goes as an open trade with the deck empty: nobody can act,
    so each seat's pass is announced and the round is scored as it stands,
    its markets in the scoring event."""
    state = table(players=3, hands={1: "ginger"}, secret={1: "ginger"}, markets={"C": "ginger*2"},
                  turn=1, deck_size=0)
    after, events = play(state, 1, open_trade("ginger"))
    passes = [e.seat_passed for e in messages(events, "seat_passed")]
    assert passes == [pb.SpiceMerchantSeatPassed(seat=seat) for seat in (2, 0, 1)]
    (scored,) = messages(events, "round_scored")
    assert list(scored.round_scored.markets)[1:3] == [
        pb.SpiceMerchantMarketState(market=pb.SPICE_MERCHANT_MARKET_B),
        pb.SpiceMerchantMarketState(market=pb.SPICE_MERCHANT_MARKET_C, spice=GINGER + 1, count=2),
    ]
    assert after.round_no == 2 and after.scores[1] == 2  # one ginger sold, in the one market of 2
