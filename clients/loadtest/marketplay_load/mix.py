"""The traffic mix: which tables a simulated backend opens, and how it plays them.

Read from a small TOML file (clients/loadtest/mix.toml is the default) so a
team can shape the load without touching code. Every mistake in the file is
reported with its place, before any load starts.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from marketplay.v1 import game_service_pb2 as pb

DEFAULT_MIX = Path(__file__).resolve().parents[1] / "mix.toml"
CHOOSERS = ("random", "suggest:random", "suggest:greedy", "suggest:ismcts")
PROTOCOLS = ("grpc", "http")  # the gRPC port, and Connect JSON on the HTTP port


class MixError(ValueError):
    """The mix file cannot be used: says where and why."""


@dataclass(frozen=True)
class GameKind:
    """One kind of table: a game, its player count and its options."""

    game: str
    players: int
    options: Mapping[str, str] = field(default_factory=dict)
    weight: float = 1.0

    @property
    def label(self) -> str:
        """Short and bounded: Locust names its rows after it."""
        extra = "".join(f" {k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game} {self.players}p{extra}"


@dataclass(frozen=True)
class PlayStyle:
    chooser: str = "random"
    think_seconds: tuple[float, float] = (0.0, 0.1)
    pause_seconds: tuple[float, float] = (0.0, 0.5)
    replay_fraction: float = 0.1
    deadline_seconds: float = 10.0
    unavailable_retries: int = 5
    max_actions: int = 3000
    #: share of simulated users (and of open-model games) per protocol
    protocols: Mapping[str, int] = field(default_factory=lambda: {"grpc": 1})


@dataclass(frozen=True)
class Mix:
    kinds: tuple[GameKind, ...]
    style: PlayStyle

    def pick(self, rng: random.Random) -> GameKind:
        return rng.choices(self.kinds, weights=[k.weight for k in self.kinds])[0]


def load_mix(path: str | Path = DEFAULT_MIX, chooser: str | None = None,
             protocols: str | None = None) -> Mix:
    """Parse and check a mix file; `chooser` and `protocols` (from the command line,
    "http" or "grpc=3,http=1") override its own."""
    try:
        data = tomllib.loads(Path(path).read_text())
    except OSError as exc:
        raise MixError(f"{path}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise MixError(f"{path}: not TOML: {exc}") from None
    mix = parse_mix(data, str(path))
    play = dict(data.get("play", {}))
    if chooser:
        play["chooser"] = chooser
    if protocols:
        play["protocols"] = parse_protocols(protocols)
    if chooser or protocols:
        mix = Mix(mix.kinds, _style(play, str(path)))
    return mix


def parse_protocols(text: str) -> dict[str, int]:
    """`http`, `grpc,http` (equal shares) or `grpc=3,http=1` (the command line's form)."""
    shares: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, weight = part.partition("=")
        try:
            shares[name.strip()] = int(weight) if weight else 1
        except ValueError:
            raise MixError(f"--protocols: {part!r} needs a whole-number share (grpc=3,http=1)") from None
    return shares


def parse_mix(data: Mapping[str, Any], where: str = "mix") -> Mix:
    unknown = set(data) - {"play", "game"}
    if unknown:
        raise MixError(f"{where}: unknown sections {sorted(unknown)} (expected [play] and [[game]])")
    games = data.get("game", [])
    if not isinstance(games, list) or not games:
        raise MixError(f"{where}: needs at least one [[game]] table")
    kinds = tuple(_kind(entry, f"{where}: [[game]] #{i + 1}") for i, entry in enumerate(games))
    return Mix(kinds, _style(data.get("play", {}), where))


def _kind(entry: Any, where: str) -> GameKind:
    if not isinstance(entry, dict):
        raise MixError(f"{where}: must be a table")
    unknown = set(entry) - {"id", "players", "weight", "options"}
    if unknown:
        raise MixError(f"{where}: unknown keys {sorted(unknown)}")
    game, players = entry.get("id"), entry.get("players")
    if not isinstance(game, str) or not game:
        raise MixError(f"{where}: `id` must name a game (see ListGames)")
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise MixError(f"{where}: `players` must be a whole number >= 1")
    weight = entry.get("weight", 1)
    if not isinstance(weight, int | float) or isinstance(weight, bool) or weight <= 0:
        raise MixError(f"{where}: `weight` must be a number > 0")
    options = entry.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str | int | bool) for v in options.values()):
        raise MixError(f"{where}: `options` must map option names to values")
    text = {str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
    return GameKind(game, players, text, float(weight))


def _style(play: Any, where: str) -> PlayStyle:
    if not isinstance(play, dict):
        raise MixError(f"{where}: [play] must be a table")
    defaults = PlayStyle()
    unknown = set(play) - set(PlayStyle.__dataclass_fields__)
    if unknown:
        raise MixError(f"{where}: [play] has unknown keys {sorted(unknown)}")
    chooser = play.get("chooser", defaults.chooser)
    if chooser not in CHOOSERS:
        raise MixError(f"{where}: chooser {chooser!r} is not one of {', '.join(CHOOSERS)}")
    fraction = _number(play, "replay_fraction", defaults.replay_fraction, where)
    if not 0.0 <= fraction <= 1.0:
        raise MixError(f"{where}: replay_fraction must be within 0..1")
    deadline = _number(play, "deadline_seconds", defaults.deadline_seconds, where)
    if deadline <= 0:
        raise MixError(f"{where}: deadline_seconds must be > 0")
    retries = play.get("unavailable_retries", defaults.unavailable_retries)
    max_actions = play.get("max_actions", defaults.max_actions)
    for name, value in (("unavailable_retries", retries), ("max_actions", max_actions)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise MixError(f"{where}: {name} must be a whole number >= 0")
    return PlayStyle(
        chooser=chooser,
        protocols=_protocols(play.get("protocols", defaults.protocols), where),
        think_seconds=_span(play, "think_seconds", defaults.think_seconds, where),
        pause_seconds=_span(play, "pause_seconds", defaults.pause_seconds, where),
        replay_fraction=fraction,
        deadline_seconds=deadline,
        unavailable_retries=retries,
        max_actions=max_actions,
    )


def _protocols(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or not value:
        raise MixError(f"{where}: protocols must map protocols to shares, e.g. {{ grpc = 3, http = 1 }}")
    unknown = set(value) - set(PROTOCOLS)
    if unknown:
        raise MixError(f"{where}: protocols {sorted(unknown)} unknown; they are {', '.join(PROTOCOLS)}")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()):
        raise MixError(f"{where}: protocol shares must be whole numbers >= 0")
    if not any(value.values()):
        raise MixError(f"{where}: at least one protocol needs a share > 0")
    return {name: int(value[name]) for name in PROTOCOLS if value.get(name)}


def _number(play: Mapping[str, Any], key: str, default: float, where: str) -> float:
    value = play.get(key, default)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise MixError(f"{where}: {key} must be a number")
    return float(value)


def _span(play: Mapping[str, Any], key: str, default: tuple[float, float],
          where: str) -> tuple[float, float]:
    value = play.get(key, list(default))
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            or not 0 <= value[0] <= value[1]):
        raise MixError(f"{where}: {key} must be [min, max] seconds with 0 <= min <= max")
    return float(value[0]), float(value[1])


def check_against_catalogue(mix: Mix, games: Sequence[pb.GameInfo]) -> list[str]:
    """What the server's ListGames says is wrong with the mix (empty: nothing)."""
    known = {info.game_id: info for info in games}
    problems = []
    for kind in mix.kinds:
        info = known.get(kind.game)
        if info is None:
            problems.append(f"{kind.label}: no game {kind.game!r}; the server plays {sorted(known)}")
            continue
        if not info.min_players <= kind.players <= info.max_players:
            problems.append(f"{kind.label}: {kind.game} takes {info.min_players}.."
                            f"{info.max_players} players")
        options = {o.name: o for o in info.options}
        for name, value in kind.options.items():
            option = options.get(name)
            if option is None:
                problems.append(f"{kind.label}: {kind.game} has no option {name!r} "
                                f"(it has {sorted(options)})")
            elif option.type == pb.OPTION_TYPE_ENUM and value not in option.allowed_values:
                problems.append(f"{kind.label}: {name} must be one of {list(option.allowed_values)}")
    return problems
