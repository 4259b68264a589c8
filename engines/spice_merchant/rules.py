"""Spice Merchant's rules: set-up, legal moves, and what a move does.

Reads like the rulebook's sections: registration of secret-trade goods,
turns (open trade or fake demand), the end of the round, scoring, the
beginning of a new round, the end of the game. Every function that takes a
State and returns nothing works on a clone that `apply` made.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core.engine import Event, Outcome, Standing
from engines.core.errors import InvalidOptions
from engines.core.ranking import ranked_outcome
from engines.core.rng import Rng
from engines.core.seats import clockwise
from engines.core.spec import OptionValue
from engines.spice_merchant import events as event
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.moves import FakeDemand, Move, OpenTrade, RegisterSecret, fake_demands
from engines.spice_merchant.scoring import sell_goods
from engines.spice_merchant.state import (
    ALL_MARKETS_OCCUPIED,
    GAME_OVER,
    NO_SEAT_CAN_ACT,
    NONE,
    NOT_ENDED,
    REGISTRATION,
    TRADING,
    TWO_FULL_MARKETS,
    State,
)
from engines.spice_merchant.versions import Rules
from marketplay.v1 import spice_merchant_pb2 as pb

FIRST_PLAYER = 0


# ---------------------------------------------------------------- set-up


def first_player_of_first_round(num_players: int) -> int:
    """Seat 0 starts round 1.

    "The player who uses black pepper in food the most is the first player."
    The service cannot ask about cooking habits; callers seat the players so
    that seat 0 is the one the table chose.
    """
    return FIRST_PLAYER


def new_game(
    rules: Rules, num_players: int, options: Mapping[str, OptionValue], rng: Rng
) -> State:
    """ "Shuffle the 84 spice cards, and then distribute 7 cards to each
    player's hand, hidden. Make the deck ... with the remaining cards." """
    if options.get("nutmeg-prices") not in rules.data.nutmeg_variants:
        raise InvalidOptions("option 'nutmeg-prices' names no known price row")
    table = rules.data
    deck = [spice for spice, count in enumerate(table.card_counts) for _ in range(count)]
    rng.shuffle(deck)
    n = num_players
    state = State(
        rules=rules,
        num_players=n,
        nutmeg_prices=str(options["nutmeg-prices"]),
        round_no=1,
        phase=REGISTRATION,
        first_player=first_player_of_first_round(n),
        turn=NONE,
        deck=deck,
        hands=[[0] * NUM_SPICES for _ in range(n)],
        secret_goods=[[] for _ in range(n)],
        registered=[False] * n,
        open_goods=[NONE] * n,
        markets=[[NONE, 0] for _ in range(NUM_MARKETS)],
        scores=[0] * n,
        score_cards=[[0] * NUM_SPICES for _ in range(n)],
        passed=[False] * n,
        round_points=[[] for _ in range(n)],
        last_end=NOT_ENDED,
        last_markets=[[NONE, 0] for _ in range(NUM_MARKETS)],
        last_secret=[[] for _ in range(n)],
        last_open=[NONE] * n,
    )
    for seat in range(n):
        for _ in range(table.hand_size):
            state.hands[seat][state.deck.pop()] += 1
    return state


# ---------------------------------------------------------------- questions


def secret_goods_due(state: State, seat: int) -> int:
    """How many secret-trade goods the seat registers this round.

    "1st and 2nd rounds begin by registering 1 spice card. 3rd and 4th
    rounds begin by registering 2 spice cards." Registration is mandatory;
    a hand the empty deck left smaller than that registers what it holds
    (an empty hand registers nothing and is not asked).
    """
    return min(state.rules.data.secret_goods_to_register(state.round_no), state.hand_size(seat))


def markets_held(state: State, spice: int) -> int:
    return sum(1 for held, _ in state.markets if held == spice)


