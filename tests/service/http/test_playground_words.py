"""The playground's own words (clients/ts/playground/locales/<locale>/playground.ftl)
are whole: every id the page's sources use is in the English catalog, every id there
is used, and German has exactly English's messages with the same attributes and the
same variables, so a language switch never shows an id or an English fallback."""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

PLAYGROUND = Path(__file__).resolve().parents[3] / "clients" / "ts" / "playground"
LOCALES = ("en", "de")

#: t("id", ...), and both ids of t(cond ? "a" : "b", ...).
CALL = re.compile(r'\bt\(\s*"([a-z0-9-]+)"')
TERNARY = re.compile(r'\bt\(\s*[\w.!]+\s*\?\s*"([a-z0-9-]+)"\s*:\s*"([a-z0-9-]+)"')
STATIC = re.compile(r'data-l10n-id="([a-z0-9-]+)"')


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _catalog(locale: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Each message: its attributes and the variables it uses."""
    text = (PLAYGROUND / "locales" / locale / "playground.ftl").read_text()
    resource = FluentParser().parse(text)
    junk = [e for e in resource.body if isinstance(e, ast.Junk)]
    assert not junk, f"{locale}: does not parse: {str(junk[0].content)[:200]!r}"
    out = {}
    for entry in resource.body:
        if isinstance(entry, ast.Message):
            found = _Variables()
            found.visit(entry)
            out[entry.id.name] = (frozenset(a.id.name for a in entry.attributes), frozenset(found.names))
    return out


def _sources() -> str:
    files = [*sorted((PLAYGROUND / "src").rglob("*.ts")), PLAYGROUND / "index.html"]
    return "\n".join(f.read_text() for f in files)


def _used(source: str) -> set[str]:
    used = set(CALL.findall(source)) | set(STATIC.findall(source))
    for pair in TERNARY.findall(source):
        used.update(pair)
    return used


def test_every_id_the_page_uses_is_in_the_english_catalog_and_every_one_there_is_used() -> None:
    english = _catalog("en")
    source = _sources()
    used = _used(source)
    assert len(used) > 100, sorted(used)  # the patterns still find the page's calls
    assert not used - english.keys(), f"used but not in en: {sorted(used - english.keys())}"
    unused = {i for i in english if f'"{i}"' not in source}
    assert not unused, f"in en but never used: {sorted(unused)}"


def test_german_has_every_message_with_the_same_attributes_and_variables() -> None:
    english, german = _catalog("en"), _catalog("de")
    assert german.keys() == english.keys(), (
        f"missing in de: {sorted(english.keys() - german.keys())}; "
        f"only in de: {sorted(german.keys() - english.keys())}")
    differ = {i: (english[i], german[i]) for i in english if english[i] != german[i]}
    assert not differ, differ


def test_the_patterns_find_a_use_of_each_kind() -> None:
    """The scanner itself: a call, a ternary, a static element and words.t are each found."""
    sample = ('t("a-b"); t(level ? "c-d" : "e-f", { n }); '
              '<p data-l10n-id="g-h">x</p> words.t("i-j")')
    assert _used(sample) == {"a-b", "c-d", "e-f", "g-h", "i-j"}
