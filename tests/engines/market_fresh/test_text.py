"""What Market Fresh's players read (engines/market_fresh/text.py): prompts,
labels, events and refusals in scenarios, rendered with the shipped
catalogs in English and German; and every phrase of seeded playouts of every
configuration rendered in every locale without a Fluent error."""

from __future__ import annotations

from dataclasses import replace

import pytest
from google.protobuf.message import Message

from engines.core import Game
from engines.core.engine import Event
from engines.core.text import CATALOGS, Arg, Phrase, Seat, Term
from engines.market_fresh import ENGINE, VERSIONS
from engines.market_fresh.data import GRID_SIZES, SOLO_RATINGS
from engines.market_fresh.messages import crate as crate_of
from engines.market_fresh.moves import TakeFaceDown
from engines.market_fresh.state import CHOOSE, CRATE_HEIGHTS, PLACE, SOLO, State
from engines.market_fresh.text import CATALOGS as FRESH_CATALOGS
from engines.market_fresh.text import RATINGS, SQUARES, TEXT, produce_term
from engines.market_fresh.versions import RULES, V1
from marketplay.v1 import market_fresh_pb2 as pb
from service.text import PSEUDO_LOCALE, Catalogs, Speaker, listed
from tests.conformance.configs import CONFIGS
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps
from tests.engines.market_fresh.helpers import (
    DATA,
    FULL_4X4,
    act,
    choose_action,
    crate_id,
    place_action,
    score_action,
    scoring_state,
    shopfront,
    sq,
    table,
    take_face_up_action,
)

CATALOG = Catalogs([CATALOGS, FRESH_CATALOGS])
#: The catalogs' minus and multiplication signs.
MINUS, TIMES = "\u2212", "\u00d7"
LOCALES = ("en", "de", PSEUDO_LOCALE)
V1_ENGINE = next(e for e in VERSIONS if e.rules == V1)



def en(phrase: Phrase | None) -> str:
    assert phrase is not None
    return Speaker(CATALOG, "en").text(phrase)


def de(phrase: Phrase | None) -> str:
    assert phrase is not None
    return Speaker(CATALOG, "de").text(phrase)


def _crate(name: str) -> pb.MarketFreshCrate:
    return crate_of(DATA, crate_id(name))



def remove(name: str) -> pb.MarketFreshAction:
    return pb.MarketFreshAction(remove_crate=pb.MarketFreshRemoveCrate(crate=_crate(name)))


TAKE_FACE_DOWN = pb.MarketFreshAction(take_face_down=pb.MarketFreshTakeFaceDown())


def prompt(state: State, seat: int = 0) -> Phrase:
    (decision,) = ENGINE.to_act(state)
    assert decision.seat == seat
    return ENGINE.decision_phrase(state, seat, decision.kind)


def labels(state: State, seat: int = 0) -> list[str]:
    (decision,) = ENGINE.to_act(state)
    return [en(ENGINE.action_phrase(state, seat, decision.kind, a))
            for a in ENGINE.legal_actions(state, seat)]


def refusal(state: State, action: pb.MarketFreshAction, seat: int = 0) -> Phrase | None:
    """What the service tells a seat whose action is illegal (service/core.py)."""
    engine = next(e for e in VERSIONS if e.rules == state.rules)
    assert not engine.is_legal(state, seat, action)
    return engine.refusal_phrase(state, seat, action)


def choosing(state: State, name: str, seat: int = 0) -> State:
    """`seat` holds crate `name` and has chosen it: the place step."""
    cid = crate_id(name)
    state = replace(state, hands=tuple(
        tuple(sorted({*hand, cid})) if s == seat else hand for s, hand in enumerate(state.hands)),
        supply=tuple(c for c in state.supply if c != cid), current=seat, phase=CHOOSE)
    state, _ = act(state, seat, choose_action(name))
    assert state.phase == PLACE
    return state


