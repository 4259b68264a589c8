"""Market Fresh's physical data: produce types, the 66 crates, the shopfront grids.

The publisher never printed the crate list, the produce types or the picture
squares, so they live in JSON files (`produce.json`, `crates.json`,
`shopfronts.json`) with a documented, plausible default (docs/rules/
market-fresh.md, "Data files"). Each set of files is a directory under
`components/`, and each rules version names the set it reads (versions.py):
a released version's set never changes, so a publisher's component list
drops in as a new directory and a new version while games in flight keep
theirs. Nothing about the components is fixed in code but what the rulebook
prints (66 crates): the number of produce types, hence of Market Board
columns, comes from `produce.json`. The sets are loaded and validated at
import: a bad file fails the server's start-up with a message naming the
file and the entry, never a game in progress.

Indices used everywhere else: a produce is an index into `produce` (also its
Market Board column, left to right); a crate is an index into `crates` (its
id on the wire); a square is `row * size + col`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.core.versions import ComponentSets, DataError

# --------------------------------------------------------------- rulebook numbers

#: "66 Plastic Produce Crates"
NUM_CRATES = 66
#: Produce types a data set may have: at least one, and at most as many as a
#: seat's height-scored produce can mark (a bit mask in the state).
PRODUCE_RANGE = (1, 30)
#: "For two players: remove 18 crates ... three players: 9 ... four players: 2"
CRATES_REMOVED = {2: 18, 3: 9, 4: 2}
#: "Each player takes three of the remaining crates."
HELD_CRATES = 3
#: "Take four more crates and place them faceup next to the Market Board."
FACE_UP_CRATES = 4
#: Stackin' Solo: "Draw 25 random Produce Crates and place them faceup".
SOLO_FACE_UP_CRATES = 25
#: The Market Board's rows: "If you score 8 or more points ... row 7."
TOP_ROW = 7
#: "The maximum height for scoring is 7."
MAX_SCORING_HEIGHT = 7
#: "If you have a perfectly fresh match ... score 5 bonus points!"
PERFECT_MATCH_BONUS = 5
#: "lose 1 point by moving your Score Cube one space back"
CANNOT_PLACE_PENALTY = 1
#: Solo: "If you cannot place a crate, lose 3 points per unused crate."
SOLO_UNUSED_CRATE_PENALTY = 3
#: Final scoring of a column: highest row 2x, second highest 1x, third 2 points.
COLUMN_RANK_FACTORS = (2, 1)
COLUMN_THIRD_POINTS = 2
#: "The player with the most Farmer Tiles scores 16 ... second 8 ... third 4"
TILE_COUNT_POINTS = (16, 8, 4)
#: Stackin' Solo's "How did you do?" table: (lowest score, rating), descending.
SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (160, "You've achieved MARKET MASTERY!"),
    (150, "Feelin' fresh"),
    (140, "Stacking up"),
    (130, "Marketable"),
    (120, "Greenhorn"),
    (110, "Not quite ripe"),
    (100, "A little stale…"),
    (0, "Moldy"),
)
#: Grid sides: "the 5x5 grid faceup", "Try the 4x4 grids".
GRID_SIZES = (5, 4)


__all__ = ["COMPONENTS", "DataError", "MarketFreshData", "Produce", "load", "parse"]


@dataclass(frozen=True)
class Produce:
    id: str  # wire name, e.g. "dragon-fruits"
    name: str  # display name, e.g. "Dragon fruits"


@dataclass(frozen=True, eq=False)
class MarketFreshData:
    """One set of component files. Compared and hashed by identity (one
    object per set, see `ComponentSets`), so it can key the view caches."""

    #: The produce types in Market Board column order: one column, and one
    #: Farmer Tile per seat, each ("11 Farmer Tiles ... one ... in each of
    #: the columns" with the default set).
    produce: tuple[Produce, ...]
    #: crate id -> (first half, second half) as produce indices.
    crates: tuple[tuple[int, int], ...]
    #: grid size -> the picture on each square (produce index, or -1 blank).
    pictures: Mapping[int, tuple[int, ...]]
    #: First 12 hex digits of SHA-256 over the three files: part of the rules
    #: version, so a state made under other data is refused, never misread.
    digest: str
    #: produce id -> index.
    produce_index: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "produce_index", {p.id: i for i, p in enumerate(self.produce)})

    @property
    def num_produce(self) -> int:
        return len(self.produce)


def _fail(file: str, message: str) -> DataError:
    """An error naming the file (and, in `message`, the entry)."""
    return DataError(f"market-fresh data file {file}: {message}")


def _expect_list(value: Any, file: str, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(file, f"{key!r} must be a list")
    return value


def parse(texts: Mapping[str, str]) -> MarketFreshData:
    """Validate the three files' texts; raises DataError naming the problem."""
    docs: dict[str, Any] = {}
    for file in ("produce.json", "crates.json", "shopfronts.json"):
        if file not in texts:
            raise _fail(file, "is missing")
        try:
            docs[file] = json.loads(texts[file])
        except ValueError as exc:
            raise _fail(file, f"is not valid JSON ({exc})") from None
        if not isinstance(docs[file], dict):
            raise _fail(file, "must hold a JSON object")

    produce: list[Produce] = []
    for n, entry in enumerate(_expect_list(docs["produce.json"].get("produce"), "produce.json",
                                           "produce")):
        if not (isinstance(entry, dict) and isinstance(entry.get("id"), str)
                and isinstance(entry.get("name"), str) and entry["id"]):
            raise _fail("produce.json", f"entry {n} needs string 'id' and 'name'")
        produce.append(Produce(entry["id"], entry["name"]))
    low, high = PRODUCE_RANGE
    if not low <= len(produce) <= high:
        raise _fail("produce.json", f"needs {low} to {high} produce types (one per Market "
                    f"Board column), found {len(produce)}")
    index = {p.id: i for i, p in enumerate(produce)}
    if len(index) != len(produce):
        raise _fail("produce.json", "produce ids must be unique")

    crates: list[tuple[int, int]] = []
    for n, entry in enumerate(_expect_list(docs["crates.json"].get("crates"), "crates.json",
                                           "crates")):
        if not (isinstance(entry, list) and len(entry) == 2
                and all(isinstance(x, str) and x in index for x in entry)):
            raise _fail("crates.json", f"crate {n} must be two known produce ids, got {entry!r}")
        crates.append((index[entry[0]], index[entry[1]]))
    if len(crates) != NUM_CRATES:
        raise _fail("crates.json", f"needs {NUM_CRATES} crates, found {len(crates)}")

    grids = docs["shopfronts.json"].get("grids")
    if not isinstance(grids, dict):
        raise _fail("shopfronts.json", "'grids' must be an object keyed by grid size")
    pictures: dict[int, tuple[int, ...]] = {}
    for size in GRID_SIZES:
        squares = [-1] * (size * size)
        for n, entry in enumerate(_expect_list(grids.get(str(size)), "shopfronts.json",
                                               f"grids.{size}")):
            if not (isinstance(entry, dict) and isinstance(entry.get("row"), int)
                    and isinstance(entry.get("col"), int) and entry.get("produce") in index):
                raise _fail("shopfronts.json", f"grid {size} picture {n} needs int 'row', "
                            f"'col' and a known 'produce', got {entry!r}")
            row, col = entry["row"], entry["col"]
            if not (0 <= row < size and 0 <= col < size):
                raise _fail("shopfronts.json", f"grid {size} picture {n} at ({row},{col}) "
                            "lies outside the grid")
            if squares[row * size + col] != -1:
                raise _fail("shopfronts.json", f"grid {size} has two pictures at ({row},{col})")
            squares[row * size + col] = index[entry["produce"]]
        if not _has_blank_pair(squares, size):
            raise _fail("shopfronts.json", f"grid {size} needs two adjacent blank squares "
                        "for a first crate")
        pictures[size] = tuple(squares)

    digest = hashlib.sha256(
        b"\0".join(texts[f].encode() for f in ("produce.json", "crates.json", "shopfronts.json"))
    ).hexdigest()[:12]
    return MarketFreshData(tuple(produce), tuple(crates), pictures, digest)


