"""One scenario per decision in docs/rules/spice-merchant.md, named after it."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Game, InvalidOptions, Rng
from engines.spice_merchant import ENGINE, VERSIONS, rules
from engines.spice_merchant.moves import OpenTrade, RegisterSecret, action_message
from engines.spice_merchant.state import GAME_OVER, REGISTRATION, TRADING, encode
from tests.engines.spice_merchant.helpers import (
    CARD_COUNTS,
    CLOVE,
    GINGER,
    NUTMEG,
    NUTMEG_VARIANTS,
    PEPPER,
    SAFFRON,
    SPICES,
    fake,
    kinds,
    messages,
    open_trade,
    play,
    register,
    table,
)


def test_decision_registration_is_simultaneous_and_hidden() -> None:
    """Every seat that still has to register decides at once; the cards stay
    face down: others learn only how many."""
    state = table(players=3, phase=REGISTRATION, hands={0: "ginger*7", 1: "clove*7", 2: "saffron*7"})
    assert [(d.seat, d.kind) for d in ENGINE.to_act(state)] == [
        (0, "register-secret"),
        (1, "register-secret"),
        (2, "register-secret"),
    ]
    after, events = play(state, 1, register("clove"))
    assert [d.seat for d in ENGINE.to_act(after)] == [0, 2]
    assert ENGINE.legal_actions(after, 1) == []
    (public,) = messages(events, "secret_registered")
    assert public.secret_registered.count == 1 and not public.secret_registered.spices
    (private,) = messages(events, "secret_registered", viewer=1)
    assert list(private.secret_registered.spices) == [CLOVE + 1]
    seen_by_0 = ENGINE.view(after, 0)
    assert seen_by_0.seats[1].secret_goods_count == 1 and seen_by_0.seats[1].registered
    assert list(seen_by_0.secret_goods) == []
    assert list(ENGINE.view(after, 1).secret_goods) == [CLOVE + 1]


def test_decision_replacement_draws_in_seat_order_from_first_player() -> None:
    """Draws happen once everyone registered, from the first player on, so
    the order in which seats answered changes nothing."""
    state = table(
        players=3,
        round_no=2,
        first=1,
        phase=REGISTRATION,
        hands={0: "ginger*7", 1: "clove*7", 2: "saffron*7"},
        deck_top="pepper nutmeg cinnamon",
    )
    moves = {0: register("ginger"), 1: register("clove"), 2: register("saffron")}
    finals = []
    for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
        s = state
        for seat in order:
            s, events = play(s, seat, moves[seat])
        finals.append(encode(s))
        drawn = messages(events, "cards_drawn")
        assert [e.cards_drawn.seat for e in drawn] == [1, 2, 0]
    assert finals[0] == finals[1] == finals[2]
    after = ENGINE.decode(finals[0])
    # The first player (seat 1) took the top card, then seat 2, then seat 0.
    assert after.hands[1][PEPPER] == 1 and after.hands[2][NUTMEG] == 1 and after.hands[0][2] == 1
    assert after.phase == TRADING and after.turn == 1


def test_decision_registration_is_mandatory() -> None:
    """Registration offers only registrations of the round's number of cards."""
    state = table(phase=REGISTRATION, round_no=3, hands={0: "ginger*3 clove*4", 1: "pepper*7"})
    actions = ENGINE.legal_actions(state, 0)
    assert all(a.WhichOneof("move") == "register_secret" for a in actions)
    assert all(len(a.register_secret.spices) == 2 for a in actions)
    for wrong in (RegisterSecret(()), register("ginger"), register("ginger", "ginger", "clove")):
        assert not ENGINE.is_legal(state, 0, action_message(wrong))
    assert not ENGINE.is_legal(state, 0, action_message(open_trade("ginger")))


