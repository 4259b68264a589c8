"""Player-facing text: the games' catalogs, the caller's locale, and phrases
rendered in it (docs/text.md).

The engines say what happened as phrases (engines/core/text.py: a stable id
and typed arguments, built from what the audience may see); this module
turns a phrase into the contract's `Message` and, when the caller names a
locale, renders it with Project Fluent: one bundle per shipped locale, made
of the shared catalog (engines/core/locales) and every game's
(engines/<game>/locales), compiled to Python once per process
(fluent_compiler) on first use. Plural categories, number formats and list
patterns come from CLDR through Babel.

Caller data stays data: a locale is a BCP 47 tag of at most 35 characters,
matched against the shipped locales (never used to find a file); display
names are at most 64 characters with no control characters, passed to the
catalogs as values (never read as a template) and isolated (U+2068 .. U+2069)
so a right-to-left name cannot reorder the sentence around it. Caches hold
only what the engines and the shipped catalogs make: the Message of a
phrase, and a phrase's text in a shipped locale when it names no caller's
display name.
"""

from __future__ import annotations

import logging
import threading
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from fluent.syntax import FluentParser, FluentSerializer, ast
from fluent.syntax.visitor import Transformer
from fluent_compiler.bundle import FluentBundle

from engines.core.text import Arg, Phrase, Seat, Term
from marketplay.v1 import game_service_pb2 as pb

log = logging.getLogger(__name__)

#: The catalogs are written in English; every other locale falls back to it.
SOURCE_LOCALE = "en"
#: Accented, about a third longer and bracketed: made from the English
#: catalogs at start, so tests see text that bypassed a catalog, or was
#: pieced together, at once (docs/text.md, "The pseudo-locale").
PSEUDO_LOCALE = "en-XA"
#: A BCP 47 tag longer than this is refused (the longest well-formed tags a
#: client sends, language-script-region-variant, are about 20).
MAX_LOCALE_CHARS = 35
#: Display names: at most this many characters each.
MAX_NAME_CHARS = 64
#: Distinct phrases whose Message, and texts whose rendering, are kept: the
#: phrases of a few games in play (labels repeat; events much less).
CACHE_ENTRIES = 8192

_FSI, _PDI = "\u2068", "\u2069"


class TextError(ValueError):
    """A locale or display names the caller sent that cannot be used."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


# ------------------------------------------------------------------ catalogs


def _pseudo_text(text: str) -> str:
    """Accent every ASCII letter and lengthen by about a third."""
    accented = text.translate(_ACCENTS)
    letters = sum(1 for c in text if c.isalpha())
    return accented + "·" * ((2 * letters + 4) // 5) if letters else accented


_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


class _Pseudo(Transformer):
    """Brackets each message's value and each text run's accents and length."""

    def visit_TextElement(self, node: ast.TextElement) -> ast.TextElement:
        node.value = _pseudo_text(node.value)
        return node

    def visit_Message(self, node: ast.Message) -> ast.Message:
        self.generic_visit(node)
        if node.value is not None:
            node.value.elements[:0] = [ast.TextElement("[")]
            node.value.elements.append(ast.TextElement("]"))
        return node


def pseudo_catalog(source: str) -> str:
    """The pseudo-locale's catalog made from an English one."""
    resource = FluentParser(with_spans=False).parse(source)
    return str(FluentSerializer().serialize(_Pseudo().visit(resource)))


class Catalogs:
    """The shipped locales' catalogs: every file `<dir>/<locale>/*.ftl` of the
    given directories, one bundle per locale, compiled on first use."""

    def __init__(self, directories: Iterable[Path]) -> None:
        self._sources: dict[str, list[str]] = {}
        for directory in directories:
            for locale_dir in sorted(p for p in directory.iterdir() if p.is_dir()):
                for path in sorted(locale_dir.glob("*.ftl")):
                    self._sources.setdefault(locale_dir.name, []).append(path.read_text("utf-8"))
        if SOURCE_LOCALE not in self._sources:
            raise ValueError(f"no {SOURCE_LOCALE} catalog in {list(directories)}")
        self._sources[PSEUDO_LOCALE] = [pseudo_catalog(s) for s in self._sources[SOURCE_LOCALE]]
        #: Every locale text can be rendered in, the source first.
        self.locales: tuple[str, ...] = (SOURCE_LOCALE, *sorted(set(self._sources) - {SOURCE_LOCALE}))
        self._bundles: dict[str, FluentBundle] = {}
        self._lock = threading.Lock()

    def source(self, locale: str) -> str:
        """A locale's whole catalog, as shipped (the pseudo-locale's as made)."""
        return "\n".join(self._sources[locale])

    def bundle(self, locale: str) -> FluentBundle:
        bundle = self._bundles.get(locale)
        if bundle is None:
            with self._lock:
                bundle = self._bundles.get(locale)
                if bundle is None:
                    language = SOURCE_LOCALE if locale == PSEUDO_LOCALE else locale
                    bundle = FluentBundle.from_string(language, self.source(locale),
                                                      use_isolating=False)
                    self._bundles[locale] = bundle
        return bundle

    def negotiate(self, tag: str) -> str:
        """The shipped locale for a BCP 47 tag: itself, else its language, else
        English ("de-AT" -> "de", "fr" -> "en"); a tag that is not BCP 47 is
        refused."""
        if len(tag) > MAX_LOCALE_CHARS or not tag.isascii():
            raise TextError("BAD_LOCALE", f"locale must be a BCP 47 tag of at most "
                                          f"{MAX_LOCALE_CHARS} ASCII characters")
        if tag in self.locales:
            return tag
        try:
            parsed = Locale.parse(tag, sep="-")
        except (ValueError, UnknownLocaleError):
            raise TextError("BAD_LOCALE", "locale is not a BCP 47 tag this server knows "
                                          "(e.g. 'de', 'en-GB')") from None
        for candidate in (str(parsed).replace("_", "-"), parsed.language):
            if candidate in self.locales:
                return candidate
        return SOURCE_LOCALE


