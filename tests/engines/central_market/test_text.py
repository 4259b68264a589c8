"""What Central Market's players read (engines/central_market/text.py): each
decision's prompt, the labels by decision, public and private event copies,
each refusal with its numbers, in English and German; and over whole seeded
playouts of every configuration, every phrase renders in every shipped
locale without a Fluent error or a left-over placeholder."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from fluent.syntax import FluentParser, ast

from engines.central_market import ENGINE, rounds
from engines.central_market.data import ALL_ACTION_CARDS, CHEAT, NUM_CODES, ROT, TOURISTS
from engines.central_market.moves import (
    FINISH_SALE,
    KEEP_ALL_CARDS,
    OFFERS,
    PASS,
    PLAY_ROT,
    PLAY_TOURISTS,
    SELL_CARDS,
    SET_ASIDES,
    STAY,
    Bid,
    Move,
    Offer,
    SellCard,
    SetAside,
    build_action,
)
from engines.central_market.rules import DECISION_KINDS, legal_moves
from engines.central_market.state import State
from engines.central_market.text import CARD_TERMS, PRODUCT_TERMS, TEXT, refusal
from engines.central_market.versions import V1
from engines.core import Game, IllegalAction, Rng
from engines.core.engine import Event
from engines.core.text import CATALOGS, Phrase, Seat, Term
from marketplay.v1 import central_market_pb2 as pb
from service.core import refusal_phrase
from service.text import PSEUDO_LOCALE, Catalogs, Speaker, listed
from tests.conformance.configs import CONFIGS, PlayConfig
from tests.conformance.playout import Step, playout
from tests.conformance.sampling import sample_steps
from tests.engines.central_market.helpers import (
    CARROTS,
    PEPPERS,
    TOMATOES,
    Play,
    card,
    make_state,
)

BOOKS = Catalogs([CATALOGS, TEXT.catalogs])
LOCALES = ("en", "de", PSEUDO_LOCALE)
ALL = ALL_ACTION_CARDS
TIMES = "\N{MULTIPLICATION SIGN}"


def say(phrase: Phrase, locale: str = "en") -> str:
    """The phrase rendered as service/text.py renders it, but failing on any
    Fluent error (a missing id, term or argument) and on text that still holds
    a placeholder's `{`, `}` or `$`."""
    bundle = BOOKS.bundle(locale)
    assert bundle.has_message(phrase.id), f"{locale} has no {phrase.id}"

    def item(value: Seat | Term) -> str:
        if isinstance(value, Term):
            return say(Phrase(value.id), locale)
        return say(Phrase.of("seat-default-name", number=value.seat + 1), locale)

    args: dict[str, str | int] = {}
    for name, value in phrase.args:
        if isinstance(value, tuple):
            args[name] = listed(tuple(item(v) for v in value), locale)
        elif isinstance(value, int):
            args[name] = value
        else:
            args[name] = item(value)
    text, errors = bundle.format(phrase.id, args)
    assert not errors, f"{phrase} in {locale}: {errors}"
    assert not set(text) & set("{}$"), f"{phrase} in {locale}: {text!r}"
    if locale == PSEUDO_LOCALE:  # every letter came through a catalog (the list's "and" too)
        letters = re.search("[A-Za-z]", text)
        assert text.startswith("[") and text.endswith("]") and not letters, text
    return str(text)


def speak(phrase: Phrase, locale: str = "en") -> str:
    """As the service says it (service/text.py's Speaker)."""
    return Speaker(BOOKS, locale).text(phrase)


# ------------------------------------------------------------------ a table to play at

HANDS = [
    ["tomatoes-3", "tomatoes-4", "carrots-2", "carrots-3"],
    ["tomatoes-2", "tomatoes-3", "eggplants-2", "peppers-4"],
    ["cucumbers-3", "cucumbers-4", "eggplants-3", "peppers-2"],
]


def decider(play: Play) -> tuple[int, str]:
    (seat, kind), *_ = play.deciders()
    return seat, kind


def prompt(play: Play, locale: str = "en") -> str:
    seat, kind = decider(play)
    return say(TEXT.decision(play.state, seat, kind), locale)


def labels(play: Play, locale: str = "en") -> list[str]:
    seat, kind = decider(play)
    return [say(TEXT.action(play.state, seat, kind, build_action(m)), locale)
            for m in legal_moves(play.state, seat)]