def lay(grid: int, first: str, second: str, at_first: tuple[int, int],
        at_second: tuple[int, int]) -> pb.MarketFreshAction:
    """The place action that lays half `first` on `at_first` (whichever half the
    data file lists first)."""
    a, b = sq(grid, at_first), sq(grid, at_second)
    if DATA.crates[crate_id(f"{first}-{second}")][0] != DATA.produce_index[first]:
        a, b = b, a
    return place_action(grid, a, b)


def event_texts(events: list[Event], viewer: int | None = None) -> list[str]:
    return [en(ENGINE.event_phrase(e)) for e in events if e.visible_to(viewer)]


# ------------------------------------------------------------------ prompts


def test_text_prompt_of_each_decision_kind() -> None:
    """take-crate, choose-crate (standard and solo), place-crate and score, from
    public facts only."""
    state = table(face_up=["plums-onions"])
    assert en(prompt(state)) == "Take a face-up crate or the top face-down crate."
    assert de(prompt(state)) == "Nimm eine offene Kiste oder die oberste verdeckte."
    assert en(prompt(table(face_up=["plums-onions"], supply=[]))) == (
        "Take one of the face-up crates.")

    choose_state = table(hands=[["lemons-pears"], []], phase=CHOOSE)
    assert en(prompt(choose_state)) == (
        "Choose one of your crates to add to your shopfront; if none fits, remove one from "
        "the game.")
    solo = table(players=1, variant=SOLO, grid=4, face_up=["lemons-pears"], supply=[])
    assert en(prompt(solo)) == "Choose a face-up crate to add to your shopfront."
    assert de(prompt(solo)) == "Wähle eine offene Kiste für deine Auslage."

    place = choosing(table(), "lemons-pears")
    assert en(prompt(place)) == (
        "Place your crate (lemons and pears) on two side-by-side squares of your shopfront.")
    assert de(prompt(place)) == (
        "Lege deine Kiste (Zitronen und Birnen) auf zwei benachbarte Felder deiner Auslage.")

    score = scoring_state(table(), 0, "lemons", "pears", (2, 3), (1, 3))
    assert en(prompt(score)) == "Score your crate with lemons or pears."
    assert de(prompt(score)) == "Wähle, was du wertest: Zitronen oder Birnen."
    shop = shopfront(5, ("lemons", "onions", (3, 1), (3, 2)), ("lemons", "pears", (2, 1), (2, 2)))
    heights = scoring_state(table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)]), 0,
                            "lemons", "lemons", (2, 1), (3, 1))
    assert en(prompt(heights)) == (
        "Score your crate with lemons, by basic or height scoring "
        "(a perfectly fresh match: +5).")


def test_text_choose_prompt_does_not_tell_whether_a_crate_fits() -> None:
    """Every seat sees the prompt: it reads the same when the seat must remove
    a crate (docs/rules/market-fresh.md, item 34)."""
    fits = table(grid=4, shopfronts=[shopfront(4, *FULL_4X4), shopfront(4)],
                 hands=[["lemons-lemons"], []], phase=CHOOSE)
    stuck = table(grid=4, shopfronts=[shopfront(4, *FULL_4X4), shopfront(4)],
                  hands=[["carrots-grapes"], []], phase=CHOOSE)
    assert ENGINE.legal_actions(stuck, 0)[0].WhichOneof("kind") == "remove_crate"
    assert prompt(fits) == prompt(stuck)


# ------------------------------------------------------------------ labels


def test_text_labels_of_take_choose_and_place() -> None:
    state = table(face_up=["plums-onions", "dragon-fruits-dragon-fruits"])
    left = len(state.supply)
    assert labels(state) == ["Take plums and onions", "Take dragon fruits and dragon fruits",
                             f"Take a face-down crate ({left} left)"]
    state = table(hands=[["lemons-pears", "grapes-cabbages"], []], phase=CHOOSE)
    assert labels(state) == ["Add lemons and pears", "Add grapes and cabbages"]

    place = choosing(table(), "lemons-pears")
    texts = labels(place)
    assert len(texts) == len(ENGINE.legal_actions(place, 0))
    assert texts[0] == "Place lemons on A1, pears on B1 (height 1)"
    label = ENGINE.action_phrase(place, 0, "place-crate", place_action(5, sq(5, (0, 0)),
                                                                       sq(5, (0, 1))))
    assert de(label) == "Zitronen auf A1, Birnen auf B1 (Höhe 1)"


