"""End of the round: set-aside, scoring, next starting player, final round, game end."""

from __future__ import annotations

import pytest

from engines.central_market import ENGINE, rounds, rules
from engines.central_market.data import ALL_ACTION_CARDS, PLAYER_LIMIT_KG, PRODUCT_LIMIT_KG
from engines.central_market.scoring import (
    final_outcome,
    next_starting_player,
    round_victory_points,
)
from engines.central_market.state import GAME_OVER, OFFER, SET_ASIDE, RoundScore
from engines.central_market.versions import V1, V2, Rules
from tests.engines.central_market.helpers import CARROTS, TOMATOES, Play, card, make_state

TWELVE = ["peppers-2", "peppers-3", "peppers-4"] * 4


def _last_offer(**kw: object) -> Play:
    """Round 1, seat 2 offers last; seat 1 has no cards; seat 0 earned 20."""
    hands = [["peppers-2", "carrots-3"], [], ["tomatoes-2", "eggplants-4"]]
    base: dict[str, object] = dict(offer_turn=2, action_cards=[0, 0, 0], income=[20, 0, 0],
                                   draw=TWELVE)
    base.update(kw)
    play = Play(make_state(hands, **base))  # type: ignore[arg-type]
    play.offer(2, TOMATOES, 5).pass_(0).pass_(1).sell(2, "tomatoes-2")
    return play


def test_set_aside_is_a_simultaneous_choice_of_every_seat_with_cards() -> None:
    """Decision "Set-aside": "each player may, if he wishes, take no more than
    one card from his hand and set it aside, face down." All seats decide at
    once; a seat without cards has nothing to decide."""
    play = _last_offer()
    assert play.state.phase == SET_ASIDE
    assert play.deciders() == [(0, "set-aside"), (2, "set-aside")]
    assert rules.legal_moves(play.state, 2) == [
        rules.KEEP_ALL_CARDS, rules.SetAside(card("eggplants-4"))
    ]
    play.act(2, rules.SetAside(card("eggplants-4")))
    assert play.deciders() == [(0, "set-aside")]
    other = ENGINE.view(play.state, 0)
    assert other.seats[2].hand_count == 1  # nothing moves until everybody chose
    assert other.seats[2].set_aside_decided
    assert not other.HasField("pending_set_aside")
    mine = ENGINE.view(play.state, 2)
    assert mine.pending_set_aside.kg == 4
    play.act(0, rules.KEEP_ALL_CARDS)
    assert play.state.set_aside == [[], [], [card("eggplants-4")]]
    assert [(e.seat, e.count) for e in play.kinds("set_aside_revealed")] == [(0, 0), (2, 1)]


def test_round_end_scores_discards_renews_limits_and_deals() -> None:
    """Played cards go to the discard pile, victory points by income rank
    (zero income scores nothing), limits renewed, 4 new cards each."""
    play = _last_offer(draw=[*TWELVE, "cucumbers-2"])
    play.act(2, rules.KEEP_ALL_CARDS).act(0, rules.KEEP_ALL_CARDS)
    s = play.state
    assert s.history == [RoundScore(1, (20, 0, 10), (3, 0, 2))]
    assert s.vp == [3, 0, 2]
    assert s.discard == [card("tomatoes-2")]
    assert s.starting_player == 1  # fewest victory points
    assert (s.round, s.phase, s.offerer) == (2, OFFER, 1)
    assert s.player_left == [PLAYER_LIMIT_KG] * 3
    assert s.product_left == [PRODUCT_LIMIT_KG] * 5
    assert s.income == [0, 0, 0]
    assert [len(h) for h in s.hands] == [6, 4, 5]
    assert s.draw == [card("cucumbers-2")]


@pytest.mark.parametrize("rules_version", [V2, V1], ids=["v2", "v1"])
def test_draw_pile_is_reshuffled_the_moment_it_runs_out(rules_version: Rules) -> None:
    """Decision "Reshuffle when the draw pile runs out" (version 2): "If at
    any time the draw pile runs out, shuffle the discard pile to form a new
    draw pile". The delivery deals the last of the twelve cards; version 2
    shuffles the discard pile (the tomatoes played in round 1) into a new
    draw pile at once, version 1 only at the next draw (round 2's played
    cards would then be mixed in too)."""
    play = _last_offer(rules_version=rules_version)
    play.act(2, rules.KEEP_ALL_CARDS).act(0, rules.KEEP_ALL_CARDS)
    s = play.state
    assert [len(h) for h in s.hands] == [6, 4, 5]
    if rules_version.reshuffle_when_empty:
        assert (s.draw, s.discard) == ([card("tomatoes-2")], [])
        assert [e.count for e in play.kinds("discard_reshuffled")] == [1]
    else:
        assert (s.draw, s.discard) == ([], [card("tomatoes-2")])
        assert not play.kinds("discard_reshuffled")


def test_zero_income_scores_no_victory_points() -> None:
    """ "when a player has earned no income points in a round, he does not
    receive any victory points." """
    assert round_victory_points([12, 0, 0]) == [3, 0, 0]
    assert round_victory_points([0, 0, 0]) == [0, 0, 0]


def test_victory_points_for_five_players_with_a_tie_for_first() -> None:
    assert round_victory_points([30, 30, 20, 10, 5]) == [4, 4, 3, 2, 1]


