"""Build Market Fresh scenario states from readable pieces.

    shop = shopfront(5, ("lemons", "pears", (1, 3), (1, 4)))   # lemons on row 1 col 3
    state = table(shopfronts=[shop, shopfront(5)], hands=[["plums-onions"], []])

Crates are named "first-second" by produce id; `crate_id` finds the crate
with those two halves in the data file whichever way round it is listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.core import Rng
from engines.core.engine import Event
from engines.market_fresh import ENGINE, VERSIONS, rules
from engines.market_fresh.data import NUM_CRATES, TOP_ROW
from engines.market_fresh.shopfront import Shopfront
from engines.market_fresh.state import (
    BASIC,
    CHOOSE,
    FREE,
    HEIGHT,
    NONE,
    STANDARD,
    TAKE,
    State,
)
from engines.market_fresh.versions import Rules
from marketplay.v1 import market_fresh_pb2 as pb

#: The newest version's component set (every version plays the same one so far).
DATA = ENGINE.rules.data
CRATES = DATA.crates
PRODUCE = DATA.produce
PRODUCE_INDEX = DATA.produce_index

Spot = tuple[int, int]
Crate = tuple[str, str, Spot, Spot]


def p(name: str) -> int:
    return PRODUCE_INDEX[name]


def crate_id(name: str) -> int:
    """ "lemons-pears" -> the id of the crate with those halves (either order)."""
    first, second = _split(name)
    for cid, (a, b) in enumerate(CRATES):
        if {a, b} == {p(first), p(second)} and (a == b) == (first == second):
            return cid
    raise KeyError(name)


def _split(name: str) -> tuple[str, str]:
    for i, ch in enumerate(name):
        if ch == "-" and name[:i] in PRODUCE_INDEX and name[i + 1:] in PRODUCE_INDEX:
            return name[:i], name[i + 1:]
    raise KeyError(name)


def sq(grid: int, spot: Spot) -> int:
    return spot[0] * grid + spot[1]


def put(shop: Shopfront, first: str, second: str, at_first: Spot, at_second: Spot) -> Shopfront:
    """Lay the crate so `first` lies on `at_first`; asserts the placement is legal."""
    cid = crate_id(f"{first}-{second}")
    a, b = sq(shop.size, at_first), sq(shop.size, at_second)
    if CRATES[cid][0] != p(first):
        a, b = b, a
    assert shop.fit(cid, a, b) >= 0, f"{first}-{second} may not lie on {at_first},{at_second}"
    return shop.place(cid, a, b)


def shopfront(grid: int, *crates: Crate) -> Shopfront:
    shop = Shopfront.empty(DATA, grid)
    for first, second, at_first, at_second in crates:
        shop = put(shop, first, second, at_first, at_second)
    return shop


def table(
    *,
    players: int = 2,
    variant: int = STANDARD,
    grid: int = 5,
    shopfronts: Sequence[Shopfront] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    known: Sequence[Sequence[str]] | None = None,
    face_up: Sequence[str] = (),
    supply: Sequence[str] | None = None,
    tiles: Sequence[tuple[str, int, int]] = (),  # (produce, row, seat)
    scores: Sequence[int] | None = None,
    height_used: Sequence[Sequence[str]] | None = None,
    current: int = 0,
    phase: int | None = None,
    rules_version: Rules = ENGINE.rules,
) -> State:
    """A state in the middle of a game. Crates not named anywhere go to the
    supply (unless `supply` is given), so encode/decode accept the state when
    every named crate is distinct."""
    shops = tuple(shopfronts) if shopfronts is not None else tuple(
        Shopfront.empty(DATA, grid) for _ in range(players)
    )
    held = tuple(tuple(sorted(crate_id(c) for c in h)) for h in (hands or [[]] * players))
    knew = tuple(tuple(sorted(crate_id(c) for c in k)) for k in (known or [[]] * players))
    up = tuple(crate_id(c) for c in face_up)
    used = {c for h in held for c in h} | set(up)
    for shop in shops:
        used |= {c for c, _, _ in shop.placements}
    if supply is None:
        rest = tuple(c for c in range(NUM_CRATES) if c not in used)
    else:
        rest = tuple(crate_id(c) for c in supply)
    board = [[FREE] * TOP_ROW for _ in range(len(PRODUCE_INDEX))]
    for produce, row, seat in tiles:
        board[p(produce)][row - 1] = seat
    masks = tuple(
        sum(1 << p(x) for x in used_by) for used_by in (height_used or [[]] * players)
    )
    if phase is None:
        phase = TAKE if (rest or up) and variant != 2 else CHOOSE
    return State(
        rules_version, variant, grid, players, phase, current, 0,
        rest, (), up, held, knew, (), shops,
        tuple(tuple(col) for col in board),
        tuple(scores or [0] * players), masks, NONE, False, NONE,
    )


def scoring_state(state: State, seat: int, first: str, second: str, at_first: Spot,
                  at_second: Spot) -> State:
    """`seat` has chosen crate first-second and now places it: returns the
    state at the score step (through the engine's own moves)."""
    cid = crate_id(f"{first}-{second}")
    state = replace(state, hands=rules._with(state.hands, seat, tuple(sorted(
        {*state.hands[seat], cid}))), supply=tuple(c for c in state.supply if c != cid),
        current=seat, phase=CHOOSE)
    state, _ = act(state, seat, pb.MarketFreshAction(
        choose_crate=pb.MarketFreshChooseCrate(crate=_crate(cid))))
    a, b = sq(state.grid, at_first), sq(state.grid, at_second)
    if CRATES[cid][0] != p(first):
        a, b = b, a
    state, _ = act(state, seat, place_action(state.grid, a, b))
    return state


def _crate(cid: int) -> pb.MarketFreshCrate:
    from engines.market_fresh.messages import crate

    return crate(DATA, cid)


def take_face_up_action(name: str) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(take_face_up=pb.MarketFreshTakeFaceUp(crate=_crate(crate_id(name))))


def choose_action(name: str) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(choose_crate=pb.MarketFreshChooseCrate(crate=_crate(crate_id(name))))


#: A 4x4 shopfront full at height 1 showing only lemons, pears, plums, onions,
#: apples and tomatoes: no crate of carrots, dragon fruits, grapes, cabbages or
#: peppers fits anywhere.
FULL_4X4 = (
    ("lemons", "apples", (0, 0), (0, 1)),
    ("tomatoes", "pears", (0, 2), (0, 3)),
    ("apples", "tomatoes", (1, 0), (1, 1)),
    ("lemons", "pears", (1, 2), (1, 3)),
    ("lemons", "tomatoes", (2, 0), (2, 1)),
    ("pears", "apples", (2, 2), (2, 3)),
    ("plums", "apples", (3, 0), (3, 1)),
    ("tomatoes", "onions", (3, 2), (3, 3)),
)


def place_action(grid: int, a: int, b: int) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(place=pb.MarketFreshPlace(
        first=pb.MarketFreshSquareRef(row=a // grid, col=a % grid),
        second=pb.MarketFreshSquareRef(row=b // grid, col=b % grid)))


def score_action(produce: str, height: bool = False) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(score=pb.MarketFreshScore(
        produce=produce,
        scoring=pb.MARKET_FRESH_SCORING_HEIGHT if height else pb.MARKET_FRESH_SCORING_BASIC))


def act(state: State, seat: int, action: pb.MarketFreshAction) -> tuple[State, list[Event]]:
    """Apply through the engine of the state's rules version, checking
    legality as the framework does."""
    engine = next(e for e in VERSIONS if e.rules == state.rules)
    assert engine.is_legal(state, seat, action), f"illegal: {action}"
    return engine.apply(state, seat, action, Rng(b"scenario"))


def events_of(events: list[Event], kind: str, viewer: int | None = None) -> list[object]:
    return [
        getattr(e.message, kind) for e in events
        if e.visible_to(viewer) and e.message.WhichOneof("kind") == kind
    ]


def column(state: State, produce: str) -> dict[int, int]:
    """row -> seat for one Market Board column."""
    return {row + 1: seat for row, seat in enumerate(state.board[p(produce)]) if seat != FREE}


__all__ = ["BASIC", "HEIGHT"]