def market_accepts(state: State, market: int, spice: int) -> int:
    """How many cards of `spice` the market can still take (0: none).

    "1 market place can have only 1 kind of spice, with 4 cards as the
    maximum." and "The same kind of spice cards can occupy a maximum of 2
    market places of the 6 markets."
    """
    held, count = state.markets[market]
    table = state.rules.data
    if held == spice:
        return table.market_capacity - count
    if held == NONE and markets_held(state, spice) < table.markets_per_spice:
        return table.market_capacity
    return 0


def can_place(state: State, spice: int) -> bool:
    return any(market_accepts(state, m, spice) for m in range(NUM_MARKETS))


def can_act(state: State, seat: int) -> bool:
    """Whether the seat has any legal move on its turn.

    Open trade needs an unused open trade and a card; fake demand needs a
    card some market accepts. While a round runs, every spice has such a
    market: a spice is shut out only if each market holding it is full and
    it holds 2 markets (two full markets) or no market is empty (all
    occupied), and either would have ended the round. So in play this is
    simply "the hand is not empty"; the general test stays for clarity.
    """
    hand = state.hands[seat]
    if not state.open_trade_used(seat) and any(hand):
        return True
    return any(hand[spice] and can_place(state, spice) for spice in range(NUM_SPICES))


def round_end_reason(state: State) -> int:
    """ "When all of the market places are occupied, or when 2 market places
    are full with 4 cards even if not all of them are occupied, the round
    ends." Checked immediately after every placement; "full" is exactly 4."""
    table = state.rules.data
    if all(held != NONE for held, _ in state.markets):
        return ALL_MARKETS_OCCUPIED
    full = sum(count == table.market_capacity for _, count in state.markets)
    if full >= table.full_markets_to_end_round:
        return TWO_FULL_MARKETS
    return NOT_ENDED


def deciders(state: State) -> list[tuple[int, str]]:
    if state.phase == REGISTRATION:
        return [(seat, "register-secret") for seat in range(state.num_players) if not state.registered[seat]]
    if state.phase == TRADING:
        return [(state.turn, "turn")]
    return []


# ---------------------------------------------------------------- legal moves


def secret_choices(state: State, seat: int) -> list[RegisterSecret]:
    """Every distinct set of cards to register (unordered; a pair may repeat
    a spice: "you can register spices of one kind")."""
    hand = state.hands[seat]
    due = secret_goods_due(state, seat)
    if due == 1:
        return [RegisterSecret((spice,)) for spice in range(NUM_SPICES) if hand[spice]]
    if due == 2:
        return [
            RegisterSecret((a, b))
            for a in range(NUM_SPICES)
            for b in range(a, NUM_SPICES)
            if hand[a] and hand[b] and (a != b or hand[a] >= 2)
        ]
    return []


def legal_moves(state: State, seat: int) -> list[Move]:
    if state.phase == REGISTRATION:
        return [] if state.registered[seat] else list(secret_choices(state, seat))
    if state.phase != TRADING or seat != state.turn:
        return []
    hand = state.hands[seat]
    moves: list[Move] = []
    if not state.open_trade_used(seat):
        moves.extend(OpenTrade(good) for good in range(NUM_SPICES) if hand[good])
    for spice in range(NUM_SPICES):
        if not hand[spice]:
            continue
        for market in range(NUM_MARKETS):
            room = min(market_accepts(state, market, spice), hand[spice])
            moves.extend(fake_demands(market, spice, room))
    return moves


def is_legal(state: State, seat: int, move: Move) -> bool:
    """Same answer as membership in `legal_moves`, without building the list."""
    hand = state.hands[seat]
    if isinstance(move, RegisterSecret):
        if state.phase != REGISTRATION or state.registered[seat]:
            return False
        spices = move.spices
        if len(spices) != secret_goods_due(state, seat) or list(spices) != sorted(spices):
            return False
        return all(hand[spice] >= spices.count(spice) for spice in spices)
    if state.phase != TRADING or seat != state.turn:
        return False
    if isinstance(move, OpenTrade):
        return not state.open_trade_used(seat) and hand[move.spice] > 0
    return 1 <= move.count <= min(hand[move.spice], market_accepts(state, move.market, move.spice))


