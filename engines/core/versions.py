"""Rules versions: one name format for every game, and frozen data.

A rules version names the rules a game is played under for its whole life
(docs/rules/versions.md). A server plays every version it has released: a
state sealed under version N keeps being played by N's rules after an
upgrade, so each version is a frozen value (a game's `Rules`: flags read by
one engine, and the data files it reads), never edited once released.

Format, from version 2 on: `<game-id>/<n>`, plus `+data.<digest>` when the
version reads data files a publisher may replace (the digest, 12 hex digits
of SHA-256, covers those files). Versions released before this format are
kept as they were (they are inside sealed states and inside the plain
encoding the outcome's final_state_digest hashes): `central-market/1`,
`spice-merchant/1+data.84407ecfd483` and Market Fresh's `1+data.e336757b6063`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

#: Every rules version written since the format was fixed.
FORMAT = re.compile(r"(?P<game>[a-z][a-z0-9-]*)/(?P<number>[1-9][0-9]*)(?:\+data\.(?P<digest>[0-9a-f]{12}))?")
#: Versions written before it (frozen forever): `[<game-id>/]<n>[+data.<digest>]`.
_ANY = re.compile(r"(?:[a-z][a-z0-9-]*/)?(?P<number>[1-9][0-9]*)(?:\+data\.(?P<digest>[0-9a-f]{12}))?")


class DataError(ValueError):
    """A data file does not describe a usable game, or a released version's
    data changed; the message names the file (and entry) to fix."""


def rules_version(game_id: str, number: int, digest: str = "") -> str:
    """The version's name in the one format: `<game-id>/<n>[+data.<digest>]`."""
    text = f"{game_id}/{number}" + (f"+data.{digest}" if digest else "")
    if not FORMAT.fullmatch(text):
        raise ValueError(f"not a rules version: {text!r}")
    return text


def number_of(version: str) -> int:
    """The version's number (1 for the versions written before the format)."""
    match = _ANY.fullmatch(version)
    if match is None:
        raise ValueError(f"not a rules version: {version!r}")
    return int(match["number"])


def check_frozen(version: str, digest: str, where: str) -> None:
    """Refuse to start when the data a version reads is not the data it was
    released with: games sealed under it would be played by other rules.

    `digest` is the digest of the files as they are now, `where` names them.
    """
    match = _ANY.fullmatch(version)
    declared = match["digest"] if match else None
    if declared != digest:
        raise DataError(
            f"{where}: these files have digest {digest} but rules version {version!r} was "
            f"released with {declared}; a released version's data never changes. Restore "
            "the files, or put the new data in a new rules version (docs/rules/versions.md)"
        )


class _Digested(Protocol):
    @property
    def digest(self) -> str: ...


D = TypeVar("D", bound=_Digested)


@dataclass(frozen=True)
class DataRules(Generic[D]):
    """What every rules version that reads data files holds: its name and the
    data set it was released with (`ComponentSets.released`). A game's
    `Rules` subclasses it with the flags where its versions differ."""

    version: str
    data: D


class ComponentSets(Generic[D]):
    """An engine's data sets, one directory each under `root`
    (`components/<name>/`), each loaded once: one object per set, so view
    caches may key on it. Loaded at import, before any thread serves."""

    def __init__(self, root: Path, load: Callable[[Path], D]) -> None:
        self.root = root
        self._load = load
        self._loaded: dict[str, D] = {}

    def get(self, name: str) -> D:
        if name not in self._loaded:
            self._loaded[name] = self._load(self.root / name)
        return self._loaded[name]

    def released(self, version: str, name: str) -> tuple[str, D]:
        """`version` and set `name` as the version was released with it
        (check_frozen), for the version's `Rules(version, data, ...)`."""
        data = self.get(name)
        check_frozen(version, data.digest, str(self.root / name))
        return version, data