def test_text_place_label_says_a_perfect_match_and_the_height() -> None:
    shop = shopfront(5, ("lemons", "onions", (3, 1), (3, 2)),
                     ("tomatoes", "carrots", (2, 1), (2, 2)),
                     ("lemons", "pears", (2, 3), (1, 3)))
    place = choosing(table(shopfronts=[shop, shopfront(5)]), "carrots-lemons")
    label = ENGINE.action_phrase(place, 0, "place-crate",
                                 lay(5, "lemons", "carrots", (2, 3), (2, 2)))
    assert en(label) == "Place lemons on D3, carrots on C3 (height 2, perfectly fresh)"


def test_text_remove_label_says_the_point_lost() -> None:
    shop = shopfront(4, *FULL_4X4)
    state = table(grid=4, shopfronts=[shop, shopfront(4)], scores=[2, 0],
                  hands=[["carrots-grapes", "peppers-peppers"], []], phase=CHOOSE)
    assert labels(state) == [f"Remove carrots and grapes ({MINUS}1 point)",
                             f"Remove peppers and peppers ({MINUS}1 point)"]
    assert labels(replace(state, scores=(0, 0)))[0] == "Remove carrots and grapes"
    assert de(ENGINE.action_phrase(state, 0, "choose-crate", remove("carrots-grapes"))) == (
        f"Karotten und Trauben entfernen ({MINUS}1 Punkt)")


def test_text_score_labels_standard_with_the_farmer_tile_and_declining_it() -> None:
    """Version 2's standard game lists the same scoring without the tile."""
    state = scoring_state(table(), 0, "lemons", "pears", (2, 3), (1, 3))
    state = replace(state, board=tuple(
        (0, 1, *col[2:]) if i == DATA.produce_index["pears"] else col
        for i, col in enumerate(state.board)))  # pears rows 1 and 2 taken: no tile
    assert labels(state) == ["Score lemons: 2 points, Farmer Tile in row 2",
                             "Score lemons: 2 points, no Farmer Tile",
                             "Score pears: 2 points"]
    (decision,) = ENGINE.to_act(state)
    german = [de(ENGINE.action_phrase(state, 0, decision.kind, a))
              for a in ENGINE.legal_actions(state, 0)]
    assert german == ["Zitronen werten: 2 Punkte, Bauernplättchen in Reihe 2",
                      "Zitronen werten: 2 Punkte, kein Bauernplättchen",
                      "Birnen werten: 2 Punkte"]


def test_text_score_labels_basic_and_height() -> None:
    """Crate Heights: basic scoring places no tile, height scoring names its row."""
    shop = shopfront(5, ("pears", "apples", (1, 0), (1, 1)))
    state = scoring_state(table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)]), 0,
                          "pears", "grapes", (1, 0), (1, 1))
    assert labels(state) == ["Score pears (basic): 2 points",
                             "Score pears (height): 4 points, Farmer Tile in row 2",
                             "Score grapes (basic): 1 point",
                             "Score grapes (height): 2 points, Farmer Tile in row 2"]


# ------------------------------------------------------------------ events