# ---------------------------------------------------------------- moves


def apply(state: State, seat: int, move: Move, rng: Rng) -> tuple[State, list[Event]]:
    """Apply a legal move to a clone of `state`."""
    after = state.clone()
    events: list[Event] = []
    if isinstance(move, RegisterSecret):
        register_secret(after, seat, move.spices, events)
        if all(after.registered):
            finish_registration(after, events, rng)
    elif isinstance(move, OpenTrade):
        open_trade(after, seat, move.spice, events)
        pass_turn(after, events, rng)
    else:
        fake_demand(after, seat, move, events)
        reason = round_end_reason(after)
        if reason != NOT_ENDED:
            end_round(after, reason, events, rng)
        else:
            pass_turn(after, events, rng)
    return after, events


def register_secret(state: State, seat: int, spices: tuple[int, ...], events: list[Event]) -> None:
    for spice in spices:
        state.hands[seat][spice] -= 1
    state.secret_goods[seat] = list(spices)
    state.registered[seat] = True
    events.extend(event.secret_registered(seat, spices))


def refill(state: State, seat: int, events: list[Event]) -> None:
    """Draw back to 7; an empty deck gives what it has.

    "You always have 7 cards in your hand when your turn is finished." The
    deck is rebuilt only between rounds ("Put all of the other cards in the
    deck and shuffle them"), so once it runs out, hands stay smaller until
    the next round's reshuffle.
    """
    want = state.rules.data.hand_size - state.hand_size(seat)
    if want <= 0:
        return
    drawn = [state.deck.pop() for _ in range(min(want, len(state.deck)))]
    for spice in drawn:
        state.hands[seat][spice] += 1
    events.extend(event.cards_drawn(seat, drawn, want - len(drawn), len(state.deck)))


def finish_registration(state: State, events: list[Event], rng: Rng) -> None:
    """Everyone has registered: replacement draws, then trading.

    "If you register secret-trade goods, you should replenish ... When
    every player has finished registering ... play begins clockwise from
    the first player." Registration is simultaneous, so the draws happen
    once all have registered, in seat order from the first player: who
    answered first cannot change who gets which cards.
    """
    for seat in clockwise(state.num_players, state.first_player):
        refill(state, seat, events)
    state.phase = TRADING
    give_turn(state, state.first_player, events, rng)


def open_trade(state: State, seat: int, spice: int, events: list[Event]) -> None:
    """ "You can register one more spice card that you want to sell ... with
    the front side up. You can do this action only once in a round." The
    seat then draws back to 7 like after a fake demand."""
    state.hands[seat][spice] -= 1
    state.open_goods[seat] = spice
    events.append(event.open_traded(seat, spice))
    refill(state, seat, events)


def fake_demand(state: State, seat: int, move: FakeDemand, events: list[Event]) -> None:
    """ "Putting down cards (1 to 4 cards) that you have on 1 market ...
    And then, you should replenish your hand to 7." The seat draws before
    the round-end check scores the round (its move is complete first)."""
    state.hands[seat][move.spice] -= move.count
    market = state.markets[move.market]
    market[0] = move.spice
    market[1] += move.count
    events.append(event.fake_demanded(seat, move.market, move.spice, move.count, market[1]))
    refill(state, seat, events)


def pass_turn(state: State, events: list[Event], rng: Rng) -> None:
    give_turn(state, (state.turn + 1) % state.num_players, events, rng)


