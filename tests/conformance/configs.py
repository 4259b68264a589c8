"""Every (game, player count, option set) the conformance suite plays.

Derived from each engine's GameSpec so a new game or option is covered the
moment it is registered: every player count times every combination of bool
and enum option values (int options at their default plus their bounds, one
at a time). Combinations an engine refuses with InvalidOptions are skipped,
which is how a game says e.g. "solo is one seat only".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from engines import registry
from engines.core import Game, InvalidOptions
from engines.core.engine import Engine


@dataclass(frozen=True)
class PlayConfig:
    game_id: str
    num_players: int
    options: dict[str, str] = field(hash=False)

    @property
    def engine(self) -> Engine[Any, Any]:
        engine = registry.get(self.game_id)
        assert engine is not None
        return engine

    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}-{self.num_players}p" + (f"-{opts}" if opts else "")

    def new_game(self, seed: bytes) -> Game:
        return Game.new(self.engine, self.num_players, self.options, seed)


def _option_sets(engine: Engine[Any, Any]) -> list[dict[str, str]]:
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
    sets = [dict(combo) for combo in itertools.product(*axes)]
    if sets:
        sets += [{**sets[0], name: value} for name, value in int_variants]
    return sets or [{}]


def _valid(config: PlayConfig) -> bool:
    try:
        config.new_game(b"probe")
    except InvalidOptions:
        return False
    return True


def all_configs() -> list[PlayConfig]:
    configs = []
    for game_id, engine in sorted(registry.ENGINES.items()):
        for n in range(engine.spec.min_players, engine.spec.max_players + 1):
            for options in _option_sets(engine):
                config = PlayConfig(game_id, n, options)
                if _valid(config):
                    configs.append(config)
    return configs


CONFIGS = all_configs()
