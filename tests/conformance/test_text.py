"""Words for players (docs/text.md), for every game, rules version, player
count and option set: the catalogs are complete in every shipped locale, and
every phrase whole games produce renders in every locale with nothing left
unresolved, nothing untranslated, and nothing pieced together outside a
catalog (the pseudo-locale shows it).

That the text tells an observer nothing it may not know is the leak checks'
part: their twins compare the phrases too (checks.seen_by), and a text is
made from a phrase, the locale and the display names alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from fluent.syntax import FluentParser, FluentSerializer, ast
from fluent.syntax.visitor import Visitor

from engines.core import Game, OptionSpec
from engines.core.text import Phrase
from service.text import PSEUDO_LOCALE, SOURCE_LOCALE, Catalogs, Speaker, shipped_catalogs
from tests.conformance.configs import PlayConfig, each_config
from tests.conformance.playout import playout
from tests.conformance.sampling import sample_steps

#: Messages whose text is the same in every language (a market's letter): the
#: only ones a translation may leave as the source has them.
SAME_IN_EVERY_LANGUAGE = re.compile(r"^spice-merchant-market-[a-f]$|^market-fresh-square-[a-z][0-9]+$")


@cache
def _catalogs() -> Catalogs:
    return shipped_catalogs()


class _Variables(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _messages(locale: str) -> dict[str, tuple[str, set[str]]]:
    """id -> (the pattern as written, the variables it uses)."""
    resource = FluentParser(with_spans=False).parse(_catalogs().source(locale))
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{locale}: unparsable catalog text: {junk[0].content[:200]!r}"
    found: dict[str, tuple[str, set[str]]] = {}
    for entry in resource.body:
        if isinstance(entry, ast.Message):
            assert entry.id.name not in found, f"{locale}: {entry.id.name} is defined twice"
            names = _Variables()
            names.visit(entry)
            found[entry.id.name] = (FluentSerializer().serialize_entry(entry).split("=", 1)[1],
                                    names.names)
    return found


class _Selectors(Visitor):
    """The variables each message selects on ({ $count -> ... })."""

    def __init__(self) -> None:
        self.found: dict[str, set[str]] = {}
        self._message = ""

    def visit_Message(self, node: ast.Message) -> None:
        self._message = node.id.name
        self.generic_visit(node)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            self.found.setdefault(self._message, set()).add(node.selector.id.name)
        self.generic_visit(node)


@cache
def _selected(locale: str) -> dict[str, set[str]]:
    selectors = _Selectors()
    selectors.visit(FluentParser(with_spans=False).parse(_catalogs().source(locale)))
    return selectors.found


def _translations() -> list[str]:
    return [locale for locale in _catalogs().locales if locale not in (SOURCE_LOCALE, PSEUDO_LOCALE)]


def test_german_and_english_ship() -> None:
    assert {"en", "de", PSEUDO_LOCALE} <= set(_catalogs().locales)


@pytest.mark.parametrize("locale", _translations())
def test_every_locale_says_every_message_of_the_source_with_its_arguments(locale: str) -> None:
    """The same ids as English, each using only arguments the English one is
    given, and none left as English wrote it (but a market's letter)."""
    source, translated = _messages(SOURCE_LOCALE), _messages(locale)
    assert sorted(set(source) - set(translated)) == [], f"{locale} lacks these"
    assert sorted(set(translated) - set(source)) == [], f"{locale} has ids English does not"
    for id, (pattern, names) in translated.items():
        assert names <= source[id][1], f"{locale} {id} uses {names - source[id][1]}"
        words = re.sub(r"\{[^{}]*\}", "", source[id][0])  # (a reference alone is no English)
        if not SAME_IN_EVERY_LANGUAGE.match(id) and re.search(r"[A-Za-z]{3}", words):
            assert pattern != source[id][0], f"{locale} {id} is still English"


@pytest.mark.parametrize("locale", [SOURCE_LOCALE, PSEUDO_LOCALE, *_translations()])
def test_every_catalog_compiles(locale: str) -> None:
    assert _catalogs().bundle(locale).check_messages() == []


def _phrases(config: PlayConfig) -> Iterator[Phrase]:
    """Every phrase of a kind-complete sample of a seeded playout: each event
    copy, each decision's prompt, each legal action's label, the outcome."""
    steps = list(playout(config.new_game(b"words"), b"words-policy"))
    engine = config.engine
    last: Game = steps[-1].after
    for index in sample_steps(steps, 48, 2):
        game = steps[index].before
        for decision in game.to_act():
            yield engine.decision_phrase(game.state, decision.seat, decision.kind)
            for action in engine.legal_actions(game.state, decision.seat):
                yield engine.action_phrase(game.state, decision.seat, decision.kind, action)
        for event in steps[index].events:
            yield engine.event_phrase(event)
    outcome = last.outcome()
    assert outcome is not None
    yield engine.outcome_phrase(outcome)


@each_config
def test_every_phrase_of_a_game_renders_in_every_locale(config: PlayConfig) -> None:
    """Every id is in every catalog, selects only on numbers, and every argument it uses is given: no
    Fluent error, no placeholder left; in the pseudo-locale every text is
    bracketed and no unaccented letter remains (a text that bypassed the
    catalogs, or was pieced together, would show one)."""
    catalogs = _catalogs()
    phrases = set(_phrases(config))
    for locale in catalogs.locales:
        bundle = catalogs.bundle(locale)
        speaker = Speaker(catalogs, locale)
        for phrase in phrases:
            assert bundle.has_message(phrase.id), f"{locale} has no {phrase.id}"
            # A template marks seats and pieces (service.text._shape): selecting
            # on one would pick a variant by its mark, not by what it says.
            selected = _selected(locale).get(phrase.id, set())
            assert not {name for name, value in phrase.args if not isinstance(value, int)} & selected, (
                f"{locale} {phrase.id} selects on a seat or piece argument: {sorted(selected)}")
            text = speaker.text(phrase)
            assert text and not re.search(r"[{}$]", text), f"{locale} {phrase}: {text!r}"
            if locale == PSEUDO_LOCALE:
                assert text.startswith("[") and text.endswith("]"), text
                assert not re.search(r"[A-Za-z]", text), f"unaccented text in {text!r}"


def test_display_names_are_shown_as_given_and_isolated() -> None:
    """A name is a value: braces and dollar signs in it stay as they are, it is
    isolated so a right-to-left name cannot reorder the sentence, and a seat
    without a name gets the locale's default."""
    catalogs = _catalogs()
    phrase = Phrase.of("refusal-not-your-turn", seats=())
    from engines.core.text import Seat

    phrase = Phrase.of("refusal-not-your-turn", seats=(Seat(0), Seat(1)))
    names = ("{ $seats } אבג", "")
    text = Speaker(catalogs, "en", names).text(phrase)
    assert text == "It is not your turn: waiting for \u2068{ $seats } אבג\u2069 and Player 2."
    assert Speaker(catalogs, "de", names).text(phrase).endswith("\u2069 und Spieler 2 gewartet.")


@each_config
def test_a_label_reads_the_state_only_through_its_context(config: PlayConfig) -> None:
    """The service keeps a label by (decision kind, label context, action, the
    action's label key): over a whole game, the same four always give the same
    phrase, or a kept label would be wrong elsewhere (Engine.label_context)."""
    engine = config.engine
    seen: dict[tuple[object, ...], Phrase] = {}
    for step in playout(config.new_game(b"labels"), b"label-policy"):
        game = step.before
        for decision in game.to_act():
            context = engine.label_context(game.state, decision.seat, decision.kind)
            labelled = [(key, ()) if isinstance(key, bytes) else key
                        for key in engine.label_keys(game.state, decision.seat, decision.kind)]
            actions = engine.legal_actions(game.state, decision.seat)
            assert [data for data, _ in labelled] == [
                a.SerializeToString(deterministic=True) for a in actions]
            for (data, extra), action in zip(labelled, actions, strict=True):
                phrase = engine.action_phrase(game.state, decision.seat, decision.kind, action)
                key = (decision.kind, context, data, extra)
                assert seen.setdefault(key, phrase) == phrase, (key, phrase, seen[key])


def test_no_catalog_selects_on_a_large_exact_number() -> None:
    """Templates keep a number by its plural category, and by itself only below
    service.text.EXACT_BELOW: a selector key such as [25] would be missed."""
    from service.text import EXACT_BELOW

    for locale in _catalogs().locales:
        keys = re.findall(r"^\s*\*?\[(\d+)\]", _catalogs().source(locale), re.MULTILINE)
        assert all(int(k) < EXACT_BELOW for k in keys), (locale, keys)
        assert "NUMBER(" not in _catalogs().source(locale)


def option_ids(game_id: str, option: OptionSpec, table: bool) -> list[str]:
    """The messages a set-up form shows for an option (docs/text.md, "Options"): its
    name, its description and each allowed value's name."""
    prefix = "table-option" if table else f"{game_id}-option"
    base = f"{prefix}-{option.name.replace('_', '-')}"
    return [base, f"{base}-description", *(f"{base}-value-{value}" for value in option.allowed)]


def test_every_option_has_its_words_for_a_set_up_form() -> None:
    """Every option ListGames names, the game's and the table's, of every rules
    version, has a name, a description and a name per allowed value in the
    catalogs (the other locales then have them too: the test above), and no option
    message names an option that no game has."""
    from engines import registry
    from service import table

    wanted: set[str] = set()
    for engine in registry.every_engine():
        for option in engine.spec.options:
            wanted.update(option_ids(engine.spec.game_id, option, table=False))
        for option in table.options_of(engine):
            wanted.update(option_ids(engine.spec.game_id, option, table=True))
    have = {id for id in _messages(SOURCE_LOCALE) if re.match(r"^([a-z-]+-)?option-", id)}
    assert sorted(wanted - have) == [], "options without their words"
    assert sorted(have - wanted) == [], "words for options no game has"