def check_names(names: Sequence[str], seats: int) -> tuple[str, ...]:
    """Display names as given, refused when they are more than the seats, too
    long, or hold control characters (which could forge line breaks or
    reorder text)."""
    if len(names) > seats:
        raise TextError("BAD_SEAT_NAMES", f"{len(names)} seat names for {seats} seats")
    for name in names:
        if len(name) > MAX_NAME_CHARS:
            raise TextError("BAD_SEAT_NAMES", f"a seat name is at most {MAX_NAME_CHARS} characters")
        if any(unicodedata.category(c) in ("Cc", "Cf") for c in name):
            raise TextError("BAD_SEAT_NAMES", "a seat name may not hold control or format characters")
    return tuple(names)


# ------------------------------------------------------------------ phrases on the wire


@lru_cache(maxsize=CACHE_ENTRIES)
def message_bytes(phrase: Phrase) -> bytes:
    """A phrase as the contract's Message (no text), serialized once."""
    message = pb.Message(id=phrase.id)
    for name, value in phrase.args:
        _set(message.arguments.add(name=name), value)
    return message.SerializeToString(deterministic=True)


def _set(argument: pb.MessageArgument, value: Arg) -> None:
    if isinstance(value, Seat):
        argument.seat = value.seat
    elif isinstance(value, Term):
        argument.term = value.id
    elif isinstance(value, tuple):
        items = argument.list
        items.SetInParent()
        for item in value:
            _set(items.items.add(), item)
    else:
        argument.number = value


@dataclass(frozen=True)
class Speaker:
    """How one call says its phrases: in a shipped locale (or not at all:
    Messages without text), with the caller's display names."""

    catalogs: Catalogs
    #: The shipped locale text is rendered in; "" renders nothing.
    locale: str
    names: tuple[str, ...] = ()

    def message(self, phrase: Phrase, into: pb.Message) -> None:
        """Write the phrase, and its text when a locale was asked for, into `into`."""
        into.MergeFromString(message_bytes(phrase))
        if self.locale:
            into.text = self.text(phrase)

    def text(self, phrase: Phrase) -> str:
        if self.names and _names_a_seat(phrase):
            return self._render(phrase)  # the caller's names: rendered afresh, never kept
        return _cached_text(Speaker(self.catalogs, self.locale), phrase)

    def _render(self, phrase: Phrase) -> str:
        bundle = self.catalogs.bundle(self.locale)
        if not bundle.has_message(phrase.id):
            # A catalog behind the source says it in English; a phrase no catalog
            # has (tests/conformance/test_text.py forbids it) shows its id.
            log.warning("no %s text for %s", self.locale, phrase.id)
            if self.locale == SOURCE_LOCALE:
                return phrase.id
            return Speaker(self.catalogs, SOURCE_LOCALE, self.names)._render(phrase)
        args = {name: self._value(value) for name, value in phrase.args}
        text, errors = bundle.format(phrase.id, args)
        if errors:
            log.warning("rendering %s in %s: %s", phrase.id, self.locale, errors[0])
        return str(text)

    def _value(self, value: Arg) -> str | int:
        if isinstance(value, tuple):
            items = [self._item(item) for item in value]
            if self.locale == PSEUDO_LOCALE and len(items) > 1:  # CLDR's "and" would stay English
                return ", ".join(items[:-1]) + " " + _pseudo_text("and") + " " + items[-1]
            return format_list(items, locale=_cldr(self.locale)) if items else ""
        if isinstance(value, int):
            return value
        return self._item(value)

    def _item(self, item: Seat | Term) -> str:
        if isinstance(item, Term):
            return _cached_text(Speaker(self.catalogs, self.locale), Phrase(item.id))
        name = self.names[item.seat] if 0 <= item.seat < len(self.names) else ""
        if name:
            return _FSI + name + _PDI
        return _cached_text(Speaker(self.catalogs, self.locale),
                            Phrase.of("seat-default-name", number=item.seat + 1))


def _names_a_seat(phrase: Phrase) -> bool:
    return any(isinstance(v, Seat) or (isinstance(v, tuple) and any(isinstance(i, Seat) for i in v))
               for _, v in phrase.args)


@lru_cache(maxsize=CACHE_ENTRIES)
def _cached_text(speaker: Speaker, phrase: Phrase) -> str:
    """A phrase's text in a shipped locale with the default seat names: keyed by
    the catalogs, the locale and the phrase, none of which a caller's bytes make."""
    return speaker._render(phrase)


def _cldr(locale: str) -> str:
    return SOURCE_LOCALE if locale == PSEUDO_LOCALE else locale.replace("-", "_")



@lru_cache(maxsize=1)
def shipped_catalogs() -> Catalogs:
    """The catalogs of this build: the shared one and every registered game's."""
    from engines import registry
    from engines.core.text import CATALOGS

    games = {engine.catalogs for engine in registry.every_engine() if engine.catalogs is not None}
    return Catalogs([CATALOGS, *sorted(games)])


def speaker_for(catalogs: Catalogs, selection: pb.ViewSelection, seats: int) -> Speaker | None:
    """How a call that asked for `selection` speaks: None when it asked for no
    text and no Messages (nothing is built); raises TextError for a locale or
    display names that cannot be used."""
    names = check_names(selection.seat_names, seats) if selection.seat_names else ()
    if selection.locale:
        return Speaker(catalogs, catalogs.negotiate(selection.locale), names)
    if selection.messages:
        return Speaker(catalogs, "", names)
    return None