def test_decision_same_kind_registration_is_permitted_not_required() -> None:
    """ "you can register spices of one kind (2 cards of the same spice in
    rounds 3 and 4)": a pair may repeat a spice, or mix two."""
    state = table(phase=REGISTRATION, round_no=3, hands={0: "ginger*2 clove saffron"})
    pairs = [m.spices for m in rules.legal_moves(state, 0)]
    assert pairs == [
        (GINGER, GINGER),
        (GINGER, CLOVE),
        (GINGER, SAFFRON),
        (CLOVE, SAFFRON),
    ]
    assert len(set(pairs)) == len(pairs)
    single = table(phase=REGISTRATION, round_no=4, hands={0: "ginger clove*3"})
    assert (GINGER, GINGER) not in [m.spices for m in rules.legal_moves(single, 0)]
    # Unordered: the reversed pair is the same registration, and not canonical.
    assert not rules.is_legal(state, 0, RegisterSecret((CLOVE, GINGER)))


@pytest.mark.parametrize("engine", VERSIONS, ids=[e.spec.rules_version for e in VERSIONS])
def test_decision_a_registration_pair_in_either_order_is_the_same_move(engine: Any) -> None:
    """Decision "Two cards are one unordered choice": a frontend may send the
    pair in either order; the engine reads it as the listed (ascending) pair
    before checking it, so the state, views and events are the canonical
    move's, under every rules version (nothing but a refusal changes)."""
    state = table(phase=REGISTRATION, round_no=3, hands={0: "ginger*2 clove saffron"},
                  rules=engine.rules)
    listed = action_message(RegisterSecret((GINGER, CLOVE)))
    reversed_ = action_message(RegisterSecret((CLOVE, GINGER)))
    assert listed in engine.legal_actions(state, 0) and reversed_ not in engine.legal_actions(state, 0)
    assert engine.is_legal(state, 0, reversed_)
    one, one_events = engine.apply(state, 0, listed, Rng(b"x"))
    two, two_events = engine.apply(state, 0, reversed_, Rng(b"x"))
    assert engine.encode(one) == engine.encode(two)
    assert [e.message for e in one_events] == [e.message for e in two_events]


def test_decision_registration_with_too_few_cards() -> None:
    """A hand smaller than the round's number registers what it holds; an
    empty hand registers nothing and is not asked."""
    # Round 2 with an empty deck: seat 1 has played out its hand.
    state = table(
        hands={0: "pepper*2 clove*5", 1: ""},
        round_no=2,
        open_goods={1: "ginger"},
        markets={"A": "saffron*4", "B": "ginger*3"},
        deck_size=0,
    )
    after, _ = play(state, 0, fake("C", "pepper", 2))
    assert after.turn == 0 and after.passed[1]  # seat 1 cannot act
    after, events = play(after, 0, fake("D", "clove", 4))  # A and D full
    assert after.round_no == 3 and after.phase == REGISTRATION
    # Round 3 asks for 2 cards: seat 0 holds 1, seat 1 none.
    assert [d.seat for d in ENGINE.to_act(after)] == [0]
    assert after.registered[1] and after.secret_goods[1] == []
    registered = messages(events, "secret_registered")
    assert [(e.secret_registered.seat, e.secret_registered.count) for e in registered] == [(1, 0)]
    assert rules.legal_moves(after, 0) == [RegisterSecret((CLOVE,))]
    after, events = play(after, 0, register("clove"))
    assert after.secret_goods[0] == [CLOVE]
    # The new deck holds only the 13 unsold and market cards: seat 1 (first
    # player now) refills to 7, seat 0 gets the last 6.
    drawn = [(e.cards_drawn.seat, e.cards_drawn.count) for e in messages(events, "cards_drawn")]
    assert drawn == [(1, 7), (0, 6)]
    assert after.hand_size(1) == 7 and after.hand_size(0) == 6 and after.deck == []