def test_text_face_down_take_public_copy_names_no_crate_private_copy_does() -> None:
    state = table(face_up=["plums-onions"], supply=["carrots-peppers", "grapes-cabbages"])
    _, events = act(state, 0, TAKE_FACE_DOWN)
    public = [e for e in events if e.audience is None]
    private = [e for e in events if e.audience is not None]
    assert len(public) == len(private) == 1
    told = ENGINE.event_phrase(public[0])
    assert told.id == "market-fresh-event-crate-taken" and told.arg("crate") is None
    assert en(told) == "Player 1 took a face-down crate."
    assert de(told) == "Spieler 1 nimmt eine verdeckte Kiste."
    for locale in LOCALES:
        text = Speaker(CATALOG, locale).text(told)
        for produce in ("grapes", "cabbages"):
            assert Speaker(CATALOG, locale).text(Phrase(produce_term(produce).id)) not in text
    mine = ENGINE.event_phrase(private[0])
    assert mine.id == "market-fresh-event-crate-taken-private"
    assert en(mine) == "You took a face-down crate: grapes and cabbages."
    assert de(mine) == "Du nimmst eine verdeckte Kiste: Trauben und Kohlköpfe."


def test_text_face_up_take_and_refill() -> None:
    state = table(face_up=["plums-onions"], supply=["carrots-peppers", "grapes-cabbages"],
                  hands=[["lemons-pears"], []])
    state, events = act(state, 0, take_face_up_action("plums-onions"))
    assert event_texts(events) == ["Player 1 took a face-up crate: plums and onions."]
    state, events = act(state, 0, choose_action("lemons-pears"))
    assert event_texts(events) == ["Player 1 chose a crate to add: lemons and pears."]
    state, events = act(state, 0, lay(5, "lemons", "pears", (0, 0), (0, 1)))
    assert event_texts(events) == [
        "Player 1 placed lemons on A1 and pears on B1 at height 1, one half matching what "
        "lies beneath."]
    state, events = act(state, 0, score_action("lemons"))
    assert event_texts(events) == [
        "Player 1 scored lemons: 1 visible = 1 point (total 1).",
        "A new crate is turned face up: grapes and cabbages (one face-down crate left)."]


def test_text_scoring_with_a_perfect_match_and_the_farmer_tile() -> None:
    """The rulebook's lemons example: 3 visible + 5 = 8 (then the tile moves up)."""
    shop = shopfront(5, ("lemons", "onions", (3, 1), (3, 2)),
                     ("tomatoes", "carrots", (2, 1), (2, 2)),
                     ("lemons", "pears", (2, 3), (1, 3)))
    state = table(shopfronts=[shop, shopfront(5)], scores=[3, 0], tiles=[("lemons", 2, 0)])
    state = choosing(state, "carrots-lemons")
    state, events = act(state, 0, lay(5, "lemons", "carrots", (2, 3), (2, 2)))
    assert event_texts(events) == [
        "Player 1 placed lemons on D3 and carrots on C3 at height 2: a perfectly fresh match!"]
    state, events = act(state, 0, score_action("lemons"))
    phrases = [ENGINE.event_phrase(e) for e in events]
    assert [en(p) for p in phrases] == [
        "Player 1 scored lemons: 3 visible + 5 for a perfectly fresh match = 8 points "
        "(total 11).",
        "Player 1 moved a Farmer Tile in the lemons column up from row 2 to row 3."]
    assert [de(p) for p in phrases] == [
        "Spieler 1 wertet Zitronen: 3 sichtbar + 5 für perfekte Frische = 8 Punkte "
        "(gesamt 11).",
        "Spieler 1 rückt das Bauernplättchen in der Spalte Zitronen von Reihe 2 auf Reihe 3 vor."]


def test_text_height_scoring_event() -> None:
    shop = shopfront(5, ("pears", "apples", (1, 0), (1, 1)))
    state = scoring_state(table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)]), 0,
                          "pears", "grapes", (1, 0), (1, 1))
    _, events = act(state, 0, score_action("pears", height=True))
    assert event_texts(events) == [
        f"Player 1 height-scored pears: 2 visible {TIMES} 2 = 4 points (total 4).",
        "Player 1 placed a Farmer Tile in row 2 of the pears column."]