def events(play: Play, start: int = 0) -> list[str]:
    """The event lines from `start` on, each copy marked with its audience."""
    return [("private " if e.audience else "") + say(TEXT.event(e)) for e in play.events[start:]]


def to_rot_window() -> Play:
    """Seat 0 offers Tomatoes at 5, seat 1 bids 4, seat 2 passes, seat 0 stays;
    seat 1 sells 3 kg and the Rot window asks seat 2."""
    play = Play(make_state(HANDS))
    play.offer(0, TOMATOES, 5).bid(1, 4).pass_(2).stay(0).sell(1, "tomatoes-3")
    return play


def to_tourists_window() -> Play:
    play = to_rot_window().pass_(2).pass_(0)
    play.sell(0, "tomatoes-4", "tomatoes-3").pass_(1).pass_(2)
    return play


def set_aside_table(hands: Sequence[Sequence[str]] = HANDS) -> Play:
    """Every seat has had its offer turn: the set-aside choice."""
    state = make_state(hands, offer_turn=len(hands))
    rounds.next_offer(state, Rng(b"set-aside"), [])
    return Play(state)


# ------------------------------------------------------------------ prompts and labels


def test_every_decision_kind_has_a_prompt_in_every_locale() -> None:
    for kind in DECISION_KINDS.values():
        for locale in LOCALES:
            assert BOOKS.bundle(locale).has_message(f"central-market-prompt-{kind}"), (kind, locale)


def test_prompts_say_what_is_asked_with_the_public_facts() -> None:
    play = Play(make_state(HANDS))
    assert prompt(play) == "Choose a product from your hand to offer."
    assert labels(play) == ["Offer Tomatoes", "Offer Carrots"]
    play.act(0, Offer(TOMATOES))
    assert prompt(play) == "Name your starting bid for Tomatoes: a price from 1 to 10."
    assert labels(play)[:2] == ["Start at 1", "Start at 2"] and labels(play)[-1] == "Start at 10"
    play.bid(0, 5)
    assert prompt(play) == "On offer: Tomatoes, lowest bid 5. Bid lower to sell it too, or pass."
    assert labels(play) == ["Pass", "Bid 1", "Bid 2", "Bid 3", "Bid 4"]
    play.bid(1, 4).pass_(2)
    assert decider(play) == (0, "lower-bid")
    assert prompt(play) == "The lowest bid on Tomatoes is 4. Lower your bid of 5 below it, or stay."
    assert labels(play) == ["Stay at 5", "Lower to 1", "Lower to 2", "Lower to 3"]
    play.stay(0)
    assert decider(play) == (1, "sell")
    assert prompt(play) == ("Sell Tomatoes at 4 per kg: play cards one at a time, then finish. "
                            "Left: 10 kg of the product limit, 10 kg of your limit.")
    assert labels(play) == ["Sell Tomatoes (2 kg)", "Sell Tomatoes (3 kg)"]
    play.sell(1, "tomatoes-3", finish=False)
    assert labels(play) == ["Sell Tomatoes (2 kg)", "Finish selling"]
    play.act(1, FINISH_SALE)
    assert decider(play) == (2, "respond-rot")
    assert prompt(play) == ("Player 2 is about to be paid for 3 kg at 4. "
                            "Play Rot to let half of it rot, or decline.")
    assert labels(play) == ["Decline", "Play Rot on Player 2"]


def test_reaction_windows_and_the_tourists_sale() -> None:
    play = to_tourists_window()
    assert decider(play) == (0, "respond-tourists")
    assert prompt(play) == ("Play Tourists to sell more Tomatoes at 4 per kg, outside the limits, "
                            "or decline.")
    assert labels(play) == ["Decline"]  # seat 0 holds no more tomatoes
    play.pass_(0)
    assert decider(play) == (1, "respond-tourists")
    assert labels(play) == ["Decline", "Play Tourists"]
    play.act(1, PLAY_TOURISTS)
    assert decider(play) == (1, "tourists-sale")
    assert prompt(play) == ("Sell Tomatoes to the Tourists at 4 per kg, outside the limits: "
                            "play cards one at a time, then finish.")
    assert labels(play) == ["Sell Tomatoes (2 kg)"]
    start = len(play.events)
    play.act(1, SellCard(card("tomatoes-2"))).act(1, FINISH_SALE)
    assert events(play, start)[:2] == ["Player 2 sells Tomatoes (2 kg) to the Tourists.",
                                       f"Player 2 earns 8 from the Tourists (2 kg {TIMES} 4)."]