def give_turn(state: State, start: int, events: list[Event], rng: Rng) -> None:
    """The turn goes clockwise to the first seat from `start` that can act.

    A seat with no legal move (in play: an empty hand, after the deck ran
    out) passes automatically for the rest of the round; if no seat can
    act, the round ends and is scored as it stands. The rulebook is silent:
    "On your turn, you can do only one action out of the two actions
    described below."
    """
    for seat in clockwise(state.num_players, start):
        if can_act(state, seat):
            state.turn = seat
            return
        if not state.passed[seat]:
            state.passed[seat] = True
            events.append(event.seat_passed(seat))
    end_round(state, NO_SEAT_CAN_ACT, events, rng)


# ---------------------------------------------------------------- round end


def end_round(state: State, reason: int, events: list[Event], rng: Rng) -> None:
    """Score the round, clear the table, then start the next round or end.

    "The cards used to indicate scores and the cards in your hands remain.
    Put all of the other cards in the deck and shuffle them." Sold goods
    become the seat's score cards; unsold goods and all market cards go
    back into the deck.
    """
    prices = state.rules.data.price_list(state.nutmeg_prices)
    for seat in range(state.num_players):
        open_good = state.open_goods[seat]
        goods = state.secret_goods[seat] + ([open_good] if open_good != NONE else [])
        sold = sell_goods(goods, state.markets, prices)
        for sale in sold.sales:
            state.score_cards[seat][sale.spice] += 1
        state.deck.extend(sold.unsold)
        state.scores[seat] += sold.points
        state.round_points[seat].append(sold.points)
    state.last_end = reason
    state.last_markets = [m[:] for m in state.markets]
    state.last_secret = state.secret_goods
    state.last_open = state.open_goods
    for spice, count in state.markets:
        state.deck.extend([spice] * count)
    n = state.num_players
    state.markets = [[NONE, 0] for _ in range(NUM_MARKETS)]
    state.secret_goods = [[] for _ in range(n)]
    state.open_goods = [NONE] * n
    state.registered = [False] * n
    state.passed = [False] * n
    state.turn = NONE
    if state.round_no == state.rules.data.rounds:
        state.phase = GAME_OVER
        events.append(event.round_scored(state))
        winners, tie_break = winners_of(state)
        events.append(event.game_ended(winners, tie_break, state))
        return
    state.round_no += 1
    state.first_player = (state.first_player + 1) % n
    rng.shuffle(state.deck)
    state.phase = REGISTRATION
    events.append(event.round_scored(state))
    events.append(event.round_started(state))
    for seat in range(n):
        if secret_goods_due(state, seat) == 0:
            register_secret(state, seat, (), events)
    if all(state.registered):
        finish_registration(state, events, rng)


#: The tie-break after the score, named as `Outcome.tie_break` reports it.
TIE_BREAKS = ("goods-sold",)


def winners_of(state: State) -> tuple[list[int], str]:
    """Seats ranked first, and the rule that decided it."""
    outcome = ranked_outcome(final_keys(state), TIE_BREAKS)
    return list(outcome.winners), outcome.tie_break


def final_keys(state: State) -> list[tuple[int, ...]]:
    """Highest total wins; "in the case of a tie, the player who sold more
    goods than the other player is the winner. If there is a tie again, they
    become co-champions!" """
    return [(state.scores[seat], state.goods_sold(seat)) for seat in range(state.num_players)]


def outcome(state: State) -> Outcome | None:
    """Scores and ranks once the game is over, with the rulebook's tie-break."""
    if state.phase != GAME_OVER:
        return None
    return ranked_outcome(
        final_keys(state),
        TIE_BREAKS,
        pb.SpiceMerchantOutcome(
            seats=[
                pb.SpiceMerchantSeatTotals(
                    seat=seat,
                    score=state.scores[seat],
                    goods_sold=state.goods_sold(seat),
                    round_points=state.round_points[seat],
                )
                for seat in range(state.num_players)
            ]
        ),
    )


def standing(state: State) -> Standing:
    """Points so far, then goods sold (the rulebook's tie-break), for seats that
    forfeit on time (engines/core/ranking.py)."""
    return Standing(tuple(final_keys(state)), TIE_BREAKS)