def test_text_removal_event() -> None:
    shop = shopfront(4, *FULL_4X4)
    state = table(grid=4, shopfronts=[shop, shopfront(4)], scores=[2, 0],
                  hands=[["carrots-grapes", "peppers-peppers"], []], phase=CHOOSE)
    _, events = act(state, 0, remove("peppers-peppers"))
    (phrase,) = [ENGINE.event_phrase(e) for e in events]
    assert en(phrase) == ("Player 1 could not add any crate and removed peppers and peppers "
                          f"from the game: {MINUS}1 point (total 1).")
    assert de(phrase) == ("Spieler 1 kann keine Kiste auslegen und entfernt eine aus dem Spiel: "
                          f"Paprika und Paprika ({MINUS}1 Punkt, gesamt 1).")
    _, events = act(replace(state, scores=(0, 0)), 0, remove("peppers-peppers"))
    assert event_texts(events)[0].endswith("from the game: no point to lose.")


def test_text_game_end_events_and_outcome() -> None:
    """The last crate played: who wins with how many points; solo: the rating."""
    state = table(hands=[["lemons-pears"], []], supply=[], phase=CHOOSE, scores=[10, 12])
    state, _ = act(state, 0, choose_action("lemons-pears"))
    state, _ = act(state, 0, lay(5, "lemons", "pears", (0, 0), (0, 1)))  # lemons: 1 visible
    state, events = act(state, 0, score_action("lemons"))
    assert event_texts(events)[-1] == (
        "Every crate is played and the Market Board is scored: Player 2 wins with 12 points.")
    assert de(ENGINE.event_phrase(events[-1])) == (
        "Alle Kisten sind gespielt und der Marktplan ist gewertet: Spieler 2 gewinnt mit "
        "12 Punkten.")
    outcome = ENGINE.modules.outcome(state)
    assert outcome is not None
    assert en(ENGINE.outcome_phrase(outcome)) == "Player 2 won with 12 points (most points)."

    solo = table(players=1, variant=SOLO, grid=4, face_up=["lemons-pears"], supply=[],
                 scores=[104])
    solo, _ = act(solo, 0, choose_action("lemons-pears"))
    solo, _ = act(solo, 0, lay(4, "lemons", "pears", (0, 0), (0, 1)))
    solo, events = act(solo, 0, score_action("lemons"))
    assert event_texts(events)[-1] == (
        "Every crate is played: final score 105 points. How did you do? A little stale…")
    assert de(ENGINE.event_phrase(events[-1])) == (
        "Alle Kisten sind gespielt: Endstand: 105 Punkte. Wie hast du abgeschnitten? "
        "Etwas altbacken …")


# ------------------------------------------------------------------ refusals


def test_text_refusals_of_the_take_step() -> None:
    state = table(face_up=["plums-onions"], supply=[])
    assert en(refusal(state, take_face_up_action("lemons-pears"))) == (
        "This crate is not in the face-up row: lemons and pears.")
    assert en(refusal(state, TAKE_FACE_DOWN)) == (
        "No face-down crates are left: take a face-up crate.")


def test_text_refusals_of_the_choose_step() -> None:
    shop = shopfront(4, *FULL_4X4)
    state = table(grid=4, shopfronts=[shop, shopfront(4)],
                  hands=[["lemons-lemons", "carrots-grapes"], ["onions-onions"]], phase=CHOOSE)
    assert en(refusal(state, choose_action("onions-onions"))) == (
        "You do not hold this crate: onions and onions.")
    assert en(refusal(state, choose_action("carrots-grapes"))) == (
        "This crate fits nowhere on your shopfront: carrots and grapes.")
    assert en(refusal(state, remove("carrots-grapes"))) == (
        "One of your crates still fits your shopfront, so add it: you remove a crate only "
        "when none fits.")
    assert de(refusal(state, remove("carrots-grapes"))) == (
        "Eine deiner Kisten passt noch in deine Auslage, also lege sie aus: Entfernen darfst "
        "du eine Kiste nur, wenn keine passt.")
    solo = table(players=1, variant=SOLO, grid=4, face_up=["lemons-pears"], supply=[])
    assert en(refusal(solo, choose_action("onions-onions"))) == (
        "This crate is not in the face-up row: onions and onions.")