def test_set_aside_prompt_and_labels() -> None:
    play = set_aside_table()
    assert [kind for _, kind in play.deciders()] == ["set-aside"] * 3
    seat, kind = play.deciders()[1]
    assert say(TEXT.decision(play.state, seat, kind)) == (
        "Set one card aside, face down, for the final round, or keep all your cards.")
    told = [say(TEXT.action(play.state, 1, kind, build_action(m))) for m in legal_moves(play.state, 1)]
    assert told == ["Keep all cards", "Set aside Tomatoes (2 kg)", "Set aside Tomatoes (3 kg)",
                    "Set aside Eggplants (2 kg)", "Set aside Peppers (4 kg)"]


def test_a_prompt_reads_no_hand_not_even_the_deciders() -> None:
    """Every seat sees every decision, so its prompt holds public facts only."""
    scenes = [Play(make_state(HANDS)), Play(make_state(HANDS)).offer(0, TOMATOES, 5),
              to_rot_window(), to_rot_window().pass_(2).pass_(0), to_tourists_window(),
              set_aside_table()]
    for play in scenes:
        other = play.state.clone()
        other.hands = [[card("cucumbers-2")] for _ in other.hands]
        for seat, kind in play.deciders():
            assert TEXT.decision(play.state, seat, kind) == TEXT.decision(other, seat, kind), kind


def test_german_labels_and_prompts() -> None:
    play = Play(make_state(HANDS)).offer(0, TOMATOES, 5)
    assert prompt(play, "de") == ("Im Angebot: Tomaten, niedrigstes Gebot 5. "
                                  "Biete weniger, um mitzuverkaufen, oder passe.")
    assert labels(play, "de")[:2] == ["Passen", "1 bieten"]
    play.bid(1, 4).pass_(2)
    assert labels(play, "de")[0] == "Bei 5 bleiben"
    assert labels(play, "de")[1] == "Auf 1 senken"
    rot = to_rot_window()
    assert prompt(rot, "de") == ("Spieler 2 soll gleich für 3 kg zum Preis von 4 bezahlt werden. "
                                 "Spiele die Fäulnis-Karte, damit die Hälfte verfault, oder verzichte.")
    assert labels(rot, "de") == ["Verzichten", "Fäulnis gegen Spieler 2 spielen"]


# ------------------------------------------------------------------ events


def delivery(dealt: Sequence[Sequence[str]], version_1: bool = False) -> list[Event]:
    """Round 1's delivery of `dealt` (each seat's four cards in dealing order)."""
    draw = [dealt[seat][i] for i in range(4) for seat in range(3)]
    state = make_state([[], [], []], draw=draw, **({"rules_version": V1} if version_1 else {}))
    out: list[Event] = []
    rounds.deliver(state, Rng(b"deliver"), out)
    return out


DEALT = [["peppers-4", "tomatoes-2", "carrots-3", "peppers-4"], ["eggplants-2"] * 4, ["cucumbers-3"] * 4]


def test_a_delivery_is_a_public_count_and_a_private_list_of_cards() -> None:
    out = delivery(DEALT)
    first = [e for e in out if e.message.cards_delivered.seat == 0]  # type: ignore[attr-defined]
    public, private = first
    assert public.audience is None and private.audience == frozenset({0})
    assert say(TEXT.event(public)) == "Player 1 is dealt 4 cards."
    assert say(TEXT.event(private)) == (
        "You are dealt Tomatoes (2 kg), Carrots (3 kg), Peppers (4 kg), and Peppers (4 kg).")
    assert say(TEXT.event(public), "de") == "Spieler 1 erhält 4 Karten."
    assert say(TEXT.event(private), "de") == (
        "Du erhältst: Tomaten (2 kg), Karotten (3 kg), Paprika (4 kg) und Paprika (4 kg).")
    assert TEXT.event(public).arg("cards") is None  # the public copy names no card