def test_decision_open_trade_is_optional_once_a_round_and_draws_one() -> None:
    state = table(hands={0: "ginger*4 clove*3", 1: "pepper*7"})
    moves = rules.legal_moves(state, 0)
    assert OpenTrade(GINGER) in moves and fake("A", "ginger", 4) in moves  # either, by choice
    after, events = play(state, 0, open_trade("ginger"))
    assert after.open_goods[0] == GINGER and after.hand_size(0) == 7
    assert kinds(events) == ["open_traded", "cards_drawn"]
    assert messages(events, "cards_drawn")[0].cards_drawn.count == 1
    after, _ = play(after, 1, fake("A", "pepper", 1))
    assert not any(isinstance(m, OpenTrade) for m in rules.legal_moves(after, 0))
    assert ENGINE.view(after, 1).seats[0].open_trade_used


def test_decision_seat_must_act_when_it_can() -> None:
    """There is no voluntary pass. While a round runs, any card in hand has
    a market that takes it (one full Ginger market, the other still open),
    so a seat with cards always has a fake demand."""
    state = table(
        hands={0: "ginger*7", 1: "pepper*7"},
        open_goods={0: "clove"},
        markets={"A": "pepper*1", "B": "ginger*4", "C": "clove*1", "D": "saffron*1", "E": "nutmeg*1"},
    )
    assert [(m.market, m.count) for m in rules.legal_moves(state, 0)] == [(5, c) for c in (1, 2, 3, 4)]


def test_decision_fake_demand_legality() -> None:
    """1-4 cards of one spice on one market; a market holds one spice and at
    most 4 cards; a spice occupies at most 2 markets."""
    state = table(
        hands={0: "clove*4 saffron*2 ginger", 1: "pepper*7"},
        open_goods={0: "pepper"},
        markets={"A": "clove*3", "B": "saffron*1", "C": "saffron*2"},
    )
    moves = {(m.market, m.spice, m.count) for m in rules.legal_moves(state, 0)}
    clove = {(m, c) for m, s, c in moves if s == CLOVE}
    assert clove == {(0, 1)} | {(m, c) for m in (3, 4, 5) for c in (1, 2, 3, 4)}
    saffron = {(m, c) for m, s, c in moves if s == SAFFRON}
    assert saffron == {(1, 1), (1, 2), (2, 1), (2, 2)}  # no third market, 2 in hand
    assert not rules.is_legal(state, 0, fake("A", "clove", 2))  # over 4 cards
    assert not rules.is_legal(state, 0, fake("A", "ginger", 1))  # market holds clove
    assert not rules.is_legal(state, 0, fake("D", "clove", 5))
    assert not rules.is_legal(state, 0, fake("D", "clove", 0))


def test_decision_seat_with_no_legal_action_passes_automatically() -> None:
    """A seat without a legal move (in play: its hand ran empty with the
    deck) is skipped for the rest of the round, announced once."""
    state = table(
        players=3,
        hands={0: "pepper*7", 1: "", 2: "clove*7"},
        open_goods={1: "ginger"},
        deck_size=0,
    )
    after, events = play(state, 0, fake("A", "pepper", 1))
    assert after.turn == 2 and after.passed == [False, True, False]
    assert kinds(events)[-1] == "seat_passed"
    assert ENGINE.view(after, 0).seats[1].passed
    after, events = play(after, 2, fake("C", "clove", 1))
    assert after.turn == 0 and "seat_passed" not in kinds(events)
    after, events = play(after, 0, fake("A", "pepper", 1))
    assert after.turn == 2 and "seat_passed" not in kinds(events)


def test_decision_round_ends_when_no_seat_can_act() -> None:
    """If no seat can act, the round is scored as it stands."""
    state = table(
        hands={0: "pepper", 1: ""},
        secret={0: "pepper", 1: "saffron"},
        open_goods={0: "ginger", 1: "saffron"},
        markets={"B": "saffron*2"},
        deck_size=0,
    )
    after, events = play(state, 0, fake("A", "pepper", 1))
    (scored,) = messages(events, "round_scored")
    assert scored.round_scored.reason == 3  # NO_SEAT_CAN_ACT
    assert kinds(events).count("seat_passed") == 2
    assert after.round_no == 2 and after.scores == [1, 6]


