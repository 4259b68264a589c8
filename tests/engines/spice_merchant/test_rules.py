"""Unit tests, one rule at a time, in the rulebook's order."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import Game, InvalidOptions, NotYourTurn, Rng
from engines.spice_merchant import ENGINE, rules
from engines.spice_merchant.moves import (
    FakeDemand,
    OpenTrade,
    RegisterSecret,
    action_message,
    read_move,
)
from engines.spice_merchant.state import (
    ALL_MARKETS_OCCUPIED,
    NOT_ENDED,
    REGISTRATION,
    TRADING,
    TWO_FULL_MARKETS,
)
from marketplay.v1 import spice_merchant_pb2 as pb
from tests.engines.spice_merchant.helpers import (
    CARD_COUNTS,
    CINNAMON,
    CLOVE,
    GINGER,
    HAND_SIZE,
    PEPPER,
    SAFFRON,
    fake,
    kinds,
    messages,
    open_trade,
    play,
    price_list,
    register,
    table,
)

# ---------------------------------------------------------------- preparation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_preparation_deals_seven_cards_each_and_keeps_the_rest_as_deck(players: int) -> None:
    """ "Shuffle the 84 spice cards, and then distribute 7 cards to each
    player's hand, hidden. Make the deck ... with the remaining cards." """
    state = Game.new(ENGINE, players, {}, b"prep").state
    assert [state.hand_size(s) for s in range(players)] == [HAND_SIZE] * players
    assert len(state.deck) == 84 - 7 * players
    assert state.card_census() == list(CARD_COUNTS)
    assert state.round_no == 1 and state.phase == REGISTRATION
    assert all(m == [-1, 0] for m in state.markets)


def test_preparation_shuffle_depends_on_the_seed_only() -> None:
    a = Game.new(ENGINE, 3, {}, b"one").state
    assert Game.new(ENGINE, 3, {}, b"one").state == a
    assert Game.new(ENGINE, 3, {}, b"two").state != a


# ---------------------------------------------------------------- registration