def test_a_private_delivery_reads_in_hand_order_under_version_1_too() -> None:
    """Version 1 lists the cards as dealt, in the hidden draw pile's order; the
    text lists them in hand order, so it tells the seat nothing more."""
    dealt = delivery(DEALT, version_1=True)
    other = delivery([["carrots-3", "peppers-4", "peppers-4", "tomatoes-2"], *DEALT[1:]], version_1=True)
    assert dealt != other  # the event messages differ (docs/rules/central-market.md)
    for a, b in zip(dealt, other, strict=True):
        assert say(TEXT.event(a)) == say(TEXT.event(b))


def test_set_aside_choices_are_public_that_and_private_what() -> None:
    play = set_aside_table()
    play.act(0, SetAside(card("carrots-2"))).act(1, KEEP_ALL_CARDS)
    assert events(play) == [
        "Player 1 has made a set-aside choice.",
        "private You choose to set Carrots (2 kg) aside for the final round.",
        "Player 2 has made a set-aside choice.",
        "private You choose to keep all your cards.",
    ]
    assert [say(TEXT.event(e), "de") for e in play.events] == [
        "Spieler 1 hat gewählt, was beiseitegelegt wird.",
        "Für die Schlussrunde legst du beiseite: Karotten (2 kg).",
        "Spieler 2 hat gewählt, was beiseitegelegt wird.",
        "Du behältst alle deine Karten.",
    ]
    start = len(play.events)
    play.act(2, SetAside(card("peppers-2")))
    told = events(play, start)
    assert told[:5] == [
        "Player 3 has made a set-aside choice.",
        "private You choose to set Peppers (2 kg) aside for the final round.",
        "Player 1 set one card aside for the final round.",
        "Player 2 set no card aside.",
        "Player 3 set one card aside for the final round.",
    ]
    assert told[5] == "Round 1 is scored: nobody earned any income."


def test_a_cheat_reveal_and_the_cheat_sale() -> None:
    hands = [["tomatoes-2", "tomatoes-4"], ["carrots-3", "peppers-2"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT | ROT, ROT]))
    play.offer(0, TOMATOES, 6).bid(1, 4).pass_(2)
    start = len(play.events)
    play.stay(0)
    assert events(play, start) == [
        "Player 1 stays on their bid.",
        "Player 2 plays Cheat: no Tomatoes in hand after all, so other cards are sold in their place.",
    ]
    assert say(TEXT.event(play.events[-1]), "de") == (
        "Spieler 2 spielt die Schwindel-Karte: doch keine Tomaten auf der Hand, "
        "stattdessen werden andere Karten verkauft.")
    assert prompt(play) == ("Your Cheat is revealed: play other cards in place of Tomatoes, at 4 per kg, "
                            "then finish. Left: 10 kg of the product limit, 10 kg of your limit.")
    start = len(play.events)
    play.sell(1, "carrots-3")
    assert events(play, start) == ["Player 2 plays Carrots (3 kg).",
                                   "Player 2 played 3 kg for Tomatoes: all of it counts."]
    play.act(2, PLAY_ROT)
    assert events(play)[-2:] == ["Player 3 plays Rot on Player 2, who is now paid for only 2 kg.",
                                 f"Player 2 earns 8 for Tomatoes (2 kg {TIMES} 4)."]


def test_bidding_events_and_automatic_passes() -> None:
    hands = [["tomatoes-2", "tomatoes-4"], ["tomatoes-3"], ["eggplants-2"]]
    play = Play(make_state(hands, player_left=[10, 10, 0])).offer(0, TOMATOES, 3).bid(1, 1)
    assert events(play) == [
        "Player 1 offers Tomatoes.",
        "Player 1 bids 3.",
        "Player 2 bids 1.",
        "Player 3 passes: their player's limit is used up.",
        "Player 1 stays on their bid: the lowest price is reached.",
    ]
    assert say(TEXT.event(play.events[3]), "de") == "Spieler 3 passt: Das Spielerlimit ist ausgeschöpft."


