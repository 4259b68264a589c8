"""Build Spice Merchant tables from readable pieces, and read events back.

    table(hands={0: "ginger*2 clove", 1: "pepper"}, markets={"B": "ginger*4"})

Spices are written "pepper", "ginger", "cinnamon", "clove", "nutmeg",
"saffron", optionally with "*count". Cards a test does not place go into the
deck (its top is `deck_top[0]`), so every table holds exactly the 84 cards
and survives encode/decode. With `deck_size`, the deck is cut to that many
cards and the rest become score cards spread over the seats (`score_cards`
then counts those too), which is how tests reach an almost empty deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core.engine import Event
from engines.core.rng import Rng
from engines.spice_merchant import ENGINE
from engines.spice_merchant.data import NUM_MARKETS, NUM_SPICES
from engines.spice_merchant.moves import FakeDemand, Move, OpenTrade, RegisterSecret, action_message
from engines.spice_merchant.state import NONE, NOT_ENDED, REGISTRATION, TRADING, State
from engines.spice_merchant.versions import Rules
from marketplay.v1 import spice_merchant_pb2 as pb

#: The newest version's data set (every version plays the same one so far).
DATA = ENGINE.rules.data
CARD_COUNTS = DATA.card_counts
DEFAULT_NUTMEG = DATA.default_nutmeg
HAND_SIZE = DATA.hand_size
MARKET_CAPACITY = DATA.market_capacity
MARKETS_PER_SPICE = DATA.markets_per_spice
NUTMEG_VARIANTS = DATA.nutmeg_variants
SPICES = DATA.spices
price_list = DATA.price_list

SPICE = {"pepper": 0, "ginger": 1, "cinnamon": 2, "clove": 3, "nutmeg": 4, "saffron": 5}
MARKET = {name: i for i, name in enumerate("ABCDEF")}
PEPPER, GINGER, CINNAMON, CLOVE, NUTMEG, SAFFRON = range(6)


def cards(text: str) -> list[int]:
    """ "ginger*2 clove" -> [1, 1, 3] (ascending)."""
    out: list[int] = []
    for word in text.split():
        name, _, times = word.partition("*")
        out.extend([SPICE[name]] * int(times or 1))
    return sorted(out)


def counts(text: str) -> list[int]:
    c = [0] * NUM_SPICES
    for s in cards(text):
        c[s] += 1
    return c


def table(
    *,
    players: int = 2,
    round_no: int = 1,
    phase: int = TRADING,
    first: int = 0,
    turn: int | None = None,
    hands: Mapping[int, str] | None = None,
    secret: Mapping[int, str] | None = None,
    open_goods: Mapping[int, str] | None = None,
    markets: Mapping[str, str] | None = None,
    registered: Sequence[int] | None = None,
    passed: Sequence[int] = (),
    scores: Sequence[int] | None = None,
    score_cards: Mapping[int, str] | None = None,
    deck_top: str = "",
    deck_size: int | None = None,
    nutmeg: str = DEFAULT_NUTMEG,
    rules: Rules = ENGINE.rules,
) -> State:
    hands = hands or {}
    secret = secret or {}
    open_goods = open_goods or {}
    markets = markets or {}
    score_cards = score_cards or {}
    n = players
    hand_rows = [counts(hands.get(seat, "")) for seat in range(n)]
    market_rows = [[NONE, 0] for _ in range(NUM_MARKETS)]
    for name, text in markets.items():
        pile = cards(text)
        assert pile and len(set(pile)) == 1, f"market {name} must hold one spice"
        market_rows[MARKET[name]] = [pile[0], len(pile)]
    state = State(
        rules=rules,
        num_players=n,
        nutmeg_prices=nutmeg,
        round_no=round_no,
        phase=phase,
        first_player=first,
        turn=(first if turn is None else turn) if phase == TRADING else NONE,
        deck=[],
        hands=hand_rows,
        secret_goods=[cards(secret.get(seat, "")) for seat in range(n)],
        registered=[
            (seat in registered) if registered is not None else phase != REGISTRATION for seat in range(n)
        ],
        open_goods=[cards(open_goods[s])[0] if s in open_goods else NONE for s in range(n)],
        markets=market_rows,
        scores=list(scores) if scores is not None else [0] * n,
        score_cards=[counts(score_cards.get(seat, "")) for seat in range(n)],
        passed=[seat in passed for seat in range(n)],
        round_points=[[] for _ in range(n)],
        last_end=NOT_ENDED,
        last_markets=[[NONE, 0] for _ in range(NUM_MARKETS)],
        last_secret=[[] for _ in range(n)],
        last_open=[NONE] * n,
    )
    census = state.card_census()
    rest = [s for s in range(NUM_SPICES) for _ in range(CARD_COUNTS[s] - census[s])]
    assert all(CARD_COUNTS[s] >= census[s] for s in range(NUM_SPICES)), "too many cards"
    top = [SPICE[w.partition("*")[0]] for w in deck_top.split() for _ in range(int(w.partition("*")[2] or 1))]
    for s in top:
        rest.remove(s)
    if deck_size is not None:
        keep = deck_size - len(top)
        spare, rest = rest[keep:], rest[:keep]
        for i, s in enumerate(spare):
            state.score_cards[i % n][s] += 1
    state.deck = rest + top[::-1]
    assert state.card_census() == list(CARD_COUNTS)
    return state


# ---------------------------------------------------------------- moves


def register(*spices: str) -> RegisterSecret:
    return RegisterSecret(tuple(sorted(SPICE[s] for s in spices)))


def open_trade(spice: str) -> OpenTrade:
    return OpenTrade(SPICE[spice])


def fake(market: str, spice: str, count: int = 1) -> FakeDemand:
    return FakeDemand(MARKET[market], SPICE[spice], count)


def play(state: State, seat: int, move: Move, seed: bytes = b"test") -> tuple[State, list[Event]]:
    """Apply through the engine (legality checked like the framework does)."""
    action = action_message(move)
    assert ENGINE.is_legal(state, seat, action), f"{move} is not legal for seat {seat}"
    return ENGINE.apply(state, seat, action, Rng(seed))


def kinds(events: list[Event], viewer: int | None = None) -> list[str]:
    """Which event kinds `viewer` sees (None: the public copies only)."""
    return [
        str(e.message.WhichOneof("event"))
        for e in events
        if (e.audience is None if viewer is None else e.visible_to(viewer))
    ]


def messages(events: list[Event], kind: str, viewer: int | None = None) -> list[pb.SpiceMerchantEvent]:
    return [
        e.message
        for e in events
        if e.message.WhichOneof("event") == kind
        and (e.audience is None if viewer is None else e.audience == frozenset((viewer,)))
    ]