def test_decision_seat_with_an_empty_hand() -> None:
    """An empty hand has no legal move even with open trade unused: it is
    skipped at turns (and registers nothing at a new round, see
    test_decision_registration_with_too_few_cards)."""
    state = table(players=3, hands={0: "pepper*7", 1: "", 2: "clove*7"}, deck_size=0)
    assert rules.legal_moves(state.clone(), 1) == []
    after, _ = play(state, 0, fake("A", "pepper", 1))
    assert after.turn == 2 and after.passed[1]
    assert [d.seat for d in ENGINE.to_act(after)] == [2]


def test_decision_round_end_is_checked_after_every_placement() -> None:
    """ "Full" is exactly 4 cards; one full market plus one of 3 goes on; an
    open trade never ends a round."""
    state = table(
        hands={0: "clove*4 pepper*3", 1: "pepper*7"},
        markets={"A": "saffron*4", "B": "ginger*3", "C": "cinnamon*3", "D": "nutmeg*3", "E": "clove*1"},
    )
    after, events = play(state, 0, fake("E", "clove", 2))
    assert after.round_no == 1 and "round_scored" not in kinds(events)
    after, events = play(state, 0, open_trade("clove"))
    assert after.round_no == 1 and "round_scored" not in kinds(events)
    after, events = play(state, 0, fake("E", "clove", 3))
    assert after.round_no == 2 and kinds(events)[-2:] == ["round_scored", "round_started"]


def test_decision_placing_seat_draws_before_the_round_is_scored() -> None:
    state = table(
        hands={0: "clove*4 pepper*3", 1: "pepper*7"},
        markets={"A": "saffron*4", "E": "clove*1"},
    )
    after, events = play(state, 0, fake("E", "clove", 3))
    assert kinds(events)[:3] == ["fake_demanded", "cards_drawn", "round_scored"]
    assert after.hand_size(0) == 7


def test_decision_selling_uses_distinct_markets_best_first() -> None:
    """Markets are shared; each good needs its own market holding its spice;
    the best markets are used; equal prices go to the earlier market."""
    state = table(
        players=3,
        hands={0: "pepper*7", 1: "cinnamon*7", 2: "nutmeg*7"},
        secret={0: "ginger*2", 1: "ginger", 2: "clove"},
        open_goods={0: "ginger", 2: "clove"},
        markets={"A": "clove*2", "B": "ginger*4", "C": "clove*2", "F": "ginger*1", "E": "saffron"},
    )
    after, events = play(state, 0, fake("D", "pepper", 1))
    seats = messages(events, "round_scored")[0].round_scored.seats
    assert [(s.market, s.points) for s in seats[0].sales] == [(2, 6), (6, 1)]
    assert list(seats[0].unsold) == [GINGER + 1]
    assert [(s.market, s.points) for s in seats[1].sales] == [(2, 6)]  # B shared
    assert [(s.market, s.points) for s in seats[2].sales] == [(1, 4), (3, 4)]
    assert after.scores == [7, 6, 8]


def test_decision_unsold_goods_and_market_cards_return_to_the_deck() -> None:
    """Sold goods stay out as score cards; everything else but hands is
    reshuffled into the deck; the next round's table is empty."""
    state = table(
        hands={0: "pepper*7", 1: "cinnamon*7"},
        secret={0: "saffron", 1: "clove"},
        open_goods={0: "nutmeg"},
        markets={"A": "saffron*4", "B": "pepper*4"},
    )
    after, _ = play(state, 0, fake("C", "pepper", 4))
    assert after.score_cards[0][SAFFRON] == 1 and after.goods_sold(1) == 0
    assert all(m == [-1, 0] for m in after.markets)
    assert after.secret_goods == [[], []] and after.open_goods == [-1, -1]
    elsewhere = [after.hands[0], after.hands[1], after.score_cards[0], after.score_cards[1]]
    assert sorted(after.deck) == [
        s for s in range(6) for _ in range(CARD_COUNTS[s] - sum(place[s] for place in elsewhere))
    ]