def test_next_starting_player_tie_goes_to_the_closest_clockwise_current_starter_first() -> None:
    """Decision "Starting player tie": "the tied player, who is closest to the
    starting player of the current round in clockwise order" - the current
    starting player himself is closest."""
    assert next_starting_player([2, 2, 5], current=1) == 1
    assert next_starting_player([2, 5, 2], current=1) == 2
    assert next_starting_player([2, 5, 2], current=0) == 0
    assert next_starting_player([4, 3, 3, 3], current=0) == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_final_round_uses_only_the_set_aside_cards(players: int) -> None:
    """ "At the start of the seventh and final round there is no product
    delivery ... players discard all the cards left in their hand and pick up
    the product cards they put away"; with 5 players the fifth round."""
    play = _to_final_round(players)
    s = play.state
    assert s.round == rounds.final_round(players)
    assert s.hands[0] == [card("peppers-4")]
    assert s.hands[1] == [card("eggplants-2")]
    assert len(s.draw) == 12  # no product delivery
    assert next(e.seat for e in play.kinds("hand_discarded")) == s.starting_player
    # Play the final round out: no set-aside, then the game is over.
    while s.phase != GAME_OVER:
        seat, _ = rules.deciders(s)[0]
        play.act(seat, rules.legal_moves(s, seat)[-1])
        s = play.state
        assert s.phase != SET_ASIDE
    assert ENGINE.outcome(s) is not None


def _to_final_round(players: int, **kw: object) -> Play:
    """Round final-1 ends with seat 0 holding carrots-3; the final round starts."""
    final = rounds.final_round(players)
    hands = [["tomatoes-2", "carrots-3"]] + [[] for _ in range(players - 1)]
    asides = [["peppers-4"], ["eggplants-2"]] + [[] for _ in range(players - 2)]
    state = make_state(hands, round_=final - 1, offer_turn=0, action_cards=[0] * players,
                       set_aside=asides, draw=TWELVE, income=[0] * players, **kw)  # type: ignore[arg-type]
    play = Play(state)
    play.offer(0, TOMATOES, 5)
    for seat in range(1, players):
        play.pass_(seat)
    play.sell(0, "tomatoes-2", finish=False).act(0, rules.FINISH_SALE)
    play.act(0, rules.KEEP_ALL_CARDS)  # round final-1 still sets aside
    return play


def test_final_discards_go_face_down_by_default() -> None:
    """Decision "Final round's discarded hands" (version 2): the rulebook says
    only "players discard all the cards left in their hand"; shown face up
    they would narrow down what the others set aside. Face down, the cards
    reach no view or event, not even their owner's: only the count."""
    play = _to_final_round(3)
    s = play.state
    assert s.discarded[0] == [card("carrots-3")] and card("carrots-3") not in s.discard
    discarded = sorted(play.kinds("hand_discarded"), key=lambda e: e.seat)
    assert [(e.seat, e.count, e.face_down, len(e.cards)) for e in discarded] == [
        (0, 1, True, 0), (1, 0, True, 0), (2, 0, True, 0)
    ]
    for viewer in (0, 1, None):
        view = ENGINE.view(s, viewer)
        assert view.seats[0].discarded_face_down == 1
        assert (CARROTS + 1, 3) not in [(c.card.product, c.card.kg) for c in view.discard_pile]
        assert view.discard_pile_count == len(s.discard)
        assert view.cheat_mixed_products is False and view.reveal_final_discards is False


@pytest.mark.parametrize("rules_version, option", [(V2, True), (V1, None)], ids=["option", "v1"])
def test_reveal_final_discards_option_discards_face_up(rules_version: Rules,
                                                        option: bool | None) -> None:
    """Decision "Final round's discarded hands": with reveal-final-discards
    (and always under version 1) the hands go face up to the open discard
    pile and the event lists them."""
    play = _to_final_round(3, rules_version=rules_version, reveal_discards=option)
    s = play.state
    assert card("carrots-3") in s.discard and s.discarded == [[], [], []]
    first = next(e for e in play.kinds("hand_discarded") if e.seat == 0)
    assert (first.seat, first.face_down, len(first.cards)) == (0, False, 1)
    assert first.count == (1 if rules_version.choice_options else 0)  # version 1 had no count
    view = ENGINE.view(s, 1)
    assert view.seats[0].discarded_face_down == 0
    assert view.HasField("reveal_final_discards") == rules_version.choice_options


def test_game_end_tie_breaks_unused_action_cards_then_shared() -> None:
    """ "If several players are tied, then the player with the most unused
    action cards left becomes the winner. If they are still tied, they share
    the victory." """
    def ranking(vp: list[int], unused: list[int]) -> tuple[list[int], list[int], str]:
        outcome = final_outcome(vp, unused)
        return [r.rank for r in outcome.results], list(outcome.winners), outcome.tie_break

    assert ranking([12, 10, 8], [0, 3, 3]) == ([1, 2, 3], [0], "score")
    assert ranking([10, 10, 8], [1, 2, 3]) == ([2, 1, 3], [1], "unused-action-cards")
    assert ranking([10, 10, 8], [2, 2, 0]) == ([1, 1, 3], [0, 1], "shared")


def test_outcome_reports_victory_points_and_unused_action_cards() -> None:
    state = make_state([[], [], []], vp=[10, 10, 8], action_cards=[ALL_ACTION_CARDS, 1, 0])
    state.phase = GAME_OVER
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.tie_break == "unused-action-cards"
    assert [(r.score, r.rank, r.tie_break_values) for r in outcome.results] == [
        (10, 1, (3,)), (10, 2, (1,)), (8, 3, (0,))
    ]
    assert list(outcome.details.unused_action_cards) == [3, 1, 0]  # type: ignore[union-attr]
