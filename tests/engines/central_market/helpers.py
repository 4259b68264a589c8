"""Build Central Market scenario states from readable pieces, and drive them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engines.central_market import rounds, rules
from engines.central_market.data import NUM_PRODUCTS, PRODUCTS, code
from engines.central_market.moves import Move
from engines.central_market.state import SELL, TOURISTS_SALE, State
from engines.central_market.versions import RULES, Rules
from engines.core.engine import Event
from engines.core.rng import Rng

TOMATOES, CARROTS, EGGPLANTS, CUCUMBERS, PEPPERS = range(NUM_PRODUCTS)


def card(name: str) -> int:
    """'carrots-3' -> the card code of a 3 kg carrots card."""
    product, kg = name.rsplit("-", 1)
    return code(PRODUCTS.index(product), int(kg))


def cards(*names: str) -> list[int]:
    return sorted(card(n) for n in names)


def make_state(
    hands: Sequence[Iterable[str]],
    *,
    starting_player: int = 0,
    offer_turn: int = 0,
    round_: int = 1,
    max_price: int = 10,
    skip_idle: bool = False,
    removed_product: int = -1,
    rules_version: Rules = RULES[0],
    cheat_mixed: bool | None = None,
    reveal_discards: bool | None = None,
    action_cards: Sequence[int] | None = None,
    player_left: Sequence[int] | None = None,
    product_left: Sequence[int] | None = None,
    vp: Sequence[int] | None = None,
    income: Sequence[int] | None = None,
    offered: Sequence[int] = (),
    set_aside: Sequence[Iterable[str]] | None = None,
    draw: Iterable[str] = (),
    discard: Iterable[str] = (),
) -> State:
    """A state in the Selling phase, waiting on the offer of seat
    starting_player + offer_turn. `draw` is listed top card first. The rules
    are the newest version's unless `rules_version` names another; the
    options its game would default to unless given."""
    n = len(hands)
    draw_pile = list(reversed([card(c) for c in draw]))
    version_1 = not rules_version.choice_options  # plays as if both options were on
    table = rounds.Table(
        max_price, removed_product, skip_idle,
        version_1 if cheat_mixed is None else cheat_mixed,
        version_1 if reveal_discards is None else reveal_discards,
    )
    state = rounds.set_up(rules_version, n, table, draw_pile)
    state.round = round_
    state.starting_player = starting_player
    state.offer_turn = offer_turn
    state.offered = list(offered)
    state.hands = [cards(*h) for h in hands]
    state.discard = [card(c) for c in discard]
    if set_aside:
        state.set_aside = [cards(*s) for s in set_aside]
    if product_left:
        state.product_left = list(product_left)
    if player_left:
        state.player_left = list(player_left)
    if income:
        state.income = list(income)
    if vp:
        state.vp = list(vp)
    if action_cards is not None:
        state.action_cards = list(action_cards)
    return state


class Play:
    """Drives a state with legality checks and collects the events."""

    def __init__(self, state: State, seed: bytes = b"scenario") -> None:
        self.state = state
        self.rng = Rng(seed)
        self.events: list[Event] = []

    def act(self, seat: int, action: Move) -> Play:
        legal = rules.legal_moves(self.state, seat)
        assert action in legal, f"{action} not legal for seat {seat}; legal: {legal}"
        before = self.state.clone()
        self.state, new = rules.apply(self.state, seat, action, self.rng)
        assert rules.legal_moves(before, seat) == legal, "apply mutated its input"
        self.events.extend(new)
        return self

    # Readable shorthands.
    def offer(self, seat: int, product: int, price: int) -> Play:
        return self.act(seat, rules.Offer(product)).act(seat, rules.Bid(price))

    def bid(self, seat: int, price: int) -> Play:
        return self.act(seat, rules.Bid(price))

    def pass_(self, seat: int) -> Play:
        return self.act(seat, rules.PASS)

    def stay(self, seat: int) -> Play:
        return self.act(seat, rules.STAY)

    def sell(self, seat: int, *names: str, finish: bool = True) -> Play:
        for name in names:
            self.act(seat, rules.SellCard(card(name)))
        selling = self.state.phase in (SELL, TOURISTS_SALE)
        if finish and selling and self.state.seller == seat and self.state.sale_cards:
            self.act(seat, rules.FINISH_SALE)
        return self

    def decline_reactions(self) -> Play:
        """Pass every Rot and Tourists prompt until some other decision."""
        while rules.deciders(self.state) and rules.deciders(self.state)[0][1] in (
            "respond-rot",
            "respond-tourists",
        ):
            self.pass_(rules.deciders(self.state)[0][0])
        return self

    def deciders(self) -> list[tuple[int, str]]:
        return rules.deciders(self.state)

    def kinds(self, name: str) -> list[Any]:
        """Every event message of one kind (the oneof field name), all audiences."""
        return [
            getattr(e.message, name) for e in self.events if e.message.WhichOneof("kind") == name
        ]