@pytest.mark.parametrize(("round_no", "due"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_registration_size_by_round(round_no: int, due: int) -> None:
    """ "1st and 2nd rounds begin by registering 1 spice card. 3rd and 4th
    rounds begin by registering 2 spice cards." """
    state = table(phase=REGISTRATION, round_no=round_no, hands={0: "pepper*3 clove*4"})
    assert rules.secret_goods_due(state, 0) == due
    assert {len(m.spices) for m in rules.legal_moves(state, 0)} == {due}


def test_registration_takes_the_cards_from_the_hand() -> None:
    state = table(phase=REGISTRATION, round_no=3, hands={0: "pepper*3 clove*4", 1: "ginger*7"})
    after, _ = play(state, 0, register("pepper", "clove"))
    assert after.secret_goods[0] == [PEPPER, CLOVE]
    assert after.hands[0] == [2, 0, 0, 3, 0, 0]
    assert state.hands[0] == [3, 0, 0, 4, 0, 0], "apply must not mutate its input"


def test_registration_offers_one_action_per_spice_held() -> None:
    state = table(phase=REGISTRATION, hands={0: "pepper*3 clove*3 saffron"})
    assert rules.legal_moves(state, 0) == [
        RegisterSecret((PEPPER,)),
        RegisterSecret((CLOVE,)),
        RegisterSecret((SAFFRON,)),
    ]


def test_after_registration_play_begins_with_the_first_player() -> None:
    """ "When every player has finished registering his/her secret-trade
    goods, play begins clockwise from the first player." """
    state = table(
        players=3, round_no=2, first=1, phase=REGISTRATION, hands={0: "pepper*7", 1: "clove*7", 2: "ginger*7"}
    )
    for seat, spice in ((0, "pepper"), (1, "clove"), (2, "ginger")):
        state, _ = play(state, seat, register(spice))
    assert state.phase == TRADING and state.turn == 1
    assert [(d.seat, d.kind) for d in ENGINE.to_act(state)] == [(1, "turn")]
    assert all(state.hand_size(s) == 7 for s in range(3))


# ---------------------------------------------------------------- turns


def test_turns_go_clockwise() -> None:
    state = table(players=4, first=2, hands={s: "pepper*2 clove*2 ginger*3" for s in range(4)})
    order = []
    for _ in range(5):
        order.append(state.turn)
        state, _ = play(
            state,
            state.turn,
            open_trade("pepper") if not state.open_trade_used(state.turn) else fake("A", "clove", 1),
        )
    assert order == [2, 3, 0, 1, 2]


def test_open_trade_puts_one_card_face_up_and_draws_one() -> None:
    """ "You can register one more spice card that you want to sell ...
    with the front side up. You can do this action only once in a round,
    and you can register the same kind of card as your secret-trade one." """
    state = table(hands={0: "clove*7", 1: "pepper*7"}, secret={0: "clove"})
    after, events = play(state, 0, open_trade("clove"))
    assert after.open_goods[0] == CLOVE and after.hand_size(0) == 7
    assert kinds(events) == ["open_traded", "cards_drawn"]
    assert ENGINE.view(after, 1).seats[0].open_good == CLOVE + 1
    after.turn = 0
    assert not rules.is_legal(after, 0, OpenTrade(CLOVE))


def test_fake_demand_puts_cards_on_a_market_and_refills() -> None:
    """ "putting down cards (1 to 4 cards) that you have on 1 market ...
    And then, you should replenish your hand to 7." """
    state = table(hands={0: "clove*4 pepper*3", 1: "pepper*7"}, deck_top="saffron*4")
    after, events = play(state, 0, fake("C", "clove", 4))
    assert after.markets[2] == [CLOVE, 4]
    assert after.hands[0] == [3, 0, 0, 0, 0, 4]
    assert kinds(events) == ["fake_demanded", "cards_drawn"]
    (demand,) = messages(events, "fake_demanded")
    assert (demand.fake_demanded.count, demand.fake_demanded.market_count) == (4, 4)


def test_fake_demand_adds_to_a_market_of_the_same_spice() -> None:
    """ "if you want to put down cards on an occupied place, you have to put
    down the same kind of spice cards as the occupying cards." """
    state = table(hands={0: "clove*3 pepper*4", 1: "pepper*7"}, markets={"C": "clove*2"})
    assert rules.market_accepts(state, 2, CLOVE) == 2
    assert rules.market_accepts(state, 2, PEPPER) == 0
    after, _ = play(state, 0, fake("C", "clove", 2))
    assert after.markets[2] == [CLOVE, 4]


def test_a_market_holds_at_most_four_cards() -> None:
    state = table(hands={0: "clove*4 pepper*3", 1: "pepper*7"}, markets={"C": "clove*4"})
    assert rules.market_accepts(state, 2, CLOVE) == 0
    assert not any(isinstance(m, FakeDemand) and m.market == 2 for m in rules.legal_moves(state, 0))


def test_a_spice_occupies_at_most_two_markets() -> None:
    """ "If some kind of spice cards occupy 2 market places already, that
    spice can't occupy another market place." """
    state = table(hands={0: "clove*4 pepper*3", 1: "pepper*7"}, markets={"A": "clove", "B": "clove"})
    assert rules.markets_held(state, CLOVE) == 2
    assert [rules.market_accepts(state, m, CLOVE) for m in range(6)] == [3, 3, 0, 0, 0, 0]
    assert rules.market_accepts(state, 2, PEPPER) == 4


def test_legal_moves_are_duplicate_free_and_capped_by_hand() -> None:
    state = table(hands={0: "clove*2 pepper*5", 1: "pepper*7"})
    moves = rules.legal_moves(state, 0)
    assert len(moves) == len(set(moves))
    assert max(m.count for m in moves if isinstance(m, FakeDemand) and m.spice == CLOVE) == 2
    assert max(m.count for m in moves if isinstance(m, FakeDemand) and m.spice == PEPPER) == 4
    assert len(moves) == 2 + 6 * 2 + 6 * 4


def test_non_deciders_have_no_legal_moves() -> None:
    state = table(hands={0: "clove*7", 1: "pepper*7"})
    assert rules.legal_moves(state, 1) == []
    assert not rules.is_legal(state, 1, fake("A", "pepper"))


# ---------------------------------------------------------------- end of round


def test_round_end_when_all_markets_are_occupied() -> None:
    state = table(
        markets={m: "pepper" if m in "AB" else ("clove" if m in "CD" else "ginger") for m in "ABCDEF"}
    )
    assert rules.round_end_reason(state) == ALL_MARKETS_OCCUPIED


def test_round_end_when_two_markets_are_full() -> None:
    state = table(markets={"A": "pepper*4", "B": "clove*4"})
    assert rules.round_end_reason(state) == TWO_FULL_MARKETS
    assert rules.round_end_reason(table(markets={"A": "pepper*4", "B": "clove*3"})) == NOT_ENDED


# ---------------------------------------------------------------- new round


def test_new_round_reshuffles_and_keeps_score_cards_and_hands() -> None:
    """ "The cards used to indicate scores and the cards in your hands
    remain. Put all of the other cards in the deck and shuffle them." """
    state = table(
        hands={0: "clove*4 pepper*3", 1: "ginger*7"},
        secret={0: "clove", 1: "saffron"},
        markets={"A": "saffron*4"},
    )
    after, events = play(state, 0, fake("B", "clove", 4))
    assert after.round_no == 2 and after.phase == REGISTRATION and after.first_player == 1
    assert after.score_cards[0][CLOVE] == 1 and after.score_cards[1][SAFFRON] == 1
    assert after.scores == [8, 10]
    assert after.hands[1] == state.hands[1]
    (started,) = messages(events, "round_started")
    assert started.round_started.round == 2 and started.round_started.first_player == 1
    assert started.round_started.deck_size == len(after.deck)
    assert Counter(after.deck) != Counter() and after.card_census() == list(CARD_COUNTS)


def test_round_three_asks_for_two_secret_goods() -> None:
    state = table(round_no=2, hands={0: "clove*4 pepper*3", 1: "ginger*7"}, markets={"A": "saffron*4"})
    after, events = play(state, 0, fake("B", "clove", 4))
    assert after.round_no == 3
    assert messages(events, "round_started")[0].round_started.secret_goods_to_register == 2
    assert {len(m.spices) for m in rules.legal_moves(after, 1)} == {2}


# ---------------------------------------------------------------- consistency


def test_is_legal_agrees_with_legal_actions_over_random_games() -> None:
    """The fast legality check answers exactly like list membership, for
    every seat, on every state of a few seeded games, including actions
    that are close misses (other counts, markets, seats). A pair registered
    in the other order is the listed pair (the engine normalizes it)."""
    for seed in (b"a", b"b", b"c"):
        game = Game.new(ENGINE, 3, {}, seed)
        policy = Rng(seed + b"policy")
        while game.to_act():
            for seat in range(3):
                legal = {a.SerializeToString() for a in ENGINE.legal_actions(game.state, seat)}
                for probe in _probes(game.state, seat):
                    action = action_message(probe)
                    listed = probe
                    if isinstance(probe, RegisterSecret):
                        listed = RegisterSecret(tuple(sorted(probe.spices)))
                    assert ENGINE.is_legal(game.state, seat, action) == (
                        action_message(listed).SerializeToString() in legal
                    ), probe
            deciders = game.to_act()
            seat = deciders[policy.below(len(deciders))].seat
            actions = ENGINE.legal_actions(game.state, seat)
            game, _ = game.apply(seat, actions[policy.below(len(actions))])


def _probes(state: object, seat: int) -> list[RegisterSecret | OpenTrade | FakeDemand]:
    probes: list[RegisterSecret | OpenTrade | FakeDemand] = []
    for a in range(6):
        probes.append(RegisterSecret((a,)))
        probes.append(OpenTrade(a))
        for b in range(6):
            probes.append(RegisterSecret((a, b)))
        for m in range(6):
            probes.extend(FakeDemand(m, a, c) for c in range(0, 6))
    return probes


def test_prices_come_from_the_price_list() -> None:
    prices = price_list("2-5-7-9")
    assert prices[PEPPER] == (1, 2, 3, 5)
    assert prices[GINGER] == (1, 2, 4, 6)
    assert prices[CINNAMON] == (1, 3, 5, 7)
    assert prices[CLOVE] == (2, 4, 6, 8)
    assert prices[SAFFRON] == (3, 6, 8, 10)


def test_the_deck_is_shuffled_between_rounds() -> None:
    """ "Put all of the other cards in the deck and shuffle them": the same
    round end played with different random streams leaves the deck in
    different orders (without a shuffle the order would be fixed by play)."""
    state = table(
        hands={0: "clove*4 pepper*3", 1: "ginger*7"},
        secret={0: "clove", 1: "saffron"},
        markets={"A": "saffron*4"},
    )
    decks = set()
    for seed in (b"one", b"two", b"three", b"four"):
        after, _ = play(state, 0, fake("B", "clove", 4), seed=seed)
        assert after.round_no == 2
        decks.add(tuple(after.deck))
    assert len(decks) > 1
    assert len({tuple(sorted(d)) for d in decks}) == 1, "the same cards, only their order differs"


def test_a_seat_that_has_registered_is_told_which_seats_still_register() -> None:
    """Registration is simultaneous, so a refusal names every seat still due."""
    game = Game.new(ENGINE, 3, {}, b"wait")
    first = ENGINE.legal_actions(game.state, 0)[0]
    game, _ = game.apply(0, first)
    with pytest.raises(NotYourTurn, match=r"^seat 0 is not deciding now; waiting for seat\(s\) 1, 2$"):
        game.apply(0, first)


@pytest.mark.parametrize("action", [
    pb.SpiceMerchantAction(open_trade=pb.SpiceMerchantOpenTrade(spice=0)),
    pb.SpiceMerchantAction(open_trade=pb.SpiceMerchantOpenTrade(spice=7)),
    pb.SpiceMerchantAction(fake_demand=pb.SpiceMerchantFakeDemand(market=0, spice=1, count=1)),
    pb.SpiceMerchantAction(fake_demand=pb.SpiceMerchantFakeDemand(market=7, spice=1, count=1)),
    pb.SpiceMerchantAction(fake_demand=pb.SpiceMerchantFakeDemand(market=1, spice=0, count=1)),
    pb.SpiceMerchantAction(register_secret=pb.SpiceMerchantRegisterSecret(spices=[1, 7])),
    pb.SpiceMerchantAction(),
])
def test_an_action_naming_no_spice_or_market_is_no_move(action: pb.SpiceMerchantAction) -> None:
    """Out-of-range enum values name no move at all, rather than a move
    that legality happens to refuse (a spice of -1 would index Saffron)."""
    assert read_move(action) is None


def test_new_game_refuses_an_unknown_price_row_itself() -> None:
    """The spec checks options first; the rules check again, so a caller that
    skips the spec gets the same clear refusal, not a KeyError later."""
    with pytest.raises(InvalidOptions, match=r"^option 'nutmeg-prices' names no known price row$"):
        rules.new_game(ENGINE.rules, 2, {"nutmeg-prices": "1-1-1-1"}, Rng(b"x"))