def test_lost_kilograms_and_a_sale_skipped_for_the_product_limit() -> None:
    hands = [["carrots-4", "carrots-3"], ["carrots-3"], ["eggplants-2"]]
    play = Play(make_state(hands, product_left=[10, 4, 10, 10, 10]))
    play.offer(0, CARROTS, 5).bid(1, 4).pass_(2).stay(0).sell(1, "carrots-3").decline_reactions()
    play.sell(0, "carrots-4")
    assert events(play)[-2:] == ["Player 1 played 4 kg for Carrots: 1 kg sold, 3 kg lost to the limits.",
                                 f"Player 1 earns 5 for Carrots (1 kg {TIMES} 5)."]  # nobody is asked for Rot
    assert say(TEXT.event(play.events[-2]), "de") == (
        "Spieler 1 hat 4 kg für Karotten gespielt: 1 kg verkauft, 3 kg über die Limits verloren.")
    hands = [["carrots-4", "carrots-3"], ["carrots-4"], ["eggplants-2"]]
    play = Play(make_state(hands, product_left=[10, 3, 10, 10, 10]))
    play.offer(0, CARROTS, 5).bid(1, 4).pass_(2).stay(0).sell(1, "carrots-4").decline_reactions()
    assert "Player 1 cannot sell Carrots: the product limit is used up." in events(play)


def test_the_game_end_and_the_outcome() -> None:
    *_, last = playout(Game.new(ENGINE, 3, {}, b"outcome"), b"outcome")
    outcome = last.after.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    winner = say(Phrase.of("seat-default-name", number=outcome.winners[0] + 1))
    ended = [say(TEXT.event(e)) for e in last.events if e.message.WhichOneof("kind") == "game_ended"]
    assert ended == [f"The game is over: {winner} wins."]
    assert say(ENGINE.outcome_phrase(outcome)).startswith(f"{winner} won with ")
    tie = Phrase.of("outcome", winners=(Seat(1),), count=1, score=17,
                    rule=Term("central-market-tie-break-unused-action-cards"))
    assert say(tie) == "Player 2 won with 17 points (most unused action cards)."
    assert say(tie, "de") == "Spieler 2 gewinnt mit 17 Punkten (die meisten unbenutzten Aktionskarten)."


# ------------------------------------------------------------------ refusals


def refused(state: State, seat: int, move: Move, locale: str = "en") -> str | None:
    phrase = refusal(state, seat, move)
    return None if phrase is None else say(phrase, locale)


def test_offer_refusals() -> None:
    state = make_state(HANDS, offered=[TOMATOES])
    assert refused(state, 0, Offer(TOMATOES)) == (
        "Tomatoes have already been offered this round: each product is offered only once a round.")
    assert refused(state, 0, Offer(PEPPERS)) == "You hold no Peppers."
    assert refused(state, 0, Offer(CARROTS)) is None  # legal
    removed = make_state(HANDS, removed_product=PEPPERS)
    assert refused(removed, 0, Offer(PEPPERS)) == "Peppers are not in this game."
    assert refused(state, 0, Offer(TOMATOES), "de") == (
        "In dieser Runde schon angeboten: Tomaten. Jedes Produkt wird nur einmal pro Runde angeboten.")
    assert refused(state, 0, Offer(PEPPERS), "de") == "Du hast keine Paprika auf der Hand."


def test_bid_refusals_carry_their_numbers() -> None:
    play = Play(make_state(HANDS, max_price=8)).act(0, Offer(TOMATOES))
    assert refused(play.state, 0, Bid(9)) == "Name a price from 1 to 8."
    assert refused(play.state, 0, Bid(0)) == "Name a price from 1 to 8."
    assert refused(play.state, 0, Bid(8)) is None
    play.bid(0, 5)
    assert refused(play.state, 1, Bid(5)) == "Your bid must be below 5, the lowest bid."
    assert refused(play.state, 1, Bid(7), "de") == "Dein Gebot muss unter 5 liegen, dem niedrigsten Gebot."
    assert refused(play.state, 1, Bid(0)) == "Name a price from 1 to 4."
    assert refused(play.state, 1, STAY) is None  # a move of another decision: the generic refusal
    play.bid(1, 3).pass_(2)
    assert refused(play.state, 0, Bid(4)) == "Your bid must be below 3, the lowest bid."


def test_a_bid_needs_the_product_or_a_cheat_with_a_card() -> None:
    hands = [["tomatoes-2"], ["carrots-3"], []]
    play = Play(make_state(hands, action_cards=[ALL, ALL ^ CHEAT, ALL])).offer(0, TOMATOES, 5)
    assert refused(play.state, 1, Bid(3)) == (
        "You hold no Tomatoes and have no Cheat left: you can only pass.")
    play.pass_(1)
    assert refused(play.state, 2, Bid(3)) == (
        "You hold no Tomatoes, and a Cheat needs a card in your hand to sell in its place: "
        "you can only pass.")


