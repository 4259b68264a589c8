"""Every (game, rules version, player count, option set) the conformance
suite plays.

Derived from each engine's GameSpec so a new game, rules version or option
is covered the moment it is registered: for every rules version the server
plays, every player count times combinations of bool and enum option values
(int options at their default plus their bounds, one at a time).
Combinations an engine refuses with InvalidOptions are skipped, which is how
a game says e.g. "solo is one seat only". With two option axes or fewer that
is every combination; with more, a pairwise cover: every value of every
option, and every pair of values of two options that some valid combination
holds, appears in at least one configuration (Central Market from version 2
has four axes; their full product would triple the suite's time).

`sampled` keeps each game, rules version, option set and seating once, for runs
that cost too much in every configuration (the every-move lookahead bot, the
compiled build's second run: docs/testing.md).
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines import registry
from engines.core import Game, InvalidOptions
from engines.core.engine import Engine
from engines.core.versions import number_of


@dataclass(frozen=True)
class PlayConfig:
    game_id: str
    num_players: int
    options: dict[str, str] = field(hash=False)
    #: Empty: the newest the server plays.
    rules_version: str = ""

    @property
    def engine(self) -> Engine[Any, Any]:
        engine = registry.get(self.game_id, self.rules_version)
        assert engine is not None
        return engine

    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        number = number_of(self.engine.spec.rules_version)
        return f"{self.game_id}-r{number}-{self.num_players}p" + (f"-{opts}" if opts else "")

    def new_game(self, seed: bytes) -> Game:
        return Game.new(self.engine, self.num_players, self.options, seed)


Combo = tuple[tuple[str, str], ...]


def _option_axes(engine: Engine[Any, Any]) -> tuple[list[list[tuple[str, str]]], list[tuple[str, str]]]:
    """The bool and enum options' values, and the int options' non-default bounds."""
    axes: list[list[tuple[str, str]]] = []
    int_variants: list[tuple[str, str]] = []
    for o in engine.spec.options:
        if o.kind == "bool":
            axes.append([(o.name, "false"), (o.name, "true")])
        elif o.kind == "enum":
            axes.append([(o.name, v) for v in o.allowed])
        else:
            for bound in (o.min_value, o.max_value):
                if bound != o.default:
                    int_variants.append((o.name, str(bound)))
    return axes, int_variants


def _covered(combo: Combo) -> set[tuple[tuple[str, str], ...]]:
    """What a combination covers: each of its values, and each pair of them."""
    return {(value,) for value in combo} | set(itertools.combinations(combo, 2))


def pairwise(combos: list[Combo]) -> list[Combo]:
    """A subset of `combos` (in their order) that covers every value and every
    pair of values they cover; all of them when each has at most two values."""
    uncovered = set().union(*map(_covered, combos)) if combos else set()
    if combos and not uncovered:
        return combos[:1]  # a game without options: its one plain table
    chosen: list[Combo] = []
    while uncovered:
        best = max(combos, key=lambda combo: len(_covered(combo) & uncovered))
        chosen.append(best)
        uncovered -= _covered(best)
    return sorted(chosen, key=combos.index)


def _valid(config: PlayConfig) -> bool:
    try:
        config.new_game(b"probe")
    except InvalidOptions:
        return False
    return True


def all_configs() -> list[PlayConfig]:
    configs = []
    for engine in registry.every_engine():
        spec = engine.spec
        axes, int_variants = _option_axes(engine)
        for n in range(spec.min_players, spec.max_players + 1):
            def config(options: dict[str, str]) -> PlayConfig:
                return PlayConfig(spec.game_id, n, options, spec.rules_version)  # noqa: B023

            valid = [combo for combo in itertools.product(*axes) if _valid(config(dict(combo)))]
            chosen = [config(dict(combo)) for combo in pairwise(valid)]
            if valid:
                chosen += [config({**dict(valid[0]), name: value}) for name, value in int_variants]
            configs += [c for c in chosen if _valid(c)]
    return configs


#: MARKETPLAY_FULL=1: the sampled runs (`sampled` below) play every configuration
#: instead (docs/testing.md, "What keeps the suite short").
FULL = os.environ.get("MARKETPLAY_FULL") == "1"


def one_per_seating(configs: list[PlayConfig]) -> list[PlayConfig]:
    """The first configuration of each game, rules version and player count."""
    firsts: dict[tuple[str, str, int], PlayConfig] = {}
    for config in configs:
        firsts.setdefault((config.game_id, config.rules_version, config.num_players), config)
    return list(firsts.values())


def sampled(configs: list[PlayConfig]) -> list[PlayConfig]:
    """Each game, rules version and option set once, in the order of `configs`, at a
    player count rotated over its game and version's option sets (the seating played
    least so far, the fewest seats first), and every seating at least once: the
    variety a check gains from configurations, at about half of them, for a check
    whose cost is per configuration and whose verdict depends on what the game, its
    version, its options and its number of hands change, not on their every product."""
    by_set: dict[tuple[str, str, tuple[tuple[str, str], ...]], list[PlayConfig]] = {}
    for config in configs:
        key = (config.game_id, config.rules_version, tuple(sorted(config.options.items())))
        by_set.setdefault(key, []).append(config)
    played: Counter[tuple[str, str, int]] = Counter()
    chosen: list[PlayConfig] = []
    for candidates in by_set.values():
        seatings = [(c.game_id, c.rules_version, c.num_players) for c in candidates]
        least = min(range(len(candidates)), key=lambda i: (played[seatings[i]], seatings[i][2]))
        played[seatings[least]] += 1
        chosen.append(candidates[least])
    chosen += [c for c in one_per_seating(configs)
               if not played[(c.game_id, c.rules_version, c.num_players)]]
    return sorted(chosen, key=configs.index)


CONFIGS = all_configs()
#: The configurations the conformance suite's per-configuration tests play: all of them,
#: or with MARKETPLAY_CONFIGS=sampled (`make test-compiled`) `sampled`'s (docs/testing.md,
#: "The compiled build"); MARKETPLAY_FULL=1 wins.
PLAYED = (sampled(CONFIGS) if os.environ.get("MARKETPLAY_CONFIGS") == "sampled" and not FULL
          else CONFIGS)
each_config = pytest.mark.parametrize("config", PLAYED, ids=[c.label() for c in PLAYED])