def test_text_refusals_of_the_place_step() -> None:
    """Not side by side; not level; not matching the picture or the crate beneath."""
    shop = shopfront(5, ("tomatoes", "carrots", (2, 1), (2, 2)))
    state = choosing(table(shopfronts=[shop, shopfront(5)]), "grapes-cabbages")

    def place(a: tuple[int, int], b: tuple[int, int]) -> Phrase | None:
        return refusal(state, place_action(5, sq(5, a), sq(5, b)))

    assert en(place((0, 1), (0, 3))) == (
        "A crate covers two side-by-side squares: B1 and D1 are not.")
    assert en(place((2, 2), (2, 3))) == (
        "Both halves must lie level: C3 is at height 1, D3 at height 0.")
    assert de(place((2, 2), (2, 3))) == (
        "Beide Hälften müssen auf gleicher Höhe liegen: C3 hat Höhe 1, D3 Höhe 0.")
    assert en(place((0, 0), (0, 1))) == (
        "Over a picture square, one half must match the picture beneath it: A1 shows lemons, "
        "B1 shows nothing.")
    assert de(place((0, 0), (0, 1))) == (
        "Auf einem Bildfeld muss eine Hälfte zum Bild darunter passen: A1 zeigt Zitronen, "
        "B1 zeigt nichts.")
    assert en(place((2, 1), (2, 2))) == (
        "On crates, at least one half must match the produce beneath it: B3 shows tomatoes, "
        "C3 shows carrots.")


def test_text_refusals_of_the_score_step() -> None:
    state = scoring_state(table(), 0, "lemons", "pears", (2, 3), (1, 3))
    assert en(refusal(state, score_action("grapes"))) == (
        "Your crate holds no grapes: score lemons or pears.")
    assert de(refusal(state, score_action("grapes"))) == (
        "In deiner Kiste sind keine Trauben: Werte Zitronen oder Birnen.")
    assert en(refusal(state, score_action("lemons", height=True))) == (
        "Height scoring belongs to Crate Heights and Stackin' Solo, not to the standard game.")
    low = scoring_state(table(), 0, "grapes", "cabbages", (2, 1), (2, 2))
    declined = pb.MarketFreshAction(score=pb.MarketFreshScore(
        produce="grapes", scoring=pb.MARKET_FRESH_SCORING_BASIC, decline_farmer_tile=True))
    assert en(refusal(low, declined)) == (
        "This scoring places or moves no Farmer Tile: there is none to decline.")
    v1 = scoring_state(table(rules_version=V1), 0, "lemons", "pears", (2, 3), (1, 3))
    declined_lemons = pb.MarketFreshAction(score=pb.MarketFreshScore(
        produce="lemons", scoring=pb.MARKET_FRESH_SCORING_BASIC, decline_farmer_tile=True))
    assert V1_ENGINE.refusal_phrase(v1, 0, declined_lemons) is None  # not a player's doing


def test_text_refusals_of_height_scoring() -> None:
    """Once per produce; a free row at or below the height; in Crate Heights and
    Solo the tile cannot be declined."""
    shop = shopfront(5, ("pears", "apples", (1, 0), (1, 1)))
    heights = table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)],
                    height_used=[["pears"], []])
    state = scoring_state(heights, 0, "pears", "grapes", (1, 0), (1, 1))
    assert en(refusal(state, score_action("pears", height=True))) == (
        "You have already height-scored pears: once per produce per game.")
    full = table(variant=CRATE_HEIGHTS, shopfronts=[shop, shopfront(5)],
                 tiles=[("pears", 1, 1), ("pears", 2, 1)])
    state = scoring_state(full, 0, "pears", "grapes", (1, 0), (1, 1))
    assert en(refusal(state, score_action("pears", height=True))) == (
        "The pears column has no free row at row 2 or below: you may not height score it.")
    declined = pb.MarketFreshAction(score=pb.MarketFreshScore(
        produce="grapes", scoring=pb.MARKET_FRESH_SCORING_HEIGHT, decline_farmer_tile=True))
    assert en(refusal(state, declined)) == (
        "In this variant, height scoring always places a Farmer Tile and basic scoring never "
        "does: there is nothing to decline.")


