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
phrase, and a phrase's text in a shipped locale, one that names a seat the
caller named with its seats left to fill (`_Named`): never a display name.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import Any, Generic, TypeVar

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from fluent.syntax import FluentParser, FluentSerializer, ast
from fluent.syntax.visitor import Transformer
from fluent_compiler.bundle import FluentBundle
from fluent_compiler.types import FluentInt
from google.protobuf.descriptor import Descriptor

from engines.core.engine import Engine, Event
from engines.core.text import Arg, Item, Phrase, Seat, Term
from marketplay.v1 import game_service_pb2 as pb

log = logging.getLogger(__name__)
V = TypeVar("V")

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
#: Labelled legal actions kept: more, since they recur across games once a
#: worker has seen enough of them (Market Fresh's placements, each crate on
#: each pair of squares at each height and match, are some thousands per
#: locale). About 0.4 KB each: at most about 14 MB a worker, measured in
#: docs/text.md, "What it costs".
LABEL_ENTRIES = 32768

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
        self._shipped = {locale: locale for locale in self.locales}
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
        shipped = self._shipped.get(tag)
        if shipped is not None:  # the shipped string itself: keys compare it by identity
            return shipped
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
    if len(names) > seats:  # before a name is copied
        raise TextError("BAD_SEAT_NAMES", f"{len(names)} seat names for {seats} seats")
    given = tuple(names[:])  # read from the request once (a slice: no IndexError ends it)
    joined = "".join(given)  # the names tested at once, as one name would be
    if len(joined) > MAX_NAME_CHARS and max(map(len, given)) > MAX_NAME_CHARS:
        raise TextError("BAD_SEAT_NAMES", f"a seat name is at most {MAX_NAME_CHARS} characters")
    # isprintable() is false for every Cc and Cf character (and for a few
    # more, such as a no-break space, which the exact test lets through)
    if not joined.isprintable() and any(unicodedata.category(c) in ("Cc", "Cf") for c in joined):
        raise TextError("BAD_SEAT_NAMES", "a seat name may not hold control or format characters")
    return given


# ------------------------------------------------------------------ phrases on the wire


def message_bytes(phrase: Phrase) -> bytes:
    """A phrase as the contract's Message (no text), serialized: its id's field
    and each argument's, every one kept (ids and arguments recur far more than
    whole phrases: "seat 2", "lemons", "3 points"). The fields in number order
    are what protobuf itself writes (tests/service/core/test_text_bytes.py)."""
    return _id_field(phrase.id) + b"".join([_argument_field(arg) for arg in phrase.args])


@lru_cache(maxsize=CACHE_ENTRIES)
def _id_field(id: str) -> bytes:
    return pb.Message(id=id).SerializeToString()


@lru_cache(maxsize=CACHE_ENTRIES)
def _argument_field(arg: tuple[str, Arg]) -> bytes:
    name, value = arg
    message = pb.Message()
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