def test_sale_refusals() -> None:
    play = to_rot_window().pass_(2).pass_(0)
    assert decider(play) == (0, "sell")
    assert refused(play.state, 0, FINISH_SALE) == "Play at least one card before you finish selling."
    assert refused(play.state, 0, SellCard(card("peppers-4"))) == "You hold no Peppers (4 kg)."
    assert refused(play.state, 0, SellCard(card("carrots-2"))) == (
        "This sale is of Tomatoes: Carrots (2 kg) cannot be sold in it.")
    assert refused(play.state, 0, SellCard(card("carrots-2")), "de") == (
        "In diesem Verkauf geht es um Tomaten: Karotten (2 kg) passt nicht dazu.")
    assert refused(play.state, 0, SellCard(card("tomatoes-4"))) is None


def test_a_cheater_sells_one_product_from_version_2() -> None:
    hands = [["tomatoes-2"], ["carrots-3", "peppers-4", "cucumbers-3"], ["eggplants-2"]]
    play = Play(make_state(hands, action_cards=[0, CHEAT, 0]))
    play.offer(0, TOMATOES, 6).bid(1, 5).pass_(2).stay(0)
    assert refused(play.state, 1, SellCard(card("peppers-4"))) is None
    play.act(1, SellCard(card("carrots-3")))
    assert refused(play.state, 1, SellCard(card("peppers-4"))) == (
        "Your first card set what your Cheat sells: only Carrots, not Peppers (4 kg).")
    mixed = Play(make_state(hands, action_cards=[0, CHEAT, 0], cheat_mixed=True))
    mixed.offer(0, TOMATOES, 6).bid(1, 5).pass_(2).stay(0).act(1, SellCard(card("carrots-3")))
    assert refused(mixed.state, 1, SellCard(card("peppers-4"))) is None


def test_action_card_refusals() -> None:
    play = Play(make_state(HANDS, action_cards=[ALL, ALL ^ ROT ^ TOURISTS, ALL])).offer(0, TOMATOES, 5)
    assert refused(play.state, 1, PLAY_ROT) == "You have already played your Rot card."
    assert refused(play.state, 1, PLAY_TOURISTS) == "You have already played your Tourists card."
    play.pass_(1)
    assert refused(play.state, 2, PLAY_ROT) == (
        "You can play Rot only right after someone else has played the cards of a sale.")
    assert refused(play.state, 2, PLAY_TOURISTS) == (
        "You can play Tourists only after a product's last sale, if you bid on it and sold at least 1 kg.")
    rot = to_rot_window()
    assert refused(rot.state, 2, PLAY_TOURISTS) == (
        "You can play Tourists only after a product's last sale, if you bid on it and sold at least 1 kg.")
    window = to_tourists_window()
    assert refused(window.state, 0, PLAY_ROT) == (
        "You can play Rot only right after someone else has played the cards of a sale.")
    assert refused(window.state, 0, PLAY_TOURISTS) == "You hold no Tomatoes."
    assert refused(window.state, 0, PASS) is None


def test_set_aside_refusal() -> None:
    play = set_aside_table()
    assert refused(play.state, 0, SetAside(card("peppers-4"))) == "You hold no Peppers (4 kg)."
    assert refused(play.state, 0, SetAside(card("tomatoes-3"))) is None


EVERY_MOVE: tuple[Move, ...] = (
    *OFFERS, *(Bid(p) for p in range(-1, 33)), PASS, STAY, *SELL_CARDS, FINISH_SALE, PLAY_ROT,
    PLAY_TOURISTS, *SET_ASIDES, KEEP_ALL_CARDS,
)


def test_a_refusal_reads_only_the_seats_own_hand_and_the_table() -> None:
    """Other hands in the other seats change no refusal a seat is told."""
    scenes = [Play(make_state(HANDS)), Play(make_state(HANDS)).offer(0, TOMATOES, 5),
              to_rot_window(), to_tourists_window(), set_aside_table()]
    for play in scenes:
        for seat in range(3):
            other = play.state.clone()
            other.hands = [other.hands[s] if s == seat else [card("cucumbers-2")] for s in range(3)]
            for move in EVERY_MOVE:
                assert refusal(play.state, seat, move) == refusal(other, seat, move), (seat, move)