def test_text_solo_height_scoring_needs_the_rows_below() -> None:
    shop = shopfront(4, ("pears", "apples", (1, 0), (1, 1)), ("pears", "grapes", (1, 0), (1, 1)))
    state = table(players=1, variant=SOLO, grid=4, shopfronts=[shop],
                  face_up=["pears-onions", "lemons-lemons"], supply=[])
    state, _ = act(state, 0, choose_action("pears-onions"))
    state, _ = act(state, 0, lay(4, "pears", "onions", (1, 0), (1, 1)))
    assert state.shopfronts[0].heights[sq(4, (1, 0))] == 3
    assert en(refusal(state, score_action("pears", height=True))) == (
        "To height score in row 3, you first need a Farmer Tile in row 2 (any column): "
        "row 2 has none.")
    assert de(refusal(state, score_action("pears", height=True))) == (
        "Für eine Höhenwertung in Reihe 3 brauchst du zuerst ein Bauernplättchen in Reihe 2 "
        "(beliebige Spalte): In Reihe 2 liegt noch keins.")


def test_text_generic_refusals() -> None:
    """A move of another step, or a square off the grid (the codec names no move):
    the generic "You cannot do that now"."""
    state = choosing(table(), "lemons-pears")
    assert refusal(state, TAKE_FACE_DOWN) is None
    off_grid = pb.MarketFreshAction(place=pb.MarketFreshPlace(
        first=pb.MarketFreshSquareRef(row=4, col=4), second=pb.MarketFreshSquareRef(row=4, col=5)))
    assert refusal(state, off_grid) is None
    assert TEXT.refusal(state, 1, TakeFaceDown()) is None


# ------------------------------------------------------------------ catalogs


def _messages(locale: str) -> set[str]:
    from fluent.syntax import FluentParser, ast

    source = CATALOG.source(locale)
    resource = FluentParser(with_spans=False).parse(source)
    assert not [e for e in resource.body if isinstance(e, ast.Junk)], locale
    return {e.id.name for e in resource.body if isinstance(e, ast.Message)}


def test_text_catalogs_have_the_same_ids_and_every_piece() -> None:
    """German has every English id; every produce of every component set the
    versions read, every square of every grid, every solo rating and scoring
    method is a term."""
    english, german = _messages("en"), _messages("de")
    assert {i for i in english if i.startswith("market-fresh-")} == {
        i for i in german if i.startswith("market-fresh-")}
    terms = {produce_term(p.id).id for rules in RULES for p in rules.data.produce}
    terms |= {SQUARES[r][c].id for size in GRID_SIZES for r in range(size) for c in range(size)}
    terms |= {RATINGS[name].id for _, name in SOLO_RATINGS}
    terms |= {"market-fresh-scoring-basic", "market-fresh-scoring-height", "market-fresh-nothing"}
    assert terms <= english


# ------------------------------------------------------------------ whole games


def render(locale: str, phrase: Phrase) -> str:
    """A phrase's text, failing on a missing id, a Fluent error or a leftover
    placeable; terms, seats and lists rendered as the service does."""
    bundle = CATALOG.bundle(locale)
    assert bundle.has_message(phrase.id), (locale, phrase.id)
    args = {name: _value(locale, value) for name, value in phrase.args}
    text, errors = bundle.format(phrase.id, args)
    assert not errors, (locale, phrase, errors)
    assert not set(text) & set("{}$"), (locale, phrase, text)
    assert text == Speaker(CATALOG, locale).text(phrase)
    return str(text)


def _value(locale: str, value: Arg) -> str | int:
    if isinstance(value, tuple):
        return listed(tuple(str(_value(locale, item)) for item in value), locale)
    if isinstance(value, Term):
        return render(locale, Phrase(value.id))
    if isinstance(value, Seat):
        return render(locale, Phrase.of("seat-default-name", number=value.seat + 1))
    return value


