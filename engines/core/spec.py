"""Game metadata as data: what ListGames shows, and option validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Literal

from google.protobuf.message import Message

from engines.core.errors import InvalidOptions

OptionValue = bool | int | str
OptionKind = Literal["bool", "int", "enum"]


@dataclass(frozen=True)
class OptionSpec:
    """One variant knob the rulebook names, with its default."""

    name: str
    kind: OptionKind
    default: OptionValue
    description: str
    allowed: tuple[str, ...] = ()  # enum values
    min_value: int = 0  # int bounds, inclusive
    max_value: int = 0
    #: Only for trusted callers: a value other than the default makes a hidden
    #: fact public (e.g. which seats are prompted). A server that requires seat
    #: tokens (untrusted frontends) refuses it at NewGame.
    trusted_only: bool = False

    def parse(self, text: str) -> OptionValue:
        """Turn the wire text of an option into its typed value."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "1", "yes", "on"):
                return True
            if lowered in ("false", "0", "no", "off"):
                return False
            raise InvalidOptions(f"option {self.name!r} takes true or false, got {text!r}")
        if self.kind == "int":
            try:
                value = int(text.strip())
            except ValueError:
                raise InvalidOptions(f"option {self.name!r} takes an integer, got {text!r}") from None
            if not self.min_value <= value <= self.max_value:
                raise InvalidOptions(
                    f"option {self.name!r} must be in {self.min_value}..{self.max_value}, got {value}"
                )
            return value
        if text not in self.allowed:
            raise InvalidOptions(
                f"option {self.name!r} must be one of {', '.join(self.allowed)}; got {text!r}"
            )
        return text

    def text(self, value: OptionValue) -> str:
        """The canonical wire text of a typed value."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


@dataclass(frozen=True)
class BotTuning:
    """How the bots play a game (docs/bots.md), declared beside its rules."""

    #: A lead in `estimate` points that makes a win very likely: bots turn
    #: point differences into win chances with it.
    points_spread: float = 10.0
    #: The default ISMCTS budget: the iterations that answer in at most about
    #: 200 ms of CPU (the 95th percentile) on the development machine.
    search_iterations: int = 200
    #: ISMCTS's UCB1 exploration constant for this game: values are win
    #: chances (0..1), and how far apart good moves' values lie depends on the
    #: game's scoring, so the constant that weighs them is tuned per game
    #: (docs/bots.md, "Exploration per game").
    search_exploration: float = 0.7
    #: ISMCTS's playout depth for this game: random decisions after the tree
    #: before the evaluation. Each one adds a random opponent move's noise to
    #: the value, which costs most where many seats move between two of the
    #: bot's turns (docs/bots.md, "Playout depth per game").
    search_depth: int = 2
    #: The playout depth from `crowded_from` players on (None: `search_depth` at
    #: every count). Where more seats move between two of the bot's turns, each
    #: random decision after the tree is more often an opponent's, and noise.
    search_depth_crowded: int | None = None
    crowded_from: int = 4
    #: The `hard` level's policy in this game (engines/bots/levels.py):
    #: "ismcts", or "lookahead" (greedy, its ties played on) where the search
    #: does not beat greedy and the lookahead does (docs/bots.md, "Levels").
    hard_policy: Literal["ismcts", "lookahead"] = "ismcts"

    def playout_depth(self, players: int) -> int:
        """ISMCTS's playout depth at a table of `players`."""
        if self.search_depth_crowded is not None and players >= self.crowded_from:
            return self.search_depth_crowded
        return self.search_depth


@dataclass(frozen=True)
class GameSpec:
    """Everything a caller can know about a game before playing it, and how
    the service and the bots carry it (transport, bot tuning)."""

    game_id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[OptionSpec, ...] = field(default=())
    #: No legal action serializes to more bytes than this (a conformance test
    #: checks it); anything larger is refused before any other work, so no
    #: caller-sized message ever reaches a rule or a cache.
    max_action_bytes: int = 64
    #: Name of the game's field in the envelope oneofs (Action, View, Event).
    proto_field: str = field(kw_only=True)
    #: The game's own Action message class, e.g. SpiceMerchantAction.
    action_type: type[Message] = field(kw_only=True)
    bots: BotTuning = field(default=BotTuning(), kw_only=True)
    #: The service pads every sealed state of the game to this many bytes of
    #: plaintext (service/padding.py), so a sealed length tells nothing but
    #: the game: larger than any state the game reaches, the same under every
    #: rules version of the game (tests/conformance/test_sealed_length.py).
    sealed_size: int = field(kw_only=True)

    def resolve_options(self, given: Mapping[str, str], num_players: int) -> dict[str, OptionValue]:
        """Validate wire options and fill defaults; raises InvalidOptions."""
        if not self.min_players <= num_players <= self.max_players:
            raise InvalidOptions(
                f"{self.game_id} takes {self.min_players}..{self.max_players} players, got {num_players}"
            )
        by_name = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(by_name))
        if unknown:
            raise InvalidOptions(
                f"unknown option(s) for {self.game_id}: {', '.join(unknown)}; "
                f"known: {', '.join(sorted(by_name)) or 'none'}"
            )
        return {
            o.name: o.parse(given[o.name]) if o.name in given else o.default for o in self.options
        }


@dataclass(frozen=True)
class GameInfo:
    """What a game is under every rules version. A game declares this once and
    its options per version; `spec` makes each version's GameSpec, so no game
    writes that constructor out (engines/core/standard.py). The game's id and
    envelope field come from its proto file's name (`spice_merchant.proto`:
    field `spice_merchant`, id `spice-merchant`), which is its package's name."""

    title: str
    min_players: int
    max_players: int
    action_type: type[Message]  # the game's own Action message, e.g. SpiceMerchantAction
    max_action_bytes: int
    bots: BotTuning
    sealed_size: int

    @property
    def proto_field(self) -> str:
        return PurePosixPath(self.action_type.DESCRIPTOR.file.name).stem

    def spec(self, rules_version: str, options: tuple[OptionSpec, ...]) -> GameSpec:
        return GameSpec(
            game_id=self.proto_field.replace("_", "-"), title=self.title,
            min_players=self.min_players, max_players=self.max_players,
            rules_version=rules_version, options=options,
            max_action_bytes=self.max_action_bytes, proto_field=self.proto_field,
            action_type=self.action_type, bots=self.bots, sealed_size=self.sealed_size,
        )