def test_decision_deck_exhaustion_stops_refilling() -> None:
    """The deck is rebuilt only between rounds; until then hands shrink."""
    state = table(hands={0: "clove*4 pepper*3", 1: "pepper*7"}, deck_top="ginger", deck_size=1)
    after, events = play(state, 0, fake("A", "clove", 3))
    (drawn,) = messages(events, "cards_drawn")
    assert (drawn.cards_drawn.count, drawn.cards_drawn.missing, drawn.cards_drawn.deck_size) == (
        1,
        2,
        0,
    )
    assert after.hand_size(0) == 5 and after.deck == []
    after, events = play(after, 1, fake("B", "pepper", 2))
    (drawn,) = messages(events, "cards_drawn")
    assert (drawn.cards_drawn.count, drawn.cards_drawn.missing) == (0, 2)
    assert after.hand_size(1) == 5 and after.turn == 0


def test_decision_replenish_means_back_to_seven() -> None:
    """After registering, a hand the empty deck left short draws back to 7,
    not just the number of cards registered."""
    state = table(phase=REGISTRATION, round_no=2, hands={0: "pepper*4", 1: "clove*7"}, deck_top="saffron*4")
    after, _ = play(state, 0, register("pepper"))
    after, events = play(after, 1, register("clove"))
    assert after.hand_size(0) == 7 and after.hands[0][SAFFRON] == 4
    assert [e.cards_drawn.count for e in messages(events, "cards_drawn")] == [4, 1]


@pytest.mark.parametrize("variant", sorted(NUTMEG_VARIANTS))
def test_decision_nutmeg_prices_option(variant: str) -> None:
    state = table(
        hands={0: "nutmeg*4 pepper*3", 1: "pepper*7"},
        secret={0: "nutmeg"},
        markets={"A": "saffron*4", "C": "nutmeg*1"},
        nutmeg=variant,
    )
    after, _ = play(state, 0, fake("C", "nutmeg", 3))
    assert after.scores[0] == NUTMEG_VARIANTS[variant][3]
    view = ENGINE.view(after, None)
    assert list(view.price_list[NUTMEG].points) == list(NUTMEG_VARIANTS[variant])
    assert view.nutmeg_prices == variant
    game = Game.new(ENGINE, 2, {"nutmeg-prices": variant}, b"seed")
    assert game.state.nutmeg_prices == variant
    assert Game.new(ENGINE, 2, {}, b"seed").state.nutmeg_prices == "2-5-7-9"


def test_decision_player_count_two_to_four() -> None:
    assert (ENGINE.spec.min_players, ENGINE.spec.max_players) == (2, 4)
    for n in (1, 5):
        with pytest.raises(InvalidOptions):
            Game.new(ENGINE, n, {}, b"seed")
    with pytest.raises(InvalidOptions):
        Game.new(ENGINE, 3, {"nutmeg-prices": "1-1-1-1"}, b"seed")


def test_decision_saffron_has_twelve_cards() -> None:
    assert SPICES[SAFFRON].cards == 12 and sum(CARD_COUNTS) == 84


def test_decision_first_player_rotates_and_hands_carry_over() -> None:
    state = table(
        players=3,
        first=2,
        hands={0: "pepper*7", 1: "ginger*7", 2: "clove*7"},
        markets={"A": "saffron*4"},
    )
    after, _ = play(state, 2, fake("B", "clove", 4))
    assert after.first_player == 0 and after.round_no == 2
    assert after.hands[0] == state.hands[0] and after.hands[1] == state.hands[1]
    assert ENGINE.view(after, None).seats[0].first_player