def _has_blank_pair(squares: list[int], size: int) -> bool:
    return any(squares[a] == -1 and squares[b] == -1 for a, b in adjacent_pairs(size))


def adjacent_pairs(size: int) -> tuple[tuple[int, int], ...]:
    """Every pair of orthogonally adjacent squares (a < b), row-major order.

    Rules-notes 3: "a crate covers 2 orthogonally adjacent cells inside the grid".
    """
    pairs = []
    for row in range(size):
        for col in range(size):
            square = row * size + col
            if col + 1 < size:
                pairs.append((square, square + 1))
            if row + 1 < size:
                pairs.append((square, square + size))
    return tuple(pairs)


def load(directory: Path) -> MarketFreshData:
    """Read and validate the data files of one directory."""
    texts = {}
    for file in ("produce.json", "crates.json", "shopfronts.json"):
        try:
            texts[file] = (directory / file).read_text("utf-8")
        except OSError as exc:
            raise _fail(file, f"cannot be read ({exc})") from None
    try:
        return parse(texts)
    except DataError as exc:
        raise DataError(f"{exc} (in {directory})") from None


#: The data sets shipped with the engine, one directory each (versions.py names them).
COMPONENTS: ComponentSets[MarketFreshData] = ComponentSets(
    Path(__file__).parent / "components", load)


ADJACENT = {size: adjacent_pairs(size) for size in GRID_SIZES}
