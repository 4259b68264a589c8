"""A shopfront grid: where crates may go, and what can be seen on it.

A square is `row * size + col`. For each square the shopfront keeps the
height of its stack (0 = the board), the produce on its top face (the
picture, or -1 for a blank square, at height 0) and the crate on top.
A crate covers two orthogonally adjacent squares; its first half lies on
`first`, its second half on `second`. The component set (crates and picture
squares) is the one of the game's rules version.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.market_fresh.data import ADJACENT, MarketFreshData

BLANK = -1
NO_CRATE = -1


@dataclass(frozen=True, slots=True)
class Shopfront:
    """One seat's grid. Immutable: `place` returns a new value."""

    data: MarketFreshData
    size: int
    #: (crate, first square, second square) in the order they were added.
    placements: tuple[tuple[int, int, int], ...]
    heights: tuple[int, ...]
    tops: tuple[int, ...]
    top_crates: tuple[int, ...]

    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,
    # `methods_source`): written out so that mypyc compiles them. Do not edit.
    def __init__(
        self,
        data: MarketFreshData,
        size: int,
        placements: tuple[tuple[int, int, int], ...],
        heights: tuple[int, ...],
        tops: tuple[int, ...],
        top_crates: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "placements", placements)
        object.__setattr__(self, "heights", heights)
        object.__setattr__(self, "tops", tops)
        object.__setattr__(self, "top_crates", top_crates)
    # (end of the generated methods)

    @classmethod
    def empty(cls, data: MarketFreshData, size: int) -> Shopfront:
        n = size * size
        return cls(data, size, (), (0,) * n, data.pictures[size], (NO_CRATE,) * n)

    @classmethod
    def rebuild(
        cls, data: MarketFreshData, size: int, placements: tuple[tuple[int, int, int], ...]
    ) -> Shopfront:
        """Replay `placements`; raises ValueError if one could not have been made."""
        shop = cls.empty(data, size)
        for crate, first, second in placements:
            if (first, second) not in _ORIENTED[size] or shop.fit(crate, first, second) < 0:
                raise ValueError(f"crate {crate} cannot lie on squares {first},{second}")
            shop = shop.place(crate, first, second)
        return shop

    @classmethod
    def laid_out(cls, data: MarketFreshData, size: int, flat: Sequence[int]) -> Shopfront:
        """The shopfront made by the placements `flat` lists (crate, first, second,
        ...), in one pass: they were checked as they were made (`rebuild` checks
        them again)."""
        n = size * size
        heights, tops, top_crates = [0] * n, list(data.pictures[size]), [NO_CRATE] * n
        crates = data.crates
        for at in range(0, len(flat), 3):
            crate, first, second = flat[at], flat[at + 1], flat[at + 2]
            heights[first] = heights[second] = heights[first] + 1
            tops[first], tops[second] = crates[crate]
            top_crates[first] = top_crates[second] = crate
        placements = tuple(zip(flat[::3], flat[1::3], flat[2::3], strict=True))
        return cls(data, size, placements, tuple(heights), tuple(tops), tuple(top_crates))

    def fit(self, crate: int, first: int, second: int) -> int:
        """How many halves match what lies beneath, or -1 if the crate may not go there.

        "Place a crate on any two blank squares." / "Half of your crate must
        match the fresh produce pictured directly beneath it." / "At least half
        of your crate must match the fresh produce on the crate directly beneath
        it." Both halves rest at one height (no bridging: docs/rules/market-fresh.md, "Crate Heights").
        """
        height = self.heights[first]
        if height != self.heights[second]:
            return -1
        a, b = self.data.crates[crate]
        tops = self.tops
        matches = (tops[first] == a) + (tops[second] == b)
        if matches:
            return matches
        if height == 0 and tops[first] == BLANK and tops[second] == BLANK:
            return 0
        return -1

    def lies(self, crate: int, placements: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """How `crate` would lie at each of its legal placements: the height,
        and how many halves match what lies beneath (`fit`, its legality not
        checked again). What a placement's label says, read for a whole
        decision at once."""
        a, b = self.data.crates[crate]
        heights, tops = self.heights, self.tops
        return [(heights[first], (tops[first] == a) + (tops[second] == b))
                for first, second in placements]

    def placements_for(self, crate: int) -> list[tuple[int, int]]:
        """Every legal (first, second) for `crate`, in a stable order.

        A crate with two equal halves lies the same either way round, so it
        gets one orientation per pair of squares (duplicate-free actions).
        """
        a, b = self.data.crates[crate]
        options = _ORIENTED[self.size] if a != b else ADJACENT[self.size]
        return [(p, q) for p, q in options if self.fit(crate, p, q) >= 0]

    def allows(self, crate: int, first: int, second: int) -> bool:
        """Whether (first, second) is in `placements_for(crate)`, without listing them."""
        a, b = self.data.crates[crate]
        options = _ORIENTED_SET[self.size] if a != b else _ADJACENT_SET[self.size]
        return (first, second) in options and self.fit(crate, first, second) >= 0

    def placeable(self, crates: Iterable[int]) -> list[int]:
        """The crates that have a placement (`placements_for` is not empty),
        looking at the grid once rather than once per crate.

        By `fit`, a crate fits iff two blank board squares lie side by side, or
        one of its halves matches the top face of a square that has a neighbour
        at the same height (the crate can lie either way round).
        """
        heights, tops = self.heights, self.tops
        pairs = ADJACENT[self.size]
        if BLANK in tops and any(tops[p] == BLANK == tops[q] and heights[p] == 0 == heights[q]
                                 for p, q in pairs):
            return list(crates)
        faces = {tops[x] for p, q in pairs if heights[p] == heights[q] for x in (p, q)}
        halves = self.data.crates
        return [c for c in crates if halves[c][0] in faces or halves[c][1] in faces]

    def place(self, crate: int, first: int, second: int) -> Shopfront:
        """ "Once you add a crate to your shopfront, it must stay where you placed it." """
        a, b = self.data.crates[crate]
        heights = list(self.heights)
        tops = list(self.tops)
        top_crates = list(self.top_crates)
        height = heights[first] + 1
        heights[first] = heights[second] = height
        tops[first], tops[second] = a, b
        top_crates[first] = top_crates[second] = crate
        return Shopfront(
            self.data,
            self.size,
            (*self.placements, (crate, first, second)),
            tuple(heights),
            tuple(tops),
            tuple(top_crates),
        )

    def visible(self, produce: int) -> int:
        """ "Count how many times you can see that item on your shopfront,
        including in uncovered picture squares ... Do not count fresh produce
        in covered crates." Only each square's top face counts."""
        return self.tops.count(produce)

    def highest(self, produce: int) -> int:
        """Height of the highest crate whose visible face shows `produce` (0: none).

        Rules-notes 13: Wolfgang's dragon fruit from his previous turn still
        counts at height 3, so it is the highest *visible* face, not the crate
        just added.
        """
        heights = self.heights
        return max((heights[i] for i, top in enumerate(self.tops) if top == produce), default=0)

    def placement_height(self, first: int) -> int:
        """Height a crate would have if laid on `first` (and its partner)."""
        return self.heights[first] + 1


def _oriented(size: int) -> tuple[tuple[int, int], ...]:
    pairs: list[tuple[int, int]] = []
    for p, q in ADJACENT[size]:
        pairs.append((p, q))
        pairs.append((q, p))
    return tuple(pairs)


_ORIENTED = {size: _oriented(size) for size in ADJACENT}
_ORIENTED_SET = {size: frozenset(pairs) for size, pairs in _ORIENTED.items()}
_ADJACENT_SET = {size: frozenset(pairs) for size, pairs in ADJACENT.items()}
