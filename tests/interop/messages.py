"""Messages as the clients report them (proto3 JSON), held to the server's text.

A client's test shows the text of an event and of a legal action with the
Message it came with (id and arguments, as protojson, JsonFormat or the
server's Connect JSON write it); `check_said` renders the same Message with
the server's own renderer (service/text.py) and holds the text to it, and,
in a locale other than English, to being other than the English text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core.text import Arg, Item, Phrase, Seat, Term
from service.text import SOURCE_LOCALE, Speaker, shipped_catalogs


def _value(argument: Mapping[str, object]) -> Arg:
    if "number" in argument:
        return int(str(argument["number"]))
    if "list" in argument:
        listed = argument["list"]
        assert isinstance(listed, Mapping)
        items: list[Item] = []
        for item in listed.get("items", []):
            value = _value(item)
            assert isinstance(value, Seat | Term)
            items.append(value)
        return tuple(items)
    if "seat" in argument:
        return Seat(int(str(argument["seat"])))
    if "term" in argument:
        return Term(str(argument["term"]))
    raise AssertionError(f"an argument with no value: {argument}")


def phrase_of(message: Mapping[str, object]) -> Phrase:
    """The phrase of a Message in proto3 JSON (its `text`, if any, aside)."""
    arguments = message.get("arguments", [])
    assert isinstance(arguments, list)
    return Phrase(str(message["id"]), tuple((str(a["name"]), _value(a)) for a in arguments))


def server_text(message: Mapping[str, object], locale: str, names: Sequence[str] = ()) -> str:
    """The text the server renders for this Message in `locale` with these display names."""
    return Speaker(shipped_catalogs(), locale, tuple(names)).text(phrase_of(message))


def check_said(said: Mapping[str, object], locale: str, names: Sequence[str], where: str) -> None:
    """`said` is {"text", "message"}: the text is the server's for the message, translated."""
    message = said["message"]
    assert isinstance(message, Mapping), where
    text = said["text"]
    assert text and text == server_text(message, locale, names), f"{where}: {said}"
    if locale != SOURCE_LOCALE:
        assert text != server_text(message, SOURCE_LOCALE, names), f"{where}: still English: {text!r}"