class Speaker:
    """How one call says its phrases: in a shipped locale (or not at all:
    Messages without text), with the caller's display names. Made for each
    call, and holding that call's seats' text (`_named`), so a plain class
    with slots, not a frozen value."""

    __slots__ = ("_seat_bytes", "_tongue", "catalogs", "locale", "names")

    def __init__(self, catalogs: Catalogs, locale: str, names: tuple[str, ...] = ()) -> None:
        self.catalogs = catalogs
        #: The shipped locale text is rendered in; "" renders nothing.
        self.locale = locale
        self.names = names
        #: What this locale keeps of arguments and templates (`_Tongue`); it
        #: stands for (catalogs, locale, whether seats are named) in every
        #: key of the caches below, one object compared by identity.
        self._tongue = _tongue(catalogs, locale, bool(names) and bool(locale))
        #: Each seat's text in this call, UTF-8 (`_named`), made on first use.
        self._seat_bytes: list[bytes] | None = None

    def __repr__(self) -> str:
        return f"Speaker(locale={self.locale!r}, {len(self.names)} names)"

    def message(self, phrase: Phrase, into: pb.Message) -> None:
        """Write the phrase, and its text when a locale was asked for, into `into`."""
        into.MergeFromString(self.said(phrase))

    def said(self, phrase: Phrase) -> bytes:
        """The phrase as a serialized Message, with its text when a locale was
        asked for; kept by phrase and locale (phrases recur: "seat 2 passes",
        the same prompt, a label), and, when it names a seat the caller named,
        kept without the names (`_Named`) and filled with this call's."""
        if not self.locale:
            return message_bytes(phrase)
        key = (self._tongue, phrase)
        said = _SAID.items.get(key)
        if said is None:
            said = self._said_afresh(phrase)
            _SAID.put(key, said)
        return self._named(said) if isinstance(said, _Named) else said

    def _said_afresh(self, phrase: Phrase, action_tag: bytes = b"",
                     action: bytes = b"") -> bytes | _Named:
        """`said` made afresh, each argument read once (`_piece`) for the
        Message's fields and its text; as a legal action's entry when given the
        game's action field's tag and the action's bytes. A text that names a
        seat the caller named is made a `_Named`, for `_named` to fill."""
        fields, template, values = self._parts(phrase)
        head = _id_field(phrase.id) + fields
        if self.names and any(type(value) is Seat for value in values):
            pattern, seats = _seats_pattern(template, values)
            if seats:
                return _Named(head + _TEXT_TAG, pattern, itemgetter(*seats), max(seats) + 1,
                              action_tag, action)
            # a seat only in the arguments ("You registered ..."): the text names none
        said = head + _text_field(template.format(*values))  # a Seat here is in no mark
        if not action_tag:
            return said
        return _legal_action_field(_labelled(action_tag, action, said))

    def _named(self, form: _Named) -> bytes:
        """A kept `_Named` filled with this call's display names: the Message,
        or the legal action's entry when it holds one. Each is filled where it
        is said (a response holds each event once, and a list's labels are one
        seat's), so nothing filled is kept, not even for the call."""
        seats = self._seat_bytes
        if seats is None or len(seats) < form.seats:
            seats = self._seat_bytes = self._seats_text(form.seats)
        text = form.pattern % form.pick(seats)  # a name: only a `%` value
        size = len(text)
        filled = form.head + (_ONE_BYTE[size] if size < 0x80 else _varint(size)) + text
        if form.action_tag:
            return _legal_action_field(_labelled(form.action_tag, form.action, filled))
        return filled

    def _seats_text(self, seats: int) -> list[bytes]:
        """Each seat's text, UTF-8, for this call's first `seats` seats at
        least: a named seat's display name, isolated, another's "Player N"."""
        names = self.names
        # every name isolated and encoded at once (a name holds no NUL: check_names)
        texts = (_FSI + f"{_PDI}\0{_FSI}".join(names) + _PDI).encode().split(b"\0")
        if "" in names or len(names) < seats:  # a seat left unnamed
            texts = [self._seat_text(seat).encode() if seat >= len(names) or not names[seat]
                     else texts[seat] for seat in range(max(seats, len(names)))]
        return texts

    def event(self, engine: Engine[Any, Any], event: Event, into: pb.Message) -> None:
        """An event copy's Message written into `into`. Kept by the engine, the
        copy's audience and bytes (events recur across games: a pass, a bid):
        its phrase, and its Message (one that names a seat the caller named,
        as a `_Named`)."""
        data = event.message.SerializeToString(deterministic=True)
        said_key = (self._tongue, engine, event.audience is None, data)
        said = _EVENT_SAID.items.get(said_key)
        if said is None:
            key = said_key[1:]
            phrase = _EVENT_PHRASES.items.get(key)
            if phrase is None:
                phrase = engine.event_phrase(event)
                _EVENT_PHRASES.put(key, phrase)
            said = self._said_afresh(phrase) if self.locale else message_bytes(phrase)
            _EVENT_SAID.put(said_key, said)
        into.MergeFromString(self._named(said) if isinstance(said, _Named) else said)

    def legal_actions(self, engine: Engine[Any, Any], state: Any, seat: int, kind: str,
                      into: pb.Decision) -> None:
        """The seat's legal actions, each with its label, added to `into`.

        A decision's whole list is kept, serialized as the Decision field that
        holds it, by (engine, decision kind, label context, locale, the actions'
        label keys): all made by the engines and the shipped catalogs, never by
        a caller's names, so a list seen before costs one parse in C. Each
        label is kept too, in one group per (engine, kind, context, locale and
        whether the caller named seats), so a list new to the worker is its
        labels joined in C when the worker knows them all; a label that names
        a seat the caller named is kept without the names (`_Named`) and its
        list is joined afresh, with this call's."""
        context = engine.label_context(state, seat, kind)
        actions = tuple(engine.label_keys(state, seat, kind))
        group_key = (engine, kind, context, self._tongue)
        key = (group_key, actions)
        kept = _LISTS.items.get(key)
        if kept is None:
            labels = _LABELS.group(group_key)
            found: list[bytes | _Named | None] = list(map(labels.get, actions))
            if None in found:  # labels new to the worker: made and kept
                self._make_labels(engine, state, seat, kind, labels, actions, found)
            try:
                kept = b"".join(found)  # type: ignore[arg-type]
            except TypeError:  # a label to fill with this call's names: the list is not kept
                into.MergeFromString(b"".join([self._named(label) if isinstance(label, _Named)
                                               else label for label in found]))  # type: ignore[misc]
                return
            _LISTS.put(key, kept)
        into.MergeFromString(kept)

    def _make_labels(self, engine: Engine[Any, Any], state: Any, seat: int, kind: str,
                     labels: dict[Hashable, bytes | _Named], actions: tuple[Hashable, ...],
                     found: list[bytes | _Named | None]) -> None:
        """The labels `found` lacks (None) made, put in their places and kept."""
        action_tag = _field_tag(pb.GameAction.DESCRIPTOR, engine.spec.proto_field)
        new: list[tuple[Hashable, bytes | _Named]] = []
        for index, label in enumerate(found):
            if label is None:
                action_key = actions[index]
                data = action_key if type(action_key) is bytes else action_key[0]  # type: ignore[index]
                found[index] = label = self._label(engine, state, seat, kind, action_tag, data)
                new.append((action_key, label))
        _LABELS.put(labels, new)

    def _label(self, engine: Engine[Any, Any], state: Any, seat: int, kind: str,
               action_tag: bytes, data: bytes) -> bytes | _Named:
        """One legal action with its label, as an entry of a Decision's
        legal_actions field; a label that names a seat the caller named, as a
        `_Named` (filled per call)."""
        phrase = engine.action_phrase(state, seat, kind, engine.spec.action_type.FromString(data))
        if not self.locale:
            return _legal_action_field(_labelled(action_tag, data, message_bytes(phrase)))
        return self._said_afresh(phrase, action_tag, data)

    def text(self, phrase: Phrase) -> str:
        """The phrase's text: its template (the text with a mark for every seat,
        piece and number), kept per locale and shape of phrase, filled with this
        phrase's seats, pieces and numbers. So an event with a new count, piece
        or a caller's display name costs a fill, not a render; and a name is
        never part of what is rendered or kept."""
        return self._fields_and_text(phrase)[1]

    def _fields_and_text(self, phrase: Phrase) -> tuple[bytes, str]:
        """The phrase's argument fields (serialized, in order) and its text."""
        fields, template, values = self._parts(phrase)
        if not values:
            return fields, template.format()
        if self.names:
            values = [value if isinstance(value, str) else self._fill(value) for value in values]
        return fields, template.format(*values)

    def _parts(self, phrase: Phrase) -> tuple[bytes, str, list[str | Seat]]:
        """The phrase's argument fields (serialized, in order), its template and
        what fills the template's marks (a seat the caller named, as the seat)."""
        tongue = self._tongue
        try:  # every argument's piece kept: looked up, and taken apart, in C
            found = list(map(tongue.pieces.items.__getitem__, phrase.args))
        except KeyError:
            found = [self._piece_of(arg) for arg in phrase.args]
        fields, shape, fills = zip(*found, strict=True) if found else ((), (), ())
        key = (phrase.id, shape)
        template = tongue.templates.items.get(key)
        if template is None:
            template = _template(self._render(phrase, marked=True))
            tongue.templates.put(key, template)
        return b"".join(fields), template, list(chain.from_iterable(fills))

    def _piece_of(self, arg: tuple[str, Arg]) -> tuple[bytes, Hashable, tuple[str | Seat, ...]]:
        pieces = self._tongue.pieces
        piece = pieces.items.get(arg)
        if piece is None:
            piece = _piece(self.catalogs, self.locale, bool(self.names), arg)
            pieces.put(arg, piece)
        return piece

    def _fill(self, value: int | Item) -> str:
        if type(value) is int:
            if 0 <= value < 1000 and _latin_digits(self.locale):
                return str(value)
            return _number(value, self.locale)
        if isinstance(value, Term):
            return _term(self.catalogs, self.locale, value.id)
        assert isinstance(value, Seat)
        return self._seat_text(value.seat)

    def _seat_text(self, seat: int) -> str:
        """A seat's display name, isolated, or the locale's "Player N"."""
        name = self.names[seat] if 0 <= seat < len(self.names) else ""
        if name:
            return _FSI + name + _PDI
        return _default_name(self.catalogs, self.locale, seat)

    def _render(self, phrase: Phrase, marked: bool = False) -> str:
        """Fluent's text of the phrase; `marked`: every seat and number as its mark."""
        bundle = self.catalogs.bundle(self.locale)
        if not bundle.has_message(phrase.id):
            # A catalog behind the source says it in English; a phrase no catalog
            # has (tests/conformance/test_text.py forbids it) shows its id.
            log.warning("no %s text for %s", self.locale, phrase.id)
            if self.locale == SOURCE_LOCALE:
                return phrase.id
            return Speaker(self.catalogs, SOURCE_LOCALE, self.names)._render(phrase, marked)
        marks = iter(range(_MAX_MARKS)) if marked else None
        args = {name: self._value(value, marks) for name, value in phrase.args}
        text, errors = bundle.format(phrase.id, args)
        if errors:
            log.warning("rendering %s in %s: %s", phrase.id, self.locale, errors[0])
        return str(text)

    def _value(self, value: Arg, marks: Iterator[int] | None) -> str | int:
        if isinstance(value, int):
            return _Count(value) if marks is None else _Marked(value, next(marks))
        if isinstance(value, tuple):
            return listed(tuple(self._item(item, marks) for item in value), self.locale)
        return self._item(value, marks)

    def _item(self, item: Item, marks: Iterator[int] | None) -> str:
        if marks is not None:
            return _mark(next(marks))
        return self._fill(item)