def test_the_service_tells_the_games_own_refusal() -> None:
    """An illegal move reaches the player as the game's reason (service/core.py)."""
    game = Game.new(ENGINE, 3, {}, b"refusal")
    hand = {c for c in game.state.hands[0]}
    missing = next(p for p in range(5) if all(c // 3 != p for c in hand))
    action = build_action(Offer(missing))
    phrase = refusal_phrase(game, 0, action, IllegalAction("no"))
    assert phrase is not None
    assert speak(phrase) == f"You hold no {say(Phrase(PRODUCT_TERMS[missing].id))}."


# ------------------------------------------------------------------ catalogs


def catalog_ids(locale: str) -> set[str]:
    """The messages and terms of the game's catalog in one locale."""
    source = (TEXT.catalogs / locale / "central-market.ftl").read_text("utf-8")
    resource = FluentParser().parse(source)
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, junk
    return {("-" if isinstance(e, ast.Term) else "") + e.id.name
            for e in resource.body if isinstance(e, ast.Message | ast.Term)}


def test_english_and_german_name_the_same_messages_and_every_piece() -> None:
    english = catalog_ids("en")
    assert catalog_ids("de") == english
    assert all(id.startswith(("central-market-", "-central-market-")) for id in english)
    pieces = [*PRODUCT_TERMS, *CARD_TERMS,
              *(Term(f"central-market-skip-reason-{name}") for name in
                ("player-limit", "nothing-to-offer", "cannot-undercut", "product-limit")),
              Term("central-market-tie-break-unused-action-cards")]
    assert len(CARD_TERMS) == NUM_CODES
    for piece in pieces:
        for locale in LOCALES:
            say(Phrase(piece.id), locale)
    reasons = {v.number for v in pb.CentralMarketSkipReason.DESCRIPTOR.values if v.number}
    assert len(reasons) == 4


# ------------------------------------------------------------------ whole playouts

CENTRAL_MARKET = [c for c in CONFIGS if c.game_id == "central-market"]


def asked(step: Step) -> list[Phrase]:
    """What the deciders read before the move: each one's prompt and the
    labels of its legal actions."""
    before, engine = step.before, step.before.engine
    phrases = []
    for decision in before.to_act():
        phrases.append(engine.decision_phrase(before.state, decision.seat, decision.kind))
        phrases += [engine.action_phrase(before.state, decision.seat, decision.kind, action)
                    for action in engine.legal_actions(before.state, decision.seat)]
    return phrases


def told(step: Step) -> list[Phrase]:
    """The events the move caused, and the outcome once the game is over."""
    engine = step.before.engine
    phrases = [engine.event_phrase(event) for event in step.events]
    outcome = step.after.outcome()
    if outcome is not None:
        phrases.append(engine.outcome_phrase(outcome))
    return phrases


@pytest.mark.parametrize("config", CENTRAL_MARKET, ids=lambda c: c.label())
def test_every_phrase_of_a_playout_renders_in_every_locale(config: PlayConfig) -> None:
    """Every event and the outcome of one seeded playout, and the prompts and
    labels of a kind-complete sample of its steps (tests/conformance/sampling.py)."""
    steps = list(playout(config.new_game(b"text"), b"text-policy"))
    assert steps[-1].after.outcome() is not None
    sample = set(sample_steps(steps, total=40, per_kind=2))
    ids = set()
    for index, step in enumerate(steps):
        for phrase in told(step) + (asked(step) if index in sample else []):
            ids.add(phrase.id)
            for locale in LOCALES:
                say(phrase, locale)
    assert {"outcome", "central-market-event-game-ended", "central-market-event-round-scored"} <= ids


def test_the_playouts_meet_every_event_prompt_and_label_of_the_catalog() -> None:
    """Over the configurations' playouts (the seeds above), every event, prompt
    and label id the catalog holds is said, and nothing the catalog lacks; the
    refusals have a scenario each (above)."""
    said: set[str] = set()
    for config in CENTRAL_MARKET:
        for step in playout(config.new_game(b"text"), b"text-policy"):
            said.update(phrase.id for phrase in asked(step) + told(step))
    english = catalog_ids("en")
    kinds = ("central-market-event-", "central-market-prompt-", "central-market-action-")
    assert {id for id in english if id.startswith(kinds)} == said - {"outcome"}
    assert {f"central-market-prompt-{kind}" for kind in DECISION_KINDS.values()} <= said