def test_decision_seat_zero_starts_the_first_round() -> None:
    for n in (2, 3, 4):
        game = Game.new(ENGINE, n, {}, bytes([n]))
        assert game.state.first_player == 0
        assert [d.seat for d in game.to_act()] == list(range(n))


def test_decision_tie_break_goods_sold_then_shared() -> None:
    over = dict(phase=GAME_OVER, round_no=4, players=3)
    by_score = table(**over, scores=[20, 18, 18], score_cards={0: "pepper", 1: "ginger*3"})
    outcome = ENGINE.outcome(by_score)
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.tie_break == "score"
    assert [r.rank for r in outcome.results] == [1, 2, 3]
    by_goods = table(**over, scores=[20, 20, 5], score_cards={0: "pepper", 1: "ginger*3"})
    outcome = ENGINE.outcome(by_goods)
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.tie_break == "goods-sold"
    assert [r.rank for r in outcome.results] == [2, 1, 3]
    assert outcome.results[1].tie_break_values == (3,)
    shared = table(**over, scores=[20, 20, 20], score_cards={0: "pepper*2", 1: "ginger*2"})
    outcome = ENGINE.outcome(shared)
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.tie_break == "shared"
    assert [r.rank for r in outcome.results] == [1, 1, 3]


def test_decision_game_ends_after_round_four() -> None:
    state = table(round_no=4, hands={0: "clove*4 pepper*3", 1: "pepper*7"}, markets={"A": "saffron*4"})
    after, events = play(state, 0, fake("B", "clove", 4))
    assert after.phase == GAME_OVER and ENGINE.to_act(after) == []
    assert kinds(events)[-2:] == ["round_scored", "game_ended"]
    assert ENGINE.outcome(after) is not None
    assert ENGINE.view(after, None).last_round.round == 4


@pytest.mark.parametrize("engine", VERSIONS, ids=[e.spec.rules_version for e in VERSIONS])
def test_decision_views_show_score_cards_by_spice(engine: Any) -> None:
    """Decision "Score cards are shown by spice" (version 2): sold goods are
    put "down in front of you" face up as score cards ("According to the
    market price, spin your cards to indicate it"), so every view shows each
    seat's score cards by spice, spices it has none of left out. Version 1
    showed only how many (`score_cards`) and keeps doing so."""
    state = table(score_cards={0: "saffron*2 clove", 1: ""}, rules=engine.rules)
    for viewer in (0, 1, None):
        seats = engine.view(state, viewer).seats
        assert [s.score_cards for s in seats] == [3, 0]
        by_spice = [(c.spice, c.count) for c in seats[0].score_cards_by_spice]
        if engine.rules.score_cards_by_spice:
            assert by_spice == [(CLOVE + 1, 1), (SAFFRON + 1, 2)]
        else:
            assert by_spice == []
        assert list(seats[1].score_cards_by_spice) == []


def test_decision_a_seat_left_empty_after_registration_passes_at_once() -> None:
    """The first player has no card left once everyone has registered and
    the deck is empty: its pass is announced and the turn goes on; if no
    seat has a card, the round is scored before anybody trades."""
    state = table(phase=REGISTRATION, first=1, hands={0: "pepper*2", 1: ""}, registered=[1],
                  deck_size=0)
    after, events = play(state, 0, register("pepper"))
    assert after.turn == 0 and after.passed == [False, True]
    assert [e.seat_passed.seat for e in messages(events, "seat_passed")] == [1]
    state = table(phase=REGISTRATION, hands={0: "pepper", 1: ""}, registered=[1], deck_size=0,
                  markets={}, secret={}, round_no=2)
    after, events = play(state, 0, register("pepper"))
    (scored,) = messages(events, "round_scored")
    assert scored.round_scored.reason == 3 and after.round_no == 3  # NO_SEAT_CAN_ACT
