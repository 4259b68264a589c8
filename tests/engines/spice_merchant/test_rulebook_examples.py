"""The rulebook's two worked examples, reproduced with their numbers.

Example 1 pictures Saffron on A, Ginger on B (4 cards, full) and F, Clove on
C, Nutmeg & Mace on D, and E empty. Its first bullet ("1 more card in each
of the A and D markets, 2 more cards in C, and 3 more cards in F, so that
any two markets are filled with 4 cards") fixes the counts: A 3, C 2, D 3,
F 1. Example 2 continues from it: "someone puts down 2 cards of Black
pepper on the E market, and the round ends."
"""

from __future__ import annotations

import pytest

from engines.spice_merchant import ENGINE, rules
from engines.spice_merchant.moves import FakeDemand, Move, action_message
from engines.spice_merchant.state import REGISTRATION, State
from tests.engines.spice_merchant.helpers import GINGER, PEPPER, fake, messages, play, table

EXAMPLE_1_MARKETS = {
    "A": "saffron*3",
    "B": "ginger*4",
    "C": "clove*2",
    "D": "nutmeg*3",
    "F": "ginger*1",
}


def example_1(hand: str) -> State:
    return table(
        players=2,
        round_no=3,
        markets=EXAMPLE_1_MARKETS,
        hands={0: hand, 1: "cinnamon*7"},
        secret={0: "clove ginger", 1: "pepper ginger"},
        open_goods={0: "ginger", 1: "pepper"},
    )


def example_2() -> State:
    """Example 1's table, seat 0 holding the 2 Black pepper that go on E."""
    return example_1("pepper*2 cinnamon*5")


@pytest.mark.parametrize(
    ("hand", "move"),
    [
        ("saffron pepper*6", fake("A", "saffron", 1)),
        ("nutmeg pepper*6", fake("D", "nutmeg", 1)),
        ("clove*2 pepper*5", fake("C", "clove", 2)),
        ("ginger*3 pepper*4", fake("F", "ginger", 3)),
    ],
)
def test_example_1_second_full_market_ends_the_round(hand: str, move: Move) -> None:
    """ "1 more card in each of the A and D markets, 2 more cards in C, and 3
    more cards in F, so that any two markets are filled with 4 cards." """
    state = example_1(hand)
    after, events = play(state, 0, move)
    (scored,) = messages(events, "round_scored")
    assert scored.round_scored.reason == 2  # TWO_FULL_MARKETS
    assert after.round_no == 4 and after.phase == REGISTRATION


@pytest.mark.parametrize("spice", ["pepper", "cinnamon", "clove", "nutmeg", "saffron"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_example_1_any_spice_but_ginger_on_e_ends_the_round(spice: str, count: int) -> None:
    """ "Anybody puts down any spice cards (1 to 4 cards) except Ginger on
    the E market." (Clove, Nutmeg and Saffron hold one market each, so each
    may take a second one.)"""
    state = example_1(f"{spice}*4 ginger*3")
    _, events = play(state, 0, fake("E", spice, count))
    (scored,) = messages(events, "round_scored")
    assert scored.round_scored.reason == 1  # ALL_MARKETS_OCCUPIED


def test_example_1_ginger_cannot_go_on_e() -> None:
    """ "Ginger can't be put on E because Ginger already occupies 2 markets,
    B and F." B is full, so only F still takes Ginger (up to 3 cards)."""
    state = example_1("ginger*4 pepper*3")
    ginger = [
        (m.market, m.count)
        for m in rules.legal_moves(state, 0)
        if isinstance(m, FakeDemand) and m.spice == GINGER
    ]
    assert ginger == [(5, 1), (5, 2), (5, 3)]
    assert not ENGINE.is_legal(state, 0, action_message(fake("E", "ginger", 1)))


def test_example_1_a_placement_short_of_the_conditions_does_not_end_the_round() -> None:
    state = example_1("clove*1 pepper*6")
    after, events = play(state, 0, fake("C", "clove", 1))
    assert not messages(events, "round_scored")
    assert after.turn == 1 and after.markets[2] == [3, 3]


def test_example_2_robert_scores_11_and_jane_8() -> None:
    """ "Robert gains 11 total points in this round." ... "Jane gains 8 total
    points in this round." Robert (seat 0): secret Clove + Ginger, open
    Ginger. Jane (seat 1): secret Black pepper + Ginger, open Black pepper.
    Someone puts 2 Black pepper on E and the round ends."""
    state = example_2()
    after, events = play(state, 0, fake("E", "pepper", 2))
    (scored,) = messages(events, "round_scored")
    robert, jane = scored.round_scored.seats
    # Clove: 2 demands in C, 4 points. Ginger: B (4) 6 points and F (1) 1 point.
    assert [(s.market, s.market_count, s.points) for s in robert.sales] == [
        (2, 4, 6),  # Ginger in B
        (6, 1, 1),  # Ginger in F
        (3, 2, 4),  # Clove in C
    ]
    assert robert.points == 11 and not robert.unsold
    # Black pepper only in E (2 cards): one sold for 2, the other discarded.
    # Ginger: B chosen over F "because it is more valuable", 6 points.
    assert [(s.market, s.points) for s in jane.sales] == [(5, 2), (2, 6)]
    assert list(jane.unsold) == [1]  # Black pepper (wire value 1)
    assert jane.points == 8
    assert after.scores == [11, 8]
    assert after.round_points == [[11], [8]]
    assert [after.goods_sold(0), after.goods_sold(1)] == [3, 2]


def test_example_2_the_discarded_pepper_returns_to_the_deck() -> None:
    """ "The other Black pepper is discarded. (It will be shuffled into the
    new deck at the new round.)" """
    state = example_2()
    after, _ = play(state, 0, fake("E", "pepper", 2))
    assert after.score_cards[1][PEPPER] == 1  # one pepper sold, kept as a score card
    assert after.secret_goods == [[], []] and after.open_goods == [-1, -1]
    held = sum(after.hands[s][PEPPER] + after.score_cards[s][PEPPER] for s in range(2))
    assert after.deck.count(PEPPER) == 16 - held  # every other pepper is in the deck