class _Kept(Generic[V]):
    """A bounded map shared by a worker's threads: reads take no lock (a dict's
    get is atomic); when full, the older half is let go."""

    def __init__(self, entries: int) -> None:
        self._entries = entries
        #: The kept values (read them here: a lookup without a method call).
        self.items: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def put(self, key: Hashable, value: V) -> None:
        """Keep `value`; the lock is taken only to let the older half go (a
        dict's set is atomic, and a key let go twice is let go once), so the
        map holds at most its entries and one value a thread beyond."""
        items = self.items
        if len(items) >= self._entries:
            with self._lock:
                if len(items) >= self._entries:
                    for old in list(items)[: self._entries // 2]:
                        items.pop(old, None)
        items[key] = value

    def clear(self) -> None:
        with self._lock:
            self.items.clear()


class _Grouped(Generic[V]):
    """Kept values in groups, one dict per group key, bounded by the entries of
    all groups together: when full, the older half of the groups is let go.
    Reads take no lock (a dict's get is atomic)."""

    def __init__(self, entries: int) -> None:
        self._entries = entries
        self._size = 0
        self._groups: dict[Hashable, dict[Hashable, V]] = {}
        self._lock = threading.Lock()

    def group(self, key: Hashable) -> dict[Hashable, V]:
        """The group's dict (to read from, and to `put` into)."""
        group = self._groups.get(key)
        if group is None:
            with self._lock:
                group = self._groups.setdefault(key, {})
        return group

    def put(self, group: dict[Hashable, V], values: list[tuple[Hashable, V]]) -> None:
        """Keep `values` (key, value pairs) in `group`, under one lock."""
        with self._lock:
            if self._size >= self._entries:
                for old in list(self._groups)[: max(1, len(self._groups) // 2)]:
                    del self._groups[old]
                self._size = sum(len(kept) for kept in self._groups.values())
            group.update(values)  # into a group let go just now: gone with the call
            self._size += len(values)

    def clear(self) -> None:
        with self._lock:
            self._groups.clear()
            self._size = 0


@dataclass(frozen=True, slots=True, eq=False)
class _Named:
    """A Message whose text names a seat the caller named, kept without the
    names: its id and argument fields and the text field's tag (`head`); its
    text as UTF-8 with a `%s` for each of its seats (`pattern`, every other
    `%` doubled); and what picks those seats' texts, in order, from a call's
    (`pick`, which needs the first `seats` of them). So each call fills in
    its own names (`Speaker._named`: one `bytes %`, no template parsed,
    nothing encoded but the names) and no name is ever kept. As a legal
    action's label, the game's action field's tag and the action."""

    head: bytes
    pattern: bytes
    pick: Callable[[Sequence[bytes]], bytes | tuple[bytes, ...]]
    seats: int
    action_tag: bytes = b""
    action: bytes = b""


def _seats_pattern(template: str, values: Sequence[str | Seat]) -> tuple[bytes, tuple[int, ...]]:
    """A phrase's template with every mark filled but its seats': UTF-8 with a
    `%s` for each seat, every other `%` doubled (the values', which the
    engines and catalogs make, and the template's) and its braces undoubled;
    and the seats its `%s` stand for, in order (a catalog may name them in
    any order)."""
    fills = [f"\0{value.seat}\0" if isinstance(value, Seat) else value.replace("%", "%%")
             for value in values]  # no catalog, term or number holds a NUL
    parts = template.replace("%", "%%").format(*fills).split("\0")
    seats = tuple(map(int, parts[1::2]))
    parts[1::2] = ["%s"] * len(seats)
    return "".join(parts).encode(), seats


#: Messages with their text, by catalogs, locale, whether the caller named seats
#: and phrase (Speaker.said), those that name a seat the caller named as
#: `_Named`; the phrases of event copies, by engine, audience and the copy's
#: bytes, and their Messages, by catalogs, locale and the same (Speaker.event).
_SAID: _Kept[bytes | _Named] = _Kept(CACHE_ENTRIES)
_EVENT_PHRASES: _Kept[Phrase] = _Kept(CACHE_ENTRIES)
_EVENT_SAID: _Kept[bytes | _Named] = _Kept(CACHE_ENTRIES)
#: Labelled actions (Speaker.legal_actions), grouped by engine, kind, context,
#: locale and whether the caller named seats, each by its action's bytes and
#: label key (a label naming a seat the caller named as `_Named`); and whole
#: lists of them, by the same and every action of the list.
_LABELS: _Grouped[bytes | _Named] = _Grouped(LABEL_ENTRIES)
_LISTS: _Kept[bytes] = _Kept(CACHE_ENTRIES // 4)


def _legal_action_field(action: bytes) -> bytes:
    """A serialized GameAction as an entry of a Decision's legal_actions field."""
    return _LEGAL_ACTIONS_TAG + _varint(len(action)) + action


def _varint(value: int) -> bytes:
    if value < 0x80:
        return _ONE_BYTE[value]
    if value < 0x4000:  # a German label's entry is often 128 bytes or more
        return bytes((value & 0x7F | 0x80, value >> 7))
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


_ONE_BYTE = tuple(bytes((value,)) for value in range(0x80))


def _labelled(action_tag: bytes, action: bytes, said: bytes) -> bytes:
    """A GameAction holding its label (field 1) and the game's action (`action_tag`:
    the game's field), serialized in field order as protobuf writes it."""
    return _LABEL_TAG + _varint(len(said)) + said + action_tag + _varint(len(action)) + action


@lru_cache(maxsize=64)
def _field_tag(message: Descriptor, name: str) -> bytes:
    """A length-delimited field's tag, as it precedes the field's bytes."""
    return _varint(message.fields_by_name[name].number << 3 | 2)


_LABEL_TAG = _field_tag(pb.GameAction.DESCRIPTOR, "label")
_TEXT_TAG = _field_tag(pb.Message.DESCRIPTOR, "text")
_LEGAL_ACTIONS_TAG = _field_tag(pb.Decision.DESCRIPTOR, "legal_actions")


def _text_field(text: str | bytes) -> bytes:
    """Message.text (a str, or its UTF-8), to append to a serialized Message (a
    later field wins, and the text is the only one set)."""
    data = text.encode() if isinstance(text, str) else text
    return _TEXT_TAG + _varint(len(data)) + data


class _Count(FluentInt):  # type: ignore[misc]  # fluent_compiler has no type hints
    """A count as Fluent formats it: a small non-negative integer is its digits
    in every locale that writes Latin digits (CLDR's "latn"), which Babel's
    general number formatting would reach ten times slower."""

    def format(self, locale: Locale) -> str:
        if 0 <= self < 1000 and locale.default_numbering_system == "latn":
            return int.__repr__(self)
        return str(super().format(locale))


@lru_cache(maxsize=64)
def _latin_digits(locale: str) -> bool:
    """Whether the locale writes Latin digits (CLDR's "latn")."""
    return bool(_babel(locale).default_numbering_system == "latn")


@lru_cache(maxsize=CACHE_ENTRIES)
def _term(catalogs: Catalogs, locale: str, id: str) -> str:
    """A game piece's (or word's) text in a shipped locale."""
    return Speaker(catalogs, locale)._render(Phrase(id))


@lru_cache(maxsize=CACHE_ENTRIES)
def listed(items: tuple[str, ...], locale: str) -> str:
    """Items as the locale lists them ("A, B and C"); the pseudo-locale's "and"
    is accented too. Kept: items are terms' texts and seats' marks or default
    names, never a caller's display name."""
    if not items:
        return ""
    if locale == PSEUDO_LOCALE and len(items) > 1:  # CLDR's "and" would stay English
        return ", ".join(items[:-1]) + " " + _pseudo_text("and") + " " + items[-1]
    return str(format_list(list(items), locale=_cldr(locale)))


#: A mark in a template: private-use characters no catalog holds (a caller's
#: name is never rendered into a template), one per seat or number, in order.
_MARK_OPEN, _MARK_CLOSE, _MARK_BASE, _MAX_MARKS = "\ue000", "\ue001", 0xE100, 256
_MARK = re.compile(f"{_MARK_OPEN}(.){_MARK_CLOSE}")


class _Tongue:
    """What one locale keeps (with or without the caller's seat names): each
    argument's piece (`_piece`), by the phrase's (name, value) pair itself,
    and templates by (phrase id, shape): the shipped catalogs' and the
    engines' making, never a caller's bytes. One dict lookup each, no key to
    build."""

    def __init__(self) -> None:
        self.pieces: _Kept[tuple[bytes, Hashable, tuple[str | Seat, ...]]] = _Kept(CACHE_ENTRIES)
        self.templates: _Kept[str] = _Kept(CACHE_ENTRIES)


_TONGUES: dict[tuple[Catalogs, str, bool], _Tongue] = {}
_TONGUES_LOCK = threading.Lock()


def _tongue(catalogs: Catalogs, locale: str, named: bool) -> _Tongue:
    """The locale's `_Tongue` (a shipped locale or "": one per catalogs, locale
    and whether seats are named, so bounded by the shipped locales)."""
    key = (catalogs, locale, named)
    tongue = _TONGUES.get(key)
    if tongue is None:
        with _TONGUES_LOCK:
            tongue = _TONGUES.setdefault(key, _Tongue())
    return tongue
#: Exact selector keys a catalog may use for a number ([0], [1]...): a number
#: below this is part of a template's shape, a larger one only by its plural
#: category (tests/conformance/test_text.py holds the catalogs to it).
EXACT_BELOW = 20


def _mark(index: int) -> str:
    return _MARK_OPEN + chr(_MARK_BASE + index) + _MARK_CLOSE


def _template(marked: str) -> str:
    """A marked text as a format string: each mark its number's replacement
    field, every other brace doubled (str.format fills the fields with values
    and never reads a value as a format)."""
    escaped = marked.replace("{", "{{").replace("}", "}}")
    return _MARK.sub(lambda mark: f"{{{ord(mark.group(1)) - _MARK_BASE}}}", escaped)


@lru_cache(maxsize=256)
def _default_name(catalogs: Catalogs, locale: str, seat: int) -> str:
    """A seat's text when the caller named it not: the locale's "Player N"."""
    return Speaker(catalogs, locale)._render(Phrase.of("seat-default-name", number=seat + 1))


class _Marked(FluentInt):  # type: ignore[misc]  # fluent_compiler has no type hints
    """A number that selects as itself (plurals, exact keys) and prints as its mark."""

    mark: str

    def __new__(cls, value: int, index: int) -> _Marked:
        number: _Marked = super().__new__(cls, value)
        number.mark = _mark(index)
        return number

    def format(self, locale: Locale) -> str:
        return self.mark


def _piece(catalogs: Catalogs, locale: str, named: bool,
           arg: tuple[str, Arg]) -> tuple[bytes, Hashable, tuple[str | Seat, ...]]:
    """One argument of a phrase as all a Message with its text needs of it:
    its field's bytes; what the text depends on but its seats, pieces and
    numbers (a number by its plural category, and by itself when small enough
    to be an exact key; a list by its length), part of the template's shape;
    and what fills its marks, in the order the template marks them (a seat
    as the locale's "Player N", or, when the caller `named` seats, as the
    seat, for `Speaker._fill`). A piece is a mark like a seat: the catalogs
    get its text as a string and never select on it
    (tests/conformance/test_text.py), so "Place lemons on A1" and "Place olives
    on C3" share one template. Kept by `_Tongue`: every key is the engines'
    or the shipped catalogs' making (a name decides only whether seats are
    filled later)."""
    fills: list[str | Seat] = []

    def part(value: Arg) -> Hashable:
        if isinstance(value, Seat):
            fills.append(value if named else _default_name(catalogs, locale, value.seat))
            return "@"
        if isinstance(value, Term):
            fills.append(_term(catalogs, locale, value.id))
            return "T"
        if isinstance(value, tuple):
            return tuple(part(item) for item in value)
        fills.append(str(value) if 0 <= value < 1000 and _latin_digits(locale)
                     else _number(value, locale))
        return ("#", _plural(value, locale), value if 0 <= value < EXACT_BELOW else None)

    shape = part(arg[1])
    return _argument_field(arg), shape, tuple(fills)


@lru_cache(maxsize=4096)
def _plural(number: int, locale: str) -> str:
    return str(_babel(locale).plural_form(abs(number)))


@lru_cache(maxsize=64)
def _babel(locale: str) -> Locale:
    return Locale.parse(_cldr(locale))


def _number(value: int, locale: str) -> str:
    return _Count(value).format(_babel(locale))


def forget() -> None:
    """Empty the caches (bench/text_cost.py measures a fresh worker)."""
    _id_field.cache_clear()
    _argument_field.cache_clear()
    _TONGUES.clear()
    _term.cache_clear()
    _default_name.cache_clear()
    listed.cache_clear()
    _LABELS.clear()
    _LISTS.clear()
    _SAID.clear()
    _EVENT_PHRASES.clear()
    _EVENT_SAID.clear()


def _cldr(locale: str) -> str:
    return SOURCE_LOCALE if locale == PSEUDO_LOCALE else locale.replace("-", "_")



@lru_cache(maxsize=1)
def shipped_catalogs() -> Catalogs:
    """The catalogs of this build: the shared one and every registered game's."""
    from engines import registry
    from engines.core.text import CATALOGS

    games = {engine.catalogs for engine in registry.every_engine() if engine.catalogs is not None}
    return Catalogs([CATALOGS, *sorted(games)])


def table_phrase(event: pb.TableEvent) -> Phrase:
    """A table event's phrase (shared catalog): a take-back, a timeout and the
    policy that answered it (what was played follows as the game's own events)."""
    if event.HasField("taken_back"):
        return Phrase.of("table-taken-back", seat=Seat(event.taken_back.seat),
                         steps=event.taken_back.steps)
    timed_out = event.timed_out
    return Phrase.of(f"table-timed-out-{timed_out.policy or 'unknown'}", seat=Seat(timed_out.seat))


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
