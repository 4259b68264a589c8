"""The bots' heuristic for Central Market (engines/central_market/evaluation.py)."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE, rounds, rules
from engines.central_market.evaluation import (
    ACTION_CARD,
    FINAL_KG,
    INCOME,
    _promise,
    estimate,
    held_for_final,
    middle_price,
    promised_income,
    round_progress,
    search_estimate,
)
from engines.central_market.moves import KeepAll, Offer, SetAside
from engines.central_market.state import (
    GAME_OVER,
    LOWERING,
    ROT_WINDOW,
    SELL,
    SET_ASIDE,
    STARTING_BID,
)
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, card, make_state


def test_bids_promise_income_lowest_bid_first_within_the_product_limit() -> None:
    """Seat 2 (bid 3, 4 kg) sells first; seat 0 (bid 5, 7 kg of tomatoes)
    only the 6 kg left of the 10 kg product limit."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-2"], ["carrots-3"], ["tomatoes-4"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).pass_(1).bid(2, 3)
    s = play.state
    assert (s.phase, s.bids) == (LOWERING, [5, 0, 3])  # seat 0 may still lower
    assert promised_income(s) == [6 * 5, 0, 4 * 3]


def expected(vp: list[int], ranks: list[int], income: list[int], progress: float) -> list[float]:
    cards = 3 * ACTION_CARD
    return [vp[i] + progress * ranks[i] + (1 - progress) * INCOME * income[i] + cards
            for i in range(3)]


def test_early_in_the_round_income_counts_by_its_size() -> None:
    """The first offer, with seat 1 still able to offer (seat 2 holds only
    tomatoes, on sale now, so its turn will be skipped): progress 1/2, so
    incomes 30, 0, 12 count half at 0.05 VP a point, half by their ranks
    (3, 0, 2 VP). Seat 1 with the carrots it holds in play as well: 1/3."""
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    assert round_progress(s) == 1 / 2
    assert estimate(s) == pytest.approx(expected([4, 2, 0], [3, 0, 2], [30, 0, 12], 1 / 2))
    assert ENGINE.estimate(s) == estimate(s)
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4", "carrots-2"]]
    s = Play(make_state(hands, vp=[4, 2, 0])).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).state
    assert round_progress(s) == 1 / 3
    assert ENGINE.estimate(s) == estimate(s)


def test_late_in_the_round_the_rank_counts() -> None:
    """The last offer turn of three (two offers made, none to come): the
    ranks count in full."""
    hands = [["tomatoes-4"], ["carrots-3"], ["tomatoes-4", "tomatoes-3"]]
    s = Play(make_state(hands, vp=[0, 2, 4], offer_turn=2, offered=[CARROTS])).offer(
        2, TOMATOES, 5).bid(0, 3).state
    assert round_progress(s) == 1.0
    assert estimate(s) == pytest.approx(expected([0, 2, 4], [2, 0, 3], [12, 0, 30], 1.0))


def test_a_sale_in_its_rot_window_is_still_promised() -> None:
    """Seat 2 (bid 3) has played 4 kg and waits on seat 0's Rot; seat 0
    (bid 5) still waits to sell 6 kg. Both count, as they did a step before."""
    hands = [["tomatoes-4", "tomatoes-3"], ["carrots-3"], ["tomatoes-4", "carrots-2"]]
    play = Play(make_state(hands)).offer(0, TOMATOES, 5).pass_(1).bid(2, 3).stay(0)
    assert play.state.phase == SELL
    before = promised_income(play.state)
    play.sell(2, "tomatoes-4")
    assert (play.state.phase, play.state.seller) == (ROT_WINDOW, 2)
    assert promised_income(play.state) == before == [6 * 5, 0, 4 * 3]
    play.pass_(0).pass_(1)  # no Rot: the sale settles as promised
    assert (play.state.phase, play.state.seller) == (SELL, 0)
    assert play.state.income == [0, 0, 12]
    assert promised_income(play.state) == before