def _phrases(game: Game, events: list[Event]) -> list[Phrase]:
    """Every phrase an update of `game` shows: prompts, every legal action's
    label, and the events (both copies)."""
    engine, state = game.engine, game.state
    phrases = []
    for decision in game.to_act():
        phrases.append(engine.decision_phrase(state, decision.seat, decision.kind))
        actions: list[Message] = list(engine.legal_actions(state, decision.seat))
        phrases += [engine.action_phrase(state, decision.seat, decision.kind, a) for a in actions]
    phrases += [engine.event_phrase(e) for e in events]
    return phrases


FRESH_CONFIGS = [c for c in CONFIGS if c.game_id == "market-fresh"]


@pytest.mark.parametrize("config", FRESH_CONFIGS, ids=[c.label() for c in FRESH_CONFIGS])
def test_text_every_phrase_of_a_playout_renders_in_every_locale(config: object) -> None:
    """A kind-complete sample of a seeded playout's steps (tests/conformance/
    sampling.py): every prompt, label, event and the outcome in en, de, en-XA."""
    from tests.conformance.configs import PlayConfig

    assert isinstance(config, PlayConfig)
    steps = list(playout(config.new_game(b"words"), b"words"))
    ids: set[str] = set()
    for index in sample_steps(steps, total=30, per_kind=2):
        step = steps[index]
        phrases = _phrases(step.before, []) + _phrases(step.after, step.events)
        for phrase in phrases:
            ids.add(phrase.id)
            for locale in LOCALES:
                render(locale, phrase)
    final = steps[-1].after
    outcome = final.outcome()
    assert outcome is not None
    for locale in LOCALES:
        render(locale, final.engine.outcome_phrase(outcome))
    assert any(i.startswith("market-fresh-event-game-ended") for i in ids)
    assert {"market-fresh-event-crate-placed", "market-fresh-action-place"} <= ids


def test_text_playouts_meet_every_action_event_and_prompt_of_the_catalog() -> None:
    """Whole playouts of every configuration build every label, event and prompt
    sentence the catalog has (so the sampled renderings above reach them all,
    and the catalog holds no sentence the game never says)."""
    met: set[str] = set()
    for config in FRESH_CONFIGS:
        game = config.new_game(b"words")
        met |= {p.id for p in _phrases(game, [])}
        for step in playout(game, b"words"):
            met |= {p.id for p in _phrases(step.after, step.events)}
    sentences = {i for i in _messages("en") if i.startswith(
        ("market-fresh-action-", "market-fresh-event-", "market-fresh-prompt-"))}
    fallbacks = {"market-fresh-action-unknown", "market-fresh-event-unknown"}
    assert sentences - fallbacks - met == set()
    assert {i for i in met if i.startswith("market-fresh-")} <= sentences


def test_scoring_options_kept_for_a_state_are_the_options_worked_out_afresh() -> None:
    """The options a call's legal moves, score labels and prompt read
    (kept for the last scoring asked about) are those worked out afresh at
    every scoring decision of whole playouts, asked in turn about states that
    share fields and about states that differ in one field only (a field set
    anew is another object: never the kept one)."""
    from engines.market_fresh.rules import options_now
    from engines.market_fresh.scoring import score_options
    from engines.market_fresh.state import SCORE

    def afresh(state: State) -> tuple[object, ...]:
        seat = state.current
        return tuple(score_options(state.variant, state.shopfronts[seat], state.board,
                                   state.rules.data.crates[state.chosen_crate],
                                   state.perfect_match, state.height_used[seat], seat))

    seen = 0
    for config in FRESH_CONFIGS:
        states = [step.before.state for step in playout(config.new_game(b"kept options"), b"k")
                  if step.before.state.phase == SCORE]
        for state, other in zip(states, states[1:] + states[:1], strict=True):
            twin = replace(state, height_used=tuple(2**12 - 1 for _ in state.height_used))
            for asked in (state, other, state, twin, state, twin):
                assert options_now(asked) == afresh(asked)
                seen += 1
    assert seen > 100