def test_the_starting_bid_step_values_the_offer_by_what_the_offerer_holds() -> None:
    """Before the starting bid every bid is cleared: the offerer counts as
    the only bidder at the middle price, so offering 7 kg of tomatoes is
    worth more than 3 kg of carrots."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-3"], ["carrots-3"], ["tomatoes-4"]]
    tomatoes = Play(make_state(hands)).act(0, Offer(TOMATOES)).state
    carrots = Play(make_state(hands)).act(0, Offer(CARROTS)).state
    assert tomatoes.phase == carrots.phase == STARTING_BID
    assert middle_price(tomatoes) == 5
    assert promised_income(tomatoes) == [7 * 5, 0, 0]
    assert promised_income(carrots) == [3 * 5, 0, 0]
    assert estimate(tomatoes)[0] > estimate(carrots)[0]


def test_once_selling_is_over_only_the_rank_counts() -> None:
    s = make_state([["tomatoes-4"], ["carrots-3"], ["tomatoes-2"]], income=[10, 0, 20])
    s.phase = SET_ASIDE
    assert round_progress(s) == 1.0
    assert estimate(s) == [2 + 3 * ACTION_CARD, 3 * ACTION_CARD, 3 + 3 * ACTION_CARD]


def test_the_promised_sale_adds_to_the_rounds_income_and_uses_up_the_limit() -> None:
    """Income already earned this round stays; the 7 kg the offerer would
    sell come off its player limit of 10 kg."""
    hands = [["tomatoes-4", "tomatoes-3", "carrots-3"], ["carrots-3"], ["tomatoes-4"]]
    s = Play(make_state(hands, income=[9, 4, 0])).act(0, Offer(TOMATOES)).state
    assert s.phase == STARTING_BID and s.player_left[0] == 10
    assert _promise(s) == ([9 + 7 * 5, 4, 0], [3, 10, 10])


def _set_aside_step(players: int = 5, **kw: object) -> Play:
    """The last seat sells the round's last offer; seat 0 and it hold cards to set aside."""
    hands = [["carrots-3", "peppers-4"], *[[]] * (players - 2), ["tomatoes-2", "eggplants-4"]]
    last = players - 1
    state = make_state(hands, offer_turn=last, action_cards=[0] * players, **kw)  # type: ignore[arg-type]
    play = Play(state).offer(last, TOMATOES, 5)
    for seat in range(last):
        play.pass_(seat)
    play.sell(last, "tomatoes-2")
    assert play.state.phase == SET_ASIDE
    return play


def test_the_search_counts_the_kilograms_held_for_the_final_round() -> None:
    """ "The final round is played only with the cards previously set aside":
    at 5 players the search's evaluation adds FINAL_KG a kilogram of each
    seat's set-aside cards and of its choice awaiting the others; greedy's
    does not, so its set-aside cards tie, as `medium` plays them."""
    per_kg = FINAL_KG[5]
    play = _set_aside_step(set_aside=[["cucumbers-3"], [], [], [], []])
    keep = Play(play.state.clone()).act(0, KeepAll()).state
    heavy = Play(play.state.clone()).act(0, SetAside(card("peppers-4"))).state
    light = Play(play.state.clone()).act(0, SetAside(card("carrots-3"))).state
    assert estimate(keep) == estimate(heavy) == estimate(light)
    assert ENGINE.search_estimate(keep) == pytest.approx(
        [p + per_kg * kg for p, kg in zip(estimate(keep), [3, 0, 0, 0, 0], strict=True)])
    assert search_estimate(heavy)[0] - search_estimate(light)[0] == pytest.approx(per_kg)
    assert search_estimate(light)[0] - search_estimate(keep)[0] == pytest.approx(3 * per_kg)


def test_at_three_players_the_search_leaves_the_set_aside_out_as_greedy_does() -> None:
    """Six rounds fill a seat's final-round cards past its limit at 3 players:
    there the count won nothing (FINAL_KG)."""
    assert FINAL_KG[3] == 0.0
    s = _set_aside_step(3, set_aside=[["cucumbers-3"], [], []]).state
    assert search_estimate(s) == estimate(s)


def test_the_kilograms_held_for_the_final_round_count_up_to_the_player_limit() -> None:
    """ "each player may only sell a total amount of 10 kilograms": 12 kg set
    aside count as 10."""
    asides = [["cucumbers-4", "carrots-4", "eggplants-4"], [], ["peppers-2"]]
    s = _set_aside_step(3, set_aside=asides).state
    assert held_for_final(s, 1.0) == pytest.approx(
        [p + kg for p, kg in zip(estimate(s), [10, 0, 2], strict=True)])


def test_in_the_final_round_selling_moves_no_value_and_the_cards_fade_with_the_offers() -> None:
    """In the final round the cards picked up count whether in hand or sold,
    weighted by the share of the round's offers still to come; at the end
    the round's ranks alone decide."""
    final = rounds.final_round(3)
    hands = [["tomatoes-2", "tomatoes-4", "carrots-3"], ["carrots-2"], ["peppers-3"]]
    play = Play(make_state(hands, round_=final, action_cards=[0, 0, 0]))
    start = play.state
    assert round_progress(start) == 0.0
    assert held_for_final(start, 1.0) == pytest.approx(
        [p + kg for p, kg in zip(estimate(start), [9, 2, 3], strict=True)])
    play.offer(0, TOMATOES, 5).pass_(1).pass_(2).sell(0, "tomatoes-4", finish=False)
    selling = play.state
    faded = 1.0 - round_progress(selling)
    assert held_for_final(selling, 1.0) == pytest.approx(
        [p + faded * kg for p, kg in zip(estimate(selling), [9, 2, 3], strict=True)])
    while play.state.phase != GAME_OVER:
        seat, _ = play.deciders()[0]
        play.act(seat, rules.legal_moves(play.state, seat)[-1])
    assert held_for_final(play.state, 1.0) == estimate(play.state)
